"""秘密結社村: the 原文 of its rules (the shared checks are tests/japanese/test_rulebook_ja.py
and tests/rules/test_seedquotes.py)."""

from __future__ import annotations

from adjudicator import seedquotes as SQ


def test_secret_society_quotes_no_kawarimi_sentence_for_the_vote() -> None:
    """Review 3, X2: the 秘密結社 seed has no sentence on the vote; its only line with
    投票時間 and 処刑 is the 変わり身の術 (「この投票時間の結果で処刑されても死にません。」),
    which must not stand as the vote's 原文: the vote is the standard rule."""
    q = SQ.seed_quote("ww.vote", "secret-society")
    assert q is not None and not q.quote and q.standard
    text = SQ.rule_text("ww.vote", type("G", (), {"variant": type("V", (), {
        "name": "secret-society", "options": {}})()})())
    assert text is not None and text.lines()[0] == "原文：記載なし（一般的な人狼のルールに従います）"
    kawarimi = SQ.seed_quote("ss.ninja.kawarimi", "secret-society")
    assert kawarimi is not None and "この投票時間の結果で処刑されても死にません。" in kawarimi.quote
