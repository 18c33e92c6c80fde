"""ムジュラの仮面村 properties: a rewind (mj.instrument, mj.items.keep) keeps the items,
the broken giant items and the instrument's count, and restores everything else to the
start of day 1 of a new cycle (masks dealt anew, the dead revived)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.config.load import load_config
from adjudicator.engine import resolve_game
from adjudicator.export import export_game
from adjudicator.games.base import Emitter
from adjudicator.games.majora import Majora
from adjudicator.games.majora.rules import deal_masks, rewind
from adjudicator.games.majora.scenario import GIANTS
from adjudicator.games.majora.state import ItemState, MjState
from adjudicator.rng import PhaseRng
from tests.support import ROOT
from tests.support.majora import write_game

CFG = load_config(ROOT / "samples" / "majora" / "game.toml")
V = Majora(CFG)
SC = V.scenario
NAMES = [p.name for p in CFG.players]


@st.composite
def mid_cycle(draw: st.DrawFn) -> MjState:
    """Any state in the middle of cycles 1-3: items anywhere, giants broken, riddles
    solved, locks opened, players dead, abilities used, masks worn."""
    base = V.initial_state()
    items = {}
    for it in SC.items:
        kinds = ["hidden", "held", "used"] + (["broken"] if it.kind == "giant" else [])
        status = draw(st.sampled_from(kinds))
        holder = draw(st.sampled_from(NAMES)) if status == "held" else None
        items[it.name] = ItemState(holder=holder, status=status)
    broken = [g for g in GIANTS if items[g].status == "broken"]
    broken = draw(st.permutations(broken))
    uses = draw(st.integers(1, 3))
    dead = draw(st.lists(st.sampled_from(NAMES), unique=True, max_size=5))
    masks = draw(st.permutations([m.name for m in SC.masks]))
    players = {n: p.model_copy(update={"alive": n not in dead, "mask": masks[i],
                                       "died": "scenario:x" if n in dead else None})
               for i, (n, p) in enumerate(base.players.items())}
    return base.model_copy(update={
        "players": players, "items": items, "giants_used": list(broken),
        "instrument_uses_left": uses, "loop": 4 - uses, "day": draw(st.integers(1, 3)),
        "solved": draw(st.lists(st.sampled_from([r.id for r in SC.riddles]), unique=True)),
        "opened": draw(st.lists(st.sampled_from([lk.id for lk in SC.locks]), unique=True)),
        "ability_uses": draw(st.dictionaries(st.sampled_from(NAMES), st.integers(1, 2))),
        "found_today": {n: None for n in draw(st.lists(st.sampled_from(list(items)),
                                                       unique=True, max_size=2))},
        "died_today": list(dead[:1]),
    })


@settings(max_examples=60, deadline=None)
@given(before=mid_cycle(), seed=st.integers(0, 10_000))
def test_a_rewind_keeps_items_broken_giants_and_the_count_and_restores_the_rest(
        before: MjState, seed: int) -> None:
    em: Emitter[MjState] = Emitter(state=before, evolve=V.evolve, rng=PhaseRng(seed, "day2"),
                                   phase="day2")
    rewind(em, "logs/day2.txt:1", False, SC)
    after = em.state
    # kept
    assert after.items == before.items
    assert after.giants_used == before.giants_used
    assert after.instrument_uses_left == before.instrument_uses_left
    # masks dealt anew: one each, all different, every draw recorded
    masks = [p.mask for p in after.players.values()]
    assert None not in masks and len(set(masks)) == len(NAMES)
    assert [e.target for e in em.events if e.kind == "draw"] == masks
    # everything else: the start of day 1 of the next cycle
    fresh = V.initial_state()
    want = fresh.model_copy(update={
        "items": before.items, "giants_used": before.giants_used,
        "instrument_uses_left": before.instrument_uses_left, "loop": before.loop + 1,
        "rewound": True, "players": {n: p.model_copy(update={"mask": after.players[n].mask})
                                     for n, p in fresh.players.items()}})
    assert after == want


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), loop=st.integers(1, 4))
def test_a_deal_is_a_recorded_permutation_and_replays(seed: int, loop: int) -> None:
    def deal() -> Emitter[MjState]:
        em: Emitter[MjState] = Emitter(state=V.initial_state().model_copy(update={"loop": loop}),
                                       evolve=V.evolve, rng=PhaseRng(seed, "day1"), phase="day1")
        deal_masks(em, SC)
        return em

    a, b = deal(), deal()
    assert a.events == b.events
    notes = [e for e in a.events if e.kind == "mask"]
    assert [(e.to, e.player) for e in notes] == [(n, n) for n in NAMES]
    assert all(e.audience == "player" and e.data["loop"] == loop for e in notes)


# ---------------------------------------------------------------- whole games
ITEMS = [i.name for i in SC.items]
TARGETS = NAMES + [lk.id for lk in SC.locks] + ["どこか"]
ANSWERS = [a for r in SC.riddles for a in r.answers] + ["はずれ"]


@st.composite
def declaration(draw: st.DrawFn) -> str:
    who = draw(st.sampled_from(NAMES))
    kind = draw(st.sampled_from(["use", "use_on", "give", "ability", "ability_on", "answer"]))
    item = draw(st.sampled_from(ITEMS))
    target = draw(st.sampled_from(TARGETS))
    text = {
        "use": f"使用@{item}", "use_on": f"使用@{item}→{target}",
        "give": f"渡す@{item}→{draw(st.sampled_from(NAMES))}", "ability": "能力@",
        "ability_on": f"能力@{draw(st.sampled_from(NAMES))}",
        "answer": f"回答@{draw(st.sampled_from([r.id for r in SC.riddles]))} "
                  f"{draw(st.sampled_from(ANSWERS))}",
    }[kind]
    return f"{who}: {text}"


@settings(max_examples=25, deadline=None)
@given(days=st.lists(st.lists(declaration(), max_size=12), min_size=1, max_size=5),
       seed=st.integers(0, 50))
def test_any_game_keeps_the_loop_invariants_and_replays(
        tmp_path_factory: pytest.TempPathFactory, days: list[list[str]], seed: int) -> None:
    logs: dict[str, str] = {}
    for n, said in enumerate(days, 1):
        logs[f"day{n}"] = "\n".join(said)
        logs[f"night{n}"] = ""
    root = write_game(tmp_path_factory.mktemp("mj"), logs, seed=seed)
    game = resolve_game(root)
    for s in game.states:
        assert s.loop + s.instrument_uses_left == 4 and 1 <= s.loop <= 4
        assert s.giants_used == [g for g in s.giants_used if s.items[g].status == "broken"]
        assert {g for g in GIANTS if s.items[g].status == "broken"} == set(s.giants_used)
        assert (s.day == 4) == (s.result == "moon") and s.finished == (s.result is not None)
        for it in s.items.values():
            assert (it.holder in NAMES) if it.status == "held" else it.holder is None
        masks = [p.mask for p in s.players.values()]
        assert None not in masks and len(set(masks)) == len(masks)
    assert export_game(resolve_game(root)) == export_game(game)
