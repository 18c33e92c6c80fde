"""Issue 41 in headless Chromium, as a GM uses the desk (and the few checks beside).

代役: after 「交代@はなこ→ゆきこ」 every notice heading of the desk (the stored phase, the
preview and its diff of later phases, the corrections) and the 途中集計 (its groups, votes
and tally) name the newcomer with the seat, as the command line does
(「ゆきこさん（はなこさんの席）への通知」), so the GM sends the DM to the right person.  The derby's spectators' chat: stored onto
its page, listed under its day, its counted cheers shown.  The smaller items: one POST
and one load a store, whole names in the tables, the plain Discord copy's date, the
edited command's line, the report's way back, Discord without its extra, majora's loop.
A log from another game: asked about before storing."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support import chromium, desk_page, desk_server, free_port

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


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


@pytest.mark.browser
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


@pytest.mark.browser
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


@pytest.fixture()
def games(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """derby-stock (ds, its day 4 to paste), majora, and a derby with a Discord channel."""
    pytest.importorskip("uvicorn")
    root = tmp_path / "games"
    root.mkdir()
    shutil.copytree(SAMPLES / "derby-stock", root / "ds")
    (root / "ds" / "logs" / "day4.txt").unlink()
    shutil.copytree(SAMPLES / "majora", root / "mj")
    shutil.copytree(SAMPLES / "derby-stock", root / "dc")
    with (root / "dc" / "game.toml").open("a", encoding="utf-8") as f:
        f.write('\n[discord]\nchannel = "1234567890"\n')
    with desk_server(root, free_port()) as base:
        yield base, root


def _one_line(page: object, selector: str) -> list[str]:
    """The texts of ``selector`` laid out on more than one line (a broken name)."""
    return page.evaluate("""(sel) => Array.from(document.querySelectorAll(sel)).filter(el => {
        const r = document.createRange(); r.selectNodeContents(el);
        const tops = new Set(Array.from(r.getClientRects()).map(x => Math.round(x.top)));
        return el.textContent.trim() && tops.size > 1; }).map(el => el.textContent)""",
        selector)  # type: ignore[attr-defined]


@pytest.mark.browser
def test_the_smaller_items(games: tuple[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    base, root = games
    day4 = (SAMPLES / "derby-stock" / "logs" / "day4.txt").read_text(encoding="utf-8")
    with chromium() as browser:
        ctx, page, problems = desk_page(browser, base, width=1280)
        sent: list[str] = []
        page.on("request", lambda r: sent.append(f"{r.method} {r.url[len(base):]}"))
        # a paste with refused lines: names whole at 1280 px
        page.goto(f"{base}/g/ds")
        page.select_option("#phase", "day4")
        long = "、".join(["たろうさんに投票するつもりだったけれど、やっぱりやめておきます"] * 8)
        page.fill("#log", day4 + "[22:30] じろう: 投票@たろう\n[22:31] はなこ: 予想@たろう 99万\n"
                  f"[22:32] りょう: 投票@{long}\n")
        page.click("form[action$='/preview'] button[type=submit]")
        page.wait_for_selector("#rejected")
        assert _one_line(page, "#rejected td:nth-child(-n+2)") == []
        # the store button pressed twice: one POST, and the game page loaded once
        sent.clear()
        page.evaluate("""() => { const f = document.querySelector("form[action$='/store']");
                                 f.requestSubmit(); f.requestSubmit(); }""")
        page.wait_for_url(f"{base}/g/ds?phase=day4*")
        page.wait_for_load_state("load")
        assert [s for s in sent if "/store" in s] == ["POST /g/ds/store"], sent
        assert len([s for s in sent if s.startswith("GET /g/ds?")]) == 1, sent
        assert page.locator("[role=status]").first.inner_text().startswith("4日目 昼のログを保存しました")
        # the report leads back to the game's page
        page.goto(f"{base}/g/ds/report")
        page.click("#back-to-game")
        page.wait_for_url(f"{base}/g/ds")
        # a plain Discord copy (今日): no 「読めない日付」; an edited command: its line
        page.goto(f"{base}/g/ds")
        page.select_option("#phase", "day4")
        page.fill("#log", "GM — 今日 22:00\n4日目の投票です\n"
                          "たろう — 今日 22:01\n投票@はなこ (編集済)\n")
        page.click("form[action$='/preview'] button[type=submit]")
        page.wait_for_selector("#messages")
        assert "読めない日付" not in page.inner_text("main")
        edited = page.locator("#rejected tr.warning")
        assert edited.count() == 1
        cells = edited.locator("td").all_inner_texts()
        assert cells[1] == "たろう" and cells[2] == "投票@はなこ", cells
        # majora: the desk's label says which loop and day the post's heading means
        page.goto(f"{base}/g/mj?phase=day5")
        assert "5日目 昼（2周目・2日目 昼）の投稿と通知" in page.inner_text("#outputs")
        assert "【2周目・2日目】" in page.inner_text("#outputs ~ .card pre")
        # the game list at a phone's width: no state broken in two
        page.set_viewport_size({"width": 380, "height": 800})
        page.goto(f"{base}/")
        assert _one_line(page, "tbody td:last-child > *, thead th:last-child") == []
        assert problems == []
        ctx.close()


@pytest.mark.browser
def test_discord_without_its_extra(games: tuple[str, Path],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from adjudicator.desk import discord_routes

    monkeypatch.setattr(discord_routes, "installed", lambda: False)
    base, root = games
    with chromium() as browser:
        ctx, page, problems = desk_page(browser, base, width=1280)
        page.goto(f"{base}/g/dc")
        hint = page.inner_text(".discord-missing")
        assert "デスクを入れた人" in hint and "pip" not in hint and "`" not in hint
        assert page.locator("form[action$='/discord/pull']").count() == 0
        assert page.locator("form[action$='/discord/send-preview']").count() == 0
        # the route itself (a form kept open from before) says the same, no command
        token = page.locator("input[name=csrf]").first.get_attribute("value")
        r = page.request.post(f"{base}/g/dc/discord/pull",
                              form={"csrf": token or "", "phase": "day1"},
                              headers={"Origin": base})
        assert r.status == 503 and "デスクを入れた人" in r.text() and "pip" not in r.text()
        assert problems == []
        ctx.close()


@pytest.mark.browser
def test_a_log_from_another_game_asks_before_storing(games: tuple[str, Path]) -> None:
    base, root = games
    night = (SAMPLES / "splatoon" / "logs" / "night1.txt").read_text(encoding="utf-8")
    with chromium() as browser:
        for width in (1280, 380):
            ctx, page, problems = desk_page(browser, base, width=width)
            sent: list[str] = []
            page.on("request", lambda r, sent=sent: sent.append(f"{r.method} {r.url[len(base):]}"))
            page.goto(f"{base}/g/ds")
            page.select_option("#phase", "day4")
            page.fill("#log", night)
            page.click("form[action$='/preview'] button[type=submit]")
            page.wait_for_selector("#warnings")
            said = page.locator("#warnings li").all_inner_texts()
            # first the village its commands are of, then its writers not on the roster
            assert "Splatoon！！村のログではありませんか" in said[0], said
            assert "このゲームの参加者にもGMにもいません" in said[1], said
            assert "別のゲームのログ" in said[1]
            # the warning comes before the lines refused one by one
            assert page.evaluate("""() => document.getElementById("warnings")
                .compareDocumentPosition(document.getElementById("rejected")) & 4""")
            sent.clear()
            page.click("form[action$='/store'] button:not(.secondary)")  # not ticked: nothing
            page.wait_for_timeout(300)
            assert not any("/store" in s for s in sent), sent
            assert not (root / "ds" / "logs" / "day4.txt").exists()
            page.check("#warnings input[name=confirm]")
            page.click("form[action$='/store'] button:not(.secondary)")
            page.wait_for_url(f"{base}/g/ds?phase=day4*")
            assert (root / "ds" / "logs" / "day4.txt").is_file()
            width_now = page.evaluate("document.documentElement.scrollWidth")
            assert width_now <= width + 1
            assert problems == []
            ctx.close()
            (root / "ds" / "logs" / "day4.txt").unlink()


def test_the_samples_own_logs_raise_no_stranger_warning() -> None:
    from adjudicator.chatlog import read_chat
    from adjudicator.desk.guards import _strangers

    for game in sorted(p for p in SAMPLES.iterdir() if (p / "game.toml").is_file()):
        for log in sorted((game / "logs").glob("*.txt")):
            text = log.read_text(encoding="utf-8")
            said = _strangers(game, log.stem, text, read_chat(text, log.name), set())
            assert said == "", (game.name, log.name, said)
