"""Names shown so that a GM can see what is in them: a zero-width, bidirectional or
control character, or a letter of another script that looks like a Latin or kana one,
is written out in brackets (「はな\u200bこ」 -> 「はな[ゼロ幅スペース]こ」)."""

from __future__ import annotations

import unicodedata

#: invisible characters a GM meets in pasted names -> their Japanese name
INVISIBLE_JA: dict[str, str] = {
    "\u200b": "ゼロ幅スペース", "\u200c": "ゼロ幅非接合子", "\u200d": "ゼロ幅接合子",
    "\u200e": "左から右への記号", "\u200f": "右から左への記号", "\u2060": "ワードジョイナー",
    "\ufeff": "BOM（ゼロ幅なし改行禁止）", "\u00ad": "ソフトハイフン", "\u180e": "モンゴル母音区切り",
    "\u061c": "アラビア文字の向き記号", "\u3164": "ハングルの空白文字", "\u115f": "ハングルの空白文字",
    "\u202a": "向きの制御文字", "\u202b": "向きの制御文字", "\u202c": "向きの制御文字",
    "\u202d": "向きの制御文字", "\u202e": "向きの制御文字（右から左）",
    "\u2066": "向きの制御文字", "\u2067": "向きの制御文字", "\u2068": "向きの制御文字",
    "\u2069": "向きの制御文字",
}
#: scripts whose letters pass for Latin ones (а е о р с х …) -> the Japanese name
_LOOKALIKE_SCRIPTS = {"CYRILLIC": "キリル文字", "GREEK": "ギリシャ文字"}


def _odd(ch: str, mixed: bool = True) -> str | None:
    if ch in INVISIBLE_JA:
        return INVISIBLE_JA[ch]
    cat = unicodedata.category(ch)
    if cat in ("Cf", "Cc", "Co", "Cs", "Cn") or (cat == "Zs" and ch not in " \u3000"):
        return f"見えない文字 U+{ord(ch):04X}"
    if cat.startswith("L"):
        script = unicodedata.name(ch, "").split(" ")[0]
        if mixed and script in _LOOKALIKE_SCRIPTS:
            return f"{_LOOKALIKE_SCRIPTS[script]}の「{ch}」"
    return None


def _mixed(text: str) -> bool:
    """A Cyrillic or Greek letter is a look-alike only beside Latin letters or kana."""
    return any(unicodedata.name(c, "").startswith(("LATIN", "HIRAGANA", "KATAKANA", "CJK"))
               for c in text)


def has_odd(text: str) -> bool:
    mixed = _mixed(text)
    return any(_odd(c, mixed) is not None for c in text)


def shown(text: str) -> str:
    """``text`` with every invisible or look-alike character written out in brackets."""
    out = []
    mixed = _mixed(text)
    for c in text:
        odd = _odd(c, mixed)
        out.append(c if odd is None else f"[{odd}]")
    return "".join(out)
