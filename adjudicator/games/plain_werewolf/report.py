"""普通村 report section: each player's role and fate, and the night roles' results."""

from __future__ import annotations

from typing import Any

from ...phases import phase_label
from ...report.charts import Section, Table
from ...vocab import role_ja, team_of

_TEAM_JA = {"village": "村人陣営", "wolves": "人狼陣営"}


def sections(game: Any) -> list[Section]:
    final = game.state
    winners = set(getattr(final, "winners", []))
    fates: dict[str, str] = {}
    nights: list[list[str]] = []
    for ph in game.phases:
        for e in ph.events:
            if e.kind == "death" and e.player:
                how = "処刑" if e.data.get("how") == "executed" else "襲撃"
                fates[e.player] = f"{phase_label(ph.id)}に{how}"
            elif e.kind == "divine":
                nights.append([phase_label(ph.id), "占い", e.player or "", e.target or "",
                               str(e.data.get("result", ""))])
            elif e.kind == "medium":
                nights.append([phase_label(ph.id), "霊能", e.player or "", e.target or "",
                               str(e.data.get("result", ""))])
            elif e.kind == "guard":
                nights.append([phase_label(ph.id), "護衛", e.player or "", e.target or "", ""])
            elif e.kind == "guarded":
                nights.append([phase_label(ph.id), "護衛成功", "", e.target or "",
                               "襲撃から守られました"])
    cast = Table(
        title="役職と結末", headers=["名前", "役職", "陣営", "結末"],
        rows=[[("★ " if n in winners else "") + n, role_ja(p.role),
               _TEAM_JA.get(team_of(p.role), ""), fates.get(n, "生存")]
              for n, p in final.players.items()],
        caption="★は勝利した陣営の人")
    abilities = Table(title="夜の能力", headers=["フェーズ", "能力", "使った人", "相手", "結果"],
                      rows=nights)
    return [Section(id="plain-werewolf", title="普通村", blocks=[cast, abilities])]
