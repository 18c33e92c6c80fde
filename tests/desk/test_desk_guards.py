"""The desk's guard rails while playing: no phase after the end, a warning before a
paste that looks like the wrong phase (the same text as a stored one, older dates), a
question when a file and a paste are both given, the history of a stored log with
restore (nothing lost), the derby spectators' chat, the diff in 変更前 / 変更後, 「戻る」
with the paste kept, and a redirect after every POST that stores."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest

from tests.support import FIXTURES, csrf

pytest.importorskip("starlette")
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
from starlette.testclient import TestClient  # noqa: E402

from adjudicator.desk.app import create_app  # noqa: E402

DERBY = FIXTURES / "derby16"


def game_with(tmp_path: Path, fixture: str, logs: list[str] | None) -> tuple[Path, TestClient]:
    root = tmp_path / "games"
    (root / "g" / "logs").mkdir(parents=True)
    src = FIXTURES / fixture
    for f in src.glob("*.toml"):
        shutil.copy(f, root / "g" / f.name)
    for stem in logs if logs is not None else [p.stem for p in (src / "logs").iterdir()]:
        shutil.copy(src / "logs" / f"{stem}.txt", root / "g" / "logs" / f"{stem}.txt")
    c = TestClient(create_app(root, hosts=("testserver",)))
    c.get("/")
    return root / "g", c


def options(page: str) -> list[str]:
    sel = re.search(r'<select id="phase" name="phase">(.*?)</select>', page, re.S)
    assert sel
    return re.findall(r'<option value="([^"]+)"', sel.group(1))


def test_after_the_end_no_phase_is_offered_and_a_paste_is_refused(tmp_path: Path) -> None:
    game, c = game_with(tmp_path, "derby16", None)
    page = c.get("/g/g").text
    assert "このゲームは終了しています" in page
    assert "night4" not in options(page) and "day4" in options(page)
    for route in ("preview", "store"):
        r = c.post(f"/g/g/{route}", data={"csrf": csrf(c), "phase": "night4",
                                          "log": "[21:00] たろう: 噛み@はなこ\n"})
        assert r.status_code == 400 and "4日目 昼で終わっています" in r.text, route
    assert not (game / "logs" / "night4.txt").exists()
    # a stored phase can still be corrected
    r = c.post("/g/g/preview", data={"csrf": csrf(c), "phase": "day4",
                                     "log": (game / "logs" / "day4.txt").read_text("utf-8")})
    assert r.status_code == 200


def test_a_paste_identical_to_another_phase_is_warned_before_storing(tmp_path: Path) -> None:
    game, c = game_with(tmp_path, "derby16", ["day1"])
    text = (game / "logs" / "day1.txt").read_text("utf-8")
    r = c.post("/g/g/preview", data={"csrf": csrf(c), "phase": "night1", "log": text})
    assert r.status_code == 200
    assert "1日目 昼のログと同じ内容です" in r.text and 'name="confirm"' in r.text
    r = c.post("/g/g/store", data={"csrf": csrf(c), "phase": "night1", "log": text},
               follow_redirects=False)
    assert r.status_code == 409 and "同じ内容" in r.text
    assert not (game / "logs" / "night1.txt").exists()
    r = c.post("/g/g/store", data={"csrf": csrf(c), "phase": "night1", "log": text,
                                   "confirm": "1"}, follow_redirects=False)
    assert r.status_code == 303
    assert (game / "logs" / "night1.txt").read_text("utf-8") == text


def test_a_paste_with_older_dates_than_a_stored_phase_is_warned(tmp_path: Path) -> None:
    game, c = game_with(tmp_path, "derby16", [])
    (game / "logs" / "day1.txt").write_text(
        "2024/05/02(木)\n21:00\tGM\t始めます\n21:01\tたろう\t投票@はなこ\n", encoding="utf-8")
    old = "2024/05/01(水)\n21:20\tじろう\t噛み@ゆい\n"
    r = c.post("/g/g/preview", data={"csrf": csrf(c), "phase": "night1", "log": old})
    assert r.status_code == 200
    assert "2024-05-01" in r.text and "1日目 昼のログ（最後が2024-05-02）より前です" in r.text
    new = "2024/05/02(木)\n21:20\tじろう\t噛み@ゆい\n"
    r = c.post("/g/g/preview", data={"csrf": csrf(c), "phase": "night1", "log": new})
    assert 'id="warnings"' not in r.text


def test_a_file_and_a_paste_together_ask_which_one(tmp_path: Path) -> None:
    game, c = game_with(tmp_path, "derby16", ["day1"])
    night = (DERBY / "logs" / "night1.txt").read_text("utf-8")
    r = c.post("/g/g/preview", data={"csrf": csrf(c), "phase": "night1", "log": "たろう: こんばんは"},
               files={"file": ("night1.txt", night.encode("utf-8"), "text/plain")})
    assert r.status_code == 200 and "どちらのログを使いますか" in r.text
    forms = re.findall(r'<form [^>]*id="choose-(\w+)".*?<textarea name="log" hidden>(.*?)</textarea>',
                       r.text, re.S)
    assert [(k, html.unescape(t)) for k, t in forms] == [("file", night),
                                                         ("pasted", "たろう: こんばんは")]
    assert not (game / "logs" / "night1.txt").exists()


def test_history_is_listed_and_a_version_restored_through_the_store(tmp_path: Path) -> None:
    game, c = game_with(tmp_path, "derby16", ["day1"])
    first = (game / "logs" / "day1.txt").read_text("utf-8")
    second = first.replace("投票@しょう", "投票@たろう", 1)
    assert second != first
    r = c.post("/g/g/store", data={"csrf": csrf(c), "phase": "day1", "log": second},
               follow_redirects=False)
    assert r.status_code == 303
    page = c.get("/g/g").text
    assert "保存したログの履歴" in page and "第1版" in page
    shown = c.get("/g/g/history", params={"phase": "day1", "v": "1"})
    assert shown.status_code == 200 and html.unescape(shown.text).count(first.splitlines()[1]) >= 1
    r = c.post("/g/g/restore", data={"csrf": csrf(c), "phase": "day1", "version": "1"},
               follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/g/g?")
    assert (game / "logs" / "day1.txt").read_text("utf-8") == first
    kept = sorted((game / "logs" / ".history").iterdir())
    assert [p.read_text("utf-8") for p in kept] == [first, second]  # nothing lost
    assert c.get("/g/g/history", params={"phase": "day1", "v": "9"}).status_code == 404


def test_the_derby_spectators_chat_can_be_stored(tmp_path: Path) -> None:
    game, c = game_with(tmp_path, "derby16", ["day1", "night1", "day2"])
    page = c.get("/g/g").text
    assert "day2-chat" in options(page) and "2日目 観戦チャット" in page
    text = (DERBY / "logs" / "day2-chat.txt").read_text("utf-8")
    r = c.post("/g/g/store", data={"csrf": csrf(c), "phase": "day2-chat", "log": text},
               follow_redirects=False)
    assert r.status_code == 303
    assert (game / "logs" / "day2-chat.txt").read_text("utf-8") == text
    _g, s = game_with(tmp_path / "s", "splatoon-win", ["day1"])
    assert not any(o.endswith("-chat") for o in options(s.get("/g/g").text))


def test_the_diff_of_later_phases_reads_before_and_after(tmp_path: Path) -> None:
    game, c = game_with(tmp_path, "derby16", None)
    text = (game / "logs" / "night1.txt").read_text("utf-8").replace("噛み@ゆい", "噛み@まい")
    r = c.post("/g/g/preview", data={"csrf": csrf(c), "phase": "night1", "log": text})
    assert r.status_code == 200 and "後のフェーズで変わること" in r.text
    assert "変更前" in r.text and "変更後" in r.text
    assert "@@" not in r.text and "---" not in r.text and "+++" not in r.text


def test_back_from_an_error_keeps_the_paste(tmp_path: Path) -> None:
    _game, c = game_with(tmp_path, "derby16", ["day1"])
    text = "\n\n" + "x" * 5 + "\n"
    r = c.post("/g/g/preview", data={"csrf": csrf(c), "phase": "night1", "log": text,
                                     "format": "line"})
    assert r.status_code >= 400 and 'id="resume"' in r.text
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', r.text))
    log = re.search(r'<textarea name="log" hidden>(.*?)</textarea>', r.text, re.S)
    assert log and html.unescape(log.group(1)) == text
    back = c.post("/g/g/resume", data={**fields, "log": html.unescape(log.group(1))})
    assert back.status_code == 200
    box = re.search(r'<textarea id="log"[^>]*>(.*?)</textarea>', back.text, re.S)
    assert box and html.unescape(box.group(1)) == text
    assert re.search(r'<option value="night1" selected>', back.text)
    assert re.search(r'<option value="line" selected>', back.text)
