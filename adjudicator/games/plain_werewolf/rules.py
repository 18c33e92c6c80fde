"""普通村: validation of the players' actions and the pure resolution of a phase into
events, all of it the shared werewolf machinery (adjudicator.games.werewolf): the day's
vote, the night's bite, guard, divination and medium, the win checks."""

from __future__ import annotations

from typing import Any, ClassVar

from ... import actions as A
from ...config.load import GameConfig
from ...errors import IllegalActionError
from ...vocab import ROLE_NAMES, team_of
from .. import werewolf as ww
from ..base import Candidate, Emitter, PhaseInput
from .state import PwPlayer, PwState

OPTIONS = {"tie": ("random", "none"), "no_bite": ("random", "none"),
           "hunter_repeat": (True, False), "first_bite": (True, False)}
DEFAULT_OPTIONS: dict[str, Any] = {"tie": "random", "no_bite": "random",
                                   "hunter_repeat": True, "first_bite": True}
MIN_PLAYERS = 4


class PlainRules(ww.WerewolfVariant[PwState]):
    """Validation and resolution; the Variant class (PlainWerewolf) adds its metadata and
    outputs."""

    #: the [[players]] keys read here (Variant.player_fields: the base refuses the rest)
    player_fields: ClassVar[frozenset[str] | None] = frozenset({"role"})

    def __init__(self, cfg: GameConfig) -> None:
        super().__init__(cfg)
        self.options = {**DEFAULT_OPTIONS, **cfg.options}

    @classmethod
    def config_problems(cls, cfg: GameConfig) -> list[str]:
        """pw.setup.roles: a base role for everyone, at least one wolf, fewer wolves than
        the others, 4 players or more."""
        from ...config.problems import Problem, count, missing, option_problems, setup

        problems: list[Problem] = []
        n = len(cfg.players)
        if n < MIN_PLAYERS:
            problems.append(count(f"{n} players; 普通村 takes {MIN_PLAYERS} or more "
                                  "(pw.setup.roles)",
                                  f"{n}人います。普通村は{MIN_PLAYERS}人以上で遊びます"))
        for i, p in enumerate(cfg.players, 1):
            if p.role is None:
                problems.append(missing(i, p.name, "role", "", "村人・人狼・占い師など"))
        roles = [ROLE_NAMES.get(p.role or "", "") for p in cfg.players]
        if roles and all(roles):
            wolves = roles.count("wolf")
            if not wolves:
                problems.append(setup("no 人狼; the game needs at least one wolf",
                                      "人狼がいません（人狼は1人以上必要です）"))
            elif wolves >= len(roles) - wolves:
                problems.append(setup(f"{wolves} wolves of {len(roles)}: the wolves would win "
                                      "before the first day",
                                      f"人狼が{wolves}人で、人狼以外（{len(roles) - wolves}人）と"
                                      "同数以上です（始まる前に人狼陣営の勝利になります）"))
        problems += option_problems(cfg.options, OPTIONS, "plain-werewolf")
        return list(problems)

    def initial_state(self) -> PwState:
        players = {p.name: PwPlayer(name=p.name, role=ROLE_NAMES[p.role or "村"])
                   for p in self.cfg.players}
        return PwState(players=players)

    def setup_events(self, em: Emitter[PwState]) -> None:
        ww.setup_roles(em)

    # ------------------------------------------------------------ validation
    def validate_own(self, state: PwState, phase: str, actor: str, action: A.Action,
                     held: dict[str, Candidate]) -> A.Action:
        raise IllegalActionError(f"{action.kind} is not a command of this village",
                                 "この村にはないコマンドです", code="not_in_variant",
                                 rule="ww.phase.order")

    # ------------------------------------------------------------ resolution
    def resolve_night(self, em: Emitter[PwState], ph: PhaseInput) -> None:
        ww.resolve_night(em, ph.actions, self.options)
        self._win(em)

    def resolve_day(self, em: Emitter[PwState], ph: PhaseInput) -> None:
        ww.resolve_vote(em, ph.actions, self.options["tie"])
        self._win(em)

    def _win(self, em: Emitter[PwState]) -> None:
        """ww.win.check: after the execution and after the morning's deaths; the winners
        are every player of the winning team, living or dead."""
        team = ww.check_win(em)
        if team is None:
            return
        players = [n for n, p in em.state.players.items() if team_of(p.role) == team]
        em.emit("winners", f"ww.win.{'village' if team == 'village' else 'wolves'}",
                f"phase:{em.phase}", "public", players=players, team=team)
