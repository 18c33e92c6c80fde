"""The new-game form's problems come from the same Japanese as ``adjudicator check``:
validation errors (a roster value, a setting no control offers), invisible characters
in names, each naming the field in the form's words, with no English sentence and no
Python value."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("multipart")

from starlette.testclient import TestClient  # noqa: E402

from adjudicator.desk.app import CSRF_COOKIE, create_app  # noqa: E402
from tests.support import hook, registered  # noqa: E402

ENGLISH = re.compile(r"[A-Za-z]+(?:[ ,;]+[A-Za-z]+){2,}")
PYTHON = re.compile(r"'[^'\s]*'|\bNone\b|\bTrue\b|\bFalse\b")


@pytest.fixture()
def client(tmp_path: Path) -> TestClient:
    c = TestClient(create_app(tmp_path, hosts=("testserver",)), raise_server_exceptions=True)
    c.get("/")
    return c


#: each village's own (its FORM_PROBLEMS)
CASES = [(v, *case) for v in registered() for case in hook(v, "FORM_PROBLEMS")]


@pytest.mark.parametrize("variant,roster,options,want", CASES)
def test_form_problems_in_japanese(client: TestClient, variant: str, roster: str,
                                   options: dict[str, str], want: str) -> None:
    data = {"csrf": client.cookies[CSRF_COOKIE], "name": "x", "seed": "1", "gm": "GM",
            "variant": variant, "roster": roster, **options}
    r = client.post("/new", data=data, follow_redirects=False)
    assert r.status_code == 422
    problems = [html.unescape(p) for p in re.findall(r"<li>(.*?)</li>", r.text)]
    assert any(want in p for p in problems), problems
    for p in problems:
        assert ENGLISH.search(p) is None, p
        assert PYTHON.search(p) is None, p
