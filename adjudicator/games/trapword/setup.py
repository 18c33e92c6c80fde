"""What the GM sets up before round 1 of トラップワード: teams, not players; nothing hidden
to deal (attributes and hooks of the Variant)."""

from __future__ import annotations

from typing import Any, ClassVar


class TrapWordSetup:

    #: game.toml's [options] as ``adjudicator new`` writes them (adjudicator.config.skeletons)
    toml_options: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("tiles", "[3, 4, 5, 6, 7]", "部屋の番号（その部屋のトラップワードの数になります）"),
        ("curses", "2", "呪いカードの枚数"),
        ("monster", '"砂喰いゴーレム"', "モンスターカードを決めておくとき、その名前"
         "（書かなければ抽選）"),
        ("hourglass_seconds", "120", "1ターンの時間（秒）"),
        ("answer_limit", "5", "1ターンに答えられる回数"),
        ("call_window_seconds", "10", "ヒントの後、トラップのコールを受け付ける秒数"),
        ("trap_mode", '"コール"', "「コール」＝コールがあったときだけ発動／「自動」＝確実な一致は"
         "コールなしでも発動"),
        ("answer_by_reading", "true", "ひらがな・カタカナの答えを読みで正解にする（true）か、"
         "しない（false）"),
        ("strict_proper_nouns", "false", "固有名詞のヒントを見つけた時点で不正なヒントにする（true）"
         "か、GMが判断する（false）"),
        ("single_winner", "false", "同時にゴールしたとき、決着ルールで勝者を1チームにする（true）"
         "か、両チームの勝利（false）"),
        ("advanced", "false", "上級のカードも使う（true）か、使わない（false）"),
        ("words", '["りんご", "みかん"]', "秘密のワードの候補（GMが「秘密@」を書かなかったラウンドに"
         "抽選）"),
        ("synonyms", '{ "科学" = ["サイエンス"] }', "同じ答えとして扱う言い換え"),
    )
    toml_words: ClassVar[str] = "「コール」「自動」"
    chatter_example: ClassVar[str] = "トラップって言わないで"
    plays_in_teams: ClassVar[bool] = True

    @classmethod
    def deal_slots(cls, n: int, setup: dict[str, int]) -> list[dict[str, Any]]:
        from ...errors import UsageError

        raise UsageError("Trap Word has no hidden setup to deal (the teams are public)",
                         "トラップワードには伏せて配る役職がありません（チームは公開です）")
