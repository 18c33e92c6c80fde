"""Dates and times as chat exports write them, and the month-first / day-first choice.

A date is read into a token first: ``("ymd", y, m, d)`` when the shape says which field
is which, ``("amb", a, b, y)`` for ``a/b/y`` (month-first or day-first, decided once per
file by ``Order``).  Times become 24-hour zero-padded ``HH:MM`` or ``HH:MM:SS``.
This module imports no other module of the package.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass

DateTok = tuple[str, int, int, int]
#: how a reader records a guess: (line or None, kind, message, the message in Japanese)
GuessFn = Callable[[int | None, str, str, str], None]
#: a date order in the GM's words
ORDER_JA = {"month-first": "月が先", "day-first": "日が先"}

_MONTH_NAMES = ("january", "february", "march", "april", "may", "june", "july", "august",
                "september", "october", "november", "december")
_DATE = (
    r"(?:(?P<y>\d{4})\s*[/.\-年]\s*(?P<mo>\d{1,2})\s*[/.\-月]\s*(?P<d>\d{1,2})(?:\s*日|\.)?"
    r"|(?P<a>\d{1,2})\s*(?P<s1>[/.\-])\s*(?P<b>\d{1,2})\s*(?P=s1)\s*(?P<y2>\d{4}|\d{2})(?!\d)\.?"
    r"|(?P<d3>\d{1,2})[\-\s](?P<mon>[A-Za-z]{3,9})\.?,?[\-\s](?P<y3>\d{4}|\d{2})(?!\d)"
    r"|(?P<mon4>[A-Za-z]{3,9})\.?\s+(?P<d4>\d{1,2}),?\s+(?P<y4>\d{4}))"
)
_MARK = r"午前|午後|오전|오후|[AaPp]\.?[Mm]\.?(?![A-Za-z])|SA|CH|sa|ch"
CLOCK = (rf"(?:(?P<pre>{_MARK})\s*)?(?P<h>\d{{1,2}})(?P<sep>[:.])(?P<mi>\d{{2}})"
         rf"(?:(?P=sep)(?P<s>\d{{2}}))?(?:\s*(?P<post>{_MARK}))?")
_PM = frozenset({"午後", "오후", "PM", "CH"})
_AM = frozenset({"午前", "오전", "AM", "SA"})
_REL = (r"今日|昨日|一昨日|Today|Yesterday|오늘|어제|Hôm nay|Hôm qua|Aujourd'hui|Hier|Heute"
        r"|Gestern|Hoy|Ayer")
RE_CLOCK = re.compile(CLOCK)
RE_WHEN = re.compile(  # Discord / DiscordChatExporter timestamps (matched stripped; no two
    # adjacent \s* anywhere, so that a line of spaces cannot make it backtrack for long)
    rf"(?:(?P<rel>{_REL})|{_DATE})?(?:(?:,\s*|\s+)?(?:(?:at|um|lúc|à|a las)\s+|の\s*)?{CLOCK})?"
)
WD = (r"(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\.?|[月火水木金土日](?:曜日?)?)")
RE_LINE_DATE = re.compile(  # a LINE date line, in every UI language
    rf"(?:{WD},?\s+)?{_DATE}(?:\s*[(（]{WD}[)）]|,?\s+{WD})?"
)
RE_DATE_ONLY = re.compile(rf"(?:{WD},?\s+)?{_DATE}")
#: a time as a line starts with it: ``21:03``, ``午後9:03``, ``9:03 PM``
TIME = (r"(?:(?:午前|午後|오전|오후)\s?)?\d{1,2}:\d{2}(?::\d{2})?"
        r"(?:[ \u00a0\u202f]?[AaPp]\.?[Mm]\.?(?![A-Za-z]))?")


def _year(s: str) -> int:
    return int(s) + (2000 if len(s) == 2 else 0)


def _month(name: str) -> int | None:
    low = name.lower().rstrip(".")
    for k, full in enumerate(_MONTH_NAMES, 1):
        if len(low) >= 3 and full.startswith(low) or low == "sept" and k == 9:
            return k
    return None


def date_tok(m: re.Match[str]) -> DateTok | None:
    if m["y"]:
        return ("ymd", int(m["y"]), int(m["mo"]), int(m["d"]))
    if m["a"]:
        return ("amb", int(m["a"]), int(m["b"]), _year(m["y2"]))
    if m["mon"]:
        mon = _month(m["mon"])
        return ("ymd", _year(m["y3"]), mon, int(m["d3"])) if mon else None
    if m["mon4"]:
        mon = _month(m["mon4"])
        return ("ymd", int(m["y4"]), mon, int(m["d4"])) if mon else None
    return None


def iso(tok: DateTok, order: str | None) -> str | None:
    kind, p, q, r = tok
    if kind == "ymd":
        y, mo, d = p, q, r
    elif order == "day-first":
        d, mo, y = p, q, r
    else:
        mo, d, y = p, q, r
    try:
        return datetime.date(y, mo, d).isoformat()
    except ValueError:
        return None


def clock(m: re.Match[str]) -> str | None:
    """The time of a ``CLOCK`` match, 24-hour zero-padded, or None if impossible."""
    h, mi, sec = int(m["h"]), int(m["mi"]), m["s"]
    if m["pre"] and m["post"]:
        return None
    mark = m["pre"] or m["post"]
    if mark:
        key = mark.replace(".", "").upper()
        if h > 12:
            return None
        if key in _PM and h < 12:
            h += 12
        elif key in _AM and h == 12:
            h = 0
    if h > 23 or mi > 59 or (sec is not None and int(sec) > 59):
        return None
    return f"{h:02d}:{mi:02d}" + (f":{int(sec):02d}" if sec is not None else "")


_SHAPE = str.maketrans("0123456789月火水木金土日", "0000000000WWWWWWW")
RE_LETTERS = re.compile(r"[A-Za-z]+")


def date_shape(line: str) -> str:
    """How a date line is written, its numbers and names left out: ``2018/09/02(日)`` and
    ``2018/9/3(月)`` are both ``00/0/0(W)`` once runs of digits are one; a line of
    another shape inside a message (``4.2.34``) is no date line of that file."""
    out = RE_LETTERS.sub("A", line.translate(_SHAPE))
    while "00" in out:
        out = out.replace("00", "0")
    return out


def norm_time(s: str) -> str | None:
    """``午後9:07`` / ``9:07 PM`` / ``21:07:05`` → 24-hour zero-padded, or None."""
    if len(s) == 5 and s[2] == ":" and s[:2].isascii() and s[:2].isdigit() \
            and s[3:].isascii() and s[3:].isdigit():  # the common "21:07": no regex
        return s if s < "24" and s[3] < "6" else None
    m = RE_CLOCK.fullmatch(s.strip())
    return clock(m) if m else None


def when(s: str) -> tuple[DateTok | None, str | None] | None:
    """A Discord-style timestamp → (date token or None, time or None), or None if it is
    not one.  A relative day (今日, Yesterday) needs a time; a date alone is one."""
    m = RE_WHEN.fullmatch(s.strip())
    if not m:
        return None
    dated = bool(m["y"] or m["a"] or m["mon"] or m["mon4"])
    tok = date_tok(m) if dated else None
    if dated and tok is None:
        return None
    if m["h"] is None:
        return (tok, None) if dated else None
    time = clock(m)
    return (tok, time) if time is not None else None


def line_date(s: str) -> str | None:
    """The ISO date of a LINE date line read year-first or month-first (detection only)."""
    m = RE_LINE_DATE.fullmatch(s)
    tok = date_tok(m) if m else None
    return iso(tok, None) if tok else None


RE_WEEKDAY = re.compile(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\b|[(（]([月火水木金土日])[)）]"
                        r"|([月火水木金土日])曜")
_WEEKDAYS_EN = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def weekday(text: str) -> int | None:
    """The weekday a date line names (Monday 0), or None."""
    m = RE_WEEKDAY.search(text)
    if not m:
        return None
    return _WEEKDAYS_EN.index(m[1]) if m[1] else "月火水木金土日".index(m[2] or m[3])


class Order:
    """Month-first or day-first, once per file: a field above 12 settles it; otherwise a
    header's date (LINE's ``Saved on``) does; otherwise the weekdays the date lines name,
    when they fit one order only; otherwise the default, month-first (a guess)."""

    __slots__ = ("evidence", "conflict", "hint", "first", "weekdays")

    def __init__(self) -> None:
        self.evidence: tuple[str, int, str] | None = None
        self.conflict: tuple[str, int, str] | None = None
        self.hint: tuple[str, int, str] | None = None
        self.first: int | None = None
        self.weekdays: dict[str, list[int]] = {"month-first": [], "day-first": []}

    @staticmethod
    def _settles(tok: DateTok) -> str | None:
        if tok[0] != "amb":
            return None
        return "day-first" if tok[1] > 12 >= tok[2] else "month-first" if tok[2] > 12 >= tok[1] \
            else None

    def see(self, tok: DateTok | None, lineno: int, text: str) -> None:
        if tok is None or tok[0] != "amb":
            return
        if self.first is None:
            self.first = lineno
        order = self._settles(tok)
        wd = weekday(text) if order is None else None
        if wd is not None:
            fits = [o for o in self.weekdays
                    if (d := iso(tok, o)) and datetime.date.fromisoformat(d).weekday() == wd]
            if len(fits) == 1:
                self.weekdays[fits[0]].append(lineno)
        if order and self.evidence is None:
            self.evidence = (order, lineno, text)
        elif order and self.evidence[0] != order and self.conflict is None:  # type: ignore[index]
            self.conflict = (order, lineno, text)

    def see_header(self, tok: DateTok | None, lineno: int, text: str) -> None:
        order = self._settles(tok) if tok else None
        if order and self.hint is None:
            self.hint = (order, lineno, text)

    def decide(self, guess: GuessFn) -> tuple[str | None, str]:
        if self.first is None:
            return None, ""
        if self.evidence:
            order, no, text = self.evidence
            if self.conflict:
                c_order, c_no, c_text = self.conflict
                guess(c_no, "date order", f"{c_text!r} reads {c_order} but line {no} "
                      f"({text!r}) reads {order}: every date is read {order}",
                      f"「{c_text.strip()}」は{ORDER_JA[c_order]}と読めますが、{no}行目の"
                      f"「{text.strip()}」は{ORDER_JA[order]}としか読めないため、すべての日付を"
                      f"{ORDER_JA[order]}として読みました")
            return order, f"line {no} ({text.strip()!r}) has a field above 12"
        if self.hint:
            order, no, text = self.hint
            return order, f"the header's date on line {no} ({text.strip()!r})"
        fit = [(o, nos) for o, nos in self.weekdays.items() if nos]
        if len(fit) == 1:
            order, nos = fit[0]
            return order, (f"the weekday of {len(nos)} date line{'s' if len(nos) > 1 else ''} "
                           f"fits it only (line {nos[0]})")
        guess(self.first, "date order", "no date in this file says whether it is "
              "month-first or day-first: read month-first (the default)",
              "月が先か日が先かを決める日付がこのファイルにないので、月が先（既定）として"
              "読みました")
        return "month-first", "default (no date settles it)"


RE_LATE = re.compile(r"(?P<h>\d{2}):(?P<mi>\d{2})(?::(?P<s>\d{2}))?")


def late_clock(s: str) -> str | None:
    """LINE's times after midnight under the same date line (``24:05``, ``25:30``, up to
    ``47:59``) as the next day's 24-hour time (``00:05``, ``01:30``); None otherwise."""
    m = RE_LATE.fullmatch(s)
    if m is None:
        return None
    h, mi, sec = int(m["h"]), int(m["mi"]), m["s"]
    if not 24 <= h <= 47 or mi > 59 or (sec is not None and int(sec) > 59):
        return None
    return f"{h - 24:02d}:{mi:02d}" + (f":{int(sec):02d}" if sec is not None else "")


def next_day(day: str | None) -> str | None:
    """The ISO date after ``day``."""
    if day is None:
        return None
    return (datetime.date.fromisoformat(day) + datetime.timedelta(days=1)).isoformat()


_REL_DAYS = {"今日": 0, "Today": 0, "오늘": 0, "Hôm nay": 0, "Aujourd'hui": 0, "Heute": 0,
             "Hoy": 0, "昨日": 1, "Yesterday": 1, "어제": 1, "Hôm qua": 1, "Hier": 1,
             "Gestern": 1, "Ayer": 1, "一昨日": 2}


def rel_days(s: str) -> int | None:
    """How many days before the day of copying a relative Discord timestamp names
    (今日 0, 昨日 1, 一昨日 2); None when it names no relative day."""
    m = RE_WHEN.fullmatch(s.strip())
    return _REL_DAYS.get(m["rel"]) if m and m["rel"] else None


def days_before(day: str, n: int) -> str:
    return (datetime.date.fromisoformat(day) - datetime.timedelta(days=n)).isoformat()


@dataclass(frozen=True, slots=True)
class Relative:
    """The messages of a reading whose day is relative to the day of copying (今日, 昨日)
    with no date line above them (input.clock.date): the reader leaves them undated and
    says so at ``lineno`` (the first such header, ``header`` as written); the phase's
    date, once known, dates them (``chatlog.threads.place_relative``)."""

    lineno: int
    header: str
    days: tuple[tuple[int, int], ...]  # (index in the messages, days before the copy)
