"""源平村: what the whole games show (compared exactly in tests/test_golden.py), a test per rule id (``@rules``, with the coverage
meta-test at the end), and hand-computed nights.

Regenerate the expected outputs on purpose (after an intended change) with::

    UPDATE_EXPECTED=1 .venv/bin/python -m pytest tests/test_golden.py

then read the diff of ``tests/fixtures/genpei-*/expected`` before committing it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support import FIXTURES, RulePins, expected_json, fixtures_of, resolved

GAMES = fixtures_of("genpei")
rules = RulePins('genpei.md')  # @rules(...) pins a rule id


# ---------------------------------------------------------------- whole games
def test_side_game_result() -> None:
    data = expected_json("genpei-side")
    assert data["finished"] and data["team_won"] == "genji"
    assert data["winners"] == ["あきら", "いさむ", "うめ", "えり", "おと", "かな", "きよ", "くに"]
    assert data["assassin"] is None  # gp.p.notices: null once the game is over
    assert data["castle"] == {"genji": 37, "heike": 25} and data["castle_complete"]["genji"]
    assert {p["faction"] for p in data["players"].values()} == {"genji", "heike", "emperor"}
    assert data["players"]["ちか"] == {"alive": True, "role": "帝", "faction": "emperor"}
    assert all(v >= 0 for v in data["faith"].values())
    last = data["phases"][-1]
    assert last["executed"] == "けい" and "源氏の勝利です" in last["public_post"]


def test_emperor_game_result() -> None:
    data = expected_json("genpei-emperor")
    assert data["finished"] and data["team_won"] == "emperor"
    assert data["winners"] == ["むつ", "もも"] and data["established"]
    assert data["castle_target"] == 25
    assert data["castle"] == {"genji": 25, "heike": 26}
    assert "帝陣営の勝利です" in data["phases"][-1]["public_post"]


def test_json_fields_during_the_game(tmp_path: Path) -> None:
    """DESIGN.md: top-level faith, castle ({genji, heike}) and assassin (the next night's)."""
    import shutil

    from adjudicator.engine import resolve_game
    from adjudicator.export import export_game

    g = tmp_path / "g"
    shutil.copytree(FIXTURES / "genpei-side", g, ignore=shutil.ignore_patterns("expected"))
    for log in (g / "logs").iterdir():
        if log.stem not in ("day1", "night1"):
            log.unlink()
    data = export_game(resolve_game(g))
    assert data["assassin"] == "heike"  # しの (平氏) was killed on night 1
    assert set(data["faith"]) == set(data["castle"]) == {"genji", "heike"}
    assert data["castle"] == {"genji": 8, "heike": 6}
    assert data["faith"]["heike"] == 3  # お盆, no living priest


# ---------------------------------------------------------------- helpers for one phase
from adjudicator.config.load import GameConfig  # noqa: E402
from adjudicator.games.genpei import Genpei  # noqa: E402
from adjudicator.games.genpei.state import GpState  # noqa: E402
from tests.support.genpei import (  # noqa: E402
    CFG,
    CFG15,
    candidates,
    kinds,
    run,
    state,
    variant,
    votes_for,
)


def post_of(v: Genpei, before: GpState, em: Any, phase: str) -> tuple[str, dict[str, list[str]]]:
    from adjudicator.games.base import PhaseInput

    post, private, _ledger = v.render(before, em.state, PhaseInput(
        id=phase, actions=[], directives=[], extra_logs={}, lines=[]), em.events)
    return post, private


def rejected(st: GpState, phase: str, actor: str, text: str, v: Genpei | None = None
             ) -> tuple[str, str]:
    v = v or variant()
    _c, rej = candidates(v, st, phase, [(actor, text)])
    assert len(rej) == 1, f"{text!r} by {actor} was accepted"
    return rej[0][1], rej[0][2]


# ---------------------------------------------------------------- setup
@rules("gp.setup")
def test_setup_checks_the_composition() -> None:
    base = CFG.model_dump()
    assert Genpei.config_problems(CFG) == [] and Genpei.config_problems(CFG15) == []
    two = dict(base, players=[dict(p, role="大将") if p["name"] == "いさむ" else p
                              for p in base["players"]])
    probs = Genpei.config_problems(GameConfig.model_validate(two))
    assert any("2 大将" in p for p in probs) and any("0 影武者" in p for p in probs)
    no_faction = dict(base, players=[dict(p, faction=None) if p["name"] == "おと" else p
                                     for p in base["players"]])
    assert any("faction: required" in p for p in
               Genpei.config_problems(GameConfig.model_validate(no_faction)))


@rules("gp.setup")
def test_everyone_is_told_their_role_and_general_and_strategist_each_other() -> None:
    from adjudicator.games.base import Emitter
    from adjudicator.rng import PhaseRng

    v = variant()
    em: Emitter[GpState] = Emitter(state=v.initial_state(), evolve=v.evolve,
                                   rng=PhaseRng(1, "day1"), phase="day1")
    v.setup_events(em)
    notes = {e.to: e for e in kinds(em.events, "role_notice")}
    assert set(notes) == {p.name for p in CFG.players}
    assert notes["あきら"].data["partner"] == "うめ" and notes["さき"].data["partner"] == "けい"
    assert notes["ちか"].data["role"] == "帝" and notes["ちか"].audience == "player"


# ---------------------------------------------------------------- roles
@rules("gp.general")
def test_a_general_of_the_holding_side_assassinates() -> None:
    st = state()
    em = run(variant(), st, "night2", [("あきら", "暗殺@すみ")])
    assert [e.player for e in kinds(em.events, "death")] == ["すみ"]
    assert kinds(em.events, "death")[0].audience == "public"
    assert rejected(st, "day2", "あきら", "暗殺@すみ")[0] == "wrong_phase"
    assert rejected(st, "night2", "うめ", "暗殺@すみ") == ("not_role", "gp.general")


@rules("gp.body_double")
def test_body_double_immune_the_attempt_fails() -> None:
    em = run(variant(), state(), "night2", [("あきら", "暗殺@けい")])
    assert kinds(em.events, "death") == []
    assert kinds(em.events, "blocked")[0].data["by"] == "影武者"
    assert em.state.players["けい"].alive and em.state.players["こう"].alive


@rules("gp.body_double")
def test_body_double_substitute_dies_instead() -> None:
    v = variant(body_double="substitute")
    em = run(v, state(v), "night2", [("あきら", "暗殺@けい")])
    assert [e.player for e in kinds(em.events, "death")] == ["こう"]
    assert em.state.players["けい"].alive
    assert em.state.assassin == "heike"  # a member of 平氏 died: 平氏 holds it next


@rules("gp.strategist")
def test_strategist_scouts_from_night2_and_sees_the_emperor_as_mikado() -> None:
    st = state()
    assert rejected(st, "night1", "うめ", "偵察@けい") == ("too_early", "gp.strategist")
    em = run(variant(), st, "night2", [("うめ", "偵察@けい"), ("さき", "偵察@ちか")])
    res = {e.player: (e.target, e.data["result"]) for e in kinds(em.events, "scout")}
    assert res == {"うめ": ("けい", "平氏"), "さき": ("ちか", "帝")}
    assert all(e.audience == "player" for e in kinds(em.events, "scout"))
    _post, private = post_of(variant(), st, em, "night2")
    assert "偵察結果：ちかさんは帝です。" in private["さき"]


@rules("gp.priest")
def test_priests_add_one_or_two_faith_drawn_and_recorded() -> None:
    em = run(variant(), state(faith={"genji": 1, "heike": 0}), "night2")
    draws = [e for e in em.events if e.kind == "draw" and e.rule == "gp.priest"]
    assert len(draws) == 2 and all(d.data["among"] == ["1", "2"] for d in draws)
    adds = {e.data["side"]: e.amount for e in kinds(em.events, "faith")}
    assert em.state.faith == {"genji": 1 + adds["genji"], "heike": adds["heike"]}
    assert [str(adds[s]) for s in ("genji", "heike")] == [d.target for d in draws]


@rules("gp.farmer")
def test_a_farmer_has_no_ability() -> None:
    st = state()
    for text in ("暗殺@けい", "偵察@けい", "指名@けい"):
        assert rejected(st, "night2", "おと", text)[0] == "not_role"


@rules("gp.co")
def test_claims_are_chatter_not_commands() -> None:
    from adjudicator.parser import find_command

    for text in ("大将COします", "私は参謀です", "住職CO、信仰たまってます", "農民です"):
        assert find_command(text, "genpei") is None


# ---------------------------------------------------------------- faith
@rules("gp.faith.protect")
def test_four_faith_saves_a_member_once() -> None:
    st = state(faith={"genji": 0, "heike": 5})
    em = run(variant(), st, "night2", [("あきら", "暗殺@すみ")])
    assert kinds(em.events, "death") == []
    p = kinds(em.events, "protected")[0]
    assert (p.target, p.amount, p.data["after"]) == ("すみ", -4, 1)
    assert em.state.assassin == "heike"  # nobody died: the other side


@rules("gp.faith.protect")
def test_faith_does_not_save_from_execution() -> None:
    v = variant()
    st = state(v, faith={"genji": 0, "heike": 8})
    em = run(v, st, "day2", votes_for("すみ", st))
    assert em.state.players["すみ"].alive is False and em.state.faith["heike"] == 8
    assert kinds(em.events, "protected") == []


@rules("gp.event.obon")
def test_obon_the_same_morning_when_assassinated() -> None:
    v = variant()
    st = state(v, faith={"genji": 0, "heike": 1})
    em = run(v, st, "night2", [("あきら", "暗殺@しの")])
    obon = kinds(em.events, "obon")
    assert [(e.data["side"], e.amount, e.audience) for e in obon] == [("heike", 3, "gm")]
    told = kinds(em.events, "obon_told")  # the public event names no side
    assert [(e.audience, e.data) for e in told] == [("public", {})]
    assert em.state.faith["heike"] == 4  # no living priest adds
    post, _ = post_of(v, st, em, "night2")
    assert "お盆" in post and "平氏" not in post  # the dead priest's side is not named


@rules("gp.event.obon")
def test_obon_the_next_morning_when_executed() -> None:
    v = variant()
    st = state(v)
    day = run(v, st, "day2", votes_for("しの", st))
    assert kinds(day.events, "obon") == [] and day.state.obon_due == ["heike"]
    post, _ = post_of(v, st, day, "day2")
    assert "お盆" not in post
    em = run(v, day.state, "night2")
    assert [e.data["side"] for e in kinds(em.events, "obon")] == ["heike"]
    assert em.state.faith["heike"] == 3 and em.state.obon_due == []


@rules("gp.event.kannazuki", "gp.p.kannazuki")
def test_kannazuki_a_priest_with_six_faith_adds_none() -> None:
    v = variant()
    st = state(v, faith={"genji": 6, "heike": 5})
    em = run(v, st, "night2")
    k = kinds(em.events, "kannazuki")
    assert [(e.data["side"], e.audience) for e in k] == [("genji", "gm")]
    assert [(e.audience, e.data) for e in kinds(em.events, "kannazuki_told")] == [("public", {})]
    assert em.state.faith["genji"] == 6 and em.state.faith["heike"] in (6, 7)
    post, _ = post_of(v, st, em, "night2")
    assert "神無月" in post and "源氏" not in post


@rules("gp.p.kannazuki")
def test_kannazuki_is_decided_after_the_protection_spent() -> None:
    v = variant(first_assassin="heike")
    st = state(v, assassin="heike", faith={"genji": 7, "heike": 0})
    em = run(v, st, "night2", [("けい", "暗殺@おと")])
    assert kinds(em.events, "protected") and kinds(em.events, "kannazuki") == []
    add = next(e.amount for e in kinds(em.events, "faith") if e.data["side"] == "genji")
    assert em.state.faith["genji"] == 3 + (add or 0)


# ---------------------------------------------------------------- the right
@rules("gp.right")
def test_the_first_holder_is_drawn_or_set() -> None:
    from adjudicator.games.base import Emitter
    from adjudicator.rng import PhaseRng

    seen = set()
    for seed in range(8):
        v = variant()
        em: Emitter[GpState] = Emitter(state=v.initial_state(), evolve=v.evolve,
                                       rng=PhaseRng(seed, "day1"), phase="day1")
        v.setup_events(em)
        draw = next(e for e in em.events if e.kind == "draw" and e.rule == "gp.right")
        assert draw.data["among"] == ["genji", "heike"] and em.state.assassin == draw.target
        seen.add(em.state.assassin)
        told = {e.to for e in kinds(em.events, "right_notice")}
        gen = "あきら" if em.state.assassin == "genji" else "けい"
        assert gen in told and len(told) == 2
    assert seen == {"genji", "heike"}
    v = variant(first_assassin="heike")
    em = Emitter(state=v.initial_state(), evolve=v.evolve, rng=PhaseRng(0, "day1"),
                 phase="day1")
    v.setup_events(em)
    assert em.state.assassin == "heike" and not [e for e in em.events if e.kind == "draw"]


@rules("gp.right")
def test_only_the_holding_side_assassinates() -> None:
    st = state(assassin="heike")
    assert rejected(st, "night2", "あきら", "暗殺@すみ") == ("no_right", "gp.right")


RIGHT_CASES = [
    # (why, holder, lines, state update, option, next holder)
    ("killed the other side", "genji", [("あきら", "暗殺@すみ")], {}, "immune", "heike"),
    ("killed its own side", "genji", [("あきら", "暗殺@おと")], {}, "immune", "genji"),
    ("faith", "genji", [("あきら", "暗殺@すみ")], {"faith": {"genji": 0, "heike": 4}},
     "immune", "heike"),
    ("body double", "heike", [("けい", "暗殺@あきら")], {}, "immune", "genji"),
    ("body double died instead", "heike", [("けい", "暗殺@あきら")], {}, "substitute",
     "genji"),
    ("castle", "heike", [("けい", "暗殺@あきら")], {"complete": ["genji"]}, "immune",
     "genji"),
    ("no target given", "genji", [], {}, "immune", "heike"),
    ("killed the emperor", "heike", [("けい", "暗殺@ちか")], {}, "immune", "genji"),
]


@rules("gp.right.pass", "gp.p.targets")
@pytest.mark.parametrize(("why", "holder", "lines", "update", "option", "nxt"), RIGHT_CASES,
                         ids=[c[0] for c in RIGHT_CASES])
def test_each_way_the_right_passes(why: str, holder: str, lines: list[tuple[str, str]],
                                   update: dict[str, Any], option: str, nxt: str) -> None:
    v = variant(body_double=option)
    dead = ("いさむ",) if why == "castle" else ()
    st = state(v, assassin=holder, dead=dead, **update)
    em = run(v, st, "night2", lines)
    assert em.state.assassin == nxt
    right = kinds(em.events, "right")[-1]
    assert right.rule == "gp.right.pass" and right.data["side"] == nxt
    general = "あきら" if nxt == "genji" else "けい"
    assert general in {e.to for e in kinds(em.events, "right_notice")}


# ---------------------------------------------------------------- resolution order
IMMUNITY_CASES = [
    # (name, option, dead, complete, faith of 源氏, who dies, faith after, blocked by)
    ("body double first (immune)", "immune", (), ["genji"], 8, None, 8, "影武者"),
    ("body double first (substitute)", "substitute", (), ["genji"], 8, "いさむ", 8, None),
    ("castle before faith", "immune", ("いさむ",), ["genji"], 8, None, 8, "城"),
    ("faith last", "immune", ("いさむ",), [], 5, None, 1, None),
    ("nothing left", "immune", ("いさむ",), [], 3, "あきら", 3, None),
]


@rules("gp.resolve.order", "gp.p.order", "gp.castle.complete", "gp.faith.protect")
@pytest.mark.parametrize(("name", "option", "dead", "complete", "faith", "dies", "after", "by"),
                         IMMUNITY_CASES, ids=[c[0] for c in IMMUNITY_CASES])
def test_protection_against_each_immunity(name: str, option: str, dead: tuple[str, ...],
                                          complete: list[str], faith: int, dies: str | None,
                                          after: int, by: str | None) -> None:
    v = variant(body_double=option)
    st = state(v, assassin="heike", dead=dead, complete=complete,
               faith={"genji": faith, "heike": 0})
    em = run(v, st, "night2", [("けい", "暗殺@あきら")])
    assert [e.player for e in kinds(em.events, "death")] == ([dies] if dies else [])
    spent = kinds(em.events, "protected")
    assert (st.faith["genji"] - sum(-(e.amount or 0) for e in spent)) == after
    assert [e.data["by"] for e in kinds(em.events, "blocked")] == ([by] if by else [])


@rules("gp.resolve.order")
def test_a_complete_castle_does_not_shield_anyone_but_the_general() -> None:
    st = state(assassin="heike", complete=["genji"], faith={"genji": 2, "heike": 0})
    em = run(variant(), st, "night2", [("けい", "暗殺@うめ")])
    assert [e.player for e in kinds(em.events, "death")] == ["うめ"]


@rules("gp.night.order")
def test_the_night_runs_in_the_seven_steps() -> None:
    v = variant()
    st = state(v, assassin="genji", castle={"genji": 20, "heike": 20},
               faith={"genji": 0, "heike": 0})
    em = run(v, st, "night3", [("あきら", "暗殺@しの"), ("さき", "偵察@おと"),
                               ("ちか", "指名@すみ")])
    order = [e.kind for e in em.events if e.kind in (
        "assassinate", "death", "scout", "nominated", "faith", "labour", "obon",
        "castle_complete", "festival", "right")]
    assert order == ["assassinate", "death", "scout", "nominated", "faith", "labour",
                     "labour", "obon", "castle_complete", "festival", "right"]
    assert all(e.data == {} for e in em.events if e.kind == "obon_told")
    # (4) the priest killed in (1) adds nothing; (5) counts members alive after (1)
    assert [e.data["side"] for e in kinds(em.events, "faith")] == ["genji"]
    assert em.state.castle == {"genji": 28, "heike": 27}
    assert [e.data["side"] for e in kinds(em.events, "castle_complete")] == ["genji"]


# ---------------------------------------------------------------- castles
@rules("gp.castle", "gp.p.castle")
def test_castles_add_living_members_and_keep_counting() -> None:
    v = variant()
    st = state(v, dead=("おと", "すみ", "せつ"), castle={"genji": 30, "heike": 0},
               complete=["genji"])
    em = run(v, st, "night2")
    assert em.state.castle == {"genji": 37, "heike": 6}
    assert kinds(em.events, "castle_complete") == []  # announced once only
    assert variant(CFG15).target == 25 and v.target == 28
    assert variant(castle_target=10).target == 10


@rules("gp.p.castle")
def test_other_player_counts_need_a_castle_target() -> None:
    base = CFG.model_dump()
    extra = dict(base, players=[*base["players"], {"name": "ぬし", "faction": "genji",
                                                   "role": "農民"}])
    probs = Genpei.config_problems(GameConfig.model_validate(extra))
    assert any("castle_target" in p for p in probs)
    with_target = dict(extra, options={**base["options"], "castle_target": 30})
    assert not any("castle_target" in p or "18 players" in p for p in
                   Genpei.config_problems(GameConfig.model_validate(with_target)))


@rules("gp.castle.complete")
def test_completion_is_announced_with_its_title() -> None:
    v = variant()
    st = state(v, castle={"genji": 0, "heike": 21})
    em = run(v, st, "night2")
    c = kinds(em.events, "castle_complete")
    assert [(e.data["side"], e.data["title"], e.audience) for e in c] == [
        ("heike", "太政大臣", "public")]
    post, _ = post_of(v, st, em, "night2")
    assert "太政大臣" in post and "平氏の城が完成しました" in post
    assert em.state.complete == ["heike"]


@rules("gp.event.castle_start")
def test_castle_start_on_the_first_morning_only() -> None:
    v = variant()
    st = state(v)
    em1 = run(v, st, "night1")
    assert kinds(em1.events, "castle_start")
    assert "城建設" in post_of(v, st, em1, "night1")[0]
    em2 = run(v, em1.state, "night2")
    assert not kinds(em2.events, "castle_start")


# ---------------------------------------------------------------- the emperor
def _nominated(v: Genpei, st: GpState, who: str, phase: str = "night2") -> Any:
    return run(v, st, phase, [("ちか", f"指名@{who}")])


@rules("gp.emperor.nominate", "gp.p.nominate")
def test_nomination_rules() -> None:
    v = variant()
    st = state(v)
    assert rejected(st, "night1", "ちか", "指名@おと") == ("too_early", "gp.emperor.nominate")
    assert rejected(st, "night2", "ちか", "指名@ちか")[0] == "self_target"
    assert rejected(state(v, dead=("おと",)), "night2", "ちか", "指名@おと")[0] == "target_dead"
    assert rejected(state(v, nominations=2), "night2", "ちか", "指名@おと")[0] == \
        "no_nominations_left"
    em = _nominated(v, st, "おと")
    assert em.state.successor == "おと" and em.state.nominations == 1
    # one at a time: refused while おと lives, and not counted
    em2 = _nominated(v, em.state, "かな", "night3")
    assert kinds(em2.events, "nomination_refused") and em2.state.nominations == 1
    assert em2.state.successor == "おと"
    # the slot frees at the successor's death, in the same night's step (1)
    em3 = run(v, em2.state.model_copy(update={"assassin": "heike"}), "night4",
              [("けい", "暗殺@おと"), ("ちか", "指名@かな")])
    assert em3.state.successor == "かな" and em3.state.nominations == 2


@rules("gp.p.nominate")
def test_a_nominee_killed_in_step_one_is_void_and_not_counted() -> None:
    v = variant()
    em = run(v, state(v), "night2", [("あきら", "暗殺@すみ"), ("ちか", "指名@すみ")])
    void = kinds(em.events, "nomination_void")
    assert void and void[0].data["why"] == "nominee_dead" and void[0].to == "ちか"
    assert em.state.nominations == 0 and em.state.successor is None
    assert not kinds(em.events, "festival")


@rules("gp.p.nominate")
def test_a_dead_emperors_nomination_is_void() -> None:
    v = variant()
    em = run(v, state(v, assassin="heike"), "night2", [("けい", "暗殺@ちか"),
                                                        ("ちか", "指名@すみ")])
    assert kinds(em.events, "nomination_void")[0].data["why"] == "emperor_dead"
    assert em.state.nominations == 0
    assert em.state.assassin == "genji"  # the emperor's death passes the right


def _nights(v: Genpei, st: GpState, first: int, last: int) -> GpState:
    for n in range(first, last + 1):
        st = run(v, st, f"night{n}").state
    return st


@rules("gp.emperor.invalid", "gp.event.festival", "gp.p.notices")
@pytest.mark.parametrize("who", ["けい", "さき", "こう"])  # general, strategist, body double
def test_a_nomination_of_each_invalid_role(who: str) -> None:
    v = variant()
    st = state(v)
    em = _nominated(v, st, who)
    nom = kinds(em.events, "nominated")[0]
    assert nom.rule == "gp.emperor.invalid" and nom.data["invalid"] is True
    assert em.state.nominations == 1  # it counts
    post, private = post_of(v, st, em, "night2")
    assert "祝祭" in post and who not in post.split("生存者")[0]  # announced, no name
    valid_post, valid_private = post_of(v, st, _nominated(v, st, "おと"), "night2")
    assert private["ちか"][0].replace(who, "X") == valid_private["ちか"][0].replace("おと", "X")
    # the nominee knows its own role and the seed's restriction is public: it is told it
    # cannot be established (the emperor is not)
    assert private[who][0] == ("あなたは帝から後継者に指名されました。ただし大将・参謀・影武者は後継者"
                               "として成立しません（あなたが生きているあいだ、帝は次の後継者を指名できません）。")
    # a valid successor is told the morning it must live to (named night 2: day 6)
    assert valid_private["おと"][0] == ("あなたは帝から後継者に指名されました。6日目の朝まで生き延びると"
                                      "後継者として成立し、帝が亡くなっていれば（成立の前でも後でも）"
                                      "帝とともに勝利します。")
    later = _nights(v, em.state, 3, 6)
    assert not later.established  # never
    # it blocks the slot until it dies
    assert kinds(_nominated(v, later, "おと", "night7").events, "nomination_refused")


@rules("gp.emperor.establish")
def test_established_at_the_morning_of_day_n_plus_4() -> None:
    v = variant()
    st = _nominated(v, state(v), "おと").state  # night 2
    st4 = _nights(v, st, 3, 4)
    assert not st4.established
    em5 = run(v, st4, "night5")
    est = kinds(em5.events, "established")
    assert est and est[0].target == "おと" and est[0].audience == "gm"
    # a successor dead before then is never established
    dead = st.model_copy(update={"players": {**st.players, "おと": st.players["おと"].model_copy(
        update={"alive": False})}})
    assert not _nights(v, dead, 3, 5).established


@rules("gp.emperor.win", "gp.p.established")
def test_the_emperor_wins_when_established_and_dead_whichever_last() -> None:
    v = variant()
    st = _nominated(v, state(v), "おと").state
    # the emperor dies first (night 3), the successor is established on night 5
    st = run(v, st.model_copy(update={"assassin": "heike"}), "night3",
             [("けい", "暗殺@ちか")]).state
    assert not st.finished
    em = run(v, _nights(v, st, 4, 4), "night5")
    res = kinds(em.events, "result")
    assert res and res[0].rule == "gp.emperor.win" and res[0].data["players"] == ["おと", "ちか"]


@rules("gp.p.established")
def test_establishment_is_final_even_if_the_successor_dies() -> None:
    v = variant()
    st = _nights(v, _nominated(v, state(v), "おと").state, 3, 5)
    assert st.established and not st.finished
    st = run(v, st, "day6", votes_for("おと", st)).state  # the successor dies
    assert not st.finished
    day = run(v, st, "day7", votes_for("ちか", st))
    res = kinds(day.events, "result")
    assert res and res[0].data["sides"] == ["emperor"]
    assert day.state.winners == ["おと", "ちか"]  # dead or alive


@rules("gp.p.established")
def test_no_nomination_after_establishment() -> None:
    v = variant()
    st = _nights(v, _nominated(v, state(v), "おと").state, 3, 5)
    assert st.established and st.nominations == 1
    dead = st.model_copy(update={"players": {**st.players, "おと": st.players["おと"].model_copy(
        update={"alive": False})}})
    assert rejected(dead, "night6", "ちか", "指名@かな") == ("established", "gp.p.established")


@rules("gp.win.general")
def test_a_side_wins_when_the_other_general_dies() -> None:
    v = variant()
    st = state(v, dead=("こう",))
    em = run(v, st, "night2", [("あきら", "暗殺@けい")])
    res = kinds(em.events, "result")[0]
    assert res.rule == "gp.win.general" and res.data["sides"] == ["genji"]
    assert em.state.finished and em.state.assassin is None
    assert not kinds(em.events, "right_notice")


@rules("gp.win.joint", "gp.p.established")
def test_joint_win_when_two_conditions_meet_at_once() -> None:
    v = variant()
    st = _nominated(v, state(v), "すみ").state  # a 平氏 farmer as successor
    st = run(v, st.model_copy(update={"assassin": "heike"}), "night3",
             [("けい", "暗殺@ちか")]).state
    st = _nights(v, st, 4, 4).model_copy(update={
        "assassin": "genji", "faith": {"genji": 0, "heike": 0},
        "castle": {"genji": 0, "heike": 0}})
    st = st.model_copy(update={"players": {**st.players, "こう": st.players["こう"].model_copy(
        update={"alive": False})}})
    em = run(v, st, "night5", [("あきら", "暗殺@けい")])  # 平氏's general dies, すみ established
    res = kinds(em.events, "result")[0]
    assert res.rule == "gp.win.joint" and res.data["sides"] == ["genji", "emperor"]
    genji = [p.name for p in CFG.players if p.faction == "genji"]
    assert set(em.state.winners) == {*genji, "すみ", "ちか"}
    post, _ = post_of(v, st, em, "night5")
    assert "源氏と帝の両陣営の勝利です" in post


# ---------------------------------------------------------------- the vote and 辞世の句
@rules("gp.p.vote_general", "gp.body_double")
def test_a_vote_against_a_general_with_body_double_immune() -> None:
    v = variant()
    st = state(v)
    em = run(v, st, "day2", votes_for("けい", st), chat=[("けい", "辞世の句：まだ死なぬ")])
    assert v.executed(em.events) is None and em.state.players["けい"].alive
    post, _ = post_of(v, st, em, "day2")
    assert "最多得票のけいさんの処刑は行われませんでした。" in post
    assert "辞世の句" not in post and "影武者" not in post


@rules("gp.p.vote_general")
def test_a_vote_against_a_general_with_body_double_substitute() -> None:
    v = variant(body_double="substitute")
    st = state(v)
    em = run(v, st, "day2", votes_for("けい", st))
    assert v.executed(em.events) == "こう" and v.deaths(em.events) == ["こう"]
    post, _ = post_of(v, st, em, "day2")
    assert "こうさんが処刑されました。" in post and "けいさんが処刑" not in post


@rules("gp.jisei", "gp.p.jisei")
def test_last_words_from_the_day_log_go_in_the_vote_post() -> None:
    v = variant()
    st = state(v)
    em = run(v, st, "day2", votes_for("すみ", st),
             chat=[("すみ", "辞世の句：一句目"), ("すみ", "辞世の句:二句目"), ("すみ", "さらば")])
    post, _ = post_of(v, st, em, "day2")
    assert "すみさんの辞世の句：「二句目」" in post


@rules("gp.p.jisei")
def test_last_words_from_the_night_log_or_the_last_line_go_in_the_morning() -> None:
    v = variant()
    st = state(v)
    day = run(v, st, "day2", votes_for("すみ", st), chat=[("すみ", "農民です"),
                                                            ("すみ", "あとは頼んだ")])
    assert "辞世の句" not in post_of(v, st, day, "day2")[0]
    night = run(v, day.state, "night2", chat=[("すみ", "辞世の句：夜に詠む")])
    assert "すみさんの辞世の句：「夜に詠む」" in post_of(v, day.state, night, "night2")[0]
    fallback = run(v, day.state, "night2")
    assert "すみさんの辞世の句：「あとは頼んだ」" in post_of(v, day.state, fallback, "night2")[0]


@rules("gp.p.jisei")
def test_a_game_ending_execution_quotes_the_last_line_at_once() -> None:
    v = variant()
    st = state(v, dead=("こう",))
    em = run(v, st, "day2", votes_for("けい", st), chat=[("けい", "無念")])
    post, _ = post_of(v, st, em, "day2")
    assert "けいさんの辞世の句：「無念」" in post and "源氏の勝利です" in post


# ---------------------------------------------------------------- targets and notices
@rules("gp.p.targets")
def test_targets() -> None:
    v = variant()
    st = state(v, dead=("すみ",))
    assert rejected(st, "night2", "あきら", "暗殺@すみ")[0] == "target_dead"
    assert rejected(st, "night2", "あきら", "暗殺@あきら")[0] == "self_target"
    assert rejected(st, "night2", "うめ", "偵察@うめ")[0] == "self_target"
    # a strategist killed in step (1) gets no result; a target killed in (1) is still scouted
    em = run(v, state(v, assassin="genji"), "night2",
             [("あきら", "暗殺@さき"), ("さき", "偵察@おと"), ("うめ", "偵察@さき")])
    assert kinds(em.events, "scout_lost")[0].player == "さき"
    assert [(e.player, e.target) for e in kinds(em.events, "scout")] == [("うめ", "さき")]


@rules("gp.p.notices")
def test_blocked_assassinations_read_as_nobody_died() -> None:
    for update, dead in (({}, ()), ({"complete": ["genji"]}, ("いさむ",)),
                         ({"faith": {"genji": 4, "heike": 0}}, ("いさむ",))):
        v = variant()
        st = state(v, assassin="heike", dead=dead, **update)
        em = run(v, st, "night2", [("けい", "暗殺@あきら")])
        post, private = post_of(v, st, em, "night2")
        assert "昨晩は誰も亡くなりませんでした。" in post
        assert not any(w in post for w in ("影武者", "信仰", "守", "暗殺"))
        assert all("守" not in t for texts in private.values() for t in texts)


# ---------------------------------------------------------------- every rule id
def test_every_rule_id_is_pinned() -> None:
    assert len(rules.ids()) >= 30
    assert rules.unpinned() == set()


def test_every_rule_id_is_quotable() -> None:
    from adjudicator.rulebook import quote

    assert {i for i in rules.ids() if not quote(i)} == set()


@pytest.mark.parametrize("name", GAMES)
def test_report_section_agrees_with_the_json(name: str) -> None:
    game = resolved(FIXTURES / name)
    data = expected_json(name)
    (section,) = game.variant.report_sections(game)
    castle, faith, nights = section.blocks
    assert [s.values[-1] for s in castle.series[:2]] == [data["castle"]["genji"],
                                                          data["castle"]["heike"]]
    assert castle.series[2].values[0] == data["castle_target"]
    assert [s.values[-1] for s in faith.series] == [data["faith"]["genji"],
                                                     data["faith"]["heike"]]
    assert len(nights.rows) == sum(1 for p in data["phases"] if p["id"].startswith("night"))
    firsts = [r[1] for r in nights.rows]
    assert all(f in ("源氏", "平氏") for f in firsts)  # one side each night


def test_check_shows_the_gm_the_hidden_values() -> None:
    v = variant()
    st = state(v, assassin="heike", faith={"genji": 5, "heike": 0}, complete=["genji"])
    (cand,), _ = candidates(v, st, "night2", [("けい", "暗殺@あきら")])
    assert v.check_detail(st, cand) == ["今夜の暗殺権：平氏", "あきらの陣営（源氏）の信仰：5（4以上なら守られます）",
                                        "源氏の城は完成済み（征夷大将軍）"]
    (nom,), _ = candidates(v, st, "night2", [("ちか", "指名@おと")])
    assert v.check_detail(st, nom) == ["これまでの指名：0回／後継者：なし"]


@rules("gp.p.notices")
@pytest.mark.parametrize("name", GAMES)
def test_public_events_name_no_side_and_no_protection(name: str) -> None:
    """A public event carries only what the posts say: a side only for a castle's
    completion, and never a protection, a block or a body double."""
    for ph in expected_json(name)["phases"]:
        for e in ph["events"]:
            if e["audience"] != "public":
                continue
            assert "faction" not in e
            assert "side" not in e or e["kind"] == "castle_complete", e
            assert e["rule"] not in ("gp.body_double", "gp.faith.protect", "gp.p.order"), e
            assert e["kind"] not in ("protected", "blocked", "substituted", "established")
