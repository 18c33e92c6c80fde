"""The desk's GM buttons in headless Chromium (Playwright), as a GM uses them: paste part
of a day and press 途中集計, copy the reminder with its button (byte for byte what
``adjudicator status --post`` prints); open 配役と封印, deal with a seed, copy the seal
line, and verify it.  Skipped, with the reason, without Chromium or Playwright."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from adjudicator.config.load import load_config
from adjudicator.status import phase_status
from tests.support import chromium, desk_server, free_port, watch

pytestmark = pytest.mark.browser

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    pytest.importorskip("uvicorn")

    root = tmp_path / "games"
    root.mkdir()
    shutil.copytree(SAMPLES / "derby-stock", root / "ds")
    undealt = root / "new"
    shutil.copytree(SAMPLES / "genpei", undealt)
    toml = undealt / "game.toml"
    import re

    toml.write_text(re.sub(r"^(role|faction)\s*=.*\n", "", toml.read_text(encoding="utf-8"),
                           flags=re.M), encoding="utf-8")
    with desk_server(root, free_port()) as base:
        yield base, root


def test_status_button_and_seal_view(server: tuple[str, Path]) -> None:
    base, root = server
    with chromium() as browser:
        ctx = browser.new_context(viewport={"width": 1100, "height": 900})
        ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
        page = ctx.new_page()
        problems: list[str] = []
        watch(page, problems)
        _status(page, base, root)
        _seal(page, base, root)
        page.set_viewport_size({"width": 380, "height": 800})  # a phone
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 380 + 1, f"the seal page scrolls sideways on a phone ({width}px)"
        assert problems == []
        ctx.close()


def _status(page: Any, base: str, root: Path) -> None:
    part = "\n".join((root / "ds" / "logs" / "day1.txt").read_text(encoding="utf-8")
                     .splitlines()[:14]) + "\n[21:11] GM: 締め切りは21:30です\n"
    page.goto(f"{base}/g/ds")
    page.select_option("#phase", "day1")
    page.fill("#log", part)
    page.click("#status-button")
    page.wait_for_url(f"{base}/g/ds/status")
    expected = phase_status(root / "ds", "day1", part).post
    assert expected.startswith("未投票：") and expected.endswith("（締め切り 21:30）")
    assert page.inner_text("#reminder") == expected
    page.click("button[data-copy='reminder']")
    page.wait_for_selector("button[data-copy='reminder'][data-copied='1']")
    assert page.evaluate("navigator.clipboard.readText()") == expected
    assert page.locator("#status-groups tr.waiting").count() == 1
    assert "票" in page.inner_text("#tally")
    assert not (root / "ds" / "out").exists()  # nothing stored, nothing written


def _seal(page: Any, base: str, root: Path) -> None:
    page.goto(f"{base}/")  # a game not dealt yet fails its checks: the index links its deal
    page.click("a[href='/g/new/seal']")
    page.wait_for_url(f"{base}/g/new/seal")
    page.fill("#seed", "3")
    page.click("#deal-button")
    page.wait_for_url(f"{base}/g/new/deal")
    cfg = load_config(root / "new" / "game.toml")
    assert cfg.seal is not None
    line = f"配役の封印：{cfg.seal.digest}"
    assert page.inner_text("#seal-line") == line
    page.click("button[data-copy='seal-line']")
    page.wait_for_selector("button[data-copy='seal-line'][data-copied='1']")
    assert page.evaluate("navigator.clipboard.readText()") == line
    assert page.locator("#dealt-roles tbody tr").count() == len(cfg.players)
    page.goto(f"{base}/g/new/seal")
    page.fill("#digest", cfg.seal.digest)
    page.click("form[action$='/seal'] button")
    page.wait_for_selector("#verify-result")
    assert "封印は一致しました" in page.inner_text("#verify-result")
