"""What the rest of the program asks of 普通村 by name: the deal's composition
(pw.setup.roles), the field the 配役's seal covers, the desk's roster columns
(attributes and hooks of the Variant)."""

from __future__ import annotations

from typing import Any, ClassVar

from ...config.skeletons import WEREWOLF_OPTIONS, Option
from .. import werewolf as ww

#: pw.setup.roles: role counts per number of players (docs/games/plain-werewolf.md),
#: overridable with ``[setup]`` counts in game.toml
PLAIN: dict[int, dict[str, int]] = {
    9: {"人狼": 2, "狂人": 1, "占い師": 1, "霊能者": 1, "狩人": 1, "村人": 3},
    10: {"人狼": 2, "狂人": 1, "占い師": 1, "霊能者": 1, "狩人": 1, "村人": 4},
    11: {"人狼": 2, "狂人": 1, "占い師": 1, "霊能者": 1, "狩人": 1, "村人": 5},
    12: {"人狼": 2, "狂人": 1, "占い師": 1, "霊能者": 1, "狩人": 1, "村人": 6},
    13: {"人狼": 2, "狂人": 1, "占い師": 1, "霊能者": 1, "狩人": 1, "共有者": 2, "村人": 5},
    14: {"人狼": 3, "狂人": 1, "占い師": 1, "霊能者": 1, "狩人": 1, "共有者": 2, "村人": 5},
    15: {"人狼": 3, "狂人": 1, "占い師": 1, "霊能者": 1, "狩人": 1, "共有者": 2, "村人": 6},
    16: {"人狼": 3, "狂人": 1, "占い師": 1, "霊能者": 1, "狩人": 1, "共有者": 2, "村人": 7},
}


class PlainSetup:

    #: game.toml's [options] as ``adjudicator new`` writes them (adjudicator.config.skeletons)
    toml_options: ClassVar[tuple[Option, ...]] = WEREWOLF_OPTIONS
    toml_words: ClassVar[str] = "「抽選」「人狼」"
    sealed_fields: ClassVar[tuple[str, ...]] = ("role",)
    setup_counts: ClassVar[bool] = True
    werewolf_roles: ClassVar[bool] = True
    roster_columns: ClassVar[tuple[str, ...]] = ("role",)
    role_hint: ClassVar[str] = "役職（人狼/狂人/占い師/霊能者/狩人/共有者/村人）"

    @classmethod
    def deal_slots(cls, n: int, setup: dict[str, int]) -> list[dict[str, Any]]:
        return ww.role_seats(ww.role_counts(n, setup, PLAIN, "普通村", "pw.setup.roles"))
