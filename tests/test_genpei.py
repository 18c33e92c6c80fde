"""源平村: whole games compared exactly, a test per rule id (``@rules``, with the coverage
meta-test at the end), and hand-computed nights.

Regenerate the expected outputs on purpose (after an intended change) with::

    UPDATE_EXPECTED=1 python -m pytest tests/test_genpei.py

then read the diff of ``tests/fixtures/genpei-*/expected`` before committing it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fixture_utils import FIXTURES, assert_fixture_game

GAMES = sorted(p.name for p in FIXTURES.glob("genpei-*") if (p / "game.toml").exists())
RULES_MD = Path(__file__).parents[1] / "adjudicator" / "rules" / "genpei.md"
PINNED: set[str] = set()


def rules(*ids: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    PINNED.update(ids)
    return lambda f: f


def _game(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / name / "expected" / "game.json").read_text("utf-8"))


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize("name", GAMES)
def test_fixture_game(name: str, tmp_path: Path) -> None:
    assert_fixture_game(FIXTURES / name, tmp_path)
