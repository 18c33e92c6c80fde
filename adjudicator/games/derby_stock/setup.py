"""What the GM sets up before day 1 of ダービー＆ストック村: the deal's composition
(ds.setup.roles), the fields the 配役's seal covers, the desk's roster columns and the
commented game.toml of ``adjudicator new`` (attributes and hooks of the Variant)."""

from __future__ import annotations

from typing import Any, ClassVar

from ...config.skeletons import WEREWOLF_OPTIONS, Option, flag
from .. import werewolf as ww

#: role counts per number of players (16 from the seed; the rest ours).  The seed's
#: 「狼３狂１占１霊１狩１共２村６（１６人村）」 adds up to 15, not 16: the 16th seat is a
#: 村人 (村7, as the bundled sample game has it).  The seed plays 12 to 16 「適当に」, so
#: the smaller counts are ours (fewer players: fewer villagers, then one wolf fewer, then
#: no masons), overridable with ``[setup]`` counts in game.toml (``"人狼" = 2``…).
DERBY: dict[int, dict[str, int]] = {
    16: {"人狼": 3, "狂人": 1, "占い師": 1, "霊能者": 1, "狩人": 1, "共有者": 2, "村人": 7},
    15: {"人狼": 3, "狂人": 1, "占い師": 1, "霊能者": 1, "狩人": 1, "共有者": 2, "村人": 6},
    14: {"人狼": 3, "狂人": 1, "占い師": 1, "霊能者": 1, "狩人": 1, "共有者": 2, "村人": 5},
    13: {"人狼": 2, "狂人": 1, "占い師": 1, "霊能者": 1, "狩人": 1, "共有者": 2, "村人": 5},
    12: {"人狼": 2, "狂人": 1, "占い師": 1, "霊能者": 1, "狩人": 1, "村人": 6},
}
_SKELETON_ROLES = ["人狼", "人狼", "人狼", "狂人", "占い師", "霊能者", "狩人", "共有者", "共有者",
                   "村人", "村人", "村人", "村人", "村人", "村人", "村人"]


class DerbySetup:

    #: game.toml's [options] as ``adjudicator new`` writes them (adjudicator.config.skeletons)
    toml_options: ClassVar[tuple[Option, ...]] = (
        *WEREWOLF_OPTIONS,
        Option("chance_pays_dead", "true", "スーパーチャンスを当てた人が死亡していても報酬を渡す"
               "（true）か、生存者だけ（false）", "スーパーチャンスを当てた人が死亡しているとき",
               flag("報酬を渡す", "渡さない（生存者だけ）")),
    )
    toml_words: ClassVar[str] = "「抽選」「男性」「人狼」"
    sealed_fields: ClassVar[tuple[str, ...]] = ("role",)
    setup_counts: ClassVar[bool] = True
    werewolf_roles: ClassVar[bool] = True
    roster_columns: ClassVar[tuple[str, ...]] = ("gender", "role")
    role_hint: ClassVar[str] = "役職（人狼/狂人/占い師/霊能者/狩人/共有者/村人）"
    winners_title: ClassVar[str] = "優勝"
    #: money decides the winner: the side is said apart
    team_won_line: ClassVar[str] = "陣営は{label}の勝利"

    @classmethod
    def deal_slots(cls, n: int, setup: dict[str, int]) -> list[dict[str, Any]]:
        return ww.role_seats(ww.role_counts(n, setup, DERBY, "ダービー＆ストック村",
                                            "ds.setup.roles"))

    @classmethod
    def deal_problems(cls, player: dict[str, Any]) -> list[tuple[str, str]]:
        from ...config.words import value_of

        if value_of("derby-stock", "players.gender", player.get("gender")) in ("male", "female"):
            return []
        return [("gender: needed before the deal (male or female, ds.setup.gender)",
                 "の性別（男性か女性か）が書かれていません（配役の前に要ります）")]

    @classmethod
    def skeleton(cls) -> str | None:
        from ...config.skeletons import head

        body = ["# 参加者は12〜16人。役職：人狼 狂人 占い師 霊能者 狩人 共有者 村人",
                "#（狼 狂 占 霊 狩 共 村 とも書けます）。性別は「男性」か「女性」です。"]
        for i, role in enumerate(_SKELETON_ROLES, 1):
            body += ["", "[[players]]", f'name = "プレイヤー{i}"',
                     'aliases = []          # チャットで使われるほかの呼び名',
                     f'gender = "{"男性" if i % 2 else "女性"}"', f'role = "{role}"']
        return head("derby-stock") + "\n" + "\n".join(body) + "\n"
