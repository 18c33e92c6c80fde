"""The players' command sheet of トラップワード (``adjudicator guide``): what each command of
``grammars/trapword.lark`` is for, and the lines that are not commands (hints and
answers), in Japanese (adjudicator.guide)."""

from __future__ import annotations

from ...guide import Ctx, Example, GameGuide, Text
from .state import DEFAULTS


def texts(ctx: Ctx) -> dict[str, Text]:
    o = ctx.options
    window = o.get("call_window_seconds", 10)
    auto = o.get("trap_mode") == "auto"
    call = (f"相手チームのヒントの後{window}秒以内に「トラップ」と書くと、そのヒントにトラップワードが"
            "含まれていないかを判定します（その秒数の中のヒントすべてが対象です）。"
            "トラップワードそのものか、その一部、言い換えが含まれていればトラップ成立です。")
    if auto:
        call += "この設定では、トラップワードそのものや一部がヒントに含まれていれば、コールがなくても成立します。"
    return {
        "trap_set": Text(
            title="トラップワードの設定", form="トラップ@単語、単語",
            who="両チームの全員", when="ラウンドの初め（ヒントが始まる前）",
            rule="tw.trap.count",
            rule_ja="相手チームが秘密のワードのヒントに使いそうな言葉を、トラップワードに"
                    "します。設定できる数は、相手チームがいる部屋の番号と同じです（呪いで変わる"
                    "ことがあります）。名詞・形容詞・副詞・動詞・数詞だけが使え、「それ」や「に」"
                    "などは受け付けられません。相手チームの最初のヒントの後に書いたものは無効です。",
            examples=(Example("トラップ@果物、赤い", "round"),)),
        "call": Text(
            title="トラップのコール", form="トラップ", who="ヒントを出していないチームの人",
            when="相手チームのヒントの後", rule="tw.trap.call", rule_ja=call,
            examples=(Example("トラップ", "round"),)),
    }


def free(ctx: Ctx) -> list[Text]:
    limit = ctx.options.get("answer_limit", 5)
    seconds = ctx.options.get("hourglass_seconds", 120)
    return [
        Text(title="ヒント", form="そのまま書く", who="そのターンのヒントを出す人",
             when="自分のチームのターン", rule="tw.hint",
             rule_ja="ヒントを出す人の発言はすべてヒントになります。秘密のワードやその一部を"
                     "含むヒント、固有名詞、読み方や書き方の説明は反則です。",
             examples=()),
        Text(title="答え", form="そのまま書く", who="ヒントを聞くチームの人",
             when="自分のチームのターン", rule="tw.answer.limit",
             rule_ja=f"答える人の発言はすべて答えになります（相談や質問もできません）。答えられるのは"
                     f"1ターンに{limit}回までで、{limit}回目も外れるとそのターンは失敗です。"
                     f"1ターンの時間は{seconds}秒です。",
             examples=()),
    ]


def settings(ctx: Ctx) -> list[str]:
    o = ctx.options
    out = [f"部屋の番号：{'・'.join(str(t) for t in o.get('tiles', [3, 4, 5, 6, 7]))}。",
           f"1ターンの時間：{o.get('hourglass_seconds', 120)}秒。",
           f"1ターンに答えられる回数：{o.get('answer_limit', 5)}回。",
           f"トラップのコール：ヒントの後{o.get('call_window_seconds', 10)}秒以内。"]
    out.append("トラップの発動：" + ("トラップワードそのものや一部がヒントに含まれていれば、"
                                "コールがなくても発動します。" if o.get("trap_mode") == "auto"
                                else "相手チームのコールがあったときだけ発動します。"))
    out.append("ひらがな・カタカナの答え：" + ("読みが秘密のワードの読みと同じなら正解です。"
                                      if o.get("answer_by_reading", True)
                                      else "書き方が合っているときだけ正解です。"))
    out.append("固有名詞のヒント：" + ("見つかった時点で不正なヒントとなり、その手番は失敗です。"
                                if o.get("strict_proper_nouns")
                                else "GMが不正なヒントと判断したときは、その手番は失敗です。"))
    out.append("最後に両チームが同時にゴールしたとき：" + (
        "タイブレークで勝者を1チームに決めます。" if o.get("single_winner") else "両チームの勝利です。"))
    out.append(f"呪いのカード：{o.get('curses', 2)}枚。")
    return out


def intro(ctx: Ctx) -> list[str]:
    teams = "・".join(ctx.teams)
    return [f"チーム：{teams}。ヒントと答えはそのまま書いてください。コマンドは"
            "トラップワードの設定とコールの2つだけです。"]


def rules(ctx: Ctx) -> tuple[str, ...]:
    return ("トラップワードは「トラップ@」の後に、「、」で区切って書いてください。＠は全角でも"
            "半角でも構いません。",
            "ヒントを出す人と答える人の発言は、すべてヒント・答えとして扱います。",
            "トラップが成立したかどうかは自動で判定し、最後はGMが決めます（GMの判定が優先です）。",
            "受け付けられなかったトラップワードは、理由と一緒にお知らせします。")


GUIDE = GameGuide(defaults=DEFAULTS, texts=texts, settings=settings, intro=intro, free=free,
                  rules=rules)
