"""In a headless browser: a game of each of the six variants created from the form with
Japanese values only; the 村 dropdown switches the roster hint, the options box and the
初期設定 link (desk.js under the CSP), with no console error."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.config.load import load_config
from tests.desk.test_browser import server  # noqa: F401  (the desk in a thread)
from tests.support import FIXTURES, watch
from tests.support.desk_forms import FORM_GAMES, japanese_form

pytestmark = pytest.mark.browser


def test_six_variants_from_the_form(server: Any, browser: Any) -> None:  # noqa: F811
    base, root = server
    page = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
    problems: list[str] = []
    watch(page, problems)

    page.goto(f"{base}/new")
    page.select_option("#variant", "splatoon")
    assert "色（オレンジ/ムラサキ）" in page.inner_text("#roster-hint")
    assert "initial_gauge" in page.input_value("#options")
    assert page.get_attribute("#variant-defaults", "href") == "/new?variant=splatoon"
    assert page.is_hidden("#scenario-box")
    page.select_option("#variant", "majora")
    assert page.is_visible("#scenario-box")
    assert "仮面の村人/月" in page.inner_text("#roster-hint")

    for variant in sorted(FORM_GAMES):
        form = japanese_form(FIXTURES / FORM_GAMES[variant])
        page.goto(f"{base}/new")
        page.fill("#name", f"ja-{variant}")
        page.select_option("#variant", variant)
        page.fill("#seed", form["seed"])
        page.fill("#gm", form["gm"])
        page.fill("#roster", form["roster"])
        page.fill("#options", "")
        assert page.inner_text("#players") == f"{len(form['roster'].splitlines())}人"
        page.click("form#new-game button[type=submit]")
        page.wait_for_url(f"{base}/g/ja-{variant}")
        cfg = load_config(root / f"ja-{variant}" / "game.toml")
        assert cfg.variant == variant
    assert problems == []
