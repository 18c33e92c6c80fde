"""The patterns made lazy for start-up (``lazyre.lazy``, compiled on first use) are
compiled and answer on the paths that use them, as the ``re`` calls they replaced."""

from __future__ import annotations

import re

import pytest

from adjudicator import gm_words, replacement, sentences, views, wording
from adjudicator.config import load as config

LAZY = [config._INVISIBLE, gm_words.DEADLINE_RE, gm_words._PLAIN_WORD, replacement._PHASE,
        replacement._SWAP, replacement._DIRECTIVE, sentences._CARD_NAME, views._LINE_CAUSE,
        wording._REF, wording._PHASE, wording._CHAT, wording._CLOCK, wording._PATH]


@pytest.mark.parametrize("pattern", LAZY, ids=lambda p: repr(p)[:40])
def test_compiles_as_re_does(pattern: re.Pattern[str]) -> None:
    same = re.compile(pattern.pattern, pattern.flags)
    for text in ["", "day3", "night12", "交代@たろう→じろう", "logs/day1.txt:9", "21:05",
                 "day2-chat", "name='鬼'", "締め切りです", "a\u200bb", "abc", "(x)"]:
        for how in ("match", "fullmatch", "search"):
            got, want = getattr(pattern, how)(text), getattr(same, how)(text)
            assert (got and got.groups(), got and got.group()) == (
                want and want.groups(), want and want.group())


def test_the_paths_that_use_them() -> None:
    assert wording.paths_in("see logs/day2-chat.txt:4") == "see 2日目の観戦チャット 4行目"
    assert wording.line_quote("logs/night1.txt:12", "22:03:10", "うみ", "予想@3万") == (
        "1日目夜のログ 12行目（22:03 うみ「予想@3万」）")
    assert replacement.phase_key("night3") == (3, 1) and replacement.phase_key("x") == (10**9, 0)
    assert sentences.card("Card(name='鬼', id=3)") == "鬼"
    assert config._invisible("た\u200bろう") == "U+200B" and config._invisible("たろう") is None
    assert gm_words.is_deadline("【締め切り】") and not gm_words.is_deadline("締め切りは21時")
