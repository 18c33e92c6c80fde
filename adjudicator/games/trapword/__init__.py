"""トラップワード / Trap Word (rules/trapword.md, rule ids tw.*).

Two teams, room tiles, a monster and curse cards from a TOML deck, rounds up to 8.
Each round log (``logs/round<n>.txt``) holds the trap words, both turns and the calls;
every line of a hint-giver is a hint and of an answerer an answer (``free_action``).
The judge (``judge``, Sudachi) grades hints against trap words.
"""
from __future__ import annotations

from typing import Any, ClassVar

from ...models import Event
from ...render import render
from ..base import Candidate, PhaseInput
from .actions import Say, TrapTransformer
from .rules import TrapWordRules
from .state import TwState, evolve


class TrapWord(TrapWordRules):
    name: ClassVar[str] = "trapword"
    transformer = TrapTransformer

    def evolve(self, state: TwState, ev: Event) -> TwState:
        return evolve(state, ev)

    def report_sections(self, game: Any) -> list[Any]:
        from .report import sections
        return sections(game)

    # ------------------------------------------------------------ output
    def render(self, before: TwState, after: TwState, phase: PhaseInput,
               events: list[Event]) -> tuple[str, dict[str, list[str]], str]:
        public = [e for e in events if e.audience == "public"]
        ctx = {"phase": phase.id, "before": before, "state": after, "deck": self.deck}
        post = render("trapword/round.txt.j2", events=public, **ctx)
        private: dict[str, list[str]] = {}
        for e in events:
            if e.audience == "player" and e.to:
                private.setdefault(e.to, []).append(
                    render("trapword/notice.txt.j2", ev=e).rstrip("\n"))
        ledger = render("trapword/ledger.txt.j2", events=events, lines=phase.lines, **ctx)
        return post, private, ledger

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
