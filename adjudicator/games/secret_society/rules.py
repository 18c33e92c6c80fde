"""秘密結社村: the rules class of the Variant: setup checks, the society notices at the
start, the slots a later line replaces, and the dispatch of a phase to its resolution.
Built on the shared werewolf day (adjudicator.games.werewolf) and, like it, written as
free functions over the emitter: ``validate`` (each line, before anything resolves),
``day`` and ``night`` (ss.day.order, ss.night.order), ``common`` (what both share).
"""

from __future__ import annotations

from typing import Any, ClassVar

from ... import actions as A
from ...config.load import GameConfig
from ...errors import IllegalActionError
from .. import werewolf as ww
from ..base import Candidate, Emitter, PhaseInput
from . import validate
from .actions import (
    Answer,
    Apply,
    ChronoAbility,
    Invite,
    PirateAbility,
    Solve,
    Technique,
)
from .common import DEFAULT_OPTIONS, SsSetup
from .day import VOTE_TIME_KINDS, before_vote_time, resolve_day
from .night import resolve_night
from .state import SOCIETIES, SsPlayer, SsState

OPTIONS = {"tie": ("random", "none")}
PLAYERS = 18
UNAFFILIATED = 11

__all__ = ["DEFAULT_OPTIONS", "OPTIONS", "VOTE_TIME_KINDS", "SecretSocietyRules"]


class SecretSocietyRules(ww.WerewolfVariant[SsState]):
    """Validation and resolution; the Variant class (SecretSociety) adds its outputs."""

    #: the [[players]] keys read here (Variant.player_fields: the base refuses the rest)
    player_fields: ClassVar[frozenset[str] | None] = frozenset({"society", "leader"})

    def __init__(self, cfg: GameConfig) -> None:
        super().__init__(cfg)
        self.setup = SsSetup.of(cfg)
        self.options = self.setup.options

    # ------------------------------------------------------------ setup
    @classmethod
    def config_problems(cls, cfg: GameConfig) -> list[str]:
        from ...config.problems import Problem, count, option_problems, player, setup
        from .state import SOCIETY_JA

        problems: list[Problem] = []
        n = len(cfg.players)
        if n != PLAYERS:
            problems.append(count(f"{n} players; 秘密結社村 takes {PLAYERS} (ss.setup)",
                                  f"{n}人います。秘密結社村は{PLAYERS}人で遊びます（GMは別）"))
        for i, p in enumerate(cfg.players, 1):
            if p.leader and p.society is None:
                problems.append(player(i, p.name, "leader",
                                       "a leader needs a society (ss.setup)",
                                       "リーダーにする人には結社を書いてください（忍びの里など）"))
        for s in SOCIETIES:
            leaders = [p.name for p in cfg.players if p.society == s and p.leader]
            firsts = [p.name for p in cfg.players if p.society == s and not p.leader]
            if len(leaders) != 1:
                problems.append(setup(
                    f"society {s!r} needs exactly one leader (leader = true), found "
                    f"{len(leaders)} (ss.setup)",
                    f"{SOCIETY_JA[s]}のリーダーはちょうど1人必要です（いま{len(leaders)}人"
                    + (f"：{'・'.join(leaders)}" if leaders else "") + "）"))
            want = 0 if s == "secret" else 1
            if len(firsts) != want:
                problems.append(setup(
                    f"society {s!r} starts with {want} member(s) besides its leader, found "
                    f"{len(firsts)} (ss.setup)",
                    f"{SOCIETY_JA[s]}の初期メンバー（リーダー以外）は"
                    + (f"{want}人です" if want else "いません")
                    + f"（いま{len(firsts)}人"
                    + (f"：{'・'.join(firsts)}" if firsts else "") + "）"))
        free = sum(1 for p in cfg.players if p.society is None)
        if n == PLAYERS and free != UNAFFILIATED:
            problems.append(setup(
                f"{free} unaffiliated players; the setup has {UNAFFILIATED} (ss.setup)",
                f"未入会は{UNAFFILIATED}人です（いま{free}人）"))
        problems += option_problems(cfg.options, OPTIONS, "secret-society")
        return list(problems)

    def _setup_order(self) -> list[tuple[int, Any]]:
        """ss.setup / ss.join_order: leaders join first, then the first members, each in
        the order game.toml lists them."""
        order = [p for leader in (True, False) for p in self.cfg.players
                 if p.society is not None and p.leader == leader]
        return list(enumerate(order, 1))

    def initial_state(self) -> SsState:
        players = {p.name: SsPlayer(name=p.name, role="member") for p in self.cfg.players}
        for seq, p in self._setup_order():
            players[p.name] = players[p.name].model_copy(update={
                "society": p.society, "leader": p.leader, "joined": seq,
                "techniques": ["kuchiyose"] if p.leader and p.society == "ninja" else []})
        return SsState(players=players, join_seq=len(self._setup_order()))

    def setup_events(self, em: Emitter[SsState]) -> None:
        """Everyone is told their society privately (ss.setup)."""
        for seq, p in self._setup_order():
            em.emit("member", "ss.setup", "game.toml", "player", to=p.name,
                    player=p.name, society=p.society, leader=p.leader, seq=seq)
        for p in self.cfg.players:
            if p.society is None:
                em.emit("unaffiliated", "ss.setup", "game.toml", "player", to=p.name,
                        player=p.name)

    # ------------------------------------------------------------ validation
    def own_slot(self, action: A.Action, actor: str) -> tuple[str, str, str] | None:
        slots = {Invite: ("invite", "ss.recruit"), Answer: ("answer", "ss.p.answer"),
                 Apply: ("apply", "ss.chance.apply"), Solve: ("solve", "ss.chance.apply"),
                 Technique: ("technique", "ss.ninja.use"),
                 PirateAbility: ("pirate", "ss.pirate.one_ability"),
                 ChronoAbility: ("chrono", "ss.chrono.credit")}
        hit = slots.get(type(action))  # type: ignore[call-overload]
        return (actor, hit[0], hit[1]) if hit else None


    def validate_own(self, state: SsState, phase: str, actor: str, action: A.Action,
                     held: dict[str, Candidate]) -> A.Action:
        return validate.validate_own(state, phase, actor, action, held)

    def validate_directive(self, state: SsState, phase: str, action: A.Action) -> A.Action:
        return validate.validate_directive(state, phase, action)

    def before_vote_time(self, state: SsState, phase: str, action: A.Action
                         ) -> IllegalActionError | None:
        return before_vote_time(state, phase, action)

    # ------------------------------------------------------------ resolution
    # the werewolf calendar (WerewolfVariant.resolve) sends each phase here
    def resolve_day(self, em: Emitter[SsState], ph: PhaseInput) -> None:
        """Day N (ss.day.order)."""
        resolve_day(em, ph, self.setup)

    def resolve_night(self, em: Emitter[SsState], ph: PhaseInput) -> None:
        """Night N (ss.night.order)."""
        resolve_night(em, ph, self.setup)
