"""トラップワード / Trap Word (rules/trapword.md, rule ids tw.*).

Two teams, room tiles, a monster and curse cards from a TOML deck, rounds up to 8.
Each round log (``logs/round<n>.txt``) holds the trap words, both turns and the calls;
every line of a hint-giver is a hint and of an answerer an answer (``free_action``).
The judge (``judge``, Sudachi) grades hints against trap words.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, ClassVar

from ...models import Event
from ...phases import day_number
from ...render import render
from ..base import Candidate, PhaseInput, Progress
from ..outputs import PhaseOutputs
from .actions import Say, TrapTransformer
from .rules import TrapWordRules
from .state import TwState, evolve
from .words import detail_ja, flat

_START_KINDS = {"secret_told": 0, "traps_told": 1}


def _before_play(e: Event) -> bool:
    """A notice sent before the turns: the secret word, the traps, a rejected trap line."""
    return e.kind in _START_KINDS or (e.kind == "rejected" and e.rule.startswith("tw.trap"))


def _start_order(e: Event) -> int:
    return _START_KINDS.get(e.kind, 2)


def outcome_ja(d: dict[str, Any]) -> str:
    """A turn's result as the round post says it (J14, J15), the secret word said once:
    「成功！「猫！」で正解しました（秘密のワード：ねこ）。」, 「失敗（時間切れ・GM判定）。
    秘密のワードは「靴」でした。」 — no separators, no nested parentheses."""
    secret = d.get("secret")
    if d.get("success"):
        answers = d.get("answers") or []
        if not answers:
            return "成功！"
        said = str(answers[-1]).strip()
        told = (f"（秘密のワード：{secret}）" if secret and said.strip("！？!?。、 ") != secret
                else "")
        return f"成功！「{said}」で正解しました{told}。"
    why = detail_ja(str(d.get("detail", "")))
    return f"失敗（{why}）。" + (f"秘密のワードは「{secret}」でした。" if secret else "")




def missed_ja(d: dict[str, Any]) -> str:
    """A missed trap (tw.trap.missed, J16): one level of parentheses; a judgement the judge
    only finds likely is said as such (「…とみられます」), not as fact."""
    reason = re.sub(r"（[^（）]*）$", "", str(d.get("reason", "")))
    if d.get("grade") != "definite" and reason.endswith("です"):
        reason = reason.removesuffix("です") + "とみられます"
    return f"ヒント「{d.get('hint', '')}」（{reason}）"


def reason_ja(why: Any) -> str:
    """A hint's fault as a notice and an event sentence say it: 「秘密のワードを含んでいます（…）」."""
    return re.sub(r"^秘密のワードを含みます：(.+?)(?:。)?$", r"秘密のワードを含んでいます（\1）",
                  str(why))


class TrapWord(PhaseOutputs, TrapWordRules):
    name: ClassVar[str] = "trapword"
    templates: ClassVar[str] = "trapword"
    #: game.toml's words (adjudicator.config.words)
    config_words: ClassVar[dict[str, dict[str, str]]] = {
        "options.trap_mode": {"call": "call", "auto": "auto", "コール": "call", "宣言": "call",
                              "自動": "auto"}}
    transformer = TrapTransformer
    #: the GM's directives name a team (秘密@赤 …), though a player may be named 赤 too
    slot_kinds: ClassVar[dict[str, frozenset[str]]] = {
        w: frozenset({"team"}) for w in ("秘密", "開始", "トラップ設定", "勝者")}

    def progress(self, state: TwState, phase: str, actions: list[Candidate],
                 directives: list[Candidate]) -> list[Progress]:
        from .progress import progress
        return progress(self, state, phase, actions, directives)

    def evolve(self, state: TwState, ev: Event) -> TwState:
        return evolve(state, ev)

    def report_sections(self, game: Any) -> list[Any]:
        from .report import sections
        return sections(game)

    # ------------------------------------------------------------ output
    post_after_end: ClassVar[str | None] = None  # the round's post is drawn as ever
    #: the event sentences (reports/trapword/events.j2) say a turn's end as the post does
    template_functions: ClassVar[dict[str, Callable[[Any], str]]] = {
        "tw_detail": detail_ja, "tw_flat": flat, "tw_reason": reason_ja}

    def render_context(self, before: TwState, after: TwState, phase: PhaseInput
                       ) -> dict[str, Any]:
        return {"n": day_number(phase.id), "deck": self.deck, "outcome": outcome_ja,
                "missed": missed_ja}

    def post_template(self, pid: str) -> str:
        return "trapword/round.txt.j2"

    def post_context(self, before: TwState, after: TwState, phase: PhaseInput
                     ) -> dict[str, Any]:
        return {}

    def notices(self, after: TwState, phase: PhaseInput, events: list[Event],
                shared: dict[str, Any]) -> dict[str, list[str]]:
        """Each player's notices in two parts (ラウンド開始時: what is sent before play;
        ラウンド終了後: rulings after it)."""
        n = shared["n"]
        mine: dict[str, list[Event]] = {}
        for e in events:
            if e.audience == "player" and e.to:
                mine.setdefault(e.to, []).append(e.known())
        private: dict[str, list[str]] = {}
        for name, evs in mine.items():
            start = sorted((e for e in evs if _before_play(e)), key=_start_order)
            end = [e for e in evs if not _before_play(e)]
            texts: list[str] = []
            for part, header in ((start, f"【第{n}ラウンド開始時】"),
                                 (end, f"【第{n}ラウンド終了後】")):
                for i, e in enumerate(part):
                    text = render("trapword/notice.txt.j2", ev=e, **shared).rstrip("\n")
                    texts.append(f"{header}\n{text}" if i == 0 else text)
            private[name] = texts
        return private

    def export(self, state: TwState) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
        players = {
            name: {"alive": True, "team": p.team,
                   "hint_giver": state.teams[p.team].giver == name,
                   "room": state.teams[p.team].room}
            for name, p in state.players.items()
        }
        extra = {"positions": {t: s.room for t, s in state.teams.items()},
                 "monster": state.monster_room, "round": state.round,
                 "monster_card": state.monster, "winning_teams": state.winning_teams}
        return players, extra

    def check_detail(self, state: TwState, cand: Candidate) -> list[str]:
        """`adjudicator check`: how a hint would be judged against nothing but itself."""
        a = cand.action
        if isinstance(a, Say) and a.role == "hint":
            nouns = self.judge.proper_nouns(a.text)
            return [f"固有名詞: {'、'.join(nouns)}"] if nouns else []
        return []
