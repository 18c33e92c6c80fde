"""途中集計 (adjudicator status) in 源平村: who owes what (the shared checks are
tests/gm/test_status.py)."""

from __future__ import annotations

from pathlib import Path

from adjudicator.engine import resolve_game
from adjudicator.status import phase_status
from tests.support import sample_copy as sample


def test_genpei_the_general_holding_the_right(tmp_path: Path) -> None:
    root = sample(tmp_path, "genpei")
    game = resolve_game(root)
    state = game.states[2]  # after day2: night2 starts from it
    general = next(n for n, p in state.players.items()
                   if p.faction == state.assassin and p.role == "general")
    st = phase_status(root, "night2", b"", game=game)
    assert st.groups[0].waiting == (general,)
    scouts = sorted(n for n, p in state.players.items() if p.role == "strategist" and p.alive)
    assert sorted(st.groups[1].waiting) == scouts
    assert not any(n in st.post for n in state.players)
