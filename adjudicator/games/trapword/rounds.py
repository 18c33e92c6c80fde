"""One turn of Trap Word, judged from the round's moves in line order (pure; no I/O).

A *move* is an accepted line: a hint-giver's or answerer's line (``say``), a call
(``call``), or a GM directive.  ``judge_turn`` walks the moves of one team's turn and
returns what happened: every hint with its verdicts, every call, every answer, and
the outcome with its rule (tw.turn.time, tw.hint*, tw.answer*, tw.trap*, tw.fail).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .deck import Rules, hint_breaks
from .judge import RANK, Judge, Verdict

TRAP_WORD = "トラップ"


@dataclass(frozen=True)
class Move:
    index: int
    ref: str
    time: float | None  # seconds since the round's first timed line
    actor: str  # player name, or the GM's name
    team: str | None  # the player's team; None for the GM
    kind: str  # say | call | start | time_up | trap_yes | trap_no | foul | other
    text: str = ""
    target: str | None = None  # start: the team


@dataclass
class Hint:
    move: Move
    n: int
    secret: Verdict
    verdicts: list[Verdict]
    proper: list[str]
    illegal: str | None = None  # Japanese reason
    illegal_rule: str = ""
    called: bool = False
    sprung: bool = False

    def best(self) -> Verdict | None:
        return min(self.verdicts, key=lambda v: RANK[v.grade]) if self.verdicts else None

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.move.text, "n": self.n, "secret": self.secret.as_dict(),
                "verdicts": [v.as_dict() for v in self.verdicts], "proper": self.proper,
                "illegal": self.illegal, "called": self.called, "sprung": self.sprung}


@dataclass
class TurnSpec:
    team: str
    other: str
    giver: str
    answerers: tuple[str, ...]
    secret: str | None
    traps: list[str]  # the other team's trap words against this team
    rules: Rules
    hourglass: float | None  # seconds; None: no timing
    answer_limit: int
    window: float
    tolerance: float  # 59 when the log has minutes only
    auto: bool
    strict_proper: bool
    by_reading: bool


@dataclass
class Turn:
    spec: TurnSpec
    start: Move | None
    hints: list[Hint] = field(default_factory=list)
    answers: list[tuple[Move, str | None]] = field(default_factory=list)  # (move, how right)
    calls: list[dict[str, Any]] = field(default_factory=list)
    success: bool = False
    reason: str = "no_turn"  # success | trap | illegal | foul | answers | timeout | no_result
    rule: str = "tw.fail"
    detail: str = ""  # Japanese
    end: Move | None = None
    elapsed: float | None = None
    last_index: int = -1

    def as_dict(self) -> dict[str, Any]:
        return {"team": self.spec.team, "success": self.success, "reason": self.reason,
                "detail": self.detail, "hints": len(self.hints),
                "answers": [a.text for a, _ in self.answers],
                "elapsed": self.elapsed, "secret": self.spec.secret}


def is_call(m: Move) -> bool:
    return m.kind == "call" or (m.kind == "say" and TRAP_WORD in m.text)


def find_start(moves: Sequence[Move], pos: int, spec: TurnSpec, marked: bool) -> int | None:
    """tw.turn.time: the GM's 開始@team, else the hint-giver's first hint after ``pos``."""
    for m in moves[0 if marked else pos:]:
        if m.kind == "start" and m.target == spec.team:
            return m.index
        if not marked and m.kind == "say" and m.actor == spec.giver and TRAP_WORD not in m.text:
            return m.index
    return None


def judge_turn(moves: Sequence[Move], start: int, stop: int, spec: TurnSpec,
               judge: Judge) -> Turn:
    """Judge one turn over ``moves[start:stop]`` (stop: the next team's start or the end)."""
    first = moves[start]
    turn = Turn(spec=spec, start=first)
    t0 = first.time
    deadline = t0 + spec.hourglass if t0 is not None and spec.hourglass is not None else None
    wrong = 0
    open_call: Hint | None = None

    def over(m: Move) -> bool:
        return deadline is not None and m.time is not None and m.time > deadline + spec.tolerance

    def finish(m: Move, reason: str, rule: str, detail: str, success: bool = False) -> Turn:
        turn.success, turn.reason, turn.rule, turn.detail, turn.end = (
            success, reason, rule, detail, m)
        turn.last_index = m.index
        if success and t0 is not None and m.time is not None:
            turn.elapsed = m.time - t0
        return turn

    for m in moves[start:stop]:
        if over(m):
            return finish(m, "timeout", "tw.turn.time", "時間切れです")
        if m.kind == "time_up":
            return finish(m, "timeout", "tw.turn.time", "時間切れです（GM判定）")
        if m.kind == "foul":
            why = m.text or "不正なヒントです"
            if turn.hints:
                turn.hints[-1].illegal, turn.hints[-1].illegal_rule = why, "tw.hint.gm"
            return finish(m, "foul", "tw.hint.gm", f"不正なヒント（{why}）")
        if m.kind == "say" and m.actor == spec.giver:
            h = _judge_hint(m, len(turn.hints) + 1, spec, judge)
            turn.hints.append(h)
            if h.illegal:
                return finish(m, "illegal", h.illegal_rule, f"不正なヒント（{h.illegal}）")
            best = h.best()
            if spec.auto and best is not None and best.grade == "definite":
                h.sprung = True
                return finish(m, "trap", "tw.trap.call",
                              f"トラップ成立（自動）：{best.reason}")
            continue
        if m.team == spec.other and is_call(m):
            target = _call_target(turn.hints, m, spec)
            if target is None:
                turn.calls.append({"ref": m.ref, "by": m.actor, "hint": None,
                                   "result": "no_hint"})
                continue
            h = target
            h.called = True
            best = h.best()
            entry: dict[str, Any] = {"ref": m.ref, "by": m.actor, "hint": h.move.text,
                     "grade": best.grade if best else "none",
                     "reason": best.reason if best else "トラップワードがありません"}
            turn.calls.append(entry)
            if best is not None and best.springs:
                h.sprung = True
                entry["result"] = "sprung"
                return finish(m, "trap", "tw.trap.call", f"トラップ成立：{best.reason}")
            entry["result"] = "open"
            open_call = h
            continue
        if m.kind in ("trap_yes", "trap_no"):
            ruled = open_call or (turn.hints[-1] if turn.hints else None)
            if ruled is None:
                continue
            open_call = None
            if m.kind == "trap_yes":
                ruled.sprung = True
                best = ruled.best()
                why = best.reason if best else f"「{ruled.move.text}」"
                return finish(m, "trap", "tw.trap.call", f"トラップ成立（GM判定）：{why}")
            turn.calls.append({"ref": m.ref, "by": m.actor, "hint": ruled.move.text,
                               "result": "rejected_by_gm"})
            continue
        if m.kind == "say" and m.team == spec.team and m.actor in spec.answerers:
            how = judge.answer_matches(m.text, spec.secret, spec.by_reading) if spec.secret \
                else None
            turn.answers.append((m, how))
            if how is not None:
                late = _late_call(moves, m.index + 1, stop, turn, spec)
                if late is not None:
                    return late
                return finish(m, "success", "tw.answer.contains",
                              f"「{m.text.strip()}」で正解（{spec.secret}）", success=True)
            wrong += 1
            if wrong >= spec.answer_limit:
                return finish(m, "answers", "tw.answer.limit",
                              f"{spec.answer_limit}回目の回答も外れました")
    end = moves[stop - 1] if stop > start else first
    if stop < len(moves):  # the GM started the next turn: the turn ran out
        return finish(end, "timeout", "tw.turn.time", "結果が出ないまま次の手番に移りました")
    return finish(end, "no_result", "tw.turn.time", "ログが手番の結果の前で終わっています")


def _call_target(hints: list[Hint], m: Move, spec: TurnSpec) -> Hint | None:
    """tw.trap.call: the latest hint within the call window before the call."""
    if not hints:
        return None
    h = hints[-1]
    if m.time is None or h.move.time is None:
        return h  # no times: a call answers the latest hint
    return h if m.time - h.move.time <= spec.window + spec.tolerance else None


def _late_call(moves: Sequence[Move], start: int, stop: int, turn: Turn,
               spec: TurnSpec) -> Turn | None:
    """A call within the window that springs a trap after a right answer wins over it."""
    if not turn.hints:
        return None
    h = turn.hints[-1]
    for m in moves[start:stop]:
        if m.time is not None and h.move.time is not None and (
                m.time - h.move.time > spec.window + spec.tolerance):
            break
        if m.team == spec.other and is_call(m):
            best = h.best()
            h.called = True
            if best is not None and best.springs:
                h.sprung = True
                turn.calls.append({"ref": m.ref, "by": m.actor, "hint": h.move.text,
                                   "grade": best.grade, "reason": best.reason,
                                   "result": "sprung"})
                turn.success, turn.reason, turn.rule, turn.end = False, "trap", "tw.trap.call", m
                turn.detail = f"トラップ成立：{best.reason}"
                turn.last_index = m.index
                return turn
        if m.team is None or m.team == spec.team:
            if m.kind == "say" or m.kind == "start":
                break
    return None


def _judge_hint(m: Move, n: int, spec: TurnSpec, judge: Judge) -> Hint:
    text = m.text
    secret = (judge.grade(text, spec.secret) if spec.secret
              else Verdict("", "none", "none", "秘密のワードがありません"))
    h = Hint(move=m, n=n, secret=secret, verdicts=judge.grade_all(text, spec.traps),
             proper=judge.proper_nouns(text))
    card = hint_breaks(spec.rules, text, n)
    if secret.grade == "definite":
        h.illegal, h.illegal_rule = f"秘密のワードを含みます：{secret.reason}", "tw.hint.secret"
    elif card:
        h.illegal, h.illegal_rule = card, "tw.deck"
    elif h.proper and spec.strict_proper:
        h.illegal = f"固有名詞「{'」「'.join(h.proper)}」は使えません"
        h.illegal_rule = "tw.hint.proper"
    return h
