"""In a headless browser: a game of each registered variant created from the form with
Japanese values only; the 村 dropdown switches the roster hint, the village's settings
(each a labelled Japanese control at its default) and the 初期設定 link (desk.js under
the CSP), with no console error."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.config.load import load_config
from adjudicator.desk.service import option_controls, roster_help
from adjudicator.games import REGISTRY, get_variant
from tests.desk.test_browser import server  # noqa: F401  (the desk in a thread)
from tests.support import FIXTURES, watch
from tests.support.desk_forms import FORM_GAMES, japanese_form

pytestmark = pytest.mark.browser


def test_every_variant_from_the_form(server: Any, browser: Any) -> None:  # noqa: F811
    base, root = server
    page = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
    problems: list[str] = []
    watch(page, problems)

    page.goto(f"{base}/new")
    for variant in reversed(REGISTRY):  # the first is selected already: switch to each
        page.select_option("#variant", variant)
        assert page.inner_text("#roster-hint") == roster_help(variant)
        for other in REGISTRY:  # only the chosen village's settings are shown (and sent)
            assert page.is_visible(f"#settings-{other}") == (other == variant)
        for c in option_controls(variant):
            fid = f"{variant}-{c.name.replace('.', '-')}"
            assert page.inner_text(f"label[for='{fid}']") == c.label
            assert page.input_value(f"#{fid}") == c.value
        assert page.get_attribute("#variant-defaults", "href") == f"/new?variant={variant}"
        assert page.is_visible("#scenario-box") == bool(get_variant(variant).has_scenario)

    for variant in sorted(FORM_GAMES):
        form = japanese_form(FIXTURES / FORM_GAMES[variant])
        page.goto(f"{base}/new")
        page.fill("#name", f"ja-{variant}")
        page.select_option("#variant", variant)
        page.fill("#seed", form["seed"])
        page.fill("#gm", form["gm"])
        page.fill("#roster", form["roster"])
        assert page.inner_text("#players") == f"{len(form['roster'].splitlines())}人"
        page.click("form#new-game button[type=submit]")
        page.wait_for_url(f"{base}/g/ja-{variant}")
        cfg = load_config(root / f"ja-{variant}" / "game.toml")
        assert cfg.variant == variant
    assert problems == []
