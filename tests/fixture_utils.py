"""Shared test helpers: fixture games and their expected outputs."""

from __future__ import annotations

import os
from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures"
UPDATE = os.environ.get("UPDATE_EXPECTED") == "1"


def read_tree(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def assert_fixture_game(root: Path, tmp: Path) -> None:
    """Resolve a fixture game and compare every output file with ``expected/`` exactly
    (with UPDATE_EXPECTED=1, write them instead: read the diff before committing)."""
    import shutil

    from adjudicator.cli import write_outputs
    from adjudicator.engine import resolve_game
    from adjudicator.export import export_game

    game = resolve_game(root)
    out = write_outputs(game, export_game(game), tmp / "out")
    expected = root / "expected"
    if UPDATE:
        if expected.exists():
            shutil.rmtree(expected)
        shutil.copytree(out, expected)
    got, want = read_tree(out), read_tree(expected)
    assert sorted(got) == sorted(want), "the set of output files changed"
    for rel in want:
        assert got[rel] == want[rel], f"{root.name}/expected/{rel} differs"
