"""源平村 properties (hypothesis), over whole random games (any commands from anyone,
valid or not, both body-double options, 17 or 15 players): exactly one side holds the
assassination right each night and only its general assassinates; faith never goes
negative; labour only grows; at most two nominations count."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.games.base import Emitter, PhaseInput
from adjudicator.games.genpei.state import SIDES, GpState
from adjudicator.rng import PhaseRng
from tests.support.genpei import CFG, CFG15, candidates, variant

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
WORDS = ["暗殺", "偵察", "指名"]


@st.composite
def games(draw: Any) -> tuple[Any, list[list[tuple[str, str]]]]:
    cfg = draw(st.sampled_from([CFG, CFG15]))
    names = [p.name for p in cfg.players]
    generals = [p.name for p in cfg.players if p.role == "大将"]
    v = variant(cfg, body_double=draw(st.sampled_from(["immune", "substitute"])),
                castle_target=draw(st.integers(min_value=8, max_value=40)))
    phases = []
    for _ in range(draw(st.integers(min_value=2, max_value=16))):
        lines = []
        for actor in draw(st.lists(st.sampled_from(names), max_size=10)):
            word = draw(st.sampled_from([*WORDS, "投票", "投票"]))
            lines.append((actor, f"{word}@{draw(st.sampled_from(names))}"))
        for general in generals:  # most nights see an attempt from whoever holds the right
            if draw(st.booleans()):
                lines.append((general, f"暗殺@{draw(st.sampled_from(names))}"))
        phases.append(lines)
    return v, phases


def play(v: Any, phases: list[list[tuple[str, str]]], seed: int) -> list[tuple[str, GpState,
                                                                               GpState, Any]]:
    """Resolve the phases in turn (day1, night1, …), rejected commands dropped as the
    engine drops them.  Returns (phase, state before, state after, emitter) per phase."""
    em0: Emitter[GpState] = Emitter(state=v.initial_state(), evolve=v.evolve,
                                    rng=PhaseRng(seed, "day1"), phase="day1")
    v.setup_events(em0)
    st_ = em0.state
    out = []
    for i, lines in enumerate(phases):
        pid = f"{'day' if i % 2 == 0 else 'night'}{i // 2 + 1}"
        if st_.finished:
            break
        alive = [(a, t) for a, t in lines if st_.players[a].alive]
        cands, _rej = candidates(v, st_, pid, alive)
        em: Emitter[GpState] = Emitter(state=st_, evolve=v.evolve, rng=PhaseRng(seed, pid),
                                       phase=pid)
        v.resolve(em, PhaseInput(id=pid, actions=cands, directives=[], extra_logs={},
                                 lines=[]))
        out.append((pid, st_, em.state, em))
        st_ = em.state
    return out


@SETTINGS
@given(games(), st.integers(min_value=0, max_value=2**16))
def test_exactly_one_side_holds_the_right_each_night(game: Any, seed: int) -> None:
    v, phases = game
    for pid, before, after, em in play(v, phases, seed):
        if not pid.startswith("night"):
            assert after.assassin == before.assassin or after.finished  # 吊りは関係なし
            continue
        assert before.assassin in SIDES  # one side, never none, never both
        for e in em.events:
            if e.kind == "assassinate":
                p = before.players[e.player]
                assert p.role == "general" and p.faction == before.assassin
        rights = [e for e in em.events if e.kind == "right"]
        if after.finished:
            assert rights == [] and after.assassin is None
        else:
            assert len(rights) == 1 and after.assassin in SIDES
            told = {e.to for e in em.events if e.kind == "right_notice"}
            assert all(after.players[n].faction == after.assassin for n in told)


@SETTINGS
@given(games(), st.integers(min_value=0, max_value=2**16))
def test_faith_never_negative_and_labour_only_grows(game: Any, seed: int) -> None:
    v, phases = game
    for _pid, before, after, em in play(v, phases, seed):
        assert all(after.faith[s] >= 0 for s in SIDES)
        assert all(after.castle[s] >= before.castle[s] for s in SIDES)
        assert after.nominations <= 2
        deaths = [e for e in em.events if e.kind == "death"]
        assert len(deaths) <= 1  # one assassination a night, one execution a day
        for e in em.events:
            if e.kind == "protected":
                assert e.data["before"] >= 4 and e.data["after"] >= 0


def test_a_known_game_assassinates_once_by_the_holder() -> None:
    """The harness is not vacuous: of two generals' attempts, the holder's is resolved."""
    v = variant(first_assassin="genji")
    res = play(v, [[], [("あきら", "暗殺@すみ"), ("けい", "暗殺@おと")]], 0)
    night = res[1][3]
    assert [(e.player, e.target) for e in night.events if e.kind == "assassinate"] == [
        ("あきら", "すみ")]
    assert res[1][2].assassin == "heike"
