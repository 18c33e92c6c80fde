"""In a headless browser, issue 41's points 1 and 2 as a GM meets them, at 1280 px and on
a phone (380 px): a ダービー＆ストック村 made from names and genders only lands on 配役と封印;
the deal by lot shows the seal and each player's notice, the game page follows, and no
page on the way names a file; the village's settings are Japanese controls (同票のとき:
抽選で1人を処刑／処刑なし, Trap Word's monster by its name, counts as numbers with their
range), the default preselected, written into the game as chosen.  Screenshots:
desk-new.png, desk-new-phone.png, desk-deal.png, desk-deal-phone.png (docs/ when
``DESK_SCREENSHOTS=docs``)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from adjudicator.config.load import load_config
from tests.desk.test_browser import server  # noqa: F401  (the desk in a thread)
from tests.support import FIXTURES, desk_page, screenshot
from tests.support.desk_forms import FORM_GAMES, names_form

pytestmark = pytest.mark.browser

FILE_NAME = re.compile(r"[\w.-]+\.(?:toml|txt|json|csv)\b")
SIZES = {"": (1280, 900), "-phone": (380, 800)}


def _no_file_named(page: Any) -> None:
    body = page.inner_text("main")
    assert FILE_NAME.search(body) is None, FILE_NAME.search(body)


@pytest.mark.parametrize("suffix", list(SIZES))
def test_names_only_then_deal_and_seal_in_the_browser(
        server: tuple[str, Path], browser: Any, suffix: str) -> None:  # noqa: F811
    base, root = server
    ctx, page, problems = desk_page(browser, base, *SIZES[suffix])
    form = names_form(FIXTURES / FORM_GAMES["derby-stock"])
    assert "人狼" not in form["roster"] and "男性" in form["roster"]
    page.goto(f"{base}/new")
    page.fill("#name", "lot")
    page.select_option("#variant", "derby-stock")
    page.fill("#roster", form["roster"])
    page.select_option("#derby-stock-opt-tie", label="処刑なし")
    page.click("form#new-game button[type=submit]")
    page.wait_for_url(f"{base}/g/lot/seal?new=1")
    assert "次に、配役を抽選で決めて封印します" in page.inner_text("#created-note")
    n = len(form["roster"].splitlines())
    assert page.inner_text("#deal-plan").startswith(f"{n}人の配役：人狼")
    _no_file_named(page)
    page.click("#deal-button")
    page.wait_for_url(f"{base}/g/lot/deal")
    cfg = load_config(root / "lot" / "game.toml")
    assert cfg.seal is not None and cfg.options["tie"] == "none"
    assert page.inner_text("#seal-line") == f"配役の封印：{cfg.seal.digest}"
    assert page.locator("#dealt-roles tbody tr").count() == n
    for p in cfg.players:
        assert page.locator(f"h3:text-is('{p.name}さんへの通知')").count() == 1
    _no_file_named(page)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SIZES[suffix][0] + 1, f"the deal's page scrolls sideways ({width}px)"
    page.screenshot(path=str(screenshot(f"desk-deal{suffix}.png")), full_page=False)
    page.click("#to-game")
    page.wait_for_url(f"{base}/g/lot")
    assert page.locator("#phase").count() == 1  # the paste form: the game goes on
    _no_file_named(page)
    assert problems == []
    ctx.close()


@pytest.mark.parametrize("suffix", list(SIZES))
def test_settings_as_japanese_choices_in_the_browser(
        server: tuple[str, Path], browser: Any, suffix: str) -> None:  # noqa: F811
    base, root = server
    ctx, page, problems = desk_page(browser, base, *SIZES[suffix])
    page.goto(f"{base}/new")
    assert page.locator("textarea#options").count() == 0  # no TOML box
    page.select_option("#variant", "derby-stock")
    tie = "#derby-stock-opt-tie"
    assert page.inner_text(f"label[for='{tie[1:]}']") == "同票のとき"
    assert page.locator(f"{tie} option").all_inner_texts() == ["抽選で1人を処刑", "処刑なし"]
    assert page.eval_on_selector(tie, "s => s.options[s.selectedIndex].text") == "抽選で1人を処刑"
    page.fill("#name", "村1")
    page.fill("#roster", names_form(FIXTURES / FORM_GAMES["derby-stock"])["roster"])
    page.screenshot(path=str(screenshot(f"desk-new{suffix}.png")), full_page=True)
    page.fill("#roster", "")
    page.select_option("#variant", "trapword")
    monster = "#trapword-opt-monster"
    names = page.locator(f"{monster} option").all_inner_texts()
    assert names[0] == "抽選" and "砂喰いゴーレム" in names
    assert page.get_attribute("#trapword-opt-curses", "type") == "number"
    assert page.get_attribute("#trapword-opt-curses", "min") == "0"
    assert page.input_value("#trapword-opt-curses") == "2"
    body = page.inner_text("#settings-trapword")
    for english in ("sand_golem", "monster", "curses", "tie", "true", "false", "ss.", "ww."):
        assert english not in body, english
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SIZES[suffix][0] + 1, f"the form scrolls sideways ({width}px)"
    page.fill("#name", "tw")
    page.fill("#roster", "赤: たろう, はなこ\n青: さくら, けんた")
    page.select_option(monster, label="ささやきコウモリ")
    page.fill("#trapword-opt-curses", "1")
    page.select_option("#trapword-opt-trap_mode", label="確実な一致はコールなしでも")
    page.click("form#new-game button[type=submit]")
    page.wait_for_url(f"{base}/g/tw")
    raw = tomllib.loads((root / "tw" / "game.toml").read_text("utf-8"))
    assert raw["options"]["monster"] == "ささやきコウモリ" and raw["options"]["curses"] == 1
    assert raw["options"]["trap_mode"] == "自動" and raw["options"]["tiles"] == [3, 4, 5, 6, 7]
    assert problems == []
    ctx.close()
