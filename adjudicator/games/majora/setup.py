"""What the GM sets up before day 1 of ムジュラの仮面村: the deal's composition (mj.setup),
the field the 配役's seal covers, the desk's roster columns and the scenario file
(attributes and hooks of the Variant)."""

from __future__ import annotations

from typing import Any, ClassVar

from ...config.skeletons import Option
from ..base import need_count


class MajoraSetup:

    #: game.toml's [options] as ``adjudicator new`` writes them (adjudicator.config.skeletons)
    toml_options: ClassVar[tuple[Option, ...]] = ()
    toml_words: ClassVar[str] = "「仮面の村人」「月」"
    chatter_example: ClassVar[str] = "カギを使いたい"
    sealed_fields: ClassVar[tuple[str, ...]] = ("role",)
    roster_columns: ClassVar[tuple[str, ...]] = ("role",)
    role_hint: ClassVar[str] = "役職（仮面の村人/月）"
    has_scenario: ClassVar[bool] = True

    @classmethod
    def deal_slots(cls, n: int, setup: dict[str, int]) -> list[dict[str, Any]]:
        """mj.setup: 12: 仮面の村人 ×11, 月 ×1."""
        need_count(n, {12}, "ムジュラの仮面村")
        return [{"role": "月"}] + [{"role": "仮面の村人"} for _ in range(11)]
