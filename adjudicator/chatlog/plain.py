"""Plain pastes: ``name: text``, ``name：text``, ``[21:03] name: text``, ``21:03 name text``;
a line that fits no shape continues the message above it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import repeat
from typing import Any

from .base import (
    INDENT,
    VILLAGE,
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
#: name cannot hold a colon, so it stops at the first one, as a lazy one would, in one
#: tight loop.  Every repeat is possessive (``*+``, ``?+``): giving back a character
#: could never make the rest match (a name ends only at a colon; the blanks after
#: ``]`` could only go to a name of blanks, which is no known name), so the engine keeps
#: no backtracking state: 4.4k → 3.9k instructions a line for the whole-text match
PLAIN_FAST = (r"\[((?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9])?+)\][ \t\u3000]*+"
              r"([^:：\t\n]{1,64}+)[:：](?!//)[ \t\u3000]*+(.*+)")
#: ``PLAIN_FAST`` over a whole text at once: one (line, time, name, text) a line, the
#: line and three empty strings for a line it does not fit (a fitting line has a time).
#: Nothing in the pattern crosses a newline, so each line matches as it would alone, and
#: the whole line is the first group either way (the fast shape's ``(.*+)`` ends at the
#: newline): the reader needs no ``split`` of the text.  None: no fast path (tests)
RE_PLAIN_EVERY: re.Pattern[str] | None = re.compile(rf"^((?:{PLAIN_FAST})|.*+)$", re.MULTILINE)


def sniff(sample: Sample) -> bool:
    return plain_shape(sample.nonblank[0][1], ()) is not None


def read(src: Source, ctx: Ctx) -> list[Any]:
    """Plain pastes, straight into ChatLines (the bulk format: no drafts in between).

    The fast path: one ``findall`` over the whole text gives each line with its time,
    name and text when it has the commonest shape (``RE_PLAIN_EVERY``); a line whose name
    is a known speaker is a message at once, built slot by slot (``object.__new__`` and
    nine stores: the dataclass ``__init__`` called through the class costs as much
    again as the stores, about 0.8k instructions a line).  Every other line (blank, an
    unknown speaker, another shape, a continuation, a message after blank lines) goes
    through the general path, which reads a fast line exactly as the fast path does
    (tests/chat/test_plain_fast_path.py), so which lines take which path never shows."""
    source, names = ctx.source, src.names
    out: list[ChatLine] = []
    more: dict[int, list[str]] = {}  # message index -> continuation lines
    ends: dict[int, int] = {}
    blanks: list[str] = []
    # the roster's own strings, and one string per distinct time: every message of a
    # speaker shares its speaker and time strings (no per-line copies)
    known = {n: n for n in names if n}
    shared = dict(known)  # the general path's speakers: the roster's, else one per name
    times: dict[str, str] = {}
    make, new = ChatLine, object.__new__
    get, share_time = known.get, times.setdefault
    every = RE_PLAIN_EVERY if known else None
    rows = every.findall(src.text) if every is not None else zip(src.lines, repeat(""),
                                                                  repeat(""), repeat(""))
    for no, (line, stamp, who, text) in enumerate(rows, 1):
        if not blanks:
            speaker = get(who)
            if speaker is not None:
                msg = new(make)
                msg.source = source
                msg.lineno = no
                msg.speaker = speaker
                msg.text = text
                msg.raw = line
                msg.date = None
                msg.time = share_time(stamp, stamp)
                msg.end = 0
                msg.edited = False
                msg.thread = VILLAGE
                out.append(msg)
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
