"""What the GM sets up before day 1 of Splatoon！！村: the deal's composition (sp.setup),
the fields the 配役's seal covers and the desk's roster columns (attributes and hooks of
the Variant)."""

from __future__ import annotations

from typing import Any, ClassVar

from ...config.skeletons import TIE_OPTION, Option
from ..base import need_count

#: sp.setup: 16: orange and purple シューター, ローラー, チャージャー; colourless
#: スーパーセンサー, トルネード, スーパーショット (the specials are dealt too, so that the seal
#: covers them), ボム ×4, シューター, ローラー, チャージャー
SEATS: list[tuple[str | None, str]] = [
    ("orange", "シューター"), ("orange", "ローラー"), ("orange", "チャージャー"),
    ("purple", "シューター"), ("purple", "ローラー"), ("purple", "チャージャー"),
    (None, "スーパーセンサー"), (None, "トルネード"), (None, "スーパーショット"),
    (None, "ボム"), (None, "ボム"), (None, "ボム"), (None, "ボム"),
    (None, "シューター"), (None, "ローラー"), (None, "チャージャー"),
]


class SplatoonSetup:

    #: game.toml's [options] as ``adjudicator new`` writes them (adjudicator.config.skeletons)
    toml_options: ClassVar[tuple[Option, ...]] = (
        TIE_OPTION,
        Option("initial_gauge", "3", "色のついたイカのカラーゲージの始まり（1〜3）",
               "色のついたイカのカラーゲージの始まり", low=1, high=3),
    )
    toml_words: ClassVar[str] = "「抽選」「オレンジ」「シューター」"
    chatter_example: ClassVar[str] = "シューター持ってます"
    sealed_fields: ClassVar[tuple[str, ...]] = ("colour", "weapon")
    #: a special named by hand: the deal names it (as the weapon)
    deal_strips: ClassVar[tuple[str, ...]] = ("special",)
    roster_columns: ClassVar[tuple[str, ...]] = ("colour", "weapon")
    team_won_line: ClassVar[str] = "{label}チームの勝利"

    @classmethod
    def deal_slots(cls, n: int, setup: dict[str, int]) -> list[dict[str, Any]]:
        need_count(n, {16}, "Splatoon！！村")
        return [{"colour": c, "weapon": w} if c else {"weapon": w} for c, w in SEATS]

    @classmethod
    def seat_label(cls, seat: dict[str, Any]) -> str:
        colour = {"orange": "オレンジ", "purple": "ムラサキ"}.get(seat.get("colour") or "", "無色")
        return f"{colour}・{seat['weapon']}"
