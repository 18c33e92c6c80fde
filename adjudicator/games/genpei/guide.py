"""The players' command sheet of 源平村 (``adjudicator guide``): what each command of
``grammars/genpei.lark`` is for, in Japanese (adjudicator.guide)."""

from __future__ import annotations

from ...guide import Ctx, Example, GameGuide, Mistake, Text, werewolf_settings, werewolf_texts
from .rules import CASTLE_TARGET, DEFAULT_OPTIONS


def texts(ctx: Ctx) -> dict[str, Text]:
    a, b, c = ctx.name(0), ctx.name(1), ctx.name(2)
    out = werewolf_texts(ctx)
    out["assassinate"] = Text(
        title="暗殺", form="暗殺@名前", who="暗殺権を持つ陣営の大将", when="夜",
        rule="gp.general",
        rule_ja="暗殺権を持つ陣営の大将は夜に、自分以外の生存者を1人暗殺できます（自分の陣営の人や"
                "帝も選べます）。暗殺権は毎晩どちらか一方の陣営だけが持ち、暗殺の結果によって"
                "次の夜に移ります。",
        examples=(Example(f"暗殺@{b}", "night"),),
        mistakes=(Mistake(f"暗殺@{b}", "暗殺は夜に行ってください。", "day1", "wrong_phase"),))
    out["scout"] = Text(
        title="偵察", form="偵察@名前", who="参謀", when="2日目の夜から",
        rule="gp.strategist",
        rule_ja="参謀は2日目の夜から毎晩1人を偵察し、その人が源氏・平氏・帝のどれかを次の通知で"
                "知ります。",
        examples=(Example(f"偵察@{c}", "night2"),),
        mistakes=(Mistake(f"偵察@{c}", "偵察は2日目の夜からです。", "night1", "too_early"),))
    out["nominate"] = Text(
        title="後継者の指名", form="指名@名前", who="帝", when="2日目の夜から",
        rule="gp.emperor.nominate",
        rule_ja="帝は2日目の夜から、後継者を1人指名できます。指名はゲーム中に2回まで、"
                "後継者が生きている間は新しく指名できません。",
        examples=(Example(f"指名@{a}", "night2"),),
        mistakes=(Mistake(f"指名@{a}", "指名は2日目の夜からです。", "night1", "too_early"),))
    return out


def free(ctx: Ctx) -> list[Text]:
    return [Text(
        title="辞世の句", form="辞世の句：ひとこと", who="処刑された人", when="処刑の後",
        rule="gp.p.jisei",
        rule_ja="処刑された人は、投票の後の昼のログか次の夜のログに「辞世の句：」で始まる1行を"
                "書けます。その行が投稿に載ります（書かなければ、その日の最後の発言が載ります）。",
        examples=())]


def settings(ctx: Ctx) -> list[str]:
    o = ctx.options
    out = werewolf_settings(ctx)
    out.append("影武者が生きている間に大将が狙われたとき：" + (
        "暗殺も処刑も失敗し、誰も死亡しません。" if o.get("body_double") == "immune"
        else "影武者が身代わりに死亡します。"))
    first = o.get("first_assassin")
    out.append("1日目の夜の暗殺権：" + (
        "源氏が持ちます。" if first == "genji" else "平氏が持ちます。" if first == "heike"
        else "抽選で決めます（抽選の結果は記録されます）。"))
    target = o.get("castle_target")
    if target is None and ctx.cfg is not None and len(ctx.cfg.players) in CASTLE_TARGET:
        target = CASTLE_TARGET[len(ctx.cfg.players)]
    out.append("城の完成に必要な労働力：" + (f"{target}。" if target is not None
                                     else "17人村は28、15人村は25。"))
    return out


def intro(ctx: Ctx) -> list[str]:
    return ["源氏と平氏が夜ごとに暗殺を行い、帝は後継者を立てて勝利を目指します。"
            "コマンドは夜のログに書いてください（投票と辞世の句は昼です）。"]


GUIDE = GameGuide(defaults=DEFAULT_OPTIONS, texts=texts, settings=settings, intro=intro,
                  free=free)
