"""A paste of several chats (input.thread): cut at each export's header, read one by one,
merged by date and minute (input.thread.order)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.chatlog import ChatLine, read_chat, read_threads
from adjudicator.chatlog.threads import ThreadOrderError, cut, merge, separator
from adjudicator.errors import ChatFormatError
from tests.support import DATA

LINE_JA = (DATA / "chatlog" / "line_ja.txt").read_text("utf-8")
LINE_EN = (DATA / "chatlog" / "line_en.txt").read_text("utf-8")
DCE_TXT = (DATA / "chatlog" / "dce.txt").read_text("utf-8")
DCE_JSON = (DATA / "chatlog" / "dce.json").read_text("utf-8")
DCE_CSV = (DATA / "chatlog" / "dce.csv").read_text("utf-8")
LINE_PC = (DATA / "chatlog" / "line_pc.txt").read_text("utf-8")


def one_to_one(text: str, name: str) -> str:
    return text.replace("人狼村のトーク履歴", f"{name}とのトーク履歴").replace(
        "Chat history in 人狼村", f"Chat history with {name}")


def test_three_line_exports_pasted_one_after_another_are_three_chats() -> None:
    # the report: the second export's header became the last message's text
    paste = LINE_JA + one_to_one(LINE_JA, "たろう") + one_to_one(LINE_EN, "はなこ")
    parts = read_threads(paste, "paste")
    assert [(p.export.title, p.export.kind) for p in parts] == [
        ("人狼村", "group"), ("たろう", "private"), ("はなこ", "private")]
    for p, alone in zip(parts, (LINE_JA, LINE_JA, LINE_EN), strict=True):
        single = read_chat(alone, "x").messages
        assert [m.text for m in p.reading.messages] == [m.text for m in single]
        assert not any("トーク履歴" in m.text or "保存日時" in m.text
                       for m in p.reading.messages)
    # line numbers count in the whole paste: each message's raw is its line there
    lines = paste.split("\n")
    for p in parts:
        for m in p.reading.messages:
            assert lines[m.lineno - 1] == m.raw.split("\n")[0]


def test_a_header_without_the_line_tag_still_cuts_when_saved_follows() -> None:
    bare = LINE_JA.replace("[LINE] 人狼村のトーク履歴", "たろうとのトーク履歴")
    parts = cut(LINE_JA + bare)
    assert [(e.title, e.kind, e.how) for e in parts] == [
        ("人狼村", "group", "LINE"), ("たろう", "private", "LINE")]


def test_a_message_that_mentions_a_talk_history_does_not_cut() -> None:
    text = LINE_JA.rstrip("\n") + "\n21:30\tたろう\tたろうとのトーク履歴を送ります\n"
    assert len(cut(text)) == 1


def test_dce_banner_json_and_csv_each_start_an_export() -> None:
    parts = read_threads(DCE_TXT + DCE_JSON + "\n" + DCE_CSV, "paste")
    assert [p.reading.format for p in parts] == ["dce-txt", "dce-json", "dce-csv"]
    assert [p.export.name for p in parts] == ["本村", "本村", ""]


def test_separators_name_exports_that_have_no_header() -> None:
    paste = (separator("たろう") + "\n" + LINE_PC + separator("はなこ") + "\n"
             + "[21:05] はなこ: 占い@たろう\n")
    parts = read_threads(paste, "paste")
    assert [(p.export.label, p.reading.format) for p in parts] == [
        ("たろう", "line-pc"), ("はなこ", "plain")]
    assert parts[1].reading.messages[0].lineno == paste.split("\n").index(
        "[21:05] はなこ: 占い@たろう") + 1


def test_a_header_after_a_separator_names_the_chat_and_keeps_the_label() -> None:
    parts = cut(separator("taro") + "\n" + one_to_one(LINE_JA, "Taro🍣"))
    assert [(e.title, e.label, e.kind) for e in parts] == [("Taro🍣", "taro", "private")]
    assert parts[0].first == 2


def test_one_export_reads_exactly_as_before() -> None:
    for text in (LINE_JA, DCE_TXT, DCE_JSON, DCE_CSV, LINE_PC):
        (part,) = read_threads(text.encode("utf-8"), "x")
        assert part.reading == read_chat(text.encode("utf-8"), "x")


def test_a_format_error_names_the_line_of_the_whole_paste() -> None:
    bad = "\n".join([separator("a"), "[21:00] a: x", separator("b"), "[LINE] bとのトーク履歴",
                     "保存日時：2026/03/01 23:10", "", "なにか変な行", ""])
    with pytest.raises(ChatFormatError) as got:
        read_threads(bad, "paste")
    assert got.value.lineno == 7


def _msg(n: int, time: str | None, date: str | None = "2026-03-01", who: str = "a") -> ChatLine:
    return ChatLine("x", n, who, f"m{n}", f"m{n}", date, time)


def test_merge_by_minute_keeps_each_chats_order_and_ties_by_the_order_given() -> None:
    village = [_msg(1, "21:00"), _msg(2, "21:05"), _msg(3, "21:10")]
    taro = [_msg(11, "21:05"), _msg(12, "21:04"), _msg(13, "21:06")]  # its own order kept
    got = merge([village, taro], ["村", "たろう"])
    assert [m.lineno for m in got] == [1, 2, 11, 12, 13, 3]
    got = merge([taro, village], ["たろう", "村"])
    assert [m.lineno for m in got] == [1, 11, 12, 2, 13, 3]


def test_seconds_do_not_break_a_same_minute_tie() -> None:
    a = [_msg(1, "21:05:59")]
    b = [_msg(2, "21:05:00")]
    assert [m.lineno for m in merge([a, b], ["a", "b"])] == [1, 2]


def test_a_chat_with_no_dates_is_placed_on_the_phase_day_and_after_midnight() -> None:
    village = [_msg(1, "21:00"), _msg(2, "23:55"), _msg(3, "00:20", "2026-03-02")]
    undated = [_msg(11, "23:50", None), _msg(12, "00:10", None)]
    late = [_msg(21, "00:05", None)]
    got = merge([village, undated, late], ["村", "たろう", "はなこ"])
    assert [m.lineno for m in got] == [1, 11, 2, 21, 12, 3]


def test_a_chat_with_no_times_is_an_error_naming_it() -> None:
    with pytest.raises(ThreadOrderError) as got:
        merge([[_msg(1, "21:00")], [_msg(2, None, None)]], ["村", "たろう"])
    assert "「たろう」" in (got.value.detail_ja or "")
    assert got.value.lineno == 2


def test_a_message_without_time_stays_with_the_one_above_it() -> None:
    chat = [_msg(1, "21:00"), _msg(2, None), _msg(3, "21:10")]
    other = [_msg(11, "21:05")]
    assert [m.lineno for m in merge([chat, other], ["a", "b"])] == [1, 2, 11, 3]


_times = st.lists(st.tuples(st.integers(0, 2), st.integers(0, 59)), min_size=1, max_size=6)


@settings(max_examples=150, deadline=None)
@given(st.lists(_times, min_size=1, max_size=5), st.randoms(use_true_random=False))
def test_the_merge_does_not_depend_on_the_order_the_chats_are_given(
        chats: list[list[tuple[int, int]]], rnd: random.Random) -> None:
    """Apart from the documented tie (the same minute in two chats: the chat given first
    comes first), the merge is the same whatever order the chats are given in."""
    threads = [[_msg(100 * k + i, f"{21 + h:02d}:{mi:02d}", who=f"p{k}")
                for i, (h, mi) in enumerate(sorted(times))]
               for k, times in enumerate(chats)]
    names = [f"p{k}" for k in range(len(threads))]
    order = list(range(len(threads)))
    rnd.shuffle(order)
    a = merge(threads, names)
    b = merge([threads[k] for k in order], [names[k] for k in order])

    def by_minute(msgs: list[ChatLine]) -> list[tuple[str | None, list[int]]]:
        out: list[tuple[str | None, list[int]]] = []
        for m in msgs:
            if out and out[-1][0] == m.time:
                out[-1][1].append(m.lineno)
            else:
                out.append((m.time, [m.lineno]))
        return [(t, sorted(ns)) for t, ns in out]

    assert by_minute(a) == by_minute(b)  # the same minutes, the same messages in each
    for msgs in (a, b):  # each chat's own order is kept
        for k in range(len(threads)):
            mine = [m.lineno for m in msgs if m.speaker == f"p{k}"]
            assert mine == sorted(mine)
    # within a minute, the chats come in the order given
    rank = {k: r for r, k in enumerate(order)}
    for t, _ns in by_minute(b):
        chats_at = [m.lineno // 100 for m in b if m.time == t]
        firsts = list(dict.fromkeys(chats_at))
        assert firsts == sorted(firsts, key=lambda k: rank[k])
