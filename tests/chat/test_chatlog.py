"""Tests for adjudicator.chatlog: every chat format, decoding, detection, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.chatlog import (
    FORMAT_HELP,
    FORMATS,
    ChatLine,
    decode,
    detect_format,
    read_log,
    read_log_file,
)
from adjudicator.errors import ChatFormatError
from tests.support import DATA

DATA = DATA / "chatlog"


def rows(lines: list[ChatLine]) -> list[tuple[int, str, str, str | None, str | None]]:
    return [(c.lineno, c.speaker, c.text, c.date, c.time) for c in lines]


def test_formats_and_help() -> None:
    assert FORMATS == ("plain", "line", "line-pc", "discord", "dce-txt", "dce-csv", "dce-json")
    assert set(FORMAT_HELP) == set(FORMATS)
    assert all(isinstance(v, str) and "\n" not in v for v in FORMAT_HELP.values())


# --- one realistic sample per format ------------------------------------------------------
def test_plain_sample() -> None:
    log = read_log_file(DATA / "plain.txt")
    assert rows(log) == [
        (1, "たろう", "予想@花子さん 3万", None, None),
        (2, "花子", "売却@", None, None),
        (3, "じろう", "投票@じろう", None, "21:03"),
        (4, "たろう", "購入＠花子の株　５株\n明日もよろしく", None, "21:05"),
        (7, "GM", "夜になりました", None, "21:06:15"),
    ]
    assert log[3].raw == "21:05 たろう 購入＠花子の株　５株\n明日もよろしく"
    assert log[0].source == str(DATA / "plain.txt")
    assert detect_format((DATA / "plain.txt").read_text("utf-8")) == "plain"


def test_plain_time_prefix_is_not_a_speaker() -> None:
    (line,) = read_log("21:05 たろう 購入@花子の株 5株", "t")
    assert (line.speaker, line.text, line.time) == ("たろう", "購入@花子の株 5株", "21:05")


def test_plain_names_split_and_unknown_speaker_kept() -> None:
    log = read_log("21:05 山田 太郎 購入@花子の株 5株\n花子: 売却@\n", "t", names=["山田 太郎", "山田"])
    assert [(c.speaker, c.text) for c in log] == [("山田 太郎", "購入@花子の株 5株"), ("花子", "売却@")]


def test_plain_continuation_keeps_inner_blank_lines() -> None:
    log = read_log("たろう: 一行目\n\n二行目\n\n\n花子: はい\n", "t")
    assert [c.text for c in log] == ["一行目\n\n二行目", "はい"]
    assert [c.lineno for c in log] == [1, 6]


def test_line_sample_japanese() -> None:
    log = read_log_file(DATA / "line_ja.txt", source="night1")
    assert rows(log) == [
        (5, "たろう", "予想@花子さん 3万", "2026-03-01", "21:03"),
        (6, "花子", '了解\n明日は"吊られない"よ', "2026-03-01", "21:04"),
        (8, "たろう", "[スタンプ]", "2026-03-01", "21:05"),
        (9, "", "じろうがグループに参加しました", "2026-03-01", "21:06"),
        (10, "じろう", "投票@たろう", "2026-03-01", "21:07"),
        (13, "花子", "購入＠たろうの株　５株", "2026-03-02", "00:15"),
    ]
    assert log[1].raw == '21:04\t花子\t"了解\n明日は""吊られない""よ"'
    assert all(c.source == "night1" for c in log)


def test_line_sample_english_pm_times() -> None:
    log = read_log_file(DATA / "line_en.txt")
    assert rows(log) == [
        (5, "たろう", "予想@花子さん 3万", "2026-03-01", "21:03"),
        (6, "花子", "売却@", "2026-03-01", "00:10"),
    ]


@pytest.mark.parametrize(
    ("stamp", "expected"),
    [("午後9:07", "21:07"), ("午前9:07", "09:07"), ("午後12:30", "12:30"), ("午前12:05", "00:05"),
     ("9:07 PM", "21:07"), ("9:07 AM", "09:07"), ("21:07", "21:07")],
)
def test_line_twelve_hour_times(stamp: str, expected: str) -> None:
    (line,) = read_log(f"2026/03/01 日曜日\n{stamp}\tたろう\t予想@花子さん 3万\n", "t")
    assert line.time == expected


def test_line_quoted_message_unclosed_is_literal() -> None:
    log = read_log('2026/03/01(日)\n21:03\tたろう\t"引用\n21:04\t花子\tはい\n', "t")
    assert [(c.speaker, c.text) for c in log] == [("たろう", '"引用'), ("花子", "はい")]


def test_line_pc_sample_names_with_space() -> None:
    log = read_log_file(DATA / "line_pc.txt", names=["山田 太郎", "花子", "じろう"])
    assert rows(log) == [
        (2, "山田 太郎", "予想@花子さん 3万", "2026-03-01", "21:03"),
        (3, "花子", "売却@", "2026-03-01", "21:04"),
        (5, "じろう", "投票@山田 太郎", "2026-03-02", "00:01"),
    ]
    # Without the roster, the first space-separated token is the name.
    assert read_log_file(DATA / "line_pc.txt")[0].speaker == "山田"


def test_discord_sample() -> None:
    log = read_log_file(DATA / "discord.txt")
    assert rows(log) == [
        (2, "たろう", "予想@花子 3万", None, "21:03"),
        (4, "たろう", "売却@", None, "21:03"),
        (7, "花子", "購入＠たろうの株　５株", "2026-03-01", "21:05"),
        (11, "GM Bot", "夜になりました", None, "21:06"),
        (13, "Jiro", "投票@じろう", None, "23:59"),
    ]
    assert log[1].raw == "売却@ (edited)"
    assert "Image" in log[0].raw  # interface residue: not a message, kept in raw


def test_dce_txt_sample() -> None:
    log = read_log_file(DATA / "dce.txt")
    assert rows(log) == [
        (7, "taro", "予想@花子さん 3万\n\n本気です", "2026-03-01", "21:03"),
        (18, "hanako", "売却@", "2026-03-01", "21:04"),
        (22, "jiro", "投票@たろう", "2026-03-01", "21:05"),
    ]
    assert "{Attachments}" in log[0].raw and "{Attachments}" not in log[0].text


def test_dce_csv_sample() -> None:
    log = read_log_file(DATA / "dce.csv")
    assert rows(log) == [
        (2, "taro", "予想@花子さん 3万\n本気です", "2026-03-01", "21:03:12"),
        (4, "hanako", "売却@", "2026-03-01", "21:04:00"),
        (5, "jiro", '投票@"たろう"', "2026-03-01", "21:05:09"),
    ]
    assert log[0].raw.count("\n") == 1


def test_dce_json_sample() -> None:
    log = read_log_file(DATA / "dce.json")
    assert rows(log) == [
        (1, "たろう", "予想@花子さん 3万", "2026-03-01", "21:03:12"),
        (2, "hanako", "売却@\n以上", "2026-03-01", "21:04:00"),
        (3, "gm-bot", "夜になりました", "2026-03-01", "21:05:00"),
    ]
    assert json.loads(log[0].raw)["author"]["nickname"] == "たろう"


@pytest.mark.parametrize(
    ("name", "fmt"),
    [("plain.txt", "plain"), ("line_ja.txt", "line"), ("line_en.txt", "line"),
     ("line_pc.txt", "line-pc"), ("discord.txt", "discord"), ("dce.txt", "dce-txt"),
     ("dce.csv", "dce-csv"), ("dce.json", "dce-json")],
)
def test_detection(name: str, fmt: str) -> None:
    assert detect_format((DATA / name).read_text("utf-8")) == fmt


# --- decoding -------------------------------------------------------------------------------
def test_bom_crlf_and_cp932() -> None:
    text = "たろう: 予想@花子さん 3万\r\n花子：売却@\r\n"
    expected = [("たろう", "予想@花子さん 3万"), ("花子", "売却@")]
    for data in (b"\xef\xbb\xbf" + text.encode("utf-8"), text.encode("cp932"), text.encode("utf-8")):
        assert [(c.speaker, c.text) for c in read_log(data, "t")] == expected
    assert decode(b"a\r\nb\rc", "t") == "a\nb\nc"
    assert decode(b"\xef\xbb\xbfabc", "t") == "abc"
    assert read_log("\ufeffたろう: x\r\n", "t")[0].speaker == "たろう"


def test_cp932_line_export() -> None:
    data = (DATA / "line_ja.txt").read_text("utf-8").replace("\n", "\r\n").encode("cp932")
    assert [c.text for c in read_log(data, "t")][1] == '了解\n明日は"吊られない"よ'


def test_undecodable_bytes_name_the_file() -> None:
    with pytest.raises(ChatFormatError) as info:
        decode(b"ok\n\x81\x20", "logs/night1.txt")
    assert info.value.source == "logs/night1.txt" and info.value.lineno == 2
    with pytest.raises(ChatFormatError):
        read_log(b"\xef\xbb\xbf\xff", "t")


# --- overrides and errors ---------------------------------------------------------------------
def test_forced_format_overrides_detection() -> None:
    text = "21:03 たろう 予想@花子さん 3万\n"
    assert read_log(text, "t")[0].date is None
    (line,) = read_log(text, "t", fmt="line-pc")
    assert (line.speaker, line.text) == ("たろう", "予想@花子さん 3万")
    with pytest.raises(ChatFormatError) as info:
        read_log("2026/03/01(日)\nたろう: x\n", "t", fmt="line")
    assert info.value.lineno == 2 and "'たろう: x'" in str(info.value)


def test_unknown_format_lists_formats() -> None:
    with pytest.raises(ChatFormatError) as info:
        read_log("たろう: x", "t", fmt="slack")
    assert all(f in str(info.value) for f in FORMATS)


def test_no_format_fits_names_the_line() -> None:
    with pytest.raises(ChatFormatError) as info:
        read_log("\n\nこんばんは みなさん\nたろう: x\n", "logs/n1.txt")
    assert info.value.lineno == 3 and "こんばんは みなさん" in str(info.value)
    assert str(info.value).startswith("logs/n1.txt:3:")
    with pytest.raises(ChatFormatError):
        detect_format("こんばんは", "t")


def test_forced_formats_reject_stray_lines() -> None:
    for fmt in ("discord", "dce-txt", "plain", "line-pc"):
        with pytest.raises(ChatFormatError) as info:
            read_log("\nこんばんは\n", "t", fmt=fmt)
        assert info.value.lineno == 2
    with pytest.raises(ChatFormatError):
        read_log('{"messages": 3}', "t")
    with pytest.raises(ChatFormatError):
        read_log('{"messages": [', "t")
    with pytest.raises(ChatFormatError):
        read_log("AuthorID,Author,Date,Content\n\"1\",\"x\"\n", "t")


def test_empty_input() -> None:
    assert read_log(b"", "t") == [] and read_log("\n \r\n", "t", fmt="dce-json") == []


def test_read_log_file_missing(tmp_path: Path) -> None:
    with pytest.raises(ChatFormatError) as info:
        read_log_file(tmp_path / "nope.txt")
    assert info.value.source == str(tmp_path / "nope.txt")


# --- properties ---------------------------------------------------------------------------------
FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(st.text(), st.sampled_from((None, *FORMATS)))
def test_any_text_raises_only_chat_format_error(text: str, fmt: str | None) -> None:
    try:
        read_log(text, "t", fmt=fmt, names=["たろう", "山田 太郎"])
    except ChatFormatError:
        pass


@FAST
@given(st.binary(), st.sampled_from((None, *FORMATS)))
def test_any_bytes_raise_only_chat_format_error(data: bytes, fmt: str | None) -> None:
    try:
        read_log(data, "t", fmt=fmt)
    except ChatFormatError:
        pass


@FAST
@given(st.lists(st.sampled_from(["{", "[", "]", "}", '"messages"', ":", ",", "\n", '"', "=" * 62,
                                 "AuthorID,Author,Date,Content", "[2026/03/01 21:03] a",
                                 "a — 今日 21:03", "APP", "\t", "21:03", "午後", "{Embed}", "x"])))
def test_structured_noise_raises_only_chat_format_error(parts: list[str]) -> None:
    for fmt in (None, *FORMATS):
        try:
            read_log("".join(parts), "t", fmt=fmt)
        except ChatFormatError:
            pass


NAME = st.text(alphabet="たろう花子じ山田太郎abcXYZ", min_size=1, max_size=8).map(
    lambda s: s.replace("  ", " ")
)
TEXT = st.text(
    st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), max_size=30
).filter(lambda t: not t[:1].isspace())


@FAST
@given(st.lists(st.tuples(NAME, TEXT), min_size=1, max_size=8), st.booleans())
def test_plain_round_trip(pairs: list[tuple[str, str]], with_names: bool) -> None:
    log = "\n".join(f"{speaker}: {text}" for speaker, text in pairs) + "\n"
    names = [s for s, _ in pairs] if with_names else []
    got = read_log(log, "t", fmt="plain", names=names)
    assert [(c.speaker, c.text) for c in got] == pairs
    assert [c.lineno for c in got] == list(range(1, len(pairs) + 1))


LINE_TEXT = st.lists(
    st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n"), max_size=12),
    min_size=2, max_size=4,
).map("\n".join)


@FAST
@given(st.lists(st.tuples(NAME, LINE_TEXT), min_size=1, max_size=5))
def test_line_quoted_round_trip(pairs: list[tuple[str, str]]) -> None:
    body = "".join(
        f'21:03\t{speaker}\t"{text.replace(chr(34), chr(34) * 2)}"\n' for speaker, text in pairs
    )
    got = read_log("[LINE] 人狼村のトーク履歴\n2026/03/01(日)\n" + body, "t")
    assert [(c.speaker, c.text) for c in got] == pairs


def test_utf16_with_bom_is_read() -> None:
    text = "[21:03] たろう: 予想@はなこ 3万\r\n[21:04] はなこ: 売却@\r\n"
    for data in (text.encode("utf-16"), b"\xfe\xff" + text.encode("utf-16-be")):
        lines = read_log(data, "logs/night1.txt")
        assert [(ln.speaker, ln.text) for ln in lines] == [
            ("たろう", "予想@はなこ 3万"), ("はなこ", "売却@")]
