"""The desk's page of the players' command sheet: linked from the game page, the same
text as ``adjudicator guide``, a copy button, and the errors of the desk (a bad game.toml
is a 422 page, a name outside the folder a 4xx, never a 500)."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest

from tests.support import SAMPLES

pytest.importorskip("starlette")
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
from starlette.testclient import TestClient  # noqa: E402

from adjudicator.config.load import load_config  # noqa: E402
from adjudicator.guide import build_guide, render_text  # noqa: E402


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    folder = tmp_path / "games"
    folder.mkdir()
    for v in ("genpei", "trapword"):
        shutil.copytree(SAMPLES / v, folder / v)
    return folder


def _sheet(page: str) -> str:
    m = re.search(r'<pre id="sheet">(.*?)</pre>', page, re.S)
    assert m, "no sheet on the page"
    return html.unescape(m.group(1))


@pytest.mark.parametrize("game", ["genpei", "trapword"])
def test_the_game_page_links_the_sheet_and_the_sheet_is_the_guide(
        client: TestClient, root: Path, game: str) -> None:
    page = client.get(f"/g/{game}")
    assert page.status_code == 200
    assert f'href="/g/{game}/guide"' in page.text
    r = client.get(f"/g/{game}/guide")
    assert r.status_code == 200
    cfg = load_config(root / game / "game.toml")
    assert _sheet(r.text) == render_text(build_guide(cfg.variant, cfg))
    assert 'data-copy="sheet"' in r.text
    assert "Content-Security-Policy" in r.headers


def test_the_sheet_follows_the_game_toml(client: TestClient, root: Path) -> None:
    toml = root / "genpei" / "game.toml"
    before = _sheet(client.get("/g/genpei/guide").text)
    assert "同数の人の中から抽選で処刑します" in before
    toml.write_text(toml.read_text("utf-8").replace('tie = "抽選"', 'tie = "なし"'), "utf-8")
    after = _sheet(client.get("/g/genpei/guide").text)
    assert "投票が同数のとき：誰も処刑しません。" in after
    assert "同数の人の中から抽選で処刑します" not in after


def test_a_broken_game_toml_is_a_page_not_a_crash(client: TestClient, root: Path) -> None:
    (root / "genpei" / "game.toml").write_text('variant = "genpei"\nseed = true\n', "utf-8")
    r = client.get("/g/genpei/guide")
    assert r.status_code == 422
    assert "ゲームの設定に問題があります" in r.text and "game.toml" not in r.text


@pytest.mark.parametrize("name", ["nope", "..", "%2e%2e"])
def test_an_unknown_or_outside_name_is_refused(client: TestClient, name: str) -> None:
    r = client.get(f"/g/{name}/guide")
    assert 400 <= r.status_code < 500
