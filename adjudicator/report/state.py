"""The report's 「ゲームの状態」 block in a GM's words: one row per fact, with units and
the villages' own terms (「色ポイント：オレンジ37点、ムラサキ19点」, 「現在地：赤チーム
部屋3／青チーム 部屋2」, 「2周目・2日目で終了」), and no row for what is empty.

``state_rows(variant, extra, values, finished, generic)`` takes the export's top-level fields
(``extra``: what the game keeps beyond its players) and returns (label, text) pairs; a
game without its own rows gets the generic ones (a field's Japanese name and value).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Rows = list[tuple[str, str]]
Values = dict[str, dict[str, str]]
Generic = Callable[[str, Any], tuple[str, str]]


def word(values: Values, field: str, key: Any) -> str:
    """A value in the game's words (``values``: the report's value tables)."""
    return values.get(field, {}).get(str(key), str(key))


def state_rows(variant: Any, extra: dict[str, Any], values: Values, finished: bool,
               generic: Generic) -> Rows:
    """The state block's rows: the game's own (its Variant's ``state_rows``, kept in the
    game's ``report.py``), or ``generic(key, value)`` for each field of a game without
    them; rows whose text is empty are left out."""
    own = variant.state_rows(extra, values, finished, generic)
    rows = own if own is not None else [generic(k, v) for k, v in extra.items()]
    return [(k, v) for k, v in rows if v not in ("", "—")]
