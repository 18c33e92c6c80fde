"""源平村's 途中集計 (rules/genpei.md).

By day: the vote.  By night: the general of the side holding the assassination right
(gp.right) owes its target, and from night2 each strategist its scouting
(gp.strategist).  The emperor's nomination is optional (gp.emperor.nominate: may),
listed apart when one is possible tonight.  Priests act by themselves."""

from __future__ import annotations

from typing import Any

from ..base import Candidate, Progress, vote_progress
from .actions import Assassinate, Nominate, Scout
from .state import FACTION_JA, holder, successor_alive


def _one(names: list[str], acted: set[str], label: str, optional: bool = False) -> Progress:
    return Progress(label, tuple(n for n in names if n not in acted),
                    tuple(n for n in names if n in acted), optional=optional)


def progress(state: Any, phase: str, actions: list[Candidate]) -> list[Progress]:
    if phase.startswith("day"):
        return [vote_progress(state, actions)]
    players = state.players
    groups = []
    side = state.assassin
    general = holder(state, side, "general") if side else None
    if general is not None and players[general].alive:
        acted = {c.actor for c in actions if isinstance(c.action, Assassinate)}
        groups.append(_one([general], acted, f"{FACTION_JA[side]}の大将（暗殺）"))
    if phase != "night1":
        scouts = [s for s in (holder(state, f, "strategist") for f in ("genji", "heike"))
                  if s is not None and players[s].alive]
        acted = {c.actor for c in actions if isinstance(c.action, Scout)}
        if scouts:
            groups.append(_one(scouts, acted, "参謀（偵察）"))
        emperor = next((n for n, p in players.items() if p.role == "emperor"), None)
        if (emperor is not None and players[emperor].alive and state.nominations < 2
                and not successor_alive(state)):
            acted = {c.actor for c in actions if isinstance(c.action, Nominate)}
            groups.append(_one([emperor], acted, "帝（後継者の指名）", optional=True))
    return groups
