"""Chart and table blocks for the HTML report: plain data, laid out here, drawn by
``reports/report/chart.html.j2`` as inline SVG (autoescaped: names are untrusted).

Geometry is computed in Python so the template only prints numbers; each point keeps
its value and label, so a test (or a reader hovering a point) can check it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field


def nice_step(raw: float) -> float:
    """1, 2, 2.5 or 5 times a power of ten, at least ``raw``."""
    if raw <= 0:
        return 1.0
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if m * mag >= raw:
            return m * mag
    return 10 * mag


#: distinct hues for up to ~20 series (golden-angle steps), readable on white
def palette(n: int) -> list[str]:
    return [f"hsl({(i * 137.508 + 210) % 360:.0f} 65% 42%)" for i in range(n)]


@dataclass(frozen=True)
class Series:
    name: str
    values: Sequence[float | None]  # one per x label; None: no value (not yet / gone)


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    value: float
    label: str  # "たろう 2日目 昼: 13万ドル"


@dataclass(frozen=True)
class SeriesLayout:
    name: str
    colour: str
    path: str  # SVG path data
    points: list[Point]


@dataclass(frozen=True)
class Tick:
    pos: float
    label: str


@dataclass
class Chart:
    """A line (or step) chart over the phases."""

    title: str
    x_labels: list[str]
    series: list[Series]
    y_format: Callable[[float], str] = lambda v: f"{v:,.0f}"
    y_ticks: list[tuple[float, str]] | None = None  # fixed ticks (stock levels)
    step: bool = False
    caption: str = ""
    kind: str = "chart"
    width: int = 720
    height: int = 300
    pad_left: int = 78
    pad_right: int = 32  # half the last x label (「4日目 昼」) stays inside
    pad_top: int = 14
    pad_bottom: int = 46
    _layout: dict[str, object] = field(default_factory=dict, repr=False)

    # -- geometry --
    def _range(self) -> tuple[float, float]:
        vals = [v for s in self.series for v in s.values if v is not None]
        if self.y_ticks:
            vals += [t for t, _ in self.y_ticks]
        if not vals:
            return 0.0, 1.0
        lo, hi = min(vals), max(vals)
        if self.y_ticks:
            return lo, hi if hi > lo else lo + 1
        lo = min(lo, 0.0)
        if hi == lo:
            hi = lo + 1
        step = self._step(lo, hi)
        return math.floor(lo / step) * step, math.ceil(hi / step) * step

    def _step(self, lo: float, hi: float) -> float:
        """The y tick step; never below 1 when every value is a whole number (counts, gold,
        gauges: a 0.25 step would print 0, 0, 1, 1 under a whole-number format)."""
        step = nice_step((hi - lo) / 4)
        whole = all(float(v).is_integer() for s in self.series for v in s.values
                    if v is not None)
        if not whole:
            return step
        if step < 1:
            return 1.0
        while not float(step).is_integer():  # 2.5 would print 2, 5, 8: the next whole step
            step = nice_step(step * 1.01)
        return float(step)

    def _xy(self, i: int, v: float, lo: float, hi: float) -> tuple[float, float]:
        n = max(1, len(self.x_labels) - 1)
        plot_w = self.width - self.pad_left - self.pad_right
        plot_h = self.height - self.pad_top - self.pad_bottom
        x = self.pad_left + plot_w * i / n
        y = self.pad_top + plot_h * (1 - (v - lo) / (hi - lo))
        return round(x, 1), round(y, 1)

    def x_ticks(self) -> list[Tick]:
        lo, hi = self._range()
        return [Tick(self._xy(i, lo, lo, hi)[0], lab) for i, lab in enumerate(self.x_labels)]

    def ticks(self) -> list[Tick]:
        lo, hi = self._range()
        if self.y_ticks:
            return [Tick(self._xy(0, v, lo, hi)[1], lab) for v, lab in self.y_ticks]
        step = self._step(lo, hi)
        out = []
        v = lo
        while v <= hi + step / 2:
            out.append(Tick(self._xy(0, v, lo, hi)[1], self.y_format(v)))
            v += step
        return out

    def zero(self) -> float | None:
        lo, hi = self._range()
        return self._xy(0, 0, lo, hi)[1] if lo < 0 < hi else None

    def layouts(self) -> list[SeriesLayout]:
        lo, hi = self._range()
        colours = palette(len(self.series))
        out = []
        for s, colour in zip(self.series, colours, strict=True):
            pts: list[Point] = []
            path: list[str] = []
            pen_up = True
            prev_y: float | None = None
            for i, v in enumerate(s.values):
                if v is None:
                    pen_up = True
                    continue
                x, y = self._xy(i, v, lo, hi)
                if pen_up:
                    path.append(f"M{x},{y}")
                elif self.step and prev_y is not None:
                    path.append(f"H{x}V{y}")
                else:
                    path.append(f"L{x},{y}")
                pen_up = False
                prev_y = y
                label = f"{s.name} {self.x_labels[i]}: {self.y_label(v)}"
                pts.append(Point(x=x, y=y, value=v, label=label))
            out.append(SeriesLayout(name=s.name, colour=colour, path="".join(path), points=pts))
        return out

    def y_label(self, v: float) -> str:
        if self.y_ticks:
            for t, lab in self.y_ticks:
                if t == v:
                    return lab
        return self.y_format(v)


@dataclass
class Table:
    title: str
    headers: list[str]
    rows: list[list[str]]
    caption: str = ""
    kind: str = "table"
    numeric: list[int] = field(default_factory=list)  # columns aligned right


@dataclass(frozen=True)
class Cell:
    """One cell of a :class:`Grid`: the text shown, its background, its tooltip."""

    text: str
    colour: str = ""  # a CSS colour ("" : none)
    title: str = ""
    faded: bool = False  # drawn lighter (a value no longer live: a locked gauge)


@dataclass
class Grid:
    """Rows × columns of coloured cells with a value in each (a heat map), drawn as a
    table: e.g. Splatoon's squids × phases coloured by gauge."""

    title: str
    columns: list[str]
    rows: list[tuple[str, list[Cell]]]
    caption: str = ""
    kind: str = "grid"
    legend: list[Cell] = field(default_factory=list)


Block = Chart | Table | Grid


@dataclass
class Section:
    """One report section a variant contributes (tables and charts)."""

    id: str  # anchor, ascii
    title: str
    blocks: Sequence[Block]  # (covariant: a list of charts and tables is one)
    intro: str = ""
    covers: frozenset[str] = frozenset()  # export fields already charted (no auto chart)
