"""LINE for Mac/PC "save chat": ``2026.03.01 日曜日`` date lines, then ``time name text``
lines with no tab.  Where no roster gives the names, a name with a space is guessed from
the file (a system line naming it, or the words that start several lines)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .base import (
    RE_FIRST_TOKEN,
    RE_SYSTEM_BARE,
    ChatLine,
    Ctx,
    Reader,
    Sample,
    Source,
    read_dated,
    roster_split,
    system_who,
)
from .dates import TIME, line_date

RE_LINE_PC_MSG = re.compile(r"^(?P<time>" + TIME + r")[ \u3000](?P<rest>\S.*)$")
RE_WORD_GAPS = re.compile(r"([ \u3000]+)")


def sniff(sample: Sample) -> bool:
    """Date lines and ``21:03 name text`` lines, no tab."""
    head = [line.strip() for _, line in sample.nonblank]
    return any(line_date(s) for s in head) and any(RE_LINE_PC_MSG.match(s) for s in head)


def read(src: Source, ctx: Ctx) -> list[ChatLine]:
    names: Sequence[str] = src.names
    system_names: set[str] = set()

    def split(m: re.Match[str], time: str | None) -> tuple[str, str, str | None] | None:
        if not time:  # no time: not a message line (a date line, a continuation)
            return None
        rest = m["rest"]
        later: str | None = None
        hit = roster_split(rest, names) if names else None
        who = system_who(rest)
        if who is not None and (hit is None or who in ("", hit[0])):
            speaker, text = "", rest
            if who:
                system_names.add(who)
        elif hit:
            speaker, text = hit
        else:
            tm = RE_FIRST_TOKEN.match(rest)
            speaker, text = (tm["name"], tm["text"]) if tm else (rest, "")
            later = rest
        if speaker and RE_SYSTEM_BARE.fullmatch(text):
            speaker, later = "", None
        return speaker, text, later

    def after(out: list[ChatLine], pending: dict[int, str]) -> None:
        _split_names(out, pending, system_names, ctx)

    return read_dated(src.lines, ctx, "line-pc", RE_LINE_PC_MSG.match, split, after)


def _prefixes(rest: str) -> list[tuple[str, str]]:
    """(``rest`` up to its k-th space, the word after it) for k = 1..4."""
    found: list[tuple[str, str]] = []
    words = RE_WORD_GAPS.split(rest, maxsplit=5)  # word, gap, word, gap, ...
    prefix = words[0]
    for k in range(2, min(len(words), 10), 2):
        if k > 2:  # words[: k - 1] joined, one word and its gap at a time
            prefix += words[k - 3] + words[k - 2]
        found.append((prefix, words[k] if k < len(words) else ""))
    return found


def _split_names(out: list[ChatLine], pending: dict[int, str], system_names: set[str],
                 ctx: Ctx) -> None:
    """LINE PC lines whose name no roster gave: a name seen in a system line wins;
    otherwise the longest run of words that starts every line it starts (at least twice,
    followed by different words) is a name, and the guess is reported."""
    counts: dict[str, int] = {}
    nexts: dict[str, set[str]] = {}
    prefixes = {k: _prefixes(rest) for k, rest in pending.items()}
    for pre in prefixes.values():
        for prefix, word in pre:
            seen = nexts.get(prefix)
            if seen is None:
                counts[prefix], nexts[prefix] = 1, {word}
            else:
                counts[prefix] += 1
                seen.add(word)
    known = sorted(system_names, key=len, reverse=True)
    guessed: dict[str, list[int]] = {}
    for k, rest in pending.items():
        hit = roster_split(rest, known)
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
        system = name in system_names
        why = "a system line names it" if system else f"it starts {len(nos)} lines"
        why_ja = "システムの行にこの名前があるため" if system else f"{len(nos)}行がこの名前で始まるため"
        ctx.guess(nos[0], "name split", f"{name!r} read as one name with a space ({why}); "
                  "give the roster (--game) to be sure",
                  f"「{name}」を空白を含むひとつの名前として読みました（{why_ja}）。確かめるには"
                  "参加者の名簿（--game）を渡してください")


#: what a LINE date line (``dates.RE_LINE_DATE``, matched whole) may start with besides
#: a digit or an ASCII letter (a weekday or a month name): a Japanese weekday
_DATE_KANJI = "月火水木金土日"


def glance(sample: Sample) -> bool:
    """Whether ``sniff`` could take the sample: it needs a date line."""
    for _, line in sample.nonblank:
        c = line.lstrip()[:1]
        if c.isdecimal() or (c.isascii() and c.isalpha()) or c in _DATE_KANJI:
            return True
    return False


READER = Reader("line-pc", "LINE for Mac/PC 'save chat': '2026.03.01 日曜日' date lines, then "
                "'time name text'", sniff, read, glance)
