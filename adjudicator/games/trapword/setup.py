"""What the GM sets up before round 1 of トラップワード: teams, not players; nothing hidden
to deal (attributes and hooks of the Variant)."""

from __future__ import annotations

from typing import Any, ClassVar


class TrapWordSetup:
    plays_in_teams: ClassVar[bool] = True

    @classmethod
    def deal_slots(cls, n: int, setup: dict[str, int]) -> list[dict[str, Any]]:
        from ...errors import UsageError

        raise UsageError("Trap Word has no hidden setup to deal (the teams are public)",
                         "トラップワードには伏せて配る役職がありません（チームは公開です）")
