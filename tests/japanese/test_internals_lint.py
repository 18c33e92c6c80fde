"""No program internals in text meant for people (issue 15).

Over every fixture game of every variant: the public posts, the private notices, explain
for the GM and for every player (in Japanese, the default), and the report's visible
text (tags stripped, as a browser shows it) hold no repr, no Python value, no snake_case
id outside rule-id citations, and no English enum value of a game that has Japanese
words for it.  The GM ledger keeps its own (developer) wording and is not checked.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adjudicator.explain import explain_text
from adjudicator.report.html import render_report
from adjudicator.views import View, player_names
from tests.support import all_games, game_ids, resolved
from tests.support.lint import problems, visible_text

GAMES = all_games()


def _said(game: Any) -> list[str]:
    """The players' own words (lines, speakers): not the program's."""
    return [x for ph in game.phases for r in ph.lines for x in (r.text, r.speaker)]


@pytest.mark.parametrize("root", GAMES, ids=game_ids())
def test_posts_and_notices_speak_japanese(root: Path) -> None:
    game = resolved(root)
    said = _said(game)
    for ph in game.phases:
        assert not problems(ph.public_post, game.variant, said), f"{ph.id} post"
        for to, texts in ph.private.items():
            found = problems("\n".join(texts), game.variant, said)
            assert not found, f"{ph.id} notice to {to}: {found[:3]}"


@pytest.mark.parametrize("root", GAMES, ids=game_ids())
def test_explain_speaks_japanese_to_everyone(root: Path) -> None:
    game = resolved(root)
    said = _said(game)
    for view in [View.gm(), *(View.of(n) for n in player_names(game))]:
        found = problems(explain_text(game, view=view), game.variant, said)
        assert not found, f"explain as {view.label()}: {found[:3]}"


@pytest.mark.parametrize("root", GAMES, ids=game_ids())
def test_report_visible_text_speaks_japanese(root: Path) -> None:
    game = resolved(root)
    found = problems(visible_text(render_report(game, View.gm())), game.variant, _said(game))
    assert not found, found[:5]


def test_the_lint_finds_internals() -> None:
    """Each pattern fires on what issue 15 saw on the page."""
    from adjudicator.games import get_variant

    tw, sp = get_variant("trapword"), get_variant("splatoon")
    assert problems("抽選：id='sand_golem' name='砂喰いゴーレム' effects=[Effect(kind='x')]", tw)
    assert problems("verdicts={'word': '先生'}", tw)
    assert problems("vote えいた → あおい by_gm=False", sp)
    assert problems("モンスター sand_golem", tw)
    assert problems("→ sensor among=sensor、supershot", sp)
    assert problems("ポイント orange: 4", sp)
    assert problems("ブキ：None", sp)
    assert not problems("ルール原文（sp.resolve.roller_slow）：オレンジ4点", sp)
