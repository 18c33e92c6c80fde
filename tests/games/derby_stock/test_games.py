"""The whole derby-stock games of tests/fixtures: what each must show (their outputs are
compared exactly in tests/test_golden.py)."""

from __future__ import annotations

import json

from tests.support import FIXTURES, fixtures_of

GAMES = fixtures_of("derby-stock")


def test_three_derby_stock_games_exist() -> None:
    assert {"derby12", "derby16", "derby-rejections"} <= set(GAMES)


def test_sixteen_player_game_is_finished_with_all_features() -> None:
    data = json.loads((FIXTURES / "derby16" / "expected" / "game.json").read_text("utf-8"))
    assert data["finished"] and data["winners"] == ["たろう"]
    assert len(data["players"]) == 16
    kinds = {(e["kind"], e["rule"]) for p in data["phases"] for e in p["events"]}
    assert ("bet_won", "ds.derby.payout.gender") in kinds
    assert ("bet_lost", "ds.derby.bitten") in kinds
    assert ("shares_void", "ds.stock.void") in kinds
    hits = [e for p in data["phases"] for e in p["events"]
            if e["kind"] == "chance_entry" and e["hit"]]
    assert {e["player"] for e in hits} == {"たろう", "まい", "ひろし"}


def test_twelve_player_game() -> None:
    data = json.loads((FIXTURES / "derby12" / "expected" / "game.json").read_text("utf-8"))
    assert len(data["players"]) == 12 and data["finished"]
    draws = [e for p in data["phases"] for e in p["events"] if e["kind"] == "draw"]
    assert any(d["rule"] == "ww.vote.tie" for d in draws)
    assert data["players"]["しずか"]["final_money"] == 1_145_000  # 2.5x gender odds + chance


def test_rejections_fixture_locks_the_night_after_a_sale_and_an_inquiry() -> None:
    data = json.loads((FIXTURES / "derby-rejections" / "expected" / "game.json")
                      .read_text("utf-8"))
    night2 = next(p for p in data["phases"] if p["id"] == "night2")
    codes = [(r["speaker"], r["code"]) for r in night2["lines"] if r["disposition"] == "rejected"]
    assert ("くる", "sold_tonight") in codes
    assert codes.count(("ここ", "inquiry_lock")) == 3
    assert data["players"]["ここ"]["stock"] == {"of": "えり", "shares": 1}


def test_sixteen_player_chat_counts_names_not_letters() -> None:
    ledger = (FIXTURES / "derby16" / "expected" / "day2" / "ledger.txt").read_text("utf-8")
    listed = ledger.split("-- 声援の集計（観戦チャット） --\n")[1].split("\n集計：")[0]
    assert "まい" not in listed  # 「うまいこと言うね、まいったな」 cheers nobody
    assert "観戦C「たろうさんの株持ってる人いいなあ」→ たろう（敬称つき）" in listed
    assert "集計：たろうさん1回、はなこさん3回" in ledger
