"""One test (at least) per rule id of werewolf.md and derby-stock.md.

Each test is tagged with the rule ids it pins (``@rules(...)``); the last test checks that
every rule id of the bundled rule files is pinned by some test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.config.load import load_config
from adjudicator.errors import ConfigError
from tests.support import RulePins
from tests.support.derby_stock import (
    ROSTER,
    alive_after,
    day_votes,
    events,
    phase,
    play,
    record,
    wolves_win_logs,
    write_game,
)

rules = RulePins('werewolf.md', 'derby-stock.md')  # @rules(...) pins a rule id




NAMES = [n for n, _g, _r in ROSTER]
QUIET_NIGHT = "たろう: 噛み@しん\nみか: 護衛@さくら"


# ------------------------------------------------------------------ werewolf roles
@rules("ww.role.wolf", "ww.bite")
def test_last_valid_bite_of_any_wolf_kills(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"),
                        "night1": "たろう: 噛み@しん\nじろう: 噛み@じろう\nじろう: 噛み@なお"})
    assert phase(g, "night1").deaths == ["なお"]
    assert record(g, "logs/night1.txt:1").disposition == "superseded"
    assert record(g, "logs/night1.txt:2").code == "wolf_target"


@rules("ww.role.madman", "ww.role.seer", "ww.divine")
def test_seer_sees_wolf_and_madman_as_human(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"), "night1": "さくら: 占い@はなこ",
                        "day2": day_votes("なお", alive_after("めい", "しん")),
                        "night2": "さくら: 占い@たろう\nさくら: 占い@めい"})
    assert phase(g, "night1").private["さくら"] == ["占い結果：はなこさんは【人間】です。"]
    assert "占い結果：たろうさんは【人狼】です。" in phase(g, "night2").private["さくら"]
    assert record(g, "logs/night2.txt:2").code == "target_dead"


@rules("ww.role.medium", "ww.medium")
def test_medium_learns_the_executed(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("たろう"), "night1": "じろう: 噛み@しん"})
    assert phase(g, "night1").private["けんた"] == ["霊能結果：処刑されたたろうさんは【人狼】でした。"]


@rules("ww.role.hunter", "ww.guard")
def test_guard_saves_and_repeat_option(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"), "night1": "たろう: 噛み@さくら\nみか: 護衛@さくら",
                        "day2": day_votes("なお", alive_after("めい")),
                        "night2": "みか: 護衛@さくら\nみか: 護衛@みか"},
             options={"hunter_repeat": False})
    assert phase(g, "night1").deaths == []
    assert "昨晩の犠牲者はいませんでした。" in phase(g, "night1").public_post
    assert record(g, "logs/night2.txt:1").code == "repeat_guard"
    assert record(g, "logs/night2.txt:2").code == "self_target"


@rules("ww.role.mason")
def test_masons_are_told_each_other(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": ""})
    assert phase(g, "day1").private["ゆう"] == ["あなたは共有者です。相方はあいさんです。"]
    assert phase(g, "day1").private["あい"] == ["あなたは共有者です。相方はゆうさんです。"]
    alone = [(n, gd, "村人" if n == "あい" else r) for n, gd, r in ROSTER]
    g = play(tmp_path / "one", {"day1": ""}, roster=alone)
    assert phase(g, "day1").private["ゆう"] == ["あなたは共有者です。相方はいません。"]


@rules("ww.role.villager")
def test_villager_has_no_ability(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"), "night1": "しん: 噛み@なお\nしん: 占い@なお"})
    assert record(g, "logs/night1.txt:1").code == "not_role"
    assert record(g, "logs/night1.txt:2").code == "not_role"


@rules("ww.phase.order")
def test_phases_run_day_night_and_morning_belongs_to_next_day(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"), "night1": QUIET_NIGHT, "day2": ""})
    assert [p.id for p in g.phases] == ["day1", "night1", "day2"]
    assert phase(g, "night1").public_post.startswith("【2日目の朝】")


@rules("ww.night.first_bite")
def test_first_bite_option(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"), "night1": "たろう: 噛み@しん"},
             options={"first_bite": False})
    assert phase(g, "night1").deaths == []
    assert record(g, "logs/night1.txt:1").code == "no_first_bite"


def test_no_bite_given_is_random_or_none(tmp_path: Path) -> None:
    g = play(tmp_path / "a", {"day1": day_votes("めい"), "night1": ""})
    draw = [e for e in events(g, "night1", "draw") if e.rule == "ww.bite"]
    assert len(draw) == 1 and phase(g, "night1").deaths == [draw[0].target]
    assert draw[0].target not in ("たろう", "じろう")
    g = play(tmp_path / "b", {"day1": day_votes("めい"), "night1": ""},
             options={"no_bite": "none"})
    assert phase(g, "night1").deaths == []


@rules("ww.vote", "ww.vote.post")
def test_votes_last_counts_and_post_lists_everyone(tmp_path: Path) -> None:
    log = day_votes("めい").replace("しん: 投票@めい", "しん: 投票@なお\nしん: 投票@めい")
    log = log.replace("りく: 投票@めい\n", "")
    g = play(tmp_path, {"day1": log})
    post = phase(g, "day1").public_post
    assert phase(g, "day1").executed == "めい"
    assert "しんさん → めいさん" in post and "しんさん → なおさん" not in post
    assert "未投票：りくさん" in post and "めいさんが処刑されました。" in post


@rules("ww.vote.tie")
def test_tie_is_drawn_or_none(tmp_path: Path) -> None:
    log = "たろう: 投票@しん\nじろう: 投票@なお"
    g = play(tmp_path / "a", {"day1": log})
    draw = events(g, "day1", "draw")
    assert draw[0].rule == "ww.vote.tie" and draw[0].data["among"] == ["しん", "なお"]
    assert phase(g, "day1").executed == draw[0].target
    g = play(tmp_path / "b", {"day1": log}, options={"tie": "none"})
    assert phase(g, "day1").executed is None
    assert "同票のため、本日は処刑なしです。" in phase(g, "day1").public_post


@rules("ww.win.village", "ww.win.check", "ds.end.when")
def test_village_wins_when_wolves_are_dead(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("たろう"), "night1": "じろう: 噛み@しん",
                        "day2": day_votes("じろう", alive_after("たろう", "しん"))})
    assert g.state.finished and g.state.team_won == "village"
    assert "村人陣営の勝利です。" in phase(g, "day2").public_post
    assert "【配役】" in phase(g, "day2").public_post  # P3: the final post reveals the roles


@rules("ww.win.wolves")
def test_wolves_win_on_parity(tmp_path: Path) -> None:
    logs = wolves_win_logs()
    g = play(tmp_path, logs)
    assert g.state.finished and g.state.team_won == "wolves"
    assert phase(g, "night4").public_post.count("人狼陣営の勝利です。") == 1


# ------------------------------------------------------------------ derby-stock setup
@rules("ds.setup.roles")
def test_player_count_is_checked(tmp_path: Path) -> None:
    for count in (11, 17):
        roster = [(f"p{i}", "male", "村人") for i in range(count - 1)] + [("w", "male", "人狼")]
        root = write_game(tmp_path / str(count), {}, roster=roster)
        with pytest.raises(ConfigError, match="12 to 16"):
            load_config(root / "game.toml")


@rules("ds.setup.gender")
def test_gender_is_required(tmp_path: Path) -> None:
    root = write_game(tmp_path, {})
    text = (root / "game.toml").read_text("utf-8").replace('gender = "male"\n', "", 1)
    (root / "game.toml").write_text(text, "utf-8")
    with pytest.raises(ConfigError, match="gender: required"):
        load_config(root / "game.toml")


@rules("ds.setup.cash")
def test_everyone_starts_with_100000(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": ""})
    assert {p.cash for p in g.state.players.values()} == {100_000}


# ------------------------------------------------------------------ night actions
@rules("ds.night.one_action")
def test_one_action_a_night_last_wins(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"),
                        "night1": "しん: 予想@なお 1万\nしん: 購入@なおの株 1株\nしん: 売却@"})
    assert record(g, "logs/night1.txt:1").disposition == "superseded"
    assert record(g, "logs/night1.txt:2").disposition == "accepted"
    assert record(g, "logs/night1.txt:3").code == "no_shares"
    assert not events(g, "night1", "bet_placed")
    assert g.state.players["しん"].stock.of == "なお"


@rules("ds.night.one_action")
def test_a_purchase_is_replaced_by_a_later_bet_and_a_bet_by_a_purchase(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"),
                        "night1": QUIET_NIGHT + "\nなお: 購入@りくの株 1株\nなお: 予想@りく 1万"
                        "\nりく: 予想@なお 1万\nりく: 購入@なおの株 1株\nりく: 予想@なお 2万"})
    assert record(g, "logs/night1.txt:3").disposition == "superseded"
    assert [(e.player, e.amount) for e in events(g, "night1", "bet_placed")] == \
        [("なお", -10_000), ("りく", -20_000)]
    assert g.state.players["なお"].stock is None and g.state.players["なお"].cash == 90_000
    assert [record(g, f"logs/night1.txt:{i}").disposition for i in (5, 6, 7)] == \
        ["superseded", "superseded", "accepted"]
    assert g.state.players["りく"].stock is None and g.state.players["りく"].cash == 80_000


@rules("ds.night.one_action", "ds.stock.sell", "ds.post.richest")
def test_a_sale_is_final_for_the_night(tmp_path: Path) -> None:
    # night1: なお buys 1 share of りく (平常); night2: sells, then tries a bet and a buy
    g = play(tmp_path, {"day1": day_votes("めい"), "night1": QUIET_NIGHT + "\nなお: 購入@りくの株 1株",
                        "day2": day_votes("あい", alive_after("めい", "しん")),
                        "night2": "たろう: 噛み@けんた\nなお: 売却@\nなお: 予想@りく 10万"
                                  "\nなお: 購入@りくの株 1株\nなお: 売却@\nなお: チャンス@はなこ"})
    for line in (3, 4, 5):
        rec = record(g, f"logs/night2.txt:{line}")
        assert rec.disposition == "rejected" and rec.code == "sold_tonight"
        assert rec.reason == ("今夜はすでに売却しました。売却は取り消せないため、"
                              "今夜はほかの行動はできません")
    assert record(g, "logs/night2.txt:2").disposition == "accepted"
    assert record(g, "logs/night2.txt:6").disposition == "accepted"  # Super Chance: never locked
    p = g.state.players["なお"]
    assert p.stock is None and p.cash == 100_000 and not events(g, "night2", "bet_placed")
    assert len(events(g, "night2", "shares_sold")) == 1
    # the richest alarm sees the sale, not a bet that would have been staked
    assert events(g, "night2", "richest")[0].amount == 100_000
    notes = phase(g, "night2").private["なお"]
    assert sum("今夜はすでに売却しました" in n for n in notes) == 3


@rules("ds.night.one_action", "ds.night.inquiry")
def test_a_price_inquiry_locks_the_night_but_for_its_share_count(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"),
                        "night1": QUIET_NIGHT + "\nなお: 購入@りくの株\nなお: 予想@りく 1万"
                        "\nなお: 購入@ゆうの株 1株\nなお: 売却@\nなお: 購入@りくの株\nなお: 3株"
                        "\nなお: 購入@りくの株 1株\nなお: 1株"})
    reasons = {i: record(g, f"logs/night1.txt:{i}") for i in range(3, 11)}
    for i in (4, 5, 6, 7):
        assert reasons[i].disposition == "rejected" and reasons[i].code == "inquiry_lock", i
        assert "りくさんの株価を問い合わせたため" in (reasons[i].reason or "")
        assert "今夜の売買・ダービーはできません" in (reasons[i].reason or "")
    assert reasons[8].code == "buy_above_cash"  # 3 shares: 300,000 > 100,000; still locked
    assert reasons[9].disposition == "accepted"  # the full command completes it too
    assert reasons[9].action == "購入@りくの株 1株"
    assert reasons[10].disposition == "chatter"  # a count after the purchase is chatter
    assert g.state.players["なお"].stock.shares == 1 and g.state.players["なお"].cash == 0
    assert not events(g, "night1", "bet_placed") and not events(g, "night1", "inquiry")


@rules("ds.night.one_action")
def test_check_warns_the_gm_that_an_inquiry_or_a_sale_locks_the_night(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from adjudicator.cli.main import main

    root = write_game(tmp_path / "g", {"day1": day_votes("めい"),
                                       "night1": QUIET_NIGHT + "\nなお: 購入@りくの株 1株",
                                       "day2": day_votes("あい", alive_after("めい", "しん"))})
    assert main(["check", str(root), "購入@りくの株", "--speaker", "ゆう", "--phase", "night2"]) == 0
    out = capsys.readouterr().out
    assert "株数を送ると購入になります（今夜はほかの売買・ダービーはできません）" in out
    assert main(["check", str(root), "売却@", "--speaker", "なお", "--phase", "night2"]) == 0
    out = capsys.readouterr().out
    assert "の扱い：受理" in out and "売却は取り消せません（今夜はほかの売買・ダービーはできません）" in out
    assert main(["check", str(root), "予想@りく 1万", "--speaker", "ゆう", "--phase", "night2"]) == 0
    assert "できません" not in capsys.readouterr().out


def test_after_an_inquiry_and_its_purchase_the_night_stays_locked(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"),
                        "night1": QUIET_NIGHT + "\nなお: 購入@りくの株\nなお: 1\nなお: 予想@りく 1万"})
    rec = record(g, "logs/night1.txt:5")
    assert rec.code == "inquiry_lock"
    assert rec.reason == "今夜はりくさんの株価を問い合わせて購入したため、ほかの行動はできません"
    assert g.state.players["なお"].stock.shares == 1


def test_an_inquiry_left_alone_uses_the_night(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"),
                        "night1": QUIET_NIGHT + "\nなお: 予想@りく 1万\nなお: 購入@りくの株"})
    assert record(g, "logs/night1.txt:3").disposition == "superseded"  # a bet may be replaced
    assert len(events(g, "night1", "inquiry")) == 1 and not events(g, "night1", "bet_placed")
    assert g.state.players["なお"].cash == 100_000


@rules("ds.night.inquiry")
def test_inquiry_and_follow_up(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"),
                        "night1": "しん: 購入@なおの株\nなお: 購入@しんの株\nなお: 1"})
    assert phase(g, "night1").private["しん"] == [
        "昨晩お問い合わせのなおさんの株は「平常株」（1株10万ドル）でした。株数の指定がなかったため、"
        "昨晩の売買・ダービーはなしとなりました。"]
    assert g.state.players["しん"].cash == 100_000 and g.state.players["しん"].stock is None
    assert g.state.players["なお"].stock.shares == 1
    assert record(g, "logs/night1.txt:3").action == "購入@しんの株 1株"


@rules("ds.night.order", "ds.stock.sell", "ds.stock.move", "ds.stock.move.buyers")
def test_sales_then_purchases_at_start_levels_then_levels_move(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"),
                        "night1": QUIET_NIGHT + "\nなお: 購入@りくの株 1株\nゆう: 購入@りくの株 1株",
                        "day2": day_votes("あい", alive_after("めい", "しん")),
                        "night2": "たろう: 噛み@けんた\nなお: 売却@\nあい: 購入@りくの株 1株"})
    lv = events(g, "night1", "stock_level")
    assert [(e.target, e.data["after"]) for e in lv] == [("りく", "高級")]
    sold = events(g, "night2", "shares_sold")[0]
    assert sold.amount == 200_000 and sold.data["level"] == "高級"


# ------------------------------------------------------------------ derby
@rules("ds.derby.bet", "ds.derby.payout.name", "ds.derby.notice")
def test_name_bet_pays_eight_times(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"), "night1": QUIET_NIGHT + "\nなお: 予想@りく 2万",
                        "day2": day_votes("りく", alive_after("めい", "しん"))})
    assert events(g, "night1", "bet_placed")[0].amount == -20_000
    assert phase(g, "night1").private["なお"] == [
        "ダービー予想：「りくさんが吊られる」に2万ドルを賭けました。現在の所持金は8万ドルです。"]
    assert g.state.players["なお"].cash == 100_000 - 20_000 + 160_000
    assert phase(g, "day2").private["なお"] == [
        "ダービー予想：的中！りくさんが処刑されました。賭け金2万ドル×8倍で、16万ドルを受け取り"
        "ました。現在の所持金は24万ドルです。"]
    assert "なお" not in phase(g, "day2").public_post.split("得票")[0].split("\n")[-1]


@rules("ds.derby.notice")
def test_every_result_notice_says_won_lost_or_void_and_the_new_cash(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"),
                        "night1": "たろう: 噛み@しん\nみか: 護衛@さくら\nしん: 予想@りく 1万"
                                  "\nなお: 予想@りく 3万\nあい: 予想@ゆう 2万\nさくら: 予想@男性 1万",
                        "day2": day_votes("りく", alive_after("めい", "しん"))})
    notes = {n: phase(g, "day2").private.get(n, []) for n in ("しん", "なお", "あい", "さくら")}
    assert notes["なお"][0].startswith("ダービー予想：的中！") and "現在の所持金は31万ドルです" in notes["なお"][0]
    assert notes["あい"] == ["ダービー予想：外れ。処刑されたのはりくさんでした（賭け金2万ドル）。"
                            "現在の所持金は8万ドルです。"]
    assert notes["しん"] == ["ダービー予想：昨晩の襲撃で死亡したため、予想（1万ドル）は"
                            "自動失敗となりました。所持金は9万ドルのままです。"]
    # 10 alive, 5 male → odds 2.0, printed without a trailing .0
    assert notes["さくら"][0].startswith("ダービー予想：的中！") and "×2倍で" in notes["さくら"][0]
    for e in events(g, "day2"):
        if e.kind in ("bet_won", "bet_lost", "bet_void"):
            assert e.data["cash"] == g.states[2].players[e.player].cash


@rules("ds.derby.payout.gender")
def test_gender_odds_are_clamped_and_rounded_down(tmp_path: Path) -> None:
    # after night1 (しん bitten): 10 alive, 4 male (たろう じろう けんた ゆう りく…)
    g = play(tmp_path, {"day1": day_votes("めい"), "night1": QUIET_NIGHT + "\nなお: 予想@男性 1万"
                        "\nあい: 予想@女性 1万",
                        "day2": day_votes("りく", alive_after("めい", "しん"))})
    won = events(g, "day2", "bet_won")[0]
    alive = alive_after("めい", "しん")
    males = [n for n, gd, _r in ROSTER if gd == "male" and n in alive]
    odds10 = max(20, min(40, len(alive) * 10 // len(males)))
    assert won.player == "なお" and won.amount == odds10 * 10_000 // 10
    assert events(g, "day2", "bet_lost")[0].player == "あい"


@rules("ds.derby.gender_void")
def test_gender_bets_void_when_one_gender_left(tmp_path: Path) -> None:
    roster = [(n, "female", r) for n, _g, r in ROSTER]
    g = play(tmp_path, {"day1": day_votes("めい"), "night1": "なお: 予想@女性 1万"}, roster=roster)
    rec = record(g, "logs/night1.txt:1")
    assert rec.code == "gender_void"
    assert rec.reason == "生存者が全員同じ性別のため、性別予想は受け付けられません"


# たろう じろう: the only men but one (しん); the rest women
ONE_MAN_LEFT = [(n, ("male" if n in ("たろう", "しん") else "female"), r) for n, _g, r in ROSTER]


@rules("ds.derby.gender_void", "ds.derby.notice")
def test_a_staked_gender_bet_is_void_when_the_morning_leaves_one_gender(tmp_path: Path) -> None:
    # night1: しん (the last man but the wolf たろう) is bitten; day2 executes たろう → all women
    g = play(tmp_path, {"day1": day_votes("めい"),
                        "night1": "たろう: 噛み@しん\nなお: 予想@女性 2万\nあい: 予想@男性 1万"
                                  "\nゆう: 予想@たろう 1万",
                        "day2": day_votes("たろう", alive_after("めい", "しん"))},
             roster=ONE_MAN_LEFT)
    # the morning leaves たろう (male) and women: both genders → settled normally
    assert {e.player: e.kind for e in events(g, "day2") if e.kind.startswith("bet_")} == \
        {"なお": "bet_lost", "あい": "bet_won", "ゆう": "bet_won"}
    g = play(tmp_path / "b", {"day1": day_votes("たろう"),
                              "night1": "じろう: 噛み@しん\nなお: 予想@女性 2万\nあい: 予想@じろう 1万",
                              "day2": day_votes("りく", alive_after("たろう", "しん"))},
             roster=ONE_MAN_LEFT)
    void = events(g, "day2", "bet_void")
    assert [(e.player, e.amount, e.rule) for e in void] == [("なお", 20_000, "ds.derby.gender_void")]
    assert g.states[2].players["なお"].cash == 100_000  # the stake is back
    assert phase(g, "day2").private["なお"][0] == (
        "ダービー予想：無効。今朝の時点で生存者が全員女性になったため、性別の予想は無効となり、"
        "賭け金2万ドルを返却しました。現在の所持金は10万ドルです。")
    assert not g.states[2].bets
    from adjudicator.games.derby_stock.report import sections

    table = next(b for b in sections(g)[0].blocks if getattr(b, "title", "") == "ダービー（予想）")
    assert ["2日目 昼", "なお", "女性", "2万ドル", "無効（性別が一方のみ）", "2万ドル"] in table.rows


def test_gender_void_at_settlement_even_without_execution(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("たろう"),
                        "night1": "じろう: 噛み@しん\nなお: 予想@男性 1万",
                        "day2": "じろう: 投票@なお\nあい: 投票@りく"},
             roster=ONE_MAN_LEFT, options={"tie": "none"})
    assert [e.kind for e in events(g, "day2") if e.kind.startswith("bet_")] == ["bet_void"]
    assert g.state.players["なお"].cash == 100_000


@rules("ds.derby.dead_bettor")
def test_a_bettor_executed_by_the_vote_gets_nothing(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"),
                        "night1": QUIET_NIGHT + "\nなお: 予想@なお 2万\nりく: 予想@女性 1万"
                                  "\nあい: 予想@なお 1万",
                        "day2": day_votes("なお", alive_after("めい", "しん"))})
    by = {e.player: e for e in events(g, "day2") if e.kind.startswith("bet_")}
    assert by["なお"].kind == "bet_lost" and by["なお"].rule == "ds.derby.dead_bettor"
    assert by["なお"].data["right"] is True
    assert by["りく"].kind == "bet_won" and by["あい"].kind == "bet_won"
    assert g.state.players["なお"].cash == 80_000
    assert phase(g, "day2").private["なお"][0] == (
        "ダービー予想：予想は的中しましたが、あなた自身が処刑されたため払い戻しはありません"
        "（死亡すると所持金は増えません）。所持金は8万ドルのままです。")


def test_an_executed_bettor_with_a_wrong_bet_is_told_plainly(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"), "night1": QUIET_NIGHT + "\nなお: 予想@りく 2万",
                        "day2": day_votes("なお", alive_after("めい", "しん"))})
    lost = events(g, "day2", "bet_lost")[0]
    assert lost.rule == "ds.derby.dead_bettor" and lost.data["right"] is False
    assert "予想は当たっていましたが" not in phase(g, "day2").private["なお"][0]


@rules("ds.derby.bitten")
def test_bitten_bettor_loses(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"), "night1": "たろう: 噛み@なお\nなお: 予想@りく 1万",
                        "day2": day_votes("りく", alive_after("めい", "なお"))})
    lost = events(g, "day2", "bet_lost")[0]
    assert lost.rule == "ds.derby.bitten" and g.state.players["なお"].cash == 90_000


@rules("ds.derby.no_execution")
def test_no_execution_loses_every_bet(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"), "night1": QUIET_NIGHT + "\nなお: 予想@りく 1万",
                        "day2": "たろう: 投票@りく\nじろう: 投票@なお"}, options={"tie": "none"})
    assert events(g, "day2", "bet_lost")[0].rule == "ds.derby.no_execution"


# ------------------------------------------------------------------ super chance
@rules("ds.chance.when", "ds.chance.hit", "ds.chance.reward", "ds.end.money")
def test_super_chance(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("たろう"), "night1": "じろう: 噛み@しん\nなお: チャンス@はなこ",
                        "day2": day_votes("めい", alive_after("たろう", "しん")),
                        "night2": "じろう: 噛み@りく\nなお: チャンス@はなこ\nはなこ: チャンス@みか"
                                  "\nあい: チャンス@GM",
                        "day3": day_votes("じろう", alive_after("たろう", "しん", "めい", "りく"))})
    assert record(g, "logs/night1.txt:2").code == "chance_not_now"
    hits = {e.player: e.data["hit"] for e in events(g, "night2", "chance_entry")}
    assert hits == {"なお": True, "はなこ": True, "あい": False}
    assert all(e.audience == "gm" for e in events(g, "night2", "chance_entry"))
    assert "チャンス" not in phase(g, "night2").public_post
    assert g.state.players["なお"].final_money == 100_000 + 1_000_000


@rules("ds.chance.dead")
def test_a_dead_hitter_is_paid_unless_the_option_says_otherwise(tmp_path: Path) -> None:
    logs = {"day1": day_votes("たろう"), "night1": "じろう: 噛み@しん",
            "day2": day_votes("めい", alive_after("たろう", "しん")),
            "night2": "じろう: 噛み@りく\nなお: チャンス@はなこ\nあい: チャンス@はなこ",
            "day3": day_votes("なお", alive_after("たろう", "しん", "めい", "りく")),
            "night3": "じろう: 噛み@ゆう",
            "day4": day_votes("じろう", alive_after("たろう", "しん", "めい", "りく", "なお", "ゆう"))}
    g = play(tmp_path / "a", logs)
    assert g.state.finished and not g.state.players["なお"].alive
    assert g.state.players["なお"].final_money == 1_100_000
    assert g.state.players["あい"].final_money == 1_100_000
    assert set(g.state.winners) == {"なお", "あい"}
    fm = {e.player: e for e in events(g, kind="final_money")}
    assert fm["なお"].rule == "ds.chance.dead" and fm["あい"].rule == "ds.end.money"
    g = play(tmp_path / "b", logs, options={"chance_pays_dead": False})
    assert g.state.players["なお"].final_money == 100_000
    assert g.state.players["あい"].final_money == 1_100_000 and g.state.winners == ["あい"]
    post = phase(g, "day4").public_post
    assert "なおさん：10万ドル（スーパーチャンスは成功しましたが、死亡しているため報酬はありません）" in post


def test_chance_pays_dead_must_be_a_boolean(tmp_path: Path) -> None:
    root = write_game(tmp_path, {}, options={"chance_pays_dead": "no"})
    with pytest.raises(ConfigError, match="chance_pays_dead"):
        load_config(root / "game.toml")


def test_chance_on_gm_hits_when_the_role_is_absent(tmp_path: Path) -> None:
    roster = [(n, gd, "村人" if r == "狂人" else r) for n, gd, r in ROSTER]
    g = play(tmp_path, {"day1": day_votes("めい"), "night1": QUIET_NIGHT,
                        "day2": day_votes("りく", alive_after("めい", "しん")),
                        "night2": "なお: チャンス@GM"}, roster=roster)
    assert events(g, "night2", "chance_entry")[0].data["hit"] is True


# ------------------------------------------------------------------ stocks
@rules("ds.stock.levels", "ds.stock.move.cheer", "ds.stock.move.activity")
def test_levels_move_by_cheer_and_activity_and_lowest_cannot_be_bought(tmp_path: Path) -> None:
    day1 = day_votes("めい") + "\nGM: 声援なし@りく\nGM: 活躍なし@りく\nGM: 声援@なお\nGM: 活躍@なお"
    g = play(tmp_path, {"day1": day1, "night1": QUIET_NIGHT,
                        "day2": day_votes("あい", alive_after("めい", "しん")),
                        "night2": "なお: 購入@りくの株 1株\nゆう: 購入@なおの株 1株"})
    assert g.states[1].levels["りく"] == 0 and g.states[1].levels["なお"] == 4
    assert record(g, "logs/night2.txt:1").code == "lowest_stock"
    rec = record(g, "logs/night2.txt:2")
    assert rec.code == "buy_above_cash" and "50万ドル" in rec.reason  # 最高: 500,000 a share


def test_tied_cheer_candidates_are_drawn(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい") + "\nGM: 活躍@なお、りく", "night1": QUIET_NIGHT})
    draw = [e for e in events(g, "night1", "draw") if e.rule == "ds.stock.move.activity"]
    assert draw and draw[0].data["among"] == ["なお", "りく"]


@rules("ds.stock.cheer_source")
def test_cheers_from_spectators_chat(tmp_path: Path) -> None:
    chat = "観戦A: なおさん頑張れ\n観戦B: なお最高\n観戦C: りくもいいね"
    g = play(tmp_path, {"day1": day_votes("めい"), "day1-chat": chat, "night1": QUIET_NIGHT})
    moved = {e.target: e.data["step"] for e in events(g, "night1", "stock_level")}
    assert moved.get("なお") == 1
    assert sum(1 for v in moved.values() if v == -1) == 1


@rules("ds.stock.cheer_mention")
def test_a_cheer_counts_a_name_used_as_a_name(tmp_path: Path) -> None:
    roster = [("はる" if n == "なお" else "まい" if n == "めい" else n, gd, r)
              for n, gd, r in ROSTER]
    chat = ("観戦A: はるが来たね\n観戦B: うまい！\n観戦C: うまいこと言うね\n観戦A: はるさん頑張れ"
            "\n観戦B: はる！\n観戦C: はるがんばれ\n観戦A: まい\n観戦B: けんたの推理すごい"
            "\n観戦C: 春はるんるん")
    g = play(tmp_path, {"day1": day_votes("さくら", [n for n, _g, _r in roster]), "day1-chat": chat,
                        "night1": QUIET_NIGHT}, roster=roster)
    m = events(g, "day1", "mentions")[0]
    assert m.rule == "ds.stock.cheer_mention"
    counts = {n: c for n, c in m.data["counts"].items() if c}
    assert counts == {"はる": 3, "まい": 1, "けんた": 1}
    assert m.data["lines"] == [
        "logs/day1-chat.txt:1 観戦A「はるが来たね」→ はる（ふつうの言葉とも読めるため数えず。"
        "声援@で判断してください）",
        "logs/day1-chat.txt:4 観戦A「はるさん頑張れ」→ はる（敬称つき）",
        "logs/day1-chat.txt:5 観戦B「はる！」→ はる（名前だけ）",
        "logs/day1-chat.txt:6 観戦C「はるがんばれ」→ はる（呼びかけ）",
        "logs/day1-chat.txt:7 観戦A「まい」→ まい（名前だけ）",
        "logs/day1-chat.txt:8 観戦B「けんたの推理すごい」→ けんた（名前として）"]
    ledger = phase(g, "day1").ledger
    listed = ledger.split("-- 声援の集計（観戦チャット） --\n")[1].split("集計：")[0]
    from adjudicator.wording import paths_in  # the ledger names the lines in words

    assert listed.splitlines() == [paths_in(x) for x in m.data["lines"]]
    assert listed.splitlines()[0].startswith("1日目の観戦チャット 1行目 観戦A「はるが来たね」")
    assert "集計：" in ledger and "はるさん3回" in ledger
    moved = {e.target: e.data["step"] for e in events(g, "night1", "stock_level")}
    assert moved.get("はる") == 1


def test_mentions_find_aliases_kanji_and_katakana() -> None:
    from adjudicator.games.derby_stock.mentions import find_mentions

    names = {"はなこ": ["はなこ", "花子"], "たろう": ["たろう"], "あい": ["あい"]}
    got = {s: [(h.player, h.why) for h in find_mentions(s, names)] for s in (
        "花子がんばれー", "ハナコさーん", "言ったろう", "あいしてる", "@たろう 見てる？",
        "がんばれたろう", "たろう、ナイス", "はなこ、あい、たろう")}
    assert got == {
        "花子がんばれー": [("はなこ", "call")], "ハナコさーん": [("はなこ", "honorific")],
        "言ったろう": [("たろう", "other")], "あいしてる": [("あい", "other")],
        "@たろう 見てる？": [("たろう", "call")], "がんばれたろう": [("たろう", "call")],
        "たろう、ナイス": [("たろう", "call")],
        "はなこ、あい、たろう": [("あい", "alone"), ("たろう", "alone"), ("はなこ", "alone")]}


@rules("ds.stock.buy", "ds.stock.one_issuer")
def test_buy_cost_and_one_issuer(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"), "night1": QUIET_NIGHT + "\nなお: 購入@なおの株 1株",
                        "day2": day_votes("あい", alive_after("めい", "しん")),
                        "night2": "なお: 購入@りくの株 1株\nりく: 購入@りくの株 2株"})
    assert g.states[1].players["なお"].cash == 0
    assert record(g, "logs/night2.txt:1").code == "second_issuer"
    assert record(g, "logs/night2.txt:2").code == "buy_above_cash"


@rules("ds.stock.void", "ds.stock.end")
def test_shares_of_the_dead_are_void_and_worth_nothing(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"), "night1": "たろう: 噛み@なお\nりく: 購入@なおの株 1株"})
    void = events(g, "night1", "shares_void")[0]
    assert void.player == "りく" and g.state.players["りく"].stock is None
    assert "無効" in phase(g, "night1").private["りく"][-1]


def test_selling_at_lowest_costs_money(tmp_path: Path) -> None:
    day1 = day_votes("めい") + "\nGM: 声援なし@りく\nGM: 活躍なし@りく"
    g = play(tmp_path, {"day1": day1, "night1": QUIET_NIGHT + "\nなお: 購入@りくの株 1株",
                        "day2": day_votes("あい", alive_after("めい", "しん")),
                        "night2": "たろう: 噛み@ゆう\nなお: 売却@りくの株"})
    assert g.states[1].levels["りく"] == 0  # bought at 平常, then 最低 by the morning
    sold = events(g, "night2", "shares_sold")[0]
    assert sold.amount == -200_000 and g.state.players["なお"].cash == -200_000
    assert "20万ドルを支払いました" in phase(g, "night2").private["なお"][0]


@rules("ds.post.richest")
def test_richest_is_announced_without_name(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"), "night1": QUIET_NIGHT + "\nなお: 予想@りく 2万",
                        "day2": day_votes("りく", alive_after("めい", "しん")),
                        "night2": "たろう: 噛み@ゆう"})
    post = phase(g, "night2").public_post
    assert "富豪アラーム：現在の最高所持金は24万ドルです。" in post and "なお" not in post.split("\n")[2]


@rules("ds.end.winner")
def test_equal_highest_all_win(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("たろう"), "night1": "じろう: 噛み@しん",
                        "day2": day_votes("じろう", alive_after("たろう", "しん"))})
    assert g.state.finished
    assert set(g.state.winners) == set(NAMES)  # nobody traded: all 100,000, the dead too


def test_the_richest_alone_wins(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("たろう"), "night1": "じろう: 噛み@しん\nなお: 予想@じろう 1万",
                        "day2": day_votes("じろう", alive_after("たろう", "しん"))})
    assert g.state.finished and g.state.winners == ["なお"]
    assert g.state.players["なお"].final_money == 100_000 - 10_000 + 80_000


def test_every_rule_id_is_pinned() -> None:
    assert rules.unpinned() == set()
    assert len(rules.ids()) >= 50


def test_guard_repeat_counts_consecutive_nights_only(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"), "night1": "たろう: 噛み@しん\nみか: 護衛@さくら",
                        "day2": day_votes("なお", alive_after("めい", "しん")),
                        "night2": "たろう: 噛み@りく",
                        "day3": day_votes("あい", alive_after("めい", "しん", "なお", "りく")),
                        "night3": "たろう: 噛み@ゆう\nみか: 護衛@さくら"},
             options={"hunter_repeat": False})
    assert record(g, "logs/night3.txt:2").disposition == "accepted"
