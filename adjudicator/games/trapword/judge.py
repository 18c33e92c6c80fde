"""The trap-word judge: does a hint spring a trap word?  (tw.trap.*, tw.hint.*)

Built on Sudachi (sudachipy + sudachidict-core), loaded lazily on the first question.
Hints and words are compared as *morphemes* — the hint's morphemes in Sudachi's A, B
and C splits, with their normalized and dictionary forms — never as bare letters.
Every answer is a graded :class:`Verdict` with its reason, following the measured facts
of ``shared/research/japanese-text.md``:

- ``definite``: the trap word is a morpheme (or a run of morphemes) of the hint, after
  width and kana folding, also inside a compound that Sudachi splits in mode A
  (映画 in 映画館) or a loanword compound of two known words of three letters or more
  (チーズ in チーズケーキ); the same normalized form (サーバ / サーバー, 走った / 走る, ねこ / 猫);
  or a part of the trap word (バスケットボール → バスケット, ボール; 富士山 → 富士).
- ``likely``: a paraphrase: a shared Sudachi synonym group (科学 → サイエンス) or the
  game's own ``synonyms`` table (科学 → SF); the same word with an honorific prefix or
  suffix added or dropped (お茶 / 茶, ご飯 / 飯); the same number in another spelling
  (三 / 3つ / ３ / みっつ).
- ``possible``: a kana word that reads like the trap word (箸 → はし), a single-kanji
  part (時 of 時間), or an overlap of letters only (バス in バスケット, サイ in サイダー):
  listed for the GM, never sprung by itself.
- ``none``: anything else; a kanji homonym (箸 → 橋) says so in its reason.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, Literal

from ...normalize import fold_kana, nfkc, voiced
from .numbers import kanji_number

Grade = Literal["definite", "likely", "possible", "none"]
GRADES: tuple[Grade, ...] = ("definite", "likely", "possible", "none")
RANK = {g: i for i, g in enumerate(GRADES)}
#: parts of speech a trap word may be (tw.trap.pos): 名詞 covers 数詞 (名詞-数詞)
CONTENT_POS = ("名詞", "動詞", "形容詞", "形状詞", "副詞")
POS_JA_REASON = {"代名詞": "代名詞", "助詞": "助詞", "助動詞": "助動詞", "接続詞": "接続詞",
                 "感動詞": "感動詞", "連体詞": "連体詞", "接頭辞": "接頭辞", "接尾辞": "接尾辞",
                 "記号": "記号", "補助記号": "記号", "空白": "空白"}
#: honorific and polite affixes that do not make another word (お茶 / 茶, ご飯 / 飯)
HONORIFIC_PREFIXES = ("お", "ご", "御")
HONORIFIC_SUFFIXES = ("さん", "さま", "様", "ちゃん")
_KANA_RE = re.compile(r"^[\u3041-\u309f\u30a0-\u30ffー]+$")
_HIRAGANA_RE = re.compile(r"^[\u3041-\u309fー]+$")
_KANJI_RE = re.compile(r"^[\u3400-\u4dbf\u4e00-\u9fff々〆]$")
_HAS_KANJI_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff々〆]")
SPAN_WIDTH = 4  # the longest run of morphemes compared with a word


@dataclass(frozen=True)
class Morph:
    surface: str
    norm: str  # normalized_form
    base: str  # dictionary_form
    reading: str  # katakana
    pos: tuple[str, ...]
    groups: tuple[int, ...]
    oov: bool = False

    @property
    def content(self) -> bool:
        return self.pos[0] in CONTENT_POS

    @property
    def numeral(self) -> bool:
        return self.pos[:2] == ("名詞", "数詞")


@dataclass(frozen=True)
class Verdict:
    """How one hint relates to one word (a trap word or the secret word)."""

    word: str
    grade: Grade
    #: exact compound normalized part number honorific synonym table reading
    #: single_kanji_part letters homonym none
    code: str
    reason: str  # Japanese, shown to the GM and the players
    matched: str = ""  # the piece of the hint that matched

    @property
    def springs(self) -> bool:
        return self.grade in ("definite", "likely")

    def as_dict(self) -> dict[str, Any]:
        return {"word": self.word, "grade": self.grade, "code": self.code,
                "reason": self.reason, "matched": self.matched}


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Width, case and kana folded: the key every comparison uses."""
    return fold_kana(nfkc(text).casefold()).replace(" ", "")


def is_kana(text: str) -> bool:
    return bool(_KANA_RE.match(nfkc(text)))


def is_single_kanji(text: str) -> bool:
    return bool(_KANJI_RE.match(text))


def letters(text: str) -> str:
    """Only the letters of a line (no punctuation, symbols or spaces): 猫！ → 猫."""
    return "".join(ch for ch in nfkc(text)
                   if unicodedata.category(ch)[0] in "LN" or ch == "ー")


@cache
def _dictionary() -> Any:
    """The Sudachi core dictionary, loaded on first use only (~0.2 s)."""
    from sudachipy import Dictionary

    return Dictionary(dict="core")


@cache
def _tokenizer() -> Any:
    d = _dictionary()
    make = getattr(d, "tokenizer", None) or d.create
    return make()


@cache
def _modes() -> tuple[Any, Any, Any]:
    from sudachipy import SplitMode

    return SplitMode.A, SplitMode.B, SplitMode.C


def load() -> None:
    """Load the dictionary now (benchmarks and test fixtures call it once)."""
    _tokenizer()
    _modes()


def _tokenize(text: str, mode: Any) -> tuple[Morph, ...]:
    out = []
    for m in _tokenizer().tokenize(nfkc(text)[:4000], mode):
        pos = tuple(m.part_of_speech()[:2])
        if pos[0] == "空白":
            continue
        out.append(Morph(m.surface(), m.normalized_form(), m.dictionary_form(),
                         m.reading_form(), pos, tuple(m.synonym_group_ids()), m.is_oov()))
    return tuple(out)


@lru_cache(maxsize=4096)
def analyze(text: str) -> tuple[Morph, ...]:
    """Sudachi mode-C morphemes of one message (one message per call: Sudachi refuses
    more than 49,149 bytes at once)."""
    return _tokenize(text, _modes()[2])


@lru_cache(maxsize=4096)
def analyze_abc(text: str) -> tuple[tuple[Morph, ...], ...]:
    """The morphemes of one message in Sudachi's C, B and A splits (the same split is
    kept once)."""
    a, b, _c = _modes()
    c_split = analyze(text)
    a_split = _tokenize(text, a)
    if a_split == c_split:  # nothing to split: B lies between A and C
        return (c_split,)
    b_split = _tokenize(text, b)
    return (c_split, b_split, a_split) if b_split not in (c_split, a_split) else (
        c_split, a_split)


def reading(text: str) -> str:
    """The katakana reading of a word (栗 → クリ)."""
    return "".join(m.reading for m in analyze(text))


def number_value(m: Morph) -> int | None:
    """The value of a numeral morpheme (三, ３, みっ of みっつ), else None."""
    if not m.numeral:
        return None
    for s in (nfkc(m.norm), nfkc(m.surface)):
        if s.isdigit():
            return int(s)
        v = kanji_number(s)
        if v is not None:
            return v
    return None


def _single_word(text: str) -> Morph | None:
    """The one known content morpheme ``text`` is, or None."""
    ms = analyze(text)
    if len(ms) == 1 and ms[0].content and not ms[0].oov and ms[0].surface == nfkc(text):
        return ms[0]
    return None


@lru_cache(maxsize=8192)
def honorific_core(surface: str) -> str | None:
    """The word under an honorific prefix or suffix (お茶 → 茶, ご飯 → 飯, お父さん → 父),
    when what is left is a known word on its own; None otherwise."""
    s = nfkc(surface)
    core = s
    for p in HONORIFIC_PREFIXES:
        if core.startswith(p) and len(core) > len(p):
            core = core[len(p):]
            break
    for x in HONORIFIC_SUFFIXES:
        if core.endswith(x) and len(core) > len(x):
            core = core[:-len(x)]
            break
    if core == s or _single_word(core) is None:
        return None
    return core


@dataclass(frozen=True)
class Span:
    """One to four consecutive morphemes of a hint in one split, every key precomputed."""

    surface: str
    norm: str  # folded
    base: str  # folded
    reading: str  # folded to hiragana
    kana: bool
    lone_function_word: bool
    first_norm: str
    numeral: bool
    whole: str  # the mode-C morpheme(s) this span lies in, when longer (映画館 for 映画)


@dataclass(frozen=True)
class HintInfo:
    folded: str
    surf: dict[str, Span]
    norm: dict[str, Span]
    base: dict[str, Span]
    kana_spans: tuple[Span, ...]
    morphs: tuple[Morph, ...]  # content morphemes of every split, each once
    cores: dict[str, Morph]  # honorific core (folded) -> the hint's morpheme
    numbers: tuple[tuple[int, str, str], ...]  # (value, surface, counter after it)


def _c_cover(c_morphs: Sequence[Morph]) -> list[tuple[int, int, str]]:
    out, pos = [], 0
    for m in c_morphs:
        out.append((pos, pos + len(m.surface), m.surface))
        pos += len(m.surface)
    return out


@lru_cache(maxsize=4096)
def hint_info(text: str) -> HintInfo:
    splits = analyze_abc(text)
    cover = _c_cover(splits[0])
    surf: dict[str, Span] = {}
    norm: dict[str, Span] = {}
    base: dict[str, Span] = {}
    kana_spans: list[Span] = []
    seen: dict[tuple[str, str], Morph] = {}
    numbers: list[tuple[int, str, str]] = []
    done: set[tuple[int, int]] = set()
    for mode, morphs in enumerate(splits):
        lo = 0
        for i in range(len(morphs)):
            surface = norms = bases = reads = ""
            numeral = False
            hi = lo
            for j in range(i, min(len(morphs), i + SPAN_WIDTH)):
                m = morphs[j]
                surface += m.surface
                norms += m.norm
                bases += m.base
                reads += m.reading
                numeral = numeral or m.numeral
                hi += len(m.surface)
                if (lo, hi) in done:
                    continue
                done.add((lo, hi))
                whole = ""
                if mode:  # a span of the A or B split inside longer C morphemes
                    whole = "".join(x for a, b, x in cover if b > lo and a < hi)
                    whole = "" if whole == surface else whole
                sp = Span(surface, fold(norms), fold(bases), fold(reads), is_kana(surface),
                          j == i and not morphs[i].content, morphs[i].norm, numeral, whole)
                surf.setdefault(fold(surface), sp)
                norm.setdefault(sp.norm, sp)
                base.setdefault(sp.base, sp)
                if sp.kana:
                    kana_spans.append(sp)
            lo += len(morphs[i].surface)
        for k, m in enumerate(morphs):
            if m.content:
                seen.setdefault((m.surface, m.norm), m)
            value = number_value(m)
            if value is not None:
                nxt = morphs[k + 1] if k + 1 < len(morphs) else None
                suffix = nxt.surface if nxt and nxt.pos[0] == "接尾辞" else ""
                numbers.append((value, m.surface + suffix, fold(suffix)))
    # a loanword compound Sudachi keeps whole (チーズケーキ): its two halves are words
    # when both are known words of three letters or more (not バス + ケット)
    for m in splits[0]:
        if m.content and len(m.surface) >= 3 and _HAS_KANJI_RE.search(m.surface):
            # a kanji compound Sudachi keeps whole (山登り → 山, 登り): its halves are words
            for half in _compound_halves(m.surface):
                key = fold(half)
                if key not in surf:
                    surf[key] = Span(half, key, key, key, is_kana(half), False, half, False,
                                     m.surface)
        if m.content and len(m.surface) >= 6 and is_kana(m.surface):
            for half in _compound_halves(m.surface):
                key = fold(half)
                if key not in surf:
                    surf[key] = Span(half, key, key, key, True, False, half, False, m.surface)
    content = tuple(seen.values())
    cores: dict[str, Morph] = {}
    for m in content:
        for s in (m.surface, m.norm):
            core = honorific_core(s)
            if core is not None:
                cores.setdefault(fold(core), m)
    return HintInfo(fold(text), surf, norm, base, tuple(kana_spans), content, cores,
                    tuple(dict.fromkeys(numbers)))


@dataclass(frozen=True)
class WordInfo:
    word: str
    folded: str
    norm: str  # folded
    base: str  # folded
    reading: str  # folded
    first_norm: str
    parts: tuple[str, ...]  # its parts (tw.trap.part), longest first
    core: str  # honorific core, folded ("" if none)
    number: int | None  # a numeral, alone or with a counter (3つ)
    counter: str  # the counter after it, folded (つ of 3つ)
    groups: frozenset[int]


def _compound_halves(word: str) -> tuple[str, ...]:
    """An unsplit compound's two words (バスケットボール → バスケット, ボール): both halves
    known words, each at least three letters in a kana word (バス + ケット is no split of
    バスケット); in a word with kanji, at least one half of two letters or more."""
    s = nfkc(word)
    if _HAS_KANJI_RE.search(s):
        # a word with kanji that Sudachi keeps whole (春休み, 自転車, 雪だるま): two known
        # words, one of them at least two letters (a lone kanji half is only `possible`)
        for i in range(1, len(s)):
            left, right = s[:i], s[i:]
            if max(len(left), len(right)) >= 2 and _single_word(left) and _single_word(right):
                return (left, right)
        return ()
    for i in range(3, len(s) - 2):
        left, right = s[:i], s[i:]
        if _single_word(left) and _single_word(right):
            return (left, right)
    return ()


@lru_cache(maxsize=4096)
def word_info(word: str) -> WordInfo:
    c = analyze(word)
    content = [m for m in c if m.content]
    parts: set[str] = set()
    # a part is a content morpheme of any split of the word into two or more morphemes:
    # 図書 of 図書館 (図書 + 館, a suffix), バスケット of バスケットボール (tw.trap.part)
    for morphs in analyze_abc(word):
        if len(morphs) > 1:
            parts |= {m.surface for m in morphs if m.content}
    if len(c) == 1:
        parts |= set(_compound_halves(word))
    parts.discard(nfkc(word))
    core = honorific_core(word) or ""
    if not core and len(c) > 1:
        inner = [m for m in c if not (m.pos[0] == "接頭辞" and m.surface in HONORIFIC_PREFIXES)
                 and not (m.pos[0] == "接尾辞" and m.surface in HONORIFIC_SUFFIXES)]
        if 0 < len(inner) < len(c):
            core = "".join(m.surface for m in inner)
    values = [number_value(m) for m in c if m.numeral]
    number = values[0] if len(values) == 1 and all(
        m.numeral or m.pos[0] == "接尾辞" for m in c) else None
    return WordInfo(
        word, fold(word), fold("".join(m.norm for m in c)), fold("".join(m.base for m in c)),
        fold("".join(m.reading for m in c)), c[0].norm if c else "",
        tuple(sorted(parts, key=lambda s: (-len(s), s))), fold(core), number,
        fold("".join(m.surface for m in c if not m.numeral)) if number is not None else "",
        frozenset(g for m in content for g in m.groups))


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
        w = word_info(word)
        if not w.folded:
            return Verdict(word, "none", "none", "空の単語です")
        h = hint_info(hint)
        # definite: the word is a morpheme (or a run of morphemes) of the hint
        sp = h.surf.get(w.folded)
        if sp is not None:
            if sp.whole:
                return Verdict(word, "definite", "compound",
                               f"「{sp.whole}」は「{word}」を含む複合語です", sp.whole)
            return Verdict(word, "definite", "exact", f"「{word}」そのものを含みます", word)
        # definite: the same normalized form (spelling variant, inflection, kana spelling);
        # likely: the same number spelled otherwise (三 / ３)
        for sp in (h.norm.get(w.norm), h.norm.get(w.base), h.base.get(w.base)):
            if sp is None or sp.lone_function_word:
                continue
            if sp.numeral or w.number is not None:
                shown = next((x for v, x, _c in h.numbers if v == w.number), sp.surface)
                return self._number(word, shown)
            if sp.kana and sp.reading == w.reading and sp.first_norm != w.first_norm:
                continue
            return Verdict(word, "definite", "normalized",
                           f"「{sp.surface}」は「{word}」と同じ語です（表記ゆれ・活用）",
                           sp.surface)
        # likely: the same number (三 / 3つ / みっつ), not another count (二本 / 二つ)
        if w.number is not None:
            for value, surface, counter in h.numbers:
                if value == w.number and counter in ("", w.counter):
                    return self._number(word, surface)
        best: Verdict | None = None
        # definite: a part of the word (tw.trap.part)
        for p in w.parts:
            sp = h.surf.get(fold(p)) or h.norm.get(fold(p))
            if sp is None or sp.lone_function_word:
                continue
            v = self._part(word, p)
            if v.grade == "definite":
                return v
            best = best or v
        # likely: an honorific prefix or suffix added or dropped (お茶 / 茶, ご飯 / 飯)
        hon = None
        if w.core:
            hon = h.surf.get(w.core) or h.norm.get(w.core)
        hm = h.cores.get(w.folded) or h.cores.get(w.norm) or (
            h.cores.get(w.core) if w.core else None)
        plain = hm.surface if hm is not None else hon.surface if hon is not None else None
        if plain is not None:
            return Verdict(word, "likely", "honorific",
                           f"「{plain}」は「{word}」と同じ語です（「お」「ご」「さん」などの付け外し）",
                           plain)
        # likely: a paraphrase (tw.trap.paraphrase)
        likely = self._paraphrase(word, w, h)
        if likely is not None:
            return likely
        if best is not None:
            return best
        # possible: a kana word that reads like the word (箸 → はし)
        if len(w.reading) >= 2:
            for sp in h.kana_spans:
                if sp.reading == w.reading:
                    return Verdict(
                        word, "possible", "reading",
                        f"かな書きの「{sp.surface}」は「{word}」と同じ読みです（GMが判断）",
                        sp.surface)
        # definite: a one-kanji word read as itself at the edge of a compound of the hint
        # (海 in 海辺 うみべ, 火 in 花火 はなび); not a kanji read otherwise (八 in 八百屋)
        inside = self._kanji_in_compound(word, w, h)
        if inside is not None:
            return inside
        # possible at most: letters only, not a word (バス in バスケット)
        shared = self._letters(word, w, h)
        if shared is not None:
            return shared
        for m in h.morphs:
            if len(w.reading) >= 2 and fold(m.reading) == w.reading:
                return Verdict(word, "none", "homonym",
                               f"「{m.surface}」は同音異義語です（読みが同じでも別の語）",
                               m.surface)
        for ch in dict.fromkeys(nfkc(word)):
            if is_single_kanji(ch) and len(w.folded) > 1 and ch in nfkc(hint):
                return self._part(word, ch)
        return Verdict(word, "none", "none", "関係する語は見つかりません")

    def _number(self, word: str, shown: str) -> Verdict:
        return Verdict(word, "likely", "number",
                       f"「{shown}」は「{word}」と同じ数です（書き方が違うだけ）", shown)

    def _part(self, word: str, part: str) -> Verdict:
        if is_single_kanji(part):
            return Verdict(word, "possible", "single_kanji_part",
                           f"「{part}」は「{word}」の一文字の一部です（GMが判断）", part)
        return Verdict(word, "definite", "part", f"「{part}」は「{word}」の一部です", part)

    def _kanji_in_compound(self, word: str, w: WordInfo, h: HintInfo) -> Verdict | None:
        """A one-kanji word that is one of the two kanji of a hint's word, each read as
        itself (海 of 海辺 is not that: べ; 花 and 火 of 花火 はな・び are; 金 of 金魚 きん・ぎょ
        is not: 魚 alone is さかな)."""
        kanji = nfkc(word)
        if not is_single_kanji(kanji):
            return None
        for m in h.morphs:
            surface = nfkc(m.surface)
            if len(surface) != 2 or kanji not in surface or not all(
                    is_single_kanji(ch) for ch in surface):
                continue
            first, second = (fold(reading(ch)) for ch in surface)
            whole = fold(m.reading)
            if first and second and whole in (first + second, first + voiced(second)):
                return Verdict(word, "definite", "compound",
                               f"「{m.surface}」は「{word}」を含む複合語です", m.surface)
        return None

    def _letters(self, word: str, w: WordInfo, h: HintInfo) -> Verdict | None:
        """Letters shared without a shared word: the GM may look, nothing springs.  A short
        hiragana word inside another word (はし in はしる) is not even that."""
        short_kana = bool(_HIRAGANA_RE.match(nfkc(word))) and len(w.folded) <= 3
        one = len(w.folded) == 1 and (is_single_kanji(word) or w.folded.isdigit())
        if (len(w.folded) >= 2 or one) and w.folded in h.folded and not short_kana:
            host = next((m.surface for m in h.morphs if w.folded in fold(m.surface)),
                        word)
            return Verdict(word, "possible", "letters",
                           f"「{word}」は「{host}」の中の文字として出てくるだけです"
                           "（別の語・GMが判断）", host)
        for m in h.morphs:
            fm = fold(m.surface)
            if len(fm) >= 2 and fm in w.folded:
                return Verdict(word, "possible", "letters",
                               f"「{m.surface}」は「{word}」の文字の一部ですが、語としての"
                               "部分ではありません（GMが判断）", m.surface)
        return None

    def _paraphrase(self, word: str, w: WordInfo, h: HintInfo) -> Verdict | None:
        for m in h.morphs:
            if not set(m.groups) & w.groups:
                continue
            if is_kana(m.surface) and fold(m.reading) == w.reading:
                continue
            return Verdict(word, "likely", "synonym",
                           f"「{m.surface}」は「{word}」の言い換えです（同義語）", m.surface)
        keys = {w.folded, w.norm}
        for group in self.groups:
            if keys & group.keys():
                for other in sorted(group.keys() - keys, key=lambda s: (-len(s), s)):
                    if other and (other in h.surf or other in h.norm):
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
        """How an answer is right (tw.answer.contains): ``contains`` (the secret word in the
        answer, after folding), ``reading`` (a kana answer with the very same reading, or
        the kana secret's reading), ``normalized`` (a word of the answer is the secret word
        in another spelling: 猫 for ねこ); None: wrong.  はさみ is not 歯: a reading that
        merely contains the secret's reading is not the same reading."""
        a, s = fold(answer), fold(secret)
        if not s:
            return None
        if s in a:
            return "contains"
        core = letters(answer)
        if by_reading and core:
            w = word_info(secret)
            if is_kana(core) and not is_kana(secret) and fold(core) == w.reading:
                return "reading"
            if is_kana(secret) and fold(reading(core)) == s:
                return "reading"
        w = word_info(secret)
        h = hint_info(answer)
        for sp in (h.norm.get(w.norm), h.base.get(w.base)):
            if sp is not None and not sp.lone_function_word:
                return "normalized"
        return None
