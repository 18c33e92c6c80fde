"""``read --json`` writes its messages straight from the chat lines (``read_cli.
_message_rows``, a ``jsonfast.Rows``); the bytes equal ``json.dumps`` of the dicts
``reading_json`` builds, with and without a game's cast, at any indent and depth, and a
field of another type falls back to the general path."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import jsonfast
from adjudicator.chatlog import ChatLine, Reading, Skipped
from adjudicator.cli.read import Cast, reading_json
from adjudicator.errors import CommandError

TRICKY = st.sampled_from(["", "}", "{", "},\n      {", '"', "\\", "\n", "\t", "\x00", "\x7f",
                          "\u2028", "日本語", "😀", "[{", "}]", ": ", ",", "null", "%s"])
TEXT = st.one_of(st.text(max_size=8), TRICKY)
SPEAKER = st.sampled_from(["", "たろう", "Mei (=^_^=)", '"q"', "x\ny", "ghost"])
MAYBE = st.one_of(st.none(), st.sampled_from(["2026-03-01", "21:03", "21:03:07", "", "\\"]))
LINE = st.builds(
    lambda no, end, who, text, raw, date, time: ChatLine("src", no, who, text, raw, date,
                                                         time, end),
    st.integers(1, 10**7), st.one_of(st.just(0), st.integers(0, 10**7)), SPEAKER, TEXT, TEXT,
    MAYBE, MAYBE)


class _Roster:
    def resolve(self, name: str) -> str:
        if name == "ghost" or "\n" in name:
            raise CommandError(f"unknown {name}")
        return name


CAST = Cast(("たろう",), _Roster())


def _reading(msgs: list[ChatLine]) -> Reading:
    return Reading("src", "line", True, msgs, [Skipped(1, "[LINE] x", "header")], [],
                   "month-first", "")


def _both(r: Reading, cast: Cast | None, indent: int, depth: int) -> None:
    doc: Any = reading_json(r, cast, rows=True)
    want: Any = reading_json(r, cast)
    for _ in range(depth):
        doc, want = {"in": doc}, {"in": want}
    std = json.dumps(want, ensure_ascii=False, indent=indent)
    assert "".join(jsonfast.pieces(doc, indent)) == std
    assert jsonfast.dumps(doc, indent) == std


@settings(max_examples=150, deadline=None)
@given(st.lists(LINE, min_size=1, max_size=30), st.booleans(), st.sampled_from([2, 4, 0]),
       st.integers(0, 2))
def test_rows_equal_the_dicts(msgs: list[ChatLine], with_cast: bool, indent: int,
                              depth: int) -> None:
    _both(_reading(msgs), CAST if with_cast else None, indent, depth)


@settings(max_examples=10, deadline=None)
@given(st.lists(LINE, min_size=1, max_size=7), st.sampled_from([999, 1000, 1001, 2000, 2345]),
       st.booleans())
def test_long_arrays_written_a_piece_per_thousand(msgs: list[ChatLine], n: int,
                                                  with_cast: bool) -> None:
    _both(_reading([msgs[i % len(msgs)] for i in range(n)]), CAST if with_cast else None, 2, 0)


@settings(max_examples=40, deadline=None)
@given(st.lists(LINE, min_size=1, max_size=5), st.integers(0, 4),
       st.sampled_from(["lineno", "end", "speaker", "date", "time", "text", "raw"]),
       st.sampled_from([True, None, 7, 1.5, "s"]))
def test_a_field_of_another_type_falls_back(msgs: list[ChatLine], at: int, field: str,
                                            odd: Any) -> None:
    msgs = [ChatLine(m.source, m.lineno, m.speaker, m.text, m.raw, m.date, m.time, m.end)
            for m in msgs]
    setattr(msgs[at % len(msgs)], field, odd)
    _both(_reading(msgs), None, 2, 0)


def test_no_messages() -> None:
    _both(_reading([]), None, 2, 0)
    _both(_reading([]), CAST, 2, 1)
