"""Splatoon！！村's 途中集計 (rules/splatoon.md).

By day: the vote.  By night: every living squid coloured at the start of the night fires
its weapon once (sp.weapon.who); shooters, rollers and chargers are waited for, while a
bomb (three in the whole village, sp.weapon.bomb) and a special (once a game) are the
squid's choice and listed apart."""

from __future__ import annotations

from typing import Any

from ..base import Candidate, Progress, vote_progress
from .actions import Attack


def progress(state: Any, phase: str, actions: list[Candidate]) -> list[Progress]:
    if phase.startswith("day"):
        return [vote_progress(state, actions)]
    fired = {c.actor for c in actions if isinstance(c.action, Attack)}
    owed: list[str] = []
    bombs: list[str] = []
    specials: list[str] = []
    for n, p in state.players.items():
        if not p.alive or p.gauge == 0:
            continue
        if p.weapon == "bomb":
            if state.bombs_left > 0:
                bombs.append(n)
        elif p.weapon == "special":
            if not p.special_used:
                specials.append(n)
        else:
            owed.append(n)
    groups = []
    if owed:
        groups.append(Progress("色のついたイカの攻撃（シューター・ローラー・チャージャー）",
                               tuple(n for n in owed if n not in fired),
                               tuple(n for n in owed if n in fired)))
    if bombs:
        groups.append(Progress("ボム", tuple(n for n in bombs if n not in fired),
                               tuple(n for n in bombs if n in fired), optional=True,
                               note=f"残り{state.bombs_left}発"))
    if specials:
        groups.append(Progress("スペシャル", tuple(n for n in specials if n not in fired),
                               tuple(n for n in specials if n in fired), optional=True))
    return groups
