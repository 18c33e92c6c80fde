"""秘密結社村 report sections: living members of each society over the days (the
membership chart), a table of who belonged where each day, pirate gold and chrono
credits over time, and the joins, betrayals and excommunications."""

from __future__ import annotations

from typing import Any

from ...phases import phase_label
from ...report.charts import Chart, Section, Series, Table
from ...report.sections import x_labels
from .state import SOCIETIES, society_ja

#: one letter per society in the membership table
SHORT = {"ninja": "忍", "pirates": "海", "chrono": "ク", "secret": "秘", None: "―"}


def _membership_chart(game: Any, states: list[Any]) -> Chart:
    series = [Series(society_ja(s), [float(sum(1 for p in st.players.values()
                                              if p.alive and p.society == s))
                                     for st in states])
              for s in (*SOCIETIES, None)]
    return Chart(title="結社の生存メンバー数の推移", x_labels=x_labels(game), series=series,
                 step=True,
                 caption="各フェーズの終わりに生きている各結社のメンバー数（リーダーを含む）。"
                         "未入会は結社に属していない生存者です。")


def _membership_table(game: Any, states: list[Any]) -> Table:
    labels = x_labels(game)
    rows: list[list[str]] = []
    for name in game.initial.players:
        row = [name]
        for st in states:
            p = st.players[name]
            cell = SHORT[p.society] + ("★" if p.leader and p.alive else "") + (
                "裏" if p.traitor else "")
            row.append(cell if p.alive else "×")
        rows.append(row)
    return Table(title="所属の移り変わり", headers=["参加者", *labels], rows=rows,
                 caption="忍＝忍びの里、海＝海賊団、ク＝クロノマター、秘＝シークレット、―＝未入会、"
                         "★＝リーダー、裏＝裏切り者、×＝死亡")


def _gold_chart(game: Any, states: list[Any]) -> Chart | None:
    names = [n for n in game.initial.players
             if any(st.players[n].society == "pirates" or st.players[n].gold for st in states)]
    if not names:
        return None
    series = [Series(n, [float(st.players[n].gold) if st.players[n].alive else None
                         for st in states]) for n in names]
    return Chart(title="海賊団の所持金（金）の推移", x_labels=x_labels(game), series=series,
                 step=True, y_format=lambda v: f"{v:.0f}金",
                 caption="課題成功1回で1金、能力に支払うと減ります。"
                         "海賊団を抜けると金は失われます")


def _credits_table(game: Any) -> Table:
    rows: list[list[str]] = []
    for ph in game.phases:
        for e in ph.events:
            if e.kind == "credit" and e.player:
                what = "獲得（2日連続成功）" if (e.amount or 0) > 0 else \
                    f"使用（{ {'bomb': 'タイムボム', 'back': 'クロノバック', 'pass': 'タイムパス'}.get(str(e.data.get('why')), '')}）"
                rows.append([phase_label(ph.id), e.player, what, f"{e.amount:+d}"])
            elif e.kind == "gold" and e.player:
                why = {"task": "課題成功", "flag": "海賊旗", "telescope": "望遠鏡",
                       "treasure": "トレジャーハント", "pistol": "ピストル",
                       "rope": "大縄とフック"}.get(str(e.data.get("why")), "")
                rows.append([phase_label(ph.id), e.player, f"金：{why}", f"{e.amount:+d}"])
    return Table(title="金と能力使用権", headers=["フェーズ", "参加者", "できごと", "増減"],
                 rows=rows, numeric=[3],
                 caption="海賊団の金とクロノマターの能力使用権")


def _moves_table(game: Any) -> Table:
    rows: list[list[str]] = []
    for ph in game.phases:
        for e in ph.events:
            if e.kind == "join" and e.player:
                how = {"invite": "勧誘を承諾", "rope": "大縄とフック",
                       "chance": "リクルートチャンス"}.get(str(e.data.get("how")), "")
                rows.append([phase_label(ph.id), e.player,
                             f"{society_ja(e.data.get('society'))}に入会（{how}）",
                             "裏切り" if e.data.get("betrayal") else ""])
            elif e.kind == "excommunicated" and e.player:
                rows.append([phase_label(ph.id), e.player,
                             f"{society_ja(e.data.get('society'))}を破門", ""])
            elif e.kind == "leader" and e.player:
                rows.append([phase_label(ph.id), e.player,
                             f"{society_ja(e.target)}のリーダーに就任", ""])
            elif e.kind == "death" and e.player:
                how = {"punished": "天罰", "shot": "ピストル", "backfire": "ピストルの暴発",
                       "bomb": "タイムボム", "executed": "処刑"}.get(str(e.data.get("how")), "")
                rows.append([phase_label(ph.id), e.player, f"死亡（{how}）", ""])
    return Table(title="入会・裏切り・破門・死亡", headers=["フェーズ", "参加者", "できごと", ""],
                 rows=rows)


def sections(game: Any) -> list[Section]:
    states = [game.initial, *game.states]
    blocks: list[Chart | Table] = [_membership_chart(game, states),
                                   _membership_table(game, states)]
    gold = _gold_chart(game, states)
    if gold is not None:
        blocks.append(gold)
    blocks += [_credits_table(game), _moves_table(game)]
    return [Section(id="secret-society", title="秘密結社村", blocks=blocks,
                    covers=frozenset({"society", "leader", "traitor", "gold", "credits",
                                      "techniques", "excommunicated", "bombs"}))]
