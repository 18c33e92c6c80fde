"""Plain pastes: ``name: text``, ``name：text``, ``[21:03] name: text``, ``21:03 name text``;
a line that fits no shape continues the message above it."""

from __future__ import annotations

import re

from .base import ChatLine, Ctx, Reader, Sample, Source, join_continuations, no_fit, plain_shape

#: the commonest shape, `[21:03] name: text`, read in one match when `name` is a known
#: speaker (the general path below gives the same result, several times slower)
RE_PLAIN_FAST = re.compile(r"\[(?:[01][0-9]|2[0-3]):[0-5][0-9]\][ \t\u3000]*([^:：\t]{1,64}?)[:：]"
                           r"(?!//)[ \t\u3000]*(.*)")


def sniff(sample: Sample) -> bool:
    return plain_shape(sample.nonblank[0][1], ()) is not None


def read(src: Source, ctx: Ctx) -> list[ChatLine]:
    """Plain pastes, straight into ChatLines (the bulk format: no drafts in between)."""
    source, names = ctx.source, src.names
    out: list[ChatLine] = []
    more: dict[int, list[str]] = {}  # message index -> continuation lines
    ends: dict[int, int] = {}
    blanks: list[str] = []
    known = frozenset(names)
    fast = RE_PLAIN_FAST.fullmatch
    make = ChatLine  # positional: source, lineno, speaker, text, raw, date, time
    for no, line in enumerate(src.lines, 1):
        m = fast(line) if known and not blanks else None
        if m is not None:
            who, text = m.groups()
            if who in known:
                out.append(make(source, no, who, text, line, None, line[1:6]))
                continue
        if not line.strip():
            blanks.append(line)
            continue
        shape = plain_shape(line, names)
        if shape:
            out.append(make(source, no, shape[0], shape[1], line, None, shape[2]))
        elif out:
            more.setdefault(len(out) - 1, []).extend([*blanks, line])
            ends[len(out) - 1] = no
        else:
            raise no_fit(source, no, line, "line fits no plain chat shape")
        blanks = []
    return join_continuations(out, more, ends)


READER = Reader("plain", "pasted text: 'name: text', 'name：text', '[21:03] name: text' or "
                "'21:03 name text'", sniff, read)
