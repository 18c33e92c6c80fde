"""源平村 report section: both castles' labour against the completion target, both sides'
faith over the days, and a table of the nights (the right, the assassination and how it
ended, the narrator's events, the emperor's successors)."""

from __future__ import annotations

from typing import Any

from ...phases import phase_label
from ...report.charts import Chart, Section, Series, Table
from ...report.sections import x_labels
from .state import FACTION_JA, SIDES


def _castle_chart(game: Any, states: list[Any]) -> Chart:
    target = float(game.variant.target)
    series = [Series(f"{FACTION_JA[s]}の城", [float(st.castle[s]) for st in states])
              for s in SIDES]
    series.append(Series("完成（労力）", [target] * len(states)))
    return Chart(title="築城の進み具合", x_labels=x_labels(game), series=series, step=True,
                 caption=f"毎晩、陣営の生存者の人数ぶん労力が加わります。労力{int(target)}で"
                         "完成します（完成後も数え続けます）")


def _faith_chart(game: Any, states: list[Any]) -> Chart:
    series = [Series(f"{FACTION_JA[s]}の信仰", [float(st.faith[s]) for st in states])
              for s in SIDES]
    return Chart(title="信仰の推移", x_labels=x_labels(game), series=series, step=True,
                 caption="住職が毎晩1か2（抽選）、お盆で3増え、暗殺を防ぐたびに4減ります。")


HOW_JA = {"影武者": "影武者が守った", "城": "城の完成で守られた"}


def _nights_table(game: Any) -> Table:
    rows: list[list[str]] = []
    for ph in game.phases:
        if not ph.id.startswith("night"):
            continue
        ev = {e.kind: e for e in ph.events}
        side = ev["assassinate"].data["side"] if "assassinate" in ev else (
            ev["no_assassination"].data["side"] if "no_assassination" in ev else "")
        if "assassinate" in ev:
            a = ev["assassinate"]
            target = f"{a.player} → {a.target}"
            if "blocked" in ev:
                how = HOW_JA.get(str(ev["blocked"].data.get("by")), "防がれた")
            elif "protected" in ev:
                how = "信仰で守られた（−4）"
            elif "substituted" in ev:
                how = f"影武者{ev['substituted'].player}が身代わりに死亡"
            else:
                how = "死亡"
        else:
            target, how = "（指定なし）", "—"
        narr = [e for e in ph.events if e.kind in (
            "castle_start", "obon", "kannazuki", "castle_complete", "festival")]
        names = {"castle_start": "城建設", "obon": "お盆", "kannazuki": "神無月",
                 "festival": "祝祭"}
        events = "・".join(
            str(e.data.get("title")) if e.kind == "castle_complete"
            else f"{names[e.kind]}（{FACTION_JA[str(e.data.get('side'))]}）" if "side" in e.data
            else names[e.kind] for e in narr)
        succ = ""
        if "nominated" in ev:
            n = ev["nominated"]
            succ = f"{n.target}を指名" + ("（成立しない役職）" if n.data.get("invalid") else "")
        if "established" in ev:
            succ += ("・" if succ else "") + f"{ev['established'].target}が成立"
        nxt = ev["right"].data["side"] if "right" in ev else ""
        rows.append([phase_label(ph.id), FACTION_JA.get(side, side), target, how,
                     events or "—", succ or "—", FACTION_JA.get(nxt, "（終了）")])
    return Table(title="夜の経過", headers=["夜", "暗殺権", "暗殺", "結果", "語り手のイベント",
                                           "後継者", "次の暗殺権"], rows=rows,
                 caption="暗殺で死者が出た陣営が次の夜の暗殺権を持ち、誰も死ななかった夜と帝が"
                         "死んだ夜のあとは、もう一方の陣営に移ります")


def sections(game: Any) -> list[Section]:
    states = [game.initial, *game.states]
    blocks: list[Chart | Table] = [_castle_chart(game, states), _faith_chart(game, states),
                                   _nights_table(game)]
    return [Section(id="genpei", title="源平村", blocks=blocks,
                    covers=frozenset({"faith", "castle", "castle_target", "nominations"}))]
