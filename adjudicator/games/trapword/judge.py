"""The trap-word judge: does a hint spring a trap word?  (tw.trap.*, tw.hint.*)

Built on Sudachi (sudachipy + sudachidict-core), loaded lazily on the first question.
Every answer is a graded :class:`Verdict` with its reason, following the measured facts
of ``shared/research/japanese-text.md``:

- ``definite``: the trap word itself (after width and kana folding), the same
  normalized form (サーバ / サーバー, 走った / 走る, ねこ / 猫), or a part of it
  (バスケットボール → バスケット, ボール; 富士山 → 富士).
- ``likely``: a paraphrase: a shared Sudachi synonym group (科学 → サイエンス) or the
  game's own ``synonyms`` table (科学 → SF).
- ``possible``: a kana-only word that reads like the trap word (箸 → はし), or a
  single-kanji part (時 of 時間): listed for the GM, never sprung by itself.
- ``none``: anything else; a kanji homonym (箸 → 橋) says so in its reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, Literal

from ...normalize import fold_kana, nfkc

Grade = Literal["definite", "likely", "possible", "none"]
GRADES: tuple[Grade, ...] = ("definite", "likely", "possible", "none")
RANK = {g: i for i, g in enumerate(GRADES)}
#: parts of speech a trap word may be (tw.trap.pos): 名詞 covers 数詞 (名詞-数詞)
CONTENT_POS = ("名詞", "動詞", "形容詞", "形状詞", "副詞")
POS_JA_REASON = {"代名詞": "代名詞", "助詞": "助詞", "助動詞": "助動詞", "接続詞": "接続詞",
                 "感動詞": "感動詞", "連体詞": "連体詞", "接頭辞": "接頭辞", "接尾辞": "接尾辞",
                 "記号": "記号", "補助記号": "記号", "空白": "空白"}
_KANA_RE = re.compile(r"^[\u3041-\u309f\u30a0-\u30ffー]+$")
_KANJI_RE = re.compile(r"^[\u3400-\u4dbf\u4e00-\u9fff々〆]$")


@dataclass(frozen=True)
class Morph:
    surface: str
    norm: str  # normalized_form
    base: str  # dictionary_form
    reading: str  # katakana
    pos: tuple[str, ...]
    groups: tuple[int, ...]

    @property
    def content(self) -> bool:
        return self.pos[0] in CONTENT_POS


@dataclass(frozen=True)
class Verdict:
    """How one hint relates to one word (a trap word or the secret word)."""

    word: str
    grade: Grade
    code: str  # exact normalized part single_kanji_part synonym table reading homonym none
    reason: str  # Japanese, shown to the GM and the players
    matched: str = ""  # the piece of the hint that matched

    @property
    def springs(self) -> bool:
        return self.grade in ("definite", "likely")

    def as_dict(self) -> dict[str, Any]:
        return {"word": self.word, "grade": self.grade, "code": self.code,
                "reason": self.reason, "matched": self.matched}


def fold(text: str) -> str:
    """Width, case and kana folded: the key every comparison uses."""
    return fold_kana(nfkc(text).casefold()).replace(" ", "")


def is_kana(text: str) -> bool:
    return bool(_KANA_RE.match(nfkc(text)))


def is_single_kanji(text: str) -> bool:
    return bool(_KANJI_RE.match(text))


@cache
def _dictionary() -> Any:
    """The Sudachi core dictionary, loaded on first use only (~0.2 s)."""
    from sudachipy import Dictionary

    return Dictionary(dict="core")


@cache
def _tokenizers() -> tuple[Any, Any, Any, Any]:
    from sudachipy import SplitMode

    d = _dictionary()
    make = getattr(d, "tokenizer", None) or d.create
    return make(mode=SplitMode.C), make(mode=SplitMode.A), SplitMode.C, SplitMode.A


def load() -> None:
    """Load the dictionary now (benchmarks and test fixtures call it once)."""
    _tokenizers()


@lru_cache(maxsize=4096)
def analyze(text: str) -> tuple[Morph, ...]:
    """Sudachi mode-C morphemes of one message (one message per call: Sudachi refuses
    more than 49,149 bytes at once)."""
    tok_c, _tok_a, mode_c, _ = _tokenizers()
    out = []
    for m in tok_c.tokenize(nfkc(text)[:4000], mode_c):
        out.append(Morph(m.surface(), m.normalized_form(), m.dictionary_form(),
                         m.reading_form(), tuple(m.part_of_speech()[:2]),
                         tuple(m.synonym_group_ids())))
    return tuple(m for m in out if m.pos[0] not in ("空白",))


@lru_cache(maxsize=4096)
def parts_a(text: str) -> tuple[str, ...]:
    """Mode-A surfaces of a word (富士山 → 富士, 山); empty when it does not split."""
    _c, tok_a, _m, mode_a = _tokenizers()
    parts = tuple(m.surface() for m in tok_a.tokenize(nfkc(text), mode_a)
                  if m.part_of_speech()[0] in CONTENT_POS)
    return parts if len(parts) > 1 else ()


def reading(text: str) -> str:
    """The katakana reading of a word (栗 → クリ)."""
    return "".join(m.reading for m in analyze(text))


@dataclass(frozen=True)
class Span:
    """Up to four consecutive morphemes of a text, with every key precomputed."""

    surface: str
    folded: str
    norm: str
    base: str
    reading: str  # folded to hiragana
    kana: bool
    lone_function_word: bool
    first_norm: str


def _spans(morphs: Sequence[Morph], width: int = 4) -> Iterable[tuple[Sequence[Morph], str]]:
    for i in range(len(morphs)):
        for j in range(i + 1, min(len(morphs), i + width) + 1):
            yield morphs[i:j], "".join(m.surface for m in morphs[i:j])


@lru_cache(maxsize=4096)
def spans(text: str) -> tuple[Span, ...]:
    out = []
    for span, surface in _spans(analyze(text)):
        out.append(Span(surface, fold(surface), "".join(m.norm for m in span),
                        "".join(m.base for m in span), fold("".join(m.reading for m in span)),
                        is_kana(surface), len(span) == 1 and not span[0].content,
                        span[0].norm))
    return tuple(out)


@lru_cache(maxsize=4096)
def _folded(text: str) -> str:
    return fold(text)


class Judge:
    """Grades hints against words.  ``synonyms`` is game.toml's table of paraphrases the
    dictionary lacks: ``{"科学": ["SF"]}`` (each entry is one group, both ways)."""

    def __init__(self, synonyms: Mapping[str, Sequence[str]] | None = None) -> None:
        self.groups: list[dict[str, str]] = [
            {fold(x): x for x in (k, *vals)} for k, vals in (synonyms or {}).items()
        ]

    # ------------------------------------------------------------ grading
    def grade(self, hint: str, word: str) -> Verdict:
        """The verdict of one hint against one word: the strongest match found."""
        h, w = _folded(hint), _folded(word)
        hm, wm = analyze(hint), analyze(word)
        hs = spans(hint)
        if not w:
            return Verdict(word, "none", "none", "空の単語です")
        # definite: the word itself
        if w in h and (not re.match(r"^[\u3041-\u309fー]+$", nfkc(word)) or len(w) > 3 or
                       any(sp.folded == w for sp in hs)):
            return Verdict(word, "definite", "exact", f"「{word}」そのものを含みます", word)
        # definite: the same normalized form (spelling variant, inflection, kana spelling)
        wnorm = "".join(m.norm for m in wm)
        wbase = "".join(m.base for m in wm)
        wread = _folded(reading(word))
        for sp in hs:
            if sp.lone_function_word:
                continue
            if sp.norm in (wnorm, wbase) or sp.base == wbase:
                if not (sp.kana and sp.reading == wread and sp.first_norm != wnorm):
                    return Verdict(word, "definite", "normalized",
                                   f"「{sp.surface}」は「{word}」と同じ語です（表記ゆれ・活用）",
                                   sp.surface)
        best: Verdict | None = None
        # definite: a part of the word (tw.trap.part)
        pieces = set(parts_a(word))
        if len(wm) > 1:
            pieces |= {m.surface for m in wm if m.content}
        for p in sorted(pieces, key=lambda s: (-len(s), s)):
            fp = fold(p)
            if fp and fp != w and fp in h and (len(fp) > 1 or is_single_kanji(p)):
                v = self._part(word, p)
                if v.grade == "definite":
                    return v
                best = best or v
        for m in hm:
            if not m.content:
                continue
            for piece in (m.surface, m.norm):
                fp = fold(piece)
                if fp and fp != w and fp in w and (len(fp) > 1 or is_single_kanji(piece)):
                    if is_kana(piece) and len(fp) < 2:
                        continue
                    v = self._part(word, piece if is_single_kanji(piece) else m.surface)
                    if v.grade == "definite":
                        return v
                    best = best or v
        # possible (before synonyms): a kana word that reads like the word (箸 → はし)
        for sp in hs:
            if sp.kana and len(wread) >= 2 and sp.reading == wread:
                v = Verdict(word, "possible", "reading",
                            f"かな書きの「{sp.surface}」は「{word}」と同じ読みです（GMが判断）",
                            sp.surface)
                best = v if best is None or RANK[v.grade] < RANK[best.grade] else best
        # likely: a paraphrase (tw.trap.paraphrase)
        if best is None or RANK[best.grade] > RANK["likely"]:
            likely = self._paraphrase(word, h, hm, wm, wread)
            if likely is not None:
                return likely
        if best is not None:
            return best
        for m in hm:
            if m.content and len(wread) >= 2 and fold(m.reading) == wread:
                return Verdict(word, "none", "homonym",
                               f"「{m.surface}」は同音異義語です（読みが同じでも別の語）",
                               m.surface)
        for ch in dict.fromkeys(word):
            if is_single_kanji(ch) and len(word) > 1 and ch in hint:
                return self._part(word, ch)
        return Verdict(word, "none", "none", "関係する語は見つかりません")

    def _part(self, word: str, part: str) -> Verdict:
        if is_single_kanji(part):
            return Verdict(word, "possible", "single_kanji_part",
                           f"「{part}」は「{word}」の一文字の一部です（GMが判断）", part)
        return Verdict(word, "definite", "part", f"「{part}」は「{word}」の一部です", part)

    def _paraphrase(self, word: str, h: str, hm: Sequence[Morph], wm: Sequence[Morph],
                    wread: str) -> Verdict | None:
        wgroups = {g for m in wm if m.content for g in m.groups}
        for m in hm:
            if not m.content or not set(m.groups) & wgroups:
                continue
            if is_kana(m.surface) and fold(m.reading) == wread:
                continue
            return Verdict(word, "likely", "synonym",
                           f"「{m.surface}」は「{word}」の言い換えです（同義語）", m.surface)
        keys = {fold(word), *(fold(m.norm) for m in wm)}
        for group in self.groups:
            if keys & group.keys():
                for other in sorted(group.keys() - keys, key=lambda s: (-len(s), s)):
                    if other and other in h:
                        shown = group[other]
                        return Verdict(word, "likely", "table",
                                       f"「{shown}」は「{word}」の言い換えです（同義語表）",
                                       shown)
        return None

    def grade_all(self, hint: str, words: Iterable[str]) -> list[Verdict]:
        return [self.grade(hint, w) for w in words]

    # ------------------------------------------------------------ other checks
    def proper_nouns(self, hint: str) -> list[str]:
        """Proper nouns in a hint (tw.hint.proper): a flag for the GM, not a ruling."""
        return list(dict.fromkeys(m.surface for m in analyze(hint) if m.pos[1] == "固有名詞"))

    def pos_problem(self, word: str) -> str | None:
        """Why ``word`` cannot be a trap word (tw.trap.pos), in Japanese; None if it can."""
        morphs = analyze(word)
        if not morphs:
            return "単語が空です"
        if any(m.content for m in morphs):
            return None
        kind = POS_JA_REASON.get(morphs[0].pos[0], morphs[0].pos[0])
        return (f"「{word}」は{kind}なのでトラップワードにできません"
                "（名詞・形容詞・副詞・動詞・数詞のみ）")

    def answer_matches(self, answer: str, secret: str, by_reading: bool = True) -> str | None:
        """How an answer is right (tw.answer.contains): ``contains`` / ``reading`` / None."""
        a, s = fold(answer), fold(secret)
        if s and s in a:
            return "contains"
        if by_reading:
            kana = "".join(ch for ch in nfkc(answer) if is_kana(ch))
            r = fold(reading(secret))
            if kana and r and r in fold(kana) and not is_kana(secret):
                return "reading"
            if is_kana(secret) and s in fold(reading(answer)):
                return "reading"
        return None
