"""The whole Trap Word games of tests/fixtures: what each must show (their outputs are
compared exactly in tests/test_golden.py)."""

from __future__ import annotations

from tests.support import FIXTURES, exported, fixtures_of

GAMES = fixtures_of("trapword")


def test_three_games_exist() -> None:
    assert {"trapword-win", "trapword-tiebreak", "trapword-lose"} <= set(GAMES)


def test_win_outright() -> None:
    data = exported(FIXTURES / "trapword-win")
    assert data["finished"] and data["winners"] == ["たろう", "はなこ", "じろう"]
    assert data["round"] == 4 and data["monster"] == 3
    assert data["positions"] == {"赤": 3, "青": 2}
    assert set(data["players"]["たろう"]) >= {"team", "room", "hint_giver"}


def test_tiebreak_second_team_wins() -> None:
    data = exported(FIXTURES / "trapword-tiebreak")
    assert data["winners"] == ["りく", "なな", "そら"]
    kinds = [e["kind"] for e in data["phases"][-1]["events"]]
    assert "tiebreak_hourglass" in kinds and "tiebreak" in kinds


def test_both_lose_after_round_eight() -> None:
    data = exported(FIXTURES / "trapword-lose")
    assert data["finished"] and data["winners"] == [] and data["round"] == 8
    last = data["phases"][-1]["events"]
    assert any(e["kind"] == "game_over" and e["rule"] == "tw.end" for e in last)
    codes = [d["code"] for d in data["phases"][0]["diagnostics"]]
    assert "no_times" in codes
