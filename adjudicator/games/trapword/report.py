"""トラップワード report sections: the board (rooms with their tiles, each team's room
and the monster's after every round, the curses) and one table per round (hint-giver,
secret word, hints with the judge's verdicts, calls and traps, result)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...phases import phase_label
from ...report.charts import Chart, Point, Section, Series, SeriesLayout, Table, Tick, palette
from .words import detail_ja, flat

#: team names that are colours get their colour on the board
TEAM_COLOURS: dict[str, str] = {
    "赤": "hsl(0 70% 45%)", "あか": "hsl(0 70% 45%)", "レッド": "hsl(0 70% 45%)",
    "青": "hsl(215 75% 42%)", "あお": "hsl(215 75% 42%)", "ブルー": "hsl(215 75% 42%)",
    "緑": "hsl(140 60% 32%)", "みどり": "hsl(140 60% 32%)", "グリーン": "hsl(140 60% 32%)",
    "黄": "hsl(45 90% 40%)", "きいろ": "hsl(45 90% 40%)", "イエロー": "hsl(45 90% 40%)",
    "オレンジ": "hsl(28 90% 48%)", "橙": "hsl(28 90% 48%)",
    "紫": "hsl(275 55% 45%)", "むらさき": "hsl(275 55% 45%)", "ムラサキ": "hsl(275 55% 45%)",
    "ピンク": "hsl(330 70% 52%)", "桃": "hsl(330 70% 52%)",
}
MONSTER_COLOUR = "hsl(0 0% 15%)"
CURSE_COLOUR = "hsl(300 20% 60%)"
GRADE_JA = {"definite": "確定", "likely": "有力", "possible": "可能性", "none": "なし"}
REASON_JA = {
    "trap": "トラップ発動", "illegal": "不正なヒント", "foul": "GMが不正と判定",
    "answers": "回答回数切れ", "timeout": "時間切れ", "no_result": "結果なし",
    "no_turn": "手番なし",
}
CALL_JA = {"sprung": "トラップ発動", "open": "GMの判断待ち", "rejected_by_gm": "GMの判定で不発動",
           "overruled_by_gm": "GMの判定で不発動", "no_hint": "時間外（対象のヒントなし）",
           "after_end": "手番が終わった後のため無効", "gm_yes": "GMの判定で発動",
           "missed": "トラップワードに当たらず不発動"}


@dataclass
class BoardChart(Chart):
    """The board as a chart: rooms across (x), the start and each round down (y).

    ``series`` values are room numbers, one per row (None: not on the board then);
    drawn by the ordinary chart template, so it stays autoescaped inline SVG.
    """

    rooms: list[str] = field(default_factory=list)  # x labels: one per room
    colours: list[str] = field(default_factory=list)
    row_height: int = 34
    pad_left: int = 92

    def __post_init__(self) -> None:
        self.height = self.pad_top + self.pad_bottom + self.row_height * max(
            1, len(self.x_labels) - 1)

    def _room_x(self, room: float, k: int) -> float:
        plot_w = self.width - self.pad_left - self.pad_right
        n = max(1, len(self.rooms))
        spread = (k - (len(self.series) - 1) / 2) * 6
        return round(self.pad_left + plot_w * (room - 0.5) / n + spread, 1)

    def _row_y(self, i: int) -> float:
        plot_h = self.height - self.pad_top - self.pad_bottom
        return round(self.pad_top + plot_h * i / max(1, len(self.x_labels) - 1), 1)

    def ticks(self) -> list[Tick]:
        return [Tick(self._row_y(i), lab) for i, lab in enumerate(self.x_labels)]

    def x_ticks(self) -> list[Tick]:
        plot_w = self.width - self.pad_left - self.pad_right
        n = max(1, len(self.rooms))
        return [Tick(round(self.pad_left + plot_w * (r + 0.5) / n, 1), lab)
                for r, lab in enumerate(self.rooms)]

    def zero(self) -> float | None:
        return None

    def layouts(self) -> list[SeriesLayout]:
        colours = self.colours if len(self.colours) == len(self.series) else palette(
            len(self.series))
        out = []
        for k, (s, colour) in enumerate(zip(self.series, colours, strict=True)):
            pts: list[Point] = []
            path: list[str] = []
            pen_up = True
            for i, v in enumerate(s.values):
                if v is None:
                    pen_up = True
                    continue
                x, y = self._room_x(v, k), self._row_y(i)
                path.append(f"{'M' if pen_up else 'L'}{x},{y}")
                pen_up = False
                pts.append(Point(x=x, y=y, value=v,
                                 label=f"{s.name} {self.x_labels[i]}: 部屋{int(v)}"))
            out.append(SeriesLayout(name=s.name, colour=colour, path="".join(path), points=pts))
        return out


def _board(game: Any, states: list[Any]) -> BoardChart:
    final = game.state
    deck = game.variant.deck
    rows = ["開始"] + [phase_label(p.id) for p in game.phases]
    rooms = [f"部屋{i}（{t}）" for i, t in enumerate(final.tiles, 1)]
    teams = list(final.teams)
    series = [Series(t, [float(s.teams[t].room) for s in states]) for t in teams]
    fallback = palette(len(teams))
    colours = [TEAM_COLOURS.get(t, fallback[i]) for i, t in enumerate(teams)]
    series.append(Series("モンスター", [float(s.monster_room) for s in states]))
    colours.append(MONSTER_COLOUR)
    cards: list[str] = []
    for s in states:
        for c in s.curses:
            if c.card not in cards:
                cards.append(c.card)
    for card in cards:
        vals: list[float | None] = []
        for s in states:
            here = next((c for c in s.curses if c.card == card), None)
            vals.append(float(here.room) if here is not None else None)
        series.append(Series(f"呪い：{deck.card(card).name}", vals))
        colours.append(CURSE_COLOUR)
    monster = deck.card(final.monster).name if final.monster else "（なし）"
    return BoardChart(
        title="ボード", x_labels=rows, series=series, rooms=rooms, colours=colours,
        caption=f"部屋（かっこ内はタイルの数＝トラップワードの数）ごとの、開始時と各ラウンド後の"
                f"各チームの位置、モンスター（{monster}）と呪いの位置")


def _verdicts(ev: Any) -> str:
    parts: list[str] = []
    if ev.data.get("illegal"):
        parts.append(f"不正なヒント：{ev.data['illegal']}")
    sec = ev.data.get("secret") or {}
    if sec.get("grade", "none") != "none":
        parts.append(f"秘密のワード：{flat(sec['reason'])}（{GRADE_JA.get(sec['grade'], sec['grade'])}）")
    for vd in ev.data.get("verdicts", []):
        if vd.get("grade") != "none":
            parts.append(f"「{vd['word']}」：{flat(vd['reason'])}"
                         f"（{GRADE_JA.get(vd['grade'], vd['grade'])}）")
    return "／".join(parts) or "該当なし"


def _result(ev: Any) -> str:
    d = ev.data
    if d.get("success"):
        took = d.get("elapsed")
        return "成功" + (f"（{int(took)}秒）" if isinstance(took, int | float) else "")
    reason = str(d.get("reason", ""))
    return f"失敗（{detail_ja(str(d.get('detail') or '')) or REASON_JA.get(reason, reason)}）"


def _call(c: Any) -> str:
    result = str(c.data.get("result"))
    after = "（正解の後）" if c.data.get("after_answer") else ""
    return f"{c.player}さんのコール{after}：{CALL_JA.get(result, result)}"


def _ruling(r: Any) -> str:
    """tw.trap.gm: the GM's トラップ成立 / トラップ不成立 on a hint."""
    if r.data.get("ruling") == "trap_yes":
        words = "".join(f"「{w}」" for w in r.data.get("words") or [])
        return ("GM判定：トラップ発動" + (f"（{words}）" if words else "")
                + ("・コールなし" if r.data.get("no_call") else ""))
    return "GM判定：トラップ不発動"


def _round_table(ph: Any) -> Table:
    rows: list[list[str]] = []
    starts = {e.target: e for e in ph.events if e.kind == "turn_started"}
    results = {e.target: e for e in ph.events if e.kind == "turn_result"}
    for team, st in starts.items():
        hints = [e for e in ph.events if e.kind == "hint" and e.target == team]
        calls = [e for e in ph.events if e.kind == "call" and e.target == team]
        missed = [e for e in ph.events if e.kind == "trap_missed" and e.target == team]
        rulings = [e for e in ph.events if e.kind == "trap_ruling" and e.target == team]
        head = [team, st.player or "", str(st.data.get("secret") or "（なし）"),
                "、".join(st.data.get("traps") or []) or "（なし）"]
        res = results.get(team)
        result = _result(res) if res is not None else ""
        loose = [c for c in calls if not c.data.get("hint")]
        if not hints:
            notes = [_call(c) for c in loose]
            rows.append([*head, "（ヒントなし）", "", "／".join(notes), result])
            continue
        for i, h in enumerate(hints):
            text = str(h.data.get("text", ""))
            notes = []
            for c in calls:
                if c.data.get("hint") == text:
                    notes.append(_call(c))
            for r in rulings:
                if r.data.get("hint") == text:
                    notes.append(_ruling(r))
            for m in missed:
                if m.data.get("hint") == text:
                    notes.append(f"見逃し：「{m.data.get('word')}」")
            if i == 0:
                notes += [_call(c) for c in loose]
            lead = head if i == 0 else ["", "", "", ""]
            rows.append([*lead, f"{h.data.get('n')}「{text}」", _verdicts(h),
                         "／".join(notes), result if i == 0 else ""])
    return Table(title=phase_label(ph.id),
                 headers=["チーム", "出題者", "秘密のワード", "トラップワード", "ヒント",
                          "判定", "コール・トラップ", "結果"], rows=rows)


def sections(game: Any) -> list[Section]:
    states = [game.initial, *game.states]
    blocks: list[Chart | Table] = [_board(game, states)]
    blocks += [_round_table(ph) for ph in game.phases]
    return [Section(id="trapword", title="トラップワード", blocks=blocks,
                    intro="ボードの動きと、ラウンドごとの出題・ヒント・判定・結果です。",
                    covers=frozenset({"positions", "monster", "room", "round"}))]
