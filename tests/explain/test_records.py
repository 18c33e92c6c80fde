"""``Event`` and ``PhaseResult`` are plain slotted records, not pydantic models (start-up:
docs/development.md "Speed"): they must behave as the models did for every caller —
keyword construction with the same defaults and copies, frozen fields, equality, the
``repr``, ``model_copy`` and ``model_dump``.  Each is held here to a pydantic model of the
same fields (the model they were), over generated values."""

from __future__ import annotations

from typing import Any, Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, Field

from adjudicator.models import Diagnostic, Event, LineRecord, PhaseResult


class ModelEvent(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str
    rule: str
    cause: str
    audience: Literal["public", "player", "gm"] = "gm"
    to: str | None = None
    player: str | None = None
    target: str | None = None
    amount: int | None = None
    data: dict[str, Any] = Field(default_factory=dict)
    gm_only: tuple[str, ...] = ()
    known_rule: str | None = None


class ModelPhase(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    deaths: list[str] = []
    executed: str | None = None
    public_post: str = ""
    private: dict[str, list[str]] = {}
    ledger: str = ""
    events: list[Any] = []
    diagnostics: list[Diagnostic] = []
    lines: list[LineRecord] = []
    threads: dict[str, Any] = {}  # ref -> chatlog.Thread (a phase of several chats)


text = st.text(max_size=6)
maybe = st.none() | text
values = st.recursive(st.none() | st.integers() | text | st.booleans(),
                      lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(text, inner, max_size=3), max_leaves=6)
event_fields = st.fixed_dictionaries(
    {"kind": text, "rule": text, "cause": text},
    optional={"audience": st.sampled_from(["public", "player", "gm"]), "to": maybe,
              "player": maybe, "target": maybe, "amount": st.none() | st.integers(),
              "data": st.dictionaries(text, values, max_size=4),
              "gm_only": st.lists(text, max_size=3).map(tuple) | st.lists(text, max_size=3),
              "known_rule": maybe})


def _same_fields(record: Any, model: BaseModel) -> None:
    for k in record.__slots__:
        a, b = getattr(record, k), getattr(model, k)
        assert a == b and type(a) is type(b), k


@given(event_fields)
def test_an_event_is_what_the_model_was(fields: dict[str, Any]) -> None:
    ev, model = Event(**fields), ModelEvent(**fields)
    _same_fields(ev, model)
    assert repr(ev) == repr(model).replace("ModelEvent", "Event")
    assert ev.model_dump() == model.model_dump()
    assert ev.flat() == Event(**model.model_dump()).flat()
    if "data" in fields:  # a copy, as the model's validation made
        assert ev.data is not fields["data"]
    assert ev == Event(**fields) and ev != ModelEvent(**fields)
    known = ev.known()
    assert known.data == {k: v for k, v in ev.data.items() if k not in ev.gm_only}
    changed = ev.model_copy(update={"rule": "x", "to": None})
    assert (changed.rule, changed.to, changed.kind) == ("x", None, ev.kind)
    assert changed.data is ev.data  # shallow, as pydantic's model_copy


@given(st.fixed_dictionaries({"id": text}, optional={
    "deaths": st.lists(text, max_size=3), "executed": maybe, "public_post": text,
    "private": st.dictionaries(text, st.lists(text, max_size=2), max_size=3),
    "ledger": text}))
def test_a_phase_result_is_what_the_model_was(fields: dict[str, Any]) -> None:
    ev = Event(kind="k", rule="r", cause="c")
    diag = Diagnostic(level="info", code="c", source="s", message="m")
    line = LineRecord(ref="logs/day1.txt:1", speaker="a", text="t")
    full = {**fields, "events": [ev], "diagnostics": [diag], "lines": [line]}
    ph, model = PhaseResult(**full), ModelPhase(**full)
    _same_fields(ph, model)
    assert repr(ph) == repr(model).replace("ModelPhase", "PhaseResult")
    for k in ("deaths", "events", "diagnostics", "lines"):  # copies, as validation made
        assert getattr(ph, k) is not full.get(k, None)
    assert all(ph.private[k] is not v for k, v in full.get("private", {}).items())
    assert ph.events[0] is ev and ph.lines[0] is line  # the items are kept
    assert ph == PhaseResult(**full)


def test_records_are_frozen_and_unhashable() -> None:
    ev = Event(kind="k", rule="r", cause="c")
    ph = PhaseResult(id="day1")
    for record, field in ((ev, "kind"), (ph, "ledger")):
        with pytest.raises(AttributeError):
            setattr(record, field, "x")
        with pytest.raises(AttributeError):
            delattr(record, field)
        with pytest.raises(TypeError):
            hash(record)
    with pytest.raises(AttributeError):
        ev.model_copy(update={"nope": 1})
    with pytest.raises(TypeError):
        Event("k", "r", "c")  # type: ignore[misc]  # keywords only, as the model
