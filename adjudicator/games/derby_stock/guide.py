"""The players' command sheet of ダービー＆ストック村 (``adjudicator guide``): what each
command of ``grammars/derby-stock.lark`` is for, in Japanese (adjudicator.guide)."""

from __future__ import annotations

from ...guide import Ctx, Example, GameGuide, Mistake, Text, werewolf_settings, werewolf_texts
from ...vocab import STOCK_LEVELS, yen
from .rules import DEFAULT_OPTIONS


def texts(ctx: Ctx) -> dict[str, Text]:
    a, b = ctx.name(0), ctx.name(1)
    out = werewolf_texts(ctx)
    out["bet"] = Text(
        title="ダービー予想", form="予想@名前 金額", who="生存している全員", when="夜",
        rule="ds.derby.bet",
        rule_ja="次の日の投票で処刑される人を予想して、所持金を賭けます。名前の代わりに"
                "「男性」「女性」で性別を予想することもできます。金額は1万ドル単位で、"
                "1万ドル以上、所持金まで。当たれば名前の予想は8倍、性別の予想は生存者の"
                "男女比に応じて2倍から4倍が返ってきます。",
        examples=(Example(f"予想@{a} 3万", "night"), Example("予想@女性 2万", "night")),
        mistakes=(Mistake(f"予想@{a} 3まん", "金額は「3万」「30000」のように数字で書いてください。",
                          "night", "syntax"),),
        note="夜の行動（予想・購入・売却）は1晩に1つです。締め切りまでは書き直せます。")
    out["buy"] = Text(
        title="株の購入", form="購入@名前の株 株数", who="生存している全員", when="夜",
        rule="ds.stock.buy",
        rule_ja="生存している人の株を、今の株価で買います（自分の株も買えます）。代金は"
                "所持金の範囲内で、持てるのは1人分の株だけです。株数を書かずに"
                "「購入@名前の株」とだけ書くと株価の問い合わせになり、続けて株数（「5株」"
                "または「5」）を送ると購入になります。問い合わせた夜は、ほかの売買や"
                "ダービーはできません。",
        examples=(Example(f"購入@{b}の株 1株", "night"), Example(f"購入@{b}の株", "night")),
        mistakes=(Mistake(f"購入@{b} 2株", "「の株」を付けて「購入@名前の株 株数」と書いてください。",
                          "night", "syntax"),
                  Mistake(f"購入@{b}の株 1.5株", "株は1株単位で買えます。", "night", "fraction")),
        note=(f"株数を書かずに「購入@{b}の株」とだけ書くと、株価の問い合わせになります。GMから"
              "株価を聞いたら、同じ夜のうちに株数（「3株」または「3」）を書くと購入になります。"
              "問い合わせて株数を書かなかった夜は、売買もダービーもできません。\n"
              "　株価：" + "／".join(f"{ja}{yen(price)}" if price > 0 else f"{ja}（購入不可）"
                                   for _id, ja, price in reversed(STOCK_LEVELS))))
    out["sell"] = Text(
        title="株の売却", form="売却@", who="株を持っている人", when="夜",
        rule="ds.stock.sell",
        rule_ja="持っている株を、今の株価で全部売ります（「売却@名前の株」とも書けます）。"
                "売却は取り消せず、売った夜はほかの売買やダービーはできません。",
        examples=(Example("売却@", "night"),))
    out["chance"] = Text(
        title="スーパーチャンス", form="チャンス@名前", who="生存している全員",
        when="2日目の夜だけ", rule="ds.chance.when",
        rule_ja="村人陣営の人は狂人だと思う人を、人狼陣営の人は狩人だと思う人を1人指名します。"
                "その役職がいないと思うときは「チャンス@GM」と書きます。当たればゲーム終了後に"
                "100万ドルがもらえます。結果はゲームが終わるまで誰にも知らされません。",
        examples=(Example(f"チャンス@{a}", "night2"), Example("チャンス@GM", "night2")),
        mistakes=(Mistake(f"チャンス@{a}", "スーパーチャンスは2日目の夜時間にだけ行えます。",
                          "night1", "chance_not_now"),),
        note="スーパーチャンスは夜の行動（予想・購入・売却）とは別に行えます。")
    return out


def settings(ctx: Ctx) -> list[str]:
    out = werewolf_settings(ctx)
    out.append("スーパーチャンスの報酬：" + (
        "当てた後に死亡した人にも渡されます。" if ctx.options.get("chance_pays_dead", True)
        else "ゲーム終了時に生存している人にだけ渡されます。"))
    return out


def intro(ctx: Ctx) -> list[str]:
    return ["所持金はみんな10万ドルから始まります。ゲーム終了時の所持金がいちばん多い人の勝ちです。"]


GUIDE = GameGuide(defaults=DEFAULT_OPTIONS, texts=texts, settings=settings, intro=intro)
