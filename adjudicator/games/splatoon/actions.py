"""Splatoon！！村: the weapon command and the Lark transformer (grammars/splatoon.lark)."""

from __future__ import annotations

from typing import Any

from ... import actions as A
from ...parser import CommandTransformer, Token, v_args
from .state import WEAPONS


# ---------------------------------------------------------------- actions
class Attack(A.Action):
    """A weapon command: ``シューター@X``, ``ローラー@X,Y,Z``… (``スーパーセンサー``: no target)."""

    kind: str = "attack"
    weapon: str  # a key of WEAPONS
    targets: tuple[str, ...] = ()

    def describe(self) -> str:
        ja = WEAPONS[self.weapon][0]
        return f"{ja}@{'、'.join(self.targets)}" if self.targets else ja


class SplatoonTransformer(CommandTransformer):
    def _attack(self, weapon: str, targets: Any) -> A.Action:
        if isinstance(targets, str):
            targets = (targets,)
        return Attack(weapon=weapon, targets=tuple(targets))

    @v_args(inline=True)
    def shooter(self, _kw: Token, target: str) -> A.Action:
        return self._attack("shooter", target)

    @v_args(inline=True)
    def roller(self, _kw: Token, targets: tuple[str, ...]) -> A.Action:
        return self._attack("roller", targets)

    @v_args(inline=True)
    def charger(self, _kw: Token, target: str) -> A.Action:
        return self._attack("charger", target)

    @v_args(inline=True)
    def bomb(self, _kw: Token, target: str) -> A.Action:
        return self._attack("bomb", target)

    def sensor(self, _children: list[Any]) -> A.Action:
        return Attack(weapon="sensor")

    @v_args(inline=True)
    def tornado(self, _kw: Token, targets: tuple[str, ...]) -> A.Action:
        return self._attack("tornado", targets)

    @v_args(inline=True)
    def supershot(self, _kw: Token, target: str) -> A.Action:
        return self._attack("supershot", target)
