"""Every fixture game under tests/fixtures/ compared exactly with its expected outputs, and
every registered variant has at least one (OpenSpiel's playthrough test: a new game is
not done until it has a whole game here).

Regenerate on purpose (after an intended change) with::

    UPDATE_EXPECTED=1 .venv/bin/python -m pytest tests/test_golden.py

then read the diff of ``tests/fixtures/*/expected`` before committing it.  A fixture's
``expected/`` is the whole ``out/`` tree that ``resolve`` writes, or, where it holds
``<phase>.post.txt`` files (the Trap Word games), the compact layout: ``game.json`` and
each phase's post and ledger.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from adjudicator.games import REGISTRY
from tests.support import UPDATE, assert_fixture_game, fixture_games, fixture_variant

GAMES = fixture_games()

#: registered variants allowed to have no fixture game yet: keep it empty
_MISSING_GAMES: frozenset[str] = frozenset()


@pytest.mark.parametrize("root", GAMES, ids=[p.name for p in GAMES])
def test_fixture_game(root: Path, tmp_path: Path) -> None:
    assert UPDATE or (root / "expected" / "game.json").is_file(), (
        f"{root.name}: no expected outputs (UPDATE_EXPECTED=1 writes them; read them)")
    assert_fixture_game(root, tmp_path)


def test_every_registered_variant_has_a_fixture_game() -> None:
    have = {fixture_variant(p) for p in GAMES}
    assert set(REGISTRY) - have - _MISSING_GAMES == set(), "a variant with no whole game"
    assert _MISSING_GAMES & have == set(), "a variant in _MISSING_GAMES has a fixture now"
    assert have <= set(REGISTRY), "a fixture game of a variant that is not registered"


def test_fixture_names_start_with_their_variant() -> None:
    for root in GAMES:
        variant = fixture_variant(root)
        assert root.name.startswith(variant.split("-")[0]), (root.name, variant)


def test_update_expected_writes_a_new_fixtures_goldens(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A new fixture game has no expected/ yet: UPDATE_EXPECTED=1 writes it (the whole
    out/ tree, the layout of a new fixture), instead of failing for the golden it is
    asked to write; the next run compares with what it wrote."""
    import shutil

    import tests.support as support

    src = min(GAMES, key=lambda p: sum(1 for _ in (p / "logs").iterdir()))
    root = tmp_path / src.name
    shutil.copytree(src, root, ignore=shutil.ignore_patterns("expected"))
    monkeypatch.setattr(support, "UPDATE", True)
    monkeypatch.setattr(sys.modules[__name__], "UPDATE", True)
    (tmp_path / "a").mkdir()
    test_fixture_game(root, tmp_path / "a")
    assert (root / "expected" / "game.json").is_file()
    monkeypatch.setattr(support, "UPDATE", False)
    monkeypatch.setattr(sys.modules[__name__], "UPDATE", False)
    (tmp_path / "b").mkdir()
    test_fixture_game(root, tmp_path / "b")  # the written goldens are what it compares with
