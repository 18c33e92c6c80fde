"""Splatoon！！村: what the whole games show (compared exactly in tests/test_golden.py), a test per rule id, hand-computed nights.

Regenerate the expected outputs on purpose (after an intended change) with::

    UPDATE_EXPECTED=1 .venv/bin/python -m pytest tests/test_golden.py

then read the diff of ``tests/fixtures/splatoon-*/expected`` before committing it.
"""

from __future__ import annotations

import json
import re

import pytest

from adjudicator.config.load import GameConfig
from adjudicator.errors import IllegalActionError
from adjudicator.games.base import PhaseInput
from adjudicator.games.splatoon import Splatoon
from adjudicator.games.splatoon.state import WEAPON_WORDS, WEAPONS, points
from adjudicator.models import LineRecord
from adjudicator.parser import command_words, parse_command
from adjudicator.roster import Roster
from adjudicator.rulebook import rules
from tests.support import FIXTURES, expected_json, fixtures_of, resolved, rule_ids
from tests.support.splatoon import (
    CFG,
    candidates,
    kinds,
    night,
    run_phase,
    setup_state,
    variant,
    with_gauges,
)

GAMES = fixtures_of("splatoon")


# ---------------------------------------------------------------- whole games

def test_win_game_result() -> None:
    data = expected_json("splatoon-win")
    assert data["finished"] and data["team_won"] == "orange"
    assert data["points"] == {"orange": 37, "purple": 19}
    assert data["winners"] == ["あおい", "いつき", "うみ", "きら", "くるみ", "けい", "こはる", "しずか"]
    assert data["players"]["うみ"]["locked"] == 3 and not data["players"]["うみ"]["alive"]
    assert data["players"]["さとし"]["gauge"] == -2  # a dead squid keeps its last gauge
    assert all(isinstance(p["gauge"], int) and -3 <= p["gauge"] <= 3
               for p in data["players"].values())
    last = data["phases"][-1]
    assert last["id"] == "night6" and "オレンジチームの勝利です" in last["public_post"]
    judged = [p["id"] for p in data["phases"] if "ジャッジくんより" in p["public_post"]]
    assert judged == ["night1", "night3"]  # the mornings of day 2 and day 4


def test_draw_game_result() -> None:
    data = expected_json("splatoon-draw")
    assert data["finished"] and data["team_won"] == "draw" and data["winners"] == []
    assert data["points"] == {"orange": 8, "purple": 8}
    assert "引き分け" in data["phases"][-1]["public_post"]


def test_muted_lines_are_flagged_with_a_diagnostic_and_an_event() -> None:
    data = expected_json("splatoon-win")
    day2 = next(p for p in data["phases"] if p["id"] == "day2")
    assert [d["source"] for d in day2["diagnostics"] if d["code"] == "muted_speech"] == [
        "logs/day2.txt:2"]
    assert [(e["player"], e["cause"]) for e in day2["events"] if e["kind"] == "muted_speech"] \
        == [("せな", "logs/day2.txt:2")]
    votes = [e["player"] for e in day2["events"] if e["kind"] == "vote"]
    assert "せな" in votes  # a splashed squid still votes


# ---------------------------------------------------------------- every rule id
def test_rules_file_is_the_shared_rulebook() -> None:
    assert {k for k in rules() if k.startswith("sp.")} >= rule_ids("splatoon.md") - {"sp.same_team"}


def _all_events() -> list:
    evs = []
    for name in GAMES:
        for ph in resolved(FIXTURES / name).phases:
            evs.extend(ph.events)
    return evs


def test_every_rule_id_is_cited() -> None:
    cited = {e.rule for e in _all_events()}
    em, _ = night({"あおい": 3, "いつき": 1}, [("あおい", "シューター@えいた"),
                                            ("いつき", "ローラー@あおい,うみ,えいた")])
    cited |= {e.rule for e in em.events}
    assert rule_ids("splatoon.md") - cited == set()


# (rule id, night lines, starting gauges, check on the emitter)
RULE_CASES = [
    ("sp.weapon.shooter", {}, [("あおい", "シューター@せな")], lambda st: st.players["せな"].gauge == 2),
    ("sp.weapon.roller", {}, [("いつき", "ローラー@せな,そら,たくみ")],
     lambda st: [st.players[n].gauge for n in ("せな", "そら", "たくみ")] == [1, 1, 1]),
    ("sp.weapon.charger", {}, [("かえで", "チャージャー@せな")], lambda st: st.players["せな"].gauge == -3),
    ("sp.weapon.bomb", {"こはる": 1}, [("こはる", "ボム@せな")],
     lambda st: st.players["せな"].gauge == 1 and st.bombs_left == 2),
    ("sp.special.tornado", {"きら": -1}, [("きら", "トルネード@せな,そら,たくみ")],
     lambda st: [st.players[n].gauge for n in ("せな", "そら", "たくみ")] == [-2, -2, -2]),
    ("sp.special.supershot", {"けい": 1}, [("けい", "スーパーショット@えいた")],
     lambda st: st.players["えいた"].gauge == 2 and st.players["けい"].special_used),
    ("sp.special.sensor", {"くるみ": 1}, [("くるみ", "スーパーセンサー")],
     lambda st: st.players["くるみ"].special_used),
    ("sp.same_team", {}, [("あおい", "シューター@うみ")], lambda st: st.players["うみ"].gauge == 3),
    ("sp.resolve.shooter_first", {}, [("あおい", "シューター@かえで"), ("かえで", "チャージャー@あおい")],
     lambda st: st.players["あおい"].gauge == 3 and st.players["かえで"].gauge == -1),
    ("sp.resolve.roller_slow", {}, [("うみ", "チャージャー@おさむ"), ("おさむ", "ローラー@あおい,せな,そら")],
     lambda st: st.players["せな"].gauge == 0 and st.players["おさむ"].gauge == 0),
    ("sp.resolve.damage", {}, [("うみ", "チャージャー@せな"), ("かえで", "チャージャー@せな")],
     lambda st: st.players["せな"].gauge == 0 and st.permanent["orange"] == 0),
    ("sp.splash", {}, [("うみ", "チャージャー@えいた")],
     lambda st: st.permanent["orange"] == 5 and st.muted == ["えいた"]),
    ("sp.gauge", {}, [("うみ", "チャージャー@えいた"), ("あおい", "シューター@えいた")],
     lambda st: st.players["えいた"].gauge == 2),
    ("sp.weapon.who", {}, [("かえで", "チャージャー@せな")],
     lambda st: st.players["せな"].revealed and st.players["せな"].gauge == -3),
    ("sp.resolve.team", {"せな": -1}, [("かえで", "チャージャー@せな"), ("うみ", "チャージャー@かえで")],
     lambda st: st.players["せな"].gauge == -1 and st.players["かえで"].gauge == 0),
    ("sp.notice", {}, [("こはる", "ボム@あおい")], lambda st: True),
    ("sp.points", {}, [], lambda st: points(st) == {"orange": 9, "purple": 9}),
]


@pytest.mark.parametrize("rule,gauges,lines,check", RULE_CASES, ids=[c[0] for c in RULE_CASES])
def test_rule_effect(rule: str, gauges: dict, lines: list, check) -> None:
    if rule == "sp.notice":
        gauges = {"こはる": -1}
    em, rejected = night(gauges, lines)
    assert rejected == []
    assert rule in {e.rule for e in em.events}, rule
    assert check(em.state), rule


def test_notice_hides_the_bomb_thrower() -> None:
    em, _ = night({"こはる": -1}, [("こはる", "ボム@あおい"), ("えいた", "シューター@あおい")])
    note = next(e for e in kinds(em.events, "gauge_notice") if e.to == "あおい")
    assert {h["by"] for h in note.data["attacks"]} == {None, "えいた"}
    assert "こはる" not in json.dumps(note.data, ensure_ascii=False)
    _post, private, _ledger = variant().render(em.state, em.state, _phase("night2"), em.events)
    assert "ボム（投げた人は不明・" in private["あおい"][0] and "こはる" not in private["あおい"][0]


def _phase(pid: str) -> PhaseInput:
    return PhaseInput(id=pid, actions=[], directives=[], extra_logs={}, lines=[])


def test_execute_locks_the_gauge() -> None:
    v = variant()
    st = with_gauges(setup_state(v), {"えいた": -2})
    cands, _ = candidates(v, st, "day2", [("あおい", "投票@えいた"), ("うみ", "投票@えいた")])
    em = run_phase(v, st, "day2", cands)
    assert em.state.permanent["purple"] == 2 and em.state.players["えいた"].locked == -2
    assert points(em.state) == points(st)  # locking moves points, it does not add any
    assert "sp.execute" in {e.rule for e in em.events}


def test_judge_and_result_mornings() -> None:
    for phase, want in (("night1", "sp.judge.report"), ("night3", "sp.judge.report"),
                        ("night6", "sp.win")):
        em, _ = night({}, [], phase=phase)
        assert want in {e.rule for e in em.events}
    em, _ = night({}, [], phase="night2")
    assert not kinds(em.events, "judge_report") and not kinds(em.events, "result")


def test_muted_squid_lines() -> None:
    v = variant()
    st = setup_state(v).model_copy(update={"muted": ["せな"]})
    recs = [LineRecord(ref="logs/day2.txt:1", speaker="せなさん", text="しゃべっちゃった",
                       disposition="chatter"),
            LineRecord(ref="logs/day2.txt:2", speaker="そら", text="やあ", disposition="chatter")]
    diags = v.review_lines(st, "day2", recs)
    assert [(d.code, d.source) for d in diags] == [("muted_speech", "logs/day2.txt:1")]
    em = run_phase(v, st, "day2", [], recs)
    assert [e.player for e in kinds(em.events, "muted_speech")] == ["せな"]
    assert em.state.muted == []


# ---------------------------------------------------------------- hand-computed nights
# (name, start gauges, lines, expected gauges after, expected permanent points)
NIGHTS = [
    ("mutual shooters", {}, [("あおい", "シューター@えいた"), ("えいた", "シューター@あおい")],
     {"あおい": 1, "えいた": -1}, {"orange": 0, "purple": 0}),
    ("two rollers on each other", {},
     [("いつき", "ローラー@おさむ,せな,そら"), ("おさむ", "ローラー@いつき,せな,そら")],
     {"いつき": 3, "おさむ": -3, "せな": 0, "そら": 0}, {"orange": 0, "purple": 0}),
    ("a voided special is spent", {"きら": 2},
     [("きら", "トルネード@えいた,おさむ,かえで"), ("えいた", "シューター@きら")],
     {"きら": 0, "えいた": -3, "おさむ": -3, "かえで": -3}, {"orange": 0, "purple": 0}),
    ("a bomb beyond the third", {"こはる": 1, "さとし": 1, "しずか": -1},
     [("しずか", "ボム@あおい"), ("さとし", "ボム@そら"), ("こはる", "ボム@せな")],
     {"あおい": 2, "そら": 1, "せな": 0}, {"orange": 0, "purple": 0}),
    ("a colourless attacker", {}, [("せな", "シューター@あおい"), ("うみ", "チャージャー@かえで")],
     {"あおい": 3, "かえで": 0}, {"orange": 5, "purple": 0}),
    ("+3 to −3 in one night", {"せな": -1},
     [("かえで", "チャージャー@あおい"), ("おさむ", "ローラー@あおい,そら,たくみ"),
      ("せな", "シューター@あおい")],
     {"あおい": -3, "そら": -1, "たくみ": -1}, {"orange": 0, "purple": 5}),
    ("shooter voids a roller, roller then cannot void", {},
     [("あおい", "シューター@おさむ"), ("おさむ", "ローラー@いつき,せな,そら"),
      ("いつき", "ローラー@おさむ,せな,そら")],
     {"おさむ": 0, "いつき": 3, "せな": 1, "そら": 1}, {"orange": 5, "purple": 0}),
    ("clamped at −3: the move counts after clamping", {"せな": 1},
     [("かえで", "チャージャー@せな"), ("えいた", "シューター@せな"), ("うみ", "チャージャー@せな")],
     {"せな": -3}, {"orange": 0, "purple": 5}),
]


@pytest.mark.parametrize("name,gauges,lines,after,permanent", NIGHTS, ids=[n[0] for n in NIGHTS])
def test_hand_computed_night(name: str, gauges: dict, lines: list, after: dict,
                             permanent: dict) -> None:
    em, rejected = night(gauges, lines, bombs_left=2 if "bomb" in name else 3)
    if name == "a colourless attacker":
        assert rejected == [("せな", "colourless")]
    else:
        assert rejected == []
    got = {n: em.state.players[n].gauge for n in after}
    assert got == after
    assert em.state.permanent == permanent
    if name == "a voided special is spent":
        assert em.state.players["きら"].special_used
        assert kinds(em.events, "voided")[0].data["spent"] is True
    if name == "a bomb beyond the third":
        assert [e.player for e in kinds(em.events, "bomb_dud")] == ["こはる"]
        assert em.state.bombs_left == 0


# ---------------------------------------------------------------- setup and vocabulary
def test_rejections_carry_a_japanese_reason_and_rule() -> None:
    cases = {
        ("こはる", "ボム@あおい"): ("colourless", "sp.weapon.who"),
        ("あおい", "ローラー@えいた,おさむ,かえで"): ("wrong_weapon", "sp.weapon.who"),
        ("いつき", "ローラー@えいた,おさむ"): ("target_count", "sp.weapon.roller"),
        ("いつき", "ローラー@えいた,えいた,おさむ"): ("duplicate_target", "sp.weapon.roller"),
        ("あおい", "シューター@あおい"): ("self_target", "sp.weapon.shooter"),
    }
    v = variant()
    st = setup_state(v)
    roster = Roster(v.roster_entries())
    for (actor, text), (code, rule) in cases.items():
        action = parse_command(text, roster, "splatoon", transformer=v.transformer)
        with pytest.raises(IllegalActionError) as info:
            v.validate(st, "night1", actor, action, {})
        assert (info.value.code, info.value.rule) == (code, rule)
        assert re.search(r"[ぁ-んァ-ン一-龥]", info.value.reason_ja)


def test_specials_are_drawn_and_recorded() -> None:
    v = variant()
    st = setup_state(v)
    specials = {n: p.special for n, p in st.players.items() if p.weapon == "special"}
    assert sorted(specials.values()) == ["sensor", "supershot", "tornado"]
    assert specials["きら"] == "tornado"  # named in game.toml


def test_config_problems() -> None:
    raw = CFG.model_dump()
    raw["players"] = raw["players"][:15]
    raw["options"] = {"initial_gauge": 5, "bites": True}
    problems = Splatoon.config_problems(GameConfig.model_validate(raw))
    assert any("15 players" in p for p in problems)
    assert any("options.initial_gauge" in p for p in problems)
    assert any("options.bites" in p for p in problems)
    raw = CFG.model_dump()
    raw["players"][0]["weapon"] = "ボム"
    problems = Splatoon.config_problems(GameConfig.model_validate(raw))
    assert any("orange squids" in p for p in problems)


def test_every_weapon_word_is_a_command() -> None:
    words = set(command_words("splatoon"))
    for wid, (ja, _d, _n, rule) in WEAPONS.items():
        assert ja in words, ja
        assert WEAPON_WORDS[ja] == wid and rule in rules()
