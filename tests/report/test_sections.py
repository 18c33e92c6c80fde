"""The Splatoon！！村 and トラップワード report sections, checked against the game's JSON
for every fixture of those variants (by structure, as tests/report/test_report.py does)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from adjudicator.engine import resolve_game
from adjudicator.export import export_game
from adjudicator.games.splatoon.state import points
from adjudicator.games.trapword.words import detail_ja, flat
from adjudicator.report.charts import Chart, Grid, Section, Table
from adjudicator.report.html import render_report
from adjudicator.report.sections import variant_sections
from tests.support import FIXTURES, Tree, parse, resolved

FIX = FIXTURES


def fixtures(variant: str) -> list[Path]:
    return sorted(p for p in FIX.glob("*/") if (p / "game.toml").exists()
                  and f'variant = "{variant}"' in (p / "game.toml").read_text("utf-8"))


SPLATOON = fixtures("splatoon")
TRAPWORD = fixtures("trapword")


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


def test_fixtures_exist() -> None:
    assert len(SPLATOON) >= 2 and len(TRAPWORD) >= 3


# ---------------------------------------------------------------- Splatoon！！村
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


# ---------------------------------------------------------------- トラップワード
@pytest.mark.parametrize("root", TRAPWORD, ids=[p.name for p in TRAPWORD])
def test_trapword_board_positions_per_round(root: Path) -> None:
    game, data, tree, sections = derived(root)
    assert [s.id for s in sections] == ["trapword"]
    board = block(sections, "ボード")
    assert isinstance(board, Chart)
    snaps = snapshots(game)
    history = [e["positions"] for _p, e in snaps]
    # the positions after each round are those the round_ended event records
    ended = [e["positions"] for p in data["phases"] for e in p["events"]
             if e["kind"] == "round_ended"]
    assert ended == history[1:]
    assert history[-1] == data["positions"]
    drawn = figure_series(tree, "ボード")
    for team in data["positions"]:
        assert [float(c["attrs"]["data-value"]) for c in drawn[team]] == [
            float(h[team]) for h in history]
    monster = [float(e["monster"]) for _p, e in snaps]
    assert [float(c["attrs"]["data-value"]) for c in drawn["モンスター"]] == monster
    # rooms across: one x label per tile
    tiles = json.loads(json.dumps(game.state.tiles))
    assert len(board.x_ticks()) == len(tiles)
    texts = [t.label for t in board.x_ticks()]
    assert texts == [f"部屋{i}（{n}）" for i, n in enumerate(tiles, 1)]
    # one row per snapshot, every point inside the drawing
    assert len(board.ticks()) == len(data["phases"]) + 1
    for layout in board.layouts():
        for pt in layout.points:
            assert board.pad_left <= pt.x <= board.width - board.pad_right
            assert board.pad_top <= pt.y <= board.height - board.pad_bottom
    # curses: a series per curse card placed, at its room while it lies on the board
    placed = [e for p in data["phases"] for e in p["events"] if e["kind"] == "curse_placed"]
    assert len([s for s in board.series if s.name.startswith("呪い：")]) == len(placed)


@pytest.mark.parametrize("root", TRAPWORD, ids=[p.name for p in TRAPWORD])
def test_trapword_round_tables(root: Path) -> None:
    _game, data, tree, sections = derived(root)
    tables = [b for s in sections for b in s.blocks if isinstance(b, Table)]
    assert [t.title for t in tables] == [f"第{p['id'][5:]}ラウンド" for p in data["phases"]]
    for table, ph in zip(tables, data["phases"], strict=True):
        starts = [e for e in ph["events"] if e["kind"] == "turn_started"]
        hints = [e for e in ph["events"] if e["kind"] == "hint"]
        results = {e["target"]: e for e in ph["events"] if e["kind"] == "turn_result"}
        heads = [r for r in table.rows if r[0]]
        assert [r[0] for r in heads] == [e["target"] for e in starts]
        for r, e in zip(heads, starts, strict=True):
            assert r[1] == e["player"] and r[2] == (e["secret"] or "（なし）")
            assert r[3] == ("、".join(e["traps"]) or "（なし）")
            res = results[e["target"]]
            assert r[7].startswith("成功" if res["success"] else "失敗")
            if not res["success"]:  # the turn's end as the post says it (one level of ())
                assert detail_ja(res["detail"]) in r[7]
        # a row per hint (a turn without hints: one row), in order, with the verdicts
        n_rows = sum(max(1, sum(h["target"] == s["target"] for h in hints)) for s in starts)
        assert len(table.rows) == n_rows
        shown = [r[4] for r in table.rows if r[4] != "（ヒントなし）"]
        assert shown == [f"{h['n']}「{h['text']}」" for s in starts for h in hints
                         if h["target"] == s["target"]]
        for h in hints:
            row = next(r for r in table.rows if r[4] == f"{h['n']}「{h['text']}」")
            for vd in h["verdicts"]:
                if vd["grade"] != "none":
                    assert flat(vd["reason"]) in row[5]
            if h["illegal"]:
                assert h["illegal"] in row[5]
            if h["sprung"]:
                assert "発動" in row[6]
        for m in (e for e in ph["events"] if e["kind"] == "trap_missed"):
            assert any(f"見逃し：「{m['word']}」" in r[6] for r in table.rows)
    titles = [el["attrs"].get("data-table") for el in tree.find("table")]
    assert [t.title for t in tables] == [t for t in titles if t and t.startswith("第")]


def test_hostile_trapword_text_is_escaped(tmp_path: Path) -> None:
    root = tmp_path / "evil"
    (root / "logs").mkdir(parents=True)
    (root / "game.toml").write_text(
        'variant = "trapword"\nseed = 1\ngm = ["GM"]\n[options]\ncurses = 1\n'
        '[[teams]]\nname = "<script>x</script>"\nmembers = ["a", "b"]\nfirst = true\n'
        '[[teams]]\nname = "青"\nmembers = ["c", "d"]\n', encoding="utf-8")
    (root / "logs" / "round1.txt").write_text("\n".join([
        "[20:00:00] GM: 秘密@青 <img src=x onerror=alert(1)>",
        "[20:00:01] GM: 秘密@<script>x</script> 犬",
        "[20:00:02] c: トラップ@</td><script>y</script>",
        "[20:00:03] GM: 開始@<script>x</script>",
        "[20:00:04] a: <svg onload=alert(2)>ワン",
        "[20:00:05] b: 犬",
    ]) + "\n", encoding="utf-8")
    game = resolve_game(root)
    html = render_report(game)
    tree = parse(html)
    assert not tree.find("script") and not tree.find("img") and not tree.find("svg", onload="alert(2)")
    for el in tree.elements:
        assert not any(k.startswith("on") for k in el["attrs"])
    text = "".join(tree.text)
    assert "<svg onload=alert(2)>ワン" in text
    assert "<script>x</script>" in text
