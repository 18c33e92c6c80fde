"""The plain reader's one-match fast path (``[HH:MM] name: text`` and ``[HH:MM:SS] name:
text`` with a known name) reads every line exactly as the general path does, and shares
the roster's speaker strings and one string per distinct time."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from adjudicator.chatlog import ChatLine, forget_readings, plain, read_chat

NAMES = ["たろう", "はなこ", "Mei", "Mei Chan", "佐藤 一郎"]
STAMPS = ["[21:03]", "[21:03:07]", "[00:00:00]", "[23:59:59]", "[24:00:00]", "[21:60:00]",
          "[21:03:60]", "[9:03:07]", "[21:03:07 PM]", "[21:03:7]", "[21:03]:", "[2103]"]
PIECES = [*NAMES, "じろう", " ", "\u3000", "\t", ":", "：", "://", "予想@はなこ 3万", "x", "", "、"]
LINE = st.builds(lambda stamp, parts: stamp + "".join(parts), st.sampled_from(STAMPS),
                 st.lists(st.sampled_from(PIECES), max_size=6))
#: lines the fast path leaves to the general one: blank, indented, continuations, other
#: shapes, a name with odd blanks; each also decides what the next fast line must forget
OTHER = st.sampled_from(["", " ", "\u3000", "続きの行", "  [21:03] たろう: 字下げ", "\t[21:03:07] Mei: x",
                         "たろう: 時刻なし", "21:03 はなこ 本文", "[21:03]  : x", "[21:03] \u2003たろう: x",
                         "[21:03] @たろう: x", "[21:03] 12: x", "[21:03]", "\x0b", "\x85", "\u2028"])
#: a line of the fast shape itself (a valid time, a known name, a colon)
FAST = st.builds("{} {}{}{}".format, st.sampled_from(STAMPS[:4]), st.sampled_from(NAMES),
                 st.sampled_from([":", "：", " :", ": ", ":\u3000", "://"]),
                 st.sampled_from(PIECES))
TEXT = st.lists(st.one_of(FAST, LINE, OTHER), min_size=1, max_size=14).map("\n".join)


def _read(text: str, monkeypatch: pytest.MonkeyPatch | None = None) -> list[object]:
    forget_readings()
    if monkeypatch is not None:
        monkeypatch.setattr(plain, "RE_PLAIN_EVERY", None)
    try:
        reading = read_chat(text, "t.txt", fmt="plain", names=NAMES)
    except Exception as e:  # the same refusal either way
        return [("error", type(e).__name__, str(e))]
    return [*reading.messages, ("guesses", tuple(reading.guesses))]  # ChatLine: every field


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXT)
@example("続き\n[21:03] たろう: a")  # a continuation with no message above: refused
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


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("[]0129:： \t\u3000\n\r\x0b\x85\u2028たろうMei/x"), max_size=60))
def test_the_whole_text_match_gives_each_line_once_in_order(text: str) -> None:
    """``RE_PLAIN_EVERY`` gives exactly one row a ``\\n``-separated line, the line itself
    first (the fast path numbers lines by this): no line separator but LF counts."""
    assert plain.RE_PLAIN_EVERY is not None
    rows = plain.RE_PLAIN_EVERY.findall(text)
    assert [r[0] for r in rows] == text.split("\n")
    for line, stamp, who, rest in rows:
        fast = re.fullmatch(plain.PLAIN_FAST, line)
        assert (stamp, who, rest) == (fast.groups() if fast else ("", "", ""))


def test_a_fast_message_is_the_message_its_constructor_makes() -> None:
    """The fast path fills a ChatLine slot by slot: every slot, as the constructor does."""
    forget_readings()
    fast = read_chat("[21:03:07] たろう: 投票@じろう\n", "t.txt", fmt="plain", names=["たろう"])
    msg = fast.messages[0]
    assert all(hasattr(msg, name) for name in ChatLine.__slots__)
    assert msg == ChatLine("t.txt", 1, "たろう", "投票@じろう", "[21:03:07] たろう: 投票@じろう",
                           None, "21:03:07")
    assert type(msg) is ChatLine and repr(msg) == repr(ChatLine(**{
        name: getattr(msg, name) for name in ChatLine.__slots__}))
