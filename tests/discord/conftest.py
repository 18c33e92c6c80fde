"""The fixtures the Discord connector's tests share."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture
def fake() -> Any:
    """The local fake of Discord's REST API (tests/discord/fake.py), started on 127.0.0.1."""
    from tests.discord.fake import Fake

    f = Fake().start()
    yield f
    f.stop()
