"""Copy lint for 秘密結社村, Splatoon！！村, 源平村 and ムジュラの仮面村, round two (review 2, the
points SP3, GP1, GP3–GP5, MJ9–MJ10, SS17, SS19, SS20): each recurring wrong shape fixed is
pinned over every fixture game of these four villages, in every output a person reads:
the GM ledger, the private notices, the posts, and explain for the GM and every player.

Each check is a function of the texts; ``test_each_check_can_fail`` feeds it the old
wording it replaced, so that no check passes on anything."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from tests.support import fixture_games, fixture_variant

GAMES = {"secret-society", "splatoon", "genpei", "majora"}
ROOTS = [r for r in fixture_games() if fixture_variant(r) in GAMES]


class Texts:
    """One fixture game's outputs: ``files`` (ledger, notices, posts by their path) and
    ``views`` (explain, by 'gm' or a player's name)."""

    def __init__(self, variant: str, files: dict[str, str], views: dict[str, str],
                 players: frozenset[str]) -> None:
        self.variant, self.files, self.views, self.players = variant, files, views, players

    def notices(self) -> dict[str, str]:
        return {k: v for k, v in self.files.items() if "/private/" in k}

    def posts(self) -> dict[str, str]:
        return {k: v for k, v in self.files.items() if k.endswith("public.txt")}

    def everything(self) -> dict[str, str]:
        return {**self.files, **{f"explain {k}": v for k, v in self.views.items()}}

    def players_views(self) -> dict[str, str]:
        return {k: v for k, v in self.views.items() if k != "gm"}


@cache
def texts_of(root: Path) -> Texts:
    from adjudicator.engine import resolve_game
    from adjudicator.explain import explain_text
    from adjudicator.views import View, player_names

    files = {str(f.relative_to(root)): f.read_text(encoding="utf-8")
             for f in sorted((root / "expected").rglob("*.txt"))
             if f.name != "diagnostics.txt"}
    game = resolve_game(root)
    names = player_names(game)
    views = {"gm": explain_text(game, view=View.gm())}
    views.update({n: explain_text(game, view=View.of(n)) for n in names})
    return Texts(fixture_variant(root), files, views, frozenset(names))


def lines(texts: dict[str, str]) -> list[tuple[str, str]]:
    return [(k, x) for k, v in texts.items() for x in v.splitlines()]


Check = Callable[[Texts], list[str]]


def gp_player_view_in_second_person(t: Texts) -> list[str]:
    """GP1: a player's own explain is written to them, not as the ledger's shorthand
    (「ちかさんへ役職通知：帝。」「…の指名を受理（残り1回）」「…を偵察：帝。」)."""
    shorthand = re.compile(r"さんへ(役職)?通知：|指名を受理（|指名は受け付けず（|回数に数えない）"
                           r"|さんを偵察：|の暗殺権は(源氏|平氏)。")
    return [f"{k}: {x}" for k, x in lines(t.players_views()) if shorthand.search(x)]


def gp_successor_told_the_condition(t: Texts) -> list[str]:
    """GP3: the successor's notice says what it must do to win (or that it cannot)."""
    bad = []
    for k, x in lines(t.notices()):
        if x.startswith("あなたは帝から後継者に指名されました") and not re.search(
                r"\d+日目の朝まで生き延びると後継者として成立し、帝が亡くなっていれば|"
                r"後継者として成立しません", x):
            bad.append(f"{k}: {x}")
    return bad


def gp_emperor_told_the_restriction(t: Texts) -> list[str]:
    """GP4: the emperor's role notice states the seed's public restriction."""
    return [f"{k}: {x}" for k, x in lines(t.notices())
            if x.startswith("あなたは帝です") and "大将・参謀・影武者は指名しても" not in x]


def gp_result_like_the_post(t: Texts) -> list[str]:
    """GP5: explain's end reads like the post (「源氏の勝利です（平氏の大将が討たれました）」),
    not 「ゲーム終了：源氏の勝利（勝者：…）」."""
    bad = []
    for k, x in lines({f"explain {k}": v for k, v in t.views.items()}):
        if "ゲーム終了：" not in x:
            continue
        if re.search(r"ゲーム終了：\S+の勝利（勝者", x) or not re.search(
                r"の大将が討たれました|帝陣営の勝利です|両陣営の勝利です", x):
            bad.append(f"{k}: {x}")
    return bad


def gp_substitute_not_called_top(t: Texts) -> list[str]:
    """GP2 (the substitute): the body double who died in the general's place is never
    said to have had the most votes."""
    subs = {m.group(1) for _k, x in lines(t.posts())
            for m in re.finditer(r"に代わり、(\S+?)さんが処刑されました", x)}
    return [f"{k}: {x}" for k, x in lines(t.everything()) for s in subs
            if re.search(rf"最多の\d+票を集めた{s}さん", x)]


def sp_gauge_before_voided(t: Texts) -> list[str]:
    """SP3: in a squid's notices the night's gauge line comes first, then 「あなたの攻撃
    （…）は無効になりました」; and a squid whose roller was slowed is not told that
    nobody attacked it."""
    bad = []
    for k, v in t.notices().items():
        ls = v.splitlines()
        gauge = next((i for i, x in enumerate(ls) if x.startswith("夜明け前の通知")), None)
        for i, x in enumerate(ls):
            if "は無効になりました" in x and "攻撃" in x and gauge is not None and i < gauge:
                bad.append(f"{k}: {x} (before the gauge line)")
        if "今夜は誰からも攻撃されませんでした" in v:
            bad.append(f"{k}: 今夜は誰からも攻撃されませんでした")
    return bad


def mj_explain_wording(t: Texts) -> list[str]:
    """MJ10: 「月です（正体は隠されています）」, 「最初から「…」を持っています」, and a death
    by the scenario never 「シナリオの出来事で死亡」."""
    bad_shape = re.compile(r"月（正体は隠されています）です|が最初に「[^」]+」を持ちます|シナリオの出来事で")
    return [f"{k}: {x}" for k, x in lines(t.everything()) if bad_shape.search(x)]


def mj_item_texts_polite(t: Texts) -> list[str]:
    """MJ9: an item's description, quoted after 「：」 in a post, notice or explain, is in
    です/ます (not 「条件が整うと使える。使うと砕け散る。」), and a sentence never ends
    before its parenthesis (「…持っています。（説明は公開されていません）」)."""
    bad = []
    for k, x in lines(t.everything()):
        m = re.search(r"「[^」]+」(?:（[^）]*）)?(?:を手に入れました)?：(.+)$", x)
        if m and re.search(r"(?<![まし])[るいけ]。", m.group(1)):
            bad.append(f"{k}: {x}")
        if "。（説明は公開されていません）" in x:
            bad.append(f"{k}: {x}")
    return bad


def ss_one_judgment_no_count(t: Texts) -> list[str]:
    """SS17: a day's task judged once reads 「…は失敗です（GMの判定：失敗）」, without a
    count of successes that only repeats it."""
    rx = re.compile(r"（GMの判定：(成功|失敗)、成功\d+回）")
    return [f"{k}: {x}" for k, x in lines(t.everything()) if rx.search(x)]


def ss_void_answer_same_words(t: Texts) -> list[str]:
    """SS20: an answer with no invitation is worded for whoever reads it (no 「あなた」 in
    the GM's words) and the same whether or not a bound leader tried to invite."""
    rx = re.compile(r"今夜あなたへの勧誘はありません|勧誘はあなたに届いていません")
    return [f"{k}: {x}" for k, x in lines(t.everything()) if rx.search(x)]


def draws_count_people_in_nin(t: Texts) -> list[str]:
    """SS19: a draw among players counts them in 人, never 件."""
    bad = []
    for k, x in lines(t.everything()):
        for m in re.finditer(r"候補（([^（）]+)の(\d+)件）", x):
            items = [re.sub(r"さん$", "", s) for s in m.group(1).split("、")]
            if items and all(s in t.players for s in items):
                bad.append(f"{k}: {x}")
    return bad


CHECKS: dict[str, tuple[set[str], Check]] = {
    "GP1": ({"genpei"}, gp_player_view_in_second_person),
    "GP2": ({"genpei"}, gp_substitute_not_called_top),
    "GP3": ({"genpei"}, gp_successor_told_the_condition),
    "GP4": ({"genpei"}, gp_emperor_told_the_restriction),
    "GP5": ({"genpei"}, gp_result_like_the_post),
    "SP3": ({"splatoon"}, sp_gauge_before_voided),
    "MJ9": ({"majora"}, mj_item_texts_polite),
    "MJ10": ({"majora"}, mj_explain_wording),
    "SS17": ({"secret-society"}, ss_one_judgment_no_count),
    "SS20": ({"secret-society"}, ss_void_answer_same_words),
    "SS19": (GAMES, draws_count_people_in_nin),
}

#: the old wording each check replaced (from the review's cases): every check must flag it
OLD = {
    "GP1": Texts("genpei", {}, {"ちか": "  ・ちかさんへ役職通知：帝。\n  ・ぬいさんがももさんを偵察：帝。"},
                 frozenset({"ちか"})),
    "GP2": Texts("genpei", {"day4/public.txt": "最多得票のふみさんに代わり、へいさんが処刑されました。"},
                 {"gm": "  ・最多の6票を集めたへいさんが処刑されました。"}, frozenset()),
    "GP3": Texts("genpei", {"night3/private/むつ.txt": "あなたは帝から後継者に指名されました。"}, {},
                 frozenset()),
    "GP4": Texts("genpei", {"day1/private/もも.txt": "あなたは帝です（第3陣営）。2日目以降の夜に…"},
                 {}, frozenset()),
    "GP5": Texts("genpei", {}, {"gm": "  ・ゲーム終了：源氏の勝利（勝者：あきらさん、いさむさん）。"},
                 frozenset()),
    "SP3": Texts("splatoon", {"night1/private/おさむ.txt":
                              "動きの遅いローラーを使う前に攻撃されたため、今夜のあなたのローラーは無効に"
                              "なりました。\n夜明け前の通知：あなたのカラーゲージはムラサキ2です。\n"
                              "今夜は誰からも攻撃されませんでした。"}, {}, frozenset()),
    "MJ9": Texts("majora", {"day2/public.txt": "・「巨人の剣」（さつきさんが入手）：巨人を呼ぶ道具の"
                            "ひとつ。条件が整うと使える。使うと砕け散る。"}, {}, frozenset()),
    "MJ10": Texts("majora", {}, {"けいた": "  ・あなたは月（正体は隠されています）です。\n"
                                        "  ・けいたさんがシナリオの出来事で死亡しました。"},
                  frozenset()),
    "SS17": Texts("secret-society", {}, {"gm": "いおさんのこの日の課題は失敗です（GMの判定：失敗、成功0回）。"},
                  frozenset()),
    "SS20": Texts("secret-society", {}, {"かな": "1日目夜のログ 11行目：今夜あなたへの勧誘はありません"},
                  frozenset()),
    "SS19": Texts("secret-society", {}, {"gm": "抽選：天罰。候補（うた、えりの2件）から「うた」が選ばれました。"},
                  frozenset({"うた", "えり"})),
}


PAIRS = [(p, r) for p in sorted(CHECKS) for r in ROOTS if fixture_variant(r) in CHECKS[p][0]]


@pytest.mark.parametrize(("point", "root"), PAIRS, ids=[f"{p}-{r.name}" for p, r in PAIRS])
def test_no_old_shape(point: str, root: Path) -> None:
    check = CHECKS[point][1]
    bad = check(texts_of(root))
    assert not bad, f"{point}: {check.__doc__}\n" + "\n".join(bad[:20])


@pytest.mark.parametrize("point", sorted(CHECKS))
def test_each_check_can_fail(point: str) -> None:
    assert CHECKS[point][1](OLD[point]), f"{point} does not flag the old wording"


def test_the_lint_sees_every_village_and_view() -> None:
    seen = {fixture_variant(r) for r in ROOTS}
    assert seen == GAMES, seen
    for root in ROOTS:
        t = texts_of(root)
        assert t.notices() and t.posts() and len(t.players_views()) == len(t.players) > 0
        assert any("ledger" in k for k in t.files)
