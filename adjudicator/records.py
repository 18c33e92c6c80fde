"""A phase's line records as the reader leaves them, and the cheap views of them.

Most of a long log is chatter, and after reading only the other lines matter: the ledger
lists them, the JSON exports them, a notice quotes one.  ``PhaseRecords`` is the list
of a phase's records that the reader builds (a plain ``list`` to everyone else) and that
also knows which positions the reader's slow path wrote (every line that is not chatter
is among them) and whether every reference is unique, so that the views below do not
walk every chatter record again.  Any other list (a test's, a ``PhaseResult``'s copy)
gets the same answers the general way.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .models import LineRecord

DISPOSITIONS = ("accepted", "rejected", "superseded", "gm", "chatter")


class PhaseRecords(list[LineRecord]):
    """A phase's records in line order.  ``written`` holds, in order, the positions the
    reader's general path wrote (``PhaseReader._record``): a record elsewhere is chatter
    made by the fast path, and a later change of disposition (superseded, refused) is made
    in place.  ``unique`` is False when two records may share a reference (the lines'
    numbers did not increase), and then the views take the general way.  ``threads``
    holds each line's thread when the phase came as several chats (else it is empty:
    every line is the village's)."""

    __slots__ = ("written", "unique", "threads")

    def __init__(self) -> None:
        super().__init__()
        self.written: list[int] = []
        self.unique = True
        #: ref -> the thread of a line of a phase that came as several chats (input.thread)
        self.threads: dict[str, Any] = {}  # chatlog.Thread


def not_chatter(lines: Sequence[LineRecord]) -> list[LineRecord]:
    """The records that are not chatter, in order (the ledger's and the JSON's lines)."""
    if isinstance(lines, PhaseRecords):
        return [r for i in lines.written if (r := lines[i]).disposition != "chatter"]
    return [r for r in lines if r.disposition != "chatter"]


def line_counts(lines: Sequence[LineRecord], listed: Sequence[LineRecord] | None = None
                ) -> dict[str, int]:
    """How many records have each disposition (every key present, in the JSON's order).
    ``listed`` is ``not_chatter(lines)`` when the caller has it: the chatter count is then
    what is left, and the chatter records are not walked."""
    counts = dict.fromkeys(DISPOSITIONS, 0)
    if listed is None:
        for rec in lines:
            counts[rec.disposition] += 1
        return counts
    for rec in listed:
        counts[rec.disposition] += 1
    counts["chatter"] = len(lines) - len(listed)
    return counts


class Heard(Mapping[str, LineRecord]):
    """``{rec.ref: rec for rec in lines}`` (the last record of a reference wins), for a
    notice to quote a player's own line.  The records that are not chatter are indexed
    first: a notice asks for a line an event cites, nearly always one of those.  When the
    references are unique that index answers a hit exactly; a miss, or a list that may
    repeat a reference, is answered from the whole mapping, built then and kept."""

    __slots__ = ("_lines", "_index", "_full")

    def __init__(self, lines: Sequence[LineRecord]) -> None:
        self._lines = lines
        self._full: dict[str, LineRecord] | None = None
        self._index: dict[str, LineRecord] = {}
        if isinstance(lines, PhaseRecords) and lines.unique:
            self._index = {r.ref: r for r in not_chatter(lines)}
        else:
            self._full = {r.ref: r for r in lines}

    def _whole(self) -> dict[str, LineRecord]:
        if self._full is None:
            self._full = {r.ref: r for r in self._lines}
        return self._full

    def __getitem__(self, ref: str) -> LineRecord:
        hit = self._index.get(ref)
        return hit if hit is not None else self._whole()[ref]

    def get(self, ref: str, default: Any = None) -> Any:
        hit = self._index.get(ref)
        return hit if hit is not None else self._whole().get(ref, default)

    def __contains__(self, ref: object) -> bool:
        return ref in self._index or ref in self._whole()

    def __iter__(self) -> Iterator[str]:
        return iter(self._whole())

    def __len__(self) -> int:
        return len(self._whole())
