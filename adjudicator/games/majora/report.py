"""ムジュラの仮面村 report section: a timeline of the cycles (what each cycle did, how it
ended, what the rewind kept and what it undid), the masks of every cycle, the items."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...phases import phase_label
from ...report.charts import Section, Table
from .state import MjState


@dataclass
class Cycle:
    loop: int
    first: str = ""  # phase label of its first day
    last: str = ""
    days: int = 1
    solved: list[str] = field(default_factory=list)
    opened: list[str] = field(default_factory=list)
    found: list[str] = field(default_factory=list)
    broken: list[str] = field(default_factory=list)
    deaths: list[str] = field(default_factory=list)
    masks: dict[str, str] = field(default_factory=dict)
    end: str = "（続行中）"
    kept: str = ""
    undone: str = ""


def cycles(game: Any) -> list[Cycle]:
    """The cycles of a game, read from its events (one walk, as DESIGN.md asks)."""
    out = [Cycle(loop=1)]
    for ph in game.phases:
        cur = out[-1]
        if not cur.first and ph.id.startswith("day"):
            cur.first = phase_label(ph.id)
        cur.last = phase_label(ph.id)
        for e in ph.events:
            cur = out[-1]
            k = e.kind
            if k == "mask" and e.player:
                cur.masks[e.player] = str(e.data.get("mask"))
            elif k == "riddle_solved" and e.target:
                cur.solved.append(f"{e.target}（{e.player}）")
            elif k == "lock_opened" and e.target:
                cur.opened.append(f"{e.target}（{e.player}）")
            elif k == "item_found" and e.target:
                cur.found.append(f"{e.target}（{e.player}）")
            elif k == "giant_broken" and e.target:
                cur.broken.append(e.target)
            elif k == "death" and e.player:
                cur.deaths.append(e.player)
            elif k == "morning":
                cur.days = int(e.data.get("day", cur.days)) if e.data.get("loop") == cur.loop \
                    else cur.days
            elif k == "moon_fell":
                cur.end = "4日目の朝、月が落下（月の勝利）"
            elif k == "giants_called":
                cur.end = f"{cur.days}日目、巨人が呼び出された（仮面の村人の勝利）"
            elif k == "instrument_played":
                cur.end = f"{cur.days}日目、{e.player}さんが{e.target}を奏でた"
            elif k == "items_kept":
                kept = e.data.get("kept", {})
                held = "、".join(f"{n}（{h}）" for n, h in kept.items()) or "なし"
                used = "、".join(e.data.get("used", []))
                cur.kept = f"持ち物：{held}" + (f"／使い切ったアイテム：{used}" if used else "")
            elif k == "rewind":
                broken = "、".join(e.data.get("broken", [])) or "なし"
                cur.kept += (f"／砕けた巨人の道具：{broken}"
                             f"／時の楽器の残り：{e.data.get('uses_left')}回")
                u = e.data.get("undone", {})
                parts = [f"{cur.days}日目→1日目", "仮面（配り直し）"]
                if u.get("solved"):
                    parts.append("解かれた謎：" + "、".join(u["solved"]))
                if u.get("opened"):
                    parts.append("開いた仕掛け：" + "、".join(u["opened"]))
                if u.get("revived"):
                    parts.append("死亡（生き返り）：" + "、".join(u["revived"]))
                cur.undone = "／".join(parts)
                out.append(Cycle(loop=int(e.data.get("loop", cur.loop + 1))))
                out[-1].first = phase_label(ph.id)
    return out


def _timeline(cs: list[Cycle]) -> Table:
    rows = []
    for c in cs:
        rows.append([f"{c.loop}周目", f"{c.first}〜{c.last}", str(c.days),
                     "、".join(c.solved) or "—", "、".join(c.opened) or "—",
                     "、".join(c.found) or "—", "、".join(c.broken) or "—",
                     "、".join(c.deaths) or "—", c.end, c.kept or "—", c.undone or "—"])
    return Table(title="周回のタイムライン",
                 headers=["周", "期間", "日数", "解いた謎", "開けた仕掛け", "見つけたアイテム",
                          "砕けた巨人の道具", "死亡", "終わり方", "持ち越したもの", "元に戻ったもの"],
                 rows=rows, numeric=[2],
                 caption="時の楽器で時が戻ると、アイテム・砕けた巨人の道具・楽器の"
                         "残り回数は持ち越され、それ以外は1日目の朝に戻ります")


def _masks(game: Any, cs: list[Cycle]) -> Table:
    names = list(game.initial.players)
    rows = [[n, *(c.masks.get(n, "—") for c in cs)] for n in names]
    return Table(title="仮面の配布", headers=["参加者", *(f"{c.loop}周目" for c in cs)],
                 rows=rows, caption="仮面は各周のはじめにランダムに配られます")


def _items(state: MjState) -> Table:
    words = {"hidden": "未発見", "held": "所持", "used": "使用済み", "broken": "砕けた"}
    rows = [[n, words[s.status], s.holder or "—"] for n, s in state.items.items()]
    return Table(title="アイテム（最終）", headers=["アイテム", "状態", "持ち主"], rows=rows)


def sections(game: Any) -> list[Section]:
    cs = cycles(game)
    return [Section(id="majora", title="ムジュラの仮面村", blocks=[
        _timeline(cs), _masks(game, cs), _items(game.state)],
        covers=frozenset({"loop", "day", "instrument_uses_left"}))]
