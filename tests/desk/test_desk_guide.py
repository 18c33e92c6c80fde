"""The desk's page of the players' command sheet: linked from the game page, the same
text as ``adjudicator guide``, a copy button, and the errors of the desk (a bad game.toml
is a 422 page, a name outside the folder a 4xx, never a 500)."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest

from tests.support import SAMPLES, hook, registered

pytest.importorskip("starlette")
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
from starlette.testclient import TestClient  # noqa: E402

from adjudicator.config.load import load_config  # noqa: E402
from adjudicator.guide import build_guide, render_text  # noqa: E402


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    folder = tmp_path / "games"
    folder.mkdir()
    for v in registered():
        shutil.copytree(SAMPLES / v, folder / v)
    return folder


def _sheet(page: str) -> str:
    m = re.search(r'<pre id="sheet">(.*?)</pre>', page, re.S)
    assert m, "no sheet on the page"
    return html.unescape(m.group(1))


@pytest.mark.parametrize("game", registered())
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


@pytest.mark.parametrize("game", registered())
def test_the_sheet_follows_the_game_toml(client: TestClient, root: Path, game: str) -> None:
    """The sheet is read from game.toml at each request: an edit of the sample (the game's
    ``GUIDE_SETTING``: a setting the sheet states, or a name its examples use) shows."""
    old, new, said_before, said_after = hook(game, "GUIDE_SETTING")
    toml = root / game / "game.toml"
    before = _sheet(client.get(f"/g/{game}/guide").text)
    assert said_before in before
    assert old in toml.read_text("utf-8"), f"{game}: the sample has no {old!r}"
    toml.write_text(toml.read_text("utf-8").replace(old, new, 1), "utf-8")
    after = _sheet(client.get(f"/g/{game}/guide").text)
    assert said_after in after
    assert said_before not in after


@pytest.mark.parametrize("game", registered())
def test_a_broken_game_toml_is_a_page_not_a_crash(client: TestClient, root: Path,
                                                  game: str) -> None:
    (root / game / "game.toml").write_text(f'variant = "{game}"\nseed = true\n', "utf-8")
    r = client.get(f"/g/{game}/guide")
    assert r.status_code == 422
    assert "ゲームの設定に問題があります" in r.text and "game.toml" not in r.text


@pytest.mark.parametrize("name", ["nope", "..", "%2e%2e"])
def test_an_unknown_or_outside_name_is_refused(client: TestClient, name: str) -> None:
    r = client.get(f"/g/{name}/guide")
    assert 400 <= r.status_code < 500
