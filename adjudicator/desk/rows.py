"""The preview page's rows: a long night's messages as table rows, built without Jinja."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from ..phases import phase_label

#: chatter rows a ``<tbody>``: a long table's row groups are what the browser skips while
#: they are off screen (desk.css ``table.long``: content-visibility), so a group is a
#: screenful or so: few enough groups that the browser's per-group bookkeeping is small
#: (one group a row cost ~100 ms for 5,000 rows), small enough that scrolling into one lays
#: out only a hundred rows
GROUP = 100


def place(source: str) -> str:
    from ..wording import line_place

    if source.startswith("phase:"):
        return phase_label(source[6:])
    return line_place(source) if ":" in source else ""


def row_groups(rows: list[str]) -> str:
    """``rows`` as ``<tbody>`` elements of ``GROUP`` rows each, in order (a table may hold
    any number of row groups: the rows are the same rows, read as one table)."""
    return "\n".join("<tbody>\n" + "\n".join(rows[k:k + GROUP]) + "\n</tbody>"
                     for k in range(0, len(rows), GROUP))


def message_rows(messages: list[Any], by_line: dict[int, Any]) -> tuple[Markup, Markup, int]:
    """The messages as table rows, escaped here rather than in the template (a night of
    5,000 lines is 5,000 rows, and a Jinja loop over them was most of the page's time):
    commands, refusals and GM lines first (the rows of one ``<tbody>``); the chatter apart,
    as row groups (``row_groups``: the page folds it away until asked, so a long night
    renders fast), and how many chatter lines there are."""
    from html import escape

    from ..models import DISPOSITION_JA

    rows: list[str] = []
    chatter: list[str] = []
    for m in messages:
        rec = by_line.get(m.lineno)
        disp = rec.disposition if rec else ""
        row = (f'<tr class="{disp}"><td>{m.lineno}</td><td>{escape(m.speaker)}</td>'
               f'<td>{escape(m.date or "")}</td><td>{escape(m.time or "")}</td>'
               f'<td>{escape(m.text)}</td><td class="disp">{DISPOSITION_JA.get(disp, "")}</td></tr>')
        (chatter if disp in ("chatter", "") else rows).append(row)
    return Markup("\n".join(rows)), Markup(row_groups(chatter)), len(chatter)
