"""Properties of every chat reader (hypothesis): on any text a reader either reads it or
raises ChatFormatError naming a line of it, and every non-blank input line ends in a
message (or a system line, a message with speaker "") or in the skipped list."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.chatlog import FORMATS, Reading, read_chat
from adjudicator.errors import ChatFormatError

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

PIECES = [  # shapes of every format, so that the readers' deeper paths are reached
    "[LINE] 人狼村のトーク履歴", 'Chat history in "村"', "保存日時：2026/03/01 23:10",
    "Saved on: 14/03/2021, 09:05", "2026/03/01(日)", "Sat, 3/6/2021", "Fri, 23/07/2021",
    "2021.11.07 Sunday", "2026.03.01 日曜日", "21:03\tたろう\t予想@花子 3万", "21:03\t\tじろうが参加しました",
    '21:04\t花子\t"一行目', '二行目""引用"""', '"', "午後9:07\tたろう\tx", "9:07 PM\tTaro\tTaro unsent a message.",
    "21:03 佐藤 一郎 こんばんは", "21:06 佐藤 一郎がメッセージの送信を取り消しました",
    "たろう — 今日 21:03", "Taro — 18/09/2024 21.15", "Taro — 03/11/2022", " — Yesterday at 9:41 PM",
    "WOLF", "APP", "[9:41 PM]", "[9:41 PM]x", "Image", "Expand", "notes.txt", "18 KB", "👍", "3",
    "@Taro 予想@花子 3万", "@Taro", "https://example.com/x", "Example", "=" * 62, "Guild: g",
    "[15-Jan-24 09:05 PM] taro", "[03.01.2024 21:00] taro (pinned)", "{Attachments}",
    "{Forwarded Message}", "AuthorID,Author,Date,Content,Attachments,Reactions",
    '"1","taro","03/01/2024 21:00","x","",""', '"2","a","2026-03-01T21:03:00+09:00","y\n', ",,",
    '{"messages": [{"type": "Call", "author": {"name": "a"}, "content": "", "timestamp": ""}]}',
    "たろう: 予想@花子 3万", "[21:03] たろう: x", "21:05 たろう 購入@花子の株 5株", "", " ", "\t", "\r\n",
    "\ufeff", "—", "：", "@",
    # issue 40: a date line first, 24:xx before and after 23:xx, lines that fit no shape
    # inside a message, a name over a blank line or a server tag
    "2026年12月1日", "2018/09/02(日)", "24:32\tたろう\t投票@はなこ", "22:59\tはなこ\tx",
    "23:40\tたろう\ty", "25:10\tじろう\tz", "RevoZ", "BTC", " — Yesterday at 4:15 CH",
    "4⃣ *First Gathering*", "4.2.34", "Faiq",
]
STRUCTURED = st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=12)), max_size=25).map(
    "\n".join)
ANY_TEXT = st.one_of(st.text(), STRUCTURED)


def lines_of(text: str) -> list[str]:
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")


def check(text: str, fmt: str | None) -> Reading | None:
    lines = lines_of(text)
    try:
        reading = read_chat(text, "t", fmt=fmt, names=["たろう", "佐藤 一郎"])
    except ChatFormatError as e:
        assert e.lineno is not None and 1 <= e.lineno <= len(lines), str(e)
        assert str(e).startswith(f"t:{e.lineno}: ")
        return None
    if reading.format == "dce-json":  # messages are JSON objects, not lines
        return reading
    spans: set[int] = set()
    for m in reading.messages:
        span = set(range(m.lineno, m.last_line + 1))
        assert not spans & span, f"line in two messages: {sorted(spans & span)}"
        spans |= span
    covered = spans | {s.lineno for s in reading.skipped}
    missing = [k for k, s in enumerate(lines, 1) if s.strip() and k not in covered]
    assert not missing, f"{reading.format}: lines {missing} are nowhere"
    assert [m.lineno for m in reading.messages] == sorted(m.lineno for m in reading.messages)
    return reading


@SETTINGS
@given(ANY_TEXT, st.sampled_from((None, *FORMATS)))
def test_any_text_is_read_or_refused_naming_a_line(text: str, fmt: str | None) -> None:
    check(text, fmt)


@SETTINGS
@given(STRUCTURED)
def test_structured_text_in_every_format(text: str) -> None:
    for fmt in (None, *FORMATS):
        check(text, fmt)


@pytest.mark.parametrize("text", [
    "たろう — 今日 21:03\n\n\n", "x\n" * 3 + "Taro\n — Today at 9:41 PM\nhi\n",
    '21:03\tたろう\t"a\nb""\n', "2026.03.01 日曜日\n21:03 a b c\n21:04 a b d\n",
    "=" * 62 + "\n[1/2/2026 9:00 PM] a\n{Embed}\n" + "=" * 62 + "\nx\n",
])
def test_examples(text: str) -> None:
    for fmt in (None, *FORMATS):
        check(text, fmt)


@pytest.mark.parametrize("text", [
    "a —" + " " * 20000 + "x\n",  # a timestamp pattern that backtracked over the spaces
    "a — 今日" + " " * 20000 + "x\n",
    "a — Today at 9:00 PM\n[9:41" + " " * 20000 + "x\n",
    "[2026/03/01" + " " * 20000 + "x] a\n",
    "a — Today at 9:00 PM\nhello\n" + "3\n" * 20000,  # residue joined once, not per line
])
def test_hostile_lines_are_read_in_linear_time(text: str) -> None:
    import time

    start = time.perf_counter()
    for fmt in (None, *FORMATS):
        check(text, fmt)
    assert time.perf_counter() - start < 5.0  # was minutes before the patterns were fixed


# ------------------------------------------------ the clocks and dates (input.clock.*)
START = datetime.datetime(2018, 9, 1, 20, 0)


def _line_export(times: list[datetime.datetime], late: bool) -> str:
    """A LINE export of messages at ``times``: ``late``, LINE's way (the hours after
    midnight under the date line above, as 24:xx and 25:xx), else a phone's that writes
    the hour after midnight as 24 under its own date line."""
    out = ["[LINE] 人狼村のトーク履歴", ""]
    day: datetime.date | None = None
    for k, t in enumerate(times):
        if late and day is not None and t.date() == day + datetime.timedelta(days=1) \
                and t.hour < 2:
            stamp = f"{t.hour + 24}:{t.minute:02d}"
        else:
            if t.date() != day:
                day = t.date()
                out.append(f"{day:%Y/%m/%d}({'月火水木金土日'[day.weekday()]})")
            hour = 24 if t.hour == 0 and not late else t.hour
            stamp = f"{hour:02d}:{t.minute:02d}"
        out.append(f"{stamp}\tたろう\tm{k}")
    return "\n".join(out) + "\n"


@SETTINGS
@given(st.lists(st.integers(0, 36 * 60), min_size=1, max_size=30).map(sorted), st.booleans())
def test_line_24h_times_read_as_the_minutes_they_were(offsets: list[int], late: bool) -> None:
    """input.clock.24h: a 24:xx (25:xx) before the day's other times is 0:xx of the date
    line above it; one after them (after 23:xx) is the next day's.  Both ways of writing
    read back to the minute each message was sent, in order."""
    times = [START + datetime.timedelta(minutes=m) for m in offsets]
    text = _line_export(times, late)
    reading = check(text, None)
    assert reading is not None and reading.format == "line"
    got = [(m.date, m.time) for m in reading.messages]
    assert got == [(f"{t:%Y-%m-%d}", f"{t:%H:%M}") for t in times], text
    assert all(g.kind == "time" for g in reading.guesses)


_REL = st.sampled_from(["今日", "昨日", "Today at", "Yesterday at"])


@SETTINGS
@given(st.lists(st.tuples(st.booleans(), _REL, st.integers(0, 23 * 60 + 59),
                          st.sampled_from(["投票@はなこ", "はい", "おはよう", "x y"])),
                min_size=1, max_size=12), st.integers(0, 400))
def test_a_discord_paste_opening_with_a_date_line_dates_every_message(
        parts: list[tuple[bool, str, int, str]], first_day: int) -> None:
    """input.clock.date: 今日 / 昨日 headers take the date of the date line above them,
    a paste's first line included: no message is undated, none is dropped."""
    day = datetime.date(2026, 1, 1) + datetime.timedelta(days=first_day)
    lines = [f"{day.year}年{day.month}月{day.day}日"]
    want = []
    for k, (divider, rel, minute, text) in enumerate(parts):
        if divider and k:
            day += datetime.timedelta(days=1)
            lines.append(f"{day.year}年{day.month}月{day.day}日")
        lines += [f"たろう — {rel} {minute // 60}:{minute % 60:02d}", text]
        want.append((day.isoformat(), f"{minute // 60:02d}:{minute % 60:02d}", text))
    reading = check("\n".join(lines) + "\n", None)
    assert reading is not None and reading.format == "discord"
    assert [(m.date, m.time, m.text) for m in reading.messages] == want
    assert not [s for s in reading.skipped if s.why.startswith("before the first")]
