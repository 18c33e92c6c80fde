"""One round of Trap Word as events (tw.round.*, tw.turn.*, tw.advance, tw.monster.*,
tw.curse, tw.torch, tw.tiebreak, tw.end).  Pure: reads the phase input, emits events."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ... import actions as A
from ...config import GameConfig
from ...errors import IllegalActionError
from ...models import LineRecord
from ...render import day_number
from ..base import Candidate, Emitter, PhaseInput, Variant
from . import deck as D
from .actions import Call, Marker, Say, Secret, SetTraps, TurnStart
from .judge import Judge
from .rounds import Move, Turn, TurnSpec, find_start, is_call, judge_turn
from .state import (
    DEFAULTS,
    ROUNDS,
    TeamState,
    TwPlayer,
    TwState,
    card_rules,
    time_seconds,
)


def _times(lines: list[LineRecord]) -> tuple[dict[str, float | None], bool, float]:
    """ref -> seconds (midnight rollover handled); all timed?; tolerance (59: minutes only)."""
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
    cands = sorted([*ph.actions, *ph.directives], key=lambda c: c.order)
    out: list[Move] = []
    for c in cands:
        a = c.action
        team = state.players[c.actor].team if c.actor in state.players else None
        if isinstance(a, Say):
            kind, text, target = "say", a.text, None
        elif isinstance(a, Call):
            kind, text, target = "call", "トラップ", None
        elif isinstance(a, TurnStart):
            kind, text, target = "start", "", a.team
        elif isinstance(a, Marker):
            kind, text, target = a.kind, a.text, None
        else:
            kind, text, target = "other", "", None
        if c.by_gm and c.actor in state.players:
            team = state.players[c.actor].team
        out.append(Move(index=len(out), ref=c.ref, time=times.get(c.ref), actor=c.actor,
                        team=team, kind=kind, text=text, target=target))
    return out


def play_round(v: TrapWordRules, em: Emitter[TwState], ph: PhaseInput) -> None:
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
        if isinstance(d.action, Secret):
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
        if isinstance(a, SetTraps):
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
        rules = card_rules(st, v.deck, team.name)
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


def _results(v: TrapWordRules, em: Emitter[TwState], turns: list[Turn], fighting: set[str],
             n: int, cause: str) -> None:
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


class TrapWordRules(Variant[TwState]):
    """Setup, validation of lines and resolution of a round; the Variant (TrapWord) adds
    its outputs."""

    def __init__(self, cfg: GameConfig) -> None:
        super().__init__(cfg)
        self.options = {**DEFAULTS, **cfg.options}
        raw = self.options["deck"]
        self.deck = D.parse_deck(raw) if isinstance(raw, dict) else D.sample_deck()
        self.judge = Judge(self.options["synonyms"])
        self.extra_targets = {t.name: t.name for t in cfg.teams}  # type: ignore[misc]
        self._traps: dict[tuple[int, str], dict[str, list[str]]] = {}

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
            monster = self.deck.card(named)
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
        """tw.trap.count (over the count: rejected) and tw.trap.pos (the GM may overrule)."""
        if not action.words:
            raise IllegalActionError("no trap word", "トラップワードを書いてください",
                                     code="no_word", rule="tw.trap.count")
        if check_pos:
            for w in action.words:
                why = self.judge.pos_problem(w)
                if why:
                    raise IllegalActionError(f"trap word {w!r}: not a content word", why,
                                             code="trap_pos", rule="tw.trap.pos")
        other = state.other(team)
        limit = self.trap_limit(state, other)
        seen = self._traps.setdefault((id(state), phase), {}).setdefault(team, [])
        new = [w for w in action.words if w not in seen]
        if len(seen) + len(new) > limit:
            raise IllegalActionError(
                f"team {team!r} sets {len(seen) + len(new)} trap words, limit {limit}",
                f"トラップワードは{limit}個までです（設定済み{len(seen)}個）",
                code="trap_over", rule="tw.trap.count")
        seen.extend(new)
        return action

    def trap_limit(self, state: TwState, target: str) -> int:
        room = state.teams[target].room
        return max(0, state.tiles[room - 1] + card_rules(state, self.deck, target).trap_delta)

    # ------------------------------------------------------------ resolution
    def resolve(self, em: Emitter[TwState], ph: PhaseInput) -> None:
        play_round(self, em, ph)
