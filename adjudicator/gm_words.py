"""The GM's words the reader needs: the deadline (締め切り, however spelled), and the
directive words of a variant's grammar (活躍, 声援, 代理…) with the nearest one to a
mistyped word."""

from __future__ import annotations

import difflib
import re
from functools import cache

from .normalize import nfkc
from .parser import build_parser, command_words

_KATAKANA = {c: c - 0x60 for c in range(0x30A1, 0x30F7)}
_DECOR = r"\s\-=ー─━~〜_・:：*＊#＃!！?？。.、,【】\[\]()（）「」『』〔〕<>＜＞≪≫《》★☆■□◆◇●○◎※♪"
#: the GM's deadline, however spelled (NFKC, katakana read as hiragana): 締め切り, 締切,
#: 締めきり, しめきり, シメキリ, 〆切, 【締め切り】, 投票締め切り, 締め切りです…
DEADLINE_RE = re.compile(
    f"[{_DECOR}]*(?:(?:本日の|今日の|今夜の)?(?:投票|発言|行動|夜行動|アクション|提出)"
    r"(?:は|の)?)?\s*"
    "(?:締め切り|締めきり|締切り|締切|しめ切り|しめきり|〆切り|〆切|〆|deadline|time ?up)"
    f"(?:です|ました|ます|とします|になります|だよ|です。)?[{_DECOR}]*"
    # a tail after a separator, as long as it does not name a time (an announcement of a
    # deadline to come, 締め切りは21時, is no deadline)
    f"(?:(?<=[{_DECOR}])[^0-9]*)?", re.IGNORECASE)

#: the GM's line that opens the vote (秘密結社村, ss.p.vote_time): 投票時間, 【投票時間です】,
#: 投票時間になりました, 投票時間です。入会希望の方はどうぞ; not 投票時間は21時からです (NFKC)
VOTE_TIME_RE = re.compile(
    r"[\s【「『\[(（<＜〈《≪\-=ー─━~〜*＊#＃!！・]*投票時間"
    r"(?:です|でーす|になりました|となりました|となります|に入ります|に入りました|を開始します|開始|スタート)?"
    r"(?:$|[\s】」』\])）>＞〉》≫!！?？。、.,〜~ー\-=─━♪☆★])")

#: an alternative of a terminal's regular expression that is a plain word
_PLAIN_WORD = re.compile(r"[^\\()\[\]*+?.^$]+")


def is_deadline(text: str) -> bool:
    """True when a GM line says the phase's time is up (see ``DEADLINE_RE``)."""
    if len(text) > 200:
        return False
    return DEADLINE_RE.fullmatch(nfkc(text).translate(_KATAKANA).strip()) is not None


def is_vote_time(text: str) -> bool:
    """True when a GM line opens the vote (see ``VOTE_TIME_RE``); only a village whose
    grammar has the directive word 投票時間 (``has_vote_time``) reads it so."""
    return VOTE_TIME_RE.match(nfkc(text)) is not None


def has_vote_time(variant: str) -> bool:
    """Whether the GM's 投票時間 is a directive of ``variant`` (its grammar's word)."""
    from .actions import VOTE_TIME_WORD

    return VOTE_TIME_WORD in directive_words(variant)


@cache
def directive_words(variant: str) -> tuple[str, ...]:
    """The command words of the variant's GM directives (活躍, 声援, 代理, 秘密, 開始…),
    read from its grammar: the literals of every rule under ``gm_directive``."""
    parser = build_parser(variant)
    heads = {r.expansion[0].name for r in parser.rules if r.origin.name == "gm_directive"
             and r.expansion}
    names: set[str] = set()
    for r in parser.rules:
        if r.origin.name in heads:
            names.update(sym.name for sym in r.expansion if sym.is_term)
    words: set[str] = set()
    skip = {"NAME", "WORD", "FREE", "TAIL", "SEP", "INT", "AMOUNT", "DEADLINE", "KABU",
            "NEW_HOLDER"}
    for term in parser.terminals:
        if term.name in names and term.name not in skip and not term.name.startswith("_"):
            pat = term.pattern
            if pat.type == "str" and pat.value != "@":
                words.add(pat.value)
            elif pat.type == "re":
                body = pat.value.removeprefix("(?:").removesuffix(")")
                words.update(a for a in body.split("|")
                             if a and _PLAIN_WORD.fullmatch(a))
    return tuple(sorted(words, key=lambda w: (-len(w), w)))


def closest_directive(word: str, variant: str) -> str:
    """The GM directive (or command) word nearest to ``word``, for a warning."""
    pool = list(directive_words(variant)) or list(command_words(variant))
    pool += [w for w in command_words(variant) if w not in pool]
    best = difflib.get_close_matches(word, pool, n=1, cutoff=0.0)
    if best and difflib.SequenceMatcher(None, word, best[0]).ratio() > 0:
        return best[0]
    return pool[0] if pool else "締め切り"
