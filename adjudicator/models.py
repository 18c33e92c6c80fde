"""The records the engine produces: events, diagnostics, line dispositions, phase results."""

# No ``from __future__ import annotations`` here: pydantic would evaluate each model
# field's annotation string (a compile and an eval apiece) as the models are defined at
# every start; written as objects they cost nothing (about 5 M instructions a derby run
# over these modules).

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from .slots import Record, store

Audience = Literal["public", "player", "gm"]
Disposition = Literal["accepted", "rejected", "superseded", "gm", "chatter"]
#: how a line was read, in the GM's words (ledger and report)
DISPOSITION_JA: dict[str, str] = {
    "accepted": "受理", "rejected": "却下", "superseded": "上書き", "gm": "GM", "chatter": "雑談",
}


def plain_value(v: Any) -> str:
    """An event's field as plain words: a list or a mapping joined with 、."""
    if isinstance(v, list):
        return "、".join(str(x) for x in v)
    if isinstance(v, dict):
        return "、".join(f"{a}:{b}" for a, b in v.items())
    return str(v)


class _Record(Record):
    """A plain slotted record, frozen, for the engine's hot objects (``Event``,
    ``PhaseResult``): made only by our own code, with the types annotated and checked
    by mypy, never validated from outside data and named by no JSON Schema (a test
    validates what the export writes against the contract's models:
    ``tests/test_export_contract.py``).  As pydantic models they cost two
    models' builds at every start and a validation per instance (1.3 % of the derby16
    fixture's instructions, ``docs/development.md`` "Speed"); the behaviour callers saw
    is kept: keyword construction,
    frozen fields, equality by type and fields, pydantic's ``repr`` and ``model_copy``
    (a shallow copy with some fields replaced, not validated, as pydantic's).  Equality
    (same class, equal fields), the ``repr`` (``Name(field=value, ...)``, the text
    pydantic's models gave too) and unhashability are ``slots.Record``'s; frozen here
    with pydantic's words (``model_copy``), not a dataclass's."""

    __slots__: tuple[str, ...] = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: use model_copy(update=...)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    def model_copy(self, *, update: dict[str, Any] | None = None) -> Any:
        """A shallow copy with ``update``'s fields replaced (not validated)."""
        new = object.__new__(type(self))
        for k in self.__slots__:
            _set(new, k, getattr(self, k))
        for k, v in (update or {}).items():
            if k not in self.__slots__:
                raise AttributeError(f"{type(self).__name__} has no field {k!r}")
            _set(new, k, v)
        return new


_set = store  # a frozen record's field, set past its __setattr__


class Event(_Record):
    """One change of state or one decision, citing its rule and its cause.

    ``cause`` is the chat line (``logs/night1.txt:12``), ``rng`` for a draw, or
    ``phase:<id>`` for what a phase does by itself.  ``audience`` says who may see it:
    ``public`` (the post), ``player`` (the notice of ``to``), ``gm`` (the ledger only).

    An event its audience may see can still hold a part they may not know: why
    something happened, when the reason is another player's secret (a 土遁 that stopped
    an invitation, the rope that took the invitee).  ``gm_only`` names those keys of
    ``data``; ``known_rule`` is the rule the audience may know, when ``rule`` is another
    player's ability.  :meth:`known` is the event as its audience may know it; every
    view but the GM's renders only that (``adjudicator.views``).

    A plain record (``_Record``), made by the rules through ``Emitter.emit``; ``data``
    is a copy of the mapping given and ``gm_only`` a tuple, as the pydantic model made
    them.
    """

    __slots__ = ("kind", "rule", "cause", "audience", "to", "player", "target", "amount",
                 "data", "gm_only", "known_rule")
    kind: str
    rule: str
    cause: str
    audience: Audience
    to: str | None
    player: str | None
    target: str | None
    amount: int | None
    data: dict[str, Any]
    gm_only: tuple[str, ...]
    known_rule: str | None

    def __init__(self, *, kind: str, rule: str, cause: str, audience: Audience = "gm",
                 to: str | None = None, player: str | None = None, target: str | None = None,
                 amount: int | None = None, data: dict[str, Any] | None = None,
                 gm_only: Iterable[str] = (), known_rule: str | None = None) -> None:
        _set(self, "kind", kind)
        _set(self, "rule", rule)
        _set(self, "cause", cause)
        _set(self, "audience", audience)
        _set(self, "to", to)
        _set(self, "player", player)
        _set(self, "target", target)
        _set(self, "amount", amount)
        _set(self, "data", {} if data is None else dict(data))
        _set(self, "gm_only", gm_only if type(gm_only) is tuple else tuple(gm_only))
        _set(self, "known_rule", known_rule)

    def model_dump(self) -> dict[str, Any]:
        """The fields as a dict (``data`` copied), as pydantic's ``model_dump``."""
        out = {k: getattr(self, k) for k in self.__slots__}
        out["data"] = dict(self.data)
        return out

    @property
    def has_secret(self) -> bool:
        return bool(self.gm_only) or self.known_rule is not None

    def known(self) -> "Event":
        """The event as its audience (not the GM) may know it: the ``gm_only`` data
        dropped, the rule they may know in place of ``rule``."""
        if not self.has_secret:
            return self
        return self.model_copy(update={
            "data": {k: v for k, v in self.data.items() if k not in self.gm_only},
            "rule": self.known_rule or self.rule, "gm_only": (), "known_rule": None})

    def summary(
        self, skip: Collection[str] = (), fmt: Callable[[Any], str] = str
    ) -> str:
        """One line for people: subject, → target, signed amount, then ``key=value``."""
        parts: list[str] = []
        if self.player:
            parts.append(self.player)
        if self.target:
            parts.append(f"→ {self.target}")
        if self.amount is not None:
            parts.append(f"{self.amount:+,}")
        parts.extend(f"{k}={fmt(v)}" for k, v in self.data.items() if k not in skip)
        return " ".join(parts)

    def flat(self) -> dict[str, Any]:
        """The JSON shape of DESIGN.md: kind, rule, cause, then the event's own fields."""
        out: dict[str, Any] = {"kind": self.kind, "rule": self.rule, "cause": self.cause}
        out["audience"] = self.audience
        for key in ("to", "player", "target", "amount"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        for key, value in self.data.items():
            out[key] = value
        if self.gm_only:
            out["gm_only"] = list(self.gm_only)
        if self.known_rule is not None:
            out["known_rule"] = self.known_rule
        return out


class Diagnostic(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    level: Literal["error", "warning", "info"]
    code: str
    source: str
    message: str
    speaker: str | None = None
    text: str | None = None
    reason_ja: str | None = None


@dataclass(slots=True)
class LineRecord:
    """How one input line was read: exactly one disposition per line.

    A slotted dataclass (pydantic validates it where it is exported): one is made per
    input line, and a pydantic model would dominate the cost of a 50,000-line log."""

    ref: str  # logs/night1.txt:12
    speaker: str
    text: str
    time: str | None = None
    disposition: Disposition = "chatter"
    action: str | None = None  # the action as read, in command form
    reason: str | None = None  # why rejected / superseded (Japanese, for the player)
    code: str | None = None


class PhaseResult(_Record):
    """What resolving one phase gave: its post, notices, ledger, events, diagnostics and
    every line's reading.  A plain record (``_Record``): the lists and the notices'
    mapping are copies of those given, as the pydantic model made them."""

    __slots__ = ("id", "deaths", "executed", "public_post", "private", "ledger", "events",
                 "diagnostics", "lines", "threads")
    id: str
    deaths: list[str]
    executed: str | None
    public_post: str
    private: dict[str, list[str]]
    ledger: str
    events: list[Event]
    diagnostics: list[Diagnostic]
    lines: list[LineRecord]
    #: ref -> the chat a line was written in (``chatlog.Thread``), when the phase came as
    #: several chats (input.thread); empty when it came as one (the village)
    threads: dict[str, Any]

    def __init__(self, *, id: str, deaths: Iterable[str] = (),  # noqa: A002 (the field's name)
                 executed: str | None = None, public_post: str = "",
                 private: dict[str, list[str]] | None = None, ledger: str = "",
                 events: Iterable[Event] = (), diagnostics: Iterable[Diagnostic] = (),
                 lines: Iterable[LineRecord] = (), threads: dict[str, Any] | None = None
                 ) -> None:
        _set(self, "id", id)
        _set(self, "deaths", list(deaths))
        _set(self, "executed", executed)
        _set(self, "public_post", public_post)
        _set(self, "private", {} if private is None else {k: list(v) for k, v in private.items()})
        _set(self, "ledger", ledger)
        _set(self, "events", list(events))
        _set(self, "diagnostics", list(diagnostics))
        _set(self, "lines", list(lines))
        _set(self, "threads", {} if threads is None else dict(threads))
