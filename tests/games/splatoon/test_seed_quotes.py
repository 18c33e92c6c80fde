"""Splatoon！！村: the 原文 of its rules (the shared checks are tests/japanese/test_rulebook_ja.py
and tests/rules/test_seedquotes.py)."""

from __future__ import annotations

from adjudicator import seedquotes as SQ


def test_splatoons_vote_quote_runs_to_the_end_of_its_sentence() -> None:
    """Review 3, X2: not 「…一番イカしてないイカが」 cut mid-sentence."""
    q = SQ.seed_quote("ww.vote", "splatoon")
    assert q is not None and q.quote[-1].endswith("。")
