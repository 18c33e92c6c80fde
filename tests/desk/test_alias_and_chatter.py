"""An unknown speaker made an alias in one click (check page and paste page: game.toml
edited with its comments kept and its previous version in .history, 303 back to the page
with the warning gone), and a long night's chatter sent only when asked (a kept paste,
found by its key, bounded, never a path)."""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

import pytest

from tests.support import FIXTURES, csrf

pytest.importorskip("starlette")
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
from starlette.testclient import TestClient  # noqa: E402

from adjudicator.desk.app import create_app  # noqa: E402
from adjudicator.desk.pastes import Paste, PasteCache  # noqa: E402

DERBY = FIXTURES / "derby16"
BUTTON = re.compile(r'<button type="submit" class="secondary">「([^」]*)」を「([^」]*)」さんの別名として登録')


def game(tmp_path: Path, fixture: Path = DERBY, logs: tuple[str, ...] = ("day1",)
         ) -> tuple[Path, TestClient]:
    root = tmp_path / "games"
    (root / "g" / "logs").mkdir(parents=True)
    shutil.copy(fixture / "game.toml", root / "g" / "game.toml")
    for stem in logs:
        shutil.copy(fixture / "logs" / f"{stem}.txt", root / "g" / "logs" / f"{stem}.txt")
    c = TestClient(create_app(root, hosts=("testserver",)))
    c.get("/")
    return root / "g", c


CHECK = {"line": "予想@じろう 3万", "speaker": "たろー", "phase": "night1"}


def test_the_check_page_offers_the_alias_and_the_warning_goes(tmp_path: Path) -> None:
    g, c = game(tmp_path)
    before = (g / "game.toml").read_text("utf-8")
    page = c.get("/g/g/check", params=CHECK).text
    assert "参加者として登録されていません" in page
    assert BUTTON.findall(page) == [("たろー", "たろう")]
    r = c.post("/g/g/alias", data={"csrf": csrf(c), "alias": "たろー", "player": "たろう",
                                   "back": "check", **CHECK}, follow_redirects=False)
    assert r.status_code == 303
    assert r.headers["location"].startswith("/g/g/check?")
    page = c.get(r.headers["location"]).text
    assert "参加者として登録されていません" not in page and not BUTTON.findall(page)
    assert "「たろー」を「たろう」さんの別名として登録しました" in page
    assert "受理" in page  # the line is now たろう's bet
    after = (g / "game.toml").read_text("utf-8")
    # one line changed, comments and everything else as the GM wrote them
    changed = [(a, b) for a, b in zip(before.splitlines(), after.splitlines(), strict=True)
               if a != b]
    assert changed == [('aliases = ["太郎", "タロウ"]', 'aliases = ["太郎", "タロウ", "たろー"]')]
    assert after.startswith("# Sample ダービー＆ストック村")
    kept = list((g / ".history").iterdir())
    assert [p.name for p in kept] == ["game.toml.1"] and kept[0].read_text("utf-8") == before


def paste_with(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new)


def test_the_paste_page_offers_the_alias_and_comes_back_without_the_warning(
        tmp_path: Path) -> None:
    g, c = game(tmp_path)
    text = paste_with((DERBY / "logs" / "night1.txt").read_text("utf-8"),
                      "さくら: 護衛", "さくらー: 護衛")
    page = c.post("/g/g/preview", data={"csrf": csrf(c), "phase": "night1", "log": text}).text
    assert BUTTON.findall(page) == [("さくらー", "さくら")]
    key = re.search(r'name="key" value="([0-9a-f]{32})"', page)
    assert key
    r = c.post("/g/g/alias", data={"csrf": csrf(c), "alias": "さくらー", "player": "さくら",
                                   "back": "paste", "key": key.group(1)}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/g/g/paste?key=")
    page = c.get(r.headers["location"]).text
    assert not BUTTON.findall(page) and "参加者として登録されていません" not in page
    assert "「さくらー」を「さくら」さんの別名として登録しました" in page
    assert "このログを1日目 夜として保存する" in page  # the same paste, judged again
    raw = tomllib.loads((g / "game.toml").read_text("utf-8"))
    sakura = next(p for p in raw["players"] if p["name"] == "さくら")
    assert sakura["aliases"] == ["さくらー"]  # a player without aliases gets the line
    assert not (g / "logs" / "night1.txt").exists()  # nothing stored by the alias


def test_an_alias_is_refused_with_the_reason_and_nothing_written(tmp_path: Path) -> None:
    g, c = game(tmp_path)
    before = (g / "game.toml").read_bytes()
    cases = [
        ({"alias": "はなこ", "player": "たろう"}, 409, "すでに名簿の名前か別名です"),
        ({"alias": "花子", "player": "たろう"}, 409, "すでに名簿の名前か別名です"),
        ({"alias": "GM", "player": "たろう"}, 409, "すでに名簿の名前か別名です"),
        ({"alias": "だれか", "player": "いない人"}, 400, "名簿にいません"),
        ({"alias": "  ", "player": "たろう"}, 400, "別名は1〜80文字"),
        ({"alias": "x" * 81, "player": "たろう"}, 400, "別名は1〜80文字"),
        ({"alias": "たろ\u200bう", "player": "たろう"}, 400, "別名にできません"),
    ]
    for fields, status, words in cases:
        r = c.post("/g/g/alias", data={"csrf": csrf(c), **fields})
        assert r.status_code == status and words in r.text, fields
    assert c.post("/g/g/alias", data={"alias": "たろー", "player": "たろう"}).status_code == 403
    r = c.post("/g/g/alias", data={"csrf": csrf(c), "alias": "たろー", "player": "たろう"},
               headers={"origin": "http://evil.example"})
    assert r.status_code == 403
    assert c.get("/g/g/alias").status_code == 405
    assert (g / "game.toml").read_bytes() == before and not (g / ".history").exists()


def test_a_game_toml_it_cannot_edit_safely_is_left_alone(tmp_path: Path) -> None:
    g, c = game(tmp_path)
    text = (g / "game.toml").read_text("utf-8").replace(
        'aliases = ["太郎", "タロウ"]', 'aliases = [\n  "太郎",\n  "タロウ",\n]')
    (g / "game.toml").write_text(text, "utf-8")
    r = c.post("/g/g/alias", data={"csrf": csrf(c), "alias": "たろー", "player": "たろう"})
    assert r.status_code == 409 and "手で書き足してください" in r.text
    assert (g / "game.toml").read_text("utf-8") == text


def test_trap_word_teams_get_no_alias_button(tmp_path: Path) -> None:
    from adjudicator.desk.alias_routes import unknown_candidates
    from adjudicator.engine import resolve_game

    src = next(p for p in FIXTURES.iterdir() if (p / "game.toml").is_file()
               and 'variant = "trapword"' in (p / "game.toml").read_text("utf-8"))
    g = resolve_game(src)
    from adjudicator.models import Diagnostic

    d = Diagnostic(level="warning", code="unknown_speaker", source="x:1", message="m",
                   speaker=g.variant.roster_entries()[0][0] + "ー")
    assert unknown_candidates(g.variant, [d]) == []


def long_night(chatter: int) -> str:
    night = (DERBY / "logs" / "night1.txt").read_text("utf-8").splitlines()
    extra = [f"[21:20] けんた: おしゃべり {k}番目 <b>&</b>" for k in range(chatter)]
    return "\n".join(night[:1] + extra + night[1:]) + "\n"


def test_the_chatter_is_sent_only_when_asked_and_nothing_is_lost(tmp_path: Path) -> None:
    _g, c = game(tmp_path)
    text = long_night(2000)
    page = c.post("/g/g/preview", data={"csrf": csrf(c), "phase": "night1", "log": text}).text
    assert "おしゃべり" not in page  # neither the rows nor the paste box carry it
    short = c.post("/g/g/preview", data={"csrf": csrf(c), "phase": "night1",
                                         "log": long_night(300)}).text
    assert short.count("おしゃべり") == 300  # a short paste keeps its text in its box
    body = re.search(r'<table class="stack msgs" id="messages">(.*?)</table>', page, re.S)
    assert body
    shown = re.findall(r"<tr class=\"(\w*)\"><td>(\d+)</td>", body.group(1))
    assert "雑談を表示（2000行）" in page and "行動・却下・上書き・GMの行 18件" in page
    link = re.search(r'href="(/g/g/chatter\?key=[0-9a-f]{32})" data-rows="chatter-rows"', page)
    assert link
    part = c.get(link.group(1) + "&part=1")
    assert part.status_code == 200 and "script-src" not in part.headers["content-security-policy"]
    rows = re.findall(r"<tr class=\"(\w*)\"><td>(\d+)</td>", part.text)
    assert len(rows) == 2000 and {d for d, _n in rows} == {"chatter"}
    assert "&lt;b&gt;&amp;&lt;/b&gt;" in part.text and "<b>" not in part.text  # escaped
    # every message is on the page or behind the button, once
    numbers = sorted(int(n) for _d, n in shown + rows)
    assert numbers == list(range(1, len(text.splitlines()) + 1))
    whole = c.get(link.group(1))  # no script: the rows as a page of their own
    assert whole.status_code == 200 and whole.text.count("おしゃべり") == 2000
    assert "<script>" in whole.text and "Content-Security-Policy" in whole.headers


def test_the_chatter_route_takes_only_a_kept_key_of_that_game(tmp_path: Path) -> None:
    g, c = game(tmp_path)
    shutil.copytree(g, g.parent / "h")
    page = c.post("/g/g/preview", data={"csrf": csrf(c), "phase": "night1",
                                        "log": long_night(5)}).text
    key = re.search(r"chatter\?key=([0-9a-f]{32})", page)
    assert key
    assert c.get(f"/g/g/chatter?key={key.group(1)}&part=1").status_code == 200
    for url in (f"/g/h/chatter?key={key.group(1)}", "/g/g/chatter?key=" + "0" * 32,
                "/g/g/chatter?key=../../game.toml", "/g/g/chatter", "/g/g/paste?key=x",
                f"/g/..%2Fg/chatter?key={key.group(1)}"):
        r = c.get(url)
        assert r.status_code in (400, 404), url
        assert "もう手元にありません" in r.text or r.status_code == 400 or "ありません" in r.text
    r = c.get(f"/g/g/chatter?key={key.group(1)}&part=1", headers={"sec-fetch-site": "cross-site"})
    assert r.status_code == 403


def test_the_paste_cache_is_bounded() -> None:
    cache = PasteCache(max_entries=3, max_chars=100)
    keys = [cache.put(Paste("g", "night1", "", f"text {i}", "", 0)) for i in range(5)]
    assert len(cache) == 3
    assert cache.get("g", keys[0]) is None and cache.get("g", keys[4]) is not None
    big = cache.put(Paste("g", "night2", "", "x" * 60, "y" * 30, 0))
    assert cache.get("g", big) is not None and len(cache) <= 2  # the older ones went
    assert cache.get("g", cache.put(Paste("g", "night3", "", "z" * 200, "", 0))) is None
    same = cache.put(Paste("g", "night1", "", "text 4", "", 0))
    assert same == keys[4]  # the same paste, the same key
    assert cache.get("other", same) is None  # another game's key is not found


def test_a_long_paste_is_kept_by_the_desk_and_stored_by_its_key(tmp_path: Path) -> None:
    g, c = game(tmp_path)
    text = long_night(2000)
    page = c.post("/g/g/preview", data={"csrf": csrf(c), "phase": "night1", "log": text}).text
    key = re.search(r'<input type="hidden" name="key" value="([0-9a-f]{32})">', page)
    assert key and re.search(r'<textarea id="log" name="log"[^>]*></textarea>', page)
    r = c.get(f"/g/g/pasted?key={key.group(1)}")
    assert r.status_code == 200 and r.text == text
    assert r.headers["content-type"].startswith("text/plain")
    # もう一度判定 with the box left closed: the kept text again
    again = c.post("/g/g/preview", data={"csrf": csrf(c), "phase": "night1", "log": "",
                                         "key": key.group(1)}).text
    assert "雑談を表示（2000行）" in again
    # an edited box wins over the key
    edited = c.post("/g/g/preview", data={"csrf": csrf(c), "phase": "night1",
                                          "log": long_night(3), "key": key.group(1)}).text
    assert "雑談を表示（3行）" in edited
    r = c.post("/g/g/store", data={"csrf": csrf(c), "phase": "night1", "log": "",
                                   "key": key.group(1)}, follow_redirects=False)
    assert r.status_code == 303
    assert (g / "logs" / "night1.txt").read_text("utf-8") == text
    # a key the desk no longer keeps: nothing stored, the reason said
    r = c.post("/g/g/store", data={"csrf": csrf(c), "phase": "day2", "log": "",
                                   "key": "f" * 32})
    assert r.status_code == 404 and "もう手元にありません" in r.text
    assert not (g / "logs" / "day2.txt").exists()


def test_an_alias_with_no_page_to_return_to_comes_back_to_the_game(tmp_path: Path) -> None:
    _g, c = game(tmp_path)
    for back in ("", "paste"):  # none named, or a paste the desk no longer keeps
        alias = "たろー" if back else "たろっ"
        r = c.post("/g/g/alias", data={"csrf": csrf(c), "alias": alias, "player": "たろう",
                                       "back": back, "key": "0" * 32}, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"].startswith("/g/g?added=")
        page = c.get(r.headers["location"]).text
        assert f"「{alias}」を「たろう」さんの別名として登録しました" in page
    # a notice only for an alias that really is one
    assert "別名として登録しました" not in c.get("/g/g?added=にせもの").text


def test_a_paste_too_big_to_keep_carries_its_chatter_and_text_in_the_page(
        tmp_path: Path) -> None:
    _g, c = game(tmp_path)
    c.app.state.desk.pastes = PasteCache(max_chars=100)  # type: ignore[attr-defined]
    text = long_night(400)
    page = c.post("/g/g/preview", data={"csrf": csrf(c), "phase": "night1", "log": text}).text
    assert "chatter?key=" not in page and 'name="key"' not in page
    assert page.count("おしゃべり") == 2 * 400  # the folded rows and the paste box
    assert "雑談 400件を表示する" in page


def test_the_chatter_comes_as_row_groups_of_every_row_in_order(tmp_path: Path) -> None:
    """The chatter rows (the button's fetch, the no-script page, the folded rows of a paste
    too big to keep) are row groups: ``<tbody>`` elements of 100 rows (the browser skips a
    group off screen, desk.css), each row once, in the log's order, nothing between them."""
    from adjudicator.desk.rows import GROUP, row_groups

    assert row_groups([]) == ""
    rows = [f"<tr><td>{k}</td></tr>" for k in range(2 * GROUP + 1)]
    groups = re.findall(r"<tbody>\n(.*?)\n</tbody>", row_groups(rows), re.S)
    assert [len(g.split("\n")) for g in groups] == [GROUP, GROUP, 1]
    assert "\n".join(groups).split("\n") == rows
    _g, c = game(tmp_path)
    page = c.post("/g/g/preview", data={"csrf": csrf(c), "phase": "night1",
                                        "log": long_night(250)}).text
    link = re.search(r'href="(/g/g/chatter\?key=[0-9a-f]{32})" data-rows="chatter-rows"', page)
    assert link and re.search(r'<table class="stack msgs long" id="chatter-rows" '
                              r'tabindex="-1" aria-label="雑談（250行）">\n<thead>'
                              r'.*?</thead>\n</table>', page, re.S)  # the groups go in here
    part = c.get(link.group(1) + "&part=1").text
    assert re.fullmatch(r"(<tbody>\n(<tr class=\"chatter\">.*?</tr>\n?)+</tbody>\n?)+", part,
                        re.S)
    groups = re.findall(r"<tbody>\n(.*?)\n</tbody>", part, re.S)
    assert [len(g.split("\n")) for g in groups] == [100, 100, 50]
    said = [int(k) for k in re.findall(r"おしゃべり (\d+)番目", part)]
    assert said == list(range(250))
    whole = c.get(link.group(1)).text  # the no-script page: the same groups in its table
    assert part in whole and '<table class="stack msgs" id="chatter-rows-page">' in whole
    c.app.state.desk.pastes = PasteCache(max_chars=100)  # type: ignore[attr-defined]
    folded = c.post("/g/g/preview", data={"csrf": csrf(c), "phase": "night1",
                                          "log": long_night(250)}).text
    assert part in folded  # too big to keep: the same groups, folded in the page
