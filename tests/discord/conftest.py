"""The fixtures the Discord connector's tests share."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest


@pytest.fixture
def fake() -> Any:
    """The local fake of Discord's REST API (tests/discord/fake.py), started on 127.0.0.1."""
    from tests.discord.fake import Fake

    f = Fake().start()
    yield f
    f.stop()


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A temporary folder with the bot token the fake accepts in the environment (and no
    token file of the user's)."""
    monkeypatch.setenv("ADJUDICATOR_DISCORD_TOKEN", "test-token")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path
