"""ムジュラの仮面村's 途中集計 (rules/majora.md): no vote and no night action is owed
(items and abilities are declared when a player wants to, mj.declare; the night is
chatter only), so nobody is waited for and no reminder is posted; the declarations so
far are listed for the GM."""

from __future__ import annotations

from typing import Any

from ..base import Candidate, Progress


def progress(state: Any, phase: str, actions: list[Candidate]) -> list[Progress]:
    if not phase.startswith("day"):
        return []
    alive = [n for n, p in state.players.items() if p.alive]
    acted = {c.actor for c in actions}
    return [Progress("アイテム・能力の宣言", tuple(n for n in alive if n not in acted),
                     tuple(n for n in alive if n in acted), optional=True)]
