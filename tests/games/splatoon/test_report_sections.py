"""The Splatoon！！村 report sections, checked against the game's JSON for every fixture of the
variant (by structure, as tests/report/test_report.py does)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.games.splatoon.state import points
from adjudicator.report.charts import Chart, Grid, Table
from tests.support import FIXTURES, fixtures_of
from tests.support.report_sections import block, derived, figure_series, snapshots

SPLATOON = [FIXTURES / n for n in fixtures_of("splatoon")]


def test_fixtures_exist() -> None:
    assert len(SPLATOON) >= 2


@pytest.mark.parametrize("root", SPLATOON, ids=[p.name for p in SPLATOON])
def test_splatoon_gauges_one_row_per_squid(root: Path) -> None:
    """The gauge grid: one row per squid, one cell per phase (and the start), the number
    the gauge's size, the colour its sign, an executed squid's locked gauge faded."""
    game, data, tree, sections = derived(root)
    assert [s.id for s in sections] == ["splatoon"]
    grid = block(sections, "カラーゲージ（イカ × フェーズ）")
    assert isinstance(grid, Grid)
    assert [name for name, _c in grid.rows] == list(data["players"])
    snaps = snapshots(game)
    assert len(grid.columns) == len(snaps)
    for name, cells in grid.rows:
        assert len(cells) == len(snaps)
        for cell, (players, _e) in zip(cells, snaps, strict=True):
            p = players[name]
            g = p["gauge"] if p["alive"] else p["locked"]
            if g is None:
                assert cell.text == "—" and not cell.colour
                continue
            assert cell.text == str(abs(g)) and cell.faded == (not p["alive"])
            hue = {1: "hsl(28 ", -1: "hsl(275 ", 0: "#"}[(g > 0) - (g < 0)]
            assert cell.colour.startswith(hue), (name, g, cell.colour)
    # drawn: a table with one row per squid, each cell coloured, the number inside
    rows = [el for el in tree.elements if el["tag"] == "tr" and "data-row" in el["attrs"]]
    assert [r["attrs"]["data-row"] for r in rows] == list(data["players"])
    styled = [el for el in tree.elements if el["tag"] == "td" and "background:hsl("
              in el["attrs"].get("style", "")]
    assert styled


@pytest.mark.parametrize("root", SPLATOON, ids=[p.name for p in SPLATOON])
def test_splatoon_points_per_phase(root: Path) -> None:
    game, data, tree, sections = derived(root)
    chart = block(sections, "ポイントの推移")
    assert isinstance(chart, Chart)
    per = len(data["phases"]) + 1
    by_name = {s.name: list(s.values) for s in chart.series}
    assert len(by_name) == 6 and all(len(v) == per for v in by_name.values())
    snaps = snapshots(game)
    states = [game.initial, *game.states]
    for colour, ja in (("orange", "オレンジ"), ("purple", "ムラサキ")):
        total = [float(e["points"][colour]) for _p, e in snaps]
        perm = [float(e["permanent"][colour]) for _p, e in snaps]
        assert by_name[f"{ja} 合計"] == total == [float(points(s)[colour]) for s in states]
        assert by_name[f"{ja} 永続"] == perm
        assert by_name[f"{ja} 変動"] == [t - p for t, p in zip(total, perm, strict=True)]
        assert total[-1] == data["points"][colour]
    drawn = figure_series(tree, "ポイントの推移")
    assert all(len(drawn[n]) == per for n in by_name)
    # a judge's report (day 2, day 4) shows the points charted for that night
    for ph, after in zip(data["phases"], snaps[1:], strict=True):
        for e in ph["events"]:
            if e["kind"] == "judge_report":
                assert (e["orange"], e["purple"]) == (after[1]["points"]["orange"],
                                                      after[1]["points"]["purple"])


@pytest.mark.parametrize("root", SPLATOON, ids=[p.name for p in SPLATOON])
def test_splatoon_splash_and_execution_table(root: Path) -> None:
    _game, data, tree, sections = derived(root)
    table = block(sections, "スプラッシュと処刑")
    assert isinstance(table, Table)
    want = [(e["kind"], e["player"]) for p in data["phases"] for e in p["events"]
            if e["kind"] in ("splash", "gauge_locked")]
    got = [("splash" if r[1] == "スプラッシュ" else "gauge_locked", r[2]) for r in table.rows]
    assert got == want
    locked = {n: p["locked"] for n, p in data["players"].items() if p["locked"] is not None}
    for r in table.rows:
        if r[1] != "スプラッシュ":
            assert locked[r[2]] is not None and r[5] == f"+{abs(locked[r[2]])}"
    rows = [el for el in tree.elements if el["tag"] == "tr" and "tbody" in el["parents"]
            and any(c == "scroll" for c in el["classes"])]
    assert len(rows) >= len(table.rows)
    # no automatic chart repeats what the section covers
    figs = {f["attrs"]["data-chart"] for f in tree.find("figure", "chart")}
    assert "ゲージの推移" not in figs and "ポイントの推移" in figs
