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

Each entry also holds the rule for people, in Japanese (``docs/explain.md``)::

    title = "ボム"                             # the rule's name (headings, links)
    ja = "ボムは…"                             # the precise rule, for players
    note = "原文は3秒ですが、…{call_window_seconds=10}秒…"  # where the ruling differs
                                               # ({option=default}: the game's setting)
    standard = true                            # silent seed: the ordinary 人狼 rule
    [rules."ww.vote.tie".when]                 # the text under one game.toml setting
    "tie=none" = "同票のときは誰も処刑しません。"

A choice's ``choice`` is its Japanese text.  A variant's file may hold an entry for a
base rule (``ww.vote`` in ``splatoon.seed.toml``): within that variant it replaces the
base entry's quote, keeping the base entry's title and text unless it gives its own.

``tests/rules/test_seedquotes.py`` checks that every rule id has an entry and that every quoted
sentence is found verbatim in its seed; ``tests/japanese/test_rulebook_ja.py`` that every rule
has its Japanese text, free of program words.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

FOLDER = Path(__file__).resolve().parent / "rules"


@dataclass(frozen=True)
class SeedQuote:
    rule: str
    seed: str  # the seed file's name
    section: str = ""
    quote: tuple[str, ...] = ()
    choice: str = ""  # Japanese: what we decided where the seed is silent
    source: str = ""  # where the choice is written down (a docs/ page and heading; for developers, never shown)
    title: str = ""  # the rule's Japanese name
    ja: str = ""  # the precise rule in Japanese, for players
    note: str = ""  # one plain sentence where the ruling differs from the quote
    standard: bool = False  # silent seed: the ordinary werewolf rule, not our own choice
    when: tuple[tuple[str, str], ...] = ()  # ("tie=none", text under that setting)
    origin: str = ""  # the mapping file's stem (werewolf, splatoon…)

    @property
    def is_choice(self) -> bool:
        return not self.quote


@cache
def seed_text(name: str) -> str:
    return (FOLDER / "seeds" / name).read_text(encoding="utf-8")


def parse(text: str, origin: str = "") -> dict[str, SeedQuote]:
    """The entries of one ``*.seed.toml`` text."""
    data = tomllib.loads(text)
    seed = str(data.get("seed", ""))
    out: dict[str, SeedQuote] = {}
    for rid, entry in data.get("rules", {}).items():
        out[rid] = SeedQuote(
            rule=rid, seed=str(entry.get("seed", seed)), section=str(entry.get("section", "")),
            quote=tuple(str(q) for q in entry.get("quote", [])),
            choice=str(entry.get("choice", "")), source=str(entry.get("source", "")),
            title=str(entry.get("title", "")), ja=str(entry.get("ja", "")),
            note=str(entry.get("note", "")), standard=bool(entry.get("standard", False)),
            when=tuple((str(k), str(v)) for k, v in entry.get("when", {}).items()),
            origin=origin)
    return out


#: the mappings every variant builds on (their entries are the rules' own)
BASE = ("werewolf", "engine")


@cache
def files() -> dict[str, dict[str, SeedQuote]]:
    """Each mapping file's entries, by the file's stem (``splatoon``, ``werewolf``…)."""
    out: dict[str, dict[str, SeedQuote]] = {}
    for path in sorted(FOLDER.glob("*.seed.toml")):
        stem = path.name.removesuffix(".seed.toml")
        out[stem] = parse(path.read_text(encoding="utf-8"), stem)
    return out


def _merge(base: SeedQuote, over: SeedQuote) -> SeedQuote:
    """A variant's entry for a base rule: its quote, the base's name and text unless it
    has its own."""
    return SeedQuote(
        rule=over.rule, seed=over.seed, section=over.section, quote=over.quote,
        choice=over.choice or (base.choice if not over.quote else ""), source=over.source,
        title=over.title or base.title, ja=over.ja or base.ja or base.choice,
        note=over.note, standard=over.standard, when=over.when or base.when,
        origin=over.origin)


@cache
def table() -> dict[str, SeedQuote]:
    """Every entry, a base rule as its own file has it."""
    out: dict[str, SeedQuote] = {}
    for stem, entries in files().items():
        if stem not in BASE:
            out.update(entries)
    for stem in BASE:
        out.update(files().get(stem, {}))
    return out


@cache
def variant_table(variant: str) -> dict[str, SeedQuote]:
    """The entries as ``variant`` reads them: its own file's over the base rules'."""
    out = dict(table())
    for rid, entry in files().get(variant, {}).items():
        out[rid] = _merge(out[rid], entry) if rid in out and out[rid].origin in BASE else entry
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


def seed_quote(rule_id: str, variant: str | None = None) -> SeedQuote | None:
    """The entry for ``rule_id`` (as ``variant`` reads it); for a sub-id without its own
    entry, its parent's."""
    t = variant_table(variant) if variant else table()
    rid = rule_id
    while rid:
        if rid in t:
            return t[rid]
        rid = rid.rpartition(".")[0]
    return None


def section_ja(section: str) -> str:
    """A seed section as a person names it: 「ダービー＆ストック村・スーパーチャンス」 for
    ``ダービー＆ストック村へようこそ！＜所持金の増やし方：基本編＞・スーパーチャンス``."""
    parts: list[str] = []
    for part in re.split(r"[【】＜＞《》＊＝・]+", section):
        part = part.strip().removesuffix("へようこそ！").strip().lstrip("★")
        part = re.sub(r"（[０-９0-9]+人村）|:[0-9()]+人＋GM$", "", part)
        if parts and parts[0].endswith("村") and part.startswith(parts[0]) and part != parts[0]:
            part = part[len(parts[0]):]  # 「ダービー＆ストック村基本ルール」 under the village
        if part and part not in parts:
            parts.append(part)
    return "・".join(parts)


SILENT = "記載なし（本ツールの判断です）"
STANDARD = "記載なし（一般的な人狼のルールに従います）"


def seed_lines(rule_id: str, variant: str | None = None) -> list[str]:
    """「ルール原文」 as lines of Japanese: the section and the quoted sentences (and,
    where the ruling differs, the plain sentence saying so), or that the seed is silent."""
    q = seed_quote(rule_id, variant)
    if q is None:
        return []
    if q.is_choice:
        return ["原文に" + (STANDARD if q.standard else SILENT)]
    head = f"「{section_ja(q.section)}」より" if q.section else "原文より"
    out = [head, *(f"「{s}」" for s in q.quote)]
    if q.note:
        out.append(f"本ツールの判断：{note_text(q.note)}")
    return out


NOTE_OPTION = re.compile(r"\{([a-z_]+)=([^{}]*)\}")


def note_text(note: str, options: Any = None) -> str:
    """A note with its ``{option=default}`` places filled in: the game's setting (the
    number a ruling used), or the default where no game is given."""
    def fill(m: re.Match[str]) -> str:
        key, default = m.group(1), m.group(2)
        if options is not None and key in options:
            return str(options[key])
        return default
    return NOTE_OPTION.sub(fill, note)


def rule_ja(rule_id: str, variant: str | None = None,
            options: Any = None) -> str:
    """The precise rule in Japanese, for players; under ``options`` (game.toml's), the
    text its ``when`` table gives for the settings the game has."""
    q = seed_quote(rule_id, variant)
    if q is None:
        return ""
    for cond, text in q.when:
        key, _, want = cond.partition("=")
        if options is not None and key in options and _same(options[key], want):
            return text
    return q.ja or q.choice


def _same(value: object, want: str) -> bool:
    if isinstance(value, bool):
        return str(value).lower() == want.lower()
    return str(value) == want


def rule_title(rule_id: str, variant: str | None = None) -> str:
    """The rule's Japanese name (「投票」); a sub-id without one takes its parent's."""
    rid = rule_id
    while rid:
        q = seed_quote(rid, variant)
        if q is None:
            break
        if q.title:
            return q.title
        rid = q.rule.rpartition(".")[0]
    return ""


@dataclass(frozen=True)
class RuleText:
    """What a person reads of one rule: its name, the seed's words, our precise text."""

    key: str  # the id of the entry that holds it (a sub-id's parent, when it has none)
    rule: str  # the id cited
    title: str  # 「投票」
    place: str  # the seed section, as a person names it ("" when the seed is silent)
    quotes: tuple[str, ...]  # the seed's sentences, verbatim
    note: str  # where the ruling differs from the quote, one plain sentence
    silent: str  # when the seed is silent: SILENT or STANDARD, else ""
    ja: str  # the precise rule for players

    @property
    def anchor(self) -> str:
        """The report's anchor of this rule (ids are the program's words, but an anchor
        is never shown)."""
        return f"rule-{self.key}"

    def lines(self) -> list[str]:
        """The rule as lines of Japanese (explain, ``check``): the seed's words, then the
        precise rule."""
        if self.silent:
            out = [f"原文：{self.silent}"]
        else:
            out = [f"原文（「{self.place}」より）：" if self.place else "原文：",
                   *(f"  「{q}」" for q in self.quotes)]
            if self.note:
                out.append(f"本ツールの判断：{self.note}")
        if self.ja:
            out.append(f"この村のルール：{self.ja}")
        return out


def rule_text(rule_id: str, game: object | None = None) -> RuleText | None:
    """The rule ``rule_id`` as ``game`` (its variant and game.toml options) reads it."""
    v = getattr(game, "variant", None)
    variant = getattr(v, "name", None)
    cfg = getattr(game, "cfg", None)
    options = getattr(v, "options", None) or getattr(cfg, "options", None)
    q = seed_quote(rule_id, variant)
    if q is None:
        return None
    silent = (STANDARD if q.standard else SILENT) if q.is_choice else ""
    return RuleText(key=q.rule, rule=rule_id, title=rule_title(rule_id, variant) or q.rule,
                    place=section_ja(q.section) if q.quote else "", quotes=q.quote,
                    note=note_text(q.note, options), silent=silent,
                    ja=rule_ja(rule_id, variant, options))
