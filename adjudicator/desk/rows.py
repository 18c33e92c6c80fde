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


def thread_head(thread: Any, shown: int) -> str:
    """The row that heads a chat's lines in a table of a phase of several chats: the
    chat's name (``rooms.Thread.ja``), how many of its lines the table shows, and how and
    why it was taken so (``threads.Named.why``)."""
    from html import escape

    why = f'<span class="why">{escape(thread.why)}</span>' if thread.why else ""
    return (f'<tr class="thread"><th colspan="6" scope="rowgroup">{escape(thread.ja)}'
            f'<span class="count">（{shown}件）</span>{why}</th></tr>')


def message_rows(messages: list[Any], by_line: dict[int, Any], threads: list[Any] | None = None,
                 ) -> tuple[Markup, Markup, int]:
    """The messages as table rows, escaped here rather than in the template (a night of
    5,000 lines is 5,000 rows, and a Jinja loop over them was most of the page's time):
    commands, refusals and GM lines first (the rows of one ``<tbody>``); the chatter apart,
    as row groups (``row_groups``: the page folds it away until asked, so a long night
    renders fast), and how many chatter lines there are.  ``threads`` (a phase of several
    chats: ``service.ThreadRow``, in the paste's order, as the messages are): each chat's
    lines under a row naming it (``thread_head``), in either table."""
    from html import escape

    from ..models import DISPOSITION_JA

    rows: list[str] = []
    chatter: list[str] = []
    # per chat, the rows of each table (a phase of one chat: one chat, no heading)
    chats: list[tuple[list[str], list[str]]] = [([], [])]
    ends = [t.last for t in threads or []]
    k = 0
    # a row's speaker, date and time cells, escaped once each (a night has a few dozen)
    heads: dict[tuple[str, str | None, str | None], str] = {}
    for m in messages:
        while k + 1 < len(ends) and m.lineno > ends[k]:
            k += 1
            chats.append(([], []))
        rec = by_line.get(m.lineno)
        disp = rec.disposition if rec else ""
        head = heads.get((m.speaker, m.date, m.time))
        if head is None:
            head = heads[m.speaker, m.date, m.time] = (
                f'<td>{escape(m.speaker)}</td><td>{escape(m.date or "")}</td>'
                f'<td>{escape(m.time or "")}</td>')
        row = (f'<tr class="{disp}"><td>{m.lineno}</td>{head}'
               f'<td>{escape(m.text)}</td><td class="disp">{DISPOSITION_JA.get(disp, "")}</td></tr>')
        chats[-1][1 if disp in ("chatter", "") else 0].append(row)
    if not threads:
        rows, chatter = chats[0]
        return Markup("\n".join(rows)), Markup(row_groups(chatter)), len(chatter)
    n = 0
    for thread, (mine, talk) in zip(threads, chats, strict=False):
        if mine:
            rows.append("</tbody><tbody>" if rows else "")
            rows += [thread_head(thread, len(mine)), *mine]
        if talk:
            chatter += [thread_head(thread, len(talk)), *talk]
            n += len(talk)
    return Markup("\n".join(rows)), Markup(row_groups(chatter)), n
