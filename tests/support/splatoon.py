"""Helpers for the Splatoon！！村 tests: a 16-squid setup and single nights from command text."""

from __future__ import annotations

from typing import Any

from adjudicator.config.load import load_config
from adjudicator.games.base import Candidate, Emitter, PhaseInput
from adjudicator.games.splatoon import Splatoon
from adjudicator.games.splatoon.state import SpState
from adjudicator.rng import PhaseRng
from tests.support import FIXTURES, candidates_of
from tests.support import kinds as kinds  # the shared helper, as this module's tests import it

CFG = load_config(FIXTURES / "splatoon-win" / "game.toml")
#: the fixture roster: orange あおい(S) いつき(R) うみ(C), purple えいた(S) おさむ(R) かえで(C),
#: colourless きら(トルネード) くるみ けい (drawn) こはる さとし しずか すばる (ボム)
#: せな(S) そら(R) たくみ(C)
NAMES = [p.name for p in CFG.players]


def variant() -> Splatoon:
    return Splatoon(CFG)


def setup_state(v: Splatoon | None = None, **specials: str) -> SpState:
    """The state after setup (specials drawn), optionally with other specials forced."""
    v = v or variant()
    em: Emitter[SpState] = Emitter(state=v.initial_state(), evolve=v.evolve,
                                   rng=PhaseRng(CFG.seed, "day1"), phase="day1")
    v.setup_events(em)
    st = em.state
    for name, special in specials.items():
        players = dict(st.players)
        players[name] = players[name].model_copy(update={"special": special})
        st = st.model_copy(update={"players": players})
    return st


def with_gauges(st: SpState, gauges: dict[str, int], **update: Any) -> SpState:
    players = dict(st.players)
    for n, g in gauges.items():
        players[n] = players[n].model_copy(update={"gauge": g, "revealed": True})
    return st.model_copy(update={"players": players, **update})


def candidates(v: Splatoon, st: SpState, phase: str, lines: list[tuple[str, str]]
               ) -> tuple[list[Candidate], list[tuple[str, str]]]:
    """Parse and validate ``(actor, text)`` lines as the engine does; the last valid
    command of an actor replaces the earlier one.  Returns (accepted, rejected codes)."""
    cands, rejected = candidates_of(v, st, phase, lines, gm="ジャッジくん")
    return cands, [(actor, code) for actor, code, _rule in rejected]


def run_phase(v: Splatoon, st: SpState, phase: str, cands: list[Candidate],
              lines: Any = ()) -> Emitter[SpState]:
    em: Emitter[SpState] = Emitter(state=st, evolve=v.evolve, rng=PhaseRng(CFG.seed, phase),
                                   phase=phase)
    v.resolve(em, PhaseInput(id=phase, actions=cands, directives=[], extra_logs={},
                             lines=list(lines)))
    return em


def night(gauges: dict[str, int], lines: list[tuple[str, str]], phase: str = "night2",
          **update: Any) -> tuple[Emitter[SpState], list[tuple[str, str]]]:
    """One night from ``gauges`` (others as at the start of the game)."""
    v = variant()
    st = with_gauges(setup_state(v), gauges, **update)
    cands, rejected = candidates(v, st, phase, lines)
    return run_phase(v, st, phase, cands), rejected
