"""Reading chat logs: every supported export format into ``ChatLine`` messages.

``read_log`` / ``read_log_file`` decode the bytes (UTF-8 with or without BOM, else
cp932), detect the format (or take the one forced) and return one ``ChatLine`` per
message in file order.  The only exception ever raised is ``ChatFormatError``.
The formats and their measured shapes are described in
``shared/research/chat-formats.md``; ``FORMAT_HELP`` summarises them.
"""

from __future__ import annotations

import csv
import datetime
import io
import json
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice

from adjudicator.errors import ChatFormatError


@dataclass(slots=True)
class ChatLine:
    """One chat message as read from a log.

    ``lineno`` is the 1-based line of the file where the message starts (for the
    DiscordChatExporter JSON format, the 1-based index of the message).  ``text`` is the
    message text exactly as written (multi-line messages joined with ``\\n``), never
    normalized.  ``raw`` is the source text of the whole message as it stood in the file.
    ``speaker`` is ``""`` for system lines (joins, date changes the export marks as such).
    ``date`` is ``YYYY-MM-DD`` when the export gives one; ``time`` is 24-hour ``HH:MM`` or
    ``HH:MM:SS`` when the export gives one.

    Line numbers count ``\\n``-separated lines after CRLF/CR were turned into LF.  Only
    the separators a format puts around a message are removed from ``text``: LINE's
    quoting of multi-line messages (``""`` → ``"``) and Discord's trailing "(edited)";
    ``raw`` keeps them.  Relative Discord dates (今日, Yesterday…) give ``date`` None.
    """


    source: str
    lineno: int
    speaker: str
    text: str
    raw: str
    date: str | None = None
    time: str | None = None


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

# --- the shapes, one regex each -------------------------------------------------------
_TIME = r"(?:午前|午後)?\d{1,2}:\d{2}(?::\d{2})?(?:[ \u00a0\u202f]?[AaPp][Mm]\b)?"
_SEP = " \t\u3000"
_SEP_COLON = _SEP + ":："
RE_TIME = re.compile(
    r"^(?:(?P<jp>午前|午後)\s*)?(?P<h>\d{1,2}):(?P<m>\d{2})(?::(?P<s>\d{2}))?"
    r"(?:\s*(?P<ap>[AaPp])[Mm])?$"
)
RE_WHEN = re.compile(  # Discord / DiscordChatExporter timestamps
    r"^(?:(?P<rel>今日|昨日|一昨日|Today|Yesterday)"
    r"|(?P<y>\d{4})[/.\-年](?P<mo>\d{1,2})[/.\-月](?P<d>\d{1,2})日?"
    r"|(?P<mo2>\d{1,2})/(?P<d2>\d{1,2})/(?P<y2>\d{4}|\d{2}))?"
    r",?\s*(?:at\s+)?(?P<time>" + _TIME + r")$"
)
RE_PLAIN_BRACKET = re.compile(r"^\[(?P<time>" + _TIME + r")\][ \t\u3000]*(?P<rest>.*)$")
RE_PLAIN_TIMED = re.compile(r"^(?P<time>" + _TIME + r")[ \t\u3000]+(?P<rest>\S.*)$")
RE_PLAIN_COLON = re.compile(
    r"^(?P<name>(?!\d+\s*[:：])[^\s:：@＠\[][^:：@＠\t]{0,31}?)\s*[:：](?!//)[ \t\u3000]*(?P<text>.*)$"
)
RE_NAME_COLON = re.compile(r"\s*[:：](?!//)[ \t\u3000]*")
RE_FIRST_TOKEN = re.compile(r"^(?P<name>[^\s:：]+)(?:[:：][ \t\u3000]*|[ \t\u3000]+|$)(?P<text>.*)$")
RE_LINE_HEADER = re.compile(r"^(?:\[LINE\]|保存日時：|保存日時:|Saved on:)")
RE_LINE_DATE = re.compile(
    r"^(?P<y>\d{4})[/.](?P<mo>\d{1,2})[/.](?P<d>\d{1,2})(?:\s*[(（]\S{1,3}[)）]|\s+\S{1,3}曜日)?$"
)
RE_LINE_DATE_EN = re.compile(
    r"^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\.?,?\s+(?P<mo>\d{1,2})/(?P<d>\d{1,2})/(?P<y>\d{4})$"
)
RE_LINE_PC_DATE = re.compile(r"^\d{4}\.\d{1,2}\.\d{1,2}\s+\S{1,3}曜日$")
RE_LINE_MSG = re.compile(r"^(?P<time>" + _TIME + r")\t(?:(?P<name>[^\t]*)\t)?(?P<text>.*)$")
RE_LINE_PC_MSG = re.compile(r"^(?P<time>" + _TIME + r")[ \u3000](?P<rest>\S.*)$")
EM_DASH = "\u2014"  # Discord headers: "name — time" (split with str methods: no backtracking)
EDITED = ("(edited)", "(編集済)", "（編集済）")
DCE_BANNER = "=" * 62
RE_DCE_HEAD = re.compile(r"^\[(?P<when>[^\]]+)\] (?P<name>.+?)(?: \(pinned\))?$")
RE_DCE_SECTION = re.compile(r"^\{(?:Attachments|Embed|Stickers|Reactions)\}$")
RE_ISO = re.compile(r"^(?P<date>\d{4}-\d{2}-\d{2})[T ](?P<time>\d{2}:\d{2}(?::\d{2})?)")
CSV_HEADER = ["AuthorID", "Author", "Date", "Content"]


def _join_continuations(out: list[ChatLine], more: dict[int, list[str]]) -> list[ChatLine]:
    """Append each message's continuation lines (kept aside while reading, so that a long
    message is joined once, not once per line) to its text and raw."""
    for i, extra in more.items():
        msg = out[i]
        msg.text = "\n".join([msg.text, *extra])
        msg.raw = "\n".join([msg.raw, *extra])
    return out


# --- small helpers ---------------------------------------------------------------------
def _normalize(text: str) -> str:
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def _no_fit(source: str, lineno: int, line: str, what: str) -> ChatFormatError:
    shown = line if len(line) <= 80 else line[:77] + "..."
    return ChatFormatError(source, f"{what}: {shown!r}", lineno)


def _norm_time(s: str) -> str | None:
    """``午後9:07`` / ``9:07 PM`` / ``21:07:05`` → 24-hour zero-padded, or None."""
    if len(s) == 5 and s[2] == ":" and s[:2].isascii() and s[:2].isdigit() \
            and s[3:].isascii() and s[3:].isdigit():  # the common "21:07": no regex
        return s if s < "24" and s[3] < "6" else None
    m = RE_TIME.match(s.strip())
    if not m:
        return None
    h, mi = int(m["h"]), int(m["m"])
    half = m["jp"] or m["ap"]
    if half:
        if h > 12:
            return None
        if half in ("午後", "P", "p") and h < 12:
            h += 12
        elif half in ("午前", "A", "a") and h == 12:
            h = 0
    sec = int(m["s"]) if m["s"] else None
    if h > 23 or mi > 59 or (sec is not None and sec > 59):
        return None
    return f"{h:02d}:{mi:02d}" + (f":{sec:02d}" if sec is not None else "")


def _iso_date(y: str, mo: str, d: str) -> str | None:
    year = int(y) + (2000 if len(y) == 2 else 0)
    try:
        return datetime.date(year, int(mo), int(d)).isoformat()
    except ValueError:
        return None


def _parse_when(s: str) -> tuple[str | None, str] | None:
    """A Discord-style timestamp → (date or None, time), or None if it is not one."""
    m = RE_WHEN.match(s.strip())
    if not m:
        return None
    time = _norm_time(m["time"])
    date: str | None = None
    if m["y"]:
        date = _iso_date(m["y"], m["mo"], m["d"])
    elif m["y2"]:
        date = _iso_date(m["y2"], m["mo2"], m["d2"])
    if time is None or ((m["y"] or m["y2"]) and date is None):
        return None
    return date, time


_RE_LEAD_SEP = re.compile(r"^[ \t\u3000]*[:：]?[ \t\u3000]*")


def _split_speaker(rest: str, names: Sequence[str], colon: bool) -> tuple[str, str] | None:
    """Split ``name text`` against the known names (longest first), then by shape."""
    for name in names:
        if not rest.startswith(name):
            continue
        after = rest[len(name):]
        if not after or after[0] in _SEP_COLON:
            return name, _RE_LEAD_SEP.sub("", after, count=1)
    m = (RE_PLAIN_COLON.match(rest) if colon else None) or RE_FIRST_TOKEN.match(rest)
    return (m["name"], m["text"]) if m else None


def _line_date(s: str) -> str | None:
    m = RE_LINE_DATE.match(s) or RE_LINE_DATE_EN.match(s)
    return _iso_date(m["y"], m["mo"], m["d"]) if m else None


def _quote_state(s: str) -> str:
    """A line inside a LINE quoted message: ``open`` (goes on), ``closed`` (its last
    character is the closing quote) or ``bad`` (a lone quote before the end)."""
    t = s.replace('""', "")  # left-to-right pairs, exactly as LINE doubles quotes
    k = t.find('"')
    return "open" if k < 0 else "closed" if k == len(t) - 1 else "bad"


def _next_stops(lines: list[str]) -> list[int]:
    """For each index, the first index at or after it whose line is not ``open``."""
    stops = [len(lines)] * (len(lines) + 1)
    for j in range(len(lines) - 1, -1, -1):
        stops[j] = j if _quote_state(lines[j]) != "open" else stops[j + 1]
    return stops


def _take_quoted(first: str, lines: list[str], i: int, stops: list[int]) -> tuple[str, int] | None:
    """A LINE multi-line message opening with ``"`` on ``first`` (lines[i] follows it):
    (unquoted text, index after the closing line), or None if it is not one."""
    if not first.startswith('"') or _quote_state(first[1:]) != "open":
        return None
    j = stops[i]
    if j == len(lines) or _quote_state(lines[j]) != "closed":
        return None
    return "\n".join([first[1:], *lines[i : j + 1]])[:-1].replace('""', '"'), j + 1


# --- one reader per format ---------------------------------------------------------------
def _plain_shape(line: str, names: Sequence[str]) -> tuple[str, str, str | None] | None:
    """(speaker, text, time) of a plain line, time-prefixed shapes first; None if no shape."""
    for rx, colon in ((RE_PLAIN_BRACKET, True), (RE_PLAIN_TIMED, False)):
        m = rx.match(line)
        time = _norm_time(m["time"]) if m else None
        hit = _split_speaker(m["rest"], names, colon) if m and time else None
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


def _read_plain(lines: list[str], source: str, names: Sequence[str]) -> list[ChatLine]:
    """Plain pastes, straight into ChatLines (the bulk format: no drafts in between)."""
    out: list[ChatLine] = []
    more: dict[int, list[str]] = {}  # message index -> continuation lines
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
        else:
            raise _no_fit(source, no, line, "line fits no plain chat shape")
        blanks = []
    return _join_continuations(out, more)


def _read_line(lines: list[str], source: str, names: Sequence[str], pc: bool) -> list[ChatLine]:
    out: list[ChatLine] = []
    more: dict[int, list[str]] = {}
    blanks: list[str] = []
    date: str | None = None
    last: int | None = None  # index of the message continuation lines belong to
    stops: list[int] | None = None
    i = 0
    while i < len(lines):
        line, no = lines[i], i + 1
        i += 1
        if not line.strip():
            blanks.append(line)
            continue
        speaker_text: tuple[str, str] | None = None
        m = (RE_LINE_PC_MSG if pc else RE_LINE_MSG).match(line)
        time = _norm_time(m["time"]) if m else None
        if m and time and pc:
            speaker_text = _split_speaker(m["rest"], names, False)
        elif m and time:
            speaker_text = (m["name"] or "", m["text"])
        if speaker_text:
            speaker, text = speaker_text
            raw = line
            if stops is None and text.startswith('"'):
                stops = _next_stops(lines)
            quoted = _take_quoted(text, lines, i, stops) if stops else None
            if quoted:
                text, end = quoted
                raw = "\n".join(lines[i - 1 : end])
                i = end
            last = len(out)
            out.append(ChatLine(source, no, speaker, text, raw, date, time))
        elif (d := _line_date(line.strip())) is not None:
            date, last = d, None
        elif not out and RE_LINE_HEADER.match(line.strip()):
            pass
        elif last is not None:
            more.setdefault(last, []).extend([*blanks, line])
        else:
            fmt = "line-pc" if pc else "line"
            raise _no_fit(source, no, line, f"line fits no {fmt} shape")
        blanks = []
    return _join_continuations(out, more)


def _discord_header(lines: list[str], i: int) -> tuple[str, str | None, str, int] | None:
    """``name — time`` (or a bot's ``name`` / ``APP`` / `` — time``) at line i."""
    name, dash, when_text = lines[i].rpartition(EM_DASH)
    name = name.strip().removesuffix(" APP").removesuffix(" BOT").strip()
    when = _parse_when(when_text) if dash and name else None
    if when:
        return name, when[0], when[1], i + 1
    if i + 2 < len(lines) and lines[i + 1].strip() in ("APP", "BOT", "アプリ"):
        lead, dash, when_text = lines[i + 2].partition(EM_DASH)
        when = _parse_when(when_text) if dash and not lead.strip() else None
        if when and lines[i].strip():
            return lines[i].strip(), when[0], when[1], i + 3
    return None


def _read_discord(lines: list[str], source: str) -> list[ChatLine]:
    out: list[ChatLine] = []
    author: tuple[str, str | None, str] | None = None
    i = 0
    while i < len(lines):
        line, no = lines[i], i + 1
        head = _discord_header(lines, i) if line.strip() else None
        if head:
            author, i = head[:3], head[3]
            continue
        i += 1
        if not line.strip():
            continue
        if author is None:
            raise _no_fit(source, no, line, "no 'name \u2014 time' header before this line")
        text, stripped = line, line.rstrip()
        for mark in EDITED:
            if stripped.endswith(mark):  # "(edited)" is Discord's, not the author's
                text = stripped.removesuffix(mark).rstrip()
        out.append(ChatLine(source, no, author[0], text, line, author[1], author[2]))
    return out


def _dce_txt_message(source: str, no: int, head: re.Match[str], body: list[str]) -> ChatLine:
    """One DCE TXT message: content up to the first ``{Section}``; raw keeps sections."""
    when = _parse_when(head["when"]) or (None, None)
    body = body[: _content_end(body, len(body))]
    cut = next((k for k in range(1, len(body))
                if RE_DCE_SECTION.match(body[k]) and not body[k - 1].strip()), len(body))
    text = "\n".join(body[: _content_end(body, cut)])
    return ChatLine(source, no, head["name"], text, "\n".join([head.string, *body]), when[0],
                    when[1])


def _content_end(lines: list[str], end: int) -> int:
    """Index just past the last non-blank line of ``lines[:end]``."""
    while end > 0 and not lines[end - 1].strip():
        end -= 1
    return end


def _read_dce_txt(lines: list[str], source: str) -> list[ChatLine]:
    out: list[ChatLine] = []
    current: tuple[int, re.Match[str]] | None = None
    body: list[str] = []
    in_meta = False  # between the banners of the preamble (Guild:, Channel:) or postamble
    for no, line in enumerate(lines, 1):
        head = RE_DCE_HEAD.match(line)
        is_head = head is not None and _parse_when(head["when"]) is not None
        if current and (is_head or line.strip() == DCE_BANNER):
            out.append(_dce_txt_message(source, current[0], current[1], body))
            current, body = None, []
        if line.strip() == DCE_BANNER:
            in_meta = not in_meta
        elif in_meta:
            continue
        elif head and is_head:
            current = (no, head)
        elif current:
            body.append(line)
        elif line.strip():
            raise _no_fit(source, no, line, "line fits no DiscordChatExporter TXT shape")
    if current:
        out.append(_dce_txt_message(source, current[0], current[1], body))
    return out


def _read_dce_csv(text: str, lines: list[str], source: str) -> list[ChatLine]:
    out: list[ChatLine] = []
    reader = csv.reader(io.StringIO(text, newline=""))
    seen_header = False
    start = 1
    try:
        for row in reader:
            end = reader.line_num
            first, start = start, end + 1
            if not row or not any(f.strip() for f in row):
                continue
            if not seen_header:
                if [f.strip() for f in row[:4]] != CSV_HEADER:
                    raise _no_fit(source, first, lines[first - 1], "not a DiscordChatExporter CSV header")
                seen_header = True
                continue
            if len(row) < 4:
                raise _no_fit(source, first, lines[first - 1], "CSV record has fewer than 4 fields")
            iso = RE_ISO.match(row[2].strip())
            when = (iso["date"], iso["time"]) if iso else _parse_when(row[2])
            raw = "\n".join(lines[first - 1 : end])
            out.append(ChatLine(source, first, row[1], row[3], raw, *(when or (None, None))))
    except csv.Error as e:
        raise ChatFormatError(source, f"invalid CSV: {e}", start) from None
    return out


def _read_dce_json(text: str, source: str) -> list[ChatLine]:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise ChatFormatError(source, f"invalid JSON: {e.msg}", e.lineno) from None
    except (ValueError, RecursionError) as e:
        raise ChatFormatError(source, f"invalid JSON: {e}") from None
    messages = doc.get("messages") if isinstance(doc, dict) else None
    if not isinstance(messages, list):
        raise ChatFormatError(source, 'not a DiscordChatExporter JSON export: no "messages" list')
    out: list[ChatLine] = []
    for k, msg in enumerate(messages, 1):
        author = msg.get("author") if isinstance(msg, dict) else None
        name = (author.get("nickname") or author.get("name")) if isinstance(author, dict) else None
        content = msg.get("content", "") if isinstance(msg, dict) else None
        stamp = msg.get("timestamp", "") if isinstance(msg, dict) else None
        if not isinstance(name, str) or not isinstance(content, str) or not isinstance(stamp, str):
            raise ChatFormatError(source, f"message #{k} lacks a string author name or content")
        try:
            raw = json.dumps(msg, ensure_ascii=False, sort_keys=True)
        except (ValueError, TypeError, RecursionError) as e:
            raise ChatFormatError(source, f"message #{k} cannot be serialized: {e}") from None
        iso = RE_ISO.match(stamp)
        out.append(ChatLine(source, k, name, content, raw, iso["date"] if iso else None,
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
            raise ChatFormatError(source, f"cannot decode: broken UTF-16 ({e.reason})") from None
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
    if any(_line_date(s) for s in head):
        pc = any(RE_LINE_PC_DATE.match(s) for s in head)
        return "line-pc" if pc and any(RE_LINE_PC_MSG.match(s) for s in head) else "line"
    if _discord_header(lines, first_no - 1):
        return "discord"
    if _plain_shape(first_line, ()):
        return "plain"
    raise _no_fit(source, first_no, first_line, "no chat format fits this line")


def read_log(
    data: bytes | str, source: str, fmt: str | None = None, names: Sequence[str] = ()
) -> list[ChatLine]:
    """Read a whole chat log into messages; ``fmt`` forces the format."""
    if fmt is not None and fmt not in FORMATS:
        raise ChatFormatError(source, f"unknown chat format {fmt!r}; known: {', '.join(FORMATS)}")
    if isinstance(data, bytes | bytearray | memoryview):
        text = decode(bytes(data), source)
    elif isinstance(data, str):
        text = _normalize(data)
    else:
        raise ChatFormatError(source, f"cannot read a log from {type(data).__name__}")
    if not text.strip():
        return []
    fmt = fmt or detect_format(text, source)
    known = sorted({n for n in ([names] if isinstance(names, str) else names) if n.strip()},
                   key=len, reverse=True)
    lines = text.split("\n")
    if fmt == "plain":
        return _read_plain(lines, source, known)
    if fmt in ("line", "line-pc"):
        return _read_line(lines, source, known, fmt == "line-pc")
    if fmt == "discord":
        return _read_discord(lines, source)
    if fmt == "dce-txt":
        return _read_dce_txt(lines, source)
    if fmt == "dce-csv":
        return _read_dce_csv(text, lines, source)
    return _read_dce_json(text, source)


def read_log_file(
    path: str | os.PathLike[str],
    source: str | None = None,
    fmt: str | None = None,
    names: Sequence[str] = (),
) -> list[ChatLine]:
    """Read a chat log file; ``source`` (for messages and errors) defaults to the path."""
    shown = source if source is not None else os.fsdecode(path)
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise ChatFormatError(shown, f"cannot read file: {e.strerror or e}") from None
    return read_log(data, shown, fmt=fmt, names=names)
