"""Issue 41 (the desk, round three) in headless Chromium, as a GM uses the desk.

代役: after 「交代@はなこ→ゆきこ」 every notice heading of the desk (the stored phase, the
preview and its diff of later phases, the corrections) and the 途中集計 (its groups, votes
and tally) name the newcomer with the seat, as the command line does
(「ゆきこさん（はなこさんの席）への通知」), so the GM sends the DM to the right person."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support import chromium, desk_page, desk_server, free_port

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
pytestmark = pytest.mark.browser


def _replaced(root: Path) -> Path:
    """derby-stock where ゆきこ takes はなこ's seat from day 2 on (by the GM's line)."""
    game = root / "ds"
    shutil.copytree(SAMPLES / "derby-stock", game)
    for phase in ("day2", "night2", "day3", "night3", "day4"):
        log = game / "logs" / f"{phase}.txt"
        text = re.sub(r"^(\[[0-9:]+\] )はなこ([:：])", r"\1ゆきこ\2",
                      log.read_text(encoding="utf-8"), flags=re.M)
        if phase == "day2":
            lines = text.splitlines()
            lines.insert(1, "[21:00] GM: 交代@はなこ→ゆきこ")
            text = "\n".join(lines) + "\n"
        log.write_text(text, encoding="utf-8")
    return game


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    pytest.importorskip("uvicorn")
    root = tmp_path / "games"
    root.mkdir()
    _replaced(root)
    with desk_server(root, free_port()) as base:
        yield base, root


def _headings(page: object) -> list[str]:
    return page.locator("h3, h4").all_inner_texts()  # type: ignore[attr-defined]


def test_the_newcomer_is_named_in_notices_and_status(server: tuple[str, Path]) -> None:
    base, root = server
    with chromium() as browser:
        for width in (1280, 380):
            ctx, page, problems = desk_page(browser, base, width=width)
            # the stored phase: the notice heading names who gets the DM now
            page.goto(f"{base}/g/ds?phase=day2")
            heads = _headings(page)
            assert "ゆきこさん（はなこさんの席）への通知" in heads, heads
            assert "はなこさんへの通知" not in heads
            page.goto(f"{base}/g/ds?phase=day1")  # before the replacement: はなこ herself
            assert "はなこさんへの通知" in _headings(page)
            # the preview of day 2 again, and the later phases it changes
            day2 = (root / "ds" / "logs" / "day2.txt").read_text(encoding="utf-8")
            page.goto(f"{base}/g/ds")
            page.select_option("#phase", "day2")
            page.fill("#log", day2.replace("投票@じろう", "投票@たろう", 1))
            page.click("form[action$='/preview'] button[type=submit]")
            page.wait_for_selector("#outputs")
            heads = _headings(page)
            assert "ゆきこさん（はなこさんの席）への通知" in heads, heads
            assert not any(h == "はなこさんへの通知" for h in heads), heads
            # 途中集計 of day 3: the newcomer in the groups, the votes and the tally
            part = "[21:00] ゆきこ: 投票@たろう\n[21:01] たろう: 投票@ゆきこ\n"
            page.goto(f"{base}/g/ds")
            page.select_option("#phase", "day3")
            page.fill("#log", part)
            page.click("#status-button")
            page.wait_for_url(f"{base}/g/ds/status")
            groups = page.inner_text("#status-groups")
            assert "ゆきこ（はなこの席）" in groups and "はなこ、" not in groups
            assert "ゆきこ（はなこの席） 1票" in page.inner_text("#tally")
            assert "ゆきこ（はなこの席）→たろう" in page.inner_text("main")
            assert "ゆきこさん" in page.inner_text("#reminder") or \
                "はなこ" not in page.inner_text("#reminder")
            width_now = page.evaluate("document.documentElement.scrollWidth")
            assert width_now <= width + 1, f"the 途中集計 scrolls sideways ({width_now}px)"
            assert problems == []
            ctx.close()


def test_the_cli_status_names_the_newcomer(tmp_path: Path) -> None:
    from adjudicator.phases import phase_label
    from adjudicator.status import gm_text, phase_status

    root = _replaced(tmp_path)
    st = phase_status(root, "day3", "[21:00] ゆきこ: 投票@たろう\n[21:01] たろう: 投票@ゆきこ\n")
    text = gm_text(st, phase_label("day3"))
    assert "ゆきこ（はなこの席） 1票" in text and "ゆきこ（はなこの席）→たろう" in text
    assert "たろう→ゆきこ（はなこの席）" in text
    assert re.search(r"未：[^　\n]*ゆきこ", text) is None  # she voted
    assert st.waiting and "はなこ" not in st.waiting  # the data keeps the seats


@pytest.fixture()
def plain(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """derby-stock without its spectators' chat, served."""
    pytest.importorskip("uvicorn")
    root = tmp_path / "games"
    root.mkdir()
    shutil.copytree(SAMPLES / "derby-stock", root / "ds")
    (root / "ds" / "logs" / "day2-chat.txt").unlink()
    with desk_server(root, free_port()) as base:
        yield base, root


def test_the_spectators_chat_is_stored_listed_and_its_cheers_shown(
        plain: tuple[str, Path]) -> None:
    base, root = plain
    chat = (SAMPLES / "derby-stock" / "logs" / "day2-chat.txt").read_text(encoding="utf-8")
    with chromium() as browser:
        for width in (1280, 380):
            ctx, page, problems = desk_page(browser, base, width=width)
            page.goto(f"{base}/g/ds")
            page.select_option("#phase", "day2-chat")
            page.fill("#log", chat)
            page.click("form[action$='/preview'] button[type=submit]")
            page.wait_for_selector("#cheers")
            # which lines counted, for whom, and what they move
            assert page.locator("#cheers tbody tr").count() == 4
            assert "花子がんばれー" in page.inner_text("#cheers")
            assert "うまいこと言うね" not in page.inner_text("#cheers")  # まい: not counted
            counts = page.inner_text("#cheer-counts")
            assert "はなこ 3回" in counts and "たろう 1回" in counts
            page.click("form[action$='/store'] button:not(.secondary)")
            page.wait_for_url(f"{base}/g/ds?phase=day2-chat*")
            assert page.title() != "見つかりません"
            assert "2日目 観戦チャットのログを保存しました" in page.inner_text("[role=status]")
            assert page.locator("#cheers tbody tr").count() == 4
            assert (root / "ds" / "logs" / "day2-chat.txt").is_file()
            # the phase table lists it, with a way back to its cheers
            row = page.locator("tr.extra")
            assert row.count() == 1 and "2日目 観戦チャット" in row.inner_text()
            row.locator("a").click()
            page.wait_for_selector("#cheers")
            width_now = page.evaluate("document.documentElement.scrollWidth")
            assert width_now <= width + 1, f"the game page scrolls sideways ({width_now}px)"
            assert problems == []
            ctx.close()
            (root / "ds" / "logs" / "day2-chat.txt").unlink()  # again at the other width
