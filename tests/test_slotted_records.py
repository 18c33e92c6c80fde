"""The classes written on ``adjudicator.slots`` (for start-up: no dataclass definition
at import) behave as the dataclasses they replaced: the same fields in the same order
with the same defaults, positional and keyword construction, equality, hash (frozen),
``repr``, frozenness, a fresh list or dict for each defaulted container, copies and
pickles."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from dataclasses import field
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.engine import Game, PhaseRefusal
from adjudicator.games.base import Candidate, Emitter, PhaseInput, Progress
from adjudicator.replacement import Replacement, Seats
from adjudicator.views import View

_list, _dict = object(), object()  # field(default_factory=list / dict)
#: class -> (frozen, the dataclass fields it had: (name, default)); the first
#: REQUIRED[cls] have none
DEFINITIONS: dict[type, tuple[bool, list[tuple[str, Any]]]] = {
    Candidate: (True, [("ref", None), ("actor", None), ("action", None), ("by_gm", False),
                       ("order", 0)]),
    Progress: (True, [("label", None), ("waiting", ()), ("done", ()), ("optional", False),
                      ("post_label", None), ("suffix", "さん"), ("note", "")]),
    Emitter: (False, [("state", None), ("evolve", None), ("rng", None), ("phase", None),
                      ("events", _list), ("diagnostics", _list), ("refusals", _list)]),
    PhaseInput: (False, [("id", None), ("actions", None), ("directives", None),
                         ("extra_logs", None), ("lines", None)]),
    Replacement: (True, [("phase", None), ("seat", None), ("old", None), ("new", None),
                         ("source", None)]),
    Seats: (False, [("phase", None), ("base", None), ("roster", None), ("holders", _dict),
                    ("earlier", _list), ("here", _list), ("problems", _list),
                    ("refused", _dict)]),
    View: (True, [("kind", None), ("player", None)]),
    Game: (False, [("root", None), ("cfg", None), ("variant", None), ("phases", _list),
                   ("states", _list), ("initial", None), ("diagnostics", _list)]),
    PhaseRefusal: (True, [("kind", None), ("phase", None), ("variant", None), ("order", ()),
                          ("next", ""), ("extra", ())]),
}
#: fields with no default (the rest default as listed)
REQUIRED = {Candidate: 3, Progress: 1, Emitter: 4, PhaseInput: 5, Replacement: 5, Seats: 3,
            View: 1, Game: 3, PhaseRefusal: 3}


def _reference(cls: type) -> type:
    """The dataclass ``cls`` was, under the same name."""
    frozen, fields = DEFINITIONS[cls]
    spec = []
    for i, (name, default) in enumerate(fields):
        if i < REQUIRED[cls]:
            spec.append((name, Any))
        else:
            made = (field(default_factory=list) if default is _list else
                    field(default_factory=dict) if default is _dict else field(default=default))
            spec.append((name, Any, made))
    ref = dataclasses.make_dataclass(cls.__name__, spec, frozen=frozen)
    ref.__qualname__ = cls.__qualname__
    return ref


_values = st.one_of(st.none(), st.integers(-3, 3), st.text(max_size=3),
                    st.tuples(st.integers(0, 2)), st.booleans())


@pytest.mark.parametrize("cls", list(DEFINITIONS), ids=lambda c: c.__name__)
def test_fields_and_defaults(cls: type) -> None:
    ref = _reference(cls)
    names = [f.name for f in dataclasses.fields(ref)]
    assert list(cls.__slots__) == names
    need = REQUIRED[cls]
    a, b = cls(*range(need)), ref(*range(need))
    assert repr(a) == repr(b)
    for name in names[need:]:
        assert getattr(a, name) == getattr(b, name)
    if any(d is _list or d is _dict for _n, d in DEFINITIONS[cls][1]):
        c = cls(*range(need))
        for name in names[need:]:
            value = getattr(a, name)
            if isinstance(value, (list, dict)):
                assert value is not getattr(c, name), "a fresh container each"


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_behaves_as_the_dataclass(data: st.DataObject) -> None:
    cls = data.draw(st.sampled_from(list(DEFINITIONS)))
    ref = _reference(cls)
    n = len(cls.__slots__)
    k = data.draw(st.integers(REQUIRED[cls], n))
    one = data.draw(st.lists(_values, min_size=k, max_size=k))
    two = data.draw(st.lists(_values, min_size=k, max_size=k))
    kw = data.draw(st.booleans())
    names = list(cls.__slots__)

    def make(c: type, vals: list[Any]) -> Any:
        return c(**dict(zip(names, vals, strict=False))) if kw else c(*vals)

    a1, a2, r1, r2 = make(cls, one), make(cls, two), make(ref, one), make(ref, two)
    assert repr(a1) == repr(r1)
    assert (a1 == a2) == (r1 == r2)
    assert (a1 != a2) == (r1 != r2)
    assert a1 == make(cls, one)
    assert copy.copy(a1) == a1 and copy.deepcopy(a1) == a1
    assert pickle.loads(pickle.dumps(a1)) == a1
    assert a1 != r1 and a1 != object()  # another class is never equal
    frozen = DEFINITIONS[cls][0]
    if frozen:
        assert hash(a1) == hash(r1)
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(a1, names[0], 1)
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(a1, names[0])
    else:
        with pytest.raises(TypeError):
            hash(a1)
        setattr(a1, names[0], "x")
        setattr(r1, names[0], "x")
        assert repr(a1) == repr(r1)
