"""What the tests of a game's own report sections share: the resolved game, its export,
its report's HTML tree and its sections, once per session; a block by title; a chart's
series as drawn."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from adjudicator.export import export_game
from adjudicator.report.charts import Chart, Section, Table
from adjudicator.report.html import render_report
from adjudicator.report.sections import variant_sections
from tests.support import Tree, parse, resolved


@cache
def derived(root: Path) -> tuple[Any, dict[str, Any], Tree, list[Section]]:
    game = resolved(root)
    return game, export_game(game), parse(render_report(game)), variant_sections(game)


def snapshots(game: Any) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    return [game.variant.export(s) for s in [game.initial, *game.states]]


def block(sections: list[Section], title: str) -> Chart | Table:
    return next(b for s in sections for b in s.blocks if b.title == title)


def figure_series(tree: Tree, title: str) -> dict[str, list[dict[str, Any]]]:
    """data-series -> its circles, for the chart figure titled ``title``."""
    out: dict[str, list[dict[str, Any]]] = {}
    current = None
    inside = False
    for el in tree.elements:
        if el["tag"] == "figure":
            inside = el["attrs"].get("data-chart") == title
        elif inside and el["tag"] == "g" and "series" in (el["attrs"].get("class") or ""):
            current = el["attrs"]["data-series"]
            out[current] = []
        elif inside and el["tag"] == "path" and current is not None and not out[current]:
            out.setdefault(f"{current}#stroke", []).append(el)
        elif inside and el["tag"] == "circle" and current is not None:
            out[current].append(el)
    return out
