"""Reading chat logs: every supported export format into ``ChatLine`` messages.

``read_chat`` decodes the bytes (UTF-8 with or without BOM, UTF-16 with a BOM, else
cp932), detects the format (or takes the one forced) and returns a ``Reading``: the
messages in file order, every line it skipped (headers, date lines, Discord interface
residue) and every guess it made (date order, split names).  ``read_log`` /
``read_log_file`` return the messages only.  The only exception ever raised is
``ChatFormatError``, and for text input it names a line.  The formats and their measured
shapes are described in ``shared/research/chat-formats.md``; ``FORMAT_HELP`` summarises
them.

Every non-blank input line ends in exactly one of: a message (``ChatLine`` whose
``lineno``..``end`` span covers it), a system line (a ``ChatLine`` with speaker ``""``),
or ``Reading.skipped`` (DiscordChatExporter JSON counts messages, not lines).
"""

from __future__ import annotations

import csv
import datetime
import io
import json
import os
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import islice

from adjudicator.errors import ChatFormatError


@dataclass(slots=True)
class ChatLine:
    """One chat message as read from a log.

    ``lineno`` is the 1-based line of the file where the message starts (for the
    DiscordChatExporter JSON format, the 1-based index of the message); ``end`` the line
    where it ends (0: the same line).  ``text`` is the message text exactly as written
    (multi-line messages joined with ``\\n``), never normalized.  ``raw`` is the source
    text of the whole message as it stood in the file, plus, for Discord pastes, the
    interface residue that came with it.  ``speaker`` is ``""`` for system lines (joins,
    unsent messages, calls…).  ``date`` is ``YYYY-MM-DD`` when the export gives one;
    ``time`` is 24-hour ``HH:MM`` or ``HH:MM:SS`` when the export gives one.

    Line numbers count ``\\n``-separated lines after CRLF/CR were turned into LF.  Only
    the separators a format puts around a message are removed from ``text``: LINE's
    quoting of multi-line messages (``""`` → ``"``), Discord's trailing "(edited)" and
    hover timestamp, DiscordChatExporter's ``{Attachments}``-style sections; ``raw``
    keeps them.  Relative Discord dates (今日, Yesterday…) give ``date`` None.
    """

    source: str
    lineno: int
    speaker: str
    text: str
    raw: str
    date: str | None = None
    time: str | None = None
    end: int = 0

    @property
    def last_line(self) -> int:
        """The line where the message ends."""
        return self.end or self.lineno


@dataclass(frozen=True, slots=True)
class Skipped:
    """An input line that is no message: a header, a date line, interface residue."""

    lineno: int
    text: str
    why: str


@dataclass(frozen=True, slots=True)
class Guess:
    """A choice the reader made without proof (date order, a split name)."""

    lineno: int | None
    kind: str  # "date order" | "name split" | "date"
    message: str


@dataclass(slots=True)
class Reading:
    """How a whole log was read: the messages, what was skipped, every guess."""

    source: str
    format: str
    detected: bool
    messages: list[ChatLine]
    skipped: list[Skipped] = field(default_factory=list)
    guesses: list[Guess] = field(default_factory=list)
    date_order: str | None = None  # "month-first" | "day-first" when a date needed one
    date_order_why: str = ""


FORMATS: tuple[str, ...] = ("plain", "line", "line-pc", "discord", "dce-txt", "dce-csv", "dce-json")

FORMAT_HELP: dict[str, str] = {
    "plain": "pasted text: 'name: text', 'name：text', '[21:03] name: text' or '21:03 name text'",
    "line": "LINE talk history export (.txt): date lines, then 'time<TAB>name<TAB>text'",
    "line-pc": "LINE for Mac/PC 'save chat': '2026.03.01 日曜日' date lines, then 'time name text'",
    "discord": "text copied from the Discord client: 'name — time' headers, then messages",
    "dce-txt": "DiscordChatExporter TXT: '====' banner, then '[date] username' and content",
    "dce-csv": "DiscordChatExporter CSV: AuthorID,Author,Date,Content,Attachments,Reactions",
    "dce-json": "DiscordChatExporter JSON: {\"guild\", \"channel\", \"messages\": [...]}",
}


class _Ctx:
    """What a reader collects besides messages."""

    __slots__ = ("source", "skipped", "guesses", "order", "order_why")

    def __init__(self, source: str) -> None:
        self.source = source
        self.skipped: list[Skipped] = []
        self.guesses: list[Guess] = []
        self.order: str | None = None
        self.order_why = ""

    def skip(self, lineno: int, text: str, why: str) -> None:
        self.skipped.append(Skipped(lineno, text, why))

    def guess(self, lineno: int | None, kind: str, message: str) -> None:
        self.guesses.append(Guess(lineno, kind, message))


# --- dates and times --------------------------------------------------------------------
# A date is read into a token first: ("ymd", y, m, d) when the shape says which field is
# which, ("amb", a, b, y) for "a/b/y" (month-first or day-first, decided once per file).
DateTok = tuple[str, int, int, int]

_MONTH_NAMES = ("january", "february", "march", "april", "may", "june", "july", "august",
                "september", "october", "november", "december")
_DATE = (
    r"(?:(?P<y>\d{4})\s*[/.\-年]\s*(?P<mo>\d{1,2})\s*[/.\-月]\s*(?P<d>\d{1,2})(?:\s*日|\.)?"
    r"|(?P<a>\d{1,2})\s*(?P<s1>[/.\-])\s*(?P<b>\d{1,2})\s*(?P=s1)\s*(?P<y2>\d{4}|\d{2})(?!\d)\.?"
    r"|(?P<d3>\d{1,2})[\-\s](?P<mon>[A-Za-z]{3,9})\.?,?[\-\s](?P<y3>\d{4}|\d{2})(?!\d)"
    r"|(?P<mon4>[A-Za-z]{3,9})\.?\s+(?P<d4>\d{1,2}),?\s+(?P<y4>\d{4}))"
)
_MARK = r"午前|午後|오전|오후|[AaPp]\.?[Mm]\.?(?![A-Za-z])|SA|CH|sa|ch"
_CLOCK = (rf"(?:(?P<pre>{_MARK})\s*)?(?P<h>\d{{1,2}})(?P<sep>[:.])(?P<mi>\d{{2}})"
          rf"(?:(?P=sep)(?P<s>\d{{2}}))?(?:\s*(?P<post>{_MARK}))?")
_PM = frozenset({"午後", "오후", "PM", "CH"})
_AM = frozenset({"午前", "오전", "AM", "SA"})
_REL = (r"今日|昨日|一昨日|Today|Yesterday|오늘|어제|Hôm nay|Hôm qua|Aujourd'hui|Hier|Heute"
        r"|Gestern|Hoy|Ayer")
RE_CLOCK = re.compile(_CLOCK)
RE_WHEN = re.compile(  # Discord / DiscordChatExporter timestamps (matched stripped; no two
    # adjacent \s* anywhere, so that a line of spaces cannot make it backtrack for long)
    rf"(?:(?P<rel>{_REL})|{_DATE})?(?:(?:,\s*|\s+)?(?:(?:at|um|lúc|à|a las)\s+|の\s*)?{_CLOCK})?"
)
_WD = (r"(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\.?|[月火水木金土日](?:曜日?)?)")
RE_LINE_DATE = re.compile(  # a LINE date line, in every UI language
    rf"(?:{_WD},?\s+)?{_DATE}(?:\s*[(（]{_WD}[)）]|,?\s+{_WD})?"
)


def _year(s: str) -> int:
    return int(s) + (2000 if len(s) == 2 else 0)


def _month(name: str) -> int | None:
    low = name.lower().rstrip(".")
    for k, full in enumerate(_MONTH_NAMES, 1):
        if len(low) >= 3 and full.startswith(low) or low == "sept" and k == 9:
            return k
    return None


def _date_tok(m: re.Match[str]) -> DateTok | None:
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


def _iso(tok: DateTok, order: str | None) -> str | None:
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


def _clock(m: re.Match[str]) -> str | None:
    """The time of a ``_CLOCK`` match, 24-hour zero-padded, or None if impossible."""
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


def _norm_time(s: str) -> str | None:
    """``午後9:07`` / ``9:07 PM`` / ``21:07:05`` → 24-hour zero-padded, or None."""
    if len(s) == 5 and s[2] == ":" and s[:2].isascii() and s[:2].isdigit() \
            and s[3:].isascii() and s[3:].isdigit():  # the common "21:07": no regex
        return s if s < "24" and s[3] < "6" else None
    m = RE_CLOCK.fullmatch(s.strip())
    return _clock(m) if m else None


def _when(s: str) -> tuple[DateTok | None, str | None] | None:
    """A Discord-style timestamp → (date token or None, time or None), or None if it is
    not one.  A relative day (今日, Yesterday) needs a time; a date alone is one."""
    m = RE_WHEN.fullmatch(s.strip())
    if not m:
        return None
    dated = bool(m["y"] or m["a"] or m["mon"] or m["mon4"])
    tok = _date_tok(m) if dated else None
    if dated and tok is None:
        return None
    if m["h"] is None:
        return (tok, None) if dated else None
    time = _clock(m)
    return (tok, time) if time is not None else None


RE_WEEKDAY = re.compile(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\b|[(（]([月火水木金土日])[)）]"
                        r"|([月火水木金土日])曜")
_WEEKDAYS_EN = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def _weekday(text: str) -> int | None:
    """The weekday a date line names (Monday 0), or None."""
    m = RE_WEEKDAY.search(text)
    if not m:
        return None
    return _WEEKDAYS_EN.index(m[1]) if m[1] else "月火水木金土日".index(m[2] or m[3])


class _Order:
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
        wd = _weekday(text) if order is None else None
        if wd is not None:
            fits = [o for o in self.weekdays
                    if (iso := _iso(tok, o)) and datetime.date.fromisoformat(iso).weekday() == wd]
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

    def decide(self, ctx: _Ctx) -> tuple[str | None, str]:
        if self.first is None:
            return None, ""
        if self.evidence:
            order, no, text = self.evidence
            if self.conflict:
                c_order, c_no, c_text = self.conflict
                ctx.guess(c_no, "date order", f"{c_text!r} reads {c_order} but line {no} "
                          f"({text!r}) reads {order}: every date is read {order}")
            return order, f"line {no} ({text.strip()!r}) has a field above 12"
        if self.hint:
            order, no, text = self.hint
            return order, f"the header's date on line {no} ({text.strip()!r})"
        fit = [(o, nos) for o, nos in self.weekdays.items() if nos]
        if len(fit) == 1:
            order, nos = fit[0]
            return order, (f"the weekday of {len(nos)} date line{'s' if len(nos) > 1 else ''} "
                           f"fits it only (line {nos[0]})")
        ctx.guess(self.first, "date order", "no date in this file says whether it is "
                  "month-first or day-first: read month-first (the default)")
        return "month-first", "default (no date settles it)"


# --- the line shapes, one regex each ------------------------------------------------------
_TIME = (r"(?:(?:午前|午後|오전|오후)\s?)?\d{1,2}:\d{2}(?::\d{2})?"
         r"(?:[ \u00a0\u202f]?[AaPp]\.?[Mm]\.?(?![A-Za-z]))?")
_SEP = " \t\u3000"
_SEP_COLON = _SEP + ":："
RE_PLAIN_BRACKET = re.compile(r"^\[(?P<time>" + _TIME + r")\][ \t\u3000]*(?P<rest>.*)$")
RE_PLAIN_TIMED = re.compile(r"^(?P<time>" + _TIME + r")[ \t\u3000]+(?P<rest>\S.*)$")
RE_PLAIN_COLON = re.compile(
    r"^(?P<name>(?!\d+\s*[:：])[^\s:：@＠\[][^:：@＠\t]{0,31}?)\s*[:：](?!//)[ \t\u3000]*(?P<text>.*)$"
)
RE_NAME_COLON = re.compile(r"\s*[:：](?!//)[ \t\u3000]*")
RE_FIRST_TOKEN = re.compile(r"^(?P<name>[^\s:：]+)(?:[:：][ \t\u3000]*|[ \t\u3000]+|$)(?P<text>.*)$")
RE_LINE_HEADER = re.compile(
    r"(?:\[LINE\]|保存日時\s*[：:]|Saved on\s*:|Chat history (?:in|with) "
    r"|.{1,120}(?:のトーク履歴|とのトーク履歴)$)"
)
RE_SAVED = re.compile(r"(?:保存日時\s*[：:]|Saved on\s*:)\s*(?P<when>.*)")
RE_LINE_MSG = re.compile(r"^(?P<time>" + _TIME + r")\t(?:(?P<name>[^\t]*)\t)?(?P<text>.*)$")
RE_LINE_PC_MSG = re.compile(r"^(?P<time>" + _TIME + r")[ \u3000](?P<rest>\S.*)$")
EM_DASH = "\u2014"  # Discord headers: "name — time" (split with str methods: no backtracking)
EDITED = ("(edited)", "(編集済)", "（編集済）", "(編集済み)")
DCE_BANNER = "=" * 62
RE_DCE_HEAD = re.compile(r"^\[(?P<when>[^\]]+)\] (?P<name>.+?)(?: \(pinned\))?$")
RE_DCE_SECTION = re.compile(r"^\{(?:Attachments|Embed|Stickers|Reactions|Forwarded Message)\}$")
RE_ISO = re.compile(r"^(?P<date>\d{4}-\d{2}-\d{2})[T ](?P<time>\d{2}:\d{2}(?::\d{2})?)")
CSV_HEADER = ["AuthorID", "Author", "Date", "Content"]
#: DiscordChatExporter JSON message types that are a person's message; any other type
#: (calls, channel name or icon changes, pins, joins…) is a system line
DCE_MESSAGE_TYPES = frozenset({"Default", "Reply"})

# --- LINE system lines ------------------------------------------------------------------
_WHO = r"(?P<who>.{1,40}?)"
_SYSTEM = [(key, re.compile(p)) for key, p in (  # (a word it needs, the whole shape)
    ("取り消しました", rf"{_WHO}\s*がメッセージの送信を取り消しました。?"),
    ("参加しました", rf"{_WHO}\s*が(?:グループに|トークに)?参加しました。?"),
    ("退会しました", rf"{_WHO}\s*が(?:グループを|トークを)?退会しました。?"),
    ("招待しました", rf"{_WHO}\s*が\s*.{{1,80}}?\s*を(?:グループ|トーク)?に?招待しました。?"),
    ("削除しました", rf"{_WHO}\s*が\s*.{{1,80}}?\s*を(?:グループから|トークから)?削除しました。?"),
    ("退会させました", rf"{_WHO}\s*が\s*.{{1,80}}?\s*を(?:グループから|トークから)?退会させました。?"),
    ("変更しました", rf"{_WHO}\s*が(?:グループ|トーク)?の?(?:名前|名|アイコン|画像|プロフィール画像|背景"
     r"|カバー)を.{0,80}変更しました。?"),
    ("アナウンス", rf"{_WHO}\s*が.{{0,80}}?アナウンス(?:しました|を解除しました|を登録しました)。?"),
    ("通話を", rf"{_WHO}\s*が(?:グループ|ビデオ|音声)?通話を(?:開始|終了)しました。?"),
    ("ノートに", rf"{_WHO}\s*がノートに.{{0,80}}投稿しました。?"),
    ("アルバム", rf"{_WHO}\s*がアルバム.{{0,80}}を(?:作成|追加|削除)しました。?"),
    (" unsent ", rf"{_WHO} unsent a message\.?"),
    (" the ", rf"{_WHO} (?:joined|left|has left) the (?:group|chat)\.?"),
    (" invited ", rf"{_WHO} invited .{{1,80}}?(?: to the (?:group|chat))?\.?"),
    (" removed ", rf"{_WHO} removed .{{1,80}}? from the (?:group|chat)\.?"),
    (" changed the ", rf"{_WHO} changed the (?:group|chat)(?:'s)? (?:name|photo|icon|picture"
     r"|profile photo|cover|background).{0,80}"),
    (" announcement", rf"{_WHO} (?:made|pinned|removed|unpinned|deleted) an announcement\.?"),
    (" call", rf"{_WHO} (?:started|ended) a (?:group |video |voice )?call\.?"),
    (" album", rf"{_WHO} (?:created|added photos to|deleted) (?:an |the )?album.{{0,80}}"),
    (" note", rf"{_WHO} posted (?:a|to the) note.{{0,80}}"),
)]
RE_SYSTEM_BARE = re.compile(  # system lines that name nobody (or carry the name in a field)
    r"[☎📞]\ufe0f?.*|(?:グループ)?通話が(?:開始|終了)されました。?|Group call (?:started|ended)\.?"
    r"|Missed call|Canceled call|Call time \d+:\d{2}(?::\d{2})?"
    r"|メッセージの送信を取り消しました。?|unsent a message\.?"
)
RE_SYSTEM_EN_HINT = re.compile(
    r" (?:unsent|joined|left|invited|removed|changed|made|pinned|unpinned|deleted|started"
    r"|ended|created|added|posted) "
)
_SYSTEM_JA_END = ("ました", "ました。")


def _system_who(text: str) -> str | None:
    """For a LINE system line, who it names ("" when nobody); None if it is not one."""
    if len(text) > 160:  # bounds the shapes' backtracking: a system line is short
        return None
    if not (text[:1] in "☎📞" or text.endswith(_SYSTEM_JA_END) or RE_SYSTEM_EN_HINT.search(text)
            or text.startswith(("Group call", "Missed call", "Canceled call", "Call time",
                                "unsent"))):
        return None
    if RE_SYSTEM_BARE.fullmatch(text):
        return ""
    for key, rx in _SYSTEM:
        m = rx.fullmatch(text) if key in text else None
        if m:
            return m["who"].strip()
    return None


# --- Discord interface residue -------------------------------------------------------------
RE_HOVER = re.compile(rf"\[ ?{_CLOCK}\]")
RE_SIZE = re.compile(r"\d+(?:[.,]\d+)?\s?(?:bytes|B|KB|MB|GB|KiB|MiB|バイト)", re.IGNORECASE)
RE_FILENAME = re.compile(r"[^\s/\\]{1,200}\.[A-Za-z0-9]{1,6}")
RE_COUNT = re.compile(r"\d{1,4}")
RE_CUSTOM_EMOJI = re.compile(r":[A-Za-z0-9_~\-]{2,32}:")
RE_URL = re.compile(r"https?://([^/\s:?#]+)")
RE_DATE_ONLY = re.compile(rf"(?:{_WD},?\s+)?{_DATE}")
RESIDUE_WORDS = {
    "Image": "image placeholder", "画像": "image placeholder", "GIF": "image placeholder",
    "Expand": "expand button", "展開": "expand button", "Jump": "jump link",
}
_TAG = re.compile(r"APP|BOT|アプリ|SYSTEM|[A-Z0-9]{2,4}")
_EMOJI_CATS = frozenset({"So", "Sk", "Mn", "Me", "Cf", "Cn"})


def _is_emoji(s: str) -> bool:
    if RE_CUSTOM_EMOJI.fullmatch(s):
        return True
    return 0 < len(s) <= 8 and all(unicodedata.category(c) in _EMOJI_CATS for c in s)


def _is_reaction(s: str) -> bool:
    """``👍 3``, ``:kek: 2`` (an emoji and its count on one line)."""
    head, _sp, count = s.rpartition(" ")
    if not head:
        k = len(s.rstrip("0123456789"))
        head, count = s[:k], s[k:]
    return bool(count) and RE_COUNT.fullmatch(count) is not None and _is_emoji(head.strip())


def _squash(s: str) -> str:
    return "".join(c for c in s.lower() if c.isalnum())


def _site_matches(line: str, host: str) -> bool:
    """A link embed's site name names the link's host (``YouTube`` for youtube.com)."""
    name = _squash(line)
    labels = [x for x in host.lower().split(".") if len(x) >= 3 and x not in ("www", "com")]
    return bool(name) and any(x in name or (len(name) >= 3 and name in x) for x in labels)


# --- small helpers ---------------------------------------------------------------------
def _normalize(text: str) -> str:
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def _no_fit(source: str, lineno: int, line: str, what: str) -> ChatFormatError:
    shown = line if len(line) <= 80 else line[:77] + "..."
    return ChatFormatError(source, f"{what}: {shown!r}", lineno)


def _first_nonblank(lines: list[str]) -> tuple[int, str]:
    return next(((k, s) for k, s in enumerate(lines, 1) if s.strip()), (1, ""))


def _join_continuations(out: list[ChatLine], more: dict[int, list[str]],
                        ends: dict[int, int]) -> list[ChatLine]:
    """Append each message's continuation lines (kept aside while reading, so that a long
    message is joined once, not once per line) to its text and raw."""
    for i, extra in more.items():
        msg = out[i]
        msg.text = "\n".join([msg.text, *extra])
        msg.raw = "\n".join([msg.raw, *extra])
        msg.end = ends[i]
    return out


_RE_LEAD_SEP = re.compile(r"^[ \t\u3000]*[:：]?[ \t\u3000]*")


def _roster_split(rest: str, names: Sequence[str]) -> tuple[str, str] | None:
    """Split ``name text`` against the known names, longest first."""
    for name in names:
        if not rest.startswith(name):
            continue
        after = rest[len(name):]
        if not after or after[0] in _SEP_COLON:
            return name, _RE_LEAD_SEP.sub("", after, count=1)
    return None


def _split_speaker(rest: str, names: Sequence[str], colon: bool) -> tuple[str, str] | None:
    """Split ``name text`` against the known names (longest first), then by shape."""
    hit = _roster_split(rest, names) if names else None
    if hit:
        return hit
    m = (RE_PLAIN_COLON.match(rest) if colon else None) or RE_FIRST_TOKEN.match(rest)
    return (m["name"], m["text"]) if m else None


def _quote_state(s: str) -> str:
    """A line inside a LINE quoted message: ``open`` (goes on), ``closed`` (its last
    character is the closing quote) or ``bad`` (a lone quote before the end)."""
    t = s.replace('""', "")  # left-to-right pairs, exactly as LINE doubles quotes
    k = t.find('"')
    return "open" if k < 0 else "closed" if k == len(t) - 1 else "bad"


class _Stops:
    """The first index at or after i whose line is not ``open``, scanned lazily: the
    queries come in increasing order, so every line is scanned at most once."""

    __slots__ = ("lines", "lo", "hi")

    def __init__(self, lines: list[str]) -> None:
        self.lines, self.lo, self.hi = lines, 0, -1

    def __getitem__(self, i: int) -> int:
        if not self.lo <= i <= self.hi:
            j, lines = i, self.lines
            while j < len(lines) and _quote_state(lines[j]) == "open":
                j += 1
            self.lo, self.hi = i, j
        return self.hi


def _take_quoted(first: str, lines: list[str], i: int, stops: _Stops) -> tuple[str, int] | None:
    """A LINE multi-line message opening with ``"`` on ``first`` (lines[i] follows it):
    (unquoted text, index after the closing line), or None if it is not one."""
    if not first.startswith('"') or _quote_state(first[1:]) != "open":
        return None
    j = stops[i]
    if j == len(lines) or _quote_state(lines[j]) != "closed":
        return None
    return "\n".join([first[1:], *lines[i : j + 1]])[:-1].replace('""', '"'), j + 1


# --- plain ------------------------------------------------------------------------------
def _plain_shape(line: str, names: Sequence[str]) -> tuple[str, str, str | None] | None:
    """(speaker, text, time) of a plain line, time-prefixed shapes first; None if no shape."""
    for rx, colon in ((RE_PLAIN_BRACKET, True), (RE_PLAIN_TIMED, False)):
        m = rx.match(line)
        time = _norm_time(m["time"]) if m else None
        # an impossible time ([25:99:99]) still opens a message, with no time: the engine
        # tells the GM (never glued onto the message before)
        hit = _split_speaker(m["rest"], names, colon) if m and (time or colon) else None
        if hit:
            return hit[0], hit[1], time
    for name in names:
        sep = RE_NAME_COLON.match(line, len(name)) if line.startswith(name) else None
        if sep:
            return name, line[sep.end():], None
    m = RE_PLAIN_COLON.match(line)
    return (m["name"], m["text"], None) if m else None


#: the commonest shape, `[21:03] name: text`, read in one match when `name` is a known
#: speaker (the general path below gives the same result, several times slower)
RE_PLAIN_FAST = re.compile(r"\[(?:[01][0-9]|2[0-3]):[0-5][0-9]\][ \t\u3000]*([^:：\t]{1,64}?)[:：]"
                           r"(?!//)[ \t\u3000]*(.*)")


def _read_plain(lines: list[str], ctx: _Ctx, names: Sequence[str]) -> list[ChatLine]:
    """Plain pastes, straight into ChatLines (the bulk format: no drafts in between)."""
    source = ctx.source
    out: list[ChatLine] = []
    more: dict[int, list[str]] = {}  # message index -> continuation lines
    ends: dict[int, int] = {}
    blanks: list[str] = []
    known = frozenset(names)
    fast = RE_PLAIN_FAST.fullmatch
    make = ChatLine  # positional: source, lineno, speaker, text, raw, date, time
    for no, line in enumerate(lines, 1):
        m = fast(line) if known and not blanks else None
        if m is not None:
            who, text = m.groups()
            if who in known:
                out.append(make(source, no, who, text, line, None, line[1:6]))
                continue
        if not line.strip():
            blanks.append(line)
            continue
        shape = _plain_shape(line, names)
        if shape:
            out.append(make(source, no, shape[0], shape[1], line, None, shape[2]))
        elif out:
            more.setdefault(len(out) - 1, []).extend([*blanks, line])
            ends[len(out) - 1] = no
        else:
            raise _no_fit(source, no, line, "line fits no plain chat shape")
        blanks = []
    return _join_continuations(out, more, ends)


# --- LINE (phone and PC) -------------------------------------------------------------------
def _line_date(s: str) -> str | None:
    """The ISO date of a LINE date line read year-first or month-first (detection only)."""
    m = RE_LINE_DATE.fullmatch(s)
    tok = _date_tok(m) if m else None
    return _iso(tok, None) if tok else None


def _read_line(lines: list[str], ctx: _Ctx, names: Sequence[str], pc: bool) -> list[ChatLine]:
    source = ctx.source
    out: list[ChatLine] = []
    more: dict[int, list[str]] = {}
    ends: dict[int, int] = {}
    blanks: list[str] = []
    date: str | None = None  # the current date line, stripped (ISO once the order is known)
    toks: dict[str, tuple[DateTok | None, int]] = {}
    order = _Order()
    last: int | None = None  # index of the message continuation lines belong to
    stops = _Stops(lines)
    clock: dict[str, str | None] = {}  # time text -> 24-hour time (a log repeats them)
    pending: dict[int, str] = {}  # line-pc: message index -> "name text" split later
    system_names: set[str] = set()
    match = (RE_LINE_PC_MSG if pc else RE_LINE_MSG).match
    make = ChatLine
    n = len(lines)
    i = 0
    while i < n:
        line, no = lines[i], i + 1
        i += 1
        if not line or line.isspace():
            blanks.append(line)
            continue
        m = match(line)
        if m:
            stamp = m.group(1)
            time = clock[stamp] if stamp in clock else clock.setdefault(stamp, _norm_time(stamp))
        else:
            time = None
        if m and (time or not pc):  # an impossible time (25:99) opens a message, no time
            split_later = False
            if pc:
                rest = m["rest"]
                hit = _roster_split(rest, names) if names else None
                who = _system_who(rest)
                if who is not None and (hit is None or who in ("", hit[0])):
                    speaker, text = "", rest
                    if who:
                        system_names.add(who)
                elif hit:
                    speaker, text = hit
                else:
                    tm = RE_FIRST_TOKEN.match(rest)
                    speaker, text = (tm["name"], tm["text"]) if tm else (rest, "")
                    split_later = True
                if speaker and RE_SYSTEM_BARE.fullmatch(text):
                    speaker, split_later = "", False
            else:
                _stamp, speaker, text = m.groups("")
                if speaker and (text[-1:] in "た。" or text[:1] in "☎📞" or " " in text):
                    who = _system_who(text)
                    if who is not None and who in ("", speaker):
                        speaker = ""
            raw, end = line, 0
            quoted = _take_quoted(text, lines, i, stops) if text[:1] == '"' else None
            if quoted:
                text, i = quoted
                raw, end, split_later = "\n".join(lines[no - 1 : i]), i, False
            last = len(out)
            if split_later:
                pending[last] = m["rest"]
            out.append(make(source, no, speaker, text, raw, date, time, end))
        elif (dm := RE_LINE_DATE.fullmatch(line.strip())) is not None:
            date, last = line.strip(), None
            tok = _date_tok(dm)
            toks.setdefault(date, (tok, no))
            order.see(tok, no, date)
            ctx.skip(no, line, "date line")
        elif not out and RE_LINE_HEADER.match(line.strip()):
            ctx.skip(no, line, "header")
            saved = RE_SAVED.match(line.strip())
            when = _when(saved["when"]) if saved else None
            if when:
                order.see_header(when[0], no, line)
        elif last is not None:
            more.setdefault(last, []).extend([*blanks, line])
            ends[last] = no
        else:
            fmt = "line-pc" if pc else "line"
            raise _no_fit(source, no, line, f"line fits no {fmt} shape")
        blanks = []
    ctx.order, ctx.order_why = order.decide(ctx)
    iso: dict[str | None, str | None] = {None: None}
    for key, (tok, no) in toks.items():
        iso[key] = _iso(tok, ctx.order) if tok else None
        if iso[key] is None:
            ctx.guess(no, "date", f"date line {key!r} is no calendar date: its messages "
                      "have no date")
    for msg in out:
        msg.date = iso[msg.date]
    if pending:
        _split_pc_names(out, pending, system_names, ctx)
    return _join_continuations(out, more, ends)


RE_WORD_GAPS = re.compile(r"([ \u3000]+)")


def _prefixes(rest: str) -> list[tuple[str, str]]:
    """(``rest`` up to its k-th space, the word after it) for k = 1..4."""
    found: list[tuple[str, str]] = []
    words = RE_WORD_GAPS.split(rest, maxsplit=5)
    for k in range(2, min(len(words), 10), 2):
        prefix = "".join(words[: k - 1])
        found.append((prefix, words[k] if k < len(words) else ""))
    return found


def _split_pc_names(out: list[ChatLine], pending: dict[int, str], system_names: set[str],
                    ctx: _Ctx) -> None:
    """LINE PC lines whose name no roster gave: a name seen in a system line wins;
    otherwise the longest run of words that starts every line it starts (at least twice,
    followed by different words) is a name, and the guess is reported."""
    counts: dict[str, int] = {}
    nexts: dict[str, set[str]] = {}
    prefixes = {k: _prefixes(rest) for k, rest in pending.items()}
    for pre in prefixes.values():
        for prefix, word in pre:
            counts[prefix] = counts.get(prefix, 0) + 1
            nexts.setdefault(prefix, set()).add(word)
    known = sorted(system_names, key=len, reverse=True)
    guessed: dict[str, list[int]] = {}
    for k, rest in pending.items():
        hit = _roster_split(rest, known)
        pre = prefixes[k]
        if hit is not None:
            if " " in hit[0] or "\u3000" in hit[0]:
                guessed.setdefault(hit[0], []).append(out[k].lineno)
        elif pre and counts[pre[0][0]] >= 2:
            base, best = counts[pre[0][0]], ""
            for prefix, _word in pre[1:]:
                if counts[prefix] != base:
                    break
                if len(nexts[prefix]) >= 2:
                    best = prefix
            if best:
                hit = (best, rest[len(best):].lstrip(" \u3000"))
                guessed.setdefault(best, []).append(out[k].lineno)
        if hit:
            out[k].speaker, out[k].text = hit
    for name, nos in sorted(guessed.items(), key=lambda kv: kv[1][0]):
        why = "a system line names it" if name in system_names else f"it starts {len(nos)} lines"
        ctx.guess(nos[0], "name split", f"{name!r} read as one name with a space ({why}); "
                  "give the roster (--game) to be sure")


# --- Discord, copied from the client ------------------------------------------------------
Head = tuple[str, DateTok | None, str | None, int, int]  # name, date, time, next, dash line


def _discord_heads(lines: list[str]) -> dict[int, Head]:
    """Every message header by the index of its first line: ``name — time`` on one line,
    or the name (and an ``APP`` or server tag) on lines of their own before `` — time``."""
    heads: dict[int, Head] = {}
    for j, line in enumerate(lines):
        if EM_DASH not in line:
            continue
        lead, _dash, when_text = line.rpartition(EM_DASH)
        when = _when(when_text)
        if when is None:
            continue
        name = lead.strip()
        if name:
            name = name.removesuffix(" APP").removesuffix(" BOT").strip()
            if name and EM_DASH not in name:
                heads[j] = (name, when[0], when[1], j + 1, j)
            continue
        above = lines[j - 1].strip() if j >= 1 else ""
        if not above or (j - 1) in heads:
            continue
        two_up = lines[j - 2].strip() if j >= 2 else ""
        if two_up and _TAG.fullmatch(above) and (j - 2) not in heads and EM_DASH not in two_up:
            heads[j - 2] = (two_up, when[0], when[1], j + 1, j)
        else:
            heads[j - 1] = (above, when[0], when[1], j + 1, j)
    return heads


def _reply_preview(s: str, lines: list[str], i: int, heads: dict[int, Head],
                   out: list[ChatLine]) -> int:
    """How many lines from the current one (``s``, lines[i] follows it) are a reply
    preview above the next header: ``@name`` alone then the quoted text (2), or ``@name
    quoted text`` whose text an earlier message of that name starts with (1); else 0."""
    if " " not in s and i < len(lines) and lines[i].strip() and (i + 1) in heads \
            and i not in heads:
        return 2
    if i not in heads:
        return 0
    body = s[1:]
    if " " not in body:
        return 1
    for msg in islice(reversed(out), 50):  # a preview quotes a recent message
        k = len(msg.speaker)
        if k and body.startswith(msg.speaker) and body[k:k + 1] == " ":
            quoted = body[k + 1:].rstrip("…").removesuffix("...").strip()
            if quoted and msg.text.startswith(quoted):
                return 1
    return 0


def _read_discord(lines: list[str], ctx: _Ctx) -> list[ChatLine]:
    source = ctx.source
    heads = _discord_heads(lines)
    if not heads:
        no, line = _first_nonblank(lines)
        raise _no_fit(source, no, line, "no 'name \u2014 time' message header in this paste")
    order = _Order()
    for h in heads.values():
        order.see(h[1], h[4] + 1, lines[h[4]])
    ctx.order, ctx.order_why = order.decide(ctx)
    first = min(heads)
    for k in range(first):
        if lines[k].strip():
            ctx.skip(k + 1, lines[k], "before the first message (profile card, status…)")
    out: list[ChatLine] = []
    author: tuple[str, str | None, str | None] = ("", None, None)
    since = 0  # index in out of the current author's first message
    pending: list[str] = []  # residue of the next message (reply previews, hover times)
    after: dict[int, list[str]] = {}  # message index -> the residue that followed it
    hover_time: str | None = None  # a hover timestamp on its own line: the next message's
    carry = 0  # lines still to skip as residue of the same kind
    carry_why = ""
    embed = 0  # 1: a link's site name may follow; 2: its title may follow
    host = ""
    i = first
    n = len(lines)
    while i < n:
        if i in heads and not carry:
            name, tok, time, nxt, _dash = heads[i]
            date = _iso(tok, ctx.order) if tok else None
            if tok and date is None:
                ctx.guess(_dash + 1, "date", f"{lines[_dash].strip()!r} is no calendar date")
            for k in range(i, nxt):
                if lines[k].strip():
                    ctx.skip(k + 1, lines[k], "message header")
            author, since, embed, i = (name, date, time), len(out), 0, nxt
            hover_time = None
            continue
        line, no = lines[i], i + 1
        i += 1
        s = line.strip()
        if not s:
            continue
        why = ""
        if carry:
            why, carry = carry_why, carry - 1
        elif s[0] == "[" and RE_HOVER.fullmatch(s):
            why = "hover timestamp"
        elif s in RESIDUE_WORDS:
            why = RESIDUE_WORDS[s]
        elif RE_SIZE.fullmatch(s):
            why = "attachment size"
        elif i < n and RE_FILENAME.fullmatch(s) and RE_SIZE.fullmatch(lines[i].strip()):
            why = "attachment name"
        elif RE_COUNT.fullmatch(s) or _is_reaction(s) or (
                _is_emoji(s) and i < n and RE_COUNT.fullmatch(lines[i].strip())):
            why = "reaction"
        elif embed == 1 and len(s) <= 40 and "@" not in s and not RE_URL.search(s) \
                and _site_matches(s, host):
            why, embed = "link embed", 2
        elif embed == 2 and "@" not in s and not RE_URL.search(s):
            why, embed = "link embed", 0
        elif s[0] in "@＠" and (k := _reply_preview(s, lines, i, heads, out)):
            why, carry, carry_why = "reply preview", k - 1, "reply preview"
        elif RE_DATE_ONLY.fullmatch(s):
            why = "date divider"
        if why:
            ctx.skip(no, line, why)
            if why == "hover timestamp":
                hover = RE_HOVER.fullmatch(s)
                hover_time = _clock(hover) if hover else None
            if why in ("reply preview", "hover timestamp") or len(out) == since:
                pending.append(line)  # the next message's (or no message yet of this author)
            else:
                after.setdefault(len(out) - 1, []).append(line)
            continue
        text, time, hover_time = line, hover_time or author[2], None
        hover = RE_HOVER.match(s) if s[0] == "[" else None
        if hover:
            text, time = s[hover.end():].lstrip(), _clock(hover) or time
        stripped = text.rstrip()
        for mark in EDITED:
            if stripped.endswith(mark):  # "(edited)" is Discord's, not the author's
                text = stripped.removesuffix(mark).rstrip()
        url = RE_URL.search(text)
        embed, host = (1, url[1]) if url else (0, "")
        raw = "\n".join([*pending, line]) if pending else line
        pending = []
        out.append(ChatLine(source, no, author[0], text, raw, author[1], time))
    for k, residue in after.items():
        out[k].raw = "\n".join([out[k].raw, *residue])
    return out


# --- DiscordChatExporter -------------------------------------------------------------------
def _content_end(lines: list[str], end: int) -> int:
    """Index just past the last non-blank line of ``lines[:end]``."""
    while end > 0 and not lines[end - 1].strip():
        end -= 1
    return end


def _dce_txt_message(ctx: _Ctx, no: int, head: re.Match[str], when: tuple[DateTok | None, str | None],
                     body: list[str]) -> ChatLine:
    """One DCE TXT message: content up to the first ``{Section}``; raw keeps sections."""
    body = body[: _content_end(body, len(body))]
    cut = next((k for k in range(len(body))
                if RE_DCE_SECTION.match(body[k]) and (k == 0 or not body[k - 1].strip())),
               len(body))
    for k in range(cut, len(body)):
        if body[k].strip():
            ctx.skip(no + 1 + k, body[k], "exporter section")
    text = "\n".join(body[: _content_end(body, cut)])
    return ChatLine(ctx.source, no, head["name"], text, "\n".join([head.string, *body]), None,
                    when[1], no + len(body))


def _read_dce_txt(lines: list[str], ctx: _Ctx) -> list[ChatLine]:
    out: list[ChatLine] = []
    toks: list[DateTok | None] = []
    order = _Order()
    current: tuple[int, re.Match[str], tuple[DateTok | None, str | None]] | None = None
    body: list[str] = []
    in_meta = False  # between the banners of the preamble (Guild:, Channel:) or postamble
    for no, line in enumerate(lines, 1):
        s = line.strip()
        head = RE_DCE_HEAD.match(line) if line[:1] == "[" else None
        when = _when(head["when"]) if head else None
        if current and (when is not None or s == DCE_BANNER):
            out.append(_dce_txt_message(ctx, *current, body))
            current, body = None, []
        if s == DCE_BANNER:
            in_meta = not in_meta
            ctx.skip(no, line, "export banner")
        elif in_meta:
            if s:
                ctx.skip(no, line, "export banner")
        elif head and when is not None:
            current = (no, head, when)
            toks.append(when[0])
            order.see(when[0], no, head["when"])
        elif current:
            body.append(line)
        elif s:
            raise _no_fit(ctx.source, no, line, "line fits no DiscordChatExporter TXT shape")
    if current:
        out.append(_dce_txt_message(ctx, *current, body))
    _date_all(out, toks, order, ctx)
    return out


def _date_all(out: list[ChatLine], toks: list[DateTok | None], order: _Order, ctx: _Ctx) -> None:
    ctx.order, ctx.order_why = order.decide(ctx)
    for msg, tok in zip(out, toks, strict=True):
        if tok is not None:
            msg.date = _iso(tok, ctx.order)
            if msg.date is None:
                ctx.guess(msg.lineno, "date", "this message's date is no calendar date")


def _read_dce_csv(text: str, lines: list[str], ctx: _Ctx) -> list[ChatLine]:
    source = ctx.source
    out: list[ChatLine] = []
    toks: list[DateTok | None] = []
    order = _Order()
    reader = csv.reader(io.StringIO(text, newline=""))
    seen_header = False
    start = 1
    try:
        for row in reader:
            end = reader.line_num
            first, start = start, end + 1
            if not row or not any(f.strip() for f in row):
                for k in range(first, end + 1):
                    if lines[k - 1].strip():
                        ctx.skip(k, lines[k - 1], "empty CSV record")
                continue
            if not seen_header:
                if [f.strip() for f in row[:4]] != CSV_HEADER:
                    raise _no_fit(source, first, lines[first - 1], "not a DiscordChatExporter CSV header")
                seen_header = True
                ctx.skip(first, lines[first - 1], "CSV header")
                continue
            if len(row) < 4:
                raise _no_fit(source, first, lines[first - 1], "CSV record has fewer than 4 fields")
            raw = "\n".join(lines[first - 1 : end])
            iso = RE_ISO.match(row[2].strip())
            if iso:
                toks.append(None)
                out.append(ChatLine(source, first, row[1], row[3], raw, iso["date"], iso["time"],
                                    end))
                continue
            when = _when(row[2]) or (None, None)
            toks.append(when[0])
            order.see(when[0], first, row[2])
            out.append(ChatLine(source, first, row[1], row[3], raw, None, when[1], end))
    except csv.Error as e:
        raise ChatFormatError(source, f"invalid CSV: {e}", min(start, len(lines))) from None
    _date_all(out, toks, order, ctx)
    return out


def _read_dce_json(text: str, ctx: _Ctx) -> list[ChatLine]:
    source = ctx.source
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise ChatFormatError(source, f"invalid JSON: {e.msg}", e.lineno) from None
    except (ValueError, RecursionError) as e:
        raise ChatFormatError(source, f"invalid JSON: {e}", 1) from None
    messages = doc.get("messages") if isinstance(doc, dict) else None
    if not isinstance(messages, list):
        raise ChatFormatError(source, 'not a DiscordChatExporter JSON export: no "messages" list',
                              1)
    out: list[ChatLine] = []
    for k, msg in enumerate(messages, 1):
        author = msg.get("author") if isinstance(msg, dict) else None
        name = (author.get("nickname") or author.get("name")) if isinstance(author, dict) else None
        content = msg.get("content", "") if isinstance(msg, dict) else None
        stamp = msg.get("timestamp", "") if isinstance(msg, dict) else None
        kind = msg.get("type", "Default") if isinstance(msg, dict) else None
        if not isinstance(name, str) or not isinstance(content, str) or not isinstance(stamp, str):
            raise ChatFormatError(source, f"message #{k} lacks a string author name or content", 1)
        try:
            raw = json.dumps(msg, ensure_ascii=False, sort_keys=True)
        except (ValueError, TypeError, RecursionError) as e:
            raise ChatFormatError(source, f"message #{k} cannot be serialized: {e}", 1) from None
        iso = RE_ISO.match(stamp)
        speaker = name if kind in DCE_MESSAGE_TYPES else ""
        out.append(ChatLine(source, k, speaker, content, raw, iso["date"] if iso else None,
                            iso["time"] if iso else None))
    return out


# --- public API --------------------------------------------------------------------------
def decode(data: bytes, source: str) -> str:
    """UTF-8 (with or without BOM), UTF-16 with a BOM (Windows Notepad's "Unicode"),
    else cp932; CRLF and CR become LF."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return _normalize(data.decode("utf-16"))
        except UnicodeDecodeError as e:
            lineno = data[: e.start].decode("utf-16", errors="replace").count("\n") + 1
            raise ChatFormatError(source, f"cannot decode: broken UTF-16 ({e.reason})",
                                  lineno) from None
    bom = data.startswith(b"\xef\xbb\xbf")
    body = data[3:] if bom else data
    try:
        return _normalize(body.decode("utf-8"))
    except UnicodeDecodeError as e:
        bad_at = e.start
    if not bom:
        try:
            return _normalize(data.decode("cp932"))
        except UnicodeDecodeError:
            pass
    lineno = body[:bad_at].count(b"\n") + 1
    bad = body[bad_at : bad_at + 1].hex()
    raise ChatFormatError(source, f"cannot decode: neither UTF-8 nor cp932 (byte 0x{bad})", lineno)


_SNIFF_CHARS = 64_000  # detection reads the head of a log only (60 non-blank lines)


def detect_format(text: str, source: str = "<log>") -> str:
    """Sniff the format: JSON, CSV header, 62-'=' banner, LINE, Discord, then plain."""
    head_text = text[:_SNIFF_CHARS]
    lines = _normalize(head_text).split("\n")
    if len(head_text) < len(text):
        lines = lines[:-1] or lines  # the last one may be cut in the middle
    nonblank = list(islice(((no, line) for no, line in enumerate(lines, 1) if line.strip()), 60))
    if not nonblank:
        return "plain"
    first_no, first_line = nonblank[0]
    first = first_line.strip()
    if first.startswith("{"):
        return "dce-json"
    try:
        header = next(csv.reader([first]))
    except (csv.Error, StopIteration):
        header = []
    if [f.strip() for f in header[:4]] == CSV_HEADER:
        return "dce-csv"
    if first == DCE_BANNER:
        return "dce-txt"
    head = [line.strip() for _, line in nonblank]
    if RE_LINE_HEADER.match(first) or any(RE_LINE_MSG.match(line) for _, line in nonblank):
        return "line"
    if any(_line_date(s) for s in head) and any(RE_LINE_PC_MSG.match(s) for s in head):
        return "line-pc"  # date lines and `21:03 name text` lines, no tab: LINE for PC
    heads = _discord_heads(lines[: nonblank[-1][0]])
    if heads:  # a Discord paste, unless most other lines are plain `name: text` lines
        plain = sum(1 for no, s in nonblank if no - 1 not in heads and _plain_shape(s, ()))
        if 2 * plain <= len(nonblank):
            return "discord"
    if _plain_shape(first_line, ()):
        return "plain"
    raise _no_fit(source, first_no, first_line, "no chat format fits this line")


def read_chat(
    data: bytes | str, source: str, fmt: str | None = None, names: Sequence[str] = ()
) -> Reading:
    """Read a whole chat log: the messages, what was skipped, every guess made."""
    if fmt is not None and fmt not in FORMATS:
        raise ChatFormatError(source, f"unknown chat format {fmt!r}; known: {', '.join(FORMATS)}")
    if isinstance(data, bytes | bytearray | memoryview):
        text = decode(bytes(data), source)
    elif isinstance(data, str):
        text = _normalize(data)
    else:
        raise ChatFormatError(source, f"cannot read a log from {type(data).__name__}")
    detected = fmt is None
    key = None
    if len(text) >= _CACHE_MIN:  # the desk reads one paste twice: to show it, to resolve it
        key = (text, source, fmt, names if isinstance(names, str) else frozenset(names))
        hit = _RECENT.get(key)
        if hit is not None:
            return Reading(hit.source, hit.format, hit.detected, list(hit.messages),
                           list(hit.skipped), list(hit.guesses), hit.date_order,
                           hit.date_order_why)
    reading = _read_text(text, source, fmt, names, detected)
    if key is not None:
        _RECENT[key] = reading
        while len(_RECENT) > 4:
            del _RECENT[next(iter(_RECENT))]
        return Reading(reading.source, reading.format, reading.detected, list(reading.messages),
                       list(reading.skipped), list(reading.guesses), reading.date_order,
                       reading.date_order_why)
    return reading


#: the last few long texts read, with their readings (messages are never changed after
#: reading, so a repeat shares them); a small cache, not a store
_RECENT: dict[tuple[object, ...], Reading] = {}
_CACHE_MIN = 10_000


def forget_readings() -> None:
    """Empty the cache of recent readings (benchmarks time reading itself)."""
    _RECENT.clear()


def _read_text(text: str, source: str, fmt: str | None, names: Sequence[str],
               detected: bool) -> Reading:
    ctx = _Ctx(source)
    if not text.strip():
        return Reading(source, fmt or "plain", detected, [])
    fmt = fmt or detect_format(text, source)
    known = sorted({n for n in ([names] if isinstance(names, str) else names) if n.strip()},
                   key=len, reverse=True)
    lines = text.split("\n")
    if fmt == "plain":
        messages = _read_plain(lines, ctx, known)
    elif fmt in ("line", "line-pc"):
        messages = _read_line(lines, ctx, known, fmt == "line-pc")
    elif fmt == "discord":
        messages = _read_discord(lines, ctx)
    elif fmt == "dce-txt":
        messages = _read_dce_txt(lines, ctx)
    elif fmt == "dce-csv":
        messages = _read_dce_csv(text, lines, ctx)
    else:
        messages = _read_dce_json(text, ctx)
    return Reading(source, fmt, detected, messages, ctx.skipped, ctx.guesses, ctx.order,
                   ctx.order_why)


def read_log(
    data: bytes | str, source: str, fmt: str | None = None, names: Sequence[str] = ()
) -> list[ChatLine]:
    """Read a whole chat log into messages; ``fmt`` forces the format."""
    return read_chat(data, source, fmt=fmt, names=names).messages


def read_file_bytes(path: str | os.PathLike[str], shown: str) -> bytes:
    """A log file's bytes; an operating-system error is a ChatFormatError naming it."""
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise ChatFormatError(shown, f"cannot read file: {e.strerror or e}") from None


def read_chat_file(
    path: str | os.PathLike[str],
    source: str | None = None,
    fmt: str | None = None,
    names: Sequence[str] = (),
) -> Reading:
    """Read a chat log file; ``source`` (for messages and errors) defaults to the path."""
    shown = source if source is not None else os.fsdecode(path)
    return read_chat(read_file_bytes(path, shown), shown, fmt=fmt, names=names)


def read_log_file(
    path: str | os.PathLike[str],
    source: str | None = None,
    fmt: str | None = None,
    names: Sequence[str] = (),
) -> list[ChatLine]:
    """Read a chat log file into messages (see ``read_chat_file``)."""
    return read_chat_file(path, source, fmt, names).messages
