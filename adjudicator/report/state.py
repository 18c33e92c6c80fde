"""The report's 「ゲームの状態」 block in a GM's words: one row per fact, with units and
the villages' own terms (「色ポイント：オレンジ37点、ムラサキ19点」, 「現在地：赤チーム
部屋3／青チーム 部屋2」, 「2周目・2日目で終了」), and no row for what is empty.

``state_rows(variant, extra, values, finished)`` takes the export's top-level fields
(``extra``: what the game keeps beyond its players) and returns (label, text) pairs; a
game without its own rows gets the generic ones (a field's Japanese name and value).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Rows = list[tuple[str, str]]
Values = dict[str, dict[str, str]]
Generic = Callable[[str, Any], tuple[str, str]]


def _word(values: Values, field: str, key: Any) -> str:
    return values.get(field, {}).get(str(key), str(key))


def _splatoon(x: dict[str, Any], values: Values, finished: bool, _generic: Generic) -> Rows:
    rows: Rows = []
    points, perm = x.get("points") or {}, x.get("permanent") or {}
    if points:
        shown = "、".join(f"{_word(values, 'colour', c)}{n}点" for c, n in points.items())
        if perm:
            shown += "（うち永続：" + "、".join(f"{_word(values, 'colour', c)}{n}点"
                                            for c, n in perm.items()) + "）"
        rows.append(("色ポイント", shown))
    if isinstance(x.get("bombs_left"), int):
        rows.append(("残りのボム", f"{x['bombs_left']}発"))
    return rows


def _trapword(x: dict[str, Any], values: Values, finished: bool, _generic: Generic) -> Rows:
    rows: Rows = []
    pos = x.get("positions") or {}
    if pos:
        rows.append(("現在地" if not finished else "最後の位置",
                     "／".join(f"{t}チーム 部屋{r}" for t, r in pos.items())))
    card = values.get("monster_card", {}).get(str(x.get("monster_card")), "")
    if x.get("monster") is not None:
        rows.append(("モンスター", f"{card}（部屋{x['monster']}）" if card
                     else f"部屋{x['monster']}"))
    if isinstance(x.get("round"), int):
        rows.append(("ラウンド", f"第{x['round']}ラウンド" + ("で終了" if finished else "まで")))
    won = x.get("winning_teams") or []
    if won:
        rows.append(("勝利", "、".join(f"{t}チーム" for t in won)))
    elif finished:
        rows.append(("勝利", "なし（どちらのチームもゴールできませんでした）"))
    return rows


def _majora(x: dict[str, Any], values: Values, finished: bool, generic: Generic) -> Rows:
    rows: Rows = []
    if isinstance(x.get("loop"), int) and isinstance(x.get("day"), int):
        rows.append(("進み具合", f"{x['loop']}周目・{x['day']}日目"
                     + ("で終了" if finished else "まで")))
    if isinstance(x.get("instrument_uses_left"), int):
        rows.append(("時の楽器の残り", f"{x['instrument_uses_left']}回"))
    for key, label in (("giants_used", "使った巨人の道具"), ("riddles_solved", "解いた謎"),
                       ("locks_opened", "開いた仕掛け")):
        if x.get(key):
            rows.append((label, "、".join(str(v) for v in x[key])))
    if x.get("items"):
        rows.append(("アイテム", generic("items", x["items"])[1]))
    return rows


def _genpei(x: dict[str, Any], values: Values, finished: bool, _generic: Generic) -> Rows:
    rows: Rows = []
    side = values.get("faction", {})
    faith = x.get("faith") or {}
    if faith:
        rows.append(("信仰", "、".join(f"{side.get(s, s)}{n}" for s, n in faith.items())))
    castle, target = x.get("castle") or {}, x.get("castle_target")
    done = x.get("castle_complete") or {}
    if castle:
        rows.append(("城の労力", "、".join(
            f"{side.get(s, s)}{n}" + (f"／{target}" if target else "")
            + ("（完成）" if done.get(s) else "") for s, n in castle.items())))
    if x.get("assassin") and not finished:
        rows.append(("次の夜の暗殺権", side.get(str(x["assassin"]), str(x["assassin"]))))
    n = x.get("nominations") or 0
    if x.get("successor"):
        state = "成立" if x.get("established") else "成立せず" if finished else "未成立"
        rows.append(("後継者", f"{x['successor']}さん（指名{n}回・{state}）"))
    else:
        rows.append(("後継者", f"なし（指名{n}回）"))
    return rows


def _secret_society(x: dict[str, Any], values: Values, finished: bool, _generic: Generic) -> Rows:
    bombs = x.get("bombs") or []
    if not bombs:
        return []
    return [("仕掛けられたタイムボム", "、".join(
        f"{b.get('holder')}さん" if isinstance(b, dict) else str(b) for b in bombs))]


ROWS: dict[str, Callable[[dict[str, Any], Values, bool, Generic], Rows]] = {
    "splatoon": _splatoon, "trapword": _trapword, "majora": _majora, "genpei": _genpei,
    "secret-society": _secret_society,
}


def state_rows(variant: str, extra: dict[str, Any], values: Values, finished: bool,
               generic: Generic) -> Rows:
    """The state block's rows: the game's own, or ``generic(key, value)`` for each field
    of a game without them; rows whose text is empty are left out."""
    own = ROWS.get(variant)
    rows = (own(extra, values, finished, generic) if own
            else [generic(k, v) for k, v in extra.items()])
    return [(k, v) for k, v in rows if v not in ("", "—")]
