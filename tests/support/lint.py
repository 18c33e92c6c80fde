"""What looks like the program's inside in text meant for people (issue 15).

``problems(text)`` finds reprs (``Name(a=…)``, ``{'``, ``[Card(``), Python values
(``None``, ``True``, ``False``), snake_case ids outside rule-id citations, and English
enum values of a game that has Japanese words for them.  The precise rules (English,
quoted under 「ルール原文」) and the players' own chat lines are not the program's words:
callers pass them as ``allowed`` and they are cut out before the search, as are the
seed's quotes and our choices (they name game.toml's options, as a GM types them).

The copy edits' wrong shapes (tests/japanese/test_copy_lint*.py) read a fixture game's
outputs as ``Texts``; each game's own shapes and checks are hooks of its
``tests/support/<package>.py`` (``COPY_SHAPES``, ``COPY_SHAPES_EXEMPT``, ``COPY_WORDS``,
``COPY_CHECKS``), read over the registry.
"""

from __future__ import annotations

import html
import re
import tempfile
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

from adjudicator.report.sections import value_ja
from adjudicator.rulebook import ENGINE_RULES, rules
from adjudicator.seedquotes import seed_lines, table

REPR = re.compile(r"[A-Za-z_]\w*\((?:[^()]*?)\w=|\{'|\[[^\]\n]{0,80}?[A-Z]\w*\(")
PYVALUE = re.compile(r"(?<![A-Za-z_])(None|True|False)(?![A-Za-z_])")
# a snake_case word not inside a dotted rule id (ds.stock.move.cheer_source) or a path
SNAKE = re.compile(r"(?<![\w./-])[a-z]+(?:_[a-z0-9]+)+(?![\w./(-])")


def enum_words(variant: Any) -> set[str]:
    """The English values the game has Japanese words for (orange, ninja, genji…)."""
    return {k for table in value_ja(variant).values() for k in table
            if re.fullmatch(r"[a-z_]+", k)} | {"male", "female", "village", "wolves"}


def precise_rules() -> list[str]:
    """The precise rules (English) and the seed quotes and choices (「ルール原文」, which
    name game.toml's options as a GM types them): rule text, not the program's words."""
    seed = {x for rid in table() for x in seed_lines(rid)}
    return sorted({*rules().values(), *ENGINE_RULES.values(), *seed}, key=len, reverse=True)


def visible_text(page: str) -> str:
    """The text a browser shows of an HTML page (no style, no tags, entities decoded)."""
    page = re.sub(r"<(style|script)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r"<title>.*?</title>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def problems(text: str, variant: Any, allowed: Iterable[str] = ()) -> list[str]:
    for cut in [*precise_rules(), *sorted(set(allowed), key=len, reverse=True)]:
        if cut and len(cut) >= 2:
            text = text.replace(cut, " ")
    found: list[str] = []
    for pat, what in ((REPR, "repr"), (PYVALUE, "Python value"), (SNAKE, "snake_case id")):
        found += [f"{what}: …{text[max(0, m.start() - 30):m.end() + 30]}…"
                  for m in pat.finditer(text)]
    words = enum_words(variant)
    if words:
        enum = re.compile(r"(?<![\w./-])(" + "|".join(sorted(words, key=len, reverse=True))
                          + r")(?![\w./-])")
        found += [f"English value {m.group(1)!r}: …{text[max(0, m.start() - 30):m.end() + 30]}…"
                  for m in enum.finditer(text)]
    return found


# ---------------------------------------------------------------- the copy edits' texts
#: the kinds of output a copy-edit shape is checked in (tests/japanese/test_copy_lint.py)
COPY_KINDS = ("ledger", "post", "notice", "explain", "report")


class Texts:
    """One fixture game's outputs: ``files`` (ledger, notices, posts by their path in the
    outputs' folder: ``day1/ledger.txt``, ``day1/private/<name>.txt``, ``day1/public.txt``)
    and ``views`` (explain, by 'gm' or a player's name)."""

    def __init__(self, variant: str, files: dict[str, str], views: dict[str, str],
                 players: frozenset[str]) -> None:
        self.variant, self.files, self.views, self.players = variant, files, views, players

    def notices(self) -> dict[str, str]:
        return {k: v for k, v in self.files.items() if "/private/" in k}

    def posts(self) -> dict[str, str]:
        return {k: v for k, v in self.files.items() if k.endswith("public.txt")}

    def everything(self) -> dict[str, str]:
        return {**self.files, **{f"explain {k}": v for k, v in self.views.items()}}

    def players_views(self) -> dict[str, str]:
        return {k: v for k, v in self.views.items() if k != "gm"}


#: a copy-edit check: the lines of a game's texts that have the old shape
Check = Callable[[Texts], list[str]]


@cache
def output_files(root: Path) -> dict[str, str]:
    """Every text file ``adjudicator resolve`` writes for the fixture game ``root`` (the
    whole outputs' folder, whatever layout its expected/ keeps), the diagnostics aside."""
    from adjudicator.cli.main import write_outputs
    from adjudicator.export import export_game
    from tests.support import read_tree, resolved

    game = resolved(root)
    with tempfile.TemporaryDirectory() as tmp:
        tree = read_tree(write_outputs(game, export_game(game), Path(tmp) / "out"))
    return {k: v for k, v in tree.items() if k.endswith(".txt") and k != "diagnostics.txt"}


@cache
def texts_of(root: Path) -> Texts:
    from adjudicator.explain import explain_text
    from adjudicator.views import View, player_names
    from tests.support import resolved

    game = resolved(root)
    names = player_names(game)
    views = {"gm": explain_text(game, view=View.gm())}
    views.update({n: explain_text(game, view=View.of(n)) for n in names})
    return Texts(game.variant.name, output_files(root), views, frozenset(names))


def lines(texts: dict[str, str]) -> list[tuple[str, str]]:
    """(file, line) of every line of ``texts``."""
    return [(k, x) for k, v in texts.items() for x in v.splitlines()]
