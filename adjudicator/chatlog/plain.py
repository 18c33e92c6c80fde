"""Plain pastes: ``name: text``, ``name：text``, ``[21:03] name: text``, ``21:03 name text``;
a line that fits no shape continues the message above it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from .base import (
    INDENT,
    ChatLine,
    Ctx,
    Reader,
    Sample,
    Source,
    join_continuations,
    no_fit,
    plain_shape,
)

#: the commonest shapes, `[21:03] name: text` and `[21:03:07] name: text`, read in one
#: match when `name` is a known speaker (the general path below gives the same result,
#: several times slower): the time as written is already 24-hour and zero-padded.  The
#: name is greedy: it cannot hold a colon, so it stops at the first one, as a lazy one
#: would, in one tight loop
RE_PLAIN_FAST = re.compile(r"\[((?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9])?)\][ \t\u3000]*"
                           r"([^:：\t\n]{1,64})[:：](?!//)[ \t\u3000]*(.*)")


@lru_cache(maxsize=4)
def _every_line(fast: re.Pattern[str]) -> re.Pattern[str] | None:
    """The fast pattern over a whole text at once: one (time, name, text) a line, three
    empty strings for a line it does not fit (a fitting line has a time).  Nothing in the
    pattern crosses a newline, so each line matches as it would alone."""
    if fast.groups != 3:
        return None
    return re.compile(f"^(?:{fast.pattern})$|^.*$", re.MULTILINE)


_NONE = ("", "", "")


def sniff(sample: Sample) -> bool:
    return plain_shape(sample.nonblank[0][1], ()) is not None


def read(src: Source, ctx: Ctx) -> list[ChatLine]:
    """Plain pastes, straight into ChatLines (the bulk format: no drafts in between)."""
    source, names = ctx.source, src.names
    out: list[ChatLine] = []
    more: dict[int, list[str]] = {}  # message index -> continuation lines
    ends: dict[int, int] = {}
    blanks: list[str] = []
    # the roster's own strings, and one string per distinct time: every message of a
    # speaker shares its speaker and time strings (no per-line copies)
    known = {n: n for n in names}
    shared = dict(known)  # the general path's speakers: the roster's, else one per name
    times: dict[str, str] = {}
    make = ChatLine  # positional: source, lineno, speaker, text, raw, date, time
    lines = src.lines
    every = _every_line(RE_PLAIN_FAST) if known else None
    found: list[tuple[str, str, str]] = every.findall(src.text) if every is not None else []
    if len(found) != len(lines):  # no known names (or not one match a line): line by line
        fast = RE_PLAIN_FAST.fullmatch
        found = [m.groups() if (m := fast(line)) is not None else _NONE  # type: ignore[misc]
                 for line in lines] if known else [_NONE] * len(lines)
    for no, (line, (stamp, who, text)) in enumerate(zip(lines, found, strict=True), 1):
        if stamp and not blanks:
            speaker = known.get(who)
            if speaker is not None:
                out.append(make(source, no, speaker, text, line, None,
                                times.setdefault(stamp, stamp)))
                continue
        if not line.strip():
            blanks.append(line)
            continue
        shape = plain_shape(line, names)
        if shape is None and line[0] in INDENT and out:
            shape = indented_header(line, names)
            if shape:
                ctx.guess(no, "indented", "this indented line starts with a whole message "
                          "header: read as a new message", "字下げした行が発言の形で始まるので、"
                          "新しい発言として読みました")
        if shape:
            who, text, time = shape
            out.append(make(source, no, shared.setdefault(who, who), text, line, None,
                            times.setdefault(time, time) if time else time))
        elif out:
            more.setdefault(len(out) - 1, []).extend([*blanks, line])
            ends[len(out) - 1] = no
        else:
            raise no_fit(source, no, line, "line fits no plain chat shape")
        blanks = []
    return join_continuations(out, more, ends)


def indented_header(line: str, names: Sequence[str]) -> tuple[str, str, str | None] | None:
    """An indented line that holds a whole header (a time and a name, or a known name
    and a colon): the message it opens, else None (it continues the message above)."""
    shape = plain_shape(line.lstrip(INDENT), names)
    if shape is None or not (shape[2] is not None or shape[0] in names):
        return None
    return shape


READER = Reader("plain", "pasted text: 'name: text', 'name：text', '[21:03] name: text' or "
                "'21:03 name text'", sniff, read)
