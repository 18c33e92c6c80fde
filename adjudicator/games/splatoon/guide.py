"""The players' command sheet of Splatoon！！村 (``adjudicator guide``): what each command of
``grammars/splatoon.lark`` is for, in Japanese (adjudicator.guide)."""

from __future__ import annotations

from dataclasses import replace

from ...guide import Ctx, Example, GameGuide, Mistake, Text, werewolf_settings, werewolf_texts
from .rules import DEFAULT_OPTIONS

_WHO = "その武器を持つ、色のついたイカ"


def _weapon(title: str, form: str, rule: str, text: str, line: str,
            who: str = _WHO) -> Text:
    return Text(title=title, form=form, who=who, when="夜", rule=rule, rule_ja=text,
                examples=(Example(line, "night"),))


def texts(ctx: Ctx) -> dict[str, Text]:
    a, b, c = ctx.name(0), ctx.name(1), ctx.name(2)
    three = f"{a},{b},{c}"
    other = f"{ctx.name(7)},{ctx.name(8)},{ctx.name(9)}"  # sorted names, never by role
    special = "スペシャルを持つ、色のついたイカ（ゲーム中1回）"
    out = werewolf_texts(ctx)
    out["shooter"] = _weapon(
        "シューター", "シューター@名前", "sp.weapon.shooter",
        "1人に2カラーダメージを与えます。相手チームのシューターに撃たれたイカの攻撃は、"
        "その夜は無効になります（相手もシューターのときを除く）。", f"シューター@{a}")
    out["roller"] = _weapon(
        "ローラー", "ローラー@名前,名前,名前", "sp.weapon.roller",
        "違う3人にそれぞれ1カラーダメージを与えます。", f"ローラー@{three}")
    out["roller"] = replace(out["roller"], mistakes=(Mistake(
        f"ローラー@{a},{b}", "ローラーは違う3人の名前を書いてください。", "night",
        "target_count"),))
    out["charger"] = _weapon(
        "チャージャー", "チャージャー@名前", "sp.weapon.charger", "1人に3カラーダメージを与えます。",
        f"チャージャー@{b}")
    out["bomb"] = _weapon(
        "ボム", "ボム@名前", "sp.weapon.bomb",
        "1人に1カラーダメージを与えます。ボムは村全体で3発までで、書かれた順に使われます。"
        "投げられた人には、誰が投げたかは知らされません。", f"ボム@{a}")
    out["sensor"] = _weapon(
        "スーパーセンサー", "スーパーセンサー", "sp.special.sensor",
        "相手の色のイカが誰かを知ることができます。", "スーパーセンサー", special)
    out["tornado"] = _weapon(
        "トルネード", "トルネード@名前,名前,名前", "sp.special.tornado",
        "違う3人にそれぞれ2カラーダメージを与えます。", f"トルネード@{other}", special)
    out["supershot"] = _weapon(
        "スーパーショット", "スーパーショット@名前", "sp.special.supershot",
        "1人に5カラーダメージを与えます。", f"スーパーショット@{a}", special)
    return out


def settings(ctx: Ctx) -> list[str]:
    out = werewolf_settings(ctx)
    out.append(f"色のついたイカのゲージ：自分の色の{ctx.options.get('initial_gauge', 3)}から始まります。")
    return out


def intro(ctx: Ctx) -> list[str]:
    return ["武器のコマンドは夜のログに書いてください。色のないイカは、色がつくまで武器を使えません。"
            "名前は「,」「、」「・」「と」で区切れます。"]


GUIDE = GameGuide(defaults=DEFAULT_OPTIONS, texts=texts, settings=settings, intro=intro)
