"""Reading chat logs: every supported export format into ``ChatLine`` messages.

(Interface fixed here; the implementation is filled in below.)
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class ChatLine(BaseModel):
    """One chat message as read from a log.

    ``lineno`` is the 1-based line of the file where the message starts (for the
    DiscordChatExporter JSON format, the 1-based index of the message).  ``text`` is the
    message text exactly as written (multi-line messages joined with ``\\n``), never
    normalized.  ``raw`` is the source text of the whole message as it stood in the file.
    ``speaker`` is ``""`` for system lines (joins, date changes the export marks as such).
    ``date`` is ``YYYY-MM-DD`` when the export gives one; ``time`` is 24-hour ``HH:MM`` or
    ``HH:MM:SS`` when the export gives one.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    source: str
    lineno: int
    speaker: str
    text: str
    raw: str
    date: str | None = None
    time: str | None = None
