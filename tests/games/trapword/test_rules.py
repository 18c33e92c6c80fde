"""One check per rule id of rules/trapword.md (table-driven over the fixture games)."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.config.load import GameConfig
from adjudicator.games.trapword import TrapWord
from adjudicator.games.trapword import deck as D
from adjudicator.games.trapword import rounds as R
from tests.support import FIXTURES, exported, rule_ids
from tests.support.trapword import (
    all_events,
    answer_then_call_game,
    fight_fail_game,
    gm_after_answer_game,
    late_call_game,
    result,
    silent_timeout_game,
    trap_lines_game,
    untimed_tiebreak_game,
)


def game(name: str) -> dict[str, Any]:
    return exported(FIXTURES / f"trapword-{name}")


def events(name: str, kind: str | None = None, rule: str | None = None) -> list[dict[str, Any]]:
    return [e for p in game(name)["phases"] for e in p["events"]
            if (kind is None or e["kind"] == kind) and (rule is None or e["rule"] == rule)]


def cfg(**options: Any) -> GameConfig:
    return GameConfig(variant="trapword", options=options, teams=[
        {"name": "赤", "members": ["a", "b"], "first": True}, {"name": "青", "members": ["c", "d"]}])


def _foul() -> R.Turn:
    spec = R.TurnSpec(team="赤", other="青", giver="a", answerers=("b",), secret="犬",
                      traps=[], rules=D.Rules(), hourglass=None, answer_limit=5, window=10,
                      tolerance=0, auto=False, strict_proper=False, by_reading=True)
    moves = [R.Move(0, "x:1", None, "a", "赤", "say", "ワンと鳴く"),
             R.Move(1, "x:2", None, "GM", None, "foul", "実例です")]
    return R.judge_turn(moves, 0, 2, spec, TrapWord(cfg()).judge)


def _rejected(name: str, rule: str) -> bool:
    return any(e["code"] != "superseded" for e in events(name, "rejected", rule))


CHECKS = {
    "tw.setup.tiles": lambda: TrapWord(cfg()).initial_state().tiles == [3, 4, 5, 6, 7],
    "tw.setup.teams": lambda: bool(TrapWord.config_problems(cfg(trap_mode="x")))
    and not TrapWord.config_problems(cfg()),
    "tw.setup.monster": lambda: events("lose", "draw", "tw.setup.monster")
    and events("win", "monster_placed")[0]["amount"] == 3,
    "tw.setup.curses": lambda: len(events("lose", "curse_placed")) == 2
    and [e["amount"] for e in events("lose", "curse_placed")] == [2, 5],
    "tw.deck": lambda: D.sample_deck().name.startswith("adjudicator")
    and D.hint_breaks(D.combine([D.sample_deck().card("no_kana")]), "ボール", 1) is not None,
    "tw.round.secret": lambda: events("lose", "draw", "tw.round.secret")
    and events("win", "secret_set")[0]["source"] == "gm",
    "tw.trap.count": lambda: _rejected("win", "tw.trap.count"),
    "tw.trap.when": lambda: [e["code"] for e in all_events(trap_lines_game(), "rejected")
                             if e["rule"] == "tw.trap.when"] == ["trap_late"] * 3,
    "tw.trap.pos": lambda: TrapWord(cfg()).judge.pos_problem("それ") is not None
    and [e["word"] for e in all_events(trap_lines_game(), "rejected")
         if e["rule"] == "tw.trap.pos"] == ["それ"],
    "tw.round.order": lambda: events("win", "turn_order")[1]["teams"] == ["青", "赤"],
    "tw.turn.time": lambda: any(e["reason"] == "timeout" for e in events("win", "turn_result"))
    and any(d["code"] == "no_times" for d in game("lose")["phases"][0]["diagnostics"])
    and result(silent_timeout_game(), "青")["reason"] == "illegal",
    "tw.hint": lambda: len(events("win", "hint")) >= 8,
    "tw.hint.secret": lambda: any(e["reason"] == "illegal" for e in events("win", "turn_result")),
    "tw.hint.proper": lambda: TrapWord(cfg()).judge.proper_nouns("東京の塔") == ["東京"],
    "tw.hint.gm": lambda: _foul().reason == "foul" and _foul().rule == "tw.hint.gm",
    "tw.answer.every_line": lambda: len(events("win", "answer")) >= 10,
    "tw.answer.limit": lambda: any(e["reason"] == "answers"
                                   for e in events("win", "turn_result")),
    "tw.answer.contains": lambda: any(e.get("right") == "reading"
                                      for e in events("win", "answer"))
    and TrapWord(cfg()).judge.answer_matches("はさみ", "歯") is None,
    "tw.trap.trigger": lambda: any(e["reason"] == "trap" for e in events("win", "turn_result")),
    "tw.trap.exact": lambda: TrapWord(cfg()).judge.grade("ボールを蹴る", "ボール").grade
    == "definite",
    "tw.trap.part": lambda: TrapWord(cfg()).judge.grade("ボール", "バスケットボール").code
    == "part",
    "tw.trap.paraphrase": lambda: TrapWord(cfg(synonyms={"科学": ["SF"]})).judge.grade(
        "SF", "科学").grade == "likely",
    "tw.trap.homonym": lambda: TrapWord(cfg()).judge.grade("橋", "箸").grade == "none",
    "tw.trap.call": lambda: any(e["result"] == "sprung" for e in events("win", "call"))
    and result(late_call_game(), "赤")["reason"] == "trap"
    and result(answer_then_call_game(), "赤")["void_answer"] == "犬",
    "tw.trap.gm": lambda: any(e["result"] == "rejected_by_gm" for e in events("win", "call"))
    and result(gm_after_answer_game(), "赤")["rule"] == "tw.trap.gm",
    "tw.trap.missed": lambda: bool(events("lose", "trap_missed"))
    and not events("win", "trap_missed"),  # 赤 called (late) in round 1: not "missed"
    "tw.fail": lambda: {e["reason"] for e in events("win", "turn_result")}
    >= {"trap", "illegal", "answers", "timeout"},
    "tw.advance": lambda: bool(events("win", "advanced")),
    "tw.monster.approach": lambda: bool(events("lose", "monster_moved"))
    and bool(events("lose", "curse_moved")) and not all_events(fight_fail_game(), "monster_moved"),
    "tw.torch": lambda: len(events("lose", "torch_passed")) == 16,
    "tw.curse": lambda: bool(events("lose", "curse_revealed"))
    and bool(events("lose", "curse_discarded")),
    "tw.monster.fight": lambda: game("win")["winners"] == ["たろう", "はなこ", "じろう"],
    "tw.monster.both": lambda: events("tiebreak", "game_over")[0]["rule"] == "tw.monster.both",
    "tw.tiebreak": lambda: events("tiebreak", "tiebreak")[0]["teams"] == ["みどり"]
    and not untimed_tiebreak_game()["finished"],
    "tw.end": lambda: events("lose", "game_over")[0]["result"] == "both_lose",
}


def test_every_rule_id_has_a_check() -> None:
    assert set(rule_ids("trapword.md")) <= set(CHECKS), set(rule_ids("trapword.md")) - set(CHECKS)


@pytest.mark.parametrize("rule", sorted(CHECKS))
def test_rule(rule: str) -> None:
    assert CHECKS[rule]()
