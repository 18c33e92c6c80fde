"""Whole Trap Word games compared exactly with tests/fixtures/trapword-*/expected/.

Regenerate on purpose with ``UPDATE_EXPECTED=1 .venv/bin/python -m pytest
tests/test_trapword_games.py`` and review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from adjudicator.engine import resolve_game
from adjudicator.export import dumps, export_game

FIXTURES = Path(__file__).parent / "fixtures"
GAMES = sorted(p.name for p in FIXTURES.glob("trapword-*") if (p / "game.toml").exists())


def outputs(name: str) -> dict[str, str]:
    game = resolve_game(FIXTURES / name)
    out = {"game.json": dumps(export_game(game))}
    for ph in game.phases:
        out[f"{ph.id}.post.txt"] = ph.public_post
        out[f"{ph.id}.ledger.txt"] = ph.ledger
    return out


@pytest.mark.parametrize("name", GAMES)
def test_game_matches_expected(name: str) -> None:
    expected = FIXTURES / name / "expected"
    got = outputs(name)
    if os.environ.get("UPDATE_EXPECTED"):
        expected.mkdir(exist_ok=True)
        for f in expected.iterdir():
            f.unlink()
        for fname, text in got.items():
            (expected / fname).write_text(text, encoding="utf-8")
    assert sorted(p.name for p in expected.iterdir()) == sorted(got)
    for fname, text in got.items():
        assert text == (expected / fname).read_text(encoding="utf-8"), f"{name}/{fname}"


def test_three_games_exist() -> None:
    assert {"trapword-win", "trapword-tiebreak", "trapword-lose"} <= set(GAMES)


def test_win_outright() -> None:
    game = resolve_game(FIXTURES / "trapword-win")
    data = export_game(game)
    assert data["finished"] and data["winners"] == ["たろう", "はなこ", "じろう"]
    assert data["round"] == 4 and data["monster"] == 3
    assert data["positions"] == {"赤": 3, "青": 2}
    assert set(data["players"]["たろう"]) >= {"team", "room", "hint_giver"}


def test_tiebreak_second_team_wins() -> None:
    data = export_game(resolve_game(FIXTURES / "trapword-tiebreak"))
    assert data["winners"] == ["りく", "なな", "そら"]
    kinds = [e["kind"] for e in data["phases"][-1]["events"]]
    assert "tiebreak_hourglass" in kinds and "tiebreak" in kinds


def test_both_lose_after_round_eight() -> None:
    data = export_game(resolve_game(FIXTURES / "trapword-lose"))
    assert data["finished"] and data["winners"] == [] and data["round"] == 8
    last = data["phases"][-1]["events"]
    assert any(e["kind"] == "game_over" and e["rule"] == "tw.end" for e in last)
    codes = [d["code"] for d in data["phases"][0]["diagnostics"]]
    assert "no_times" in codes
