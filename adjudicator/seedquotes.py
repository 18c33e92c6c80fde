"""The seed's own words behind each rule id (「ルール原文」), for disputes.

The rules of ``rules/*.md`` are the seeds made precise, in English.  A player who
disputes a ruling reads Japanese and trusts the original text, so every rule id maps to
the seed sentence or sentences it comes from, quoted exactly with the seed section it
stands in, or is marked as a choice of ours where the seed is silent (then the game page's
"Choices where the rules are silent" entry in ``docs/games/`` is the source, summed up in
Japanese).

The mapping is data beside the rules: ``adjudicator/rules/<variant>.seed.toml``::

    seed = "seed-2.txt"                       # the seed document (rules/seeds/)

    [rules."sp.weapon.bomb"]
    section = "【Splatoon！！村（１７人村）】＜武器について＞"
    quote = ["任意のひとりに１カラーダメージを与えます。", "村中に合計３発使うことができ、…"]

    [rules."sp.resolve.team"]
    choice = "夜の開始時点のチームで判定します（原文に記載なし）。"
    source = "docs/games/splatoon.md「Choices where the rules are silent」"

``tests/rules/test_seedquotes.py`` checks that every rule id has an entry and that every quoted
sentence is found verbatim in its seed.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

FOLDER = Path(__file__).resolve().parent / "rules"


@dataclass(frozen=True)
class SeedQuote:
    rule: str
    seed: str  # the seed file's name
    section: str = ""
    quote: tuple[str, ...] = ()
    choice: str = ""  # Japanese: what we decided where the seed is silent
    source: str = ""  # where the choice is written down (a docs/ page and heading)

    @property
    def is_choice(self) -> bool:
        return not self.quote


@cache
def seed_text(name: str) -> str:
    return (FOLDER / "seeds" / name).read_text(encoding="utf-8")


def parse(text: str) -> dict[str, SeedQuote]:
    """The entries of one ``*.seed.toml`` text."""
    data = tomllib.loads(text)
    seed = str(data.get("seed", ""))
    out: dict[str, SeedQuote] = {}
    for rid, entry in data.get("rules", {}).items():
        out[rid] = SeedQuote(
            rule=rid, seed=str(entry.get("seed", seed)), section=str(entry.get("section", "")),
            quote=tuple(str(q) for q in entry.get("quote", [])),
            choice=str(entry.get("choice", "")), source=str(entry.get("source", "")))
    return out


@cache
def table() -> dict[str, SeedQuote]:
    out: dict[str, SeedQuote] = {}
    for path in sorted(FOLDER.glob("*.seed.toml")):
        out.update(parse(path.read_text(encoding="utf-8")))
    return out


_HEADING = re.compile(r"【[^】]*】|＜[^＞]*＞|《[^》]*》|＝[^＝]*＝|＊[^＊]*＊|[^【＜《＝＊]+")


def _whole(sentence: str, text: str) -> bool:
    """``sentence`` is a whole line of ``text`` (blanks around it aside) or whole
    sentences within one: it starts a line or follows a 。, and ends one or ends in 。."""
    for line in text.splitlines():
        at = line.find(sentence)
        while at >= 0:
            before, after = line[:at], line[at + len(sentence):]
            if (not before.strip() or before.endswith("。")) and (
                    not after.strip() or sentence.endswith("。")):
                return True
            at = line.find(sentence, at + 1)
    return False


def problems(entries: dict[str, SeedQuote]) -> list[str]:
    """What is wrong with ``entries``: a quote not verbatim in its seed (or stitched across
    lines), a section whose headings are not in the seed in that order, a quote that does
    not stand below its section's last heading, a choice with no source."""
    out: list[str] = []
    for rid, q in sorted(entries.items()):
        if bool(q.quote) == bool(q.choice):
            out.append(f"{rid}: needs either a quote or a choice")
            continue
        if q.is_choice:
            if not q.source:
                out.append(f"{rid}: a choice names where it is written down")
            continue
        try:
            text = seed_text(q.seed)
        except OSError:
            out.append(f"{rid}: no seed file {q.seed!r}")
            continue
        start = 0
        for part in _HEADING.findall(q.section):
            at = text.find(part, start)
            if at < 0:
                out.append(f"{rid}: section heading {part!r} not found in {q.seed} in order")
                break
            start = at
        if not q.section:
            out.append(f"{rid}: a quote names its seed section")
        for sentence in q.quote:
            if not sentence or "\n" in sentence:
                out.append(f"{rid}: a quote is one non-empty line of the seed")
            elif sentence not in text:
                out.append(f"{rid}: not in {q.seed}: {sentence!r}")
            elif text.find(sentence, start) < 0:
                out.append(f"{rid}: not below its section {q.section!r}: {sentence!r}")
            elif not _whole(sentence, text):
                out.append(f"{rid}: not a whole line or sentence of the seed: {sentence!r}")
    return out


def seed_quote(rule_id: str) -> SeedQuote | None:
    """The entry for ``rule_id``; for a sub-id without its own entry, its parent's."""
    t = table()
    rid = rule_id
    while rid:
        if rid in t:
            return t[rid]
        rid = rid.rpartition(".")[0]
    return None


def seed_lines(rule_id: str) -> list[str]:
    """「ルール原文」 as lines of Japanese: the section and the quoted sentences, or the
    choice we made and where it is written."""
    q = seed_quote(rule_id)
    if q is None:
        return []
    if q.is_choice:
        out = [f"（原文に記載なし：本ツールの判断）{q.choice}"]
        if q.source:
            out.append(f"（出典：{q.source}）")
        return out
    head = f"{q.section}より" if q.section else "原文より"
    return [head, *(f"「{s}」" for s in q.quote)]
