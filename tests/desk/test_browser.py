"""The desk end to end in headless Chromium (Debian's package, driven by Playwright), as
a GM uses it: create a game from the form, paste day1 and store it, paste night1, copy
the morning post with its button, and check the copied text is byte for byte what
``adjudicator resolve`` writes.  Skipped, with the reason, where there is no Chromium or
no Playwright (``.ci/extra-setup`` installs both).  ``DESK_SCREENSHOT=path.png`` keeps a
screenshot of the result page."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support import FIXTURES, desk_page, desk_server, free_port, roster_lines

pytestmark = pytest.mark.browser

DERBY = FIXTURES / "derby16"


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    pytest.importorskip("uvicorn")

    root = tmp_path / "games"
    root.mkdir()
    port = free_port()
    with desk_server(root, port) as base:
        yield base, root


def test_paste_copy_and_compare_with_resolve(server: tuple[str, Path], browser: Any) -> None:
    base, root = server
    ctx, page, problems = desk_page(browser, base)

    page.goto(f"{base}/new")
    page.fill("#name", "e2e")
    page.select_option("#variant", "derby-stock")
    page.fill("#seed", "7")
    page.fill("#gm", "GM")
    page.fill("#roster", roster_lines(DERBY))
    page.select_option("#derby-stock-opt-tie", label="抽選で1人を処刑")
    page.click("button[type=submit]")
    page.wait_for_url(f"{base}/g/e2e")

    for pid in ("day1", "night1"):
        page.select_option("#phase", pid)
        page.fill("#log", (DERBY / "logs" / f"{pid}.txt").read_text(encoding="utf-8"))
        page.click("form[action$='/preview'] button[type=submit]")
        page.wait_for_url(f"{base}/g/e2e/preview")
        assert page.locator(f"#post-{pid}").count() == 1
        if pid == "night1":
            page.click(f"button[data-copy='post-{pid}']")
            page.wait_for_selector(f"button[data-copy='post-{pid}'][data-copied='1']")
            copied = page.evaluate("navigator.clipboard.readText()")
            shot = os.environ.get("DESK_SCREENSHOT")
            if shot:
                page.screenshot(path=shot, full_page=False)
        page.click("form[action$='/store'] button:not(.secondary)")
        page.wait_for_url(f"{base}/g/e2e?phase={pid}&stored={pid}#outputs")

    from adjudicator.cli.main import main

    assert main(["resolve", str(root / "e2e")]) == 0
    written = (root / "e2e" / "out" / "night1" / "public.txt").read_bytes()
    assert copied.encode("utf-8") == written

    page.set_viewport_size({"width": 380, "height": 800})  # a phone
    page.goto(f"{base}/g/e2e")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 380 + 1, f"the page scrolls sideways on a phone ({width}px)"
    assert problems == []
    ctx.close()
