"""Whole Trap Word rounds for calls, GM rulings, time and trap lines (issue 18).

Each test plays a small game of our own (game.toml + logs written to a temporary
folder) and checks the round's result, events, line dispositions and notices against
the rules that changed: tw.trap.call (every hint in the window; other lines do not end
it; a right answer before a valid call is void), tw.trap.gm (the GM's word decides,
even after a right answer and against the grade), tw.turn.time (a silent timeout with no
`開始@`), tw.trap.when (late trap lines), tw.trap.pos (word by word),
tw.answer.contains (same reading), tw.monster.approach (a fight never moves the
monster), tw.tiebreak (a log without times waits for `勝者@`).
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.config.load import GameConfig
from adjudicator.games.trapword import TrapWord
from adjudicator.games.trapword import deck as D
from adjudicator.games.trapword import rounds as R
from tests.support.trapword import (
    BLUE_WINS,
    HEAD,
    ROUND2_BOTH_WIN,
    ROUND_BOTH_WIN,
    answer_then_call_game,
    codes,
    events,
    fight_fail_game,
    gm_after_answer_game,
    late_call_game,
    play,
    private,
    result,
    silent_timeout_game,
    trap_lines_game,
    untimed_tiebreak_game,
)

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


# ------------------------------------------------------------ tw.trap.call


def test_call_checked_against_every_hint_in_its_window() -> None:
    data = late_call_game()
    red = result(data, "赤")
    assert (red["success"], red["reason"], red["rule"]) == (False, "trap", "tw.trap.call")
    assert red["detail"] == "トラップ発動：「散歩」そのものを含みます"
    (call,) = events(data, "call")
    assert call["hint"] == "散歩が好きな動物" and call["result"] == "sprung"
    assert call["hints"] == ["散歩が好きな動物", "毛がふさふさ"]
    assert not events(data, "trap_missed"), "a trap that was called is not 'missed'"
    assert private(data, "a")[-1] == (
        "【第1ラウンド終了後】\n"
        "あなたのヒント「散歩が好きな動物」がトラップワード「散歩」に当たり、トラップが発動しました"
        "（コール：cさん）。\n理由：「散歩」そのものを含みます。\n赤チームのこの手番は失敗です。")
    assert "コール：cさん（ヒント「散歩が好きな動物」）→トラップ発動" in data["phases"][0][
        "public_post"]


def test_call_outside_every_window_springs_nothing() -> None:
    data = play([*HEAD, "[20:00:02] c: トラップ@散歩", "[20:00:05] GM: 開始@赤",
                 "[20:00:10] a: 散歩が好きな動物", "[20:00:14] a: 毛がふさふさ",
                 "[20:00:30] c: トラップ", "[20:00:35] b: 犬", *BLUE_WINS])
    assert result(data, "赤")["success"]
    assert [c["result"] for c in events(data, "call")] == ["no_hint"]
    assert [e["hint"] for e in events(data, "trap_missed")] == ["散歩が好きな動物"]


def test_right_answer_before_a_valid_call_is_void() -> None:
    data = answer_then_call_game()
    red = result(data, "赤")
    assert (red["success"], red["reason"], red["void_answer"]) == (False, "trap", "犬")
    assert red["elapsed"] is None
    (call,) = events(data, "call")
    assert call["player"] == "d" and call["after_answer"] is True
    right = [e for e in events(data, "answer") if e["right"] and e["target"] == "赤"]
    assert [(e["text"], e.get("void")) for e in right] == [("犬", True)]
    assert "先に出た正解「犬」は無効になります。" in private(data, "a")[-1]
    assert result(data, "青")["success"], "the next turn is read as usual"
    assert data["positions"] == {"赤": 1, "青": 2}


# ------------------------------------------------------------ tw.trap.gm


def test_gm_ruling_after_a_right_answer_decides_the_turn() -> None:
    data = gm_after_answer_game()
    red = result(data, "赤")
    assert (red["success"], red["reason"], red["rule"]) == (False, "trap", "tw.trap.gm")
    # the judge finds 散歩 plausible (歩): the GM's ruling names it, not 「関係する語…」
    assert red["detail"] == "トラップ発動（GM判定）：トラップワード「散歩」"
    assert red["void_answer"] == "犬"
    (ruling,) = events(data, "trap_ruling")
    assert ruling["no_call"] is True and ruling["after_answer"] is True
    assert ruling["words"] == ["散歩"]
    assert "trap_without_call" in codes(data)
    assert private(data, "a")[-1] == (
        "【第1ラウンド終了後】\n"
        "あなたのヒント「毎朝いっしょに歩く」がトラップワード「散歩」に当たり、トラップが発動しました"
        "（GMの判定）。\n理由：GMがトラップと判定しました（「歩」は「散歩」の一文字の一部です）。\n"
        "先に出た正解「犬」は無効になります。\n赤チームのこの手番は失敗です。")
    blue = result(data, "青")
    assert (blue["success"], blue["reason"], blue["void_answer"]) == (False, "foul", "猫")
    assert data["monster"] == 4, "both failed: the monster approaches"


def test_gm_names_the_trap_word() -> None:
    data = play([*HEAD, "[20:00:02] c: トラップ@散歩、首輪", "[20:00:05] GM: 開始@赤",
                 "[20:00:10] a: お手をする", "[20:00:12] c: トラップ",
                 "[20:00:14] GM: トラップ成立@首輪", *BLUE_WINS])
    red = result(data, "赤")
    assert red["detail"] == "トラップ発動（GM判定）：トラップワード「首輪」"
    assert "トラップワード「首輪」に当たり、トラップが発動しました（GMの判定）" in private(data, "a")[-1]
    assert "trap_without_call" not in codes(data)


def test_gm_trap_no_overrules_a_definite_grade() -> None:
    data = play([*HEAD, "[20:00:02] c: トラップ@散歩", "[20:00:05] GM: 開始@赤",
                 "[20:00:10] a: 散歩させる動物", "[20:00:12] c: トラップ",
                 "[20:00:20] GM: トラップ不成立", "[20:00:25] b: 犬", *BLUE_WINS])
    red = result(data, "赤")
    assert red["success"] and red["detail"] == "「犬」で正解（犬）"
    (call,) = events(data, "call")
    assert call["grade"] == "definite" and call["result"] == "overruled_by_gm"
    (hint,) = [e for e in events(data, "hint") if e["target"] == "赤"]
    assert hint["gm"] == "no" and not hint["sprung"]
    assert not events(data, "trap_missed")


def test_gm_trap_no_overrules_auto_mode() -> None:
    data = play([*HEAD, "[20:00:02] c: トラップ@散歩", "[20:00:05] GM: 開始@赤",
                 "[20:00:10] a: 散歩させる動物", "[20:00:20] GM: トラップ不成立",
                 "[20:00:25] b: 犬", *BLUE_WINS], trap_mode="auto")
    assert result(data, "赤")["success"]


# ------------------------------------------------------------ tw.turn.time


def test_silent_timeout_without_start_lines() -> None:
    data = silent_timeout_game()
    red = result(data, "赤")
    assert (red["reason"], red["detail"]) == ("timeout", "時間切れです（制限時間120秒）")
    assert red["cause"] == "logs/round1.txt:4", "the turn ends at its hourglass"
    blue = result(data, "青")
    assert (blue["reason"], blue["rule"]) == ("illegal", "tw.hint.secret")
    (start,) = [e for e in events(data, "turn_started") if e["target"] == "青"]
    assert start["cause"] == "logs/round1.txt:7", "青's first hint starts its turn"
    assert [e["text"] for e in events(data, "hint") if e["target"] == "青"] == ["猫の仲間"]
    assert start["traps"] == ["ひげ"]


def test_timeout_first_hint_can_spring_a_trap() -> None:
    data = play([*HEAD, "[20:00:02] a: トラップ@ひげ", "[20:00:10] a: ワンと鳴く",
                 "[20:02:30] c: ひげがある", "[20:02:32] a: トラップ", "[20:02:40] d: 猫"])
    assert result(data, "赤")["reason"] == "timeout"
    blue = result(data, "青")
    assert (blue["reason"], blue["detail"]) == ("trap", "トラップ発動：「ひげ」そのものを含みます")


def test_no_times_only_the_gm_ends_a_turn() -> None:
    data = play(["GM: 秘密@赤 犬", "GM: 秘密@青 猫", "a: ワンと鳴く", "b: ねこ",
                 "GM: 時間切れ", "c: ニャーと鳴く", "d: 猫"])
    assert "no_times" in codes(data)
    assert result(data, "赤")["reason"] == "timeout"
    assert result(data, "青")["success"]


# ------------------------------------------------------------ tw.trap.when / tw.trap.pos


def test_trap_lines_after_the_first_hint_are_rejected() -> None:
    data = trap_lines_game()
    late = [e for e in events(data, "rejected") if e["rule"] == "tw.trap.when"]
    assert [(e["cause"], e["player"]) for e in late] == [
        ("logs/round1.txt:6", "d"), ("logs/round1.txt:8", "GM"), ("logs/round1.txt:12", "b")]
    starts = {e["target"]: e["traps"] for e in events(data, "turn_started")}
    # 赤's own trap line during 赤's turn guards 青's later turn: it stands
    assert starts == {"赤": ["散歩", "首輪"], "青": ["ひげ"]}
    assert result(data, "青")["reason"] == "trap"
    assert private(data, "d")[-1] == (
        "20:00:12の「トラップ@しっぽ」は受け付けられませんでした：赤チームのヒントが始まった後の"
        "トラップワードは設定できません（トラップはヒントの前に設定します）。")
    lines = {r["ref"]: r for r in data["phases"][0]["lines"]}
    assert lines["logs/round1.txt:6"]["disposition"] == "rejected"
    assert lines["logs/round1.txt:7"]["disposition"] == "accepted"


def test_each_trap_word_is_judged_on_its_own() -> None:
    data = trap_lines_game()
    (pos,) = [e for e in events(data, "rejected") if e["rule"] == "tw.trap.pos"]
    assert pos["word"] == "それ" and pos["to"] == "c"
    assert private(data, "c")[3] == (
        "20:00:02の「トラップ@それ、散歩、首輪」のうち「それ」は受け付けられませんでした："
        "「それ」は代名詞なのでトラップワードにできません（名詞・形容詞・副詞・動詞・数詞のみ）。")
    assert "（2個／3個まで）：散歩、首輪" in private(data, "c")[2]
    only_bad = play([*HEAD, "[20:00:02] c: トラップ@それ、に", "[20:00:05] GM: 開始@赤",
                     "[20:00:10] a: ワンと鳴く", "[20:00:20] b: 犬", *BLUE_WINS])
    lines = {r["ref"]: r for r in only_bad["phases"][0]["lines"]}
    assert lines["logs/round1.txt:3"]["disposition"] == "rejected"


# ------------------------------------------------------------ tw.answer.contains
def test_reading_must_be_the_same() -> None:
    data = play(["[20:00:00] GM: 秘密@赤 歯", "[20:00:01] GM: 秘密@青 火",
                 "[20:00:05] GM: 開始@赤", "[20:00:10] a: 口の中で白く並ぶ",
                 "[20:00:12] b: はさみ", "[20:00:14] b: は", "[20:01:00] GM: 開始@青",
                 "[20:01:05] c: 燃えて熱い", "[20:01:08] d: ひこうき", "[20:01:10] d: ひ"])
    assert [(e["text"], e["right"]) for e in events(data, "answer")] == [
        ("はさみ", None), ("は", "reading"), ("ひこうき", None), ("ひ", "reading")]


# ------------------------------------------------------------ tw.monster / tw.tiebreak


# the torch passes: a and c give hints in round 1, b and d in round 2


def test_a_fight_never_moves_the_monster() -> None:
    data = fight_fail_game()
    assert data["positions"] == {"赤": 2, "青": 2} and data["monster"] == 2
    assert {e["reason"] for e in events(data, "turn_result", 1)} == {"timeout"}
    assert not events(data, "monster_moved", 1), "both fought and failed: no approach"


def test_tiebreak_without_times_waits_for_the_gm() -> None:
    data = untimed_tiebreak_game()
    assert not data["finished"] and data["winners"] == []
    (diag,) = [d for d in data["phases"][1]["diagnostics"] if d["code"] == "tiebreak_needs_gm"]
    assert diag["level"] == "error" and "round 2" in diag["message"]
    assert "勝者@" in diag["message"] and "勝者@チーム名" in diag["reason_ja"]
    assert "勝者はGMの「勝者@チーム名」で決まります" in data["phases"][1]["public_post"]
    settled = play(ROUND_BOTH_WIN, [*ROUND2_BOTH_WIN, "GM: 勝者@青"], tiles=[3, 4],
                   single_winner=True)
    assert settled["finished"] and settled["winners"] == ["c", "d"]
    (tb,) = events(settled, "tiebreak", 1)
    assert tb["by_gm"] is True and tb["teams"] == ["青"]
    assert "★ 両チームがモンスターを倒し、GMの判定により青チームの勝利です。" in (
        settled["phases"][1]["public_post"])


# ------------------------------------------------------------ properties (tw.trap.call, tw.trap.gm)
TRAP_HINT, PLAIN_HINT = "散歩に行く", "毛がふさふさ"
JUDGE = TrapWord(GameConfig(variant="trapword", options={}, teams=[
    {"name": "赤", "members": ["a", "b"], "first": True},
    {"name": "青", "members": ["c", "d"]}])).judge
SPEC = R.TurnSpec(team="赤", other="青", giver="a", answerers=("b",), secret="犬",
                  traps=["散歩"], rules=D.Rules(), hourglass=None, answer_limit=5, window=10,
                  tolerance=0, auto=False, strict_proper=False, by_reading=True)
hint_lists = st.lists(st.tuples(st.integers(0, 60), st.booleans()), min_size=1, max_size=5)


def _moves(hints: list[tuple[int, bool]], extra: list[tuple[int, str, str, str]]
           ) -> list[R.Move]:
    """The turn's moves in time order: hints (time, springs?) by a, then ``extra``
    (time, actor, team, kind) lines; a tie keeps hints first."""
    rows = [(t, 0, "a", "赤", "say", TRAP_HINT if trap else PLAIN_HINT) for t, trap in hints]
    rows += [(t, 1, actor, team, kind, "トラップ" if kind == "call" else "")
             for t, actor, team, kind in extra]
    rows.sort(key=lambda r: (r[0], r[1]))
    return [R.Move(i, f"x:{i}", float(t), actor, team or None, kind, text)
            for i, (t, _o, actor, team, kind, text) in enumerate(rows)]


@SETTINGS
@given(hints=hint_lists, call=st.integers(0, 80))
def test_a_call_springs_iff_a_trap_hint_is_in_its_window(
        hints: list[tuple[int, bool]], call: int) -> None:
    moves = _moves(hints, [(call, "c", "青", "call")])
    turn = R.judge_turn(moves, 0, len(moves), SPEC, JUDGE)
    # the call is read in line order: hints at the same second come before it
    window = [trap for t, trap in hints if 0 <= call - t <= 10]
    assert (turn.reason == "trap") == any(window)
    if turn.reason == "trap":
        assert turn.sprung_hint is not None and turn.sprung_hint.move.text == TRAP_HINT


@SETTINGS
@given(hints=hint_lists, answer=st.integers(0, 70), gm_after=st.integers(1, 30))
def test_gm_trap_yes_decides_even_after_a_right_answer(
        hints: list[tuple[int, bool]], answer: int, gm_after: int) -> None:
    last = max(t for t, _ in hints)
    at = max(answer, last)
    moves = _moves(hints, [(at, "b", "赤", "say"), (at + gm_after, "GM", "", "trap_yes")])
    moves = [m if m.actor != "b" else R.Move(m.index, m.ref, m.time, "b", "赤", "say", "犬")
             for m in moves]
    turn = R.judge_turn(moves, 0, len(moves), SPEC, JUDGE)
    assert (turn.success, turn.reason, turn.rule) == (False, "trap", "tw.trap.gm")
    assert turn.void_answer is not None and turn.void_answer.text == "犬"


KINDS = [("a", "赤", "say"), ("b", "赤", "say"), ("c", "青", "call"), ("d", "青", "say"),
         ("GM", "", "trap_yes"), ("GM", "", "trap_no"), ("GM", "", "foul"),
         ("GM", "", "time_up")]
TEXTS = [TRAP_HINT, PLAIN_HINT, "犬", "トラップ", "猫の仲間"]


@SETTINGS
@given(rows=st.lists(st.tuples(st.sampled_from(KINDS), st.sampled_from(TEXTS),
                               st.one_of(st.none(), st.integers(0, 300))), max_size=14),
       auto=st.booleans())
def test_any_turn_has_one_result(rows: list[tuple[tuple[str, str, str], str, int | None]],
                                 auto: bool) -> None:
    """Whatever the lines, a turn ends with exactly one known result and never raises;
    a success has a right answer that is not void."""
    start = R.Move(0, "x:0", 0.0, "GM", None, "start", "", "赤")
    moves = [start] + [R.Move(i, f"x:{i}", None if t is None else float(t), actor,
                              team or None, kind, text)
                       for i, ((actor, team, kind), text, t) in enumerate(rows, 1)]
    spec = R.TurnSpec(**{**SPEC.__dict__, "auto": auto, "hourglass": 120.0})
    turn = R.judge_turn(moves, 0, len(moves), spec, JUDGE, next_giver="c")
    assert turn.reason in {"success", "trap", "illegal", "foul", "answers", "timeout",
                           "no_result"}
    assert turn.success == (turn.reason == "success")
    if turn.success:
        assert turn.end is not None and turn.void_answer is None
        assert any(m is turn.end and how for m, how in turn.answers)
    assert 0 < turn.next_from <= len(moves)


def _turn(rows: list[tuple[int, str, str, str, str]]) -> R.Turn:
    moves = [R.Move(0, "x:0", 0.0, "GM", None, "start", "", "赤")] + [
        R.Move(i, f"x:{i}", float(t), actor, team or None, kind, text)
        for i, (t, actor, team, kind, text) in enumerate(rows, 1)]
    return R.judge_turn(moves, 0, len(moves), SPEC, JUDGE)


def test_the_gms_last_word_stands() -> None:
    """tw.trap.gm: 成立 then 不成立 → no trap; 不成立 then 成立 → trap (after a sprung call
    too)."""
    hint = (1, "a", "赤", "say", TRAP_HINT)
    yes_no = _turn([hint, (3, "GM", "", "trap_yes", ""), (5, "GM", "", "trap_no", ""),
                    (8, "b", "赤", "say", "犬")])
    assert yes_no.success and yes_no.rulings[0]["applied"] is False
    no_yes = _turn([hint, (3, "c", "青", "call", "トラップ"), (5, "GM", "", "trap_no", ""),
                    (7, "GM", "", "trap_yes", ""), (8, "b", "赤", "say", "犬")])
    assert (no_yes.success, no_yes.reason, no_yes.rule) == (False, "trap", "tw.trap.gm")


def test_untimed_call_after_a_right_answer_still_springs() -> None:
    """Without times a call answers the latest hint, up to the next turn's start."""
    data = play(["GM: 秘密@赤 犬", "GM: 秘密@青 猫", "c: トラップ@散歩", "a: 散歩が好き",
                 "b: 犬", "d: トラップ", "c: ニャーと鳴く", "d: 猫"])
    red = result(data, "赤")
    assert (red["reason"], red["void_answer"]) == ("trap", "犬")
    assert result(data, "青")["success"]


def test_a_ruling_after_the_next_start_belongs_to_the_next_turn() -> None:
    data = play([*HEAD, "[20:00:02] c: トラップ@散歩", "[20:00:03] a: トラップ@ひげ",
                 "[20:00:05] GM: 開始@赤", "[20:00:10] a: 毎朝いっしょに歩く", "[20:00:12] b: 犬",
                 "[20:01:00] GM: 開始@青", "[20:01:05] c: ひげのある動物", "[20:01:10] d: 猫",
                 "[20:01:20] GM: トラップ成立"])
    assert result(data, "赤")["success"]
    blue = result(data, "青")
    assert (blue["reason"], blue["detail"]) == ("trap", "トラップ発動（GM判定）：トラップワード「ひげ」")
