"""途中集計 (adjudicator status) in Splatoon！！村: who owes what (the shared checks are
tests/gm/test_status.py)."""

from __future__ import annotations

import re
from pathlib import Path

from adjudicator.config.load import load_config
from adjudicator.status import phase_status
from tests.support import log_lines as lines
from tests.support import sample_copy as sample


def test_splatoon_coloured_squids_owe_their_shot(tmp_path: Path) -> None:
    root = sample(tmp_path, "splatoon")
    cfg = load_config(root / "game.toml")
    owed = [p.name for p in cfg.players if p.colour and p.weapon in ("シューター", "ローラー",
                                                                     "チャージャー")]
    st = phase_status(root, "night1", b"")
    assert st.waiting == owed
    first = lines(root, "night1")
    shooter = next(m.group(1) for line in first
                   if (m := re.match(r"^\[[0-9:]+\] ([^:]+): (シューター|ローラー|チャージャー)@",
                                     line)))
    st = phase_status(root, "night1", "\n".join(first).encode())
    assert shooter in st.done and shooter not in st.waiting
