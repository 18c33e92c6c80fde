"""Chat exports as they really are (issue 26, "Chat exports as they really are", and
issue 25 point 1): LINE's 24:xx times, indented headers, Discord copies (multi-line
messages, 今日 / 昨日, link previews), edited and unsent messages, the format `add
--format` named, UTF-32 files and lone surrogates."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from adjudicator.chatlog import READERS, find_reader, read_chat, read_chat_file
from adjudicator.cli.main import main
from adjudicator.engine import resolve_game
from adjudicator.errors import ChatFormatError
from tests.support import FIXTURES

CHAT = FIXTURES / "chat"
DERBY = FIXTURES / "derby16"


@pytest.fixture()
def game(tmp_path: Path) -> Path:
    """The derby16 game with only its day1 log."""
    g = tmp_path / "g"
    (g / "logs").mkdir(parents=True)
    shutil.copy(DERBY / "game.toml", g / "game.toml")
    shutil.copy(DERBY / "logs" / "day1.txt", g / "logs" / "day1.txt")
    return g


def diags(g: Path, phase: str) -> list[tuple[str, str]]:
    ph = next(p for p in resolve_game(g).phases if p.id == phase)
    return [(d.code, d.source) for d in ph.diagnostics]


# ------------------------------------------------------------------ the readers' list
def test_one_ordered_list_of_readers_picks_the_format() -> None:
    assert [r.name for r in READERS] == ["dce-json", "dce-csv", "dce-txt", "line", "line-pc",
                                         "discord", "plain"]
    assert find_reader("[21:03] たろう: 投票@はなこ\n").name == "plain"
    assert find_reader("=" * 62 + "\nGuild: x\n").name == "dce-txt"


def test_no_format_fits_is_said_in_japanese_too() -> None:
    with pytest.raises(ChatFormatError) as info:
        find_reader("just words with no speaker\n", "t")
    assert "no chat format fits this line" in str(info.value)
    assert info.value.detail_ja and info.value.detail_ja.startswith("対応していない形式です")
    with pytest.raises(ChatFormatError) as info:
        read_chat("a: b\n", "t", fmt="whatsapp")
    assert info.value.detail_ja and "whatsapp" in info.value.detail_ja


# ------------------------------------------------------------------ LINE after midnight
def test_line_24_and_25_are_the_next_day_in_order() -> None:
    r = read_chat_file(CHAT / "line_after_midnight.txt")
    got = [(m.lineno, m.speaker, m.date, m.time) for m in r.messages]
    assert got == [(5, "たろう", "2026-03-01", "23:58"), (6, "はなこ", "2026-03-02", "00:05"),
                   (7, "じろう", "2026-03-02", "01:30"), (8, "しょう", "2026-03-01", None)]
    assert [(g.lineno, g.kind) for g in r.guesses] == [(6, "time")]


def test_line_pc_after_midnight_and_an_impossible_time() -> None:
    text = "2026.03.01 日曜日\n23:59 たろう おやすみ\n24:10 はなこ 投票@たろう\n25:99 じろう 投票@はなこ\n"
    r = read_chat(text, "t", names=["たろう", "はなこ", "じろう"])
    assert [(m.speaker, m.date, m.time) for m in r.messages] == [
        ("たろう", "2026-03-01", "23:59"), ("はなこ", "2026-03-02", "00:10")]
    assert r.messages[1].text == "投票@たろう\n25:99 じろう 投票@はなこ"
    # never silently: the line that could not be a time is a guess naming it
    assert [(g.lineno, g.kind) for g in r.guesses] == [(3, "time"), (4, "time")]
    assert "'25:99'" in r.guesses[1].message


def test_an_impossible_line_time_is_a_warning_once_resolved(game: Path) -> None:
    (game / "logs" / "night1.txt").write_text(
        "2026/03/01(日)\n21:00\tGM\t夜です\n25:99\tはなこ\t予想@たろう 3万\n", encoding="utf-8")
    assert ("bad_time", "logs/night1.txt:3") in diags(game, "night1")


# ------------------------------------------------------------------ indented headers
@pytest.mark.parametrize("indent", [" ", "\t", "\u3000", "\u00a0"])
def test_an_indented_plain_header_is_a_new_message(indent: str) -> None:
    text = f"[21:07] たろう: 投票@じろう\n{indent}[21:08] はなこ: 投票@しょう\n"
    r = read_chat(text, "t")
    assert [(m.speaker, m.text, m.time) for m in r.messages] == [
        ("たろう", "投票@じろう", "21:07"), ("はなこ", "投票@しょう", "21:08")]
    assert [(g.lineno, g.kind) for g in r.guesses] == [(2, "indented")]


def test_an_indented_line_without_a_header_still_continues() -> None:
    r = read_chat("[21:07] たろう: 長い話\n  つづき: まだ\n", "t")
    assert [(m.speaker, m.text) for m in r.messages] == [("たろう", "長い話\n  つづき: まだ")]


@pytest.mark.parametrize("indent", [" ", "\t", "\u3000", "\u00a0"])
def test_an_indented_line_header_is_a_new_message(indent: str) -> None:
    text = f"2026/03/01(日)\n21:07\tたろう\t投票@じろう\n{indent}21:08\tはなこ\t投票@しょう\n"
    r = read_chat(text, "t")
    assert [(m.speaker, m.text) for m in r.messages] == [("たろう", "投票@じろう"),
                                                         ("はなこ", "投票@しょう")]
    assert [(g.lineno, g.kind) for g in r.guesses] == [(3, "indented")]


def test_the_indented_vote_stays_with_its_speaker(game: Path) -> None:
    (game / "logs" / "day1.txt").write_text(
        "[21:07] たろう: 投票@じろう\n [21:08] はなこ: 投票@しょう\n", encoding="utf-8")
    recs = next(p for p in resolve_game(game).phases if p.id == "day1").lines
    assert [(r.speaker, r.text) for r in recs if r.disposition == "accepted"] == [
        ("たろう", "投票@じろう"), ("はなこ", "投票@しょう")]


# ------------------------------------------------------------------ Discord copies
def test_discord_copy_multiline_dates_and_link_preview() -> None:
    r = read_chat_file(CHAT / "discord_multiline.txt")
    got = [(m.lineno, m.end, m.speaker, m.date, m.time, m.text, m.edited) for m in r.messages]
    assert got == [
        (2, 4, "はなこ", "2026-03-01", "21:03", "予想@たろう 3万\nよろしく\n二行目も同じメッセージ",
         False),
        (6, 0, "はなこ", "2026-03-01", "21:04", "投票@じろう", True),
        (9, 0, "たろう", "2026-03-02", "09:00", "https://www.youtube.com/watch?v=x", False),
        (13, 0, "たろう", "2026-03-02", "09:00", "了解", False),
    ]
    assert [(s.lineno, s.why) for s in r.skipped if s.why == "link embed"] == [
        (10, "link embed"), (11, "link embed"), (12, "link embed")]
    assert r.guesses == []


def test_discord_relative_days_without_a_divider_are_a_guess() -> None:
    r = read_chat("たろう — 今日 21:03\n投票@はなこ\n", "t")
    assert r.messages[0].date is None
    assert [(g.lineno, g.kind) for g in r.guesses] == [(1, "date")]


def test_discord_yesterday_counts_back_from_a_later_divider() -> None:
    text = "はなこ — 昨日 21:03\nおやすみ\n2026年3月5日\nたろう — 今日 09:00\nおはよう\n"
    r = read_chat(text, "t")
    assert [m.date for m in r.messages] == ["2026-03-04", "2026-03-05"]


# ------------------------------------------------------------------ edited and unsent
def test_an_edited_command_is_accepted_and_flagged_for_the_gm(game: Path) -> None:
    (game / "logs" / "night1.txt").write_text(
        "GM — 2026/03/01 22:00\n夜です\nはなこ — 2026/03/01 22:01\n予想@たろう 3万 (edited)\n",
        encoding="utf-8")
    ph = next(p for p in resolve_game(game).phases if p.id == "night1")
    rec = next(r for r in ph.lines if r.speaker == "はなこ")
    assert rec.disposition == "accepted"
    flag = [d for d in ph.diagnostics if d.code == "edited"]
    assert [(d.source, d.speaker) for d in flag] == [("logs/night1.txt:4", "はなこ")]
    assert flag[0].reason_ja and "投稿後に編集" in flag[0].reason_ja


def test_dce_json_edited_timestamp_marks_the_message() -> None:
    doc = {"messages": [
        {"author": {"name": "a"}, "content": "x", "timestamp": "2026-03-01T21:00:00+09:00"},
        {"author": {"name": "b"}, "content": "y", "timestamp": "2026-03-01T21:01:00+09:00",
         "timestampEdited": "2026-03-01T21:30:00+09:00"}]}
    r = read_chat(json.dumps(doc), "t")
    assert [m.edited for m in r.messages] == [False, True]


def test_unsent_line_messages_are_listed_for_the_gm(game: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    (game / "logs" / "night1.txt").write_text(
        "2026/03/01(日)\n22:00\tGM\t夜です\n22:01\t\tはなこがメッセージの送信を取り消しました\n",
        encoding="utf-8")
    assert ("unsent", "logs/night1.txt:3") in diags(game, "night1")
    capsys.readouterr()
    assert main(["explain", str(game), "--gm", "--phase", "night1"]) == 0
    assert "1日目夜のログ 3行目［logs/night1.txt:3］：ここで送信取り消しされたメッセージがあります" in capsys.readouterr().out


def test_explain_shows_the_edited_command(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (game / "logs" / "night1.txt").write_text(
        "GM — 2026/03/01 22:00\n夜です\nはなこ — 2026/03/01 22:01\n予想@たろう 3万 (編集済)\n",
        encoding="utf-8")
    capsys.readouterr()
    assert main(["explain", str(game), "--gm", "--phase", "night1"]) == 0
    assert "1日目夜のログ 4行目［logs/night1.txt:4］：このコマンドは投稿後に編集されています" in capsys.readouterr().out


def test_discord_follow_ups_with_inline_hover_times_stay_discord() -> None:
    text = "たろう — 今日 21:03\n予想@はなこ 3万\n[21:04] 投票@じろう\n[21:05] よろしく\n[21:06] ok\n"
    r = read_chat(text, "t")
    assert r.format == "discord"
    assert [(m.time, m.text) for m in r.messages] == [
        ("21:03", "予想@はなこ 3万"), ("21:04", "投票@じろう"), ("21:05", "よろしく"), ("21:06", "ok")]


# ------------------------------------------------------------------ add --format remembered
def test_add_format_is_remembered_for_that_log_only(game: Path, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    # a plain log that detection reads as plain, but that the GM says is line-pc
    src = tmp_path / "night1.txt"
    src.write_text("2026.03.01 日曜日\n22:00 GM 夜です\n22:01 はなこ 予想@たろう 3万\n",
                   encoding="utf-8")
    assert main(["add", str(game), "night1", "--format", "line-pc", str(src)]) == 0
    assert (game / "logs" / ".night1.format").read_text(encoding="utf-8") == "line-pc\n"
    # resolve --format plain no longer forces plain on the log that remembers line-pc,
    # and still reads day1 (no remembered format) as plain
    assert main(["resolve", str(game), "--format", "plain", "--no-write"]) == 0
    g = resolve_game(game, fmt="plain")
    night1 = next(p for p in g.phases if p.id == "night1")
    assert [(r.speaker, r.disposition) for r in night1.lines if r.speaker == "はなこ"] == [
        ("はなこ", "accepted")]
    # storing it again with no --format forgets it
    assert main(["add", str(game), "night1", str(src)]) == 0
    assert not (game / "logs" / ".night1.format").exists()
    capsys.readouterr()


# ------------------------------------------------------------------ encodings
@pytest.mark.parametrize("codec", ["utf-32", "utf-32-le", "utf-32-be"])
def test_utf32_is_read_right(codec: str) -> None:
    r = read_chat("[21:03] たろう: 投票@はなこ\n".encode(codec), "t")
    assert [(m.speaker, m.text) for m in r.messages] == [("たろう", "投票@はなこ")]


def test_nul_text_is_refused_not_stored_as_garbage(game: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    data = "[21:03] たろう: 投票@はなこ\n".encode("utf-16-le")
    src = tmp_path / "night1.txt"
    src.write_bytes("a: b\n".encode("utf-32-le")[:-1] + b"x")  # broken UTF-32
    for blob in (data, src.read_bytes(), b"a: \x00\x00\x00b\n"):
        with pytest.raises(ChatFormatError):
            read_chat(blob, "t")
    # a stray NUL inside a message is text, not a wrong encoding
    assert read_chat(b"[21:03] a: x\x00y z\n", "t").messages[0].text == "x\x00y z"
    assert main(["add", str(game), "night1", str(src)]) == 1
    assert "ログを読めません" in capsys.readouterr().err
    assert not (game / "logs" / "night1.txt").exists()


# ------------------------------------------------------------------ lone surrogates
LONE = '{"messages": [{"author": {"name": "\\ud83d"}, "content": "\\ud800", ' \
       '"timestamp": "2026-03-01T22:01:00"}, {"author": {"name": "はなこ"}, ' \
       '"content": "予想@たろう 3万\\udc00", "timestamp": "2026-03-01T22:02:00"}]}'


def test_lone_surrogates_become_replacement_characters() -> None:
    r = read_chat(LONE.encode("utf-8"), "t")
    assert [(m.speaker, m.text) for m in r.messages] == [("\ufffd", "\ufffd"),
                                                         ("はなこ", "予想@たろう 3万\ufffd")]
    assert [(g.lineno, g.kind) for g in r.guesses] == [(1, "text"), (2, "text")]
    for m in r.messages:
        m.raw.encode("utf-8")
    # pasted text (the desk) can hold them directly
    r = read_chat("[21:03] たろう\ud800: x\ud83d\n", "t")
    assert (r.messages[0].speaker, r.messages[0].text) == ("たろう\ufffd", "x\ufffd")
    assert r.guesses[0].kind == "text"


def test_read_add_resolve_report_never_crash_on_them(game: Path, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "night1.json"
    src.write_text(LONE, encoding="utf-8")
    assert main(["read", str(src)]) == 0
    assert main(["add", str(game), "night1", str(src)]) == 0
    assert main(["resolve", str(game)]) == 0
    assert main(["report", str(game), "--gm", "-o", str(tmp_path / "r.html")]) == 0
    assert "\ufffd" in (tmp_path / "r.html").read_text(encoding="utf-8")
    capsys.readouterr()


def test_the_desk_store_remembers_the_format_and_preview_reads_it(game: Path) -> None:
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from adjudicator.desk.app import CSRF_COOKIE, create_app

    c = TestClient(create_app(game.parent, hosts=("testserver",)), raise_server_exceptions=True)
    c.get("/")
    t = c.cookies.get(CSRF_COOKIE)
    log = "2026.03.01 日曜日\n22:00 GM 夜です\n22:01 はなこ 予想@たろう 3万\n"
    r = c.post("/g/g/store", data={"csrf": t, "phase": "night1", "log": log,
                                    "format": "line-pc"}, follow_redirects=False)
    assert r.status_code == 303
    assert (game / "logs" / ".night1.format").read_text(encoding="utf-8") == "line-pc\n"
    ph = next(p for p in resolve_game(game).phases if p.id == "night1")
    assert [r.disposition for r in ph.lines if r.speaker == "はなこ"] == ["accepted"]
    # a preview resolves a copy of the game: every stored log keeps its remembered format
    from adjudicator.desk.service import _copy_game

    _copy_game(game, game.parent / "copy")
    assert (game.parent / "copy" / "logs" / ".night1.format").read_text("utf-8") == "line-pc\n"
    r = c.post("/g/g/preview", data={"csrf": t, "phase": "day2", "log": "[12:00] GM: 昼です\n"})
    assert r.status_code == 200


def test_the_desk_preview_and_report_never_crash_on_them(game: Path) -> None:
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from adjudicator.desk.app import CSRF_COOKIE, create_app

    c = TestClient(create_app(game.parent, hosts=("testserver",)), raise_server_exceptions=True)
    c.get("/")
    t = c.cookies.get(CSRF_COOKIE)
    # (a form cannot carry a lone surrogate itself; a JSON log's escapes can)
    r = c.post("/g/g/preview", data={"csrf": t, "phase": "night1", "log": LONE})
    assert r.status_code == 200 and "\ufffd" in r.text
    (game / "logs" / "night1.json").write_text(LONE, encoding="utf-8")
    assert c.get("/g/g").status_code == 200
    r = c.get("/g/g/report")
    assert r.status_code == 200


# ------------------------------------------------------------------ the package's shape
def test_format_modules_import_only_base_and_dates() -> None:
    import ast

    pkg = Path(__file__).resolve().parents[2] / "adjudicator" / "chatlog"
    formats = {"plain", "line_phone", "line_pc", "discord", "dce"}
    for path in sorted(pkg.glob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        assert len(path.read_text("utf-8").splitlines()) <= 600, path.name
        if path.stem not in formats | {"base", "dates"}:
            continue
        allowed = {"base", "dates"} if path.stem in formats else {"dates"} \
            if path.stem == "base" else set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                assert node.module in allowed, (path.name, node.module)
