"""途中集計 (adjudicator status) in トラップワード: who owes what (the shared checks are
tests/gm/test_status.py)."""

from __future__ import annotations

from pathlib import Path

from adjudicator.config.load import load_config
from adjudicator.status import phase_status
from tests.support import sample_copy as sample


def test_trapword_names_the_teams_short_of_traps(tmp_path: Path) -> None:
    root = sample(tmp_path, "trapword")
    st = phase_status(root, "round1", b"")
    teams = [t.name for t in load_config(root / "game.toml").teams]
    assert st.waiting == teams
    assert st.post.startswith("トラップワード未設定：")
    assert all(f"{t}チーム" in st.post for t in teams)
    st = phase_status(root, "round1")  # the whole stored round: traps and hints given
    traps = next(g for g in st.groups if g.label == "トラップワード")
    assert traps.waiting == ()
