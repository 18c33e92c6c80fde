"""Kanji numerals as numbers (三 → 3, 二十五 → 25): the judge's same-number check."""

from __future__ import annotations

_KANJI_DIGITS = {"〇": 0, "零": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6,
                 "七": 7, "八": 8, "九": 9}
_KANJI_UNITS = {"十": 10, "百": 100, "千": 1000}


def kanji_number(text: str) -> int | None:
    """三 → 3, 二十五 → 25, 百 → 100; None if ``text`` is not a plain kanji numeral."""
    total, cur, seen = 0, 0, False
    for ch in text:
        if ch in _KANJI_DIGITS:
            cur, seen = _KANJI_DIGITS[ch], True
        elif ch in _KANJI_UNITS:
            total += (cur or 1) * _KANJI_UNITS[ch]
            cur, seen = 0, True
        else:
            return None
    return total + cur if seen else None
