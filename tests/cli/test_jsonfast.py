"""``adjudicator.jsonfast`` writes exactly what ``json.dumps(obj, ensure_ascii=False,
indent=2)`` writes, on any JSON data (and falls back to it on anything else)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import jsonfast

TRICKY = st.sampled_from(["", "}", "{", "},\n      {", '"', "\\", "\n", "\t", "\x00", "\x7f",
                          "\u2028", "日本語", "😀", "[{", "}]", ": ", ","])
TEXT = st.one_of(st.text(max_size=8), TRICKY, st.lists(TRICKY, max_size=4).map("".join))
SCALAR = st.one_of(st.none(), st.booleans(), st.integers(), TEXT,
                   st.floats(allow_nan=True, allow_infinity=True))
FLAT_OBJ = st.dictionaries(TEXT, SCALAR, min_size=1, max_size=5)
JSON = st.recursive(
    st.one_of(SCALAR, FLAT_OBJ, st.lists(FLAT_OBJ, max_size=4)),
    lambda kids: st.one_of(st.lists(kids, max_size=4), st.dictionaries(TEXT, kids, max_size=4),
                           st.tuples(kids, kids)),
    max_leaves=30)


def _std(obj: Any, indent: int = 2) -> str:
    return json.dumps(obj, ensure_ascii=False, indent=indent)


@settings(max_examples=400, deadline=None)
@given(JSON, st.sampled_from([2, 4, 0]))
def test_same_bytes_as_the_standard_library(obj: Any, indent: int) -> None:
    assert jsonfast.dumps(obj, indent) == _std(obj, indent)
    assert "".join(jsonfast.pieces(obj, indent)) == _std(obj, indent)


def test_arrays_of_flat_objects_take_the_one_call_path() -> None:
    msgs = [{"line": i, "text": "},\n      {" + str(i), "date": None, "ok": i % 2 == 0}
            for i in range(50)]
    doc = {"source": "x", "messages": msgs, "skipped": [], "nested": [msgs[:2], {}]}
    out = jsonfast.pieces(doc)
    assert "".join(out) == _std(doc)
    assert len(out) < 20  # not a piece per value: the array was written in one call


def test_other_data_falls_back_to_the_standard_library() -> None:
    for odd in ({1: "int key"}, {"k": {2.5: [1]}}, [{"a": 1}, {True: 2}], {"s": {"set"}}):
        try:
            want = _std(odd)
        except TypeError:
            try:
                jsonfast.dumps(odd)
            except TypeError:
                continue
            raise AssertionError("a TypeError was expected") from None
        assert jsonfast.dumps(odd) == want


@settings(max_examples=150, deadline=None)
@given(st.lists(FLAT_OBJ, min_size=1, max_size=9), st.lists(JSON, max_size=3))
def test_arrays_written_a_chunk_at_a_time(objs: list[dict[str, Any]], more: list[Any]) -> None:
    import pytest

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(jsonfast, "_CHUNK", 2)
        for doc in (objs, {"a": objs, "b": [*objs, *more]}, [objs, {}]):
            assert jsonfast.dumps(doc) == _std(doc)
