"""The players' command sheet of ムジュラの仮面村 (``adjudicator guide``): the declarations
of ``grammars/majora.lark``, in Japanese (adjudicator.guide).  The names of items, riddles
and locks belong to the GM's scenario and are secrets of the game: the examples use
placeholder names, never the scenario's."""

from __future__ import annotations

from ...guide import Ctx, Example, GameGuide, Mistake, Text

_DAY = "昼"


def texts(ctx: Ctx) -> dict[str, Text]:
    a, b = ctx.name(0), ctx.name(1)
    return {
        "use": Text(
            title="アイテムの使用", form="使用@アイテム名", who="そのアイテムを持っている人",
            when=_DAY, rule="mj.declare",
            rule_ja="持っているアイテムを使います。人や鍵のかかったもの、ほかのアイテムに使うときは"
                    "「使用@アイテム名→対象」と書きます。カギは鍵のかかったものに使うと開きます。"
                    "時の楽器を吹けるのは、それを許された仮面をつけた人だけです。宣言は書いた順に"
                    "有効になり、見つけたり受け取ったりしたアイテムはその日のうちに使えます。",
            examples=(Example("使用@カギ→扉", "day", refused="unknown_lock"),),
            mistakes=(Mistake("使用@カギ→扉", "アイテムや能力は昼時間に宣言してください"
                              "（夜は会話だけです）。", "night", "wrong_phase"),)),
        "ability": Text(
            title="仮面の能力", form="能力@（相手が要る能力は 能力@名前）", who="能力のある仮面をつけた人", when=_DAY,
            rule="mj.declare",
            rule_ja="つけている仮面の能力を使います。相手が必要な能力は「能力@名前」と書きます。"
                    "使える回数は仮面ごとに決まっています。能力のない仮面では使えません。",
            examples=(Example("能力@", "day"), Example(f"能力@{a}", "day"))),
        "give": Text(
            title="アイテムを渡す", form="渡す@アイテム名→名前", who="そのアイテムを持っている人",
            when=_DAY, rule="mj.declare",
            rule_ja="持っているアイテムを、生存しているほかの人に渡します。",
            examples=(Example(f"渡す@カギ→{b}", "day", refused="not_holder"),)),
        "answer": Text(
            title="謎への回答", form="回答@謎の名前 答え", who="生存している全員", when=_DAY,
            rule="mj.riddle",
            rule_ja="謎に答えます。全角・半角、ひらがな・カタカナ、空白の違いは区別しません。"
                    "不正解も受け付けて発表します。その周ですでに解かれた謎には答えられません。",
            examples=(Example("回答@時計 とけいとう", "day", refused="unknown_riddle"),)),
    }


def settings(ctx: Ctx) -> list[str]:
    return ["月は4日目の朝に落ちます。時の楽器を奏でると1日目に戻ります（戻れるのは3回まで）。",
            "巨人の道具4つをすべて使うと、仮面の村人の勝利です。"]


def intro(ctx: Ctx) -> list[str]:
    return ["宣言は昼のログに書いてください。夜は会話だけです。アイテム・謎・鍵のかかったものの"
            "名前は、通知や投稿に書かれた名前をそのまま書いてください（例の名前は仮のものです）。"
            "「→」は「->」や「＞」でも構いません。"]


GUIDE = GameGuide(defaults={}, texts=texts, settings=settings, intro=intro)
