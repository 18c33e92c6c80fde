"""The fixtures the Trap Word tests share."""

from __future__ import annotations

import pytest

from adjudicator.games.trapword import judge as J


@pytest.fixture(scope="session")
def loaded() -> None:
    """Sudachi's dictionary loaded once for the session (the judge's first use loads it)."""
    J.load()
