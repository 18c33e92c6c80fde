"""A phase that came as several chats (input.thread): a paste or a stored log that holds
several exports one after another, cut into its exports, each read on its own, and the
threads merged by date and time (input.thread.order).

``cut`` finds where an export starts: LINE's header (``[LINE] たろうとのトーク履歴`` /
``[LINE] Chat history with たろう``, or a title line followed by ``保存日時：`` /
``Saved on:``), DiscordChatExporter's TXT banner (the ``====`` line followed by
``Guild:``), its JSON document (a ``{`` line followed by ``"guild"``) and its CSV header,
and the separator ``adjudicator add`` writes between the files it is given
(``=== スレッド：たろう ===``; a GM may type it too, between exports that have no header
of their own: LINE for PC, Discord copies, plain pastes).  A text with one export is read
exactly as before (``read_threads`` then returns one part).

``merge`` puts the threads' messages in one order: by date and minute, a thread's own
messages in their order, messages of different threads at the same minute in the order
the threads were given.  Who a thread is (the village, a 1:1 chat, a group) is the
engine's to say (``adjudicator.threads``): this module knows the chat's name only.
"""

from __future__ import annotations

import heapq
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date as Date
from datetime import timedelta

from adjudicator.errors import ChatFormatError
from adjudicator.rooms import Thread

from .base import ChatLine, Guess, Reading, Relative, Skipped

#: the separator ``add`` writes between files (and a GM may type): ``=== スレッド：名前 ===``
RE_SEPARATOR = re.compile(
    r"^[=＝]{3,}[ \t\u3000]*(?:スレッド|thread)[ \t\u3000]*(?:[：:][ \t\u3000]*(?P<name>.*?))?"
    r"[ \t\u3000]*[=＝]{3,}$", re.IGNORECASE)
RE_LINE_TITLE = re.compile(
    r"^(?:\[LINE\][ \t\u3000]*)?(?:(?P<one>.+?)とのトーク履歴|(?P<group>.+?)のトーク履歴"
    r"|Chat history with (?P<one_en>.+)|Chat history in (?P<group_en>.+))$")
RE_SAVED = re.compile(r"^(?:保存日時[ \t\u3000]*[：:]|Saved on[ \t]*:)")
DCE_BANNER = "=" * 62
CSV_HEAD = re.compile(r'^"?AuthorID"?,"?Author"?,"?Date"?,"?Content"?')


def separator(name: str) -> str:
    """The line ``add`` writes before each file's text (its thread's name)."""
    return f"=== スレッド：{name} ===" if name else "=== スレッド ==="


def as_thread(text: str, name: str) -> str:
    """One chat's text after the separator line naming it (its chat's name where its own
    header gives none), ending with a newline: what ``add`` stores for each file of a
    phase of several chats, and ``add --append`` and the desk's 「スレッドを追加」 add."""
    return separator(name) + "\n" + text.removeprefix("\ufeff").rstrip("\n") + "\n"


def joined(old: str, more: str) -> str:
    """A stored log's text with ``more`` (chats after their separators) after it."""
    text = old.removeprefix("\ufeff").rstrip("\n")
    return text + "\n" + more if text else more


@dataclass(frozen=True, slots=True)
class Export:
    """One export of a text that holds several: where it starts (``first``, the 1-based
    line of the whole text), its text, and the chat's name as it gives it: ``title``
    from its own header, ``label`` from the separator before it; ``kind`` is what the
    header says of the chat (``private``: a 1:1 chat; ``group``; ``""``: nothing;
    ``village`` too where a JSON document names its thread, see ``_json_title``)."""

    first: int
    text: str
    title: str = ""
    kind: str = ""
    label: str = ""
    how: str = ""  # "LINE" | "DCE" | "separator" | "" (what cut it)

    @property
    def name(self) -> str:
        """The name the thread is known by: the header's, else the separator's."""
        return self.title or self.label


@dataclass(slots=True)
class Part:
    """One export as read: ``reading``'s line numbers count in the whole text."""

    export: Export
    reading: Reading


#: a line that may start an export (``_start`` decides): a separator or DCE's banner, DCE's
#: JSON document or CSV header, LINE's header lines (their title found by its words);
#: every other line is passed over by these searches (a 50,000-line export is searched
#: in about 2 ms and never split when it is one export)
_LEADS = re.compile(r"\n(?=[=＝{\"A\[保S])(?:[=＝{]|\"?AuthorID|\[LINE\]|保存日時|Saved on)")
_LEAD_AT_0 = re.compile(r"[=＝{]|\"?AuthorID|\[LINE\]|保存日時|Saved on")
_TITLE_WORDS = ("トーク履歴", "Chat history")


def _candidates(text: str) -> list[int]:
    """The starts of the lines that may start an export, in order."""
    found = {m.start() + 1 for m in _LEADS.finditer(text)}
    if _LEAD_AT_0.match(text):
        found.add(0)
    for word in _TITLE_WORDS:
        k = text.find(word)
        while k >= 0:
            found.add(text.rfind("\n", 0, k) + 1)
            k = text.find(word, k + len(word))
    return sorted(found)


class _Lines:
    """The lines of a text looked up by their start, without splitting the whole text."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def line(self, start: int) -> tuple[str, int]:
        """(the line starting at ``start``, the start of the next line or -1)."""
        end = self.text.find("\n", start)
        return (self.text[start:], -1) if end < 0 else (self.text[start:end], end + 1)

    def next_nonblank(self, start: int) -> str:
        """The first non-blank line among the three after the line at ``start``."""
        _line, nxt = self.line(start)
        for _ in range(3):
            if nxt < 0:
                return ""
            line, nxt = self.line(nxt)
            if line.strip():
                return line.strip()
        return ""

    def previous(self, start: int) -> str:
        if start == 0:
            return ""
        begin = self.text.rfind("\n", 0, start - 1) + 1
        return self.text[begin : start - 1]


def _start(src: _Lines, at: int) -> tuple[str, str, str] | None:
    """(how, title, kind) when an export starts at the line at ``at``, else None."""
    raw, _nxt = src.line(at)
    s = raw.strip()
    if not s:
        return None
    if s[0] in "=＝":
        m = RE_SEPARATOR.match(s)
        if m:
            return "separator", (m["name"] or "").strip(), ""
        if s == DCE_BANNER and src.next_nonblank(at).startswith("Guild:"):
            return "DCE", _dce_channel(src, at), ""
        return None
    if s == "{" and raw[:1] == "{" and src.next_nonblank(at).startswith('"guild"'):
        return "DCE", "", ""
    if s[0] == '"' or s[0] == "A":
        return ("DCE", "", "") if CSV_HEAD.match(s) else None
    m = RE_LINE_TITLE.match(s) if ("トーク履歴" in s or "Chat history" in s) else None
    if m and (s.startswith("[LINE]") or RE_SAVED.match(src.next_nonblank(at))):
        one = m["one"] or m["one_en"]
        return "LINE", (one or m["group"] or m["group_en"] or "").strip(), (
            "private" if one else "group")
    if RE_SAVED.match(s) and not RE_LINE_TITLE.match(src.previous(at).strip()):
        return "LINE", "", ""
    return None


def _dce_channel(src: _Lines, at: int) -> str:
    _line, nxt = src.line(at)
    for _ in range(5):
        if nxt < 0:
            break
        line, nxt = src.line(nxt)
        s = line.strip()
        if s.startswith("Channel:"):
            return s[len("Channel:"):].strip().rsplit(" / ", 1)[-1].strip()
    return ""


def cut(text: str) -> list[Export]:
    """The exports of ``text`` (already decoded, LF-separated), in order.  Blank lines
    between exports stay with the export above; a separator line belongs to none."""
    src = _Lines(text)
    # (line start offset, how, title, kind, label)
    starts: list[tuple[int, str, str, str, str]] = []
    seen = False  # a line that is no header since the last start
    last_end = 0  # where the text after the last candidate line begins
    for at in _candidates(text):
        if at < last_end:
            continue
        if text[last_end:at].strip():
            seen = True  # lines between candidates are no starts
        _line, nxt = src.line(at)
        last_end = len(text) if nxt < 0 else nxt
        hit = _start(src, at)
        if hit is None:
            seen = True
            continue
        how, title, kind = hit
        if starts and not seen:
            begin, last_how, _t, _k, label = starts[-1]
            if last_how == "separator" and how != "separator":
                starts[-1] = (begin, how, title, kind, label)  # the header after a separator
            continue  # else a header's second line (保存日時 after [LINE] …)
        starts.append((at, how, "", "", title) if how == "separator" else (at, how, title, kind, ""))
        seen = False
    if not starts or (len(starts) == 1 and not text[: starts[0][0]].strip()
                      and not RE_SEPARATOR.match(src.line(starts[0][0])[0].strip())):
        if not starts:
            return [Export(1, text)]
        _at, how, title, kind, label = starts[0]
        return [Export(1, text, title, kind, label, how)]
    out: list[Export] = []
    first = starts[0][0]
    if text[:first].strip():
        out.append(Export(1, text[:first].removesuffix("\n")))
    for n, (at, how, title, kind, label) in enumerate(starts):
        end = starts[n + 1][0] if n + 1 < len(starts) else len(text)
        body = at
        line, nxt = src.line(at)
        if RE_SEPARATOR.match(line.strip()):
            body = len(text) if nxt < 0 else nxt
        lineno = text.count("\n", 0, body) + 1
        out.append(Export(lineno, text[body:end].removesuffix("\n") if n + 1 < len(starts)
                          else text[body:end], title, kind, label, how))
    return out


def moved(m: ChatLine, by: int = 0, speaker: str | None = None,
          thread: Thread | None = None) -> ChatLine:
    """``m`` ``by`` lines further down, with ``speaker`` and ``thread`` when given:
    ``dataclasses.replace``'s answer, four times faster (a phase of chats copies every
    message; every field of ``ChatLine`` is named here, and a test holds the two equal)."""
    return ChatLine(m.source, m.lineno + by, m.speaker if speaker is None else speaker,
                    m.text, m.raw, m.date, m.time, m.end + by if m.end else 0, m.edited,
                    m.thread if thread is None else thread)


def _shift(reading: Reading, by: int) -> Reading:
    """``reading`` with its line numbers counted in the whole text (its messages copied:
    a reading may be shared with the recent readings' cache, and read again)."""
    if not by:
        return reading
    reading.messages = [moved(m, by) for m in reading.messages]
    reading.skipped = [Skipped(s.lineno + by, s.text, s.why) for s in reading.skipped]
    reading.guesses = [replace(g, lineno=None if g.lineno is None else g.lineno + by)
                       for g in reading.guesses]
    if reading.relative is not None:
        reading.relative = replace(reading.relative, lineno=reading.relative.lineno + by)
    return reading


#: the kinds a document may declare for its thread (``"thread": {"name", "kind"}``)
DECLARED_KINDS = ("village", "private", "group")


def _json_title(text: str) -> tuple[str, str]:
    """(channel name, kind) of a DiscordChatExporter JSON export ("" when not found).
    A document that names its thread (``"thread": {"name": …, "kind": "village" |
    "private" | "group"}``, written by ``discord pull``: ``discord_.layout``) gives that
    name and kind: the chat is what the game's setup made it, whatever the channel is
    called."""
    try:
        doc = json.loads(text)
    except ValueError:
        return "", ""
    if not isinstance(doc, dict):
        return "", ""
    declared = doc.get("thread")
    if isinstance(declared, dict):
        name, kind = declared.get("name"), declared.get("kind")
        if isinstance(name, str) and name.strip() and kind in DECLARED_KINDS:
            return name.strip(), str(kind)
    guild, channel = doc.get("guild"), doc.get("channel")
    name = channel.get("name") if isinstance(channel, dict) else None
    gname = guild.get("name") if isinstance(guild, dict) else None
    kind = "private" if gname == "Direct Messages" else ""
    return (name if isinstance(name, str) else ""), kind


def read_parts(text: str, source: str, fmt: str | None, names: Sequence[str],
               read: object) -> list[Part]:
    """Every export of ``text`` read with ``read`` (``chatlog.read_chat``), its line
    numbers counted in the whole text; a format error names the line of the whole text."""
    parts: list[Part] = []
    for ex in cut(text):
        try:
            reading = read(ex.text, source, fmt, names)  # type: ignore[operator]
        except ChatFormatError as e:
            if e.lineno is None or ex.first == 1:
                raise
            err = ChatFormatError(e.source, e.detail, e.lineno + ex.first - 1)
            err.detail_ja = e.detail_ja
            raise err from None
        if not reading.messages and not ex.name:
            continue  # blank lines or a lone separator
        if reading.format == "dce-json" and not ex.title:
            title, kind = _json_title(ex.text)
            ex = replace(ex, title=title, kind=kind or ex.kind)
        parts.append(Part(ex, _shift(reading, ex.first - 1)))
    return parts


# --- the merge ------------------------------------------------------------------------------
class ThreadOrderError(ChatFormatError):
    """A thread whose times cannot be placed against the others (input.thread.order)."""


#: a thread's first time this many hours before the phase's first (dated) time is read
#: as the next day (a 1:1 chat exported without dates, written after midnight)
ROLL_HOURS = 6


def _minutes(time: str) -> int:
    h, m = time.split(":")[:2]
    return int(h) * 60 + int(m)


def _day(iso: str) -> int:
    return Date.fromisoformat(iso).toordinal()


def _keys(msgs: Sequence[ChatLine], start: tuple[int, int] | None) -> list[tuple[int, int]] | None:
    """(day ordinal, minute) of every message of one thread, or None when it has no time
    at all.  A message with no time takes the key of the one before it (the first ones:
    the first timed one's); a thread with no dates is placed from ``start`` (the phase's
    first dated minute: the same day, or the next when it begins long before it), and
    goes on to the next day when its clock runs backwards by more than ``ROLL_HOURS``."""
    timed = [i for i, m in enumerate(msgs) if m.time]
    if not timed:
        return None
    dated = any(m.date for m in msgs)
    keys: list[tuple[int, int]] = []
    day: int | None = None
    last_min: int | None = None
    if not dated:
        first = _minutes(msgs[timed[0]].time)  # type: ignore[arg-type]
        if start is None:
            day = 0
        else:
            day = start[0] + (1 if first < start[1] - ROLL_HOURS * 60 else 0)
    for m in msgs:
        if m.date:
            try:
                day = _day(m.date)
            except ValueError:
                pass
        if m.time:
            now = _minutes(m.time)
            if not dated and last_min is not None and now < last_min - ROLL_HOURS * 60:
                day = (day or 0) + 1
            last_min = now
        keys.append((day if day is not None else -1, last_min if last_min is not None else -1))
    # the messages before the first timed (or dated) one take its key
    first_key = keys[timed[0]]
    for i in range(timed[0]):
        keys[i] = first_key
    return keys


def merge(threads: Sequence[Sequence[ChatLine]], labels: Sequence[str],
          phase_date: str | None = None, source: str = "<log>") -> list[ChatLine]:
    """The messages of ``threads`` in one order (input.thread.order): by date and minute;
    a thread's messages keep their order; at the same minute the earlier thread first.
    ``labels`` name the threads in an error; ``phase_date`` (ISO) places threads with
    no date when no other thread has one."""
    if len(threads) == 1:
        return list(threads[0])
    dated = [(_day(m.date), _minutes(m.time)) for t in threads for m in t
             if m.date and m.time and _valid(m.date)]
    start = min(dated) if dated else ((_day(phase_date), 0) if phase_date else None)
    if start is None:  # no dates anywhere: the first thread's first time is the start
        first = next((m.time for t in threads for m in t if m.time), None)
        start = (0, _minutes(first)) if first else None
    keyed: list[list[tuple[int, int, int, int, ChatLine]]] = []
    for n, msgs in enumerate(threads):
        keys = _keys(msgs, start)
        if keys is None:
            if not msgs:
                continue
            name = labels[n] if n < len(labels) else str(n + 1)
            err = ThreadOrderError(
                source, f"thread {name!r} has no time of day: it cannot be placed against "
                "the other chats of the phase", msgs[0].lineno)
            err.detail_ja = (f"「{name}」のチャットには時刻がないため、ほかのチャットと時刻順に"
                             "並べられません（時刻のある形式で書き出し直すか、このチャットを"
                             "別の日のログにしないでください）")
            raise err
        keyed.append([(d, mi, n, i, m) for i, ((d, mi), m) in enumerate(zip(keys, msgs,
                                                                             strict=True))])
    return [row[4] for row in heapq.merge(*keyed, key=lambda r: (r[0], r[1]))]


#: two phases in a row overlap by at most this (a late vote after the night began): a
#: phase's message more than this before the last moment of the phase before it is on
#: the next day, more than this after the first moment of the phase after it, the day
#: before (input.clock.date, ``place_relative``)
OVERLAP_MINUTES = 60

#: a moment known outside a phase's own messages: (ISO date, time, where it comes from,
#: in the GM's words: 「前のフェーズ（1日目 昼）のログ」)
Moment = tuple[str, str, str]


def place_relative(parts: Sequence[Part], before: Moment | None = None,
                   after: Moment | None = None) -> None:
    """input.clock.date: the messages a reader could not date (今日 / 昨日 with no date
    line above them, ``Reading.relative``) take the phase's date: the first dated moment
    of the phase's own messages (another chat's, or the same chat's), else the last
    moment of the phase before (``before``), else the first of the phase after
    (``after``).  The first of them is placed on that day, or the next when its time is
    more than ``ROLL_HOURS`` before the phase's own moment (as ``merge`` places a chat
    with no dates) or ``OVERLAP_MINUTES`` before the phase before's; from ``after``, the
    last of them on that day, or the day before when its time is more than
    ``OVERLAP_MINUTES`` after it; the others by their days relative to it; the reader's guess is replaced by one telling the GM which date was
    taken and from where.  With none of the three known, they stay undated, as the
    reader's guess says."""
    todo = [p for p in parts if p.reading.relative is not None]
    if not todo:
        return
    dated = [(_day(m.date), _minutes(m.time)) for p in parts for m in p.reading.messages
             if m.date and m.time and _valid(m.date)]
    for part in todo:
        reading = part.reading
        rel = reading.relative
        assert rel is not None
        msgs = reading.messages
        timed = [(i, d) for i, d in rel.days if msgs[i].time]
        if not timed:
            continue
        forward, slack = True, ROLL_HOURS * 60  # the moment is before the messages
        if dated:
            (a_day, a_min), whence = min(dated), "このフェーズのほかの発言の日付"
        elif before is not None and _valid(before[0]):
            (a_day, a_min), whence = (_day(before[0]), _minutes(before[1])), before[2] + "の日付"
            slack = OVERLAP_MINUTES
        elif after is not None and _valid(after[0]):
            (a_day, a_min), whence = (_day(after[0]), _minutes(after[1])), after[2] + "の日付"
            forward, slack = False, OVERLAP_MINUTES
        else:
            continue
        if forward:
            k, k_days = timed[0]
            late = _minutes(msgs[k].time) < a_min - slack  # type: ignore[arg-type]
            k_day = a_day + (1 if late else 0)
        else:
            k, k_days = timed[-1]
            early = _minutes(msgs[k].time) > a_min + slack  # type: ignore[arg-type]
            k_day = a_day - (1 if early else 0)
        for i, days in rel.days:
            msgs[i] = replace(msgs[i], date=Date.fromordinal(k_day + k_days - days).isoformat())
        shown = Date.fromisoformat(msgs[rel.days[0][0]].date or "")
        reading.guesses = [g for g in reading.guesses
                           if not (g.kind == "date" and g.lineno == rel.lineno)]
        reading.guesses.append(Guess(
            rel.lineno, "date", f"{rel.header!r} names a day relative to the day of copying "
            f"and no date divider above it says which: read as the phase's date, {shown}",
            f"「{rel.header}」はコピーした日から数えた日（今日・昨日）で、どの日かを決める日付の"
            f"区切りが上にないため、{whence}から{shown.year}年{shown.month}月{shown.day}日として"
            "読みました"))
        reading.relative = None


def _valid(iso: str) -> bool:
    try:
        Date.fromisoformat(iso)
    except ValueError:
        return False
    return True


def next_iso(iso: str) -> str:
    return (Date.fromisoformat(iso) + timedelta(days=1)).isoformat()


__all__ = ["Export", "Guess", "Moment", "Part", "Relative", "ThreadOrderError", "as_thread",
           "cut", "joined", "merge", "moved", "place_relative", "read_parts", "separator"]
