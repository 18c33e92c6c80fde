"""The desk and a night of private chats (input.thread; issue 39, the desk's part): the
preview names each chat (how and why it was taken so) and shows each line under its chat,
「スレッドを追加」 adds one more chat to a stored phase as ``add --append`` does, a phase
stored from several chats lists them on its page; and a paste whose commands are another
village's asks before storing (issue 41, point 5)."""

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

THREADS = FIXTURES / "derby-threads"
NIGHT1 = (THREADS / "logs" / "night1.txt").read_text("utf-8")
#: one more 1:1 chat of night 1 (before the village's 締め切り at 21:28)
NANA = "[21:27] なな: 予想@じろう 4万\n"


def threads_game(tmp_path: Path, nights: bool = False) -> tuple[Path, TestClient]:
    """derby-threads with day 1 stored (and its nights, when ``nights``)."""
    root = tmp_path / "games"
    keep = ("expected", "day2*", "day3*", "day4*") + (() if nights else ("night*",))
    shutil.copytree(THREADS, root / "g", ignore=shutil.ignore_patterns(*keep))
    c = TestClient(create_app(root, hosts=("testserver",)), raise_server_exceptions=True)
    c.get("/")
    return root / "g", c


def chats_listed(page: str) -> list[str]:
    """The chats a page lists (its 「チャット Nつ」 box), by name."""
    box = re.search(r'<(div|details) class="card threads" id="threads">(.*?)</\1>', page, re.S)
    assert box, "no list of chats"
    return [html.unescape(x) for x in re.findall(r"<li><strong>(.*?)</strong>", box.group(2))]


def rows_by_chat(page: str, table: str) -> dict[str, list[str]]:
    """The line numbers of a table's rows under each chat's heading row."""
    body = re.search(rf'id="{table}".*?</table>', page, re.S)
    assert body
    out: dict[str, list[str]] = {}
    chat = ""
    for row in re.findall(r"<tr[^>]*>.*?</tr>", body.group(0), re.S):
        head = re.search(r'<tr class="thread"><th[^>]*>(.*?)<span', row)
        if head:
            chat = html.unescape(head.group(1))
            out[chat] = []
        elif chat and (n := re.match(r"<tr[^>]*><td>(\d+)</td>", row)):
            out[chat].append(n.group(1))
    return out


def test_the_preview_names_each_chat_and_puts_its_lines_under_it(tmp_path: Path) -> None:
    _game, c = threads_game(tmp_path)
    r = c.post("/g/g/preview", data={"csrf": csrf(c), "phase": "night1", "log": NIGHT1})
    assert r.status_code == 200
    chats = chats_listed(r.text)
    assert chats[:4] == ["村のチャット「人狼村」", "グループ「人狼部屋」", "たろうさんとの個別チャット",
                         "はなこさんとの個別チャット"]
    assert len(chats) == 13
    # how each was taken, in the GM's words (threads.Named.why)
    assert "書き出しの見出しから「はなこ」をはなこさんとの個別チャットとしました" in r.text
    # every command row under its own chat: はなこ's five lines under hers, the bites
    # under the wolves' room, the deadline under the village
    rows = rows_by_chat(r.text, "messages")
    assert rows["はなこさんとの個別チャット"] == ["25", "26", "27", "28", "29"]
    assert rows["グループ「人狼部屋」"] == ["12", "13"]
    assert rows["村のチャット「人狼村」"] == ["6"]
    assert sum(len(v) for v in rows.values()) == NIGHT1.count("\t") // 2  # each message once


def test_the_chatter_of_several_chats_comes_under_its_chat(tmp_path: Path) -> None:
    _game, c = threads_game(tmp_path)
    log = NIGHT1 + "=== スレッド：さくら ===\n[21:10] さくら: こんばんは\n[21:11] さくら: 眠い\n"
    r = c.post("/g/g/preview", data={"csrf": csrf(c), "phase": "night1", "log": log})
    key = re.search(r'/g/g/chatter\?key=([0-9a-f]{32})', r.text)
    assert key and "雑談 2件" in r.text
    part = c.get(f"/g/g/chatter?key={key.group(1)}&part=1").text
    heads = re.findall(r'<tr class="thread"><th colspan="6" scope="rowgroup">(.*?)<span', part)
    assert heads == ["さくらさんとの個別チャット"], heads
    assert part.index("さくらさんとの個別チャット") < part.index("こんばんは") < part.index("眠い")


def test_one_chat_has_no_chat_headings(tmp_path: Path) -> None:
    _game, c = threads_game(tmp_path)
    log = (FIXTURES / "derby16" / "logs" / "night1.txt").read_text("utf-8")
    r = c.post("/g/g/preview", data={"csrf": csrf(c), "phase": "night1", "log": log})
    assert r.status_code == 200
    assert 'id="threads"' not in r.text and 'class="thread"' not in r.text


def test_add_a_thread_to_a_stored_phase_as_add_append_does(tmp_path: Path) -> None:
    """「スレッドを追加」: the stored night judged with one more chat (nothing stored),
    then stored: the same bytes as ``adjudicator add GAME night1 --append なな.txt``,
    the replaced log kept; the phase's page lists the chats."""
    game, c = threads_game(tmp_path, nights=True)
    for extra in ("night2.txt", "night3.txt"):
        (game / "logs" / extra).unlink()
    twin = tmp_path / "twin"
    shutil.copytree(game, twin)
    before = (game / "logs" / "night1.txt").read_bytes()
    page = c.get("/g/g?phase=night1").text
    assert 'id="append-button"' in page and "スレッドを追加" in page
    assert len(chats_listed(page)) == 13  # the stored night's chats, on its page
    r = c.post("/g/g/preview", data={"csrf": csrf(c), "phase": "night1", "log": NANA,
                                     "append": "1", "thread": "なな"})
    assert r.status_code == 200
    assert "保存済みの1日目 夜のログに「なな」のチャットを加えて判定しました" in r.text
    chats = chats_listed(r.text)
    assert len(chats) == 14 and chats[-1] == "ななさんとの個別チャット"
    assert rows_by_chat(r.text, "messages")["ななさんとの個別チャット"] == ["85"]
    assert (game / "logs" / "night1.txt").read_bytes() == before  # nothing stored yet
    box = re.search(r'<textarea id="log" name="log"[^>]*>(.*?)</textarea>', r.text, re.S)
    assert box
    r = c.post("/g/g/store", data={"csrf": csrf(c), "phase": "night1",
                                   "log": html.unescape(box.group(1))},
               follow_redirects=False)
    assert r.status_code == 303
    from adjudicator.cli.main import main

    (tmp_path / "なな.txt").write_text(NANA, encoding="utf-8")
    assert main(["add", str(twin), "night1", "--append", str(tmp_path / "なな.txt")]) == 0
    stored = (game / "logs" / "night1.txt").read_bytes()
    assert stored == (twin / "logs" / "night1.txt").read_bytes()
    assert [p.read_bytes() for p in (game / "logs" / ".history").iterdir()] == [before]
    page = c.get("/g/g?phase=night1").text
    assert chats_listed(page)[-1] == "ななさんとの個別チャット"


def test_add_a_thread_from_a_file_takes_its_name(tmp_path: Path) -> None:
    game, c = threads_game(tmp_path, nights=True)
    r = c.post("/g/g/preview", data={"csrf": csrf(c), "phase": "night1", "append": "1"},
               files={"file": ("なな.txt", NANA.encode("utf-8"), "text/plain")})
    assert r.status_code == 200 and chats_listed(r.text)[-1] == "ななさんとの個別チャット"


def test_an_empty_thread_is_refused_with_the_paste_kept(tmp_path: Path) -> None:
    _game, c = threads_game(tmp_path, nights=True)
    r = c.post("/g/g/preview", data={"csrf": csrf(c), "phase": "night1", "log": "  \n",
                                     "append": "1"})
    assert r.status_code == 400 and "追加するチャットが空です" in r.text


def test_a_chat_read_twice_keeps_its_line_numbers() -> None:
    """The readings' cache shares a long chat's messages: the second reading of a paste of
    chats (the desk reads a paste to show it, the engine again to resolve it) numbers
    the lines of a long chat after the first as the first reading did."""
    from adjudicator.chatlog import forget_readings, read_threads

    forget_readings()
    village = "=== スレッド：村 ===\n[21:00] GM: 夜です\n"
    long = "=== スレッド：たろう ===\n" + "".join(
        f"[21:{i % 60:02d}] たろう: こんばんは {i}\n" for i in range(800))
    first = [m.lineno for p in read_threads(village + long, "x") for m in p.reading.messages]
    again = [m.lineno for p in read_threads(village + long, "x") for m in p.reading.messages]
    assert first[:3] == [2, 4, 5] and again == first


def test_chatline_moved_is_replace() -> None:
    from dataclasses import fields, replace

    from adjudicator.chatlog import ChatLine, Thread
    from adjudicator.chatlog.threads import moved

    m = ChatLine("s", 3, "たろう🍣", "予想@じろう", "raw", "2026-03-01", "21:00", 4, True,
                 Thread("たろう", "private", "たろう"))
    th = Thread("x", "group", None, ("a",), "人狼")
    assert moved(m, 7) == replace(m, lineno=10, end=11)
    assert moved(m, speaker="たろう", thread=th) == replace(m, speaker="たろう", thread=th)
    assert len(fields(ChatLine)) == 10  # a field added: add it to chatlog.threads.moved too


# ------------------------------------------------------------------ another village
def splatoon_night_by(players: list[str]) -> str:
    """Splatoon！！村's sample night 1, its players renamed to ``players`` (a group that
    plays both villages): every writer is on the derby roster, the commands are not."""
    from adjudicator.resources import data_dir

    text = (data_dir("samples") / "splatoon" / "logs" / "night1.txt").read_text("utf-8")
    writers = list(dict.fromkeys(re.findall(r"^\[[0-9:]+\] ([^:]+):", text, re.M)))
    for old, new in zip(writers, players, strict=False):
        text = text.replace(f"] {old}:", f"] {new}:")
    return text


def test_commands_of_another_village_ask_before_storing(tmp_path: Path) -> None:
    game, c = threads_game(tmp_path)
    import tomllib

    players = [p["name"] for p in tomllib.loads((game / "game.toml").read_text("utf-8"))["players"]]
    night = splatoon_night_by(players)
    r = c.post("/g/g/preview", data={"csrf": csrf(c), "phase": "night1", "log": night})
    warnings = re.search(r'id="warnings">(.*?)</div>', r.text, re.S)
    assert warnings, "no warning"
    items = [html.unescape(x) for x in re.findall(r"<li>(.*?)</li>", warnings.group(1))]
    assert "Splatoon！！村のログではありませんか" in items[0], items
    assert "ダービー＆ストック村のコマンドではなく" in items[0]
    assert not any("参加者にもGMにもいません" in x for x in items)  # every writer is a player
    r = c.post("/g/g/store", data={"csrf": csrf(c), "phase": "night1", "log": night,
                                   "confirm": ""}, follow_redirects=False)
    assert r.status_code == 409 and "Splatoon！！村のログ" in r.text
    assert not (game / "logs" / "night1.txt").exists()
    r = c.post("/g/g/store", data={"csrf": csrf(c), "phase": "night1", "log": night,
                                   "confirm": "1"}, follow_redirects=False)
    assert r.status_code == 303 and (game / "logs" / "night1.txt").is_file()


def test_every_village_s_own_logs_look_like_its_own() -> None:
    """No fixture's or sample's own log is taken for another village's (the werewolf
    villages share their commands: a vote is every village's)."""
    from adjudicator.chatlog import read_threads
    from adjudicator.desk.guards import _other_village
    from adjudicator.desk.service import _joined
    from adjudicator.resources import data_dir

    games = [p for p in (*FIXTURES.iterdir(), *data_dir("samples").iterdir())
             if (p / "game.toml").is_file()]
    assert len(games) > 20
    for game in sorted(games):
        for log in sorted((game / "logs").iterdir()):
            if log.suffix in (".txt", ".json", ".csv"):
                reading = _joined(log.name, read_threads(log.read_bytes(), log.name))
                said = _other_village(game, log.stem, reading)
                assert said == "", (game.name, log.name, said)


def test_another_village_is_named_by_its_commands() -> None:
    """Each village's night pasted into a game of another: the warning names the village
    the commands belong to (the registry's parsers, no list of villages)."""
    from adjudicator.chatlog import read_threads
    from adjudicator.desk.guards import _other_village
    from adjudicator.desk.service import _joined

    cases = [("derby16", "splatoon-win", "Splatoon！！村"), ("splatoon-win", "derby16",
              "ダービー＆ストック村"), ("derby16", "genpei-side", "源平村"),
             ("plain-werewolf-masons", "derby16", "ダービー＆ストック村"),
             ("derby16", "secret-society-main", "秘密結社村")]
    for game, other, ja in cases:
        log = FIXTURES / other / "logs" / "night1.txt"
        reading = _joined(log.name, read_threads(log.read_bytes(), log.name))
        said = _other_village(FIXTURES / game, "night2", reading)
        assert f"{ja}のログではありませんか" in said, (game, other, said)
