"""途中集計 (adjudicator status) in ムジュラの仮面村: who owes what (the shared checks are
tests/gm/test_status.py)."""

from __future__ import annotations

from pathlib import Path

from adjudicator.status import phase_status
from tests.support import sample_copy as sample


def test_majora_waits_for_no_one(tmp_path: Path) -> None:
    root = sample(tmp_path, "majora")
    st = phase_status(root, "day1")
    assert st.waiting == [] and st.post == ""
    assert st.groups and all(g.optional for g in st.groups)
