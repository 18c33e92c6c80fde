"""``adjudicator explain``: chat line -> reading -> events -> rule sentence -> draws."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.cli.main import main
from adjudicator.engine import resolve_game
from adjudicator.errors import UsageError
from adjudicator.explain import explain_text
from adjudicator.views import View, player_names
from tests.support import FIXTURES, SAMPLE, UPDATE, all_games, game_ids

GM = View.gm()


@pytest.fixture(scope="module")
def sample():  # type: ignore[no-untyped-def]
    return resolve_game(SAMPLE)


def test_a_rejected_line_shows_reason_code_rule_and_quote(sample) -> None:  # type: ignore[no-untyped-def]
    text = explain_text(sample, player="はなこ", phase="night1", view=GM, lang="en")
    assert text.startswith("【GM専用】") and text.splitlines()[1] == "=== night1 ==="
    assert "logs/night1.txt:12 はなこ「3株」" in text
    assert "REJECTED — 3株は30万ドルで、所持金（10万ドル）を超えます (buy_above_cash)" in text
    assert "[ds.stock.buy] rejected はなこ" in text
    assert "rule: ds.stock.buy「" in text
    # the superseded inquiry points at the line that replaced it
    assert "superseded as 購入@たろうの株（株価の問い合わせ）" in text
    # events the phase itself caused (the stock move) with the sub-rules quoted
    assert "stock_level → はなこ" in text and "rule: ds.stock.move.cheer「" in text


def test_draws_involving_the_player_are_listed(sample) -> None:  # type: ignore[no-untyped-def]
    text = explain_text(sample, player="さくら", phase="night2", view=GM, lang="en")
    assert "random draws:" in text and "drew さくら among [" in text


def test_aliases_and_honorifics_name_the_player(sample) -> None:  # type: ignore[no-untyped-def]
    assert explain_text(sample, player="花子さん") == explain_text(sample, player="はなこ")
    assert explain_text(sample, view=View.of("花子さん")) == explain_text(sample, player="はなこ")


def test_unknown_player_or_phase_is_usage_error(sample, capsys) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(UsageError, match="no player 'ぬし'"):
        explain_text(sample, player="ぬし")
    with pytest.raises(UsageError, match="phases: day1, night1"):
        explain_text(sample, phase="night9")
    assert main(["explain", str(SAMPLE), "--player", "ぬし"]) == 2
    assert "「ぬし」という参加者はいません" in capsys.readouterr().err


@pytest.mark.parametrize("root", all_games(), ids=game_ids())
def test_every_game_explains_every_event(root) -> None:  # type: ignore[no-untyped-def]
    game = resolve_game(root)
    text = explain_text(game, lang="en")
    for ph in game.phases:
        assert f"=== {ph.id} ===" in text or not (ph.events or any(
            r.disposition != "chatter" for r in ph.lines))
    n_events = sum(1 for ph in game.phases for e in ph.events if e.kind != "draw")
    assert text.count("] ") >= n_events


# ------------------------------------------------------------------ views
GOLDEN = FIXTURES / "explain"


def _golden_cases() -> list[tuple[str, Path]]:
    """One game per variant: the first fixture game of that variant (by folder name)."""
    first: dict[str, Path] = {}
    for root in all_games()[1:]:
        variant = resolve_variant(root)
        first.setdefault(variant, root)
    return sorted(first.items())


def resolve_variant(root: Path) -> str:
    import tomllib

    return str(tomllib.loads((root / "game.toml").read_text(encoding="utf-8"))["variant"])


@pytest.mark.parametrize(("variant", "root"), _golden_cases(),
                         ids=[v for v, _r in _golden_cases()])
def test_one_players_view_per_variant_is_golden(variant: str, root: Path) -> None:
    """The player with the most commands in the variant's first fixture game, in their
    own view, compared exactly with tests/fixtures/explain/<variant>.txt."""
    game = resolve_game(root)
    names = player_names(game)
    said = {n: sum(1 for ph in game.phases for r in ph.lines
                   if r.speaker == n and r.disposition != "chatter") for n in names}
    player = max(names, key=lambda n: said[n])  # the first of the most talkative
    text = f"# {root.name}: explain --as {player}\n" + explain_text(
        game, view=View.of(player)) + "\n"
    path = GOLDEN / f"{variant}.txt"
    if UPDATE:
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), (f"no golden explain for {variant}: run UPDATE_EXPECTED=1 "
                           f"pytest tests/explain/test_explain.py and read {path} before committing")
    assert text == path.read_text(encoding="utf-8"), (
        f"{path.name} differs: if the change is intended, UPDATE_EXPECTED=1 pytest "
        "tests/explain/test_explain.py and read the diff")
    assert text.splitlines()[1] == f"【{player}さんの視点】本人の発言とその扱い、本人への通知、公開投稿だけを載せています"


def test_cli_views(capsys) -> None:  # type: ignore[no-untyped-def]
    g = str(SAMPLE)
    assert main(["explain", g, "--player", "はなこ", "--phase", "night1"]) == 0
    mine = capsys.readouterr().out
    assert mine.startswith("【はなこさんの視点】") and "護衛@はなこ" not in mine
    assert main(["explain", g, "--as", "花子さん", "--phase", "night1"]) == 0
    assert capsys.readouterr().out == mine
    assert main(["explain", g, "--player", "はなこ", "--phase", "night1", "--gm"]) == 0
    gm = capsys.readouterr().out
    assert gm.startswith("【GM専用】") and "さくら「護衛@はなこ」" in gm
    assert main(["explain", g, "--phase", "night1"]) == 0
    assert capsys.readouterr().out.startswith("【GM専用】")
    assert main(["explain", g, "--as", "はなこ", "--gm"]) == 2
    assert "は一緒に使えません" in capsys.readouterr().err
    assert main(["explain", g, "--as", "はなこ", "--player", "さくら"]) == 2
    assert "さくらさんの説明はできません" in capsys.readouterr().err


def test_a_team_is_not_a_player_view() -> None:
    root = next(r for r in all_games() if r.name == "trapword-win")
    game = resolve_game(root)
    with pytest.raises(UsageError, match="is a team, not a player"):
        explain_text(game, view=View.of("赤"))
    assert explain_text(game, player="赤", view=GM).startswith("【GM専用】")
