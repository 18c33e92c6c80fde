"""A round's lines as moves: their times in seconds and what each one does (tw.turn.*)."""

from __future__ import annotations

from ...models import LineRecord
from ..base import Candidate, PhaseInput
from .actions import Call, Marker, Say, SetTraps, TurnStart
from .rounds import Move
from .state import TwState, time_seconds


def line_times(lines: list[LineRecord]) -> tuple[dict[str, float | None], bool, float]:
    """ref -> seconds (midnight rollover handled); all timed?; tolerance (59: minutes only)."""
    out: dict[str, float | None] = {}
    last, shift, timed, minutes = None, 0.0, True, False
    for rec in lines:
        t = time_seconds(rec.time)
        if t is None:
            out[rec.ref] = None
            if rec.disposition != "chatter":
                timed = False
            continue
        if rec.time and rec.time.count(":") == 1:
            minutes = True
        if last is not None and t + shift < last - 12 * 3600:
            shift += 86400
        out[rec.ref] = t + shift
        last = t + shift
    return out, timed, 59.0 if minutes else 0.0


def round_moves(ph: PhaseInput, state: TwState, times: dict[str, float | None]
           ) -> tuple[list[Move], list[Candidate]]:
    """The round's accepted lines as moves, in line order, and their candidates."""
    cands = sorted([*ph.actions, *ph.directives], key=lambda c: c.order)
    out: list[Move] = []
    for c in cands:
        a = c.action
        team = state.players[c.actor].team if c.actor in state.players else None
        if isinstance(a, Say):
            kind, text, target = "say", a.text, None
        elif isinstance(a, Call):
            kind, text, target = "call", "トラップ", None
        elif isinstance(a, TurnStart):
            kind, text, target = "start", "", a.team
        elif isinstance(a, Marker):
            kind, text, target = a.kind, a.text, None
        elif isinstance(a, SetTraps):
            kind, text, target = "traps", "", a.team or team
        else:
            kind, text, target = "other", "", None
        out.append(Move(index=len(out), ref=c.ref, time=times.get(c.ref), actor=c.actor,
                        team=team, kind=kind, text=text, target=target))
    return out, cands
