"""The pytest fixtures the test folders share (the helpers themselves are tests.support)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.support import chromium


@pytest.fixture(scope="module")
def browser(request: pytest.FixtureRequest) -> Iterator[Any]:
    """Headless Chromium, one per test module (skipped with the reason where it is missing).
    Its module carries ``pytestmark = pytest.mark.browser``, so that the inner loop
    (``pytest -m "not browser"``) leaves it out; a module without fails here."""
    if request.node.get_closest_marker("browser") is None:
        pytest.fail(f"{request.node.nodeid} drives Chromium: mark its module "
                    "`pytestmark = pytest.mark.browser`", pytrace=False)
    with chromium() as b:
        yield b
