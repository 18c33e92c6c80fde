"""ダービー＆ストック村's 途中集計: the werewolf night roles, and apart from them the
optional night actions every player may take (ds.night.one_action, ds.chance.when)."""

from __future__ import annotations

from typing import Any

from ..base import Candidate, Progress, werewolf_progress
from .actions import Bet, Buy, Chance, Sell


def _optional(state: Any, label: str, kinds: tuple[type, ...],
              actions: list[Candidate]) -> Progress:
    alive = [n for n, p in state.players.items() if p.alive]
    acted = {c.actor for c in actions if isinstance(c.action, kinds)}
    return Progress(label, tuple(n for n in alive if n not in acted),
                    tuple(n for n in alive if n in acted), optional=True)


def progress(state: Any, phase: str, actions: list[Candidate], first_bite: bool
             ) -> list[Progress]:
    groups = werewolf_progress(state, phase, actions, first_bite)
    if phase.startswith("night"):
        groups.append(_optional(state, "ダービー・株の売買", (Bet, Buy, Sell), actions))
        if phase == "night2":
            groups.append(_optional(state, "スーパーチャンス", (Chance,), actions))
    return groups
