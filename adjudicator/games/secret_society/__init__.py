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
from ...render import day_number, public_view, render
from ..base import Candidate, PhaseInput
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


class SecretSociety(SecretSocietyRules):
    name: ClassVar[str] = "secret-society"
    transformer = SecretSocietyTransformer
    extra_targets: ClassVar[dict[str, str]] = dict(SOCIETY_WORDS)
    value_ja: ClassVar[dict[str, dict[str, str]]] = {
        "society": dict(SOCIETY_JA),
        "team_won": {**SOCIETY_JA, "none": "勝利結社なし"},
        "techniques": {t: ja for t, (ja, _r) in TECHNIQUES.items()},
    }

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
    def render(self, before: SsState, after: SsState, phase: PhaseInput,
               events: list[Event]) -> tuple[str, dict[str, list[str]], str]:
        night = phase.id.startswith("night")
        n = day_number(phase.id)
        public = [e for e in events if e.audience == "public"]
        ctx = {"society_ja": society_ja, "techniques": TECHNIQUES}
        post = render(f"secret-society/{'morning' if night else 'vote'}.txt.j2",
                      phase=phase.id, day=n + 1 if night else n, events=public,
                      view=public_view(after), **ctx)
        texts = {rec.ref: rec.text for rec in phase.lines if rec.disposition == "rejected"}
        private: dict[str, list[str]] = {}
        for name in after.players:
            mine = [e for e in events if e.audience == "player" and e.to == name]
            if mine:
                private[name] = [render("secret-society/notice.txt.j2", ev=e, day=n,
                                        texts=texts, **ctx).rstrip("\n") for e in mine]
        ledger = render("secret-society/ledger.txt.j2", phase=phase.id, events=events,
                        before=before, state=after, lines=phase.lines, **ctx)
        return post, private, ledger

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


__all__ = ["SecretSociety", "SecretSocietyTransformer"]
