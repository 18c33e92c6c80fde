"""Normalizing Japanese chat text: NFKC, kana folding, name keys, honorifics, amounts.

Only name and word keys are kana-folded, never a whole command line (folding turned
ドル into どる once).  The raw text is kept elsewhere for display and evidence.
"""

from __future__ import annotations

import unicodedata
from fractions import Fraction

from adjudicator.errors import AmountError

__all__ = ["HONORIFICS", "fold_kana", "name_key", "nfkc", "parse_amount"]

# Honorifics that may follow a name, longest first (one is stripped at most).
HONORIFICS: tuple[str, ...] = (
    "ちゃん",
    "チャン",
    "さん",
    "さま",
    "くん",
    "どの",
    "たん",
    "っち",
    "サン",
    "サマ",
    "クン",
    "タン",
    "ッチ",
    "様",
    "君",
    "氏",
    "殿",
)

# ァ (U+30A1) .. ヶ (U+30F6) and ヽ ヾ map to the hiragana 0x60 below; ー stays.
_KANA_FOLD = {cp: cp - 0x60 for cp in range(0x30A1, 0x30F7)}
_KANA_FOLD.update({0x30FD: 0x309D, 0x30FE: 0x309E})


def nfkc(text: str) -> str:
    """Unicode NFKC, nothing else (spaces are kept): ３万 → 3万, ﾀﾛｳ → タロウ, ＠ → @."""
    return unicodedata.normalize("NFKC", text)


def fold_kana(text: str) -> str:
    """Katakana → hiragana (ァ-ヶ, ヽ ヾ); ー and everything else are left alone."""
    return text.translate(_KANA_FOLD)


def name_key(text: str) -> str:
    """The lookup key of a name: NFKC → casefold → no whitespace → katakana folded."""
    return fold_kana("".join(nfkc(text).casefold().split()))


def gm_key(name: str) -> str:
    """The key a speaker is compared with the GM names by: NFKC → casefold → no ASCII
    spaces (no kana folding, unlike ``name_key``: the GM is named exactly)."""
    return nfkc(name).casefold().replace(" ", "")


# ---------------------------------------------------------------- amounts

_KANJI_DIGITS = {
    "〇": 0, "零": 0, "一": 1, "壱": 1, "二": 2, "弐": 2, "三": 3, "参": 3,
    "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
}
_SMALL_UNITS = {"十": 10, "拾": 10, "百": 100, "千": 1000}
_BIG_UNITS = (("兆", 10**12), ("億", 10**8), ("万", 10**4))
_ASCII_DIGITS = frozenset("0123456789")
_CURRENCY_WORDS = ("ドル", "円", "$")
_MINUS = ("-", "\u2212")
_MAX_LEN = 40


def _coefficient(text: str, whole: str) -> Fraction:
    """ASCII digits with at most one decimal point, or kanji digits read positionally."""
    if all(ch in _KANJI_DIGITS for ch in text):
        return Fraction(int("".join(str(_KANJI_DIGITS[ch]) for ch in text)))
    parts = text.split(".")
    if len(parts) > 2 or not all(p and set(p) <= _ASCII_DIGITS for p in parts):
        raise AmountError(whole, "not a number")
    return Fraction(text)


def _section(text: str, whole: str) -> Fraction:
    """A section below 万: coefficients followed by 千百十 in decreasing order (三千五百, 5千)."""
    total, last_unit, i = Fraction(0), 10**4, 0
    while i < len(text):
        j = i
        while j < len(text) and text[j] not in _SMALL_UNITS:
            j += 1
        unit = _SMALL_UNITS[text[j]] if j < len(text) else 1
        if unit >= last_unit:
            raise AmountError(whole, "units out of order")
        total += (_coefficient(text[i:j], whole) if j > i else Fraction(1)) * unit
        last_unit, i = unit, j + 1
    return total


def parse_amount(text: str) -> int:
    """Whole dollars from ``30,000``, ``$30,000``, ``3万ドル``, ``三万五千``, ``1.5万``, ``−1万``…

    Negative amounts parse (the rules reject them with a reason).  Anything else, a
    fraction of a dollar, or leftover text raises :class:`AmountError`.
    """
    body = nfkc(text).strip()
    negative = body.startswith(_MINUS)
    body = body[1:].lstrip() if negative else body
    body = body.removeprefix("$").lstrip()
    for word in _CURRENCY_WORDS:
        if body.endswith(word):
            body = body.removesuffix(word).rstrip()
            break
    if not body:
        raise AmountError(text, "no amount")
    if len(body) > _MAX_LEN:
        raise AmountError(text, "amount too long")
    for k, ch in enumerate(body):  # thousands separators only between ASCII digits
        if ch == "," and not (
            0 < k < len(body) - 1 and body[k - 1] in _ASCII_DIGITS and body[k + 1] in _ASCII_DIGITS
        ):
            raise AmountError(text, "misplaced comma")
    rest, total = body.replace(",", ""), Fraction(0)
    for unit, value in _BIG_UNITS:
        head, found, tail = rest.partition(unit)
        if found:
            if not head:
                raise AmountError(text, f"no number before {unit}")
            total, rest = total + _section(head, text) * value, tail
    total += _section(rest, text)
    if total.denominator != 1:
        raise AmountError(text, "not whole dollars")
    return -int(total) if negative else int(total)


_VOICED = dict(zip("かきくけこさしすせそたちつてとはひふへほ", "がぎぐげござじずぜぞだぢづでどばびぶべぼ",
                   strict=True))


def voiced(reading: str) -> str:
    """A hiragana reading with its first kana voiced (rendaku: ひ → び as in 花火 はなび)."""
    return _VOICED.get(reading[:1], reading[:1]) + reading[1:] if reading else reading
