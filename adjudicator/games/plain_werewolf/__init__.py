"""普通村 / the plain werewolf village (rules/plain-werewolf.md, rule ids ww.* and pw.*).

The base werewolf rules and nothing else: the day's vote, the wolves' bite, the seer,
the medium, the hunter's guard, the masons; the team that wins wins.  Everything is the
shared werewolf machinery (adjudicator.games.werewolf).
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...models import Event
from ...render import cast
from ...vocab import RANDOM_NONE_WORDS, ROLE_NAMES, role_ja
from ..base import Candidate, PhaseInput, Progress
from ..outputs import PhaseOutputs
from .actions import PlainTransformer
from .rules import PlainRules
from .setup import PlainSetup
from .state import PwState, evolve

__all__ = ["PlainWerewolf", "PwState"]


class PlainWerewolf(PlainSetup, PhaseOutputs, PlainRules):
    config_words: ClassVar[dict[str, dict[str, str]]] = {
        "players.role": dict(ROLE_NAMES),
        "options.tie": dict(RANDOM_NONE_WORDS),
        "options.no_bite": dict(RANDOM_NONE_WORDS),
    }
    name: ClassVar[str] = "plain-werewolf"
    name_ja: ClassVar[str] = "普通村"
    templates: ClassVar[str] = "plain-werewolf"
    transformer = PlainTransformer

    def progress(self, state: PwState, phase: str, actions: list[Candidate],
                 directives: list[Candidate]) -> list[Progress]:
        from .progress import progress
        return progress(state, phase, actions, bool(self.options["first_bite"]))

    def evolve(self, state: PwState, ev: Event) -> PwState:
        return evolve(state, ev)

    def report_sections(self, game: Any) -> list[Any]:
        from .report import sections
        return sections(game)

    # ------------------------------------------------------------ output
    def post_context(self, before: PwState, after: PwState, phase: PhaseInput
                     ) -> dict[str, Any]:
        """The werewolf post's variables, and every role revealed at the end."""
        return {**super().post_context(before, after, phase),
                "cast": cast(after) if after.finished else {}}

    def export(self, state: PwState) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
        players = {name: {"alive": p.alive, "role": role_ja(p.role)}
                   for name, p in state.players.items()}
        return players, {"team_won": state.team_won}
