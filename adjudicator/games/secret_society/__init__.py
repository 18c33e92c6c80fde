"""秘密結社村 / Secret Society village (rules/secret-society.md, rule ids ss.*).

Eighteen players and the GM: four societies (忍びの里, 海賊団, クロノマター and the
secret シークレット) recruit the eleven unaffiliated players, the GM judges the main
societies' daily tasks, and each morning 天罰 kills one player; the daily vote of
werewolf.md (``ww.vote*``) executes one more.  The game ends when at most one of the
three main societies has a living member.  The package: ``actions`` (commands),
``state`` (vocabulary, state and evolve), ``rules`` (setup checks, validation,
resolution), ``report`` (report section); this module is the Variant.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...models import Event
from ...phases import phase_label
from ..base import Candidate, PhaseInput, Progress
from ..outputs import PhaseOutputs
from .actions import ChronoAbility, PirateAbility, SecretSocietyTransformer, Technique
from .rules import SecretSocietyRules
from .state import (
    CHRONO,
    PIRATE,
    SOCIETY_JA,
    SOCIETY_WORDS,
    TECHNIQUES,
    SsState,
    evolve,
    society_ja,
)
from .state import CONFIG_WORDS as _CONFIG_WORDS


class SecretSociety(PhaseOutputs, SecretSocietyRules):
    config_words: ClassVar[dict[str, dict[str, str]]] = _CONFIG_WORDS
    name: ClassVar[str] = "secret-society"
    templates: ClassVar[str] = "secret-society"
    transformer = SecretSocietyTransformer
    extra_targets: ClassVar[dict[str, str]] = dict(SOCIETY_WORDS)
    target_kinds: ClassVar[dict[str, str]] = {s: "society" for s in SOCIETY_WORDS.values()}
    #: the slots that take a society (ss.chance.apply, ss.p.answer); every other one a player
    slot_kinds: ClassVar[dict[str, frozenset[str]]] = {
        w: frozenset({"society"}) for w in ("入会希望", "承諾", "拒否")}
    value_ja: ClassVar[dict[str, dict[str, str]]] = {
        "society": dict(SOCIETY_JA),
        "team_won": {**SOCIETY_JA, "none": "勝利結社なし"},
        "techniques": {t: ja for t, (ja, _r) in TECHNIQUES.items()},
    }

    def progress(self, state: SsState, phase: str, actions: list[Candidate],
                 directives: list[Candidate]) -> list[Progress]:
        from .progress import progress
        return progress(state, phase, actions, directives)

    def evolve(self, state: SsState, ev: Event) -> SsState:
        return evolve(state, ev)

    def report_sections(self, game: Any) -> list[Any]:
        from .report import sections
        return sections(game)

    def check_detail(self, state: SsState, cand: Candidate) -> list[str]:
        """What `adjudicator check` adds for a GM answering a player live."""
        p = state.players[cand.actor]
        a = cand.action
        if isinstance(a, PirateAbility):
            return [f"{cand.actor}の所持金: {p.gold}金（{PIRATE[a.ability][0]}は"
                    f"{PIRATE[a.ability][1]}金）"]
        if isinstance(a, ChronoAbility):
            return [f"{cand.actor}の能力使用権: {p.credits}回（{CHRONO[a.ability][0]}）"]
        if isinstance(a, Technique):
            known = "、".join(TECHNIQUES[t][0] for t in p.techniques) or "なし"
            return [f"{cand.actor}の習得済みの術: {known}"]
        return [f"{cand.actor}の所属: {society_ja(p.society)}"]

    # ------------------------------------------------------------ output
    post_after_end: ClassVar[str | None] = "ゲームはすでに終了しています。\n"

    def render_context(self, before: SsState, after: SsState, phase: PhaseInput
                       ) -> dict[str, Any]:
        return {"society_ja": society_ja, "techniques": TECHNIQUES}

    def post_context(self, before: SsState, after: SsState, phase: PhaseInput
                     ) -> dict[str, Any]:
        return {**super().post_context(before, after, phase),
                "final": _memberships(after) if after.finished else {}}

    def ledger_context(self, before: SsState, after: SsState, phase: PhaseInput
                       ) -> dict[str, Any]:
        return {"phase_ja": phase_label(phase.id)}

    def export(self, state: SsState) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
        players: dict[str, dict[str, Any]] = {}
        for name, p in state.players.items():
            players[name] = {
                "alive": p.alive,
                "society": p.society,
                "leader": p.leader,
                "traitor": p.traitor,
                "gold": p.gold,
                "credits": p.credits,
                "techniques": list(p.techniques),
                "excommunicated": p.excommunicated,
            }
        bombs = [{"holder": b.holder, "night": b.night} for b in state.bombs]
        return players, {"team_won": state.team_won, "bombs": bombs}


def _memberships(state: SsState) -> dict[str, str]:
    """【最終所属】 for the final post: every player's society at the end, in roster order."""
    out: dict[str, str] = {}
    for name, p in state.players.items():
        tags = [t for t, on in (("リーダー", p.leader and p.society is not None),
                                ("裏切り者", p.traitor), ("死亡", not p.alive)) if on]
        out[name] = society_ja(p.society) + (f"（{'・'.join(tags)}）" if tags else "")
    return out


__all__ = ["SecretSociety", "SecretSocietyTransformer"]
