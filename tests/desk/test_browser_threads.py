"""A night of private chats in the desk, in headless Chromium at 1280 and 380 px
(input.thread; issue 39, the desk's part): the paste box takes every export at once and
the preview shows each line under its chat, 「スレッドを追加」 adds one more chat to the
stored night, the night's page lists its chats, the chatter's rows come under their
chats with the columns as wide as before; and a Splatoon night pasted into a derby game
says so first (issue 41, point 5).  Pictures: docs/desk-threads.png and
docs/desk-threads-phone.png (``DESK_SCREENSHOTS=docs``: tests.support.screenshot)."""

from __future__ import annotations

import shutil
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.desk.test_desk_threads import NANA, NIGHT1, THREADS, splatoon_night_by
from tests.support import desk_page, desk_server, free_port, screenshot

pytestmark = pytest.mark.browser

#: each command row's chat, as the page shows it: (its heading, the rows' line numbers)
BY_CHAT = """() => Array.from(document.querySelectorAll("#messages tbody")).map((g) => {
  const rows = Array.from(g.rows);
  const head = rows.length && rows[0].classList.contains("thread")
    ? rows[0].querySelector("th").firstChild.textContent : "";
  return [head, rows.slice(1).map((r) => r.cells[0].textContent)]; })"""


@pytest.fixture()
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    pytest.importorskip("uvicorn")
    root = tmp_path / "games"
    shutil.copytree(THREADS, root / "g", ignore=shutil.ignore_patterns(
        "expected", "night*", "day2*", "day3*", "day4*"))
    with desk_server(root, free_port()) as base:
        yield base, root / "g"


def test_a_night_of_chats_pasted_at_once_then_one_more_added(
        served: tuple[str, Path], browser: Any) -> None:
    base, game = served
    for width in (1280, 380):
        ctx, page, problems = desk_page(browser, base, width=width)
        page.goto(f"{base}/g/g")
        page.select_option("#phase", "night1")
        page.fill("#log", NIGHT1)
        page.click("form[action$='/preview'] button[type=submit]")
        page.wait_for_url(f"{base}/g/g/preview")
        assert page.locator("#threads li").count() == 13
        assert "はなこさんとの個別チャット" in page.locator("#threads li").nth(3).inner_text()
        groups = dict(page.evaluate(BY_CHAT))
        assert groups["はなこさんとの個別チャット"] == ["25", "26", "27", "28", "29"]
        assert groups["グループ「人狼部屋」"] == ["12", "13"]
        assert page.locator("#messages tr.thread").first.is_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= width + 1
        name = "desk-threads.png" if width == 1280 else "desk-threads-phone.png"
        page.evaluate("document.getElementById('counts').scrollIntoView()")  # the lines by chat
        page.screenshot(path=str(screenshot(name)), full_page=False)
        page.click("form[action$='/store'] button:not(.secondary)")
        page.wait_for_url(f"{base}/g/g?phase=night1*")
        assert page.locator("#threads li").count() == 13  # the stored night's page
        # one more chat, added to the stored night
        page.click("#add-thread > summary")
        page.select_option("#phase", "night1")
        page.fill("#log", NANA)
        page.fill("#thread", "なな")
        page.click("#append-button")
        page.wait_for_url(f"{base}/g/g/preview")
        assert "「なな」のチャットを加えて判定しました" in page.inner_text("#appended")
        assert page.locator("#threads li").count() == 14
        assert dict(page.evaluate(BY_CHAT))["ななさんとの個別チャット"] == ["85"]
        page.click("form[action$='/store'] button:not(.secondary)")
        page.wait_for_url(f"{base}/g/g?phase=night1*")
        page.click("#threads > summary")  # folded on the phase's page, above its posts
        assert page.locator("#threads li").count() == 14
        assert "ななさんとの個別チャット" in page.locator("#threads li").last.inner_text()
        if width == 1280:
            page.locator("#add-thread > summary").scroll_into_view_if_needed()
            page.click("#add-thread > summary")
            page.screenshot(path=str(screenshot("desk-add-thread.png")), full_page=False)
        assert page.evaluate("document.documentElement.scrollWidth") <= width + 1
        assert problems == []
        ctx.close()
        (game / "logs" / "night1.txt").unlink()


def test_the_chatter_of_chats_under_their_headings_keeps_its_columns(
        served: tuple[str, Path], browser: Any) -> None:
    """「雑談を表示」 of a long night of chats: each chat's chatter under its heading, and
    the columns as wide as the rows make them (a heading spans them, it does not widen
    the first)."""
    base, _game = served
    chatter = "".join(f"=== スレッド：{who} ===\n" + "".join(
        f"[21:{k:02d}] {who}: こんばんは、今日もよろしくお願いします {k}\n" for k in range(25))
        for who in ("さくら", "けんた", "みゆき"))
    ctx, page, problems = desk_page(browser, base, width=1280)
    page.goto(f"{base}/g/g")
    page.select_option("#phase", "night1")
    page.fill("#log", NIGHT1 + chatter)
    page.click("form[action$='/preview'] button[type=submit]")
    page.wait_for_url(f"{base}/g/g/preview")
    page.click("#chatter-show")
    page.wait_for_selector("#chatter-table:not([hidden])")
    heads = page.locator("#chatter-rows tr.thread th").all_inner_texts()
    assert [h.split("（")[0] for h in heads] == ["さくらさんとの個別チャット",
                                                "けんたさんとの個別チャット",
                                                "みゆきさんとの個別チャット"]
    first = page.evaluate("""() => document.querySelector("#chatter-rows tbody tr:not(.thread)")
                          .cells[0].getBoundingClientRect().width""")
    assert first < 120, f"the line number's column is {first}px wide"
    assert problems == []
    ctx.close()


def test_a_splatoon_night_in_a_derby_game_says_so_first(
        served: tuple[str, Path], browser: Any) -> None:
    base, game = served
    players = [p["name"] for p in tomllib.loads((game / "game.toml").read_text("utf-8"))["players"]]
    for width in (1280, 380):
        ctx, page, problems = desk_page(browser, base, width=width)
        page.goto(f"{base}/g/g")
        page.select_option("#phase", "night1")
        page.fill("#log", splatoon_night_by(players))
        page.click("form[action$='/preview'] button[type=submit]")
        page.wait_for_selector("#warnings")
        first = page.locator("#warnings li").first.inner_text()
        assert "Splatoon！！村のログではありませんか" in first, first
        assert page.evaluate("""() => document.getElementById("warnings")
            .compareDocumentPosition(document.getElementById("rejected")) & 4""")
        if width == 1280:
            page.screenshot(path=str(screenshot("desk-other-village.png")), full_page=False)
        page.click("form[action$='/store'] button:not(.secondary)")  # not ticked: nothing
        page.wait_for_timeout(300)
        assert not (game / "logs" / "night1.txt").exists()
        assert page.evaluate("document.documentElement.scrollWidth") <= width + 1
        assert problems == []
        ctx.close()
