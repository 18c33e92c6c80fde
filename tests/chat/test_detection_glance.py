"""Detection looks at a sample cheaply before it tries LINE's, LINE for PC's and
Discord's sniffs (``Reader.glance``): each glance only skips a sniff that could not take
the sample, so any text is detected as the same format with the glances as without
them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from adjudicator import chatlog
from adjudicator.chatlog import find_reader
from adjudicator.errors import ChatFormatError

from .test_properties import PIECES

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
#: the glances' edges: each first character a LINE date line may start with, tabs, em
#: dashes, LINE's header words, and lines that only resemble them
EDGES = [
    "2026/03/01(日)", "０３/０１/２０２６", "日曜日, 2026/03/01", "Sun, 03/01/2026", "March 1, 2026",
    "1 Mar 2026", "  2026/03/01", "\u3000土 2026/03/01", "[2026/03/01]", "保存日時：2026/03/01 23:10",
    "保存日時 ： x", "Saved on : x", "Chat history with 村", "村のトーク履歴", "x とのトーク履歴",
    "[LINE] 村", " [LINE] 村", "[LINE]", "21:03\tたろう\tx", "たろう\tx", "\t", "たろう — 今日 21:03",
    "— 21:03", "たろう —", "[21:03] たろう: 明日 — 21:00", "[21:03:07] たろう: x", "[25:00] たろう: x",
    "たろう: x", "Mei: x", "月: x", "GM: x", "@たろう x", "x", "", " ",
]
SAMPLE_TEXT = st.lists(st.sampled_from(EDGES + PIECES), min_size=1, max_size=14).map("\n".join)


def _detect(text: str) -> str:
    try:
        return find_reader(text, "t.txt").name
    except ChatFormatError as e:
        return f"error: {e}"


def _detect_without_glances(text: str) -> str:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(chatlog, "READERS", tuple(replace(r, glance=None) for r in chatlog.READERS))
        return _detect(text)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(SAMPLE_TEXT, st.text(max_size=80)))
@example("[21:03] たろう: x\n21:04\tはなこ\ty")  # LINE: a tab line under a plain one
@example("x のトーク履歴\n[21:03] たろう: x")  # LINE: the header's own words
@example("[21:03] たろう: x\n日曜日, 2026/03/01\n午後9:05 たろう x")  # LINE for PC: each
@example("[21:03] たろう: x\n土 2026/03/01\n午後9:05 たろう x")  # first character a date
@example("[21:03] たろう: x\n Sun, 03/01/2026\n오후 9:05 Taro x")  # line may start with,
@example("[21:03] たろう: x\n０３/０１/２０２６\n午前9:05 たろう x")  # under a message line
@example("[21:03] x\n\n\nたろう — 今日 21:03\nx\nはなこ — 今日 21:04\ny")  # Discord, late
def test_the_glances_never_change_the_format_detected(text: str) -> None:
    assert _detect(text) == _detect_without_glances(text)


def test_every_fixture_log_is_detected_as_before() -> None:
    paths = sorted(p for p in FIXTURES.rglob("*") if p.is_file()
                   and p.suffix in (".txt", ".csv", ".json") and p.parent.name in ("logs", "chat"))
    assert len(paths) > 40
    for path in paths:
        text = chatlog.decode(path.read_bytes(), str(path))
        assert _detect(text) == _detect_without_glances(text), path
