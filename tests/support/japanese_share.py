"""How much of what a person reads is not Japanese (issue 27), and which program words
(rule ids, file paths, phase ids, option keys) reach a player's view.

``latin_share(text, cut)`` is the share of Latin letters among all letters of ``text``
once player names, chat text and the words everyone uses (GM, CO, LINE, Discord…) are
cut out.  ``program_words(text)`` lists the program's words found in ``text``.
``measure(root)`` renders one game's readers' views: every player's ``explain --as``,
``explain --line`` for each of a player's own lines, the desk's explain page (each
player's and the public view, ``desk=True``; a player's must equal the command line's:
``Figures.differ``), and the report's visible text.

Run ``python benchmarks/latin_share.py`` for the figures over every fixture game;
``tests/test_rulebook_ja.py`` asserts them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"

#: words everyone uses in a Japanese chat game (and the village's own name)
ALLOWED = ("Discord", "LINE", "GM", "CO", "Splatoon", "OK", "vs")

LATIN = re.compile(r"[A-Za-zＡ-Ｚａ-ｚ]")
LETTER = re.compile(r"[A-Za-zＡ-Ｚａ-ｚ\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\u30fc]")
PATH = re.compile(r"(?:logs/|rules/|[\w-]+\.(?:txt|csv|json|md|toml):?\d*\b|DESIGN\.md|README)")
PHASE_ID = re.compile(r"(?<![A-Za-z])(?:day|night|round)\d+(?![A-Za-z])")


@cache
def rule_ids() -> frozenset[str]:
    from adjudicator.rulebook import ENGINE_RULES, rules
    from adjudicator.seedquotes import table

    return frozenset({*rules(), *ENGINE_RULES, *table()} - {"werewolf.md"})


@cache
def option_keys() -> frozenset[str]:
    """Every game.toml option the rules name (``tie``, ``hunter_repeat``…)."""
    keys: set[str] = set()
    for md in (ROOT / "adjudicator" / "rules").glob("*.md"):
        text = md.read_text(encoding="utf-8")
        keys |= set(re.findall(r"`([a-z][a-z_]*)\s*=", text))
        keys |= set(re.findall(r"(?i:option)\s+`([a-z][a-z_]*)`", text))
        keys |= set(re.findall(r"`([a-z]+_[a-z_]+)`", text))  # call_window_seconds
    # and the settings game.toml's template names (first_bite…)
    from adjudicator.games import REGISTRY, get_variant

    keys |= {o.key for v in REGISTRY for o in get_variant(v).toml_options}
    return frozenset(keys)


def program_words(text: str) -> list[str]:
    """The program's words in ``text``: rule ids, file paths, phase ids, option keys."""
    found: list[str] = []
    ids = rule_ids()
    for m in re.finditer(r"(?<![\w.])[a-z]+(?:\.[a-z_][a-z0-9_]*)+(?![\w])", text):
        if m.group(0) in ids:
            found.append(f"rule id {m.group(0)}")
    found += [f"path {m.group(0)}" for m in PATH.finditer(text)]
    found += [f"phase id {m.group(0)}" for m in PHASE_ID.finditer(text)]
    for key in option_keys():
        if re.search(rf"(?<![A-Za-z_]){re.escape(key)}(?![A-Za-z_])", text) and (
                "_" in key or re.search(rf"(?<![A-Za-z_]){key}\s*=", text)):
            found.append(f"option key {key}")
    return found


def cut_out(text: str, cut: set[str]) -> str:
    for c in sorted((c for c in cut if c), key=len, reverse=True):
        text = text.replace(c, " ")
    for w in ALLOWED:
        text = re.sub(rf"(?<![A-Za-z]){w}(?![A-Za-z])", " ", text)
    return text


def counts(text: str, cut: set[str]) -> tuple[int, int]:
    """(Latin letters, all letters) of ``text`` with ``cut`` and the allowed words out."""
    rest = cut_out(text, cut)
    return len(LATIN.findall(rest)), len(LETTER.findall(rest))


@dataclass
class Figures:
    """Latin and all letters, per kind of output; program words found in players' views."""

    latin: dict[str, int] = field(default_factory=dict)
    letters: dict[str, int] = field(default_factory=dict)
    words: list[tuple[str, str]] = field(default_factory=list)  # (where, word)
    #: answers where the desk's page and the command line's differ for a player
    differ: list[str] = field(default_factory=list)

    def add(self, kind: str, text: str, cut: set[str], where: str = "",
            player_view: bool = True) -> None:
        lat, let = counts(text, cut)
        self.latin[kind] = self.latin.get(kind, 0) + lat
        self.letters[kind] = self.letters.get(kind, 0) + let
        if player_view:
            self.words += [(where, w) for w in program_words(cut_out(text, cut))]

    def share(self, kind: str) -> float:
        return self.latin.get(kind, 0) / max(1, self.letters.get(kind, 0))

    def merge(self, other: Figures) -> None:
        for k, v in other.latin.items():
            self.latin[k] = self.latin.get(k, 0) + v
        for k, v in other.letters.items():
            self.letters[k] = self.letters.get(k, 0) + v
        self.words += other.words
        self.differ += other.differ


def game_cut(game: Any) -> set[str]:
    """Player names, aliases, team names and every chat text of ``game``."""
    cut: set[str] = set()
    for p in game.cfg.players:
        cut.add(p.name)
        cut |= set(p.aliases)
    for t in game.cfg.teams:
        cut.add(t.name)
        cut |= set(t.members)
    cut |= set(game.cfg.gm)
    cut.add(game.root.resolve().name)  # the game's own name (the report's title)
    for ph in game.phases:
        for r in ph.lines:
            cut.add(r.text)
            if r.action:
                cut.add(r.action)
    return cut


def visible_text(page: str) -> str:
    page = re.sub(r"<(style|script)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r"<title>.*?</title>", " ", page, flags=re.S)
    import html

    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def fixture_games() -> list[Path]:
    return sorted(p for p in FIXTURES.iterdir() if (p / "game.toml").is_file()
                  and (p / "logs").is_dir())


def measure(root: Path, lines_per_player: int | None = None) -> Figures:
    from adjudicator.engine import resolve_game
    from adjudicator.explain import explain_text
    from adjudicator.explain_ja import explain_line
    from adjudicator.report.html import render_report
    from adjudicator.views import View, player_names

    game = resolve_game(root)
    cut = game_cut(game)
    fig = Figures()
    for name in player_names(game):
        text = explain_text(game, view=View.of(name))
        fig.add("explain --as", text, cut, f"{root.name} explain --as {name}")
        page = explain_text(game, view=View.of(name), desk=True)
        fig.add("desk explain", page, cut, f"{root.name} desk explain {name}")
        fig.differ += [f"{root.name} explain --as {name}"] if page != text else []
        own = [r for ph in game.phases for r in ph.lines
               if r.speaker == name and r.disposition != "chatter"]
        for r in own[:lines_per_player]:
            text = explain_line(game, r.ref, View.of(name))
            fig.add("explain --line", text, cut,
                    f"{root.name} explain --line {r.ref} --as {name}")
            if explain_line(game, r.ref, View.of(name), desk=True) != text:
                fig.differ.append(f"{root.name} explain --line {r.ref} --as {name}")
    fig.add("desk explain", explain_text(game, view=View.public(), desk=True), cut,
            f"{root.name} desk explain (public)")
    if game.variant.finished(game.state):
        fig.add("report", visible_text(render_report(game, View.public())), cut,
                f"{root.name} report")
    return fig


def measure_all(lines_per_player: int | None = None) -> Figures:
    total = Figures()
    for root in fixture_games():
        total.merge(measure(root, lines_per_player))
    return total
