"""「雑談を表示」 in headless Chromium (Playwright): a paste of a long night (3,000 chatter
lines) judged, the button pressed (from the keyboard at desktop width, by a click on a
phone), and then: every chatter row in the table, once, in the log's order, each cell's
text and class as the server wrote it; after the later row groups are drawn (desk.js),
every row in the accessibility tree as a row of the table; at desktop width each cell
where an ordinary table of the same rows puts it (the grid's columns measured from one),
with short lines and with a line longer than the table is wide; on a phone no sideways
scroll; the folded rows of a paste too big to keep, opened, drawn the same way.  No
console error, no request outside the desk.  A screenshot of the
rows goes to docs/desk-chatter.png.  Skipped, with the reason, without Chromium or
Playwright (.ci/extra-setup)."""

from __future__ import annotations

import html
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support import FIXTURES, ROOT, desk_page, desk_server, free_port

pytestmark = pytest.mark.browser

DERBY = FIXTURES / "derby16"
SPEAKERS = ["たろう", "はなこ", "じろう", "さくら", "けんた", "みゆき", "だいすけ", "あやか"]
CHATTER = 3000


def night(long: bool = False) -> str:
    """night1 of derby16 with CHATTER lines of chatter after its first line, each
    different (its number), some with characters HTML escapes; ``long``: one of them
    longer than the table is wide (an ordinary table then gives every other column its
    narrowest width, the speakers' names a character a line: the grid must do the same)."""
    real = (DERBY / "logs" / "night1.txt").read_text("utf-8").splitlines()
    extra = []
    for k in range(CHATTER):
        text = f"おしゃべり {k} 番目" + (" <b>&</b> 'q' \"dq\"" if k % 7 == 0 else "")
        if long and k == 1234:
            text += "、ながいはなし" * 30
        extra.append(f"[21:{k % 60:02d}] {SPEAKERS[k % len(SPEAKERS)]}: {text}")
    return "\n".join(real[:1] + extra + real[1:]) + "\n"


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    pytest.importorskip("uvicorn")
    root = tmp_path_factory.mktemp("chatter")
    (root / "g" / "logs").mkdir(parents=True)
    shutil.copy(DERBY / "game.toml", root / "g" / "game.toml")
    shutil.copy(DERBY / "logs" / "day1.txt", root / "g" / "logs" / "day1.txt")
    with desk_server(root, free_port()) as base:
        yield base


def judged(page: Any, base: str, long: bool = False) -> None:
    page.goto(f"{base}/g/g")
    page.select_option("#phase", "night1")
    page.eval_on_selector("#log", "(e, t) => { e.value = t; }", night(long))
    page.click("form[action$='/preview'] button[type=submit]")
    page.wait_for_url(f"{base}/g/g/preview")


def server_rows(page: Any, base: str) -> list[list[str]]:
    """The rows the server sends for the button: [row class, (cell class, cell text)...]."""
    href = page.get_attribute("#chatter-show", "href")
    part = page.context.request.get(f"{base}{href}&part=1").text()
    return [[tr] + [x for c, t in re.findall(r'<td(?: class="(\w+)")?>(.*?)</td>', cells)
                    for x in (c, html.unescape(t))]
            for tr, cells in re.findall(r'<tr class="(\w*)">(.*?)</tr>', part)]


def drawn(page: Any, seconds: float = 60) -> None:
    """Until desk.js has drawn every row group it left for later (no ``tbody.later``);
    polled from here: the desk's policy forbids the page evaluating strings."""
    import time

    deadline = time.monotonic() + seconds
    while page.evaluate("() => document.querySelectorAll('tbody.later').length"):
        assert time.monotonic() < deadline, "the later row groups were never drawn"
        page.wait_for_timeout(50)


def _text(node: dict[str, Any], by_id: dict[str, Any]) -> str:
    """A cell's text in the accessibility tree (its static text nodes)."""
    if node["role"]["value"] == "StaticText":
        return str(node.get("name", {}).get("value", ""))
    return "".join(_text(by_id[c], by_id) for c in node.get("childIds", []) if c in by_id)


SHOWN_ROWS = """() => [...document.querySelectorAll('#chatter-rows tbody tr')].map(tr =>
    [tr.className, ...[...tr.cells].flatMap(td => [td.className, td.textContent])])"""


def accessible_rows(page: Any, table: str = "#chatter-rows") -> list[str]:
    """The rows of the chatter table in Chromium's accessibility tree (what a screen
    reader is given), each as its cells' texts with a space between, the header first."""
    cdp = page.context.new_cdp_session(page)
    doc = cdp.send("DOM.getDocument", {"depth": 0})
    node = cdp.send("DOM.querySelector", {"nodeId": doc["root"]["nodeId"],
                                          "selector": table})["nodeId"]
    backend = cdp.send("DOM.describeNode", {"nodeId": node})["node"]["backendNodeId"]
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    by_id = {n["nodeId"]: n for n in nodes}
    table = next(n for n in nodes if n.get("backendDOMNodeId") == backend)
    assert table["role"]["value"] == "table"
    names, todo = [], list(reversed(table.get("childIds", [])))
    while todo:
        n = by_id.get(todo.pop())
        if n is None:
            continue
        if n["role"]["value"] == "row" and not n.get("ignored"):
            cells = [by_id[c] for c in n.get("childIds", []) if c in by_id]
            names.append(" ".join(_text(c, by_id) for c in cells))
            continue
        todo.extend(reversed(n.get("childIds", [])))
    cdp.detach()
    return names


def test_the_chatter_rows_shown_from_the_keyboard_all_in_order(browser: Any, desk: str) -> None:
    ctx, page, problems = desk_page(browser, desk, 1100, 900)
    judged(page, desk)
    expected = server_rows(page, desk)
    assert len(expected) == CHATTER
    page.focus("#chatter-show")
    page.keyboard.press("Enter")
    page.wait_for_selector("#chatter-show[data-shown='1']", state="attached")
    assert page.locator("#chatter-show").is_hidden()
    # the keyboard's place moves from the hidden button to the rows it showed
    assert page.evaluate("() => document.activeElement.id") == "chatter-rows"
    assert page.evaluate(SHOWN_ROWS) == expected  # every row at once, in order, as sent
    said = [int(r[10].split()[1]) for r in expected]
    assert said == list(range(CHATTER))
    page.locator("#chatter-table").scroll_into_view_if_needed()
    page.evaluate("document.getElementById('chatter-table').scrollIntoView()")
    page.screenshot(path=str(ROOT / "docs" / "desk-chatter.png"), full_page=False)
    drawn(page)
    names = accessible_rows(page)
    assert len(names) == CHATTER + 1 and names[0].startswith("行 発言者")
    assert [int(n.split()[0]) for n in names[1:]] == [int(r[2]) for r in expected]
    assert problems == []
    ctx.close()


def test_the_chatter_grid_puts_each_cell_where_an_ordinary_table_does(
        browser: Any, desk: str) -> None:
    """The columns of the grid rows are measured from an ordinary table of the widest values
    (desk.js): every cell at the place and size an ordinary table of all the rows gives it,
    with short lines and with one line longer than the table is wide."""
    for long in (False, True):
        ctx, page, problems = desk_page(browser, desk, 1100, 900)
        judged(page, desk, long)
        page.click("#chatter-show")
        drawn(page)
        assert cell_shift(page) < 0.1, f"long={long}: a cell is off an ordinary table's place"
        assert problems == []
        ctx.close()


def cell_shift(page: Any, table: str = "#chatter-rows") -> float:
    """The largest distance (px) between a cell of the chatter table and the same cell of an
    ordinary table of the same rows beside it (the first 300 rows and rows 1230-1240): its
    left edge, width and height, and its top within its own row.  A row's top from the
    table's is not compared: the two layouts round each row's height to 1/64 px at
    different steps, and over a thousand rows those sixty-fourths add up to a few pixels
    (6.9 px at row 1230 in some runs) that no one sees."""
    return float(page.evaluate("""(sel) => {
        const t = document.querySelector(sel);
        const plain = t.cloneNode(true);
        plain.classList.remove('long'); plain.removeAttribute('id'); plain.removeAttribute('style');
        t.parentNode.appendChild(plain);
        const at = (table) => [...table.querySelectorAll('tr')].slice(0, 300).concat(
                [...table.querySelectorAll('tr')].slice(1230, 1240)).map(tr => {
              const top = tr.getBoundingClientRect().top;
              return [...tr.cells].map(c => {
                const r = c.getBoundingClientRect(); return [r.left, r.top - top, r.width, r.height]; }); });
        const a = at(t), b = at(plain); plain.remove();
        let worst = 0;
        a.forEach((row, i) => row.forEach((cell, j) => cell.forEach((v, k) => {
            worst = Math.max(worst, Math.abs(v - b[i][j][k])); })));
        return worst; }""", table))


def test_the_chatter_rows_on_a_phone(browser: Any, desk: str) -> None:
    ctx, page, problems = desk_page(browser, desk, 380, 800)
    judged(page, desk, long=True)
    expected = server_rows(page, desk)
    page.click("#chatter-show")
    page.wait_for_selector("#chatter-show[data-shown='1']", state="attached")
    assert page.evaluate(SHOWN_ROWS) == expected
    drawn(page)
    assert len(accessible_rows(page)) == CHATTER  # the header is hidden on a phone, as before
    assert page.evaluate("document.documentElement.scrollWidth") <= 381
    assert problems == []
    ctx.close()


def test_the_folded_chatter_of_a_paste_too_big_to_keep(
        browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A paste the desk cannot keep carries its chatter folded in the page (a closed
    <details>): opened, its rows are drawn like the button's (the later groups after the
    first frame), every row in the accessibility tree, each cell where an ordinary table
    puts it."""
    pytest.importorskip("uvicorn")
    import adjudicator.desk.app as desk_app
    from adjudicator.desk.pastes import PasteCache

    made = desk_app.create_app

    def small(*args: Any, **kwargs: Any) -> Any:
        app = made(*args, **kwargs)
        app.state.desk.pastes = PasteCache(max_chars=100)
        return app

    monkeypatch.setattr(desk_app, "create_app", small)
    root = tmp_path / "games"
    (root / "g" / "logs").mkdir(parents=True)
    shutil.copy(DERBY / "game.toml", root / "g" / "game.toml")
    shutil.copy(DERBY / "logs" / "day1.txt", root / "g" / "logs" / "day1.txt")
    with desk_server(root, free_port()) as base:
        ctx, page, problems = desk_page(browser, base, 1100, 900)
        judged(page, base)
        assert page.locator("#chatter-show").count() == 0
        folded = "#chatter details table.long"
        assert page.evaluate(f"() => document.querySelectorAll('{folded} tbody.later').length") > 0
        page.click("#chatter details > summary")
        drawn(page)
        rows = page.evaluate(f"""() => [...document.querySelectorAll('{folded} tbody tr')]
            .map(tr => Number(tr.cells[4].textContent.split(' ')[1]))""")
        assert rows == list(range(CHATTER))
        page.evaluate(f"() => document.querySelector('{folded}').id = 'folded'")
        assert len(accessible_rows(page, "#folded")) == CHATTER + 1
        assert cell_shift(page, "#folded") < 0.1
        assert problems == []
        ctx.close()
