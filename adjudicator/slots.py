"""Plain slotted records that behave as the dataclasses they replace.

``@dataclass`` writes each class's ``__init__``, ``__repr__``, ``__eq__`` (and, frozen,
``__setattr__``, ``__delattr__``, ``__hash__``) as source text and ``exec``s it when the
class is defined: about 3 M instructions a class, 0.6 ms, at every start, for classes
such as ``games.base.Candidate`` that a run makes a few hundred of.  A class built on
these bases writes its ``__init__`` by hand (object stores, as a frozen dataclass's
generated one does) and lists its fields in ``__slots__``, in the dataclass's order;
the bases give what the dataclass gave:

- ``__eq__``: the same class and equal field tuples (``NotImplemented`` otherwise);
- ``__repr__``: ``Name(field=value!r, ...)``, the dataclass's text;
- ``Record``: unhashable, as a dataclass with ``eq`` and not ``frozen``;
- ``Frozen``: a field set or deleted raises ``dataclasses.FrozenInstanceError``, and the
  hash is the hash of the field tuple, as ``frozen=True`` made them;
- ``copy.copy``, ``copy.deepcopy`` and ``pickle`` give an equal record.

``tests/test_slotted_records.py`` holds each such class equal to its dataclass
definition (fields and defaults, equality, hash, repr, frozenness).
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any


class Record:
    __slots__: tuple[str, ...] = ()

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, k) for k in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._fields() == other._fields()  # type: ignore[attr-defined]
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={getattr(self, k)!r}" for k in self.__slots__)
        return f"{type(self).__qualname__}({fields})"

    def __setstate__(self, state: Any) -> None:
        """``copy`` and ``pickle`` restore the fields (past a frozen ``__setattr__``)."""
        _, fields = state if isinstance(state, tuple) else (state, None)
        for k, v in (fields or {}).items():
            object.__setattr__(self, k, v)


class Frozen(Record):
    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(self._fields())


#: a frozen record's ``__init__`` stores its fields with this
store = object.__setattr__


class _Fresh:
    def __repr__(self) -> str:
        return "FRESH"


#: the default of a field whose dataclass default was ``field(default_factory=...)``:
#: ``__init__`` makes a new container for it (an explicit None stays None, as there)
FRESH: Any = _Fresh()
