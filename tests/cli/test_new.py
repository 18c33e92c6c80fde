"""`adjudicator new` for every variant: a game.toml (and majora's scenario) that names the
game's first phase, and `resolve` on it says where to start."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.cli.main import main
from adjudicator.games import REGISTRY


@pytest.mark.parametrize("variant", sorted(REGISTRY))
def test_new_then_resolve_names_the_first_phase(tmp_path: Path, variant: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "g"
    assert main(["new", str(game), "--variant", variant]) == 0
    first = "round1" if variant == "trapword" else "day1"
    out = capsys.readouterr().out
    assert f"add {game} {first} LOG" in out
    if variant == "majora":
        assert (game / "scenario.toml").is_file()
    main(["resolve", str(game)])
    assert f"add {game} {first} FILE" in capsys.readouterr().out
