"""What every chat reader shares: the types (``ChatLine``, ``Reading``, ``Skipped``,
``Guess``, ``Reader``), the context a reader fills, continuation joining, splitting a
speaker's name from the text, and the day-by-day layout both LINE exports share (a
header, date lines, quoted multi-line messages, system lines).

Format modules import this module and ``dates`` only, never each other.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache

from adjudicator.errors import ChatFormatError
from adjudicator.rooms import VILLAGE, Thread

from .dates import (
    RE_LINE_DATE,
    TIME,
    DateTok,
    Order,
    Relative,
    date_shape,
    date_tok,
    iso,
    late_clock,
    next_day,
    norm_time,
    when,
)


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
    keeps them.  Relative Discord dates (今日, Yesterday…) take their date from a date
    divider above them, else ``date`` is None.  ``edited`` is True when the export marks
    the message as edited after posting (Discord's "(edited)" / "(編集済)",
    DiscordChatExporter's edited timestamp): the engine tells the GM when such a
    message holds a command.  ``thread`` is the chat it was written in (input.thread):
    the village unless the phase came as several chats.

    The plain reader's fast path makes its messages without this ``__init__``, slot by
    slot (``plain.read``): a field added here is set there too (a test checks that a
    fast message equals the one the constructor makes).
    """

    source: str
    lineno: int
    speaker: str
    text: str
    raw: str
    date: str | None = None
    time: str | None = None
    end: int = 0
    edited: bool = False
    thread: Thread = VILLAGE

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
    ja: str = ""  # the same in the GM's words (read, resolve's diagnostics, the desk)


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
    relative: Relative | None = None


class Ctx:
    """What a reader collects besides messages."""

    __slots__ = ("source", "skipped", "guesses", "order", "order_why", "relative")

    def __init__(self, source: str) -> None:
        self.source = source
        self.skipped: list[Skipped] = []
        self.guesses: list[Guess] = []
        self.order: str | None = None
        self.order_why = ""
        self.relative: Relative | None = None

    def skip(self, lineno: int, text: str, why: str) -> None:
        self.skipped.append(Skipped(lineno, text, why))

    def guess(self, lineno: int | None, kind: str, message: str, ja: str = "") -> None:
        self.guesses.append(Guess(lineno, kind, message, ja))


@dataclass(frozen=True, slots=True)
class Sample:
    """The head of a log, as detection sees it: its lines (LF-separated) and the first
    non-blank ones (at most 60), with their 1-based numbers."""

    lines: list[str]
    nonblank: list[tuple[int, str]]

    @property
    def first(self) -> str:
        """The first non-blank line, stripped."""
        return self.nonblank[0][1].strip()


class Source:
    """What a reader reads: the whole text, its lines, the known names (longest first).

    ``lines`` (the text split at ``\\n``) is made on first use when not given: the plain
    reader's fast path takes every line from one match over the whole text and never
    needs the list."""

    __slots__ = ("text", "names", "_lines")

    def __init__(self, text: str, lines: list[str] | None, names: Sequence[str]) -> None:
        self.text, self.names, self._lines = text, names, lines

    @property
    def lines(self) -> list[str]:
        if self._lines is None:
            self._lines = self.text.split("\n")
        return self._lines


@dataclass(frozen=True, slots=True)
class Reader:
    """One chat format: its name (``--format``), a one-line description, ``sniff`` (does
    the head of a log look like this format?) and ``read`` (the messages; skipped lines
    and guesses go into the context).

    ``glance``, when given, is a cheap test that ``sniff`` could take the sample at all
    (False: detection skips the sniff), so that a plain log does not compile another
    format's patterns to be told no (LINE's and Discord's: about 14 million
    instructions).  Each is a consequence of its sniff's own test, never a guess
    (tests/chat/test_detection_glance.py holds detection equal with and without)."""

    name: str
    help: str
    sniff: Callable[[Sample], bool]
    read: Callable[[Source, Ctx], list[ChatLine]]
    glance: Callable[[Sample], bool] | None = None


# --- small helpers ---------------------------------------------------------------------
def normalize(text: str) -> str:
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def no_fit(source: str, lineno: int, line: str, what: str) -> ChatFormatError:
    shown = line if len(line) <= 80 else line[:77] + "..."
    return ChatFormatError(source, f"{what}: {shown!r}", lineno)


RE_SURROGATE = re.compile("[\ud800-\udfff]")


def has_surrogate(text: str) -> bool:
    """Whether ``text`` holds a lone surrogate (text we could never print or store)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def scrub(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD (the replacement character)."""
    return RE_SURROGATE.sub("\ufffd", text)


def first_nonblank(lines: list[str]) -> tuple[int, str]:
    return next(((k, s) for k, s in enumerate(lines, 1) if s.strip()), (1, ""))


def join_continuations(out: list[ChatLine], more: dict[int, list[str]],
                       ends: dict[int, int]) -> list[ChatLine]:
    """Append each message's continuation lines (kept aside while reading, so that a long
    message is joined once, not once per line) to its text and raw."""
    for i, extra in more.items():
        msg = out[i]
        msg.text = "\n".join([msg.text, *extra])
        msg.raw = "\n".join([msg.raw, *extra])
        msg.end = ends[i]
    return out


# --- a speaker's name and the text after it ---------------------------------------------
SEP = " \t\u3000"
_SEP_COLON = SEP + ":："
RE_PLAIN_BRACKET = re.compile(r"^\[(?P<time>" + TIME + r")\][ \t\u3000]*(?P<rest>.*)$")
RE_PLAIN_TIMED = re.compile(r"^(?P<time>" + TIME + r")[ \t\u3000]+(?P<rest>\S.*)$")
RE_PLAIN_COLON = re.compile(
    r"^(?P<name>(?!\d+\s*[:：])[^\s:：@＠\[][^:：@＠\t]{0,31}?)\s*[:：](?!//)[ \t\u3000]*(?P<text>.*)$"
)
RE_NAME_COLON = re.compile(r"\s*[:：](?!//)[ \t\u3000]*")
RE_FIRST_TOKEN = re.compile(r"^(?P<name>[^\s:：]+)(?:[:：][ \t\u3000]*|[ \t\u3000]+|$)(?P<text>.*)$")
_RE_LEAD_SEP = re.compile(r"^[ \t\u3000]*[:：]?[ \t\u3000]*")


def roster_split(rest: str, names: Sequence[str]) -> tuple[str, str] | None:
    """Split ``name text`` against the known names, longest first."""
    for name in names:
        if not rest.startswith(name):
            continue
        after = rest[len(name):]
        if not after or after[0] in _SEP_COLON:
            return name, _RE_LEAD_SEP.sub("", after, count=1)
    return None


def split_speaker(rest: str, names: Sequence[str], colon: bool) -> tuple[str, str] | None:
    """Split ``name text`` against the known names (longest first), then by shape."""
    hit = roster_split(rest, names) if names else None
    if hit:
        return hit
    m = (RE_PLAIN_COLON.match(rest) if colon else None) or RE_FIRST_TOKEN.match(rest)
    return (m["name"], m["text"]) if m else None


def plain_shape(line: str, names: Sequence[str]) -> tuple[str, str, str | None] | None:
    """(speaker, text, time) of a plain ``name: text`` line, time-prefixed shapes first;
    None if no shape fits (the plain reader's, also what Discord's sniff counts)."""
    for rx, colon in ((RE_PLAIN_BRACKET, True), (RE_PLAIN_TIMED, False)):
        m = rx.match(line)
        time = norm_time(m["time"]) if m else None
        # an impossible time ([25:99:99]) still opens a message, with no time: the engine
        # tells the GM (never glued onto the message before)
        hit = split_speaker(m["rest"], names, colon) if m and (time or colon) else None
        if hit:
            return hit[0], hit[1], time
    for name in names:
        sep = RE_NAME_COLON.match(line, len(name)) if line.startswith(name) else None
        if sep:
            return name, line[sep.end():], None
    m = RE_PLAIN_COLON.match(line)
    return (m["name"], m["text"], None) if m else None


# --- LINE's layout, shared by the phone and the PC export ---------------------------------
RE_LINE_HEADER = re.compile(
    r"(?:\[LINE\]|保存日時\s*[：:]|Saved on\s*:|Chat history (?:in|with) "
    r"|.{1,120}(?:のトーク履歴|とのトーク履歴)$)"
)
#: what a line ``RE_LINE_HEADER`` matches starts with, or else holds: a line with
#: neither is no LINE header, without compiling the pattern (detection looks first)
LINE_HEADER_STARTS = ("[LINE]", "保存日時", "Saved on", "Chat history ")
LINE_HEADER_HOLDS = "のトーク履歴"
RE_SAVED = re.compile(r"(?:保存日時\s*[：:]|Saved on\s*:)\s*(?P<when>.*)")

_WHO = r"(?P<who>.{1,40}?)"
#: (a word it needs, the whole shape), compiled on the first LINE system line (a plain
#: or Discord log never needs them: 20 patterns, a few ms of every start)
_SYSTEM_SHAPES = (
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
)


@cache
def _system_shapes() -> list[tuple[str, re.Pattern[str]]]:
    return [(key, re.compile(p)) for key, p in _SYSTEM_SHAPES]


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


def system_who(text: str) -> str | None:
    """For a LINE system line, who it names ("" when nobody); None if it is not one."""
    if len(text) > 160:  # bounds the shapes' backtracking: a system line is short
        return None
    if not (text[:1] in "☎📞" or text.endswith(_SYSTEM_JA_END) or RE_SYSTEM_EN_HINT.search(text)
            or text.startswith(("Group call", "Missed call", "Canceled call", "Call time",
                                "unsent"))):
        return None
    if RE_SYSTEM_BARE.fullmatch(text):
        return ""
    for key, rx in _system_shapes():
        m = rx.fullmatch(text) if key in text else None
        if m:
            return m["who"].strip()
    return None


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


#: what may indent a line: space, tab, ideographic space, no-break space
INDENT = " \t\u3000\u00a0"


def _stamp_time(stamp: str) -> tuple[str | None, bool]:
    time = norm_time(stamp)
    if time is not None:
        return time, False
    late = late_clock(stamp)
    return (late, True) if late is not None else (None, False)


def _guess_late(ctx: Ctx, no: int, stamp: str, time: str | None, next_day: bool) -> None:
    """The first 24:xx of a file read each way, listed for the GM (input.clock.24h)."""
    if next_day:
        ctx.guess(no, "time", f"{stamp!r} is read as {time} of the next day "
                  "(LINE writes the hours after midnight as 24:xx, 25:xx)",
                  f"「{stamp}」は翌日の{time}として読みました（LINEは午前0時より後を24:xx、"
                  "25:xxと書きます）")
    else:
        ctx.guess(no, "time", f"{stamp!r} comes before the day's other times: read as {time} "
                  "of the date above it (some phones write the hour after midnight as 24)",
                  f"「{stamp}」は上の日付の{time}として読みました（この日のほかの時刻より前に"
                  "あるため。午前0時台を24時と書く端末があります）")


def is_unsent(text: str) -> bool:
    """A LINE system line saying a message was unsent (送信取り消し)."""
    return "送信を取り消しました" in text or "unsent a message" in text


#: a LINE message line's split: (the line's match, its time or None) -> (speaker, text,
#: the text to split later or None), or None when the line opens no message
LineSplit = Callable[[re.Match[str], str | None], tuple[str, str, str | None] | None]
#: called once with the messages and {message index: text to split later}, before the
#: continuation lines are joined
AfterRead = Callable[[list[ChatLine], dict[int, str]], None]


def read_dated(lines: list[str], ctx: Ctx, fmt: str, match: Callable[[str], re.Match[str] | None],
               split: LineSplit, after: AfterRead | None = None,
               fast: Callable[[str], re.Match[str] | None] | None = None) -> list[ChatLine]:
    """LINE's layout: an optional header, date lines, message lines (``match`` finds
    them, ``split`` reads them), quoted multi-line messages and continuation lines.
    ``fast``, when given, fullmatches the commonest message line in one go, its groups
    (a time of the same day, never ``24:xx``; the speaker, the text) exactly what
    ``match`` and ``split`` would make of it; anything else takes the general path."""
    source = ctx.source
    out: list[ChatLine] = []
    more: dict[int, list[str]] = {}
    ends: dict[int, int] = {}
    blanks: list[str] = []
    date: str | None = None  # the current date line, stripped (ISO once the order is known)
    toks: dict[str, tuple[DateTok | None, int]] = {}
    order = Order()
    last: int | None = None  # index of the message continuation lines belong to
    stops = _Stops(lines)
    clock: dict[str, tuple[str | None, bool]] = {}  # time text -> (24-hour time, next day)
    speakers: dict[str, str] = {}  # every message of a speaker shares one name string
    pending: dict[int, str] = {}  # message index -> "name text" split later
    rolled: list[int] = []  # messages at 24:xx / 25:xx read as the next day's 00:xx / 01:xx
    told: set[bool] = set()  # the readings of 24:xx a guess was made of (next day or not)
    timed = False  # a message of the current date line has a time of 00:00 to 23:59
    shape: str | None = None  # how this file writes its date lines (date_shape)
    #: a date line just read inside the messages, its effects held until the next line
    #: shows it is one: (line number, line, its match, the blank lines above it)
    held: tuple[int, str, re.Match[str], list[str]] | None = None
    make = ChatLine

    def settle() -> None:  # the held date line is one: its date counts from now on
        nonlocal held
        assert held is not None
        no, line, dm, _blanks = held
        tok = date_tok(dm)
        toks.setdefault(line.strip(), (tok, no))
        order.see(tok, no, line.strip())
        ctx.skip(no, line, "date line")
        held = None

    n = len(lines)
    i = 0
    while i < n:
        line, no = lines[i], i + 1
        i += 1
        fm = fast(line) if fast is not None else None
        if fm is not None:
            if held is not None:
                settle()
            timed = True
            stamp, speaker, text = fm.groups()
            hit = clock.get(stamp)
            if hit is None:
                hit = clock[stamp] = _stamp_time(stamp)  # never a next day's (see fast)
            last = len(out)
            out.append(make(source, no, speakers.setdefault(speaker, speaker), text, line,
                            date, hit[0], 0))
            blanks = []
            continue
        if not line or line.isspace():
            blanks.append(line)
            continue
        m = match(line)
        indented = False
        if m is None and line[0] in INDENT:  # an indented header still opens a message
            m = match(line.lstrip(INDENT))
            indented = m is not None
        got = None
        if m:
            stamp = m.group(1)
            hit = clock.get(stamp)
            if hit is None:
                hit = clock[stamp] = _stamp_time(stamp)
            time, roll = hit
            got = split(m, time)
            if time is None and got is None and last is not None:  # (a message with no
                # time is the engine's warning: "impossible time")
                ctx.guess(no, "time", f"{stamp!r} is no time of day: the line is read as "
                          "part of the message above",
                          f"「{stamp}」は時刻として読めないため、この行は上の発言の続きとして"
                          "読みました")
        if got is not None:
            if held is not None:
                settle()
            speaker, text, later = got
            speaker = speakers.setdefault(speaker, speaker)  # one string per speaker
            if roll:  # input.clock.24h: after the day's times, the next day; before, this one
                if timed not in told:
                    told.add(timed)
                    _guess_late(ctx, no, stamp, time, timed)
                if timed:
                    rolled.append(len(out))
            elif time is not None:
                timed = True
            if indented:
                ctx.guess(no, "indented", "this indented line starts with a whole message "
                          "header: read as a new message", "字下げした行が発言の形で始まるので、"
                          "新しい発言として読みました")
            raw, end = line, 0
            quoted = _take_quoted(text, lines, i, stops) if text[:1] == '"' else None
            if quoted:
                text, i = quoted
                raw, end, later = "\n".join(lines[no - 1 : i]), i, None
            last = len(out)
            if later is not None:
                pending[last] = later
            out.append(make(source, no, speaker, text, raw, date, time, end))
        elif (dm := RE_LINE_DATE.fullmatch(line.strip())) is not None and (
                last is None or shape in (None, date_shape(line.strip()))):
            if held is not None:
                settle()
            shape = shape or date_shape(line.strip())
            held = (no, line, dm, blanks)
            date, last, timed = line.strip(), None, False
        elif not out and RE_LINE_HEADER.match(line.strip()):
            ctx.skip(no, line, "header")
            saved = RE_SAVED.match(line.strip())
            saved_when = when(saved["when"]) if saved else None
            if saved_when:
                order.see_header(saved_when[0], no, line)
        elif last is not None:
            if dm is not None:  # a date, but not written as this file's date lines
                ctx.guess(no, "continued", f"{line.strip()!r} is not written as this file's "
                          "date lines: read as part of the message above",
                          f"「{line.strip()}」は日付のようですが、このファイルの日付の行と書き方が"
                          "違うため、上の発言の続きとして読みました")
            more.setdefault(last, []).extend([*blanks, line])
            ends[last] = no
        elif out:  # input.syntax of a whole file: only a missing first message refuses it
            last = len(out) - 1
            lead: list[str] = []
            if held is not None:  # the date line above was part of a message too
                lead = [*held[3], held[1]]
                date = out[last].date
                ctx.guess(held[0], "continued", f"{held[1].strip()!r} is followed by a line "
                          "that opens no message: both are read as part of the message above",
                          f"「{held[1].strip()}」の次の行が発言の形でないため、日付の行ではなく"
                          "上の発言の続きとして読みました")
                held = None
            else:
                ctx.guess(no, "continued", f"{line.strip()!r} fits no {fmt} shape: read as "
                          "part of the message above", f"「{line.strip()}」は発言の形でないため、"
                          "上の発言の続きとして読みました")
            more.setdefault(last, []).extend([*lead, *blanks, line])
            ends[last] = no
        else:
            raise no_fit(source, no, line, f"line fits no {fmt} shape")
        blanks = []
    if held is not None:
        settle()
    ctx.order, ctx.order_why = order.decide(ctx.guess)
    dates: dict[str | None, str | None] = {None: None}
    for key, (tok, no) in toks.items():
        dates[key] = iso(tok, ctx.order) if tok else None
        if dates[key] is None:
            ctx.guess(no, "date", f"date line {key!r} is no calendar date: its messages "
                      "have no date", f"日付の行「{key}」は暦にない日付のため、その日の発言は"
                      "日付なしで読みました")
    for msg in out:
        msg.date = dates[msg.date]
    for k in rolled:
        out[k].date = next_day(out[k].date)
    if pending and after is not None:
        after(out, pending)
    return join_continuations(out, more, ends)
