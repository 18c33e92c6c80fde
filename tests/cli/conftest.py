"""The fixtures the command-line tests share."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.derby_stock import ALL_VOTE_SHIN, write_game


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """A small derby-stock game: day 1's votes and night 1's bite, nothing resolved yet."""
    return write_game(tmp_path / "g", {"day1": ALL_VOTE_SHIN, "night1": "たろう: 噛み@なお"})
