"""The Discord reader's residue tests answer most lines with a cheap test of a character
or a substring before any pattern; each answers exactly as its pattern alone does."""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.chatlog import discord as d
from adjudicator.chatlog.dates import RE_DATE_ONLY, clock

PIECES = st.sampled_from([
    "0", "7", "42", "1234", "12345", "３", "٣", "𝟘", " ", "  ", "\u3000", ".", ",", ":", "(", ")",
    "）", "（", "KB", "kb", "bytes", "MiB", "バイト", "B", "x", "Mon", "Tuesday", "March", "Mar.",
    "月", "日", "曜日", "年", "/", "-", "👍", "🎉", "\u200d", "\ufe0f", ":kek:", "http", "https://",
    "example.com", "a.png", "[", "]", "[21:03]", "[ 9:03 PM]", "[午後9:03]", "(edited)",
    "(編集済)", "（編集済）", "(編集済み)", "今日", "é", "\t",
])
LINE = st.one_of(st.lists(PIECES, max_size=6).map("".join), st.text(max_size=8))


def _old_is_emoji(s: str) -> bool:
    if d.RE_CUSTOM_EMOJI.fullmatch(s):
        return True
    return 0 < len(s) <= 8 and all(unicodedata.category(c) in d._EMOJI_CATS for c in s)


def _old_is_reaction(s: str) -> bool:
    head, _sp, count = s.rpartition(" ")
    if not head:
        k = len(s.rstrip("0123456789"))
        head, count = s[:k], s[k:]
    return bool(count) and d.RE_COUNT.fullmatch(count) is not None and _old_is_emoji(head.strip())


def _old_edited(text: str) -> tuple[str, bool]:
    edited = False
    stripped = text.rstrip()
    for mark in d.EDITED:
        if stripped.endswith(mark):
            text, edited = stripped.removesuffix(mark).rstrip(), True
    return text, edited


def _new_edited(text: str) -> tuple[str, bool]:
    edited = False
    stripped = text.rstrip()
    for mark in d.EDITED if stripped[-1:] in ")）" else ():
        if stripped.endswith(mark):
            text, edited = stripped.removesuffix(mark).rstrip(), True
    return text, edited


@settings(max_examples=1500, deadline=None)
@given(LINE)
def test_each_cheap_test_answers_as_its_pattern(s: str) -> None:
    assert d._is_count(s) == (d.RE_COUNT.fullmatch(s) is not None)
    assert d._is_size(s) == (d.RE_SIZE.fullmatch(s) is not None)
    got, want = d._date_only(s), RE_DATE_ONLY.fullmatch(s)
    assert (got and got.groupdict()) == (want and want.groupdict())
    assert d._is_emoji(s) == _old_is_emoji(s)
    assert d._is_reaction(s) == _old_is_reaction(s)
    if d.RE_FILENAME.fullmatch(s):
        assert "." in s
    if d.RE_URL.search(s):
        assert "http" in s
    assert _new_edited(s) == _old_edited(s)
    assert all(m.endswith((")", "）")) for m in d.EDITED)


@settings(max_examples=500, deadline=None)
@given(LINE)
def test_a_hover_time_reads_the_same_from_its_text_alone(s: str) -> None:
    # the reader remembers clock() by the hover time's text: a match at the start of a
    # line and the fullmatch of that text read the same time
    m = d.RE_HOVER.match(s)
    if m is not None:
        again = d.RE_HOVER.fullmatch(m[0])
        assert again is not None and clock(again) == clock(m)
        memo: dict[str, str | None] = {}
        assert d._clock(m, memo) == clock(m) == d._clock(again, memo)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["a", "佐藤", " ", "\u3000", "  ", "x y", "\t"]), max_size=14)
       .map("".join))
def test_line_pc_prefixes_join_a_word_at_a_time(rest: str) -> None:
    # (in this file: the other readers' cheap paths) LINE PC's name prefixes, built
    # incrementally, are the words joined as before
    from adjudicator.chatlog import line_pc

    words = line_pc.RE_WORD_GAPS.split(rest, maxsplit=5)
    want = [("".join(words[: k - 1]), words[k] if k < len(words) else "")
            for k in range(2, min(len(words), 10), 2)]
    assert line_pc._prefixes(rest) == want
