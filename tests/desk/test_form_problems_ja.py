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

ENGLISH = re.compile(r"[A-Za-z]+(?:[ ,;]+[A-Za-z]+){2,}")
PYTHON = re.compile(r"'[^'\s]*'|\bNone\b|\bTrue\b|\bFalse\b")


@pytest.fixture()
def client(tmp_path: Path) -> TestClient:
    c = TestClient(create_app(tmp_path, hosts=("testserver",)), raise_server_exceptions=True)
    c.get("/")
    return c


CASES = [
    ("splatoon", "あおい, みどり, シューター", {},
     "名簿の1人目（あおい）の色：「みどり」は使えません（使えるのは オレンジ・ムラサキ）"),
    ("splatoon", "い\u200bつき, オレンジ, ローラー", {},
     "名簿の1人目（い[ゼロ幅スペース]つき）の名前：「い[ゼロ幅スペース]つき」に見えない文字"
     "（U+200B）が入っています"),
    ("splatoon", "あおい, オレンジ, シューター", {"opt.initial_gauge": "x"},
     "色のついたイカのカラーゲージの始まり：「x」は使えません（1〜3の整数で書いてください）"),
    ("trapword", "赤: あ, い\n青: う, え", {"opt.tiles": "3、0"},
     "部屋の番号（その部屋のトラップワードの数。2つ以上を「、」で区切って）：「3、0」は使えません"),
    ("trapword", "赤: あ, い\n青: う, え", {"opt.trap_mode": '"call"'},
     "トラップの発動：選べるのは コールがあったときだけ・確実な一致はコールなしでも です"),
]


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
