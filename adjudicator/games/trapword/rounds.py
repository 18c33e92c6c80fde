"""One turn of Trap Word, judged from the round's moves in line order (pure; no I/O).

A *move* is an accepted line: a hint-giver's or answerer's line (``say``), a call
(``call``), or a GM directive.  ``judge_turn`` walks the moves of one team's turn and
returns what happened: every hint with its verdicts, every call, every answer, the GM's
rulings, and the outcome with its rule (tw.turn.time, tw.hint*, tw.answer*, tw.trap*,
tw.fail).

A turn has an *active* part (from its start to its result: a right answer, a failure,
the hourglass running out) and a *tail* (from its result to the next turn's start: the
other team's `開始@` or its hint-giver's first hint).  In the tail a call in the window
of one of the turn's hints still springs (a right answer before it is void,
tw.trap.call), and the GM's `トラップ成立` / `トラップ不成立` / `不正@` still decide the
turn (tw.trap.gm).  A `トラップ不成立` that overrules a trap the tool sprang re-judges the
turn with that hint cleared.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...normalize import nfkc
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
    kind: str  # say | call | start | time_up | trap_yes | trap_no | foul | traps | other
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
    gm: str = ""  # the GM's ruling on it: "yes" | "no" | ""
    gm_words: list[str] = field(default_factory=list)  # trap words the GM's ruling names

    def best(self) -> Verdict | None:
        return min(self.verdicts, key=lambda v: RANK[v.grade]) if self.verdicts else None

    def as_dict(self) -> dict[str, Any]:
        out = {"text": self.move.text, "n": self.n, "secret": self.secret.as_dict(),
               "verdicts": [v.as_dict() for v in self.verdicts], "proper": self.proper,
               "illegal": self.illegal, "called": self.called, "sprung": self.sprung}
        if self.gm:
            out["gm"] = self.gm
        return out


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
    rulings: list[dict[str, Any]] = field(default_factory=list)  # the GM's トラップ成立/不成立
    success: bool = False
    reason: str = "no_turn"  # success | trap | illegal | foul | answers | timeout | no_result
    rule: str = "tw.fail"
    detail: str = ""  # Japanese
    end: Move | None = None
    elapsed: float | None = None
    last_index: int = -1  # the last move of the active part
    next_from: int = -1  # where the next turn's start is looked for
    void_answer: Move | None = None  # a right answer made void by a later trap or foul
    sprung_hint: Hint | None = None
    trap_words: list[str] = field(default_factory=list)  # the words named for a sprung trap

    def as_dict(self) -> dict[str, Any]:
        out = {"team": self.spec.team, "success": self.success, "reason": self.reason,
               "detail": self.detail, "hints": len(self.hints),
               "answers": [a.text for a, _ in self.answers],
               "elapsed": self.elapsed, "secret": self.spec.secret}
        if self.void_answer is not None:
            out["void_answer"] = self.void_answer.text
        return out


#: a line that is only the call, however punctuated (トラップ！, トラップ!!, 「トラップ」)
_BARE_CALL = re.compile(r"[「『(（]?トラップ[」』)）]?[!！?？。.、…~〜ーっッ\s]*")


def is_bare_call(text: str) -> bool:
    """True for a line that is the call and nothing else: never a hint or an answer."""
    return _BARE_CALL.fullmatch(nfkc(text).strip()) is not None


def is_call(m: Move) -> bool:
    return m.kind == "call" or (m.kind == "say" and TRAP_WORD in m.text)


def is_hint_line(m: Move, giver: str) -> bool:
    return m.kind == "say" and m.actor == giver and TRAP_WORD not in m.text


def find_start(moves: Sequence[Move], pos: int, spec: TurnSpec, marked: bool) -> int | None:
    """tw.turn.time: the GM's 開始@team, else the hint-giver's first hint after ``pos``."""
    for m in moves[0 if marked else pos:]:
        if m.kind == "start" and m.target == spec.team:
            return m.index
        if not marked and is_hint_line(m, spec.giver):
            return m.index
    return None


def first_hint(moves: Sequence[Move], start: int, stop: int, giver: str) -> int | None:
    """The index of the first hint of a turn (tw.trap.when: traps after it are late)."""
    return next((m.index for m in moves[start:stop] if is_hint_line(m, giver)), None)


def judge_turn(moves: Sequence[Move], start: int, stop: int, spec: TurnSpec, judge: Judge,
               next_giver: str | None = None) -> Turn:
    """Judge one turn over ``moves[start:stop]`` (stop: the next `開始@` or the end).
    ``next_giver``: the hint-giver of the next turn when that turn has no `開始@` (its
    first hint ends this turn's tail)."""
    #: hint move index -> (move index, ref) of the GM's トラップ不成立 that cleared its trap
    vetoed: dict[int, tuple[int, str]] = {}
    while True:
        turn, veto = _walk(moves, start, stop, spec, judge, next_giver, vetoed)
        if veto is None or veto[0] in vetoed:
            return turn
        vetoed[veto[0]] = veto[1]


def _walk(moves: Sequence[Move], start: int, stop: int, spec: TurnSpec, judge: Judge,
          next_giver: str | None, vetoed: dict[int, tuple[int, str]]
          ) -> tuple[Turn, tuple[int, tuple[int, str]] | None]:
    first = moves[start]
    turn = Turn(spec=spec, start=first)
    t0 = first.time
    deadline = t0 + spec.hourglass if t0 is not None and spec.hourglass is not None else None
    wrong = 0
    open_call: Hint | None = None
    ended = False

    def over(m: Move) -> bool:
        return deadline is not None and m.time is not None and m.time > deadline + spec.tolerance

    def finish(m: Move | None, reason: str, rule: str, detail: str,
               success: bool = False) -> None:
        nonlocal ended
        ended = True
        turn.success, turn.reason, turn.rule, turn.detail, turn.end = (
            success, reason, rule, detail, m)
        if m is not None:
            turn.last_index = m.index
        if success and t0 is not None and m is not None and m.time is not None:
            turn.elapsed = m.time - t0

    def spring(h: Hint, m: Move, detail: str, words: list[str]) -> None:
        """A trap springs on ``h``: the turn fails, even after a right answer."""
        h.sprung = True
        if turn.success and turn.end is not None:
            turn.void_answer = turn.end
        turn.elapsed = None
        turn.sprung_hint, turn.trap_words = h, words
        finish(m, "trap", "tw.trap.call" if m.kind in ("call", "say") else "tw.trap.gm",
               detail)

    for m in moves[start:stop]:
        if not ended and over(m):  # the hourglass ran out before this line
            finish(None, "timeout", "tw.turn.time",
                   f"時間切れです（制限時間{int(spec.hourglass or 0)}秒）")
            turn.last_index = m.index - 1
        if ended and m.index > start and (
                m.kind == "start" or (next_giver is not None and is_hint_line(m, next_giver))):
            turn.next_from = m.index
            break
        if m.kind == "time_up":
            if not ended:
                finish(m, "timeout", "tw.turn.time", "時間切れです（GM判定）")
            continue
        if m.kind == "foul":
            why = m.text or "不正なヒントです"
            if turn.hints:
                turn.hints[-1].illegal, turn.hints[-1].illegal_rule = why, "tw.hint.gm"
            if turn.success and turn.end is not None:
                turn.void_answer = turn.end
            turn.elapsed = None
            finish(m, "foul", "tw.hint.gm", f"不正なヒント（{why}）")
            continue
        if not ended and m.kind == "say" and m.actor == spec.giver:
            h = _judge_hint(m, len(turn.hints) + 1, spec, judge)
            turn.hints.append(h)
            if h.illegal:
                finish(m, "illegal", h.illegal_rule, f"不正なヒント（{h.illegal}）")
                continue
            best = h.best()
            if m.index in vetoed:
                h.gm = "no"
            elif spec.auto and best is not None and best.grade == "definite":
                spring(h, m, f"トラップ発動（自動）：{best.reason}", [best.word])
            continue
        if m.team == spec.other and is_call(m):
            targets = _call_targets(turn.hints, m, spec)
            if ended and not turn.success:  # the turn has already failed: nothing to spring
                for h in targets:
                    h.called = True
                turn.calls.append({"ref": m.ref, "by": m.actor,
                                   "hint": targets[-1].move.text if targets else None,
                                   "result": "after_end"})
                continue
            if not targets:
                turn.calls.append({"ref": m.ref, "by": m.actor, "hint": None,
                                   "result": "no_hint", "window": spec.window})
                continue
            for h in targets:
                h.called = True
            live = [x for x in targets if x.gm != "no"] or targets
            h = min(live, key=_call_rank)
            best = h.best()
            entry: dict[str, Any] = {"ref": m.ref, "by": m.actor, "hint": h.move.text,
                                     "hints": [x.move.text for x in targets],
                                     "grade": best.grade if best else "none",
                                     "reason": best.reason if best else "トラップワードがありません"}
            turn.calls.append(entry)
            if h.gm == "no":
                entry["result"] = "overruled_by_gm"
                entry["ruling"] = vetoed[h.move.index][1] if h.move.index in vetoed else ""
                continue
            if best is not None and best.springs:
                entry["result"] = "sprung"
                if turn.success:
                    entry["after_answer"] = True
                spring(h, m, f"トラップ発動：{best.reason}", [best.word])
                continue
            entry["result"] = "open"
            open_call = h
            continue
        if m.kind in ("trap_yes", "trap_no"):
            ruled = (open_call or (turn.sprung_hint if turn.reason == "trap" else None)
                     or _last_called(turn) or (turn.hints[-1] if turn.hints else None))
            if ruled is None:
                turn.rulings.append({"ref": m.ref, "ruling": m.kind, "hint": None,
                                     "applied": False})
                continue
            open_call = None
            record: dict[str, Any] = {"ref": m.ref, "ruling": m.kind, "hint": ruled.move.text,
                                      "called": ruled.called, "after_answer": turn.success}
            turn.rulings.append(record)
            if m.kind == "trap_no":
                if ruled.sprung and turn.reason == "trap" and ruled.move.index not in vetoed:
                    return turn, (ruled.move.index, (m.index, m.ref))  # re-judge, cleared
                ruled.gm = "no"
                record["applied"] = True
                for c in turn.calls:
                    if c.get("hint") == ruled.move.text and c.get("result") == "open":
                        c["result"] = "rejected_by_gm"
                continue
            veto_at = vetoed.get(ruled.move.index)
            if veto_at is not None and m.index < veto_at[0]:  # a later トラップ不成立 wins
                record["applied"] = False
                record["overruled_by"] = veto_at[1]
                continue
            ruled.gm = "yes"
            words = _gm_words(ruled, m.text)
            ruled.gm_words = words
            record["words"] = words
            record["applied"] = True
            if turn.reason == "trap" and turn.sprung_hint is ruled:
                continue  # the GM confirms the trap the call already sprang
            if not ruled.called:
                record["no_call"] = True
            named = "".join(f"「{w}」" for w in words)
            detail = (f"トラップ発動（GM判定）：トラップワード{named}" if words
                      else f"トラップ発動（GM判定）：ヒント「{ruled.move.text}」")
            spring(ruled, m, detail, words)
            continue
        if ended:
            continue
        if m.kind == "say" and m.team == spec.team and m.actor in spec.answerers:
            how = judge.answer_matches(m.text, spec.secret, spec.by_reading) if spec.secret \
                else None
            turn.answers.append((m, how))
            if how is not None:
                finish(m, "success", "tw.answer.contains",
                       f"「{m.text.strip()}」で正解（{spec.secret}）", success=True)
                continue
            wrong += 1
            if wrong >= spec.answer_limit:
                finish(m, "answers", "tw.answer.limit",
                       f"{spec.answer_limit}回目の回答も外れました")
    if turn.next_from < 0:
        turn.next_from = stop
    if not ended:
        end = moves[stop - 1] if stop > start else first
        if stop < len(moves):  # the GM started the next turn: the turn ran out
            finish(end, "timeout", "tw.turn.time", "結果が出ないまま次の手番に移りました")
        else:
            finish(end, "no_result", "tw.turn.time", "ログが手番の結果の前で終わっています")
    return turn, None


def _call_rank(h: Hint) -> tuple[int, int]:
    best = h.best()
    return (RANK[best.grade] if best else len(RANK), -h.move.index)


def _last_called(turn: Turn) -> Hint | None:
    return next((h for h in reversed(turn.hints) if h.called), None)


def _gm_words(h: Hint, named: str) -> list[str]:
    """The trap words a GM's トラップ成立 names: the word written after `@`, else every
    trap word the judge finds plausible for the hint (best first), else none."""
    if named.strip():
        return [named.strip()]
    plausible = sorted((v for v in h.verdicts if v.grade != "none"),
                       key=lambda v: RANK[v.grade])
    return [v.word for v in plausible]


def _call_targets(hints: list[Hint], m: Move, spec: TurnSpec) -> list[Hint]:
    """tw.trap.call: every hint of the turn whose window the call falls in (without
    times: the latest hint)."""
    if not hints:
        return []
    if m.time is None or any(h.move.time is None for h in hints):
        return [hints[-1]]
    assert m.time is not None
    return [h for h in hints if h.move.time is not None
            and 0 <= m.time - h.move.time <= spec.window + spec.tolerance]


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
