"""The GM's explain page shows each rule's id in a quiet trailing label (a CSS
``attr()``, so that the copy button copies the page's text unchanged); a player's page
and the public page never have one."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient  # noqa: E402

from adjudicator.desk.app import create_app  # noqa: E402
from adjudicator.engine import resolve_game  # noqa: E402
from adjudicator.explain import explain_text  # noqa: E402
from adjudicator.views import View, player_names  # noqa: E402
from tests.support import FIXTURES  # noqa: E402

RID = re.compile(r'<small class="rid" data-rid="([a-z]{2,}\.[a-z0-9_.]+)"></small>')


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    shutil.copytree(FIXTURES / "derby12", tmp_path / "g",
                    ignore=shutil.ignore_patterns("expected*"))
    return tmp_path


def _pre(page: str) -> str:
    return page.split('<pre id="text">', 1)[1].split("</pre>", 1)[0]


def test_the_gm_page_labels_rule_ids_and_copies_the_same_text(folder: Path) -> None:
    client = TestClient(create_app(folder, hosts=("testserver",)))
    r = client.get("/g/g/explain", params={"gm": "1"})
    assert r.status_code == 200
    pre = _pre(r.text)
    ids = RID.findall(pre)
    assert ids, "the GM's page names the rules' ids"
    game = resolve_game(folder / "g")
    cited = explain_text(game, view=View.gm())
    assert set(ids) <= set(re.findall(r"［([a-z]{2,}\.[a-z0-9_.]+)］", cited))
    # the text a copy takes (the labels are empty elements) is the desk's text exactly
    assert html.unescape(RID.sub("", pre)) == explain_text(game, view=View.gm(), desk=True)
    assert not re.search(r"［[a-z]{2,}\.[a-z0-9_.]+］", html.unescape(RID.sub("", pre)))


def test_a_players_and_the_public_page_have_no_rule_id(folder: Path) -> None:
    client = TestClient(create_app(folder, hosts=("testserver",)))
    game = resolve_game(folder / "g")
    name = player_names(game)[0]
    for params in ({}, {"player": name}):
        page = client.get("/g/g/explain", params=params).text
        assert '<small class="rid"' not in page, params
        assert not re.search(r"\b[a-z]{2}\.[a-z]+[a-z0-9_.]*\b", _pre(page)), params
    rec = next(r for ph in game.phases for r in ph.lines
               if r.speaker == name and r.disposition != "chatter")
    mine = client.get("/g/g/explain", params={"line": rec.ref, "player": name}).text
    assert '<small class="rid"' not in mine
    gm_line = client.get("/g/g/explain", params={"line": rec.ref, "gm": "1"}).text
    text = html.unescape(RID.sub("", _pre(gm_line)))
    assert not re.search(r"［[A-Za-z0-9_.:/\\-]+］", text)
    assert RID.search(_pre(gm_line)), "a line's GM page labels its rules too"
