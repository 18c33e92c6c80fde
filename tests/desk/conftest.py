"""The fixtures the desk's route tests share."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest


@pytest.fixture()
def client(root: Path) -> Any:
    """The desk over the module's ``root`` folder of games, in process (Starlette's
    TestClient), its first page read as a browser's is (which sets the CSRF cookie); an
    exception that escapes the desk fails the test."""
    from starlette.testclient import TestClient

    from adjudicator.desk.app import create_app

    c = TestClient(create_app(root, hosts=("testserver",)), raise_server_exceptions=True)
    c.get("/")
    return c
