"""Reading chat logs: every supported export format into ``ChatLine`` messages.

``read_chat`` decodes the bytes (UTF-8 with or without BOM, UTF-16 with a BOM, else
cp932), finds the format (or takes the one forced) and returns a ``Reading``: the
messages in file order, every line it skipped (headers, date lines, Discord interface
residue) and every guess it made (date order, split names).  ``read_log`` /
``read_log_file`` return the messages only.  The only exception ever raised is
``ChatFormatError``, and for text input it names a line.  The formats and their measured
shapes are described in ``shared/research/chat-formats.md``; ``FORMAT_HELP`` summarises
them.

Every format is one ``Reader`` (``sniff`` and ``read``) in ``READERS``, in the order
detection tries them; ``find_reader`` is the one place that picks a reader.  The package:
``base`` (types, context, shared line machinery), ``dates``, and one module per family
of formats (``plain``, ``line_phone``, ``line_pc``, ``discord``, ``dce``), which never
import each other.

Every non-blank input line ends in exactly one of: a message (``ChatLine`` whose
``lineno``..``end`` span covers it), a system line (a ``ChatLine`` with speaker ``""``),
or ``Reading.skipped`` (DiscordChatExporter JSON counts messages, not lines).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from itertools import islice
from typing import TYPE_CHECKING

from adjudicator.errors import ChatFormatError

if TYPE_CHECKING:
    from . import threads

from . import dce, discord, line_pc, line_phone, plain
from .base import (
    RE_SURROGATE,
    VILLAGE,
    ChatLine,
    Ctx,
    Guess,
    Reader,
    Reading,
    Sample,
    Skipped,
    Source,
    Thread,
    has_surrogate,
    is_unsent,
    no_fit,
    normalize,
    scrub,
)

__all__ = [
    "FORMATS", "FORMAT_HELP", "READERS", "ChatLine", "Guess", "Reader", "Reading", "Skipped",
    "decode", "detect_format", "find_reader", "forget_readings", "is_unsent", "read_chat", "read_chat_file",
    "read_file_bytes", "read_log", "read_log_file", "read_threads", "Thread", "VILLAGE",
]

#: every format, in the order detection tries them: the unmistakable first lines
#: (JSON, the CSV header, the exporter's banner), then LINE's, then Discord's headers,
#: then plain pastes (the most permissive shape) last
READERS: tuple[Reader, ...] = (
    dce.JSON_READER,
    dce.CSV_READER,
    dce.TXT_READER,
    line_phone.READER,
    line_pc.READER,
    discord.READER,
    plain.READER,
)
_BY_NAME = {r.name: r for r in READERS}

#: the format names as users see them listed (``--format``), plain first
FORMATS: tuple[str, ...] = ("plain", "line", "line-pc", "discord", "dce-txt", "dce-csv", "dce-json")
FORMAT_HELP: dict[str, str] = {name: _BY_NAME[name].help for name in FORMATS}
assert set(FORMATS) == set(_BY_NAME), "every reader is listed once"


# --- decoding ----------------------------------------------------------------------------
_UTF32_BOMS = {b"\xff\xfe\x00\x00": "utf-32-le", b"\x00\x00\xfe\xff": "utf-32-be"}


def _utf32_without_bom(data: bytes) -> str | None:
    """``utf-32-le`` / ``utf-32-be`` when the bytes look like UTF-32 with no BOM (every
    4-byte unit a code point, zero bytes where UTF-32 puts them), else None."""
    if len(data) < 4 or len(data) % 4 or b"\x00\x00" not in data[:64]:
        return None
    head = data[:4096]
    small = bytes(range(0x11))  # the plane byte of a code point: 0x00..0x10
    for codec, zero, plane in (("utf-32-le", 3, 2), ("utf-32-be", 0, 1)):
        if not head[zero::4].strip(b"\x00") and not head[plane::4].strip(small):
            return codec
    return None


def _decode_utf32(data: bytes, codec: str, source: str) -> str:
    try:
        return normalize(data.decode(codec))
    except UnicodeDecodeError as e:
        lineno = data[: e.start - e.start % 4].decode(codec, errors="replace").count("\n") + 1
        raise ChatFormatError(source, f"cannot decode: broken UTF-32 ({e.reason}); save the "
                              "log as UTF-8", lineno) from None


def decode(data: bytes, source: str) -> str:
    """UTF-8 (with or without BOM), UTF-16 with a BOM (Windows Notepad's "Unicode"),
    UTF-32 (with a BOM, or recognised without one), else cp932; CRLF and CR become LF.
    Text whose head is a tenth or more NUL characters (UTF-16 without a BOM, a binary
    file) is refused: it would be read as garbage speakers."""
    codec = _UTF32_BOMS.get(data[:4])
    if codec:
        return _decode_utf32(data[4:], codec, source)
    codec = _utf32_without_bom(data)
    if codec:
        return _decode_utf32(data, codec, source)
    text = _decode(data, source)
    head = text[:4096]
    if "\x00" in head and head.count("\x00") * 10 >= len(head):  # a stray NUL is text
        lineno = text.count("\n", 0, text.index("\x00")) + 1
        raise ChatFormatError(source, "cannot decode: the file is full of NUL characters (UTF-16 "
                              "or UTF-32 with no BOM, or not a text file); save the log as "
                              "UTF-8", lineno)
    return text


def _decode(data: bytes, source: str) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return normalize(data.decode("utf-16"))
        except UnicodeDecodeError as e:
            lineno = data[: e.start].decode("utf-16", errors="replace").count("\n") + 1
            raise ChatFormatError(source, f"cannot decode: broken UTF-16 ({e.reason})",
                                  lineno) from None
    bom = data.startswith(b"\xef\xbb\xbf")
    body = data[3:] if bom else data
    try:
        return normalize(body.decode("utf-8"))
    except UnicodeDecodeError as e:
        bad_at = e.start
    if not bom:
        try:
            return normalize(data.decode("cp932"))
        except UnicodeDecodeError:
            pass
    lineno = body[:bad_at].count(b"\n") + 1
    bad = body[bad_at : bad_at + 1].hex()
    raise ChatFormatError(source, f"cannot decode: neither UTF-8 nor cp932 (byte 0x{bad})", lineno)


# --- finding the reader -----------------------------------------------------------------------
_SNIFF_CHARS = 64_000  # detection reads the head of a log only (60 non-blank lines)


def _sample(text: str) -> Sample | None:
    head_text = text[:_SNIFF_CHARS]
    lines = normalize(head_text).split("\n")
    if len(head_text) < len(text):
        lines = lines[:-1] or lines  # the last one may be cut in the middle
    nonblank = list(islice(((no, line) for no, line in enumerate(lines, 1) if line.strip()), 60))
    return Sample(lines, nonblank) if nonblank else None


def find_reader(text: str, source: str = "<log>", fmt: str | None = None) -> Reader:
    """The reader of ``fmt`` when given, else the first of ``READERS`` whose ``sniff``
    takes the head of ``text``.  A ChatFormatError when none does (or ``fmt`` is unknown),
    with ``detail_ja`` for users (「対応していない形式です」)."""
    if fmt is not None:
        reader = _BY_NAME.get(fmt)
        if reader is None:
            err = ChatFormatError(source, f"unknown chat format {fmt!r}; known: "
                                  f"{', '.join(FORMATS)}")
            err.detail_ja = f"対応していない形式です: 「{fmt}」（使える形式: {'、'.join(FORMATS)}）"
            raise err
        return reader
    sample = _sample(text)
    if sample is None:
        return plain.READER
    for reader in READERS:
        if (reader.glance is None or reader.glance(sample)) and reader.sniff(sample):
            return reader
    first_no, first_line = sample.nonblank[0]
    err = no_fit(source, first_no, first_line, "no chat format fits this line")
    shown = first_line.strip()
    shown = shown if len(shown) <= 40 else shown[:39] + "…"
    err.detail_ja = (f"対応していない形式です: {first_no}行目「{shown}」はどのチャット形式にも"
                     "当てはまりません")
    raise err


def detect_format(text: str, source: str = "<log>") -> str:
    """Sniff the format: JSON, CSV header, 62-'=' banner, LINE, Discord, then plain."""
    return find_reader(text, source).name


# --- reading -----------------------------------------------------------------------------
def read_chat(
    data: bytes | str, source: str, fmt: str | None = None, names: Sequence[str] = (),
) -> Reading:
    """Read a whole chat log: the messages, what was skipped, every guess made."""
    if fmt is not None and fmt not in _BY_NAME:
        find_reader("", source, fmt)  # raises, naming the formats
    if isinstance(data, bytes | bytearray | memoryview):
        text = decode(bytes(data), source)
    elif isinstance(data, str):
        text = normalize(data)
        if has_surrogate(text):  # only str can hold them: decoding bytes never makes one
            return _scrubbed(text, source, fmt, names)
    else:
        raise ChatFormatError(source, f"cannot read a log from {type(data).__name__}")
    return _read_normalized(text, source, fmt, names)


def _read_normalized(text: str, source: str, fmt: str | None, names: Sequence[str]) -> Reading:
    """``read_chat`` of a text already decoded and normalized (no lone surrogate)."""
    detected = fmt is None
    key = None
    if len(text) >= _CACHE_MIN:  # the desk reads one paste twice: to show it, to resolve it
        key = (source, fmt, names if isinstance(names, str) else frozenset(names))
        hit = next((r for t, k, r in _RECENT if k == key and t == text), None)
        if hit is not None:
            return Reading(hit.source, hit.format, hit.detected, list(hit.messages),
                           list(hit.skipped), list(hit.guesses), hit.date_order,
                           hit.date_order_why, hit.relative)
    reading = _read_text(text, source, fmt, names, detected)
    if key is not None:
        _RECENT.append((text, key, reading))
        del _RECENT[:-4]
        return Reading(reading.source, reading.format, reading.detected, list(reading.messages),
                       list(reading.skipped), list(reading.guesses), reading.date_order,
                       reading.date_order_why, reading.relative)
    return reading


def _scrubbed(text: str, source: str, fmt: str | None, names: Sequence[str]) -> Reading:
    """Read ``text`` with its lone surrogates replaced by U+FFFD, saying so (a guess)."""
    hit = RE_SURROGATE.search(text)
    lineno = text.count("\n", 0, hit.start()) + 1 if hit else None
    reading = read_chat(scrub(text), source, fmt, names)
    reading.guesses.insert(0, Guess(lineno, "text", "a broken character (a lone surrogate) "
                                    "was read as U+FFFD, the replacement character",
                                    "壊れた文字（対のないサロゲート）を置換文字（U+FFFD）として"
                                    "読みました"))
    return reading


#: the last few long texts read, with their readings (messages are never changed after
#: reading, so a repeat shares them); a small cache, not a store.  A list, not a dict
#: keyed by the text: a key would hash the whole text (every byte, on every read), where
#: comparing it with at most four kept texts stops at their lengths unless it is a repeat
_RECENT: list[tuple[str, tuple[object, ...], Reading]] = []
_CACHE_MIN = 10_000


def forget_readings() -> None:
    """Empty the cache of recent readings (benchmarks time reading itself)."""
    _RECENT.clear()


def _read_text(text: str, source: str, fmt: str | None, names: Sequence[str],
               detected: bool) -> Reading:
    ctx = Ctx(source)
    if not text or text.isspace():  # (what `not text.strip()` says, without copying text)
        return Reading(source, fmt or "plain", detected, [])
    reader = find_reader(text, source, fmt)
    known = sorted({n for n in ([names] if isinstance(names, str) else names) if n.strip()},
                   key=len, reverse=True)
    src = Source(text, None, known)
    messages = reader.read(src, ctx)
    return Reading(source, reader.name, detected, messages, ctx.skipped, ctx.guesses, ctx.order,
                   ctx.order_why, ctx.relative)


def read_threads(
    data: bytes | str, source: str, fmt: str | None = None, names: Sequence[str] = (),
) -> list[threads.Part]:
    """Read a text that may hold several exports (input.thread): each export read on its
    own (``threads.cut``), its line numbers counted in the whole text.  A text of one
    export gives one part whose reading is ``read_chat``'s."""
    from . import threads

    if isinstance(data, bytes | bytearray | memoryview):
        if fmt is not None and fmt not in _BY_NAME:
            find_reader("", source, fmt)  # raises, naming the formats
        text = decode(bytes(data), source)
    elif isinstance(data, str):
        text = normalize(data)
    else:
        raise ChatFormatError(source, f"cannot read a log from {type(data).__name__}")
    exports = threads.cut(text)
    if len(exports) == 1 and exports[0].text is text:  # one export: read as always
        whole = (read_chat(data, source, fmt, names) if isinstance(data, str)
                 else _read_normalized(text, source, fmt, names))
        return [threads.Part(exports[0], whole)]

    def read(piece: str, src: str, f: str | None, n: Sequence[str]) -> Reading:
        return read_chat(piece, src, fmt=f, names=n)

    return threads.read_parts(text, source, fmt, names, read)


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
