"""DiscordChatExporter's exports: TXT (a ``====`` banner, then ``[date] username`` and the
content), CSV (``AuthorID,Author,Date,Content,…``) and JSON (``{"guild", "channel",
"messages": [...]}``)."""

from __future__ import annotations

import csv
import io
import json
import re

from adjudicator.errors import ChatFormatError

from .base import ChatLine, Ctx, Reader, Sample, Source, has_surrogate, no_fit, scrub
from .dates import DateTok, Order, iso, when

DCE_BANNER = "=" * 62
RE_DCE_HEAD = re.compile(r"^\[(?P<when>[^\]]+)\] (?P<name>.+?)(?: \(pinned\))?$")
RE_DCE_SECTION = re.compile(r"^\{(?:Attachments|Embed|Stickers|Reactions|Forwarded Message)\}$")
RE_ISO = re.compile(r"^(?P<date>\d{4}-\d{2}-\d{2})[T ](?P<time>\d{2}:\d{2}(?::\d{2})?)")
CSV_HEADER = ["AuthorID", "Author", "Date", "Content"]
#: DiscordChatExporter JSON message types that are a person's message; any other type
#: (calls, channel name or icon changes, pins, joins…) is a system line
DCE_MESSAGE_TYPES = frozenset({"Default", "Reply"})
def _content_end(lines: list[str], end: int) -> int:
    """Index just past the last non-blank line of ``lines[:end]``."""
    while end > 0 and not lines[end - 1].strip():
        end -= 1
    return end


def _dce_txt_message(ctx: Ctx, no: int, head: re.Match[str],
                     stamp: tuple[DateTok | None, str | None],
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
                    stamp[1], no + len(body))


def read_txt(src: Source, ctx: Ctx) -> list[ChatLine]:
    lines = src.lines
    out: list[ChatLine] = []
    toks: list[DateTok | None] = []
    order = Order()
    current: tuple[int, re.Match[str], tuple[DateTok | None, str | None]] | None = None
    body: list[str] = []
    in_meta = False  # between the banners of the preamble (Guild:, Channel:) or postamble
    for no, line in enumerate(lines, 1):
        s = line.strip()
        head = RE_DCE_HEAD.match(line) if line[:1] == "[" else None
        stamp = when(head["when"]) if head else None
        if current and (stamp is not None or s == DCE_BANNER):
            out.append(_dce_txt_message(ctx, *current, body))
            current, body = None, []
        if s == DCE_BANNER:
            in_meta = not in_meta
            ctx.skip(no, line, "export banner")
        elif in_meta:
            if s:
                ctx.skip(no, line, "export banner")
        elif head and stamp is not None:
            current = (no, head, stamp)
            toks.append(stamp[0])
            order.see(stamp[0], no, head["when"])
        elif current:
            body.append(line)
        elif s:
            raise no_fit(ctx.source, no, line, "line fits no DiscordChatExporter TXT shape")
    if current:
        out.append(_dce_txt_message(ctx, *current, body))
    _date_all(out, toks, order, ctx)
    return out


def _date_all(out: list[ChatLine], toks: list[DateTok | None], order: Order, ctx: Ctx) -> None:
    ctx.order, ctx.order_why = order.decide(ctx.guess)
    for msg, tok in zip(out, toks, strict=True):
        if tok is not None:
            msg.date = iso(tok, ctx.order)
            if msg.date is None:
                ctx.guess(msg.lineno, "date", "this message's date is no calendar date",
                          "このメッセージの日付は暦にない日付です")


def read_csv(src: Source, ctx: Ctx) -> list[ChatLine]:
    text, lines = src.text, src.lines
    source = ctx.source
    out: list[ChatLine] = []
    toks: list[DateTok | None] = []
    order = Order()
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
                    raise no_fit(source, first, lines[first - 1], "not a DiscordChatExporter CSV header")
                seen_header = True
                ctx.skip(first, lines[first - 1], "CSV header")
                continue
            if len(row) < 4:
                raise no_fit(source, first, lines[first - 1], "CSV record has fewer than 4 fields")
            raw = "\n".join(lines[first - 1 : end])
            iso = RE_ISO.match(row[2].strip())
            if iso:
                toks.append(None)
                out.append(ChatLine(source, first, row[1], row[3], raw, iso["date"], iso["time"],
                                    end))
                continue
            stamp = when(row[2]) or (None, None)
            toks.append(stamp[0])
            order.see(stamp[0], first, row[2])
            out.append(ChatLine(source, first, row[1], row[3], raw, None, stamp[1], end))
    except csv.Error as e:
        raise ChatFormatError(source, f"invalid CSV: {e}", min(start, len(lines))) from None
    _date_all(out, toks, order, ctx)
    return out


def read_json(src: Source, ctx: Ctx) -> list[ChatLine]:
    text = src.text
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
        if has_surrogate(raw):  # a "\\ud800" escape: text we could never print or store
            name, content, raw, stamp = scrub(name), scrub(content), scrub(raw), scrub(stamp)
            ctx.guess(k, "text", f"message #{k}: a broken character (a lone surrogate) was "
                      "read as U+FFFD, the replacement character",
                      f"{k}件目のメッセージ：壊れた文字（対のないサロゲート）を置換文字"
                      "（U+FFFD）として読みました")
        iso = RE_ISO.match(stamp)
        speaker = name if kind in DCE_MESSAGE_TYPES else ""
        edited = msg.get("timestampEdited")
        out.append(ChatLine(source, k, speaker, content, raw, iso["date"] if iso else None,
                            iso["time"] if iso else None, 0,
                            isinstance(edited, str) and bool(edited.strip())))
    return out


def sniff_json(sample: Sample) -> bool:
    return sample.first.startswith("{")


def sniff_csv(sample: Sample) -> bool:
    try:
        header = next(csv.reader([sample.first]))
    except (csv.Error, StopIteration):
        header = []
    return [f.strip() for f in header[:4]] == CSV_HEADER


def sniff_txt(sample: Sample) -> bool:
    return sample.first == DCE_BANNER


JSON_READER = Reader("dce-json", 'DiscordChatExporter JSON: {"guild", "channel", "messages": '
                     "[...]}", sniff_json, read_json)
CSV_READER = Reader("dce-csv", "DiscordChatExporter CSV: AuthorID,Author,Date,Content,"
                    "Attachments,Reactions", sniff_csv, read_csv)
TXT_READER = Reader("dce-txt", "DiscordChatExporter TXT: '====' banner, then '[date] username' "
                    "and content", sniff_txt, read_txt)
