"""Shared werewolf machinery (werewolf.md, rule ids ww.*): votes, executions, bites,
seer, medium, hunter, masons and win checks.  Written once; variants reuse it.

Functions here are pure: they read the state held by the emitter and record events.
"""

# No ``from __future__ import annotations`` here: pydantic would evaluate each model
# field's annotation string (a compile and an eval apiece) as the models are defined at
# every start; written as objects they cost nothing (about 5 M instructions a derby run
# over these modules).

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict

from .. import actions as A
from ..errors import IllegalActionError, UsageError
from ..models import Event
from ..vocab import ROLE_NAMES, ROLES, role_ja, team_of
from .base import Candidate, Emitter, PhaseInput, S, Variant

#: The two base models are built on first use (``defer_build``), not at import: every
#: game subclasses them and validates only its own subclasses, so the bases' own schemas
#: were built for nothing at every start (1 ms).  A subclass inherits the setting: it is
#: built when first validated, as a deferred model is (the same schema, later).
_BASE = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class PlayerState(BaseModel):
    model_config = _BASE

    name: str
    role: str = "villager"
    alive: bool = True
    died: str | None = None  # "bitten:night2", "executed:day3"


class WerewolfState(BaseModel):
    model_config = _BASE

    players: dict[str, Any]  # name -> PlayerState (a variant's subclass)
    last_guard: str | None = None
    last_executed: str | None = None
    finished: bool = False
    team_won: str | None = None
    winners: list[str] = []


class HasPlayers(Protocol):
    players: dict[str, Any]


def with_player(state: Any, name: str, **update: Any) -> Any:
    players = dict(state.players)
    players[name] = players[name].model_copy(update=update)
    return state.model_copy(update={"players": players})


def living(state: HasPlayers) -> list[str]:
    return [n for n, p in state.players.items() if p.alive]


def living_with_role(state: HasPlayers, role: str) -> list[str]:
    return [n for n, p in state.players.items() if p.alive and p.role == role]


def is_wolf(state: HasPlayers, name: str) -> bool:
    return bool(state.players[name].role == "wolf")


# ---------------------------------------------------------------- validation
def _need_living_target(state: HasPlayers, target: str, what: str, rule: str) -> None:
    if target not in state.players:
        raise IllegalActionError(
            f"{what}: {target!r} is not a player", f"{what}先は参加者の名前で書いてください",
            code="not_player", rule=rule)
    if not state.players[target].alive:
        raise IllegalActionError(
            f"{what}: {target!r} is dead", f"{target}さんはすでに死亡しています",
            code="target_dead", rule=rule)


def validate_ww(
    state: Any, phase: str, actor: str, action: A.Action, options: dict[str, Any]
) -> A.Action | None:
    """Validate a base werewolf action; None if ``action`` is not one."""
    day = phase.startswith("day")
    me = state.players[actor]
    if isinstance(action, A.Vote):
        if not day:
            raise IllegalActionError("vote at night", "投票は昼の投票時間に行ってください",
                                     code="wrong_phase", rule="ww.vote")
        _need_living_target(state, action.target, "投票", "ww.vote")
        if action.target == actor:
            raise IllegalActionError("vote for self", "自分には投票できません",
                                     code="self_target", rule="ww.vote")
        return action
    if isinstance(action, A.Bite | A.Divine | A.Guard):
        kind, role, rule, ja, verb = {
            A.Bite: ("bite", "wolf", "ww.bite", "噛み", "噛む"),
            A.Divine: ("divine", "seer", "ww.divine", "占い", "占う"),
            A.Guard: ("guard", "hunter", "ww.guard", "護衛", "護衛する"),
        }[type(action)]
        # the role first: a villager who writes 噛み@ by day is told it is not theirs,
        # not that biting works at night (R6)
        if me.role != role:
            raise IllegalActionError(
                f"{actor!r} is not a {role}", f"{ja}は{role_ja(role)}だけが行えます",
                code="not_role", rule=rule)
        if day:
            raise IllegalActionError(f"{kind} by day", f"{ja}は夜時間に行ってください",
                                     code="wrong_phase", rule=rule)
        _need_living_target(state, action.target, ja, rule)
        if kind == "bite":
            if phase == "night1" and not options.get("first_bite", True):
                raise IllegalActionError("no bite on night1", "初日の夜は噛みがありません",
                                         code="no_first_bite", rule="ww.night.first_bite")
            if is_wolf(state, action.target):
                raise IllegalActionError("wolf bites wolf", "仲間の人狼を噛むことはできません",
                                         code="wolf_target", rule=rule)
        elif action.target == actor:
            raise IllegalActionError(f"{kind} on self", f"自分を{verb}ことはできません",
                                     code="self_target", rule=rule)
        if (kind == "guard" and not options.get("hunter_repeat", True)
                and state.last_guard == action.target):
            raise IllegalActionError(
                "same guard two nights running", "2夜連続で同じ人は護衛できません",
                code="repeat_guard", rule="ww.role.hunter")
        return action
    return None


def ww_slot(action: A.Action, actor: str) -> tuple[str, str, str] | None:
    if isinstance(action, A.Vote):
        return (actor, "vote", "ww.vote")
    if isinstance(action, A.Bite):
        return ("*wolves", "bite", "ww.bite")
    if isinstance(action, A.Divine):
        return (actor, "divine", "ww.divine")
    if isinstance(action, A.Guard):
        return (actor, "guard", "ww.guard")
    return None


class WerewolfVariant(Variant[S]):
    """A variant played on the werewolf day (and, if it has them, the night roles): the
    shared actions are validated and slotted here; the variant adds its own actions in
    ``validate_own`` and ``own_slot``.  ``options`` holds the game's rule options."""

    options: dict[str, Any]

    def slot(self, action: A.Action, actor: str) -> tuple[str, str, str] | None:
        own = self.own_slot(action, actor)
        return own if own is not None else ww_slot(action, actor)

    def own_slot(self, action: A.Action, actor: str) -> tuple[str, str, str] | None:
        return None

    def validate(self, state: S, phase: str, actor: str, action: A.Action,
                 held: dict[str, Candidate]) -> A.Action:
        checked = validate_ww(state, phase, actor, action, self.options)
        if checked is not None:
            return checked
        return self.validate_own(state, phase, actor, action, held)

    def validate_own(self, state: S, phase: str, actor: str, action: A.Action,
                     held: dict[str, Candidate]) -> A.Action:
        raise NotImplementedError

    def resolve(self, em: Emitter[S], phase: PhaseInput) -> None:
        """The werewolf calendar: a night phase goes to ``resolve_night``, a day to
        ``resolve_day`` (a variant with another shape overrides ``resolve`` itself)."""
        if phase.id.startswith("night"):
            self.resolve_night(em, phase)
        else:
            self.resolve_day(em, phase)

    def resolve_night(self, em: Emitter[S], phase: PhaseInput) -> None:
        raise NotImplementedError

    def resolve_day(self, em: Emitter[S], phase: PhaseInput) -> None:
        raise NotImplementedError


# ---------------------------------------------------------------- resolution
def setup_masons(em: Emitter[Any]) -> None:
    """ww.role.mason: masons are told each other at the start."""
    masons = [n for n, p in em.state.players.items() if p.role == "mason"]
    for m in masons:
        others = [o for o in masons if o != m]
        em.emit("masons", "ww.role.mason", f"phase:{em.phase}", "player", to=m, player=m,
                partners=others)


def setup_roles(em: Emitter[Any]) -> None:
    """Every player is told their role at the start (one ``role`` notice each): the
    roles are secret and a player must know their own to play it.  Wolves are told
    each other (ww.role.wolf: the wolves choose one bite together), masons each other
    (ww.role.mason, the ``masons`` notice of :func:`setup_masons`); a madman is told
    nothing of the wolves (ww.role.madman: no ability)."""
    setup_masons(em)
    players = em.state.players
    for name, p in players.items():
        if p.role == "mason":
            continue  # told by setup_masons, with the partners
        partners = [o for o, q in players.items() if q.role == "wolf" and o != name] \
            if p.role == "wolf" else []
        em.emit("role", f"ww.role.{p.role}", f"phase:{em.phase}", "player", to=name,
                player=name, role=p.role, role_ja=role_ja(p.role), partners=partners)


def resolve_vote(em: Emitter[Any], actions: Sequence[Candidate], tie: str,
                 execute: Callable[[Emitter[Any], str, int], str | None] | None = None
                 ) -> str | None:
    """ww.vote / ww.vote.tie / ww.vote.post: tally, execute, record.  Returns the executed.
    ``execute(em, chosen, votes)``, if given, carries out the execution instead (a village
    where the chosen one may survive or someone else die) and returns who was executed."""
    votes = [c for c in actions if isinstance(c.action, A.Vote)]
    voters = {c.actor for c in votes}
    for c in votes:
        em.emit("vote", "ww.vote", c.ref, "public", player=c.actor,
                target=c.action.target, by_gm=c.by_gm)  # type: ignore[attr-defined]
    alive = living(em.state)
    missing = [n for n in alive if n not in voters]
    if missing:
        em.emit("no_vote", "ww.vote.post", f"phase:{em.phase}", "public", players=missing)
    tally = Counter(c.action.target for c in votes)  # type: ignore[attr-defined]
    if not tally:
        em.emit("no_execution", "ww.vote", f"phase:{em.phase}", "public", why="no_votes")
        return None
    top = max(tally.values())
    tied = [n for n in em.state.players if tally.get(n) == top]
    em.emit("tally", "ww.vote", f"phase:{em.phase}", "public",
            counts={n: tally[n] for n in em.state.players if n in tally})
    if len(tied) > 1:
        if tie == "none":
            em.emit("no_execution", "ww.vote.tie", f"phase:{em.phase}", "public",
                    why="tie", tied=tied)
            return None
        executed = em.draw(tied, "ww.vote.tie", "同票のためランダムで処刑者を決定")
    else:
        executed = tied[0]
    if execute is not None:
        return execute(em, executed, top)
    drawn: dict[str, Any] = {"drawn": True} if len(tied) > 1 else {}  # told in the post
    em.emit("execution", "ww.vote", f"phase:{em.phase}", "public", player=executed,
            votes=top, **drawn)
    em.emit("death", "ww.vote", f"phase:{em.phase}", "public", player=executed,
            how="executed")
    return executed


def resolve_night(
    em: Emitter[Any], actions: Sequence[Candidate], options: dict[str, Any]
) -> list[str]:
    """ww.bite / ww.guard / ww.divine / ww.medium.  Returns who died."""
    start = em.state
    acts = list(actions)
    guard = next((c for c in acts if isinstance(c.action, A.Guard)), None)
    if guard is not None:
        em.emit("guard", "ww.guard", guard.ref, "gm", player=guard.actor,
                target=guard.action.target)  # type: ignore[attr-defined]
    elif start.last_guard is not None:
        # no guard tonight: tomorrow the hunter may guard anyone again (hunter_repeat)
        em.emit("guard_none", "ww.guard", f"phase:{em.phase}", "gm")
    for c in acts:
        if isinstance(c.action, A.Divine):
            seen = c.action.target
            result = "人狼" if is_wolf(start, seen) else "人間"
            em.emit("divine", "ww.divine", c.ref, "player", to=c.actor, player=c.actor,
                    target=seen, result=result)
    if start.last_executed and living_with_role(start, "medium"):
        executed = start.last_executed
        result = "人狼" if is_wolf(start, executed) else "人間"
        for m in living_with_role(start, "medium"):
            em.emit("medium", "ww.medium", f"phase:{em.phase}", "player", to=m, player=m,
                    target=executed, result=result)
    deaths: list[str] = []
    bite = next((c for c in acts if isinstance(c.action, A.Bite)), None)
    target: str | None = None
    wolves_alive = living_with_role(start, "wolf")
    can_bite = bool(wolves_alive) and (em.phase != "night1" or options.get("first_bite", True))
    if bite is not None:
        target = bite.action.target  # type: ignore[attr-defined]
        em.emit("bite", "ww.bite", bite.ref, "gm", player=bite.actor, target=target)
    elif can_bite and options.get("no_bite", "random") != "none":
        pool = [n for n in living(start) if not is_wolf(start, n)]
        if pool:
            target = em.draw(pool, "ww.bite", "噛みの指定がないためランダムに決定")
            em.emit("bite", "ww.bite", "rng", "gm", player=None, target=target, random=True)
    if target is not None:
        guarded = guard is not None and getattr(guard.action, "target", None) == target
        if guarded:
            em.emit("guarded", "ww.guard", guard.ref if guard else "rng", "gm", target=target)
        else:
            em.emit("death", "ww.bite", bite.ref if bite else "rng", "public", player=target,
                    how="bitten")
            deaths.append(target)
    return deaths


def check_win(em: Emitter[Any]) -> str | None:
    """ww.win.village / ww.win.wolves; records ``team_win`` and returns the team."""
    st = em.state
    alive = living(st)
    wolves = [n for n in alive if is_wolf(st, n)]
    if not wolves:
        em.emit("team_win", "ww.win.village", f"phase:{em.phase}", "public", team="village")
        return "village"
    if len(wolves) >= len(alive) - len(wolves):
        em.emit("team_win", "ww.win.wolves", f"phase:{em.phase}", "public", team="wolves")
        return "wolves"
    return None


def evolve_ww(state: Any, ev: Event) -> Any:
    """State changes of the base werewolf events (others leave state as it is)."""
    if ev.kind == "death" and ev.player:
        how = ev.data.get("how", "died")
        return with_player(state, ev.player, alive=False, died=f"{how}:{ev.cause}")
    if ev.kind in ("guard", "guard_none"):
        return state.model_copy(update={"last_guard": ev.target})
    if ev.kind == "execution":
        return state.model_copy(update={"last_executed": ev.player})
    if ev.kind == "no_execution":
        return state.model_copy(update={"last_executed": None})
    if ev.kind == "team_win":
        return state.model_copy(update={"finished": True, "team_won": ev.data["team"]})
    return state


def teams_of(state: HasPlayers, names: Iterable[str]) -> dict[str, str]:
    return {n: team_of(state.players[n].role) for n in names}


# ---------------------------------------------------------------- the deal
def role_counts(n: int, setup: dict[str, int], table: dict[int, dict[str, int]],
                name_ja: str, rule: str) -> dict[str, int]:
    """The base werewolf roles to deal to ``n`` players (``adjudicator deal``): the
    ``[setup]`` counts of game.toml if given (any base role word: 人狼, 狼…), else the
    village's ``table`` (player count -> counts by role name); ``rule`` cites the table."""
    if setup:
        counts: dict[str, int] = {}
        for word, k in setup.items():
            rid = ROLE_NAMES.get(word)
            if rid is None:
                raise UsageError(f"[setup] {word!r}: not a role (人狼 狂人 占い師 霊能者 狩人 "
                                 "共有者 村人)",
                                 f"編成の「{word}」は役職ではありません（人狼・狂人・占い師・"
                                 "霊能者・狩人・共有者・村人のどれかです）")
            if k < 0:
                raise UsageError(f"[setup] {word} = {k}: a count cannot be negative",
                                 f"編成の{word}の人数はマイナスにできません")
            ja = ROLES[rid][0]
            counts[ja] = counts.get(ja, 0) + k
        if sum(counts.values()) != n:
            raise UsageError(f"[setup] counts add up to {sum(counts.values())}, but game.toml "
                             f"lists {n} players",
                             f"編成の人数の合計は{sum(counts.values())}人ですが、参加者は"
                             f"{n}人です")
        if not counts.get("人狼"):
            raise UsageError("[setup] has no 人狼; the game needs at least one wolf",
                             "編成に人狼がいません。人狼は1人以上必要です")
        from ..vocab import unplayable

        if (why := unplayable(counts)) is not None:
            raise UsageError(f"[setup] {why[0]}", f"編成：{why[1]}")
        return counts
    low, high = min(table), max(table)
    if n not in table:
        raise UsageError(f"{name_ja} takes {low} to {high} players ({rule}); "
                         f"game.toml lists {n}",
                         f"{name_ja}の配役は{low}〜{high}人で行います（参加者は{n}人です）")
    return dict(table[n])


def role_seats(counts: dict[str, int]) -> list[dict[str, Any]]:
    """One ``{"role": 人狼}`` seat per dealt role, in the counts' order."""
    return [{"role": r} for r, k in counts.items() for _ in range(k)]
