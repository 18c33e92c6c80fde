"""The report's annotated log (「チャットログ（注釈付き）」): one ``<li>`` per input line.

It is the one part of the report with a row per line (50,000 in a long game), so its
rows are built here in Python rather than by a Jinja loop, and as UTF-8 bytes: the page
around them is rendered apart and the bytes put in their places
(``report.render_report_bytes``).  A chatter row (nearly every row) is built
column-wise: each field is taken from every record with ``attrgetter``, each column is
escaped and encoded as one string, and the rows are the columns and the row's fixed
pieces interleaved by ``zip`` and joined once, so that no Python code runs per row.  The
few other rows (commands, rejections) are built one by one (``action_row``) and put in
their places.

What keeps it equal to the row-by-row build (``chatter_row``, the reference;
``tests/report/test_log_rows.py``, a hypothesis property, holds the two equal):

- ``html.escape`` (quote=True) replaces each of ``&<>"'`` on its own, character by
  character, and leaves every other character as it is: escaping ``a + sep + b`` gives
  ``escape(a) + sep + escape(b)`` for a separator without those characters, and so does
  UTF-8.  A column is joined with ``"\\0"``, escaped, encoded and split again, unless an
  item holds ``"\\0"`` itself (then the column is done item by item).
- a reference ``logs/day1.txt:12`` is escaped whole for the tooltip: digits and ``:``
  never change, so it equals the escaped file part, the colon and the number.  A
  reference whose part after the last colon is not ASCII digits (shown in words, or a
  number such as 「１２」) is built row by row as before.
- a speaker's piece (the markup around the name) is made once per speaker.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from itertools import chain, compress, repeat
from operator import attrgetter, itemgetter, methodcaller
from typing import Any

_Escaper = Callable[[str], str]

_SPECIAL = re.compile("[&<>\"']").search
_SEP = "\0"
#: the log's encoding: UTF-8, a lone surrogate (a file name that is not UTF-8 can give
#: one) passed through, so that decoding the log gives back exactly the text; a report
#: written to a file is checked for one (``report.write_report``: refused as before)
ENCODING = ("utf-8", "surrogatepass")

_REF = attrgetter("ref")
_TIME = attrgetter("time")
_SPEAKER = attrgetter("speaker")
_TEXT = attrgetter("text")
_DISPOSITION = attrgetter("disposition")
_NUMBER = methodcaller("rpartition", b":")
_AFTER_COLON = itemgetter(2)

#: a chatter row in pieces, between its fields: the anchor's number, the reference
#: (escaped), the line number, the time, the speaker (with the pieces around it:
#: ``_WHO``), the text (each escaped); the row begins with the newline that separates
#: it from the row before
_PIECES = tuple(p.encode() for p in (
    '\n<li id="L', '" class="d-chatter"><span class="ref" data-ref="', '">',
    '行目</span><span class="time">', '</span></li>'))
_WHO = '</span><span class="who">{}</span><span class="text">'.format

def html_escape(text: str) -> str:
    """``html.escape(text, quote=True)``, the same five replaces in the same order (the
    ``html`` module imports its table of 2,231 named entities, a millisecond, for
    ``unescape``)."""
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


def escaper() -> _Escaper:
    """``html.escape`` (quotes too) with a cache: speakers and times repeat a lot.  A text
    with none of ``&<>"'`` is its own escape (html.escape changes only those)."""
    cache: dict[str, str] = {}
    special = _SPECIAL
    escape = html_escape

    def esc(text: str) -> str:
        out = cache.get(text)
        if out is None:
            out = escape(text) if special(text) else text
            if len(cache) < 50_000:
                cache[text] = out
        return out

    return esc


def encode_column(col: list[str], esc: _Escaper) -> list[bytes]:
    """``[esc(x).encode(*ENCODING) for x in col]``, as one join, one ``html.escape``, one
    encode and one split (see the module's docstring)."""
    joined = _SEP.join(col)
    if joined.count(_SEP) != len(col) - 1:  # an item holds the separator
        return [esc(x).encode(*ENCODING) for x in col]
    return html_escape(joined).encode(*ENCODING).split(_SEP.encode())


def row_ref(ref: str, esc: _Escaper) -> str:
    """A log row's line number in words (its phase is the section's heading); the file
    and line stay in a data attribute, for a developer (review 3, R5: no hover title)."""
    from ..wording import line_place

    head, colon, n = ref.rpartition(":")
    return (f'<span class="ref" data-ref="{esc(head)}{colon}{n}">{n}行目</span>' if n.isdigit()
            else f'<span class="ref">{esc(line_place(ref))}</span>')


def chatter_row(anchor: str, rec: Any, esc: _Escaper) -> str:
    """One chatter row, the reference build (``log_rows`` builds them column-wise)."""
    return (f'<li id="{anchor}" class="d-chatter">{row_ref(rec.ref, esc)}'
            f'<span class="time">{esc(rec.time or "")}</span><span class="who">'
            f'{esc(rec.speaker)}</span><span class="text">{esc(rec.text)}</span></li>')


def log_rows(recs: Sequence[Any], first: int, esc: _Escaper,
             action_row: Callable[[int, Any], str]) -> bytes:
    """The rows of a phase's records, one a line, the first one anchored ``L{first}``,
    in UTF-8 (``surrogatepass``: see ``ENCODING``): a chatter row as ``chatter_row``
    builds it, any other as ``action_row(number, record)`` does (called in the
    records' order); the rows are separated by newlines."""
    n = len(recs)
    if not n:
        return b""
    refs = encode_column(list(map(_REF, recs)), esc)
    numbers = list(map(_AFTER_COLON, map(_NUMBER, refs)))
    times = list(map(_TIME, recs))
    if None in times:
        times = [t or "" for t in times]
    speakers = list(map(_SPEAKER, recs))
    who = {s: _WHO(esc(s)).encode(*ENCODING) for s in set(speakers)}  # once a speaker
    columns = (list(map(b"%d".__mod__, range(first, first + n))), refs, numbers,
               encode_column(times, esc), list(map(who.__getitem__, speakers)),
               encode_column(list(map(_TEXT, recs)), esc))
    # rows built one by one: the first (no newline before it), every row that is not
    # chatter, and every reference whose line number is not plain ASCII digits (shown in
    # words, or a number str.isdigit takes and bytes.isdigit does not: ``chatter_row``
    # decides)
    apart = {0, *compress(range(n), map("chatter".__ne__, map(_DISPOSITION, recs)))}
    if not all(map(bytes.isdigit, numbers)):
        apart.update(compress(range(n), (not x.isdigit() for x in numbers)))
    out: list[bytes] = []
    lo = 0
    for i in sorted(apart):
        if lo < i:
            out.append(_chatter_run([c[lo:i] for c in columns]))
        rec = recs[i]
        row = (chatter_row(f"L{first + i}", rec, esc) if rec.disposition == "chatter"
               else action_row(first + i, rec))
        out.append((row if i == 0 else "\n" + row).encode(*ENCODING))
        lo = i + 1
    if lo < n:
        out.append(_chatter_run([c[lo:] for c in columns]))
    return b"".join(out)


def _chatter_run(columns: list[list[bytes]]) -> bytes:
    """Chatter rows from their columns, each row after a newline: the pieces of every
    row and the fields between them, interleaved by ``zip`` and joined once (no Python
    code a row; ``str.format`` a row parsed its format string each time, three times
    slower, and a ``str`` join copied the ASCII pieces character by character into the
    wider string that the Japanese text makes)."""
    p0, p1, p2, p3, p4 = map(repeat, _PIECES)
    anchor, ref, number, time, who, text = columns
    return b"".join(chain.from_iterable(zip(p0, anchor, p1, ref, p2, number, p3, time, who,
                                            text, p4, strict=False)))  # repeat: endless
