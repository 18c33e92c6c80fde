"""ムジュラの仮面村: whole games compared exactly.

Regenerate the expected outputs on purpose (after an intended change) with::

    UPDATE_EXPECTED=1 python -m pytest tests/test_majora.py

then read the diff of ``tests/fixtures/majora-*/expected`` before committing it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fixture_utils import FIXTURES, assert_fixture_game

GAMES = sorted(p.name for p in FIXTURES.glob("majora-*") if (p / "game.toml").exists())


@pytest.mark.parametrize("name", GAMES)
def test_fixture_game(name: str, tmp_path: Path) -> None:
    assert_fixture_game(FIXTURES / name, tmp_path)


def _game(name: str) -> dict:
    return json.loads((FIXTURES / name / "expected" / "game.json").read_text("utf-8"))


def test_win_game_across_two_cycles() -> None:
    data = _game("majora-win")
    assert data["finished"] and data["team_won"] == "village"
    assert data["loop"] == 2 and data["day"] == 2
    assert data["instrument_uses_left"] == 2
    assert data["giants_used"] == ["巨人の剣", "巨人の玉", "巨人の盾", "巨人の鏡"]
    assert "けいた" not in data["winners"] and len(data["winners"]) == 11
    assert data["players"]["うしお"]["items"] == ["時のオカリナ"]
    assert data["players"]["けいた"]["mask"] == "カマロの仮面"
