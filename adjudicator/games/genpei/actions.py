"""源平村: the night commands and the Lark transformer (grammars/genpei.lark)."""

from __future__ import annotations

from ... import actions as A
from ...parser import CommandTransformer, _targeted


class Assassinate(A.Targeted):
    """``暗殺@X``: a general of the side holding the right (gp.general, gp.right)."""

    kind: str = "assassinate"

    def describe(self) -> str:
        return f"暗殺@{self.target}"


class Scout(A.Targeted):
    """``偵察@X``: a strategist, from night 2 (gp.strategist)."""

    kind: str = "scout"

    def describe(self) -> str:
        return f"偵察@{self.target}"


class Nominate(A.Targeted):
    """``指名@X``: the emperor names a successor (gp.emperor.nominate)."""

    kind: str = "nominate"

    def describe(self) -> str:
        return f"指名@{self.target}"


class GenpeiTransformer(CommandTransformer):
    assassinate = _targeted(Assassinate)
    scout = _targeted(Scout)
    nominate = _targeted(Nominate)
