"""訂正 in the desk: 「投稿しました」 beside the copy buttons keeps what was published;
the corrections page shows what a fixed log changes, with the texts to copy (the same
texts as ``adjudicator corrections``).  TestClient, then the GM's way in Chromium."""

from __future__ import annotations

import html
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
from starlette.testclient import TestClient  # noqa: E402

from adjudicator.corrections import compare, load, private_correction  # noqa: E402
from adjudicator.desk.app import CSRF_COOKIE, create_app  # noqa: E402
from adjudicator.engine import resolve_game  # noqa: E402
from tests.support import chromium, desk_server, free_port, watch  # noqa: E402

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
SEER = ("[21:21] はなこ: 占い@じろう", "[21:21] はなこ: 占い@たろう")


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copytree(SAMPLES / "derby-stock", folder / "ds")
    return folder


def _fix(game: Path) -> None:
    log = game / "logs" / "night1.txt"
    log.write_text(log.read_text(encoding="utf-8").replace(*SEER), encoding="utf-8")


def test_posted_then_corrections(root: Path) -> None:
    c = TestClient(create_app(root, hosts=("testserver",)), raise_server_exceptions=True)
    c.get("/")
    page = c.get("/g/ds?phase=night1").text
    assert "投稿しました" in page and "投稿済み" not in page
    r = c.post("/g/ds/posted", data={"csrf": c.cookies[CSRF_COOKIE], "phase": "night1"},
               follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/g/ds?phase=night1#outputs"
    assert "投稿済み" in c.get("/g/ds?phase=night1").text
    assert "訂正はありません" in c.get("/g/ds/corrections").text
    _fix(root / "ds")
    page = c.get("/g/ds/corrections").text
    (change,) = compare(resolve_game(root / "ds"), load(root / "ds"))
    m = re.search(r'<pre id="fix-night1-1">(.*?)</pre>', page, re.S)
    assert m and html.unescape(m.group(1)) == private_correction(change, "はなこ")
    assert "村への訂正" not in page  # only the seer's notice changed
    # without the page's token nothing is stored; an unknown phase is a page, not a 500
    assert c.post("/g/ds/posted", data={"phase": "night1"}).status_code == 403
    r = c.post("/g/ds/posted", data={"csrf": c.cookies[CSRF_COOKIE], "phase": "night9"})
    assert r.status_code == 404 and "ログはまだありません" in r.text


@pytest.fixture()
def server(root: Path) -> Iterator[tuple[str, Path]]:
    pytest.importorskip("uvicorn")
    with desk_server(root, free_port()) as base:
        yield base, root


@pytest.mark.browser
def test_the_gm_posts_fixes_and_copies_the_correction(server: tuple[str, Path]) -> None:
    base, root = server
    with chromium() as browser:
        ctx = browser.new_context(viewport={"width": 1100, "height": 900})
        ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
        page = ctx.new_page()
        problems: list[str] = []
        watch(page, problems)
        page.goto(f"{base}/g/ds?phase=night1")
        page.click("form.posted button[type=submit]")
        page.wait_for_url(f"{base}/g/ds?phase=night1#outputs")
        assert "投稿済み" in page.inner_text("form.posted")
        _fix(root / "ds")
        page.click("form.posted a")
        page.wait_for_url(f"{base}/g/ds/corrections")
        page.click("button[data-copy='fix-night1-1']")
        page.wait_for_selector("button[data-copy='fix-night1-1'][data-copied='1']")
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied.startswith("【訂正】1日目 夜のはなこさんへの通知に誤りがありました。")
        page.set_viewport_size({"width": 380, "height": 800})
        assert page.evaluate("document.documentElement.scrollWidth") <= 381
        if __import__("os").environ.get("ADJUDICATOR_SCREENSHOTS"):
            page.screenshot(path=str(Path(__file__).resolve().parents[2] / "docs" /
                                     "desk-corrections-phone.png"), full_page=True)
        assert problems == []
        ctx.close()
