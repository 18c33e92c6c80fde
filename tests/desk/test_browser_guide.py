"""The command sheet's page in headless Chromium: from the game page, follow the link to
コマンド一覧, press コピー, and the clipboard holds byte for byte what ``adjudicator guide``
prints (no console error, no request outside the desk).  Skipped, with the reason, where
there is no Chromium or no Playwright."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from adjudicator.config.load import load_config
from adjudicator.guide import build_guide, render_text
from tests.support import SAMPLES, desk_page, desk_server, free_port

pytestmark = pytest.mark.browser


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    pytest.importorskip("uvicorn")

    root = tmp_path / "games"
    root.mkdir()
    shutil.copytree(SAMPLES / "splatoon", root / "sp")
    port = free_port()
    with desk_server(root, port) as base:
        yield base, root


def test_copy_the_sheet_from_the_game_page(server: tuple[str, Path], browser: Any) -> None:
    base, root = server
    ctx, page, problems = desk_page(browser, base, 1000, 800)
    page.goto(f"{base}/g/sp")
    page.click("a[href='/g/sp/guide']")
    page.wait_for_url(f"{base}/g/sp/guide")
    page.click("button[data-copy=sheet]")
    page.wait_for_selector("button[data-copy=sheet][data-copied='1']")
    copied = page.evaluate("navigator.clipboard.readText()")
    cfg = load_config(root / "sp" / "game.toml")
    assert copied == render_text(build_guide(cfg.variant, cfg))
    assert problems == []
    ctx.close()
