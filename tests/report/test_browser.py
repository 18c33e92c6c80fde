"""The report in a real browser: headless Chromium (Debian's package) driven by Playwright.

Skipped, with the reason, where there is no Chromium or no Playwright; ``.ci/extra-setup``
installs both in CI.  Set ``REPORT_SCREENSHOT=path.png`` to keep the screenshot.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from adjudicator.engine import resolve_game
from adjudicator.export import export_game
from adjudicator.report.html import write_report
from tests.support import SAMPLE, watch, write_evil_game

pytestmark = pytest.mark.browser


def open_page(browser: Any, path: Path, width: int = 1100) -> tuple[Any, list[str]]:
    page = browser.new_page(viewport={"width": width, "height": 900})
    problems: list[str] = []
    watch(page, problems, "file://")
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    return page, problems


def test_sample_report_in_chromium(browser: Any, tmp_path: Path) -> None:
    game = resolve_game(SAMPLE)
    data = export_game(game)
    html = write_report(game, tmp_path / "report.html")
    page, problems = open_page(browser, html)
    assert problems == []
    assert page.title().endswith("終了レポート")
    # the money chart: one series per player, one point per snapshot, values as derived
    money = page.locator('figure[data-chart="所持金の推移"] g.series')
    assert money.count() == len(data["players"])
    per = len(data["phases"]) + 1
    for i, (name, p) in enumerate(data["players"].items()):
        g = money.nth(i)
        assert g.get_attribute("data-series") == name
        circles = g.locator("circle")
        assert circles.count() == per
        assert float(circles.nth(per - 1).get_attribute("data-value") or "nan") == p["cash"]
        box = circles.nth(0).bounding_box()
        assert box and box["width"] > 0  # drawn, inside the page
    # stock levels: a point for every phase a player was alive
    assert page.locator('figure[data-chart="株価の推移"] circle').count() > 0
    # the annotated log lists every line, rejected lines stand out
    n_lines = sum(len(ph.lines) for ph in game.phases)
    assert page.locator("ol.log li[id]").count() == n_lines
    rejected = page.locator("ol.log li.d-rejected").first
    bg = rejected.evaluate("e => getComputedStyle(e).backgroundColor")
    plain = page.locator("ol.log li.d-chatter").first.evaluate(
        "e => getComputedStyle(e).backgroundColor")
    assert bg != plain
    # the CSS-only filter hides chatter
    page.locator("#only-actions").check()
    assert not page.locator("ol.log li.d-chatter").first.is_visible()
    page.locator("#only-actions").uncheck()
    # a phone-width view has no horizontal overflow of the page itself
    page.set_viewport_size({"width": 390, "height": 844})
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1
    page.set_viewport_size({"width": 1100, "height": 900})
    page.evaluate("window.scrollTo(0, 0)")
    shot = Path(os.environ.get("REPORT_SCREENSHOT") or tmp_path / "report.png")
    page.screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000
    page.close()


def test_hostile_report_executes_nothing(browser: Any, tmp_path: Path) -> None:
    game = resolve_game(write_evil_game(tmp_path / "evil"))
    html = write_report(game, tmp_path / "evil.html")
    page, problems = open_page(browser, html)
    assert problems == []  # a blocked inline script would be a CSP console error
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert page.locator("script, iframe, img, textarea, main b").count() == 0
    assert page.locator("style").count() == 1
    assert "<script>window.__pwned=1</script>" in page.locator("#roster").inner_text()
    page.close()


def _first_game_of_each_variant() -> list[tuple[str, Path]]:
    import tomllib

    from tests.support import all_games

    first: dict[str, Path] = {}
    for root in all_games():
        v = str(tomllib.loads((root / "game.toml").read_text(encoding="utf-8"))["variant"])
        first.setdefault(v, root)
    return sorted(first.items())


VARIANT_GAMES = _first_game_of_each_variant()


@pytest.mark.parametrize(("variant", "root"), VARIANT_GAMES, ids=[v for v, _r in VARIANT_GAMES])
def test_every_variant_section_in_chromium(browser: Any, tmp_path: Path, variant: str,
                                           root: Path) -> None:
    """Each variant's report as a browser shows it: no console problem, the visible text
    of the whole page holds no program internals (issue 15), the variant's own section is
    drawn; its screenshot is docs/report-<variant>.png (written there when
    REPORT_SCREENSHOTS=docs, else in a temporary folder)."""
    from tests.support.lint import problems as internals

    game = resolve_game(root)
    html = write_report(game, tmp_path / "report.html")
    page, problems = open_page(browser, html)
    assert problems == []
    said = [x for ph in game.phases for r in ph.lines for x in (r.text, r.speaker)]
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    found = internals(page.locator("body").inner_text(), game.variant, said)
    assert not found, found[:5]
    section = page.locator("section.variant-section").first
    assert section.count() == 1 and section.is_visible()
    if variant == "splatoon":  # the gauge grid: coloured cells with the number inside
        cells = page.locator("table.grid td")
        assert cells.count() > 0 and cells.first.inner_text().strip() != ""
        bg = cells.first.evaluate("e => getComputedStyle(e).backgroundColor")
        assert bg not in ("rgba(0, 0, 0, 0)", "transparent")
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = false)")
    # the sticky contents bar would lie over the section in a picture of the section alone
    page.evaluate("document.querySelectorAll('nav.toc').forEach(n => n.style.position = 'static')")
    section.scroll_into_view_if_needed()
    box = section.bounding_box()
    assert box and box["height"] > 50
    folder = Path(os.environ["REPORT_SCREENSHOTS"]) if os.environ.get("REPORT_SCREENSHOTS") \
        else tmp_path
    shot = folder / f"report-{variant}.png"
    page.screenshot(path=str(shot), full_page=True, clip={
        "x": box["x"], "y": box["y"] + page.evaluate("window.scrollY"),
        "width": box["width"], "height": min(box["height"], 1600)})
    assert shot.stat().st_size > 5_000
    page.close()


@pytest.mark.parametrize(("variant", "root"), VARIANT_GAMES, ids=[v for v, _r in VARIANT_GAMES])
def test_every_variant_section_at_phone_width(browser: Any, tmp_path: Path, variant: str,
                                              root: Path) -> None:
    """At 380 px (a phone) the page never scrolls sideways (a wide table scrolls in its
    own box), the header and the variant's section fit the screen, and the screenshot of
    the header and the section's start is docs/report-<variant>-phone.png (written there
    when REPORT_SCREENSHOTS=docs)."""
    game = resolve_game(root)
    html = write_report(game, tmp_path / "report.html")
    page, problems = open_page(browser, html, width=380)
    assert problems == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 381
    for sel in ("header", "section.variant-section"):
        box = page.locator(sel).first.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 381, (sel, box)
    page.evaluate("document.querySelectorAll('nav.toc').forEach(n => n.style.position = 'static')")
    section = page.locator("section.variant-section").first
    box = section.bounding_box()
    assert box and box["height"] > 50
    folder = Path(os.environ["REPORT_SCREENSHOTS"]) if os.environ.get("REPORT_SCREENSHOTS") \
        else tmp_path
    shot = folder / f"report-{variant}-phone.png"
    page.screenshot(path=str(shot), full_page=True, clip={
        "x": 0, "y": box["y"] + page.evaluate("window.scrollY"),
        "width": 380, "height": min(box["height"], 1400)})
    assert shot.stat().st_size > 5_000
    page.close()
