"""Every event kind of every game has its Japanese sentence (issue 15)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.engine import resolve_game
from adjudicator.games import REGISTRY
from adjudicator.sentences import kinds, sentence
from adjudicator.views import View
from tests.support import ROOT, all_games

EMIT = re.compile(r'emit\(\s*"([a-z_]+)"')
SHARED = [ROOT / "adjudicator" / "games" / "werewolf.py", ROOT / "adjudicator" / "engine.py"]


def emitted(variant: str) -> set[str]:
    """Every kind a game's package, the shared village code or the engine can emit."""
    package = ROOT / "adjudicator" / "games" / REGISTRY[variant][0]
    out = {"draw", "rejected", "superseded"}  # Emitter.draw, the engine's rejections
    for path in [*package.glob("*.py"), *SHARED]:
        out |= set(EMIT.findall(path.read_text(encoding="utf-8")))
    return out


@pytest.mark.parametrize("variant", sorted(REGISTRY))
def test_every_emitted_kind_has_a_sentence(variant: str) -> None:
    missing = emitted(variant) - kinds(variant)
    assert not missing, f"{variant}: no sentence template for {sorted(missing)}"


def test_scan_finds_kinds() -> None:
    """The scan is not vacuous: it finds the kinds we know each game emits."""
    assert {"bet_won", "vote", "bite"} <= emitted("derby-stock")
    assert {"hint", "trap_missed", "turn_result"} <= emitted("trapword")
    assert {"gauge", "splash"} <= emitted("splatoon")


GAMES = all_games()


@pytest.mark.parametrize("root", GAMES, ids=[p.name for p in GAMES])
def test_fixture_events_have_japanese_sentences(root: Path) -> None:
    """Every event of every fixture game: its kind has a template, and the sentence is
    Japanese, ends a sentence, and shows no raw field (key=value, ids, Python values)."""
    game = resolve_game(root)
    have = kinds(game.variant.name)
    for ph in game.phases:
        for ev in ph.events:
            assert ev.kind in have, f"{root.name} {ph.id}: no sentence for {ev.kind}"
            text = sentence(game, ev)
            assert re.search(r"[ぁ-んァ-ヶ一-龥]", text), text
            assert text.endswith(("。", "）", "」")), text
            assert not re.search(r"\w=|\{'|None|True|False|[a-z]+_[a-z]+", text), text


def test_player_view_says_anata() -> None:
    game = resolve_game(GAMES[0])
    ev = next(e for ph in game.phases for e in ph.events if e.kind == "bet_placed")
    assert sentence(game, ev, View.of(str(ev.player))).startswith("あなたは")
    assert sentence(game, ev).startswith(f"{ev.player}さんが")


def test_flags_read_as_words() -> None:
    """A flag in an event's data is said in words, never printed as True/False/None."""
    from adjudicator.models import Event

    ev = Event(kind="answer", rule="tw.answer.contains", cause="logs/round1.txt:9",
               audience="gm", player="はなこ", target="赤",
               data={"text": "りんご", "right": "exact", "void": True})
    text = sentence("trapword", ev)
    assert text == ("はなこさん（赤チーム）の回答「りんご」は正解です"
                    "（後のトラップ発動または不正なヒントにより無効になりました）。")
    ev = Event(kind="squid_notice", rule="sp.setup", cause="phase:day1", audience="player",
               to="きら", player="きら", data={"colour": None, "gauge": 0, "weapon": None})
    assert sentence("splatoon", ev) == "きらさんは無色イカです（カラーゲージ0・武器は色がつくとわかります）。"
