"""What the module-level patterns read, on the paths that use them: a line reference
in words, a line quoted, a phase's order, a card's name, an invisible character in a
name, the GM's deadline word."""

from __future__ import annotations

from adjudicator import gm_words, replacement, sentences, wording
from adjudicator.config import load as config


def test_the_paths_that_use_them() -> None:
    assert wording.paths_in("see logs/day2-chat.txt:4") == "see 2日目の観戦チャット 4行目"
    assert wording.line_quote("logs/night1.txt:12", "22:03:10", "うみ", "予想@3万") == (
        "1日目夜のログ 12行目（22:03 うみ「予想@3万」）")
    assert replacement.phase_key("night3") == (3, 1) and replacement.phase_key("x") == (10**9, 0)
    assert sentences.card("Card(name='鬼', id=3)") == "鬼"
    assert config._invisible("た\u200bろう") == "U+200B" and config._invisible("たろう") is None
    assert gm_words.is_deadline("【締め切り】") and not gm_words.is_deadline("締め切りは21時")
