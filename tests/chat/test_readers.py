"""The readers' finer decisions (issue 14), one behaviour per test: date order evidence,
LINE system lines, LINE PC names, Discord residue and headers, DiscordChatExporter
sections and types, detection, errors that name a line."""

from __future__ import annotations

import json

import pytest

from adjudicator.chatlog import detect_format, read_chat, read_log
from adjudicator.errors import ChatFormatError


def rows(text: str, fmt: str | None = None, names: tuple[str, ...] = ()) -> list[tuple]:
    return [(m.lineno, m.speaker, m.date, m.time, m.text)
            for m in read_chat(text, "t", fmt, names).messages]


# --- dates ---------------------------------------------------------------------------------
def test_date_order_conflict_reads_the_first_evidence_and_says_so() -> None:
    r = read_chat("Sat, 23/07/2021\n21:00\ta\tx\nMon, 3/15/2021\n21:01\tb\ty\n", "t")
    assert r.date_order == "day-first"
    assert [m.date for m in r.messages] == ["2021-07-23", None]
    kinds = [(g.lineno, g.kind) for g in r.guesses]
    assert (3, "date order") in kinds and (3, "date") in kinds


def test_a_field_above_12_beats_the_saved_on_header() -> None:
    r = read_chat("[LINE] Chat history in x\nSaved on: 14/03/2021, 09:05\n\nMon, 3/15/2021\n"
                  "21:00\ta\tx\n", "t")
    assert r.date_order == "month-first" and r.messages[0].date == "2021-03-15"
    assert "line 4" in r.date_order_why


def test_saved_on_settles_an_ambiguous_file() -> None:
    r = read_chat("Saved on: 14/03/2021, 09:05\n\nSat, 6/3/2021\n21:00\ta\tx\n", "t")
    assert (r.date_order, r.messages[0].date, r.guesses) == ("day-first", "2021-03-06", [])
    assert "header" in r.date_order_why


def test_year_first_files_need_no_order() -> None:
    r = read_chat("2026/03/01(日)\n21:00\ta\tx\n", "t")
    assert (r.date_order, r.guesses) == (None, [])


def test_dce_csv_locale_dates_use_the_file_order() -> None:
    csv = ('AuthorID,Author,Date,Content\n"1","a","05/01/2024 21:00","x"\n'
           '"2","b","13/01/2024 09:05 PM","y"\n')
    assert [(m.date, m.time) for m in read_log(csv, "t")] == [("2024-01-05", "21:00"),
                                                             ("2024-01-13", "21:05")]


def test_dce_txt_header_with_an_impossible_day_first_date_still_opens_a_message() -> None:
    text = "=" * 62 + "\nGuild: g\n" + "=" * 62 + "\n[01/02/2024 21:00] a\nx\n\n[31/02/2024 21:01] b\ny\n"
    r = read_chat(text, "t")
    assert [(m.speaker, m.text, m.date) for m in r.messages] == [("a", "x", "2024-02-01"),
                                                                 ("b", "y", None)]
    assert [g.kind for g in r.guesses] == ["date"]


# --- LINE ----------------------------------------------------------------------------------
def test_line_system_line_with_a_name_field() -> None:
    got = rows("2026/03/01(日)\n21:00\tたろう\tメッセージの送信を取り消しました\n"
               "21:01\tたろう\t花子がグループに参加しました\n21:02\tTaro unsent a message.\n")
    assert [(s, t) for _n, s, _d, _t, t in got] == [
        ("", "メッセージの送信を取り消しました"),
        ("たろう", "花子がグループに参加しました"),  # someone else named: a player's words
        ("", "Taro unsent a message."),
    ]


def test_line_pc_system_lines_against_the_roster() -> None:
    text = ("2026.03.01 日曜日\n21:00 たろう が 花子 をグループに招待しました\n"
            "21:01 たろう 花子が参加しました\n21:02 たろう ☎ 通話時間 0:45\n")
    got = rows(text, names=("たろう", "花子"))
    assert [(s, t) for _n, s, _d, _t, t in got] == [
        ("", "たろう が 花子 をグループに招待しました"),
        ("たろう", "花子が参加しました"),
        ("", "☎ 通話時間 0:45"),
    ]


def test_line_pc_roster_beats_the_guess() -> None:
    text = "2026.03.01 日曜日\n21:00 Mei (=^_^=) a\n21:01 Mei (=^_^=) b\n"
    r = read_chat(text, "t", names=["Mei"])
    assert [(m.speaker, m.text) for m in r.messages] == [("Mei", "(=^_^=) a"),
                                                        ("Mei", "(=^_^=) b")]
    r = read_chat(text, "t")
    assert [m.speaker for m in r.messages] == ["Mei (=^_^=)"] * 2
    assert [(g.lineno, g.kind) for g in r.guesses] == [(2, "name split")]


def test_line_pc_same_words_after_the_name_are_not_a_name() -> None:
    text = "2026.03.01 日曜日\n21:00 たろう 予想@花子 3万\n21:01 たろう 予想@花子 3万\n"
    assert [m.speaker for m in read_log(text, "t")] == ["たろう", "たろう"]


# --- Discord -------------------------------------------------------------------------------
def test_discord_hover_prefix_and_edited_mark() -> None:
    r = read_chat("a — Today at 9:00 PM\n[9:05 PM]x (edited)\n", "t")
    m = r.messages[0]
    assert (m.text, m.time, m.raw) == ("x", "21:05", "[9:05 PM]x (edited)")


def test_discord_reply_preview_needs_an_earlier_message_or_a_lone_mention() -> None:
    text = ("a — Today at 9:00 PM\nhello there\n@b hi all\nb — Today at 9:01 PM\nok\n"
            "@a\nhello\nc — Today at 9:02 PM\nyes\n")
    r = read_chat(text, "t")
    # a multi-line message stays one message (issue 26): "@b hi all" is a's words
    assert [(m.lineno, m.speaker, m.text) for m in r.messages] == [
        (2, "a", "hello there\n@b hi all"), (5, "b", "ok"), (9, "c", "yes")]
    assert [(s.lineno, s.why) for s in r.skipped if s.why == "reply preview"] == [(6, "reply preview"),
                                                                                  (7, "reply preview")]
    assert r.messages[2].raw == "@a\nhello\nyes"


def test_discord_without_any_header_names_the_first_line() -> None:
    with pytest.raises(ChatFormatError) as info:
        read_chat("\n\nprofile\nstatus\n", "t", fmt="discord")
    assert info.value.lineno == 3 and "header" in str(info.value)


def test_discord_detected_after_a_profile_card_with_colons() -> None:
    text = "Taro\nMember Since: Mar 1, 2020\nRoles: wolf\nTaro — Today at 9:41 PM\nhi\nyo\nok\n"
    assert detect_format(text) == "discord"
    assert [m.text for m in read_log(text, "t")] == ["hi\nyo\nok"]  # one multi-line message


def test_a_plain_log_with_a_dash_and_a_time_stays_plain() -> None:
    text = "たろう: 了解 — 21:03\n花子: 売却@\nじろう: 投票@たろう\n"
    assert detect_format(text) == "plain"


# --- DiscordChatExporter ---------------------------------------------------------------------
def test_dce_section_right_after_the_header() -> None:
    text = "[2026/03/01 21:03] a\n{Attachments}\nhttps://cdn.example/x.png\n"
    (m,) = read_log(text, "t", fmt="dce-txt")
    assert (m.text, m.end) == ("", 3) and "{Attachments}" in m.raw


def test_dce_json_types() -> None:
    doc = {"messages": [
        {"type": "Default", "author": {"name": "a"}, "content": "x", "timestamp": ""},
        {"type": "ThreadCreated", "author": {"name": "a"}, "content": "t", "timestamp": ""},
        {"author": {"name": "b"}, "content": "y", "timestamp": ""}]}
    assert [m.speaker for m in read_log(json.dumps(doc), "t")] == ["a", "", "b"]


# --- errors name a line ----------------------------------------------------------------------
@pytest.mark.parametrize("text", ['{"messages": 3}', '{"messages": [1]}', "[1, 2]"])
def test_json_errors_name_line_1(text: str) -> None:
    with pytest.raises(ChatFormatError) as info:
        read_chat(text, "t", fmt="dce-json")
    assert info.value.lineno == 1


def test_broken_utf16_names_its_line() -> None:
    data = "a: x\nb: y\n".encode("utf-16") + b"\x00\xd8"  # a lone high surrogate
    with pytest.raises(ChatFormatError) as info:
        read_chat(data, "t")
    assert info.value.lineno == 3


def test_pc_messages_under_phone_style_date_lines_are_line_pc() -> None:
    text = "2026/03/01(日)\n21:03 たろう 予想@花子 3万\n"
    assert detect_format(text) == "line-pc"
    assert rows(text) == [(2, "たろう", "2026-03-01", "21:03", "予想@花子 3万")]


def test_dce_csv_old_default_dates() -> None:
    csv = ('AuthorID,Author,Date,Content\n"1","a","15-Jan-24 09:05 PM","x"\n'
           '"2","b","16-Jan-2024 12:01 AM","y"\n')
    assert [(m.date, m.time) for m in read_log(csv, "t")] == [("2024-01-15", "21:05"),
                                                             ("2024-01-16", "00:01")]


def test_line_one_to_one_header_and_kanji_dates() -> None:
    text = "[LINE] Chat history with Taro\n\n2021年3月14日(日)\n21:00\tTaro\thi\n"
    r = read_chat(text, "t")
    assert r.format == "line" and [(m.date, m.text) for m in r.messages] == [("2021-03-14", "hi")]
    assert [s.why for s in r.skipped] == ["header", "date line"]


def test_discord_date_divider_is_residue() -> None:
    r = read_chat("a — Today at 9:00 PM\nhi\nMarch 11, 2022\nb — 03/11/2022 9:01 PM\nyo\n", "t")
    assert [m.text for m in r.messages] == ["hi", "yo"]
    assert (3, "date divider") in [(s.lineno, s.why) for s in r.skipped]


def test_discord_residue_before_any_message_of_the_author_goes_with_the_next() -> None:
    (m,) = read_log("a — Today at 9:00 PM\nImage\nnotes.txt\n18 KB\nsee above\n", "t")
    assert (m.lineno, m.text, m.raw) == (5, "see above", "Image\nnotes.txt\n18 KB\nsee above")


def test_weekdays_settle_the_order_only_when_they_fit_one_order() -> None:
    r = read_chat("Sat, 3/7/2021\n21:00\ta\tx\n", "t")  # 2021-07-03 is a Saturday
    assert (r.date_order, r.messages[0].date, r.guesses) == ("day-first", "2021-07-03", [])
    assert "weekday" in r.date_order_why
    r = read_chat("Wed, 3/3/2021\n21:00\ta\tx\n", "t")  # the same day either way
    assert r.date_order == "month-first" and [g.kind for g in r.guesses] == ["date order"]
    r = read_chat("Sat, 3/7/2021\n21:00\ta\tx\nSat, 3/6/2021\n21:00\ta\tx\n", "t")  # disagree
    assert r.date_order == "month-first" and [g.kind for g in r.guesses] == ["date order"]
