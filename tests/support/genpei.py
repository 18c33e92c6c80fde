"""Helpers for the 源平村 tests: the 17-player fixture's setup, states set by hand and
single phases run from command text, as the engine runs them."""

from __future__ import annotations

from typing import Any

from adjudicator.config.load import GameConfig, load_config
from adjudicator.games.base import Candidate, Emitter, PhaseInput
from adjudicator.games.genpei import Genpei
from adjudicator.games.genpei.state import GpState
from adjudicator.models import LineRecord
from adjudicator.rng import PhaseRng
from tests.support import FIXTURES, candidates_of
from tests.support import kinds as kinds  # the shared helper, as this module's tests import it

CFG = load_config(FIXTURES / "genpei-side" / "game.toml")
CFG15 = load_config(FIXTURES / "genpei-emperor" / "game.toml")
#: the 17-player roster: 源氏 あきら(大将) いさむ(影武者) うめ(参謀) えり(住職) おと かな きよ くに;
#: 平氏 けい(大将) こう(影武者) さき(参謀) しの(住職) すみ せつ そう たえ; 帝 ちか
NAMES = [p.name for p in CFG.players]


def variant(cfg: GameConfig = CFG, **options: Any) -> Genpei:
    if options:
        cfg = cfg.model_copy(update={"options": {**cfg.options, **options}})
    return Genpei(cfg)


def state(v: Genpei | None = None, *, dead: tuple[str, ...] = (), **update: Any) -> GpState:
    """The state at the start of the game with ``update`` applied and ``dead`` dead."""
    v = v or variant()
    st = v.initial_state().model_copy(update={"assassin": "genji", **update})
    players = dict(st.players)
    for n in dead:
        players[n] = players[n].model_copy(update={"alive": False})
    return st.model_copy(update={"players": players})


def candidates(v: Genpei, st: GpState, phase: str, lines: list[tuple[str, str]]
               ) -> tuple[list[Candidate], list[tuple[str, str, str]]]:
    """Parse and validate ``(actor, text)`` lines; the last valid command of a slot
    replaces the earlier one.  Returns (accepted, [(actor, code, rule)] rejected)."""
    return candidates_of(v, st, phase, lines, gm="語り手")


def run(v: Genpei, st: GpState, phase: str, lines: list[tuple[str, str]] = (),  # type: ignore[assignment]
        chat: list[tuple[str, str]] = ()) -> Emitter[GpState]:  # type: ignore[assignment]
    """Resolve one phase from command lines (and chatter lines for 辞世の句)."""
    cands, rejected = candidates(v, st, phase, list(lines))
    assert not rejected, rejected
    recs = [LineRecord(ref=f"logs/{phase}.txt:{100 + i}", speaker=s, text=t)
            for i, (s, t) in enumerate(chat, 1)]
    em: Emitter[GpState] = Emitter(state=st, evolve=v.evolve, rng=PhaseRng(v.cfg.seed, phase),
                                   phase=phase)
    v.resolve(em, PhaseInput(id=phase, actions=cands, directives=[], extra_logs={},
                             lines=recs))
    return em




def votes_for(target: str, st: GpState) -> list[tuple[str, str]]:
    """Every living player votes for ``target`` (``target`` votes for someone else)."""
    alive = [n for n, p in st.players.items() if p.alive]
    other = next(n for n in alive if n != target)
    return [(n, f"投票@{target if n != target else other}") for n in alive]
