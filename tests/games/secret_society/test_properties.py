"""秘密結社村 properties (hypothesis), over random games of any commands from anyone:
after every phase nobody belongs to two societies (each member is listed by exactly one
society, leaders included), every society with living members is led by exactly its
earliest-joined living member, gold and credits never go negative, and every random
draw the phase made is an event."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.games.base import PhaseInput
from adjudicator.games.secret_society.state import SOCIETIES, SsState, members
from adjudicator.rng import PhaseRng
from tests.support.secret_society import NAMES, run, start, variant

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
SOC = ["忍びの里", "海賊団", "クロノマター", "シークレット"]
TARGETED = ["勧誘", "口寄せ", "影縫い", "ピストル", "大縄", "投票"]
BARE = ["承諾", "拒否", "土遁", "変わり身", "海賊旗", "望遠鏡", "トレジャーハント", "タイムボム",
        "クロノバック", "タイムパス", "習得"]


@st.composite
def a_line(draw: Any) -> tuple[str, str]:
    kind = draw(st.integers(0, 5))
    if kind == 0:
        return ("GM", f"{draw(st.sampled_from(['課題成功', '課題失敗', '正解']))}@"
                + "、".join(draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=6,
                                          unique=True))))
    actor = draw(st.sampled_from(NAMES))
    if kind in (1, 2):
        return (actor, f"{draw(st.sampled_from(TARGETED))}@{draw(st.sampled_from(NAMES))}")
    if kind == 3:
        return (actor, draw(st.sampled_from(BARE)))
    if kind == 4:
        word = draw(st.sampled_from(["承諾", "入会希望", "習得"]))
        arg = draw(st.sampled_from(SOC + ["影縫い", "変わり身"]))
        return (actor, f"{word}@{arg}")
    return (actor, f"解答@{draw(st.sampled_from(['富士山', 'エベレスト']))}")


class CountingRng(PhaseRng):
    """A PhaseRng that counts the draws made through it."""

    def __init__(self, seed: int, phase_id: str) -> None:
        super().__init__(seed, phase_id)
        self.calls = 0

    def index(self, n: int) -> int:
        self.calls += 1
        return super().index(n)


def check(state: SsState) -> None:
    listed: dict[str, str] = {}
    for s in SOCIETIES:
        for name in members(state, s, alive_only=False):
            assert name not in listed, f"{name} is in {listed[name]} and {s}"
            listed[name] = s
        alive = members(state, s)
        leaders = [n for n in alive if state.players[n].leader]
        if alive:
            assert leaders == [alive[0]], f"{s}: leaders {leaders}, earliest {alive[0]}"
    for name, p in state.players.items():
        assert p.gold >= 0 and p.credits >= 0, name
        assert (p.society is None) == (name not in listed)
        assert p.society is not None or not p.leader or not p.alive


def smart_lines(data: Any, state: SsState, night: bool) -> list[tuple[str, str]]:
    """Lines aimed at the current state: leaders invite (leaders too), invitees answer,
    members use what their society has, the GM judges, everyone may vote."""
    alive = [n for n, p in state.players.items() if p.alive]
    leaders = [n for n in alive if state.players[n].leader]
    pick = st.sampled_from(alive)
    lines: list[tuple[str, str]] = []
    for _ in range(data.draw(st.integers(0, 30))):
        kind = data.draw(st.integers(0, 7))
        if kind == 0 and leaders:
            target = data.draw(st.sampled_from(leaders + alive))
            lines.append((data.draw(st.sampled_from(leaders)), f"勧誘@{target}"))
            if data.draw(st.booleans()):
                lines.append((target, "承諾"))
        elif kind == 1:
            lines.append((data.draw(pick), "承諾" if data.draw(st.booleans()) else "拒否"))
        elif kind == 2 and night:
            word = data.draw(st.sampled_from(["ピストル", "大縄"]))
            lines.append((data.draw(pick), f"{word}@{data.draw(pick)}"))
        elif kind == 3:
            lines.append((data.draw(pick), data.draw(st.sampled_from(BARE))))
        elif kind == 4 and not night:
            ok = data.draw(st.lists(st.sampled_from(alive), min_size=1, max_size=8, unique=True))
            word = data.draw(st.sampled_from(["課題成功", "課題失敗"]))
            lines.append(("GM", f"{word}@" + "、".join(ok)))
        elif kind == 5 and not night:
            lines.append((data.draw(pick), f"投票@{data.draw(pick)}"))
        elif kind == 6:
            lines.append(data.draw(a_line()))
        elif kind == 7 and not night:
            word = data.draw(st.sampled_from(["口寄せ", "影縫い", "入会希望"]))
            arg = data.draw(st.sampled_from(SOC)) if word == "入会希望" else data.draw(pick)
            lines.append((data.draw(pick), f"{word}@{arg}"))
    return [(a, t) for a, t in lines if a == "GM" or state.players[a].alive]


@SETTINGS
@given(st.data(), st.integers(0, 10_000), st.integers(4, 12))
def test_invariants_after_every_phase(data: Any, seed: int, phases: int) -> None:
    import tests.support.secret_society as h

    v = variant(seed)
    rich = {n: {"gold": 3, "credits": 1} for n in NAMES}
    state = start(v)
    state = state.model_copy(update={"players": {
        n: p.model_copy(update=rich[n] if p.society in ("pirates", "chrono") else {})
        for n, p in state.players.items()}})
    check(state)
    original = h.PhaseRng
    for n in range(phases):
        pid = f"{'day' if n % 2 == 0 else 'night'}{n // 2 + 1}"
        lines = smart_lines(data, state, night=n % 2 == 1)
        rngs: list[CountingRng] = []

        def make(seed_: int, phase_id: str, _rngs: list[CountingRng] = rngs) -> CountingRng:
            r = CountingRng(seed_, phase_id)
            _rngs.append(r)
            return r

        h.PhaseRng = make  # type: ignore[assignment,misc]
        try:
            em, _rejected = run(v, state, pid, lines)
        finally:
            h.PhaseRng = original  # type: ignore[misc]
        # the invariants hold after every event, not only at the end of the phase
        # (a "leader" event follows the change that calls for it at once)
        replay = state
        for i, ev in enumerate(em.events):
            replay = v.evolve(replay, ev)
            nxt = em.events[i + 1].kind if i + 1 < len(em.events) else None
            if nxt != "leader":
                check(replay)
        # every output renders (posts, notices, ledger) whatever happened
        post, private, ledger = v.render(state, em.state, PhaseInput(
            id=pid, actions=[], directives=[], extra_logs={}, lines=[]), em.events)
        assert post and ledger and all(all(n.strip() for n in ns) for ns in private.values())
        draws = [e for e in em.events if e.kind == "draw"]
        assert sum(r.calls for r in rngs) == len(draws)
        assert all(e.rule and e.data.get("among") for e in draws)
        state = em.state
        check(state)
        if state.finished:
            break
