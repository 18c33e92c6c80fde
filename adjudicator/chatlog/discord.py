"""Text copied from the Discord client: ``name — time`` headers (or the name, and an
``APP`` or server tag, on lines of their own before `` — time``), then the messages,
mixed with interface residue (reactions, hover times, reply previews, link embeds,
attachment names and sizes) that is skipped and listed."""

from __future__ import annotations

import re
import unicodedata
from itertools import islice

from .base import ChatLine, Ctx, Reader, Sample, Source, first_nonblank, no_fit, plain_shape
from .dates import (
    CLOCK,
    RE_DATE_ONLY,
    DateTok,
    Order,
    Relative,
    clock,
    date_tok,
    days_before,
    iso,
    rel_days,
    when,
)

EM_DASH = "\u2014"  # Discord headers: "name — time" (split with str methods: no backtracking)
EDITED = ("(edited)", "(編集済)", "（編集済）", "(編集済み)")
RE_HOVER = re.compile(rf"\[ ?{CLOCK}\]")
RE_SIZE = re.compile(r"\d+(?:[.,]\d+)?\s?(?:bytes|B|KB|MB|GB|KiB|MiB|バイト)", re.IGNORECASE)
RE_FILENAME = re.compile(r"[^\s/\\]{1,200}\.[A-Za-z0-9]{1,6}")
RE_COUNT = re.compile(r"\d{1,4}")
RE_CUSTOM_EMOJI = re.compile(r":[A-Za-z0-9_~\-]{2,32}:")
RE_URL = re.compile(r"https?://([^/\s:?#]+)")

RESIDUE_WORDS = {
    "Image": "image placeholder", "画像": "image placeholder", "GIF": "image placeholder",
    "Expand": "expand button", "展開": "expand button", "Jump": "jump link",
}
_TAG = re.compile(r"APP|BOT|アプリ|SYSTEM|[A-Z0-9]{2,4}")
_EMOJI_CATS = frozenset({"So", "Sk", "Mn", "Me", "Cf", "Cn"})


# Each residue test below is asked of every text line of a paste; a cheap test of a
# character or a substring that the pattern itself needs (a digit first for a size, a
# dot for a file name, a colon for a custom emoji, ...) answers most of them without a
# match.  tests/chat/test_discord_residue.py holds each equal to the pattern alone.


def _is_emoji(s: str) -> bool:
    if s[:1] == ":" and RE_CUSTOM_EMOJI.fullmatch(s):
        return True
    return 0 < len(s) <= 8 and all(unicodedata.category(c) in _EMOJI_CATS for c in s)


def _is_reaction(s: str) -> bool:
    """``👍 3``, ``:kek: 2`` (an emoji and its count on one line)."""
    if not s[-1:].isdecimal():  # the count ends it
        return False
    head, _sp, count = s.rpartition(" ")
    if not head:
        k = len(s.rstrip("0123456789"))
        head, count = s[:k], s[k:]
    return _is_count(count) and _is_emoji(head.strip())


def _is_count(s: str) -> bool:
    """``RE_COUNT.fullmatch(s)``: one to four digits (``\\d``: any decimal digit)."""
    return len(s) <= 4 and s.isdecimal()


def _is_size(s: str) -> bool:
    """An attachment's size (``RE_SIZE``), which opens with a digit."""
    return s[:1].isdecimal() and RE_SIZE.fullmatch(s) is not None


#: what a date divider (``RE_DATE_ONLY``) may open with, besides a digit: a weekday, a
#: month's name
_DATE_FIRST = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz月火水木金土日")


def _date_only(s: str) -> re.Match[str] | None:
    """``RE_DATE_ONLY.fullmatch(s)``, asked only of a line that may open a date."""
    c = s[:1]
    return RE_DATE_ONLY.fullmatch(s) if c in _DATE_FIRST or c.isdecimal() else None


def _squash(s: str) -> str:
    return "".join(c for c in s.lower() if c.isalnum())


def _site_matches(line: str, host: str) -> bool:
    """A link embed's site name names the link's host (``YouTube`` for youtube.com)."""
    name = _squash(line)
    labels = [x for x in host.lower().split(".") if len(x) >= 3 and x not in ("www", "com")]
    return bool(name) and any(x in name or (len(name) >= 3 and name in x) for x in labels)



#: name, date, time, next line, dash line, days before the copy (今日 0, 昨日 1) or None
Head = tuple[str, DateTok | None, str | None, int, int, int | None]


def heads_of(lines: list[str]) -> dict[int, Head]:
    """Every message header by the index of its first line: ``name — time`` on one line,
    or the name (and an ``APP`` or server tag) on lines of their own before `` — time``."""
    heads: dict[int, Head] = {}
    for j, line in enumerate(lines):
        if EM_DASH not in line:
            continue
        lead, _dash, when_text = line.rpartition(EM_DASH)
        stamp = when(when_text)
        if stamp is None:
            continue
        rel = rel_days(when_text) if stamp[0] is None else None
        name = lead.strip()
        if name:
            name = name.removesuffix(" APP").removesuffix(" BOT").strip()
            if name and EM_DASH not in name:
                heads[j] = (name, stamp[0], stamp[1], j + 1, j, rel)
            continue
        k = _above(lines, j)  # the name (or the tag), over blank lines a copy may hold
        if k < 0 or k in heads:
            continue
        above = lines[k].strip()
        k2 = _above(lines, k) if _TAG.fullmatch(above) else -1
        two_up = lines[k2].strip() if k2 >= 0 else ""
        if two_up and k2 not in heads and EM_DASH not in two_up:
            heads[k2] = (two_up, stamp[0], stamp[1], j + 1, j, rel)
        else:
            heads[k] = (above, stamp[0], stamp[1], j + 1, j, rel)
    return heads


def _above(lines: list[str], j: int, gap: int = 2) -> int:
    """The index of the first non-blank line above line ``j`` with at most ``gap`` blank
    lines between (``RevoZ`` / `` `` / `` — Yesterday at 4:15 CH``), or -1."""
    for k in range(j - 1, max(j - 2 - gap, -1), -1):
        if lines[k].strip():
            return k
    return -1


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


def _clock(hover: re.Match[str], clocks: dict[str, str | None]) -> str | None:
    """``clock(hover)``, read once per distinct time as written (a paste's hover times are
    its minutes: a few hundred distinct ones at most a day)."""
    key = hover[0]
    if key in clocks:
        return clocks[key]
    time = clocks[key] = clock(hover)
    return time


def _after(day: str, n: int) -> str:
    return days_before(day, -n)


#: the narrowest line read as a link preview's description (narrower: the poster's words),
#: in columns (a wide character counts two)
_DESCRIPTION_MIN = 40


def _width(s: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)


def read(src: Source, ctx: Ctx) -> list[ChatLine]:
    source, lines = ctx.source, src.lines
    heads = heads_of(lines)
    if not heads:
        no, line = first_nonblank(lines)
        raise no_fit(source, no, line, "no 'name \u2014 time' message header in this paste")
    order = Order()
    for h in heads.values():
        order.see(h[1], h[4] + 1, lines[h[4]])
    ctx.order, ctx.order_why = order.decide(ctx.guess)
    first = min(heads)
    divider: str | None = None  # the date of the last date divider ("2026年3月2日")
    opening = True  # no line yet: a date line here is the paste's first line
    for k in range(first):
        if not lines[k].strip():
            continue
        if opening and (dm := _date_only(lines[k].strip())) is not None:
            tok = date_tok(dm)  # input.clock.date: the paste's first line, a date line,
            divider = iso(tok, ctx.order) if tok else None  # dates the 今日 below it
            ctx.skip(k + 1, lines[k], "date divider")
        else:
            ctx.skip(k + 1, lines[k], "before the first message (profile card, status…)")
        opening = False
    out: list[ChatLine] = []
    author: tuple[str, str | None, str | None] = ("", None, None)
    since = 0  # index in out of the current author's first message
    pending: list[str] = []  # residue of the next message (reply previews, hover times)
    after: dict[int, list[str]] = {}  # message index -> the residue that followed it
    hover_time: str | None = None  # a hover timestamp on its own line: the next message's
    carry = 0  # lines still to skip as residue of the same kind
    carry_why = ""
    embed = 0  # 1: a link's site name may follow; 2: its title; 3: its description
    host = ""
    open_msg = False  # the last line was text of out[-1]: a next text line continues it
    blanks: list[str] = []  # blank lines inside the open message
    undated: int | None = None  # the first 今日 / 昨日 header no divider dates
    copy_day: str | None = None  # the day the paste was copied, when a divider shows it
    rel = None  # the current header's 今日 (0) / 昨日 (1), when it has no date of its own
    rel_msgs: list[tuple[int, int]] = []  # (message index, days before the copy), undated
    clocks: dict[str, str | None] = {}  # a hover time as written -> its 24-hour time
    i = first
    n = len(lines)
    while i < n:
        if i in heads and not carry:
            name, tok, time, nxt, _dash, rel = heads[i]
            date = iso(tok, ctx.order) if tok else None
            if tok and date is None:
                ctx.guess(_dash + 1, "date", f"{lines[_dash].strip()!r} is no calendar date",
                          f"「{lines[_dash].strip()}」は暦にない日付です")
            if rel is not None:
                if divider is not None:
                    date = divider  # the divider above names the day of the messages under it
                    copy_day = copy_day or _after(divider, rel)
                elif undated is None:
                    undated = _dash + 1
            for k in range(i, nxt):
                if lines[k].strip():
                    ctx.skip(k + 1, lines[k], "message header")
            author, since, embed, i = (name, date, time), len(out), 0, nxt
            hover_time, open_msg, blanks = None, False, []
            continue
        line, no = lines[i], i + 1
        i += 1
        s = line.strip()
        if not s:
            if open_msg:
                blanks.append(line)
            continue
        why = ""
        if carry:
            why, carry = carry_why, carry - 1
        elif s[0] == "[" and RE_HOVER.fullmatch(s):
            why = "hover timestamp"
        elif s in RESIDUE_WORDS:
            why = RESIDUE_WORDS[s]
        elif (digit := s[0].isdecimal()) and RE_SIZE.fullmatch(s):  # (_is_size)
            why = "attachment size"
        elif i < n and "." in s and RE_FILENAME.fullmatch(s) and _is_size(lines[i].strip()):
            why = "attachment name"
        elif (digit and _is_count(s)) or (s[-1].isdecimal() and _is_reaction(s)) or (
                i < n and _is_count(lines[i].strip()) and _is_emoji(s)):
            why = "reaction"
        elif embed == 1 and len(s) <= 40 and "@" not in s and not RE_URL.search(s) \
                and _site_matches(s, host):
            why, embed = "link embed", 2
        elif embed == 2 and "@" not in s and not RE_URL.search(s):
            why, embed = "link embed", 3
        elif embed == 3 and _width(s) >= _DESCRIPTION_MIN and "@" not in s and "＠" not in s \
                and not RE_URL.search(s):
            why, embed = "link embed", 0
        elif s[0] in "@＠" and (k := _reply_preview(s, lines, i, heads, out)):
            why, carry, carry_why = "reply preview", k - 1, "reply preview"
        elif (digit or s[0] in _DATE_FIRST) and (dm := RE_DATE_ONLY.fullmatch(s)):  # _date_only
            why = "date divider"
            tok = date_tok(dm)
            divider = iso(tok, ctx.order) if tok else None
        if why:
            ctx.skip(no, line, why)
            open_msg, blanks = False, []
            if why == "hover timestamp":
                hover = RE_HOVER.fullmatch(s)
                hover_time = _clock(hover, clocks) if hover else None
            if why in ("reply preview", "hover timestamp") or len(out) == since:
                pending.append(line)  # the next message's (or no message yet of this author)
            else:
                after.setdefault(len(out) - 1, []).append(line)
            continue
        embed = 0 if embed == 3 else embed
        text, time = line, hover_time or author[2]
        hover = RE_HOVER.match(s) if s[0] == "[" else None
        if hover:
            text, time = s[hover.end():].lstrip(), _clock(hover, clocks) or time
        edited = False
        stripped = text.rstrip()
        for mark in EDITED if stripped[-1:] in ")）" else ():  # how every mark ends
            if stripped.endswith(mark):  # "(edited)" is Discord's, not the author's
                text, edited = stripped.removesuffix(mark).rstrip(), True
        url = RE_URL.search(text) if "http" in text else None
        if url:
            embed, host = 1, url[1]
        if open_msg and hover is None and hover_time is None:  # the same message goes on
            msg = out[-1]
            msg.text = "\n".join([msg.text, *blanks, text])
            msg.raw = "\n".join([msg.raw, *blanks, line])
            msg.end, msg.edited, blanks = no, msg.edited or edited, []
            continue
        if not url:
            embed = 0
        hover_time = None
        raw = "\n".join([*pending, line]) if pending else line
        pending, open_msg, blanks = [], True, []
        if rel is not None and author[1] is None:
            rel_msgs.append((len(out), rel))
        out.append(ChatLine(source, no, author[0], text, raw, author[1], time, 0, edited))
    if copy_day is not None:  # 今日 / 昨日 above the first divider: counted from the copy day
        for k, days in rel_msgs:
            out[k].date = days_before(copy_day, days)
    elif undated is not None:  # the phase's date dates them, once known (input.clock.date)
        ctx.relative = Relative(undated, lines[undated - 1].strip(), tuple(rel_msgs))
        ctx.guess(undated, "date", f"{lines[undated - 1].strip()!r} names a day relative to "
                  "the day of copying and no date divider above it says which: its messages "
                  "have no date", f"「{lines[undated - 1].strip()}」はコピーした日から数えた日"
                  "（今日・昨日）ですが、どの日かを決める日付の区切りが上にないため、その発言は"
                  "日付なしで読みました")
    for k, residue in after.items():
        out[k].raw = "\n".join([out[k].raw, *residue])
    return out


def sniff(sample: Sample) -> bool:
    """``name — time`` headers, unless most other lines are plain ``name: text`` lines."""
    nonblank = sample.nonblank
    heads = heads_of(sample.lines[: nonblank[-1][0]])
    if not heads:
        return False
    plain = sum(1 for no, s in nonblank
                if no - 1 not in heads and plain_shape(s, ()) and not _follow_up(s))
    return 2 * plain <= len(nonblank)


def _follow_up(s: str) -> bool:
    """``[21:04] text`` with no ``name:`` after the time: a follow-up message's hover
    time, not a plain ``[21:04] name: text`` line."""
    hover = RE_HOVER.match(s.strip())
    return hover is not None and not any(c in s[hover.end():] for c in ":：")


def glance(sample: Sample) -> bool:
    """Whether ``sniff`` could take the sample: its headers hold an em dash."""
    return any(EM_DASH in line for line in sample.lines[: sample.nonblank[-1][0]])


READER = Reader("discord", "text copied from the Discord client: 'name — time' headers, then "
                "messages", sniff, read, glance)
