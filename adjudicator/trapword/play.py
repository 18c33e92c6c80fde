"""One round of Trap Word as events (tw.round.*, tw.turn.*, tw.advance, tw.monster.*,
tw.curse, tw.torch, tw.tiebreak, tw.end).  Pure: reads the phase input, emits events."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..models import LineRecord
from ..render import day_number
from .rounds import Move, Turn, TurnSpec, find_start, is_call, judge_turn

if TYPE_CHECKING:
    from ..variants.base import Emitter, PhaseInput
    from ..variants.trapword import TrapWord, TwState


def _times(lines: list[LineRecord]) -> tuple[dict[str, float | None], bool, float]:
    """ref -> seconds (midnight rollover handled); all timed?; tolerance (59: minutes only)."""
    from ..variants.trapword import time_seconds

    out: dict[str, float | None] = {}
    last, shift, timed, minutes = None, 0.0, True, False
    for rec in lines:
        t = time_seconds(rec.time)
        if t is None:
            out[rec.ref] = None
            if rec.disposition != "chatter":
                timed = False
            continue
        if rec.time and rec.time.count(":") == 1:
            minutes = True
        if last is not None and t + shift < last - 12 * 3600:
            shift += 86400
        out[rec.ref] = t + shift
        last = t + shift
    return out, timed, 59.0 if minutes else 0.0


def _moves(ph: PhaseInput, state: TwState, times: dict[str, float | None]) -> list[Move]:
    from ..variants import trapword as V

    cands = sorted([*ph.actions, *ph.directives], key=lambda c: c.order)
    out: list[Move] = []
    for c in cands:
        a = c.action
        team = state.players[c.actor].team if c.actor in state.players else None
        if isinstance(a, V.Say):
            kind, text, target = "say", a.text, None
        elif isinstance(a, V.Call):
            kind, text, target = "call", "トラップ", None
        elif isinstance(a, V.TurnStart):
            kind, text, target = "start", "", a.team
        elif isinstance(a, V.Marker):
            kind, text, target = a.kind, a.text, None
        else:
            kind, text, target = "other", "", None
        if c.by_gm and c.actor in state.players:
            team = state.players[c.actor].team
        out.append(Move(index=len(out), ref=c.ref, time=times.get(c.ref), actor=c.actor,
                        team=team, kind=kind, text=text, target=target))
    return out


def play_round(v: TrapWord, em: Emitter[TwState], ph: PhaseInput) -> None:
    from ..variants import trapword as V

    n = day_number(ph.id)
    st = em.state
    opts = v.options
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
    # tw.round.secret: the GM's 秘密@, else drawn from the word list (recorded)
    secrets: dict[str, str] = {}
    told: dict[str, str] = {}  # team -> the cause of its secret word
    for d in ph.directives:
        if isinstance(d.action, V.Secret):
            secrets[d.action.team] = d.action.word
            told[d.action.team] = d.ref
            em.emit("secret_set", "tw.round.secret", d.ref, "gm", target=d.action.team,
                    word=d.action.word, source="gm")
    for tname in st.teams:
        if tname in secrets:
            continue
        pool = [w for w in opts["words"] if w not in em.state.used_words and
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
    # tw.trap.count: traps from the members' トラップ@ and the GM's トラップ設定@
    traps: dict[str, list[str]] = {t: [] for t in st.teams}  # setter -> words
    last_set: dict[str, str] = {}  # setter -> its latest accepted trap line
    for c in sorted([*ph.actions, *ph.directives], key=lambda c: c.order):
        a = c.action
        if isinstance(a, V.SetTraps):
            setter = a.team or st.players[c.actor].team
            new = [w for w in a.words if w not in traps[setter]]
            traps[setter].extend(new)
            last_set[setter] = c.ref
            em.emit("traps_set", "tw.trap.count", c.ref, "gm", player=c.actor, target=setter,
                    words=new, by_gm=bool(a.team))
    for setter, words in traps.items():
        if words:
            _tell_traps(v, em, setter, words, n, last_set[setter])
    times, timed, tol = _times(ph.lines)
    if not timed:
        em.diagnose("warning", "no_times", ph.id, "the log has lines without times: turn "
                    "time and call windows cannot be judged; only the GM's 時間切れ ends a "
                    "turn on time (tw.turn.time)", "ログに時刻がないため時間を判定できません")
    moves = _moves(ph, st, times)
    marked = {m.target for m in moves if m.kind == "start"}
    order = sorted(st.teams.values(), key=lambda t: (t.room, not t.first))
    em.emit("turn_order", "tw.round.order", cause, "public", teams=[t.name for t in order])
    turns: list[Turn] = []
    pos = 0
    fighting = {t.name for t in order if st.monster and t.room == st.monster_room}
    for k, team in enumerate(order):
        other = st.other(team.name)
        rules = V.card_rules(st, v.deck, team.name)
        hourglass: float | None = opts["hourglass_seconds"] * rules.hourglass_factor
        if (k == 1 and opts["single_winner"] and fighting == set(st.teams) and turns
                and turns[0].success and turns[0].elapsed is not None):
            hourglass = turns[0].elapsed  # tw.tiebreak
            em.emit("tiebreak_hourglass", "tw.tiebreak", cause, "public", target=team.name,
                    amount=int(hourglass))
        spec = TurnSpec(
            team=team.name, other=other, giver=team.giver,
            answerers=tuple(m for m in team.members if m != team.giver),
            secret=secrets.get(team.name), traps=traps[other], rules=rules,
            hourglass=hourglass if timed else None,
            answer_limit=max(1, opts["answer_limit"] + rules.answer_delta),
            window=float(opts["call_window_seconds"]), tolerance=tol,
            auto=opts["trap_mode"] == "auto", strict_proper=opts["strict_proper_nouns"],
            by_reading=opts["answer_by_reading"])
        start = find_start(moves, pos, spec, team.name in marked)
        if start is None:
            turn = Turn(spec=spec, start=None, detail="手番のヒントがありません")
            em.diagnose("warning", "no_turn", ph.id,
                        f"team {team.name!r} has no turn in this log (no 開始@ and no hint "
                        f"from {team.giver!r})", f"{team.name}チームの手番が見つかりません")
        else:
            stop = next((m.index for m in moves[start + 1:] if m.kind == "start"),
                        len(moves))
            turn = judge_turn(moves, start, stop, spec, v.judge)
            pos = turn.last_index + 1 if turn.last_index >= 0 else stop
        turns.append(turn)
        _emit_turn(em, turn, cause)
    _results(v, em, turns, fighting, n, cause)


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
        if best is not None and best.springs and not h.called and not h.sprung:
            em.emit("trap_missed", "tw.trap.missed", h.move.ref, "public", player=spec.giver,
                    target=spec.team, hint=h.move.text, word=best.word, grade=best.grade,
                    reason=best.reason)
    for c in turn.calls:
        em.emit("call", "tw.trap.call", c["ref"], "gm", player=c["by"], target=spec.team,
                **{k: v for k, v in c.items() if k not in ("ref", "by")})
    for m, how in turn.answers:
        em.emit("answer", "tw.answer.contains" if how else "tw.answer.every_line", m.ref,
                "gm", player=m.actor, target=spec.team, text=m.text, right=how)
    em.emit("turn_result", turn.rule, turn.end.ref if turn.end else ref, "public",
            target=spec.team, player=spec.giver, **turn.as_dict())
    _tell_giver(em, turn, turn.end.ref if turn.end else ref)


# ---------------------------------------------------------------- the GM's private notices
def _tell_secret(v: TrapWord, em: Emitter[TwState], team: str, word: str, n: int,
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


def _tell_traps(v: TrapWord, em: Emitter[TwState], setter: str, words: list[str],
                n: int, cause: str) -> None:
    """tw.trap.count: each member of the setting team gets the trap words as accepted."""
    st = em.state
    target = st.other(setter)
    limit = v.trap_limit(st, target)
    for m in st.teams[setter].members:
        em.emit("traps_told", "tw.trap.count", cause, "player", to=m, player=m,
                target=target, words=list(words), team=setter, limit=limit, round=n,
                window=v.options["call_window_seconds"], auto=v.options["trap_mode"] == "auto")


def _tell_giver(em: Emitter[TwState], turn: Turn, cause: str) -> None:
    """tw.fail: the hint-giver learns why the turn failed on a hint (illegal, foul, trap)."""
    if turn.reason not in ("illegal", "foul", "trap"):
        return
    spec = turn.spec
    hint = next((h for h in reversed(turn.hints) if h.illegal or h.sprung), None)
    best = hint.best() if hint else None
    sprung = [c for c in turn.calls if c.get("result") == "sprung"]
    if turn.reason == "trap":
        why = best.reason if best else turn.detail
    else:
        why = (hint.illegal if hint else None) or turn.detail
    extra: dict[str, Any] = {}
    if hint is not None:
        extra["hint"] = hint.move.text
    if best is not None and turn.reason == "trap":
        extra["word"] = best.word
    if sprung:
        extra["caller"] = sprung[-1]["by"]
    em.emit("hint_ruled", turn.rule, cause, "player", to=spec.giver, player=spec.giver,
            target=spec.team, reason=turn.reason, why=why,
            by_gm=turn.end is not None and turn.end.kind in ("trap_yes", "foul"), **extra)


def _results(v: TrapWord, em: Emitter[TwState], turns: list[Turn], fighting: set[str],
             n: int, cause: str) -> None:
    from ..variants.trapword import ROUNDS

    st = em.state
    won = [t.spec.team for t in turns if t.success and t.spec.team in fighting]
    if len(won) == 2 and v.options["single_winner"]:
        first, second = turns
        won = [second.spec.team] if second.success else [first.spec.team]
        em.emit("tiebreak", "tw.tiebreak", cause, "public", teams=won)
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
    elif n >= ROUNDS:
        em.emit("game_over", "tw.end", cause, "public", teams=[], result="both_lose")


__all__ = ["play_round", "is_call"]
