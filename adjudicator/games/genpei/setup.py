"""What the GM sets up before day 1 of 源平村: the deal's composition (gp.setup), the
fields the 配役's seal covers and the desk's roster columns (attributes and hooks of the
Variant)."""

from __future__ import annotations

from typing import Any, ClassVar

from ..base import need_count

#: gp.setup: 17 (or 15): each side 大将, 影武者, 参謀, 住職, 農民 ×4 (×3); 帝
ROLES = ("大将", "影武者", "参謀", "住職")
FARMERS = {17: 4, 15: 3}


class GenpeiSetup:
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
