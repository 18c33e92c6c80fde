"""LINE's talk history export from the phone app (.txt): a header, date lines, then
``time<TAB>name<TAB>text`` lines (system lines have no name field)."""

from __future__ import annotations

import re

from adjudicator.lazyre import lazy

from .base import (
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

RE_LINE_MSG = lazy(r"^(?P<time>" + TIME + r")\t(?:(?P<name>[^\t]*)\t)?(?P<text>.*)$")
#: the commonest line, read in one match: a valid ``HH:MM``, a name, and a text that
#: ``_split`` would never look at twice (not empty, no space, not opening with a quote or
#: a phone sign, not ending in た or 。: no system line, no quoted message)
RE_LINE_FAST = lazy(r"((?:[01][0-9]|2[0-3]):[0-5][0-9])\t([^\t]+)\t"
                          r"(?![\"☎📞])([^ ]*[^ た。])")


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


READER = Reader("line", "LINE talk history export (.txt): date lines, then "
                "'time<TAB>name<TAB>text'", sniff, read)
