"""秘密結社村: whole games compared exactly, a test per rule id, hand-computed phases
for every ability.

Regenerate the expected outputs on purpose (after an intended change) with::

    UPDATE_EXPECTED=1 python -m pytest tests/test_secret_society.py

then read the diff of ``tests/fixtures/secret-society-*/expected`` before committing it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fixture_utils import FIXTURES, assert_fixture_game

GAMES = sorted(p.name for p in FIXTURES.glob("secret-society-*") if (p / "game.toml").exists())


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize("name", GAMES)
def test_fixture_game(name: str, tmp_path: Path) -> None:
    assert_fixture_game(FIXTURES / name, tmp_path)


def _game(name: str) -> dict:
    return json.loads((FIXTURES / name / "expected" / "game.json").read_text("utf-8"))


def test_main_game_is_won_by_the_ninja() -> None:
    data = _game("secret-society-main")
    assert data["finished"] and data["team_won"] == "ninja"
    # every ninja member at the end, dead ones (the traitor ドレイク) included, and the
    # living secret members; the excommunicated かすみ and the dead secret アン do not
    assert data["winners"] == ["はやて", "ドレイク", "ミスト", "あおい", "いつき", "えま", "かな"]
    players = data["players"]
    assert players["ドレイク"]["traitor"] and players["ドレイク"]["society"] == "ninja"
    assert players["かすみ"]["society"] is None and players["かすみ"]["excommunicated"]
    assert players["アン"]["traitor"] and not players["アン"]["alive"]
    assert players["おと"]["leader"] and not players["おと"]["alive"]
    assert all(isinstance(p["gold"], int) and p["gold"] >= 0 for p in players.values())
    assert "忍びの里の勝利です" in data["phases"][-1]["public_post"]
