"""What the GM sets up before day 1 of 源平村: the deal's composition (gp.setup), the
fields the 配役's seal covers and the desk's roster columns (attributes and hooks of the
Variant)."""

from __future__ import annotations

from typing import Any, ClassVar

from ...config.skeletons import TIE_OPTION, Option
from ..base import need_count

#: gp.setup: 17 (or 15): each side 大将, 影武者, 参謀, 住職, 農民 ×4 (×3); 帝
ROLES = ("大将", "影武者", "参謀", "住職")
FARMERS = {17: 4, 15: 3}


class GenpeiSetup:

    #: game.toml's [options] as ``adjudicator new`` writes them (adjudicator.config.skeletons)
    toml_options: ClassVar[tuple[Option, ...]] = (
        TIE_OPTION,
        Option("body_double", '"無効"', "影武者が生きている間に大将が狙われたとき：「無効」＝暗殺は"
               "失敗／「身代わり」＝影武者が身代わりに死ぬ", "影武者が生きている間に大将が狙われたとき",
               (('"無効"', "暗殺は失敗"), ('"身代わり"', "影武者が身代わりに死ぬ"))),
        Option("first_assassin", '"源氏"', "1日目の夜の暗殺権：「源氏」か「平氏」（書かなければ抽選）",
               "1日目の夜の暗殺権", (('"源氏"', "源氏"), ('"平氏"', "平氏")), unset="抽選"),
        Option("castle_target", "28", "城の完成に必要な労力（17人村は28、15人村は25。書かなければ"
               "人数から）", "城の完成に必要な労力", low=1,
               unset="人数から（17人村は28、15人村は25）"),
    )
    toml_words: ClassVar[str] = "「抽選」「源氏」「大将」"
    chatter_example: ClassVar[str] = "暗殺はやめてね"
    sealed_fields: ClassVar[tuple[str, ...]] = ("faction", "role")
    roster_columns: ClassVar[tuple[str, ...]] = ("faction", "role")
    role_hint: ClassVar[str] = "役職（大将/影武者/参謀/住職/農民/帝）"

    @classmethod
    def deal_slots(cls, n: int, setup: dict[str, int]) -> list[dict[str, Any]]:
        need_count(n, set(FARMERS), "源平村")
        out: list[dict[str, Any]] = []
        for side in ("genji", "heike"):
            out += [{"faction": side, "role": r} for r in ROLES]
            out += [{"faction": side, "role": "農民"} for _ in range(FARMERS[n])]
        return out + [{"faction": "emperor", "role": "帝"}]

    @classmethod
    def seat_label(cls, seat: dict[str, Any]) -> str:
        side = {"genji": "源氏", "heike": "平氏"}.get(seat["faction"], "")
        return f"{side}の{seat['role']}" if side else str(seat["role"])
