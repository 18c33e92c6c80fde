"""The pytest fixtures the test folders share (the helpers themselves are tests.support)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.support import chromium


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium, one per test module (skipped with the reason where it is missing)."""
    with chromium() as b:
        yield b
