"""Splatoon！！村 report sections: a squids × phases grid coloured by gauge, both colours' points
(variable and permanent, from ``splatoon_rules.points``), splashes and executions."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ...phases import phase_label
from ...report.charts import Cell, Chart, Grid, Section, Series, SeriesLayout, Table
from ...report.sections import x_labels
from .state import COLOUR_JA, gauge_ja, points

#: line colours by the colour a squid (or a point series) belongs to; shades vary so
#: lines of one colour stay apart
SHADES: dict[str | None, tuple[int, list[int]]] = {
    "orange": (28, [48, 38, 58, 32, 66, 44, 54]),
    "purple": (275, [45, 35, 56, 30, 64, 40, 50]),
    None: (215, [55, 45, 65, 38, 72, 50, 60]),
}


def shade(colour: str | None, i: int) -> str:
    hue, lights = SHADES.get(colour, SHADES[None])
    sat = 12 if colour is None else 80
    return f"hsl({hue} {sat}% {lights[i % len(lights)]}%)"


@dataclass
class ColourChart(Chart):
    """A chart whose series are drawn in given colours (not the default palette)."""

    colours: list[str] = field(default_factory=list)

    def layouts(self) -> list[SeriesLayout]:
        base = super().layouts()
        if len(self.colours) != len(base):
            return base
        return [replace(s, colour=c) for s, c in zip(base, self.colours, strict=True)]


#: background of a gauge cell: orange above zero, purple below, deeper with the value
LIGHT = {1: 86, 2: 74, 3: 62, 4: 54, 5: 48}


def gauge_colour(g: int) -> str:
    if g == 0:
        return "#f1f0ec"
    hue, sat = (28, 92) if g > 0 else (275, 55)
    return f"hsl({hue} {sat}% {LIGHT.get(abs(g), 48)}%)"


def _gauge_grid(game: Any, states: list[Any]) -> Grid:
    """Squids × phases, each cell the squid's gauge after that phase, coloured by it; an
    executed squid's cells show its locked gauge, faded."""
    rows: list[tuple[str, list[Cell]]] = []
    for n in game.initial.players:
        cells: list[Cell] = []
        for st in states:
            p = st.players[n]
            if p.alive:
                cells.append(Cell(str(abs(p.gauge)), gauge_colour(p.gauge), gauge_ja(p.gauge)))
            elif p.locked is not None:
                cells.append(Cell(str(abs(p.locked)), gauge_colour(p.locked),
                                  f"処刑（{gauge_ja(p.locked)}を保存）", faded=True))
            else:
                cells.append(Cell("—", "", "死亡"))
        rows.append((n, cells))
    legend = [Cell(gauge_ja(g), gauge_colour(g)) for g in (3, 2, 1, 0, -1, -2, -3)]
    return Grid(title="カラーゲージ（イカ × フェーズ）", columns=x_labels(game), rows=rows,
                legend=legend,
                caption="各マスはそのフェーズの後のゲージ：オレンジは橙、ムラサキは紫、濃いほど大きく、"
                        "数字はゲージの大きさです。処刑されたイカは処刑時に保存したゲージを薄く表示します")


def _points_chart(game: Any, states: list[Any]) -> ColourChart:
    series: list[Series] = []
    colours: list[str] = []
    for c in ("orange", "purple"):
        total = [float(points(s)[c]) for s in states]
        perm = [float(s.permanent.get(c, 0)) for s in states]
        series += [Series(f"{COLOUR_JA[c]} 合計", total),
                   Series(f"{COLOUR_JA[c]} 変動", [t - p for t, p in zip(total, perm,
                                                                         strict=True)]),
                   Series(f"{COLOUR_JA[c]} 永続", perm)]
        colours += [shade(c, 3), shade(c, 0), shade(c, 4)]
    return ColourChart(
        title="ポイントの推移", x_labels=x_labels(game), series=series, colours=colours,
        caption="合計 = 変動（生存しているその色のイカのゲージの合計）+ 永続（スプラッシュと処刑で"
                "加算）。")


def _events_table(game: Any) -> Table:
    rows: list[list[str]] = []
    for ph in game.phases:
        moves = {e.player: e for e in ph.events if e.kind == "gauge"}
        for e in ph.events:
            if e.kind == "splash" and e.player:
                mv = moves.get(e.player)
                gauge = (f"{gauge_ja(int(mv.data['before']))} → {gauge_ja(int(mv.amount or 0))}"
                         if mv is not None else "")
                colour = str(e.data.get("colour", ""))
                rows.append([phase_label(ph.id), "スプラッシュ", e.player, gauge,
                             COLOUR_JA.get(colour, colour), f"+{e.amount or 0}"])
            elif e.kind == "gauge_locked" and e.player:
                colour = str(e.data.get("colour") or "")
                rows.append([phase_label(ph.id), "処刑（ゲージを保存）", e.player,
                             gauge_ja(int(e.amount or 0)), COLOUR_JA.get(colour, "—"),
                             f"+{int(e.data.get('added', 0))}"])
    return Table(title="スプラッシュと処刑",
                 headers=["フェーズ", "できごと", "イカ", "ゲージ", "得点した色", "永続ポイント"],
                 rows=rows, numeric=[5],
                 caption="スプラッシュ：一晩でゲージが3以上動いたイカ（動いた先の色に5点）。"
                         "処刑：そのときのゲージがその色の永続ポイントになります")


def sections(game: Any) -> list[Section]:
    states = [game.initial, *game.states]
    blocks: list[Chart | Table | Grid] = [_gauge_grid(game, states), _points_chart(game, states),
                                          _events_table(game)]
    return [Section(id="splatoon", title="Splatoon！！村", blocks=blocks,
                    covers=frozenset({"gauge", "points", "permanent", "locked"}))]
