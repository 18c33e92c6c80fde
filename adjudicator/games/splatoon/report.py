"""Splatoon！！村 report sections: colour gauges over time, both colours' points
(variable and permanent, from ``splatoon_rules.points``), splashes and executions."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ...report_sections import phase_label, x_labels
from ...report_sections.charts import Chart, Section, Series, SeriesLayout, Table
from .state import COLOUR_JA, colour_of, gauge_ja, points

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


GAUGE_TICKS = [(float(g), gauge_ja(g).replace("（無色）", " 無色")) for g in range(-3, 4)]


def _gauge_chart(game: Any, states: list[Any]) -> ColourChart:
    names = list(game.initial.players)
    final = game.state
    series: list[Series] = []
    colours: list[str] = []
    seen: dict[str | None, int] = {}
    for n in names:
        vals: list[float | None] = []
        for s in states:
            p = s.players[n]
            vals.append(p.gauge if p.alive else None)
        last = final.players[n]
        end = colour_of(last.locked if last.locked is not None else last.gauge)
        series.append(Series(n, vals))
        colours.append(shade(end, seen.get(end, 0)))
        seen[end] = seen.get(end, 0) + 1
    return ColourChart(
        title="カラーゲージの推移", x_labels=x_labels(game), series=series, y_ticks=GAUGE_TICKS,
        colours=colours,
        caption="オレンジが上（+）、ムラサキが下（−）。線の色は最後の色（処刑されたイカはロックされた"
                "ゲージの色、灰色は無色）。処刑後は線が途切れます")


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
                "加算）。sp.points")


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
                rows.append([phase_label(ph.id), "処刑（ゲージをロック）", e.player,
                             gauge_ja(int(e.amount or 0)), COLOUR_JA.get(colour, "—"),
                             f"+{int(e.data.get('added', 0))}"])
    return Table(title="スプラッシュと処刑",
                 headers=["局面", "できごと", "イカ", "ゲージ", "得点した色", "永続ポイント"],
                 rows=rows, numeric=[5],
                 caption="スプラッシュ：一晩でゲージが3以上動いたイカ（動いた先の色に5点、sp.splash）。"
                         "処刑：そのときのゲージがその色の永続ポイントになります（sp.execute）")


def sections(game: Any) -> list[Section]:
    states = [game.initial, *game.states]
    blocks: list[Chart | Table] = [_gauge_chart(game, states), _points_chart(game, states),
                                   _events_table(game)]
    return [Section(id="splatoon", title="Splatoon！！村", blocks=blocks,
                    covers=frozenset({"gauge", "points", "permanent", "locked"}))]
