"""The reader's shortcut for chatter (``adjudicator.quiet``) answers as the general path.

``command_hint`` and the reader's loop first ask whether a line holds one of the '@'
signs and whether its first character can open a command once normalized; only then is
the line normalized.  These tests hold that shortcut equal to the hint without it, on
every code point for the '@' signs and on texts made to hit the corners of NFKC
(compositions, compatibility forms, marks, spaces) for the first character.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator import parser
from adjudicator.engine import resolve_game
from adjudicator.games import REGISTRY
from adjudicator.parser import (
    _COUNT_RE,
    _command_regexes,
    _hint_firsts,
    command_hint,
    quiet_heads,
)
from adjudicator.quiet import AT_SIGNS
from tests.support.derby_stock import derby16_night1

VARIANTS = sorted(REGISTRY)


def slow_hint(text: str, variant: str) -> bool:
    """The hint as it was before the shortcut: normalize, then look."""
    _before_at, opening = _command_regexes(variant)
    norm = unicodedata.normalize("NFKC", text)
    s = norm.lstrip()
    return "@" in norm or (bool(s) and s[0] in _hint_firsts(variant) and re.match(
        f"(?:{opening.pattern})|{_COUNT_RE.pattern}", s) is not None)


def quiet(text: str, variant: str) -> bool:
    """The shortcut as the reader writes it out."""
    heads = quiet_heads(variant)
    return all(a not in text for a in AT_SIGNS) and heads[text[:1]]


def test_the_at_signs_are_every_character_whose_nfkc_holds_an_at() -> None:
    found = {chr(c) for c in range(sys.maxunicode + 1) if not 0xD800 <= c < 0xE000
             and "@" in unicodedata.normalize("NFKC", chr(c))}
    assert found == set(AT_SIGNS)


def _corner_chars() -> list[str]:
    """First characters of command words, their decompositions and compatibility forms,
    digits in every width, kana that compose, combining marks, spaces."""
    chars = set("0123456789０１２３４５６７８９①²⁵ 　\t\u00a0\u2000\u2028")
    chars |= set("かがカガｶﾞ゛゙゚\u3099\u309a\u0301\u0308\u0323ﾟ¨´ÅÅ")
    chars |= set("가\u1100\u1161\u11a8ᄀ힣")
    for v in VARIANTS:
        for f in _hint_firsts(v):
            chars.add(f)
            chars |= set(unicodedata.normalize("NFD", f))
            chars |= set(unicodedata.normalize("NFKD", f))
    chars |= {chr(c) for c in range(0xFF01, 0xFF5F, 7)}  # fullwidth forms
    chars |= {chr(c) for c in range(0xFF61, 0xFF9F, 3)}  # halfwidth katakana
    return sorted(chars)


CORNERS = _corner_chars()
WORDS = sorted({w for v in VARIANTS for w in parser.command_words(v)})
texts = st.lists(st.sampled_from(CORNERS) | st.characters(blacklist_categories=("Cs",)),
                 max_size=6).map("".join)
texts = texts | st.tuples(texts, st.sampled_from(WORDS), texts).map("".join)


@settings(max_examples=1500, deadline=None)
@given(text=texts, variant=st.sampled_from(VARIANTS))
def test_the_shortcut_never_hides_a_command(text: str, variant: str) -> None:
    if quiet(text, variant):
        assert not slow_hint(text, variant)
    assert command_hint(variant)(text) == slow_hint(text, variant)


@pytest.mark.parametrize("text", ["が", "ｶﾞ", "か\u3099", "３", "　投票@a", "占い結果待ち",
                                  "\u0301x", "¨x", "３万くらい", "３株", "３ 株", "３　", "①日",
                                  "3\u0301", "33", "⒈5", "３万@", "㏠"])
def test_corners_are_left_to_the_general_path(text: str) -> None:
    assert command_hint("derby-stock")(text) == slow_hint(text, "derby-stock")


class _Loud(dict[str, bool]):
    """quiet_heads that never vouches for a character: every line takes the hint."""

    def __missing__(self, ch: str) -> bool:
        return False


SPEAKERS = ["たろう", "はなこ", "じろう", "GM", "ＧＭ", "GM2", "だれか", ""]


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(st.tuples(st.sampled_from(SPEAKERS), texts), min_size=1, max_size=12))
def test_the_reader_reads_as_without_the_shortcut(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lines: list[tuple[str, str]]) -> None:
    log = "".join(f"[21:{i:02d}] {s}: {t}\n" if s else f"[21:{i:02d}] {t}\n"
                  for i, (s, t) in enumerate(lines))
    fast = resolve_game(derby16_night1(tmp_path, log))
    with monkeypatch.context() as m:
        m.setattr("adjudicator.parser.quiet_heads", lambda v: _Loud())
        m.setattr("adjudicator.classify.command_hint",
                  lambda v: (lambda text: slow_hint(text, v)))
        slow = resolve_game(derby16_night1(tmp_path, log))
    for a, b in zip(fast.phases, slow.phases, strict=True):
        assert a.lines == b.lines
        assert a.diagnostics == b.diagnostics
        assert a.ledger == b.ledger and a.private == b.private
