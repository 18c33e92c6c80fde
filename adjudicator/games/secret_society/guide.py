"""The players' command sheet of 秘密結社村 (``adjudicator guide``): what each command of
``grammars/secret-society.lark`` is for, in Japanese (adjudicator.guide)."""

from __future__ import annotations

from ...guide import Ctx, Example, GameGuide, Mistake, Text, werewolf_settings, werewolf_texts
from .rules import DEFAULT_OPTIONS

_VOTE_TIME = "投票時間（GMの「投票時間です」の後）"


def _t(title: str, form: str, who: str, when: str, rule: str, text: str,
       *examples: Example, mistakes: tuple[Mistake, ...] = (), note: str = "") -> Text:
    return Text(title=title, form=form, who=who, when=when, rule=rule, rule_ja=text,
                examples=examples, mistakes=mistakes, note=note)


def texts(ctx: Ctx) -> dict[str, Text]:
    x, y = ctx.name(-1), ctx.name(-2)
    pirate = "海賊団の人"
    chrono = "クロノマターの人（能力使用権が必要）"
    out = {"vote": werewolf_texts(ctx)["vote"]}
    out["invite"] = _t(
        "勧誘", "勧誘@名前", "結社のリーダー", "夜（2日目の夜を除く）", "ss.recruit",
        "リーダーは毎晩1人を結社に勧誘できます。勧誘された人は同じ夜のうちに承諾か拒否を"
        "答えます（答えなければ拒否です）。シークレットのリーダーの勧誘は、GMを通して"
        "名前を伏せて届きます。",
        Example(f"勧誘@{x}", "night1"),
        mistakes=(Mistake(f"勧誘@{x}", "2日目の夜は勧誘できません。", "night2",
                                   "no_recruit_night2"),))
    out["accept"] = _t(
        "承諾", "承諾", "勧誘された人", "勧誘された夜", "ss.p.answer",
        "勧誘に応じて結社に入ります。一晩に2つ以上の勧誘を受けたときは「承諾@結社名」と"
        "書いてください。ほかの結社に入っている人が承諾すると裏切り者になります。",
        Example("承諾", "night"), Example("承諾@海賊団", "night"))
    out["refuse"] = _t(
        "拒否", "拒否", "勧誘された人", "勧誘された夜", "ss.p.answer",
        "勧誘を断ります（「拒否@結社名」とも書けます）。答えなかったときも拒否になります。",
        Example("拒否", "night"))
    out["apply"] = _t(
        "入会希望", "入会希望@結社名", "どの結社にも入っていない人", "2日目の" + _VOTE_TIME,
        "ss.chance.apply",
        "忍びの里・海賊団・クロノマターのどれかへの入会を希望します。GMから問題が出され、"
        "2日目の夜に「解答@答え」で正解すると入会できます。",
        Example("入会希望@忍びの里", "day2"))
    out["solve"] = _t(
        "解答", "解答@答え", "入会希望を出した人と、結社の人", "2日目の夜", "ss.chance.apply",
        "入会の問題に答えます。結社の人にとっては追加の課題になり、正解すれば課題成功が"
        "1つ増え、不正解（または答えなし）なら課題失敗が1つ増えます。",
        Example("解答@富士山", "night2"),
        note="結社に入っている人にも同じ問題が追加の課題として出ます（正解で課題成功1回、"
             "不正解・解答なしで課題失敗1回）。")
    out["learn"] = _t(
        "術の習得", "習得@術名", "忍びの里の人", "昼", "ss.ninja.learn",
        "課題に1回成功するごとに、まだ覚えていない術を1つ習得できます。「習得」とだけ書くと"
        "口寄せ・影縫い・土遁・変わり身の順で次の術を覚えます。変わり身は2日続けて課題に"
        "成功した後にだけ習得でき、使えるのは1回です。",
        Example("習得@影縫い", "day"), Example("習得", "day"))
    ninja = "その術を習得した忍びの里の人"
    out["kuchiyose"] = _t(
        "口寄せの術", "口寄せ@名前", ninja, _VOTE_TIME, "ss.ninja.kuchiyose",
        "50%の確率で、その人が忍びの里の人かどうかがわかります。その人にタイムボムが"
        "仕掛けられていれば、必ず見つかります。術は投票時間ごとに1つまでです。",
        Example(f"口寄せ@{y}", "day"))
    out["kagenui"] = _t(
        "影縫いの術", "影縫い@名前", ninja, _VOTE_TIME, "ss.ninja.kagenui",
        "その夜、その人は能力を使えません。", Example(f"影縫い@{y}", "day"))
    out["doton"] = _t(
        "土遁の術", "土遁", ninja, _VOTE_TIME, "ss.ninja.doton",
        "その夜、誰の能力もあなたに届きません（勧誘・ピストル・大縄・タイムボムの爆発・影縫い）。",
        Example("土遁", "day"))
    out["kawarimi"] = _t(
        "変わり身の術", "変わり身", ninja, _VOTE_TIME, "ss.ninja.kawarimi",
        "その日の投票で処刑されても死亡しません。", Example("変わり身", "day"))
    out["flag"] = _t(
        "海賊旗", "海賊旗", pirate + "（1金）", _VOTE_TIME, "ss.pirate.flag",
        "海賊旗を買い、その夜に旗を揚げます。金は課題に1回成功するごとに1金もらえます。",
        Example("海賊旗", "day"))
    out["telescope"] = _t(
        "望遠鏡", "望遠鏡", pirate + "（1金）", "夜", "ss.pirate.telescope",
        "その夜に海賊旗を揚げた人がわかります。能力は一晩に1つまでです。", Example("望遠鏡", "night"))
    out["treasure"] = _t(
        "トレジャーハント", "トレジャーハント", pirate + "（1金）", "夜", "ss.pirate.treasure",
        "50%の確率で2金を手に入れます。", Example("トレジャーハント", "night"))
    out["pistol"] = _t(
        "ピストル", "ピストル@名前", pirate + "（3金）", "夜", "ss.pirate.pistol",
        "サイコロを1つ振り、4〜6ならその人が死亡、2〜3なら何も起きず、1なら撃った人が死亡します。",
        Example(f"ピストル@{x}", "night", refused="no_gold"))
    out["rope"] = _t(
        "大縄とフック", "大縄@名前", "海賊団のリーダー（3金）", "夜", "ss.pirate.rope",
        "その夜の勧誘として、その人を答えを聞かずに海賊団に入れます。ほかの結社の人は"
        "裏切り者になります。", Example(f"大縄@{x}", "night1", refused="no_gold"))
    out["timebomb"] = _t(
        "タイムボム", "タイムボム", chrono, "夜", "ss.chrono.bomb",
        "自分以外の生存者の誰か1人（抽選）にタイムボムを仕掛けます。次の夜の終わりに爆発し、"
        "持っている人が死亡します。能力使用権は、課題に2日続けて成功するごとに1回もらえます。",
        Example("タイムボム", "night"))
    out["chronoback"] = _t(
        "クロノバック", "クロノバック", chrono, "夜", "ss.chrono.back",
        "その夜の勧誘と入会をすべて取り消します。", Example("クロノバック", "night"))
    out["timepass"] = _t(
        "タイムパス", "タイムパス", chrono, "夜", "ss.chrono.pass",
        "次の日は議論なしで投票だけになり、その日の課題は次の日に持ち越されます。",
        Example("タイムパス", "night"))
    return out


def settings(ctx: Ctx) -> list[str]:
    out = werewolf_settings(ctx)
    cfg = ctx.cfg
    if cfg is not None and cfg.recruit_chance is not None and cfg.recruit_chance.question:
        out.append("2日目の入会の問題はGMが出題します。答えは全角・半角、大文字・小文字、"
                   "空白の違いを区別しません。")
    return out


def intro(ctx: Ctx) -> list[str]:
    return ["結社名は「忍びの里」「忍び」「忍者」、「海賊団」「海賊」、「クロノマター」「クロノ」、"
            "「シークレット」と書けます。術・海賊旗・入会希望は、GMの「投票時間です」の後に"
            "書いてください。"]


GUIDE = GameGuide(defaults=DEFAULT_OPTIONS, texts=texts, settings=settings, intro=intro)
