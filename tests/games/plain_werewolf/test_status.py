"""途中集計 (adjudicator status) in 普通村: who owes what (the shared checks are
tests/gm/test_status.py)."""

from __future__ import annotations

from pathlib import Path

from adjudicator.engine import resolve_game
from adjudicator.status import phase_status
from tests.support import sample_copy as sample


def test_the_night_waits_for_the_pack_the_seer_and_the_hunter(tmp_path: Path) -> None:
    """Night 1 with nothing written: the living wolves owe one bite as a pack, the seer a
    divination, the hunter a guard; the medium and the villagers owe nothing."""
    root = sample(tmp_path, "plain-werewolf")
    game = resolve_game(root)
    state = game.states[0]  # after day1: night1 starts from it
    alive = {n: p.role for n, p in state.players.items() if p.alive}
    st = phase_status(root, "night1", b"", game=game)
    owed = {g.label: set(g.waiting) for g in st.groups if not g.optional}
    wolves = {n for n, r in alive.items() if r == "wolf"}
    assert wolves and owed == {"人狼（噛み）": wolves,
                    "占い師（占い）": {n for n, r in alive.items() if r == "seer"},
                    "狩人（護衛）": {n for n, r in alive.items() if r == "hunter"}}
    assert set(st.waiting) == set().union(*owed.values())
    assert st.post == "夜の行動がまだの方は、お早めにGMへ送ってください。"


def test_the_day_waits_for_every_living_voter(tmp_path: Path) -> None:
    root = sample(tmp_path, "plain-werewolf")
    game = resolve_game(root)
    st = phase_status(root, "day2", b"", game=game)
    alive = [n for n, p in game.states[1].players.items() if p.alive]
    assert st.waiting == alive and len(alive) < len(game.state.players)
    assert st.post == "未投票：" + "、".join(f"{n}さん" for n in alive)
