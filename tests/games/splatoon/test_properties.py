"""Splatoon！！村 properties (hypothesis): gauges stay in −3…+3, points are the sum the
rules define after every phase, and a night does not depend on how different squids'
command lines are interleaved (bombs excepted: they go in command order)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.games.splatoon.state import WEAPONS, SpState
from tests.support.splatoon import NAMES, candidates, run_phase, setup_state, variant, with_gauges

WORDS = [ja for ja, *_rest in WEAPONS.values()]
SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def night_lines(draw: Any) -> list[tuple[str, str]]:
    """Weapon commands, some valid, some not, from any squids."""
    lines = []
    for actor in draw(st.lists(st.sampled_from(NAMES), max_size=16)):
        word = draw(st.sampled_from(WORDS))
        n = WEAPONS[next(k for k, v in WEAPONS.items() if v[0] == word)][2]
        targets = draw(st.lists(st.sampled_from(NAMES), min_size=n, max_size=n, unique=True))
        lines.append((actor, f"{word}@{','.join(targets)}" if n else word))
    return lines


@st.composite
def day_lines(draw: Any) -> list[tuple[str, str]]:
    voters = draw(st.lists(st.sampled_from(NAMES), max_size=16, unique=True))
    return [(v, f"投票@{draw(st.sampled_from(NAMES))}") for v in voters]


def expected_points(state: SpState, events: list[Any]) -> dict[str, int]:
    """sp.points computed independently: permanent = splashes + locked executions."""
    perm = {"orange": 0, "purple": 0}
    for e in events:
        if e.kind == "splash":
            perm[e.data["colour"]] += 5
        elif e.kind == "gauge_locked" and e.amount:
            perm["orange" if e.amount > 0 else "purple"] += abs(e.amount)
    for p in state.players.values():
        if p.alive and p.gauge > 0:
            perm["orange"] += p.gauge
        elif p.alive and p.gauge < 0:
            perm["purple"] -= p.gauge
    return perm


@SETTINGS
@given(st.lists(st.tuples(day_lines(), night_lines()), min_size=6, max_size=6))
def test_gauges_and_points_after_every_phase(phases: list[Any]) -> None:
    v = variant()
    state = setup_state(v)
    seen: list[Any] = []
    for n, (day, nightly) in enumerate(phases, 1):
        for pid, lines in ((f"day{n}", day), (f"night{n}", nightly)):
            cands, _rejected = candidates(v, state, pid, lines)
            em = run_phase(v, state, pid, cands)
            state = em.state
            seen.extend(em.events)
            assert all(-3 <= p.gauge <= 3 for p in state.players.values())
            reported = [e for e in em.events if e.kind == "points"][-1]
            want = expected_points(state, seen)
            assert {"orange": reported.data["orange"], "purple": reported.data["purple"]} == want
            assert state.bombs_left >= 0
    assert state.finished and state.team_won in ("orange", "purple", "draw")


def _outcome(em: Any) -> tuple[Any, ...]:
    s = em.state
    notes = sorted((e.to or "", e.kind, repr(sorted(e.data.items()))) for e in em.events
                   if e.audience != "gm")
    return ({n: p.gauge for n, p in s.players.items()}, s.permanent, sorted(s.muted),
            s.bombs_left, {n: p.special_used for n, p in s.players.items()}, notes)


@SETTINGS
@given(st.dictionaries(st.sampled_from(NAMES), st.integers(-3, 3)), night_lines(),
       st.randoms(use_true_random=False))
def test_night_does_not_depend_on_interleaving(gauges: dict[str, int], lines: list[Any],
                                               rnd: Any) -> None:
    v = variant()
    start = with_gauges(setup_state(v), gauges)
    # one command per squid, so reordering lines never changes which one counts
    last = {actor: (actor, text) for actor, text in lines}
    ordered = list(last.values())
    bombs = [ln for ln in ordered if ln[1].startswith("ボム")]
    others = [ln for ln in ordered if not ln[1].startswith("ボム")]
    shuffled = others[:]
    rnd.shuffle(shuffled)
    # merge the bombs back in at random places, keeping their own relative order
    mixed: list[Any] = []
    i = j = 0
    while i < len(shuffled) or j < len(bombs):
        if j < len(bombs) and (i == len(shuffled) or rnd.random() < 0.5):
            mixed.append(bombs[j])
            j += 1
        else:
            mixed.append(shuffled[i])
            i += 1
    assert [x for x in mixed if x in bombs] == bombs
    a = run_phase(v, start, "night2", candidates(v, start, "night2", ordered)[0])
    b = run_phase(v, start, "night2", candidates(v, start, "night2", mixed)[0])
    assert _outcome(a) == _outcome(b)
