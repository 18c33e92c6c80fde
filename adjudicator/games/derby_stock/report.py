"""ダービー＆ストック村 report sections: money over time, stock levels, bets, trades."""

from __future__ import annotations

from typing import Any

from ...phases import phase_label
from ...report.charts import Chart, Section, Series, Table
from ...report.sections import x_labels
from ...vocab import GENDERS, STOCK_LEVELS, yen


def _man(v: float) -> str:
    return yen(int(v))


def _flow(amount: int | None) -> str:
    """A trade's money as a GM writes it: 「−10万ドル（支払）」, 「50万ドル（受取）」."""
    if amount is None:
        return ""
    if amount < 0:
        return f"−{yen(-amount)}（支払）"
    return f"{yen(amount)}（受取）" if amount else yen(0)


def _shares(n: object) -> str:
    return f"{n}株" if isinstance(n, int) else ""


def sections(game: Any) -> list[Section]:
    states = [game.initial, *game.states]
    labels = x_labels(game)
    names = list(game.initial.players)
    money = [Series(n, [s.players[n].cash for s in states]) for n in names]
    levels = []
    for n in names:
        vals: list[float | None] = []
        for s in states:
            p = s.players[n]
            vals.append(s.levels[n] if p.alive else None)
        levels.append(Series(n, vals))
    ticks = [(float(i), ja) for i, (_id, ja, _p) in enumerate(STOCK_LEVELS)]
    final = game.state
    rank = sorted(names, key=lambda n: -(final.players[n].final_money
                                         if final.players[n].final_money is not None
                                         else final.players[n].cash))
    winners = set(getattr(final, "winners", []))
    ranking = Table(
        title="最終所持金", headers=["順位", "名前", "所持金", "スーパーチャンス", "合計"],
        numeric=[0, 2, 4],
        rows=[[str(i), ("★ " if n in winners else "") + n, yen(final.players[n].cash),
               ("的中 +100万ドル" if final.players[n].chance_hit else
                ("外れ" if final.players[n].chance_target else "—")),
               yen(final.players[n].final_money if final.players[n].final_money is not None
                   else final.players[n].cash)]
              for i, n in enumerate(rank, 1)])
    bets: list[list[str]] = []
    trades: list[list[str]] = []
    for ph in game.phases:
        for e in ph.events:
            target = GENDERS.get(e.target or "", e.target or "")
            if e.kind == "bet_placed":
                bets.append([phase_label(ph.id), e.player or "", target, yen(-(e.amount or 0)),
                             "受付", ""])
            elif e.kind == "bet_won":
                bets.append([phase_label(ph.id), e.player or "", target,
                             yen(int(e.data.get("stake", 0))), f"的中 ×{e.data.get('odds')}",
                             yen(e.amount or 0)])
            elif e.kind == "bet_void":
                bets.append([phase_label(ph.id), e.player or "", target,
                             yen(int(e.data.get("stake", 0))), "無効（性別が一方のみ）",
                             yen(e.amount or 0)])
            elif e.kind == "bet_lost":
                why = {"bitten": "襲撃で自動失敗", "executed": "本人が処刑（払い戻しなし）",
                       "no_execution": "処刑なし",
                       "game_over": "投票前に終了（不成立）"}.get(str(e.data.get("why")), "外れ")
                bets.append([phase_label(ph.id), e.player or "", target,
                             yen(int(e.data.get("stake", 0))), why, "0ドル"])
            elif e.kind in ("shares_bought", "shares_sold", "shares_void", "inquiry"):
                what = {"shares_bought": "購入", "shares_sold": "売却", "shares_void": "無効（銘柄の人が死亡）",
                        "inquiry": "問い合わせ"}[e.kind]
                price = e.data.get("price")
                trades.append([phase_label(ph.id), e.player or "", what, e.target or "",
                               _shares(e.data.get("shares")),
                               yen(int(price)) if isinstance(price, int) else "",
                               _flow(e.amount)])
    blocks: list[Chart | Table] = [
        Chart(title="所持金の推移", x_labels=labels, series=money, y_format=_man,
              caption="各フェーズ（昼・夜）の処理後の所持金（スーパーチャンスの報酬は最終所持金に加算）"),
        Chart(title="株価の推移", x_labels=labels, series=levels, y_ticks=ticks, step=True,
              caption="死亡したプレイヤーの株は無効（線が途切れます）"),
        ranking,
        Table(title="ダービー（予想）", headers=["フェーズ", "名前", "予想", "賭け金", "結果", "払い戻し"],
              rows=bets, numeric=[3, 5]),
        Table(title="株の売買", headers=["フェーズ", "名前", "種類", "銘柄", "株数", "株価（1株）", "金額"],
              rows=trades, numeric=[4, 5, 6]),
    ]
    return [Section(id="derby-stock", title="ダービー＆ストック", blocks=blocks,
                    covers=frozenset({"cash", "final_money"}))]
