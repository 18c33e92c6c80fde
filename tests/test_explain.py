"""``adjudicator explain``: chat line -> reading -> events -> rule sentence -> draws."""

from __future__ import annotations

import pytest
from report_games import SAMPLE, all_games, game_ids

from adjudicator.cli import main
from adjudicator.engine import resolve_game
from adjudicator.errors import UsageError
from adjudicator.explain import explain_text


@pytest.fixture(scope="module")
def sample():  # type: ignore[no-untyped-def]
    return resolve_game(SAMPLE)


def test_a_rejected_line_shows_reason_code_rule_and_quote(sample) -> None:  # type: ignore[no-untyped-def]
    text = explain_text(sample, player="はなこ", phase="night1")
    assert text.startswith("=== night1 ===")
    assert "logs/night1.txt:12 はなこ「3株」" in text
    assert "REJECTED — 3株は30万ドルで、所持金（10万ドル）を超えます (buy_above_cash)" in text
    assert "[ds.stock.buy] rejected はなこ" in text
    assert "rule: ds.stock.buy「" in text
    # the superseded inquiry points at the line that replaced it
    assert "superseded as 購入@たろうの株（株価の問い合わせ）" in text
    # events the phase itself caused (the stock move) with the sub-rules quoted
    assert "stock_level → はなこ" in text and "rule: ds.stock.move.cheer「" in text


def test_draws_involving_the_player_are_listed(sample) -> None:  # type: ignore[no-untyped-def]
    text = explain_text(sample, player="さくら", phase="night2")
    assert "random draws:" in text and "drew さくら among [" in text


def test_aliases_and_honorifics_name_the_player(sample) -> None:  # type: ignore[no-untyped-def]
    assert explain_text(sample, player="花子さん") == explain_text(sample, player="はなこ")


def test_unknown_player_or_phase_is_usage_error(sample, capsys) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(UsageError, match="no player 'ぬし'"):
        explain_text(sample, player="ぬし")
    with pytest.raises(UsageError, match="phases: day1, night1"):
        explain_text(sample, phase="night9")
    assert main(["explain", str(SAMPLE), "--player", "ぬし"]) == 2
    assert "no player" in capsys.readouterr().err


@pytest.mark.parametrize("root", all_games(), ids=game_ids())
def test_every_game_explains_every_event(root) -> None:  # type: ignore[no-untyped-def]
    game = resolve_game(root)
    text = explain_text(game)
    for ph in game.phases:
        assert f"=== {ph.id} ===" in text or not (ph.events or any(
            r.disposition != "chatter" for r in ph.lines))
    n_events = sum(1 for ph in game.phases for e in ph.events if e.kind != "draw")
    assert text.count("] ") >= n_events
