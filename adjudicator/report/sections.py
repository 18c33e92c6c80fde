"""Per-variant sections of the HTML report, and the charts every game gets for free.

A variant contributes sections in either of two ways (both may be used):

- a method ``report_sections(self, game) -> list[Section]`` on its Variant class, or
- a function registered here by variant name::

      from adjudicator.report.sections import register
      from adjudicator.report.charts import Chart, Section, Series, Table

      @register("splatoon")
      def splatoon_sections(game):
          return [Section(id="gauges", title="ゲージ", blocks=[Chart(...)], covers={"gauge"})]

  in a module that is imported before the report is made.  The games of this package
(``adjudicator/games/<game>/report.py``) use the method: their Variant's
``report_sections`` imports the game's ``report`` module and calls its ``sections``.

A game without a section still gets the whole generic report, plus an automatic chart
of every numeric field of the JSON export that changes over the game (``cash``,
``gauge``, ``points``, ``faith``…), except the fields a variant section ``covers``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..phases import game_phase_label, phase_label  # noqa: F401  (re-exported)

if TYPE_CHECKING:
    from .charts import Chart, Section, Series

SectionHook = Callable[[Any], "list[Section]"]
_REGISTRY: dict[str, list[SectionHook]] = {}

FIELD_JA = {
    "cash": "所持金", "final_money": "最終所持金", "gold": "金", "gauge": "カラーゲージ",
    "points": "ポイント", "faith": "信仰", "castle": "築城", "positions": "位置",
    "monster": "モンスターの位置", "round": "ラウンド", "role": "役職", "gender": "性別",
    "stock": "株", "stock_level": "株価", "society": "結社", "leader": "リーダー",
    "traitor": "裏切り者", "faction": "陣営", "colour": "色", "weapon": "武器",
    "alive": "生死", "special": "スペシャル", "special_used": "スペシャル使用", "revealed": "武器判明",
    "locked": "処刑時のゲージ（保存）", "permanent": "永続ポイント", "bombs_left": "残りボム",
    "team": "チーム", "room": "部屋", "hint_giver": "出題者", "monster_card": "モンスター",
    "winning_teams": "勝利チーム",
    "credits": "能力使用権", "techniques": "忍法", "excommunicated": "破門歴", "bombs": "タイムボム",
    "mask": "仮面", "items": "持ち物", "loop": "周", "day": "日",
    "instrument_uses_left": "時の楽器の残り", "giants_used": "使った巨人の道具",
    "assassin": "暗殺権", "castle_target": "城の完成に必要な労力", "castle_complete": "城の完成",
    "successor": "後継者", "riddles_solved": "解いた謎", "locks_opened": "開けた扉",
    "holder": "持ち主", "status": "状態", "nominations": "指名回数", "established": "成立",
}

#: values of enumerated export fields every game shares (field -> value -> ja); a game adds
#: its own (colours, weapons…) as ``value_ja`` on its Variant class
VALUE_JA: dict[str, dict[str, str]] = {
    "team_won": {"draw": "引き分け", "village": "村人陣営", "wolves": "人狼陣営"},
}


def value_ja(variant: Any) -> dict[str, dict[str, str]]:
    """The shared value words merged with the game's own (the game's win on a clash)."""
    own: dict[str, dict[str, str]] = getattr(variant, "value_ja", {}) or {}
    keys = set(VALUE_JA) | set(own)
    return {k: {**VALUE_JA.get(k, {}), **own.get(k, {})} for k in keys}


def register(variant: str) -> Callable[[SectionHook], SectionHook]:
    def deco(fn: SectionHook) -> SectionHook:
        _REGISTRY.setdefault(variant, []).append(fn)
        return fn

    return deco


def x_labels(game: Any) -> list[str]:
    return ["開始"] + [game_phase_label(game, p.id) for p in game.phases]


def variant_sections(game: Any) -> list[Section]:
    out: list[Section] = []
    method = getattr(game.variant, "report_sections", None)
    if callable(method):
        out.extend(method(game))
    for hook in _REGISTRY.get(game.variant.name, []):
        out.extend(hook(game))
    return out


def _num(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


def auto_sections(game: Any, covered: frozenset[str] | set[str]) -> list[Section]:
    """Charts of the export's numeric fields over the phases (generic, every variant)."""
    from .charts import Chart, Section, Series

    try:
        snaps = [game.variant.export(s) for s in [game.initial, *game.states]]
    except Exception:  # a variant whose export needs a finished state: no auto charts
        return []
    labels = x_labels(game)
    blocks: list[Chart] = []
    names: list[str] = list(snaps[-1][0])
    fields: list[str] = []
    for players, _extra in snaps:
        for p in players.values():
            for k, v in p.items():
                if _num(v) and k not in fields and k not in covered:
                    fields.append(k)
    for k in fields:
        series = [Series(n, [p.get(n, {}).get(k) if _num(p.get(n, {}).get(k)) else None
                             for p, _e in snaps]) for n in names]
        if _changes(series):
            blocks.append(Chart(title=f"{FIELD_JA.get(k, k)}の推移", x_labels=labels,
                                series=series, caption=f"プレイヤーごとの{FIELD_JA.get(k, k)}"))
    tops: list[str] = []
    for _p, extra in snaps:
        for k, v in extra.items():
            if k in covered or k in tops:
                continue
            if _num(v) or (isinstance(v, dict) and v and all(_num(x) for x in v.values())):
                tops.append(k)
    words = {w: ja for table in value_ja(game.variant).values() for w, ja in table.items()}
    for k in tops:
        keys: list[str] = []
        for _p, extra in snaps:
            v = extra.get(k)
            for key in (v if isinstance(v, dict) else {k: v}):
                if key not in keys:
                    keys.append(key)
        series = []
        for key in keys:
            vals: list[float | None] = []
            for _p, extra in snaps:
                v = extra.get(k)
                x = v.get(key) if isinstance(v, dict) else v
                vals.append(x if _num(x) else None)
            series.append(Series(words.get(str(key), FIELD_JA.get(str(key), str(key))), vals))
        if _changes(series):
            blocks.append(Chart(title=f"{FIELD_JA.get(k, k)}の推移", x_labels=labels,
                                series=series, caption=FIELD_JA.get(k, k)))
    if not blocks:
        return []
    return [Section(id="auto-charts", title="数値の推移", blocks=list(blocks),
                    intro="エクスポートの数値項目をフェーズごとに並べたグラフです。")]


def _changes(series: list[Series]) -> bool:
    return any(len({v for v in s.values if v is not None}) > 1 for s in series)


__all__ = ["Section", "Chart", "Series", "register", "variant_sections", "auto_sections",
           "x_labels", "FIELD_JA", "VALUE_JA", "value_ja"]


def __getattr__(name: str) -> Any:
    """``Section``, ``Chart`` and ``Series`` (re-exported from ``charts``), imported on
    first use: the commands that only want ``value_ja`` or ``phase_label`` (resolve,
    through ``sentences`` and ``wording``) do not define the chart classes."""
    if name in ("Section", "Chart", "Series"):
        from . import charts

        return getattr(charts, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
