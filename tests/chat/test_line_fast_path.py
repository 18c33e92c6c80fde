"""The LINE phone reader's one-match fast path (``HH:MM<TAB>name<TAB>text``) reads every
log exactly as the general path does (messages, skipped lines, guesses, date order)."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.chatlog import forget_readings, line_phone, read_chat
from adjudicator.chatlog.base import RE_SYSTEM_EN_HINT

STAMPS = ["21:03", "09:00", "23:59", "24:10", "25:00", "9:03", "21:60", "午後9:03", "21:03:07",
          "9:03 PM", "", "12:00 AM", "12:30 PM", "0:05 AM", "13:05 PM", "00:30 AM", "午前0:15",
          "午後12:01", "午後13:00", "午前 9:03", "9:03 am", "9:03PM", "24:00 AM", "午後9:60"]
#: every word system_who's English hint looks for, in a line of spaces
HINTS = [f"Taro {w} the group" for w in re.findall(r"[a-z]+", RE_SYSTEM_EN_HINT.pattern)]
NAMES = ["たろう", "はなこ", "", " ", "佐藤 一郎", "たろう\t", "Taro"]
TEXTS = ["予想@はなこ 3万", "おはよう", "", " ", "た", "。", "きました", "ました。", '"引用',
         '"一行目', '二行目"', '""', "☎ 通話", "📞", "たろうがメッセージの送信を取り消しました",
         "たろうが参加しました", "x y", "a\tb", "[スタンプ]", "ok", "草", "Taro unsent a message.",
         "x ", " x", "予想 3万", "Group call started", "Missed call", "Canceled call",
         "Call time 1:02", "unsent a message", "Taro joined the group.", "a b c", "x　y",
         "今日 は 晴れ た", "☎ x y", '"a b', *HINTS]
LINE = st.one_of(
    st.builds(lambda t, n, x: f"{t}\t{n}\t{x}", st.sampled_from(STAMPS), st.sampled_from(NAMES),
              st.sampled_from(TEXTS)),
    st.builds(lambda t, x: f"{t}\t{x}", st.sampled_from(STAMPS), st.sampled_from(TEXTS)),
    st.sampled_from(["2026/03/01(日)", "2026/03/02(月)", "", "続きの行", ' 字下げ"', "\t21:03\tたろう\tx"]),
)
HEAD = ["[LINE] 村のトーク履歴", "保存日時：2026/03/09 23:10", "", "2026/03/01(日)"]
TEXT = st.lists(LINE, max_size=14).map(lambda ls: "\n".join([*HEAD, *ls]))


def _read(text: str) -> object:
    forget_readings()
    try:
        r = read_chat(text, "t.txt", fmt="line", names=["たろう", "佐藤 一郎"])
    except Exception as e:  # the same refusal either way
        return ("error", type(e).__name__, str(e))
    return ([(m.lineno, m.end, m.speaker, m.text, m.raw, m.date, m.time, m.edited)
             for m in r.messages], r.skipped, r.guesses, r.date_order, r.date_order_why)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXT)
def test_fast_path_reads_as_the_general_path(text: str) -> None:
    fast = _read(text)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(line_phone, "RE_LINE_FAST", re.compile(r"(?!)"))
        general = _read(text)
    assert fast == general


def test_common_lines_take_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "\n".join([*HEAD, *(f"21:{i % 60:02d}\tたろう\t本文{i}" for i in range(100))])
    calls: list[str] = []
    real = line_phone._split
    monkeypatch.setattr(line_phone, "_split", lambda m, t: calls.append(m[0]) or real(m, t))
    forget_readings()
    msgs = read_chat(text, "t.txt", fmt="line").messages
    assert len(msgs) == 100 and calls == []
    assert msgs[5].time == "21:05" and msgs[5].date == "2026-03-01"
