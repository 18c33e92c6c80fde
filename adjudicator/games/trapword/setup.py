"""What the GM sets up before round 1 of トラップワード: teams, not players; nothing hidden
to deal (attributes and hooks of the Variant)."""

from __future__ import annotations

from typing import Any, ClassVar

from ...config.skeletons import Option, flag


def _monsters() -> tuple[tuple[str, str], ...]:
    """The monsters of the sample deck, each by its name as the card says it."""
    from .deck import sample_deck

    return tuple((f'"{c.name}"', c.name) for c in sample_deck().monsters)


class TrapWordSetup:

    #: game.toml's [options] as ``adjudicator new`` writes them (adjudicator.config.skeletons)
    toml_options: ClassVar[tuple[Option, ...]] = (
        Option("tiles", "[3, 4, 5, 6, 7]", "部屋の番号（その部屋のトラップワードの数になります）",
               "部屋の番号（その部屋のトラップワードの数。2つ以上を「、」で区切って）"),
        Option("curses", "2", "呪いカードの枚数", "呪いカードの枚数", low=0),
        Option("monster", '"砂喰いゴーレム"', "モンスターカードを決めておくとき、その名前"
               "（書かなければ抽選）", "モンスターカード", choices_from=_monsters, unset="抽選"),
        Option("hourglass_seconds", "120", "1ターンの時間（秒）", "1ターンの時間（秒）", low=1),
        Option("answer_limit", "5", "1ターンに答えられる回数", "1ターンに答えられる回数", low=1),
        Option("call_window_seconds", "10", "ヒントの後、トラップのコールを受け付ける秒数",
               "ヒントの後、トラップのコールを受け付ける秒数", low=1),
        Option("trap_mode", '"コール"', "「コール」＝コールがあったときだけ発動／「自動」＝確実な一致は"
               "コールなしでも発動", "トラップの発動",
               (('"コール"', "コールがあったときだけ"), ('"自動"', "確実な一致はコールなしでも"))),
        Option("answer_by_reading", "true", "ひらがな・カタカナの答えを読みで正解にする（true）か、"
               "しない（false）", "ひらがな・カタカナの答えを読みで", flag("正解にする", "正解にしない")),
        Option("strict_proper_nouns", "false", "固有名詞のヒントを見つけた時点で不正なヒントにする"
               "（true）か、GMが判断する（false）", "固有名詞のヒント",
               flag("見つけた時点で不正なヒント", "GMが判断する")),
        Option("single_winner", "false", "同時にゴールしたとき、決着ルールで勝者を1チームにする"
               "（true）か、両チームの勝利（false）", "同時にゴールしたとき",
               flag("決着ルールで勝者を1チームに", "両チームの勝利")),
        Option("advanced", "false", "上級のカードも使う（true）か、使わない（false）",
               "上級のカード", flag("使う", "使わない")),
        Option("words", '["りんご", "みかん"]', "秘密のワードの候補（GMが「秘密@」を書かなかった"
               "ラウンドに抽選）", "秘密のワードの候補（1行に1つ。GMが「秘密@」を書かなかった"
               "ラウンドに抽選）", unset="なし"),
        Option("synonyms", '{ "科学" = ["サイエンス"] }', "同じ答えとして扱う言い換え",
               "同じ答えとして扱う言い換え（1行に「科学=サイエンス/SF」の形で）", unset="なし"),
    )
    toml_words: ClassVar[str] = "「コール」「自動」"
    chatter_example: ClassVar[str] = "トラップって言わないで"
    plays_in_teams: ClassVar[bool] = True

    @classmethod
    def deal_slots(cls, n: int, setup: dict[str, int]) -> list[dict[str, Any]]:
        from ...errors import UsageError

        raise UsageError("Trap Word has no hidden setup to deal (the teams are public)",
                         "トラップワードには伏せて配る役職がありません（チームは公開です）")
