"""ds.stock.cheer_mention: which players a spectator's chat line cheers.

A mention is a player's name (or alias) used as a name, not letters that happen to sit
inside another word: the name must start and end on a word boundary of Sudachi's finest
(mode A) split, so まい is not found in うまい nor はる in はるさめ.  A name on a word
boundary counts when it is

- followed by an honorific (はるさん, まいちゃん, 太郎君, はる様…): ``honorific``;
- written alone: the line holds nothing but names, honorifics and punctuation
  (「はる」「はる、まい！」): ``alone``;
- called out: at the start of a clause and followed by an exclamation (「はる！」「はる〜」)
  or a cheer (「はるがんばれ」「なお、ナイス」), after a cheer at the end of the line
  (「がんばれはる」), or after ``@``: ``call``.

A name that is not also an everyday word (the dictionary knows it only as a proper
noun, or not at all: けんた, はなこ, 花子) counts wherever it stands as a word
(「けんたの推理すごい」): ``word``.  A name that is also an everyday word (はる 春/張る,
なお 猶, さくら 桜, たろう 〜たろう) needs one of the signs above; anything else on a word
boundary (「はるが来たね」 about spring) is listed for the GM as not counted (``other``):
the GM's 声援@ directive decides where the chat is ambiguous.

Sudachi (sudachipy + sudachidict-core) is loaded only when a line holds a player's
name and its answer for that line is not remembered yet: the word boundaries of each such
line and the everyday-word answers are kept in the user's private cache folder
(``sudachi-*.json``, keyed on the installed dictionary and SudachiPy), so that a re-run
of the same logs does not load the dictionary (50 ms and most of a run's memory).
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from ...normalize import fold_kana, name_key, nfkc

HONORIFICS = ("さん", "さーん", "くん", "君", "ちゃん", "ちゃま", "さま", "様", "氏", "殿", "たん",
              "っち", "先輩", "せんぱい", "先生", "せんせい", "sama", "san", "kun", "chan")
#: words that make a name a call when they follow (or end the line before) it
CHEERS = ("がんばれ", "頑張れ", "がんばって", "頑張って", "がんば", "ふぁいと", "いけ", "行け",
          "さいこう", "最高", "ないす", "nice", "gj", "ぐっじょぶ", "すごい", "凄い", "すげ",
          "えらい", "偉い", "天才", "神", "かっこいい", "かっこよ", "格好いい", "かわいい",
          "可愛い", "すき", "好き", "推し", "おうえん", "応援", "まけるな", "負けるな",
          "たのむ", "頼む", "しんじて", "信じて", "ありがとう", "おつかれ", "お疲れ")
#: characters that call out a name when they follow it directly
CALL_MARKS = "!?~〜ー－-っッ♪☆★♡♥❤✨"
RANK = {"honorific": 0, "alone": 1, "call": 2, "word": 3, "other": 4}
#: how the GM ledger says why a name was (not) counted
WHY_JA = {"honorific": "敬称つき", "alone": "名前だけ", "call": "呼びかけ", "word": "名前として",
          "other": "ふつうの言葉とも読めるため数えず。声援@で判断してください"}


@dataclass(frozen=True)
class Hit:
    player: str
    found: str  # the letters of the line that matched (as written)
    why: str  # honorific / alone / call / word (counted) or other (listed, not counted)

    @property
    def counted(self) -> bool:
        return self.why != "other"

    def describe(self) -> str:
        """はなこ（敬称つき）, はなこ（呼びかけ：「花子」）: one hit, for the GM ledger."""
        spelled = f"：「{self.found}」" if self.found != self.player else ""
        return f"{self.player}（{WHY_JA[self.why]}{spelled}）"


@cache
def _tokenizer() -> tuple[Any, Any, Any]:
    """Sudachi's core dictionary (mode A tokenizer, mode, dictionary), loaded on first
    use only (~0.2 s)."""
    from sudachipy import Dictionary, SplitMode

    d = Dictionary(dict="core")
    make = getattr(d, "tokenizer", None) or d.create
    return make(mode=SplitMode.A), SplitMode.A, d


class _Memo:
    """Sudachi's answers remembered across runs: a line's word boundaries, a spelling's
    everyday-word answer.  A JSON file in the private cache folder with the digest of its
    content beside it, read only when it matches (``fsio.read_cached``: a damaged file
    would change a cheers tally, so it is answered anew), named after the dictionary's
    and SudachiPy's installed files (size and mtime), so that another dictionary never
    answers; written once, when the process finishes."""

    VERSION = 1
    MAX_LINES = 20_000  # lines remembered (the oldest dropped first)
    MAX_TEXT = 1_000  # characters: a longer line is not remembered

    def __init__(self) -> None:
        self.loaded = False
        self.path: Any = None
        self.bounds: dict[str, list[int]] = {}
        self.everyday: dict[str, bool] = {}
        self.dirty = False

    def load(self) -> None:
        if self.loaded:
            return
        self.loaded = True
        try:
            self.path = _memo_path()
        except Exception:  # no cache folder, no dictionary files: nothing remembered
            self.path = None
        if self.path is None:
            return
        import json

        from ...fsio import read_cached

        blob = read_cached(self.path)  # None: missing, or not what was written
        if blob is None:
            return
        try:
            data = json.loads(blob)
            if data.get("version") != self.VERSION:
                return
            bounds, every = data["bounds"], data["everyday"]
            if isinstance(bounds, dict) and isinstance(every, dict):
                self.bounds = {k: v for k, v in bounds.items()
                               if isinstance(v, list) and all(type(i) is int for i in v)}
                self.everyday = {k: v for k, v in every.items() if type(v) is bool}
        except Exception:  # a damaged file is rebuilt, never an error
            self.bounds, self.everyday = {}, {}

    def save(self) -> None:
        if not self.dirty or self.path is None:
            return
        self.dirty = False
        import json

        from ...fsio import write_cached

        bounds = self.bounds
        if len(bounds) > self.MAX_LINES:
            bounds = dict(list(bounds.items())[-self.MAX_LINES:])
        blob = json.dumps({"version": self.VERSION, "bounds": bounds,
                           "everyday": self.everyday}, ensure_ascii=False,
                          separators=(",", ":"))
        write_cached(self.path, blob)


def _memo_path() -> Any:
    """``sudachi-<stamp>.json`` in the private cache folder, the stamp naming the
    installed dictionary and SudachiPy by their files' sizes and mtimes (found without
    importing either); None when there is no private cache folder."""
    import hashlib
    from importlib.util import find_spec
    from pathlib import Path

    from ...fsio import cache_dir

    marks = []
    for module, files in (("sudachidict_core", ("resources/system.dic",)),
                          ("sudachipy", ("sudachipy.abi3.so", "__init__.py"))):
        spec = find_spec(module)
        if spec is None or not spec.submodule_search_locations:
            return None
        root = Path(next(iter(spec.submodule_search_locations)))
        for name in files:
            try:
                st = os.stat(root / name)
            except OSError:
                continue
            marks.append(f"{module}/{name}:{st.st_size}:{st.st_mtime_ns}")
    if not any(m.startswith("sudachidict_core/") for m in marks):
        return None
    folder = cache_dir()
    if folder is None:
        return None
    stamp = hashlib.sha256("\n".join(marks).encode()).hexdigest()[:16]
    return folder / f"sudachi-{stamp}.json"


_MEMO = _Memo()


def save_memo() -> None:
    """Write what Sudachi answered this run (called once, as the process finishes)."""
    _MEMO.save()


def _remember() -> _Memo:
    memo = _MEMO
    if not memo.loaded:
        memo.load()
        from ...finish import at_finish

        at_finish(save_memo)
    return memo


def everyday(spelling: str) -> bool:
    """Is ``spelling`` also an everyday word: does the dictionary hold it as anything but
    a proper noun (はる: 春, 張る; なお: 猶; さくら: 桜)?  Checked as written and in hiragana."""
    memo = _remember()
    hit = memo.everyday.get(spelling)
    if hit is None:
        hit = memo.everyday[spelling] = _everyday(spelling)
        memo.dirty = True
    return hit


@lru_cache(maxsize=1024)
def _everyday(spelling: str) -> bool:
    d = _tokenizer()[2]
    lookup = getattr(d, "lookup", None)
    if lookup is None:  # an older SudachiPy: every name needs a sign
        return True
    for form in dict.fromkeys((nfkc(spelling), fold_kana(nfkc(spelling)))):
        for m in lookup(form):
            pos = m.part_of_speech()
            if not (pos[0] == "名詞" and pos[1] == "固有名詞"):
                return True
    return False


@lru_cache(maxsize=4096)
def boundaries(text: str) -> frozenset[int]:
    """Character offsets of ``text`` where a mode-A morpheme starts or ends."""
    memo = _remember()
    known = memo.bounds.get(text)
    if known is not None:
        return frozenset(known)
    out = _boundaries(text)
    if len(text) <= memo.MAX_TEXT and len(memo.bounds) < 2 * memo.MAX_LINES:  # a desk runs long
        memo.bounds[text] = sorted(out)
        memo.dirty = True
    return out


def _boundaries(text: str) -> frozenset[int]:
    tok, mode, _d = _tokenizer()
    out = {0, len(text)}
    for m in tok.tokenize(text[:4000], mode):
        out.add(m.begin())
        out.add(m.end())
    return frozenset(out)


def _key(text: str) -> str:
    """Case and kana folded, one character for one character (offsets are kept)."""
    return fold_kana("".join(c.casefold() if len(c.casefold()) == 1 else c for c in text))


def _is_filler(ch: str) -> bool:
    """Punctuation, symbols, spaces, emoji and laughter: what a name 'alone' may carry."""
    return ch.isspace() or unicodedata.category(ch)[0] in "PSZC" or ch in "wｗ草笑"


def _starts_with_any(text: str, words: Iterable[str]) -> str:
    return next((w for w in words if text.startswith(w)), "")


def _ends_with_any(text: str, words: Iterable[str]) -> bool:
    return any(text.endswith(w) for w in words)


@lru_cache(maxsize=4096)
def _spelling_key(spelling: str) -> str:
    """``name_key`` of a player's spelling, once a spelling (they are the roster's few
    names, asked again on every line of the chat)."""
    return name_key(spelling)


def find_mentions(text: str, names: Mapping[str, Sequence[str]]) -> list[Hit]:
    """Every player whose name (or alias) stands as a word in ``text``: one Hit a player,
    the best reason first (a counted one if any)."""
    raw = nfkc(text)
    key = _key(raw)
    spots: list[tuple[int, int, str, str]] = []  # start, end, player, spelling
    for player, spellings in names.items():
        for spelling in spellings:
            k = _spelling_key(spelling)
            if not k:
                continue
            at = key.find(k)
            while at >= 0:
                spots.append((at, at + len(k), player, spelling))
                at = key.find(k, at + 1)
    if not spots:
        return []
    bounds = boundaries(raw)
    words: list[tuple[int, int, str, str]] = []
    for start, end, player, spelling in spots:
        if start not in bounds:
            continue
        honorific = _starts_with_any(key[end:], HONORIFICS)
        if end in bounds or honorific:
            words.append((start, end, player, spelling))
    words.sort()
    # "alone": the line without its names, honorifics and filler is empty
    rest = list(key)
    for start, end, _p, _s in words:
        for i in range(start, end):
            rest[i] = " "
        hon = _starts_with_any(key[end:], HONORIFICS)
        for i in range(end, end + len(hon)):
            rest[i] = " "
    alone = all(_is_filler(c) for c in rest)
    best: dict[str, Hit] = {}
    for start, end, player, spelling in words:
        after = key[end:]
        before = key[:start]
        if _starts_with_any(after, HONORIFICS):
            why = "honorific"
        elif alone:
            why = "alone"
        elif _is_call(before, after):
            why = "call"
        elif not everyday(spelling):
            why = "word"
        else:
            why = "other"
        hit = Hit(player, raw[start:end], why)
        if player not in best or RANK[why] < RANK[best[player].why]:
            best[player] = hit
    return sorted(best.values(), key=lambda h: (RANK[h.why], h.player))


def _is_call(before: str, after: str) -> bool:
    if before.endswith("@"):
        return True
    head = before.rstrip()
    clause_start = not head or _is_filler(head[-1])
    tail = after.lstrip()
    if clause_start:
        if tail[:1] and tail[0] in CALL_MARKS:
            return True
        if _starts_with_any(tail.lstrip("、,").lstrip(), CHEERS):
            return True
    line_end = not tail or all(_is_filler(c) for c in tail)
    return line_end and _ends_with_any(head.rstrip("、,").rstrip(), CHEERS)
