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


def test_secret_game_is_shared_by_the_surviving_secret_members() -> None:
    data = _game("secret-society-secret")
    assert data["finished"] and data["team_won"] == "pirates"
    # pirates at the end, living or dead (こたろう was roped in and is a traitor), and
    # the two secret members alive; くに (secret, executed) and the excommunicated いお do not
    assert data["winners"] == ["こたろう", "ロジャー", "ナミ", "シャドウ", "あき", "さえ"]
    players = data["players"]
    assert players["シャドウ"]["alive"] and players["あき"]["society"] == "secret"
    assert not players["くに"]["alive"] and players["くに"]["society"] == "secret"
    assert players["こたろう"]["traitor"] and players["こたろう"]["society"] == "pirates"
    assert players["いお"]["society"] is None and players["いお"]["excommunicated"]
    assert "シークレットの生存者（シャドウさん、あきさん）も勝利です" in data["phases"][-1]["public_post"]
    night4 = next(p for p in data["phases"] if p["id"] == "night4")
    assert "クロノバック" in night4["public_post"] and "昨晩は0人入社、0人裏切りました" in night4[
        "public_post"] and "タイムパス" in night4["public_post"]
