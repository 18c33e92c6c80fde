"""The copy edit of issue 20 pinned on small games: what a post and a notice must say.

(The whole fixture games pin the rest: tests/fixtures/*/expected, and the lint of
tests/japanese/test_lint.py.)
"""

from __future__ import annotations

from pathlib import Path

from adjudicator.parser import suggest_word
from adjudicator.render import clip, full_stop, odds
from tests.support.derby_stock import alive_after, day_votes, phase, play, wolves_win_logs


def test_filters() -> None:
    assert odds(2.0) == "2" and odds(2.5) == "2.5" and odds(8) == "8"
    assert full_stop("自分には投票できません") == "自分には投票できません。"
    assert full_stop("できません（例：投票@たろう）") == "できません（例：投票@たろう）。"
    assert full_stop("的中！") == "的中！" and full_stop("です。") == "です。"
    assert clip("a  b\nc") == "a b c" and clip("あ" * 50).endswith("…")
    assert len(clip("あ" * 50)) == 40


def test_a_mistyped_command_word_names_the_word(tmp_path: Path) -> None:
    """R10: 「予相@」 is answered with the word the player meant."""
    assert suggest_word("予相", "derby-stock") == "予想"
    assert suggest_word("投標", "derby-stock") == "投票"
    assert suggest_word("こんにちは", "derby-stock") is None
    assert suggest_word("活曜", "derby-stock") is None  # GM words are not offered to players
    g = play(tmp_path, {"day1": "えり: x\nたろう: 予相@じろう\n" + day_votes("めい")})
    (note,) = [t for t in phase(g, "day1").private["たろう"] if "予相" in t]
    assert note == ("「予相@じろう」は受け付けられませんでした："
                    "「予相」というコマンドはありません（「予想@」のことですか？）。")


def test_the_role_is_checked_before_the_phase(tmp_path: Path) -> None:
    """R6: a hunter who writes 噛み@ by day is told biting is the wolves', not "at night"."""
    g = play(tmp_path, {"day1": "みか: 噛み@めい\nたろう: 噛み@めい\n" + day_votes("めい")})
    notes = phase(g, "day1").private
    assert any("噛みは人狼だけが行えます" in t for t in notes["みか"])
    assert any("噛みは夜時間に行ってください" in t for t in notes["たろう"])


def test_rejections_say_what_to_do(tmp_path: Path) -> None:
    """J1, R9, R12: 自分を占う, 仲間の人狼, the bet rounded to whole units."""
    g = play(tmp_path, {"day1": day_votes("めい"),
                        "night1": "たろう: 噛み@じろう\nさくら: 占い@さくら\n"
                                  "なお: 予想@りく 15000\nみか: 護衛@さくら"})
    notes = phase(g, "night1").private
    assert any("仲間の人狼を噛むことはできません。" in t for t in notes["たろう"])
    assert any("自分を占うことはできません。" in t for t in notes["さくら"])
    assert any("賭け金は1万ドル単位で指定してください（15000→1万ドル または 2万ドル）。" in t
               for t in notes["なお"])
    for texts in notes.values():
        for t in texts:
            assert "logs/" not in t and "ww." not in t and "ds." not in t


def test_a_super_chance_entry_gets_a_receipt(tmp_path: Path) -> None:
    """P4: the entry is confirmed, the result is not told before the end."""
    logs = {"day1": day_votes("めい"), "night1": "たろう: 噛み@しん\nみか: 護衛@さくら",
            "day2": day_votes("りく", alive_after("めい", "しん")),
            "night2": "たろう: 噛み@なお\nみか: 護衛@さくら\nあい: チャンス@はなこ"}
    g = play(tmp_path, logs)
    assert phase(g, "night2").private["あい"] == [
        "スーパーチャンス：はなこさんを指名しました（結果はゲーム終了後に発表します）。"]


def test_a_tie_settled_by_lot_says_so_and_tallies_are_sorted(tmp_path: Path) -> None:
    """P1, P2: 「同票のため、抽選により…」; 得票 most first."""
    votes = ("たろう: 投票@めい\nじろう: 投票@めい\nはなこ: 投票@りく\nさくら: 投票@りく\n"
             "けんた: 投票@しん")
    g = play(tmp_path, {"day1": votes})
    post = phase(g, "day1").public_post
    assert "得票：りくさん2票、めいさん2票、しんさん1票" in post  # ties in roster order
    executed = phase(g, "day1").executed
    assert f"同票のため、抽選により{executed}さんが処刑されました。" in post


def test_no_post_for_a_phase_after_the_end(tmp_path: Path) -> None:
    """P7: a log after the game ended posts nothing (its lines are rejected)."""
    g = play(tmp_path, {"day1": day_votes("たろう"), "night1": "じろう: 噛み@しん",
                        "day2": day_votes("じろう", alive_after("たろう", "しん")),
                        "night2": "さくら: 占い@めい", "day3": "めい: 投票@なお"})
    assert g.state.finished
    assert phase(g, "day2").public_post.startswith("【2日目 投票結果】")
    assert phase(g, "night2").public_post == "" and phase(g, "day3").public_post == ""


def test_final_money_is_ranked_and_roles_revealed(tmp_path: Path) -> None:
    """P3: 最終所持金 by amount with ranks (ties share a rank), then 【配役】."""
    g = play(tmp_path, {"day1": day_votes("たろう"), "night1": "じろう: 噛み@しん\n"
                        "なお: 予想@じろう 5万\nみか: 護衛@さくら",
                        "day2": day_votes("じろう", alive_after("たろう", "しん"))})
    post = phase(g, "day2").public_post
    money = post[post.index("【最終所持金】"):post.index("優勝")].splitlines()[1:]
    assert money[0] == "1位　なおさん：45万ドル"
    assert money[1].startswith("2位　") and money[2].startswith("2位　")
    cast = post[post.index("【配役】"):].splitlines()[1:]
    assert cast[:3] == ["たろうさん：人狼", "じろうさん：人狼", "はなこさん：狂人"]


def test_a_bet_voided_by_the_end_of_the_game_says_so(tmp_path: Path) -> None:
    """P6: the wolves win at dawn, before the vote the bet was on: the bettor is told the
    game ended, not that the bet missed."""
    logs = wolves_win_logs()
    logs["night4"] += "\nけんた: 予想@じろう 2万"
    g = play(tmp_path, logs)
    assert g.state.team_won == "wolves"
    told = [t for ph in g.phases for t in ph.private.get("けんた", []) if "不成立" in t]
    assert told == ["ダービー予想：投票の前にゲームが終了したため、予想は不成立です"
                    "（賭け金2万ドルは戻りません）。現在の所持金は8万ドルです。"]
