"""Trap Word properties (hypothesis), over whole random games (rules/trapword.md): up to
nine round logs of any lines from anyone (secret words, trap lines, 開始@, hints,
answers, calls, the GM's rulings, 時間切れ, 勝者@), with or without times, any tiles,
monster, curses and tiebreak option, resolved by the engine as a GM's logs are.  After
every round: no piece is past the monster and the pieces and the monster stay on the
board; a piece moves one room forward exactly when its team's turn succeeded outside the
monster's room (tw.advance); the monster only ever steps one room back, and only in a
round both teams failed with neither fighting it (tw.monster.approach); each team's
torch passes once a played round (tw.torch); a played round has one result a team; a
turned-up curse is gone by the round's end (tw.curse); no team holds more trap words than
its limit (tw.trap.count); the game ends with a monster beaten or after round 8 and
nothing changes after (tw.monster.fight, tw.end); every line is read once; and the same
logs give the same JSON."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.engine import Game, resolve_game
from adjudicator.export import export_game
from adjudicator.games.trapword.state import ROUNDS, TwState
from tests.support import kinds
from tests.support.trapword import write_game

SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
TEAMS = {"赤": ["a", "b"], "青": ["c", "d"]}
SECRETS = ["犬", "猫", "桜", "電車"]
TRAPS = ["散歩", "首輪", "ひげ", "鳴く", "それ", "花", "線路", "春", "に"]
HINTS = ["散歩が好きな動物", "ワンと鳴く", "ニャーと鳴く", "ひげがある", "春に咲く花",
         "線路を走る", "犬のなかま", "首輪をつける", "ふさふさ", "いぬ"]
ANSWERS = ["犬", "猫", "桜", "電車", "いぬ", "ねこ", "さくら", "鳥", "やったー"]
GM = ["開始@赤", "開始@青", "トラップ成立", "トラップ不成立", "不正@鳴き声の実演です",
      "時間切れ", "勝者@赤", "勝者@青"]


@st.composite
def round_log(draw: Any, timed: bool) -> list[str]:
    """One round's log: usually both secret words first, then any lines from anyone."""
    lines: list[tuple[str, str]] = []
    for team in TEAMS:
        if draw(st.integers(0, 9)):
            lines.append(("GM", f"秘密@{team} {draw(st.sampled_from(SECRETS))}"))
    member = st.sampled_from([m for ms in TEAMS.values() for m in ms])
    line = st.one_of(
        st.tuples(member, st.lists(st.sampled_from(TRAPS), min_size=1, max_size=4).map(
            lambda ws: "トラップ@" + "、".join(ws))),
        st.tuples(member, st.sampled_from(HINTS)),
        st.tuples(member, st.sampled_from(ANSWERS)),
        st.tuples(member, st.sampled_from(["トラップ", "トラップ！"])),
        st.tuples(st.just("GM"), st.sampled_from(GM)),
    )
    lines += draw(st.lists(line, max_size=24))
    if not timed:
        return [f"{who}: {text}" for who, text in lines]
    out, clock = [], 20 * 3600
    for who, text in lines:
        clock += draw(st.integers(0, 45))
        out.append(f"[{clock // 3600:02d}:{clock // 60 % 60:02d}:{clock % 60:02d}] {who}: {text}")
    return out


@st.composite
def games(draw: Any) -> tuple[dict[str, Any], list[list[str]]]:
    options: dict[str, Any] = {
        "tiles": draw(st.sampled_from([[3, 4, 5, 6, 7], [1, 1, 2], [2, 3], [1, 2, 3, 4]])),
        "curses": draw(st.integers(0, 2)),
        "monster": draw(st.sampled_from(["sand_golem", "whisper_bat", "mirror_slime"])),
        "single_winner": draw(st.booleans()),
        "trap_mode": draw(st.sampled_from(["call", "auto"])),
        "hourglass_seconds": draw(st.sampled_from([30, 120])),
        "seed": draw(st.integers(0, 2**16)),
    }
    timed = draw(st.booleans())
    rounds = draw(st.lists(round_log(timed), min_size=1, max_size=ROUNDS + 1))
    return options, rounds


def resolve(options: dict[str, Any], rounds: list[list[str]]) -> tuple[Game, str]:
    with tempfile.TemporaryDirectory(prefix="tw-prop-") as tmp:
        game = resolve_game(write_game(Path(tmp) / "g", *rounds, **options))
        return game, json.dumps(export_game(game), ensure_ascii=False, sort_keys=True)


@SETTINGS
@given(games())
def test_every_round_keeps_the_board_as_the_rules_move_it(game_logs: Any) -> None:
    options, rounds = game_logs
    game, _json = resolve(options, rounds)
    last = len(options["tiles"])
    before: TwState = game.initial
    for ph, after in zip(game.phases, game.states, strict=True):
        events = ph.events
        # nothing moves once the game is over
        if before.finished:
            assert after == before, ph.id
            continue
        results = {e.target: e for e in kinds(events, "turn_result")}
        pending = bool(kinds(events, "round_pending"))
        if pending:
            assert not results and after.teams == before.teams and after.round == before.round
        else:
            assert set(results) == set(TEAMS), (ph.id, sorted(results))  # one result a team
            assert after.round == int(ph.id.removeprefix("round"))
        fighting = {t for t, s in before.teams.items() if s.room == before.monster_room}
        for name, team in after.teams.items():
            was = before.teams[name]
            assert 1 <= team.room <= after.monster_room <= last  # never past the monster
            step = team.room - was.room
            success = not pending and bool(results[name].data.get("success"))
            assert step == (1 if success and name not in fighting else 0), (ph.id, name)
            if not pending:  # tw.torch: the next member gives the hints
                assert team.torch == (was.torch + 1) % len(was.members), (ph.id, name)
        back = before.monster_room - after.monster_room
        assert back in (0, 1), ph.id
        if back:
            assert not fighting and not any(r.data.get("success") for r in results.values())
        assert all(1 <= c.room <= last for c in after.curses), ph.id
        if not pending:  # a curse turned up holds for the round it is played, then goes
            assert not any(c.revealed for c in after.curses), ph.id
        set_by: dict[str, int] = {}
        for e in kinds(events, "traps_set"):
            set_by[e.target] = set_by.get(e.target, 0) + len(e.data["words"])
        info = kinds(events, "round_info")
        for setter, count in set_by.items():  # tw.trap.count: never over the limit
            other = next(t for t in TEAMS if t != setter)
            assert count <= info[0].data["teams"][other]["limit"], (ph.id, setter, count)
        if after.finished and not before.finished:
            (over,) = kinds(events, "game_over")
            assert set(after.winning_teams) <= fighting  # only a team that fought wins
            assert after.winners == [m for t in after.winning_teams for m in TEAMS[t]]
            assert after.winning_teams or after.round == ROUNDS
        if after.round == ROUNDS and not pending and not kinds(events, "tiebreak_pending"):
            assert after.finished  # tw.end: eight rounds at most
        before = after


@SETTINGS
@given(games())
def test_every_line_is_read_once_and_the_same_logs_give_the_same_json(game_logs: Any) -> None:
    options, rounds = game_logs
    game, first = resolve(options, rounds)
    for ph, log in zip(game.phases, rounds, strict=False):
        refs = [rec.ref for rec in ph.lines]
        assert len(refs) == len(set(refs)), ph.id
        assert len(refs) == len(log), (ph.id, len(refs), len(log))
    _game, second = resolve(options, rounds)
    assert first == second


def test_a_known_game_advances_the_winner_and_moves_the_monster_after_two_failures() -> None:
    """The harness is not vacuous: 赤 succeeds and moves one room; then both fail and
    the monster steps one room back."""
    win = ["[20:00:00] GM: 秘密@赤 犬", "[20:00:01] GM: 秘密@青 猫",
           "[20:00:05] a: ワンと鳴く", "[20:00:09] b: 犬",
           "[20:03:00] c: ひげがある", "[20:03:10] GM: 時間切れ"]
    fail = ["[20:00:00] GM: 秘密@赤 桜", "[20:00:01] GM: 秘密@青 電車",
            "[20:00:05] b: 春に咲く花", "[20:00:08] GM: 時間切れ",
            "[20:03:00] d: 線路を走る", "[20:03:10] GM: 時間切れ"]
    game, _json = resolve({"tiles": [3, 4, 5, 6, 7], "curses": 0}, [win, fail])
    first, second = game.states
    assert (first.teams["赤"].room, first.teams["青"].room, first.monster_room) == (2, 1, 5)
    assert (second.teams["赤"].room, second.monster_room) == (2, 4)
