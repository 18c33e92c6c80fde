"""``jsonfast``'s writer for long arrays of same-shaped objects (the messages of ``read
--json``, the line records of ``resolve --json``) writes exactly what ``json.dumps(obj,
ensure_ascii=False, indent=2)`` writes, and leaves anything else to the other paths."""

from __future__ import annotations

import enum
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import jsonfast

TRICKY = st.sampled_from(["", "}", "{", "},\n      {", '"', "\\", "\n", "\t", "\x00", "\x7f",
                          "\u2028", "日本語", "😀", "[{", "}]", ": ", ","])
TEXT = st.one_of(st.text(max_size=6), TRICKY)
VALUE = st.one_of(st.none(), st.booleans(), st.integers(), TEXT)
KEYS = st.lists(TEXT, min_size=1, max_size=5, unique=True)


def _std(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, indent=2)


@settings(max_examples=40, deadline=None)
@given(KEYS, st.lists(VALUE, min_size=1, max_size=40), st.integers(0, 3))
def test_same_shape_rows_equal_the_standard_library(keys: list[str], values: list[Any],
                                                     depth: int) -> None:
    # 1,000 objects or more take the row writer; values cycle through the drawn ones, so
    # one key sees strings, ints, None and bools in turn
    rows = [{k: values[(i * 7 + j) % len(values)] for j, k in enumerate(keys)}
            for i in range(1_200)]
    doc: Any = rows
    for _ in range(depth):
        doc = {"messages": doc, "n": len(rows)}
    assert jsonfast.dumps(doc) == _std(doc)


@settings(max_examples=20, deadline=None)
@given(KEYS, st.integers(0, 1_199), st.sampled_from(["float", "nan", "enum", "strsub",
                                                       "nested", "keys", "order", "list"]))
def test_an_odd_row_falls_back_and_still_equals(keys: list[str], at: int, odd: str) -> None:
    class Level(enum.IntEnum):
        HIGH = 3

    class Name(str):
        pass

    rows: list[Any] = [{k: f"v{i}" if j % 2 else i for j, k in enumerate(keys)}
                       for i in range(1_200)]
    first = keys[0]
    bad: Any = {"float": 1.5, "nan": float("nan"), "enum": Level.HIGH, "strsub": Name("x"),
                "nested": {"a": 1}}.get(odd)
    if odd == "keys":
        rows[at] = {**rows[at], "extra": 1}
    elif odd == "order":
        rows[at] = dict(reversed(list(rows[at].items())))
    elif odd == "list":
        rows[at] = [1, 2]
    else:
        rows[at] = {**rows[at], first: bad}
    assert jsonfast.dumps(rows) == _std(rows)
    assert jsonfast.dumps({"rows": rows}) == _std({"rows": rows})


def test_messages_of_a_reading_equal_the_standard_library() -> None:
    rows = [{"line": i, "end": i, "speaker": "はなこ" if i % 3 else "", "system": i % 3 == 0,
             "date": None if i % 5 else "2026-03-09", "time": f"20:{i % 60:02d}",
             "text": f"こんにちは <{i}> \"quoted\"\n\\", "raw": f"20:00\tはなこ\t{i}"}
            for i in range(2_500)]
    doc = {"source": "x", "messages": rows, "skipped": []}
    assert jsonfast.dumps(doc) == _std(doc)
    assert "".join(jsonfast.pieces(doc)) == _std(doc)
