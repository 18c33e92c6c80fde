"""One round of Trap Word as events (tw.round.*, tw.turn.*, tw.advance, tw.monster.*,
tw.curse, tw.torch, tw.tiebreak, tw.end).  Pure: reads the phase input, emits events."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from ... import actions as A
from ...config.load import GameConfig
from ...errors import IllegalActionError
from ...phases import day_number
from ..base import Candidate, Emitter, PhaseInput, Variant
from . import deck as D
from .actions import Call, Marker, Say, Secret, SetTraps, TurnStart, Winner
from .judge import Judge
from .moves import line_times, round_moves
from .rounds import Move, Turn, TurnSpec, find_start, first_hint, is_bare_call, is_call, judge_turn
from .state import (
    DEFAULTS,
    ROUNDS,
    TeamState,
    TwPlayer,
    TwState,
    card_rules,
)


@dataclass
class _Plan:
    """One team's turn as computed before anything is emitted."""

    team: TeamState
    turn: Turn
    traps: list[str]  # the other team's accepted trap words against this team
    late: list[int]  # move indices of trap lines rejected by tw.trap.when
    over: list[int]  # move indices of trap lines over the count (tw.trap.count)
    hourglass_cut: float | None = None  # tw.tiebreak: the second team's hourglass


def play_round(v: TrapWordRules, em: Emitter[TwState], ph: PhaseInput) -> None:
    n = day_number(ph.id)
    st = em.state
    cause = f"phase:{ph.id}"
    em.emit("round_started", "tw.round.secret", cause, "public", amount=n)
    # tw.curse: a team starting in a room with a face-down curse turns it up
    for curse in st.curses:
        here = [t.name for t in st.teams.values() if t.room == curse.room]
        if here and not curse.revealed:
            card = v.deck.card(curse.card)
            em.emit("curse_revealed", "tw.curse", cause, "public", target=curse.card,
                    amount=curse.room, name=card.name, text=card.text, team="・".join(here))
    st = em.state
    teams_info: dict[str, dict[str, Any]] = {}
    for t in st.teams.values():
        cards = [(v.deck.card(c.card), "curse") for c in st.curses
                 if c.room == t.room and c.revealed]
        if st.monster and t.room == st.monster_room:
            cards.append((v.deck.card(st.monster), "monster"))
        teams_info[t.name] = {"giver": t.giver, "room": t.room,
                              "limit": v.trap_limit(st, t.name),
                              "cards": [{"name": c.name, "text": c.text, "kind": kind}
                                        for c, kind in cards]}
    em.emit("round_info", "tw.round.secret", cause, "public", round=n, teams=teams_info)
    secrets = _secrets(v, em, ph, n)
    times, timed, tol = line_times(ph.lines)
    moves, cands = round_moves(ph, st, times)
    plans = _plan_turns(v, st, moves, cands, secrets, timed, tol)
    # tw.trap.count / tw.trap.when / tw.trap.pos: the trap lines as accepted or rejected
    late = {i for p in plans for i in p.late}
    over = {i for p in plans for i in p.over}
    accepted: dict[str, list[str]] = {t: [] for t in st.teams}
    last_set: dict[str, str] = {}
    for m, c in zip(moves, cands, strict=True):
        a = c.action
        if not isinstance(a, SetTraps) or m.target is None:
            continue
        setter = m.target
        if m.index in late:
            _reject_line(em, c, "tw.trap.when", "trap_late",
                         f"{st.other(setter)}チームのヒントが始まった後のトラップワードは"
                         "設定できません（トラップはヒントの前に設定します）",
                         f"trap line by {c.actor!r} after the first hint of team "
                         f"{st.other(setter)!r}: rejected (tw.trap.when)")
            continue
        new = [w for w in a.words if w not in accepted[setter]]
        if m.index in over:
            limit = v.trap_limit(st, st.other(setter))
            _reject_line(em, c, "tw.trap.count", "trap_over",
                         _over_reason(setter, new, accepted[setter], limit),
                         f"team {setter!r} sets {len(accepted[setter]) + len(new)} trap "
                         f"words, limit {limit} (tw.trap.count)")
            continue
        accepted[setter].extend(new)
        last_set[setter] = c.ref
        em.emit("traps_set", "tw.trap.count", c.ref, "gm", player=c.actor, target=setter,
                words=new, by_gm=bool(a.team))
        for word, why in a.dropped:
            em.emit("rejected", "tw.trap.pos", c.ref, "player" if not a.team else "gm",
                    to=c.actor if not a.team else None, player=c.actor, code="trap_pos",
                    reason=why, word=word)
            em.diagnose("warning", "trap_pos", c.ref, f"trap word {word!r} rejected: not a "
                        "content word; the other words of the line stand (tw.trap.pos)", why)
    unplayed = _unplayed(plans, ph)
    for setter, words in accepted.items():  # none set: the team is told so (0個)
        _tell_traps(v, em, setter, words, n, last_set.get(setter, cause), unplayed)
    if not timed:
        em.diagnose("warning", "no_times", ph.id, "the log has lines without times: turn "
                    "time and call windows cannot be judged; only the GM's 時間切れ ends a "
                    "turn on time (tw.turn.time)", "ログに時刻がないため時間を判定できません")
    em.emit("turn_order", "tw.round.order", cause, "public",
            teams=[p.team.name for p in plans])
    if unplayed:
        # the GM stored the round before play (the secret words, the traps) for its start
        # post: no turn, no result, and nothing after the start is told (a result would
        # say both secret words in public)
        em.diagnose("info", "round_not_played", ph.id,
                    f"round {n} has no turn yet (no hint, no 開始@, no GM ruling): only the "
                    "start post and the start notices are given",
                    f"第{n}ラウンドはまだ行われていないため、開始時の投稿と通知だけを出します")
        em.emit("round_pending", "tw.round.secret", cause, "public", amount=n)
        return
    for p in plans:
        if p.hourglass_cut is not None:
            em.emit("tiebreak_hourglass", "tw.tiebreak", cause, "public", target=p.team.name,
                    amount=int(p.hourglass_cut))
        if p.turn.start is None:
            em.diagnose("warning", "no_turn", ph.id,
                        f"team {p.team.name!r} has no turn in this log (no 開始@ and no hint "
                        f"from {p.team.giver!r})", f"{p.team.name}チームの手番が見つかりません")
        _emit_turn(em, p.turn, cause)
    _results(v, em, [p.turn for p in plans], ph, n, cause, timed)


def _unplayed(plans: list[_Plan], ph: PhaseInput) -> bool:
    """A round log stored before play: no team's turn started (no hint of a giver, no
    開始@) and the GM ruled nothing of play (時間切れ, トラップ成立, 不正@, 勝者@).  Lines of
    answerers without a hint start no turn either: they are not play, and a result would
    tell both secret words in public."""
    if any(p.turn.start is not None for p in plans):
        return False
    return not any(isinstance(d.action, Marker | Winner | TurnStart) for d in ph.directives)


def _secrets(v: TrapWordRules, em: Emitter[TwState], ph: PhaseInput, n: int) -> dict[str, str]:
    """tw.round.secret: the GM's 秘密@, else drawn from the word list (recorded)."""
    st = em.state
    secrets: dict[str, str] = {}
    told: dict[str, str] = {}  # team -> the cause of its secret word
    for d in ph.directives:
        if isinstance(d.action, Secret):
            secrets[d.action.team] = d.action.word
            told[d.action.team] = d.ref
            em.emit("secret_set", "tw.round.secret", d.ref, "gm", target=d.action.team,
                    word=d.action.word, source="gm")
    for tname in st.teams:
        if tname in secrets:
            continue
        pool = [w for w in v.options["words"] if w not in em.state.used_words and
                w not in secrets.values()]
        if pool:
            word = em.draw(pool, "tw.round.secret", f"{tname}チームの秘密のワード")
            secrets[tname] = word
            told[tname] = "rng"
            em.emit("secret_set", "tw.round.secret", "rng", "gm", target=tname, word=word,
                    source="words")
        else:
            em.diagnose("error", "no_secret", ph.id, f"no secret word for team {tname!r}: "
                        f"write 秘密@{tname} <word> or add options.words",
                        f"{tname}チームの秘密のワードがありません")
    for tname, word in secrets.items():
        _tell_secret(v, em, tname, word, n, told[tname])
    return secrets


def _plan_turns(v: TrapWordRules, st: TwState, moves: list[Move], cands: list[Candidate],
                secrets: dict[str, str], timed: bool, tol: float) -> list[_Plan]:
    """Both turns of the round, in order, judged (pure: nothing is emitted here).  The
    trap words guarding a turn are the other team's trap lines before that turn's first
    hint (tw.trap.when); later ones are listed as late."""
    opts = v.options
    marked = {m.target for m in moves if m.kind == "start"}
    order = sorted(st.teams.values(), key=lambda t: (t.room, not t.first))
    fighting = {t.name for t in order if st.monster and t.room == st.monster_room}
    plans: list[_Plan] = []
    pos = 0
    for k, team in enumerate(order):
        other = st.other(team.name)
        nxt = order[k + 1] if k + 1 < len(order) else None
        rules = card_rules(st, v.deck, team.name)
        hourglass: float | None = opts["hourglass_seconds"] * rules.hourglass_factor
        cut = None
        if (k == 1 and opts["single_winner"] and fighting == set(st.teams) and plans
                and plans[0].turn.success and plans[0].turn.elapsed is not None):
            hourglass = cut = plans[0].turn.elapsed  # tw.tiebreak
        start = find_start(moves, pos, _spec_stub(team), team.name in marked)
        hard_stop = len(moves)
        cutoff = None
        if start is not None:
            hard_stop = next((m.index for m in moves[start + 1:] if m.kind == "start"),
                             len(moves))
            cutoff = first_hint(moves, start, hard_stop, team.giver)
        traps: list[str] = []
        late: list[int] = []
        over: list[int] = []
        limit = v.trap_limit(st, team.name)
        for m, c in zip(moves, cands, strict=True):
            if m.kind != "traps" or m.target != other or not isinstance(c.action, SetTraps):
                continue
            new = [w for w in c.action.words if w not in traps]
            if cutoff is not None and m.index > cutoff:
                late.append(m.index)
            elif len(traps) + len(new) > limit:
                over.append(m.index)  # the whole line is rejected; earlier lines stand
            else:
                traps.extend(new)
        spec = TurnSpec(
            team=team.name, other=other, giver=team.giver,
            answerers=tuple(x for x in team.members if x != team.giver),
            secret=secrets.get(team.name), traps=traps, rules=rules,
            hourglass=hourglass if timed else None,
            answer_limit=max(1, opts["answer_limit"] + rules.answer_delta),
            window=float(opts["call_window_seconds"]), tolerance=tol,
            auto=opts["trap_mode"] == "auto", strict_proper=opts["strict_proper_nouns"],
            by_reading=opts["answer_by_reading"])
        if start is None:
            turn = Turn(spec=spec, start=None, detail="手番のヒントがありません")
        else:
            next_giver = nxt.giver if nxt is not None and nxt.name not in marked else None
            turn = judge_turn(moves, start, hard_stop, spec, v.judge, next_giver)
            pos = turn.next_from
        plans.append(_Plan(team=team, turn=turn, traps=traps, late=late, over=over,
                           hourglass_cut=cut))
    return plans


def _spec_stub(team: TeamState) -> TurnSpec:
    return TurnSpec(team=team.name, other="", giver=team.giver, answerers=(), secret=None,
                    traps=[], rules=D.Rules(), hourglass=None, answer_limit=1, window=0,
                    tolerance=0, auto=False, strict_proper=False, by_reading=False)


def _over_reason(setter: str, new: list[str], have: list[str], limit: int) -> str:
    """tw.trap.count: why a trap line over the limit is void, and what to write instead."""
    if len(new) > limit:
        return (f"1行に{len(new)}個書かれていたため、この行のトラップワードはすべて無効です。"
                f"{limit}個以内で書き直してください（現在の設定：{len(have)}個）")
    if len(have) >= limit:
        return f"{setter}チームはすでに上限の{limit}個（{'、'.join(have)}）を設定済みです"
    return (f"トラップワードは{limit}個までです。すでに{len(have)}個（{'、'.join(have)}）を"
            f"設定済みのため、あと{limit - len(have)}個まで追加できます")


#: a call that counts for nothing -> why, as the line's 却下 reason
_VOID_CALL = {"after_end": "手番が終わった後だったため無効です",
              "no_hint": "対象のヒントがないため無効です"}


def _line_no(ref: str) -> int | None:
    tail = ref.rpartition(":")[2]
    return int(tail) if tail.isdigit() else None


def _reject_line(em: Emitter[TwState], c: Candidate, rule: str, code: str, why: str,
                 message: str) -> None:
    """A trap line refused when the round resolves (tw.trap.when, tw.trap.count), through
    ``Emitter.refuse``: the writer's notice (the GM's own line: the ledger) and a
    diagnostic, an error for the GM's own line."""
    by_gm = isinstance(c.action, SetTraps) and c.action.team is not None
    em.refuse(c.ref, rule, why, code=code, message=message, player=c.actor,
              to=None if by_gm else c.actor, audience="gm" if by_gm else "player",
              level="error" if by_gm else "warning")


def _emit_turn(em: Emitter[TwState], turn: Turn, cause: str) -> None:
    spec = turn.spec
    ref = turn.start.ref if turn.start else cause
    em.emit("turn_started", "tw.turn.time", ref, "gm", target=spec.team, player=spec.giver,
            hourglass=spec.hourglass, traps=spec.traps, secret=spec.secret,
            cards=list(spec.rules.sources))
    for h in turn.hints:
        em.emit("hint", h.illegal_rule or "tw.hint", h.move.ref, "gm", player=spec.giver,
                target=spec.team, **h.as_dict())
        if h.proper:
            em.emit("proper_noun", "tw.hint.proper", h.move.ref, "gm", player=spec.giver,
                    words=h.proper, strict=spec.strict_proper)
        best = h.best()
        at = _line_no(h.move.ref)
        # the trapping team called after this hint once the turn had already failed:
        # the post shows that call, and does not say the team missed a trap
        called_later = at is not None and any(
            c.get("result") == "after_end" and (_line_no(c["ref"]) or 0) > at
            for c in turn.calls)
        if (best is not None and best.springs and not h.called and not h.sprung
                and h.gm != "no" and not called_later):
            em.emit("trap_missed", "tw.trap.missed", h.move.ref, "public", player=spec.giver,
                    target=spec.team, hint=h.move.text, word=best.word, grade=best.grade,
                    reason=best.reason)
    for c in turn.calls:
        data = {k: v for k, v in c.items() if k not in ("ref", "by")}
        void_why = _VOID_CALL.get(str(c.get("result")))
        if void_why is None:
            em.emit("call", "tw.trap.call", c["ref"], "gm", player=c["by"], target=spec.team,
                    **data)
        else:  # a call that counts for nothing: its line is 却下 with the reason (review 3, L7)
            why = void_why if c.get("result") != "no_hint" or "window" not in c else \
                f"ヒントから{c['window']:g}秒以内のコールではないため無効です"
            em.refuse(c["ref"], "tw.trap.call", why, code="call_void", level="info",
                      message=f"call by {c['by']!r} is void ({c.get('result')})",
                      player=c["by"], audience="gm", kind="call", target=spec.team, **data)
        # the round post says who called on which hint and what came of it (the hint and
        # the call were said in the open; the trap word itself is not named here)
        result = c.get("result")
        if result == "open":  # a call left to the GM: its ruling on that hint, if any
            ruled = [r for r in turn.rulings if r.get("hint") == c.get("hint")
                     and r.get("applied")]
            if ruled:
                result = "gm_yes" if ruled[-1]["ruling"] == "trap_yes" else "rejected_by_gm"
        em.emit("call_told", "tw.trap.call", c["ref"], "public", player=c["by"],
                target=spec.team, hint=c.get("hint"), result=result,
                **({"window": c["window"]} if "window" in c else {}))
    for r in turn.rulings:
        em.emit("trap_ruling", "tw.trap.gm", r["ref"], "gm", target=spec.team,
                **{k: v for k, v in r.items() if k != "ref"})
        if r.get("hint") and r.get("applied") and not r.get("called"):
            em.emit("ruling_told", "tw.trap.gm", r["ref"], "public", target=spec.team,
                    hint=r["hint"], ruling=r["ruling"])
        if r.get("no_call"):
            em.diagnose("warning", "trap_without_call", r["ref"],
                        f"トラップ成立 for hint {r['hint']!r} of team {spec.team!r}: no call "
                        "was found in its window; the GM's word stands (tw.trap.gm)",
                        "コールが見つからないトラップ成立です（GMの判定どおり成立）")
    for m, how in turn.answers:
        void: dict[str, Any] = {"void": True} if turn.void_answer is m else {}
        em.emit("answer", "tw.answer.contains" if how else "tw.answer.every_line", m.ref,
                "gm", player=m.actor, target=spec.team, text=m.text, right=how, **void)
    em.emit("turn_result", turn.rule, turn.end.ref if turn.end else ref, "public",
            target=spec.team, player=spec.giver, **turn.as_dict())
    _tell_giver(em, turn, turn.end.ref if turn.end else ref)


# ---------------------------------------------------------------- the GM's private notices
def _tell_secret(v: TrapWordRules, em: Emitter[TwState], team: str, word: str, n: int,
                 cause: str) -> None:
    """tw.round.secret: the secret word goes to the team's hint-giver and to every member
    of the other team (they set the traps against it); never to the answerers."""
    st = em.state
    giver, other = st.teams[team].giver, st.other(team)
    limit = v.trap_limit(st, team)
    em.emit("secret_told", "tw.round.secret", cause, "player", to=giver, player=giver,
            target=team, word=word, round=n, giver=giver, role="giver", limit=limit)
    for m in st.teams[other].members:
        em.emit("secret_told", "tw.round.secret", cause, "player", to=m, player=m,
                target=team, word=word, round=n, giver=giver, role="trapper", limit=limit)


def _tell_traps(v: TrapWordRules, em: Emitter[TwState], setter: str, words: list[str],
                n: int, cause: str, before_play: bool = False) -> None:
    """tw.trap.count: each member of the setting team gets the trap words as accepted
    (``before_play``: the round's log stops before the turns, so none set means none
    set *yet*, not that the other team's hints are safe)."""
    st = em.state
    target = st.other(setter)
    limit = v.trap_limit(st, target)
    for m in st.teams[setter].members:
        em.emit("traps_told", "tw.trap.count", cause, "player", to=m, player=m,
                target=target, words=list(words), team=setter, limit=limit, round=n,
                window=v.options["call_window_seconds"], auto=v.options["trap_mode"] == "auto",
                before_play=before_play)


def _tell_giver(em: Emitter[TwState], turn: Turn, cause: str) -> None:
    """tw.fail: the hint-giver learns why the turn failed on a hint (illegal, foul, trap)."""
    if turn.reason not in ("illegal", "foul", "trap"):
        return
    spec = turn.spec
    by_gm = turn.end is not None and turn.end.kind in ("trap_yes", "foul")
    extra: dict[str, Any] = {}
    if turn.reason == "trap":
        hint = turn.sprung_hint
        words = list(turn.trap_words)
        verdicts = {v.word: v for v in hint.verdicts} if hint else {}
        if by_gm:
            known = [verdicts[w] for w in words if w in verdicts and verdicts[w].grade != "none"]
            hint_why = known[0].reason.replace("（GMが判断）", "") if known else ""
            why = "GMがトラップと判定しました" + (f"（{hint_why}）" if hint_why else "")
        else:
            why = verdicts[words[0]].reason if words and words[0] in verdicts else turn.detail
        if words:
            extra["words"] = words
        sprung = [c for c in turn.calls if c.get("result") == "sprung"]
        if sprung and not by_gm:
            extra["caller"] = sprung[-1]["by"]
    else:
        hint = next((h for h in reversed(turn.hints) if h.illegal), None)
        why = (hint.illegal if hint else None) or turn.detail
    if hint is not None:
        extra["hint"] = hint.move.text
    if turn.void_answer is not None:
        extra["void_answer"] = turn.void_answer.text
    em.emit("hint_ruled", turn.rule, cause, "player", to=spec.giver, player=spec.giver,
            target=spec.team, reason=turn.reason, why=why, by_gm=by_gm, **extra)


def _results(v: TrapWordRules, em: Emitter[TwState], turns: list[Turn], ph: PhaseInput,
             n: int, cause: str, timed: bool) -> None:
    st = em.state
    fighting = {t for t, s in st.teams.items() if st.monster and s.room == st.monster_room}
    won = [t.spec.team for t in turns if t.success and t.spec.team in fighting]
    ruled = [d for d in ph.directives if isinstance(d.action, Winner)]
    pending = False
    if len(won) == 2 and v.options["single_winner"]:
        first, second = turns
        if ruled:  # the GM's 勝者@ decides (the only way in a log without times)
            d = ruled[-1]
            won = [d.action.team]  # type: ignore[attr-defined]
            em.emit("tiebreak", "tw.tiebreak", d.ref, "public", teams=won, by_gm=True)
        elif timed and first.elapsed is not None:
            won = [second.spec.team] if second.success else [first.spec.team]
            em.emit("tiebreak", "tw.tiebreak", cause, "public", teams=won, by_gm=False)
        else:
            pending, won = True, []
            teams = "・".join(t.spec.team for t in turns)
            em.diagnose(
                "error", "tiebreak_needs_gm", f"logs/{ph.id}.txt",
                f"round {n}: both teams ({teams}) beat the monster and the log has no times, "
                f"so single_winner cannot be settled: write 勝者@<team> in logs/{ph.id}.txt "
                "(tw.tiebreak)",
                f"第{n}ラウンドは両チームがモンスターを倒しましたが、ログに時刻がないため"
                "勝者を決められません。GMが「勝者@チーム名」と書いてください")
            em.emit("tiebreak_pending", "tw.tiebreak", cause, "public",
                    teams=[t.spec.team for t in turns])
    elif ruled:
        em.diagnose("warning", "winner_ignored", ruled[-1].ref,
                    "勝者@ is read only when both teams beat the monster in one round with "
                    "single_winner (tw.tiebreak): ignored",
                    "勝者@は決着ルールが必要なときだけ使います（無視しました）")
    for t in turns:
        team = st.teams[t.spec.team]
        if t.success and t.spec.team not in fighting:
            room = min(team.room + 1, st.monster_room)
            em.emit("advanced", "tw.advance", cause, "public", target=team.name, amount=room)
    if all(not t.success for t in turns) and not fighting:
        room = max(1, st.monster_room - 1)
        if room != st.monster_room:
            em.emit("monster_moved", "tw.monster.approach", cause, "public", amount=room)
            for c in st.curses:
                if c.room == room and room > 1:
                    em.emit("curse_moved", "tw.monster.approach", cause, "public",
                            target=c.card, amount=max(1, room - 1))
    for c in em.state.curses:
        if c.revealed:
            em.emit("curse_discarded", "tw.curse", cause, "public", target=c.card,
                    name=v.deck.card(c.card).name)
    for team in st.teams.values():
        em.emit("torch_passed", "tw.torch", cause, "public", target=team.name,
                amount=(team.torch + 1) % len(team.members),
                giver=team.members[(team.torch + 1) % len(team.members)])
    em.emit("round_ended", "tw.round.secret", cause, "public", amount=n,
            positions={t: s.room for t, s in em.state.teams.items()},
            monster=em.state.monster_room)
    if won:
        rule = "tw.monster.both" if len(fighting) == 2 else "tw.monster.fight"
        em.emit("game_over", rule, cause, "public", teams=won, result="win")
    elif n >= ROUNDS and not pending:
        em.emit("game_over", "tw.end", cause, "public", teams=[], result="both_lose")


__all__ = ["play_round", "is_call"]


class TrapWordRules(Variant[TwState]):
    """Setup, validation of lines and resolution of a round; the Variant (TrapWord) adds
    its outputs."""

    #: no [[players]]: the players are the teams' members (options.problems refuses any)
    player_fields: ClassVar[frozenset[str] | None] = None

    def __init__(self, cfg: GameConfig) -> None:
        super().__init__(cfg)
        self.options = {**DEFAULTS, **cfg.options}
        raw = self.options["deck"]
        self.deck = D.parse_deck(raw) if isinstance(raw, dict) else D.sample_deck()
        self.judge = Judge(self.options["synonyms"])
        self.extra_targets = {t.name: t.name for t in cfg.teams}  # type: ignore[misc]
        self.target_kinds = {t.name: "team" for t in cfg.teams}  # type: ignore[misc]

    @classmethod
    def config_problems(cls, cfg: GameConfig) -> list[str]:
        from .options import problems

        return problems(cfg, DEFAULTS)

    def roster_entries(self) -> list[tuple[str, list[str]]]:
        return [(m, []) for t in self.cfg.teams for m in t.members]

    def initial_state(self) -> TwState:
        first = next((t.name for t in self.cfg.teams if t.first), self.cfg.teams[0].name)
        teams = {t.name: TeamState(name=t.name, members=list(t.members), first=t.name == first)
                 for t in self.cfg.teams}
        players = {m: TwPlayer(name=m, team=t.name) for t in self.cfg.teams for m in t.members}
        tiles = list(self.options["tiles"])
        return TwState(players=players, teams=teams, tiles=tiles, monster_room=len(tiles))

    def phase_ids(self) -> Iterator[str]:
        for n in range(1, ROUNDS + 1):
            yield f"round{n}"

    def setup_events(self, em: Emitter[TwState]) -> None:
        """tw.setup.monster / tw.setup.curses: drawn (recorded) or named."""
        last = len(em.state.tiles)
        named = self.options["monster"]
        if named:
            monster = self.deck.card(self.deck.monster_id(named) or named)
        else:
            pool = [c for c in self.deck.monsters if self.options["advanced"] or not c.advanced]
            monster = em.draw(pool, "tw.setup.monster", "モンスターカードを1枚引く")
        em.emit("monster_placed", "tw.setup.monster", "setup", "public", target=monster.id,
                amount=last, name=monster.name, text=monster.text)
        pool = [c for c in self.deck.curses if self.options["advanced"] or not c.advanced]
        rooms = [2, last] + list(range(3, last))
        for i in range(min(self.options["curses"], len(pool), len(rooms))):
            card = em.draw(pool, "tw.setup.curses", f"呪いカード{i + 1}枚目（裏向き）")
            pool = [c for c in pool if c.id != card.id]
            em.emit("curse_placed", "tw.setup.curses", "setup", "gm", target=card.id,
                    amount=rooms[i], name=card.name)

    # ------------------------------------------------------------ lines
    def free_action(self, state: TwState, phase: str, actor: str, text: str) -> A.Action | None:
        if is_bare_call(text):  # 「トラップ！」: a call, never a hint
            return Call()
        team = state.teams[state.players[actor].team]
        return Say(role="hint" if team.giver == actor else "answer", text=text.strip())

    def validate(self, state: TwState, phase: str, actor: str, action: A.Action,
                 held: dict[str, Candidate]) -> A.Action:
        if isinstance(action, Say | Call):
            return action
        if isinstance(action, SetTraps):
            return self._check_traps(state, phase, state.players[actor].team, action, True)
        raise IllegalActionError(f"{action.kind} is not a player command of trapword",
                                 "このゲームにはないコマンドです", code="not_in_variant",
                                 rule="tw.trap.count")

    def validate_directive(self, state: TwState, phase: str, action: A.Action) -> A.Action:
        team = getattr(action, "team", None)
        if team is not None and team not in state.teams:
            raise IllegalActionError(f"{team!r} is not a team", f"「{team}」というチームはありません",
                                     code="not_team", rule="tw.setup.teams")
        if isinstance(action, SetTraps) and action.team:
            return self._check_traps(state, phase, action.team, action, False)
        return action

    def _check_traps(self, state: TwState, phase: str, team: str, action: SetTraps,
                     check_pos: bool) -> SetTraps:
        """tw.trap.pos, word by word (a bad word is dropped with its reason, the good
        ones stand; the GM's list is not checked: the GM may overrule).  The count
        (tw.trap.count) and the time (tw.trap.when) are judged when the round resolves,
        over the lines in order."""
        if not action.words:
            raise IllegalActionError("no trap word", "トラップワードを書いてください",
                                     code="no_word", rule="tw.trap.count")
        words, dropped = list(action.words), []
        if check_pos:
            words = []
            for w in action.words:
                why = self.judge.pos_problem(w)
                if why:
                    dropped.append((w, why))
                else:
                    words.append(w)
            if not words:
                w, why = dropped[0]
                if len(dropped) > 1:
                    why = "／".join(y for _w, y in dropped)
                raise IllegalActionError(f"trap word {w!r}: not a content word", why,
                                         code="trap_pos", rule="tw.trap.pos")
        if dropped:
            return action.model_copy(update={"words": tuple(words), "dropped": tuple(dropped)})
        return action

    def trap_limit(self, state: TwState, target: str) -> int:
        room = state.teams[target].room
        return max(0, state.tiles[room - 1] + card_rules(state, self.deck, target).trap_delta)

    # ------------------------------------------------------------ resolution
    def resolve(self, em: Emitter[TwState], ph: PhaseInput) -> None:
        play_round(self, em, ph)
