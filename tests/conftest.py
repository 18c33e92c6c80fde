"""The pytest fixtures the test folders share (the helpers themselves are tests.support)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.support import chromium


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium, one per test module (skipped with the reason where it is missing).
    A test that uses it is marked ``browser`` (the inner loop, ``pytest -m "not browser"``,
    leaves it out): the collection refuses one that is not."""
    with chromium() as b:
        yield b


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    unmarked = [item.nodeid for item in items
                if "browser" in getattr(item, "fixturenames", ())
                and item.get_closest_marker("browser") is None]
    if unmarked:
        raise pytest.UsageError("these tests drive Chromium: mark them `pytest.mark.browser` "
                                "(a module: `pytestmark = pytest.mark.browser`): "
                                + ", ".join(unmarked))
