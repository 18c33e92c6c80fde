"""LINE's talk history export from the phone app (.txt): a header, date lines, then
``time<TAB>name<TAB>text`` lines (system lines have no name field)."""

from __future__ import annotations

import re

from .base import (
    LINE_HEADER_HOLDS,
    LINE_HEADER_STARTS,
    RE_LINE_HEADER,
    ChatLine,
    Ctx,
    Reader,
    Sample,
    Source,
    read_dated,
    system_who,
)
from .dates import TIME

RE_LINE_MSG = re.compile(r"^(?P<time>" + TIME + r")\t(?:(?P<name>[^\t]*)\t)?(?P<text>.*)$")
#: the commonest line, read in one match: a time ``_stamp_time`` reads as a time of the
#: same day (``21:03``, ``午後9:03``, ``9:03 PM``; never LINE's ``24:xx``), a name, and a
#: text that ``_split`` keeps as the speaker's: not opening with a quote (a multi-line
#: message) or a phone sign, not ending in た or 。 or a space, and no English system
#: line's word between spaces or at its start (``system_who``'s hints: it would look at
#: it twice).  English-UI times and 午後 ones take it too (a third of a Japanese export's
#: lines are 午後, every line of an English one is AM/PM), and texts with spaces
_STAMP_24 = r"(?:[01][0-9]|2[0-3]):[0-5][0-9]"
_STAMP_12 = r"(?:1[0-2]|0?[0-9]):[0-5][0-9]"
RE_LINE_FAST = re.compile(
    rf"({_STAMP_24}|(?:午前|午後){_STAMP_12}|{_STAMP_12} [AP]M)\t([^\t]+)\t"
    r"(?![\"☎📞]|Group call|Missed call|Canceled call|Call time|unsent)"
    r"(?!.*? (?:unsent|joined|left|invited|removed|changed|made|pinned|unpinned|deleted"
    r"|started|ended|created|added|posted) )"
    r"(.*[^ た。])")


def sniff(sample: Sample) -> bool:
    return bool(RE_LINE_HEADER.match(sample.first)
                or any(RE_LINE_MSG.match(line) for _, line in sample.nonblank))


def _split(m: re.Match[str], time: str | None) -> tuple[str, str, str | None]:
    # an impossible time (25:99) still opens a message, with no time
    _stamp, speaker, text = m.groups("")
    if speaker and (text[-1:] in "た。" or text[:1] in "☎📞" or " " in text):
        who = system_who(text)
        if who is not None and who in ("", speaker):
            speaker = ""
    return speaker, text, None


def read(src: Source, ctx: Ctx) -> list[ChatLine]:
    return read_dated(src.lines, ctx, "line", RE_LINE_MSG.match, _split,
                      fast=RE_LINE_FAST.fullmatch)


def glance(sample: Sample) -> bool:
    """Whether ``sniff`` could take the sample: its header (``RE_LINE_HEADER``) or a
    message line, which holds a tab after the time (``RE_LINE_MSG``)."""
    first = sample.first
    return (first.startswith(LINE_HEADER_STARTS) or LINE_HEADER_HOLDS in first
            or any("\t" in line for _, line in sample.nonblank))


READER = Reader("line", "LINE talk history export (.txt): date lines, then "
                "'time<TAB>name<TAB>text'", sniff, read, glance)
