"""The plain reader's one-match fast path (``[HH:MM] name: text`` and ``[HH:MM:SS] name:
text`` with a known name) reads every line exactly as the general path does, and shares
the roster's speaker strings and one string per distinct time."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.chatlog import forget_readings, plain, read_chat

NAMES = ["たろう", "はなこ", "Mei", "Mei Chan", "佐藤 一郎"]
STAMPS = ["[21:03]", "[21:03:07]", "[00:00:00]", "[23:59:59]", "[24:00:00]", "[21:60:00]",
          "[21:03:60]", "[9:03:07]", "[21:03:07 PM]", "[21:03:7]", "[21:03]:", "[2103]"]
PIECES = [*NAMES, "じろう", " ", "\u3000", "\t", ":", "：", "://", "予想@はなこ 3万", "x", "", "、"]
LINE = st.builds(lambda stamp, parts: stamp + "".join(parts), st.sampled_from(STAMPS),
                 st.lists(st.sampled_from(PIECES), max_size=6))
TEXT = st.lists(LINE, min_size=1, max_size=12).map("\n".join)


def _read(text: str, monkeypatch: pytest.MonkeyPatch | None = None) -> list[tuple[object, ...]]:
    forget_readings()
    if monkeypatch is not None:
        monkeypatch.setattr(plain, "RE_PLAIN_FAST", re.compile(r"(?!)"))
    try:
        reading = read_chat(text, "t.txt", fmt="plain", names=NAMES)
    except Exception as e:  # the same refusal either way
        return [("error", type(e).__name__, str(e))]
    return [(m.lineno, m.end, m.speaker, m.text, m.raw, m.date, m.time)
            for m in reading.messages] + [("guesses", tuple(reading.guesses))]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXT)
def test_fast_path_reads_as_the_general_path(text: str) -> None:
    fast = _read(text)
    with pytest.MonkeyPatch.context() as mp:
        general = _read(text, mp)
    assert fast == general


def test_seconds_take_the_fast_path_and_share_strings(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "\n".join(f"[20:{i % 60:02d}:{i * 7 % 60:02d}] {NAMES[i % 2]}: 投票@じろう {i}"
                     for i in range(600))
    calls = []
    real = plain.plain_shape
    monkeypatch.setattr(plain, "plain_shape", lambda *a: calls.append(a) or real(*a))
    names = ["".join(n) for n in NAMES]  # fresh strings: shared means these very objects
    forget_readings()
    msgs = read_chat(text, "t.txt", fmt="plain", names=names).messages
    assert calls == []  # every line took the fast path
    assert [m.time for m in msgs[:3]] == ["20:00:00", "20:01:07", "20:02:14"]
    assert all(m.speaker is names[i % 2] for i, m in enumerate(msgs))
    assert msgs[0].time is msgs[60].time  # one string per distinct time
    assert len({id(m.time) for m in msgs}) == len({m.time for m in msgs})


def test_every_reader_path_shares_speaker_and_time_strings() -> None:
    forget_readings()
    plain_text = "\n".join(f"21:0{i % 10} {['じろう', 'たろう'][i % 2]} 本文{i}" for i in range(40))
    line_text = "[LINE] 村のトーク履歴\n2026/03/01(日)\n" + "\n".join(
        f"21:0{i % 10}\t{['じろう', 'はなこ'][i % 2]}\t本文{i}" for i in range(40))
    for text, fmt in ((plain_text, "plain"), (line_text, "line")):
        msgs = read_chat(text, "t.txt", fmt=fmt, names=["たろう"]).messages
        assert len(msgs) == 40
        assert len({id(m.speaker) for m in msgs}) == len({m.speaker for m in msgs}) == 2
        assert len({id(m.time) for m in msgs}) == len({m.time for m in msgs}) == 10
