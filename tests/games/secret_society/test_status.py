"""途中集計 (adjudicator status) in 秘密結社村: who owes what (the shared checks are
tests/gm/test_status.py)."""

from __future__ import annotations

import re
from pathlib import Path

from adjudicator.engine import resolve_game
from adjudicator.status import phase_status
from tests.support import log_lines as lines
from tests.support import sample_copy as sample


def test_secret_society_invited_players_owe_an_answer(tmp_path: Path) -> None:
    root = sample(tmp_path, "secret-society")
    log = lines(root, "night1")
    game = resolve_game(root)
    for k in range(len(log) + 1):
        part = log[:k]
        invited = [m.group(1) for line in part if (m := re.search(r"勧誘@(\S+)", line))]
        answered = {m.group(1) for line in part
                    if (m := re.match(r"^\[[0-9:]+\] ([^:]+): (承諾|拒否)$", line))}
        st = phase_status(root, "night1", "\n".join(part).encode(), game=game)
        assert st.waiting == [n for n in invited if n not in answered], k
        leaders = next(g for g in st.groups if g.label == "リーダーの勧誘")
        assert leaders.optional
        assert not any(n in st.post for n in game.state.players)
