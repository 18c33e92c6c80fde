"""explain's desk mode (``desk=True``): the page's Japanese made at the source, no
post-processing.  A player's answer is the command line's word for word; the GM's page
drops the ids the command line's GM view cites (［ww.vote］, ［logs/day1.txt:3］)."""

from __future__ import annotations

import re

import pytest

from adjudicator.engine import resolve_game
from adjudicator.explain import explain_text
from adjudicator.explain_ja import explain_line
from adjudicator.views import View, player_names
from tests.support import FIXTURES
from tests.support.japanese_share import fixture_games, program_words

GAMES = fixture_games()
CITED = re.compile(r"［[A-Za-z0-9_.:/\\-]+］")


@pytest.mark.parametrize("root", GAMES, ids=lambda p: p.name)
def test_the_gm_page_cites_no_id_and_the_command_line_does(root) -> None:  # type: ignore[no-untyped-def]
    game = resolve_game(root)
    cli = explain_text(game, view=View.gm())
    page = explain_text(game, view=View.gm(), desk=True)
    assert CITED.search(cli), "the command line's GM view cites ids"
    assert not CITED.search(page)
    assert "--as" not in page and "プレイヤーを選んで表示します" in page.splitlines()[0]
    # the same answer otherwise: the page is the command line's without the citations
    assert CITED.sub("", cli).replace("本人の視点：--as 名前", "本人の視点は、プレイヤーを選んで表示します") == page
    for ph in game.phases:
        for r in ph.lines[:5]:
            assert not CITED.search(explain_line(game, r.ref, View.gm(), desk=True))


def test_a_line_is_named_as_a_person_would() -> None:
    game = resolve_game(FIXTURES / "derby12")
    name = player_names(game)[0]
    rec = next(r for ph in game.phases for r in ph.lines
               if r.speaker == name and r.disposition != "chatter")
    page = explain_line(game, rec.ref, View.of(name), desk=True)
    assert page == explain_line(game, rec.ref, View.of(name))
    head = page.splitlines()[1]
    assert re.fullmatch(r"=== \d+日目(昼|夜)のログ \d+行目の発言 ===", head), head
    assert "（" in page.splitlines()[2] and f"{rec.speaker}「" in page.splitlines()[2]
    assert program_words(page.replace(rec.text, "")) == []
