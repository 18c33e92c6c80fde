"""Every ruling cites a rule that can be quoted, and every rejected line tells the player
why, in Japanese: checked over every fixture game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.engine import resolve_game
from adjudicator.rulebook import quote
from tests.support import FIXTURES

GAMES = sorted(p for p in FIXTURES.iterdir() if (p / "game.toml").exists())
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.mark.parametrize("root", GAMES, ids=[p.name for p in GAMES])
def test_rulings_cite_quotable_rules_and_rejections_give_reasons(root: Path) -> None:
    game = resolve_game(root)
    for ph in game.phases:
        for ev in ph.events:
            assert ev.rule and quote(ev.rule), (ph.id, ev.kind, ev.rule)
        for rec in ph.lines:
            if rec.disposition == "rejected":
                assert rec.reason and JAPANESE.search(rec.reason), (ph.id, rec)
