"""The records the engine produces: events, diagnostics, line dispositions, phase results."""

# No ``from __future__ import annotations`` here: pydantic would evaluate each model
# field's annotation string (a compile and an eval apiece) as the models are defined at
# every start; written as objects they cost nothing (about 5 M instructions a derby run
# over these modules).

from collections.abc import Callable, Collection
from dataclasses import dataclass, field, fields
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

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


class _Record:
    """What the engine's frozen records (``Event``, ``PhaseResult``) keep of the pydantic
    models they were: ``model_copy``.  They are made only by our own code, with the types
    annotated and checked by mypy, never validated from outside data and named by no
    JSON Schema (a test validates what the export writes against the contract's models:
    ``tests/test_export_contract.py``)."""

    __slots__ = ()

    def model_copy(self, *, update: dict[str, Any] | None = None) -> Any:
        """A shallow copy with ``update``'s fields replaced (not validated)."""
        names = [f.name for f in fields(self)]  # type: ignore[arg-type]
        new = object.__new__(type(self))
        for k in names:
            object.__setattr__(new, k, getattr(self, k))
        for k, v in (update or {}).items():
            if k not in names:
                raise AttributeError(f"{type(self).__name__} has no field {k!r}")
            object.__setattr__(new, k, v)
        return new


@dataclass(frozen=True, slots=True, kw_only=True)
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

    Made by the rules through ``Emitter.emit``; ``data`` is a copy of the mapping given
    and ``gm_only`` a tuple, as the pydantic model it was made them.
    """

    kind: str
    rule: str
    cause: str
    audience: Audience = "gm"
    to: str | None = None
    player: str | None = None
    target: str | None = None
    amount: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    gm_only: tuple[str, ...] = ()
    known_rule: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "data", {} if self.data is None else dict(self.data))
        if type(self.gm_only) is not tuple:
            object.__setattr__(self, "gm_only", tuple(self.gm_only))

    def model_dump(self) -> dict[str, Any]:
        """The fields as a dict (``data`` copied), as pydantic's ``model_dump``."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
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


@dataclass(frozen=True, slots=True, kw_only=True)
class PhaseResult(_Record):
    """What resolving one phase gave: its post, notices, ledger, events, diagnostics and
    every line's reading.  The lists and the notices' mapping are copies of those given,
    as the pydantic model it was made them."""

    id: str
    deaths: list[str] = field(default_factory=list)
    executed: str | None = None
    public_post: str = ""
    private: dict[str, list[str]] = field(default_factory=dict)
    ledger: str = ""
    events: list[Event] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    lines: list[LineRecord] = field(default_factory=list)
    #: ref -> the chat a line was written in (``rooms.Thread``), when the phase came as
    #: several chats (input.thread); empty when it came as one (the village)
    threads: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        copy = object.__setattr__
        copy(self, "deaths", list(self.deaths))
        copy(self, "private", {} if self.private is None
             else {k: list(v) for k, v in self.private.items()})
        copy(self, "events", list(self.events))
        copy(self, "diagnostics", list(self.diagnostics))
        copy(self, "lines", list(self.lines))
        copy(self, "threads", {} if self.threads is None else dict(self.threads))
