"""Splatoon！！村: vocabulary, actions, state and the pure rule functions (rules/splatoon.md).

The variant class (``splatoon.py``) reads game.toml, validates commands and renders;
this module decides: the night resolution in the order the rules give, the day's
execution lock, the judge's reports and the day-7 result.  Every change of state is an
event emitted through the :class:`~adjudicator.variants.base.Emitter`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Final

from .. import actions as A
from .. import werewolf as ww
from .base import Candidate, Emitter

# ---------------------------------------------------------------- vocabulary
#: weapon id -> (Japanese name, colour damage per target, number of targets, rule id)
WEAPONS: Final[dict[str, tuple[str, int, int, str]]] = {
    "shooter": ("シューター", 2, 1, "sp.weapon.shooter"),
    "roller": ("ローラー", 1, 3, "sp.weapon.roller"),
    "charger": ("チャージャー", 3, 1, "sp.weapon.charger"),
    "bomb": ("ボム", 1, 1, "sp.weapon.bomb"),
    "sensor": ("スーパーセンサー", 0, 0, "sp.special.sensor"),
    "tornado": ("トルネード", 2, 3, "sp.special.tornado"),
    "supershot": ("スーパーショット", 5, 1, "sp.special.supershot"),
}
SPECIALS: Final[tuple[str, ...]] = ("sensor", "tornado", "supershot")
#: what game.toml may say in ``weapon`` (and ``special``) -> weapon id ("special": drawn)
WEAPON_WORDS: Final[dict[str, str]] = {
    **{ja: wid for wid, (ja, *_rest) in WEAPONS.items()},
    **{wid: wid for wid in WEAPONS},
    "スペシャル": "special",
    "special": "special",
}
COLOURS: Final[dict[int, str]] = {1: "orange", -1: "purple"}
COLOUR_JA: Final[dict[str, str]] = {"orange": "オレンジ", "purple": "ムラサキ"}
BOMBS: Final[int] = 3
SPLASH_MOVE: Final[int] = 3
SPLASH_POINTS: Final[int] = 5
JUDGE_NIGHTS: Final[tuple[str, ...]] = ("night1", "night3")  # mornings of day2 and day4
FINAL_NIGHT: Final[str] = "night6"  # its morning is day 7
GAUGE_MIN, GAUGE_MAX = -3, 3


def sign(n: int) -> int:
    return (n > 0) - (n < 0)


def colour_of(gauge: int) -> str | None:
    """sp.gauge: +1…+3 orange, −1…−3 purple, 0 colourless (None)."""
    return COLOURS.get(sign(gauge))


def gauge_ja(gauge: int) -> str:
    if gauge == 0:
        return "0（無色）"
    return f"{COLOUR_JA[COLOURS[sign(gauge)]]}{abs(gauge)}"


def clamp(n: int) -> int:
    return max(GAUGE_MIN, min(GAUGE_MAX, n))


# ---------------------------------------------------------------- actions
class Attack(A.Action):
    """A weapon command: ``シューター@X``, ``ローラー@X,Y,Z``… (``スーパーセンサー``: no target)."""

    kind: str = "attack"
    weapon: str  # a key of WEAPONS
    targets: tuple[str, ...] = ()

    def describe(self) -> str:
        ja = WEAPONS[self.weapon][0]
        return f"{ja}@{'、'.join(self.targets)}" if self.targets else ja


# ---------------------------------------------------------------- state
class SpPlayer(ww.PlayerState):
    role: str = "squid"
    gauge: int = 0
    weapon: str = "shooter"  # shooter roller charger bomb special
    special: str | None = None  # sensor tornado supershot (weapon == "special")
    special_used: bool = False
    revealed: bool = True  # knows its weapon (colourless squids learn it on first colour)
    locked: int | None = None  # gauge locked into permanent points at execution

    @property
    def arms(self) -> str:
        """The weapon id it fires (a special's own id)."""
        return (self.special or "special") if self.weapon == "special" else self.weapon


class SpState(ww.WerewolfState):
    permanent: dict[str, int] = {"orange": 0, "purple": 0}
    bombs_left: int = BOMBS
    muted: list[str] = []  # splashed last night: silent in this day's discussion


def points(state: SpState) -> dict[str, int]:
    """sp.points: living squids' gauges of a colour plus that colour's permanent points."""
    out = dict(state.permanent)
    for p in state.players.values():
        if p.alive and p.gauge:
            c = COLOURS[sign(p.gauge)]
            out[c] = out.get(c, 0) + abs(p.gauge)
    return {"orange": out.get("orange", 0), "purple": out.get("purple", 0)}


def weapon_ja(p: SpPlayer) -> str:
    if p.weapon == "special":
        return f"スペシャル（{WEAPONS[p.special][0]}）" if p.special else "スペシャル"
    return WEAPONS[p.weapon][0]


# ---------------------------------------------------------------- the night
@dataclass(frozen=True)
class Strike:
    actor: str
    weapon: str
    targets: tuple[str, ...]
    ref: str


def resolve_night(em: Emitter[SpState], cands: list[Candidate]) -> None:
    """The night in the order of rules/splatoon.md: teams, bombs, shooters, rollers,
    damage, splash, notices; then points, the judge and the day-7 result."""
    start = em.state
    here = f"phase:{em.phase}"
    rank = {n: i for i, n in enumerate(start.players)}
    team = {n: sign(p.gauge) for n, p in start.players.items()}
    side = {c: [n for n in start.players if start.players[n].alive and team[n] == s]
            for s, c in COLOURS.items()}
    em.emit("teams", "sp.resolve.team", here, "gm", orange=side["orange"],
            purple=side["purple"])
    attacks = [c for c in cands if isinstance(c.action, Attack)]
    strikes: list[Strike] = []
    # sp.weapon.bomb: three bombs in the whole village, in command order
    left = start.bombs_left
    for c in sorted((c for c in attacks if c.action.weapon == "bomb"),  # type: ignore[attr-defined]
                    key=lambda c: c.order):
        a: Attack = c.action  # type: ignore[assignment]
        if left > 0:
            left -= 1
            em.emit("bomb_used", "sp.weapon.bomb", c.ref, "gm", player=c.actor,
                    target=a.targets[0], left=left)
            strikes.append(Strike(c.actor, "bomb", a.targets, c.ref))
        else:
            em.emit("bomb_dud", "sp.weapon.bomb", c.ref, "player", to=c.actor, player=c.actor,
                    target=a.targets[0])
    for c in attacks:
        a = c.action  # type: ignore[assignment]
        if a.weapon != "bomb":
            strikes.append(Strike(c.actor, a.weapon, a.targets, c.ref))
    strikes.sort(key=lambda s: rank[s.actor])  # one weapon per squid: order-free
    for s in strikes:
        if s.weapon in SPECIALS:
            em.emit("special_spent", "sp.weapon.who", s.ref, "gm", player=s.actor,
                    weapon=s.weapon)
    by_actor = {s.actor: s for s in strikes}
    # sp.resolve.shooter_first
    shot: dict[str, list[str]] = defaultdict(list)
    for s in strikes:
        if s.weapon != "shooter":
            continue
        t = s.targets[0]
        hit = by_actor.get(t)
        if hit is not None and hit.weapon != "shooter" and team[t] not in (0, team[s.actor]):
            shot[t].append(s.actor)
    for t in sorted(shot, key=rank.__getitem__):
        em.emit("voided", "sp.resolve.shooter_first", by_actor[t].ref, "player", to=t,
                player=t, weapon=by_actor[t].weapon, by=shot[t], spent=by_actor[t].weapon
                in SPECIALS)
    remaining = [s for s in strikes if s.actor not in shot]
    # sp.resolve.roller_slow (simultaneous: judged on the same remaining set)
    slowed: dict[str, list[str]] = {}
    for r in remaining:
        if r.weapon != "roller":
            continue
        hitters = [s.actor for s in remaining if r.actor in s.targets
                   and team[s.actor] not in (0, team[r.actor])]
        if hitters:
            slowed[r.actor] = hitters
    for t in sorted(slowed, key=rank.__getitem__):
        em.emit("voided", "sp.resolve.roller_slow", by_actor[t].ref, "player", to=t,
                player=t, weapon="roller", by=slowed[t], spent=False)
    landed = [s for s in remaining if s.actor not in slowed]
    _damage(em, start, team, landed, rank)


def _damage(em: Emitter[SpState], start: SpState, team: dict[str, int], landed: list[Strike],
            rank: dict[str, int]) -> None:
    here = f"phase:{em.phase}"
    push: dict[str, dict[int, int]] = defaultdict(lambda: {1: 0, -1: 0})
    why: dict[str, list[str]] = defaultdict(list)
    seen: dict[str, list[dict[str, Any]]] = defaultdict(list)  # for the notices
    for s in landed:
        ja, dmg, _n, rule = WEAPONS[s.weapon]
        if s.weapon == "sensor":
            side = COLOURS[-team[s.actor]]
            members = [n for n in start.players if start.players[n].alive
                       and team[n] == -team[s.actor]]
            em.emit("sensor", rule, s.ref, "player", to=s.actor, player=s.actor, colour=side,
                    members=members)
            continue
        colour = COLOURS[team[s.actor]]
        for t in s.targets:
            bomb = s.weapon == "bomb"
            same = team[t] == team[s.actor]
            em.emit("hit", "sp.same_team" if same else rule, s.ref, "gm", player=s.actor,
                    target=t, amount=0 if same else dmg, weapon=s.weapon, colour=colour)
            seen[t].append({"by": None if bomb else s.actor, "weapon": ja, "damage": dmg,
                            "colour": colour, "effective": not same})
            if not same:
                push[t][team[s.actor]] += dmg
                why[t].append(f"{s.actor}の{ja}（{COLOUR_JA[colour]}{dmg}）")
    after: dict[str, int] = {}
    for n in sorted(push, key=rank.__getitem__):
        old = start.players[n].gauge
        new = clamp(old + push[n][1] - push[n][-1])
        after[n] = new
        em.emit("gauge", "sp.resolve.damage", here, "gm", player=n, amount=new, before=old,
                orange=push[n][1], purple=push[n][-1],
                clamped=new != old + push[n][1] - push[n][-1], why=why[n])
        if sign(new) != sign(old):
            em.emit("team_change", "sp.gauge", here, "gm", player=n,
                    before=colour_of(old), after=colour_of(new))
        if abs(new - old) >= SPLASH_MOVE:
            em.emit("splash", "sp.splash", here, "public", player=n, amount=SPLASH_POINTS,
                    colour=COLOURS[sign(new - old)], moved=new - old)
    for n, p in start.players.items():
        if not p.revealed and p.gauge == 0 and after.get(n, 0) != 0:
            now = em.state.players[n]
            em.emit("weapon_revealed", "sp.weapon.who", here, "player", to=n, player=n,
                    weapon=weapon_ja(now), colour=colour_of(now.gauge))
    for n, p in em.state.players.items():
        if p.alive:
            hits = sorted(seen.get(n, []), key=lambda h: (h["by"] is None,
                                                         rank.get(h["by"] or "", 0)))
            em.emit("gauge_notice", "sp.notice", here, "player", to=n, player=n,
                    amount=p.gauge, gauge=gauge_ja(p.gauge), attacks=hits)


def morning(em: Emitter[SpState]) -> None:
    """sp.points after the night; sp.judge.report on day 2 and 4; sp.win on day 7."""
    here = f"phase:{em.phase}"
    pts = points(em.state)
    em.emit("points", "sp.points", here, "gm", orange=pts["orange"], purple=pts["purple"],
            permanent=dict(em.state.permanent))
    if em.phase in JUDGE_NIGHTS:
        em.emit("judge_report", "sp.judge.report", here, "public", orange=pts["orange"],
                purple=pts["purple"])
    if em.phase == FINAL_NIGHT:
        st = em.state
        o, p = pts["orange"], pts["purple"]
        won = "orange" if o > p else "purple" if p > o else "draw"
        s = {"orange": 1, "purple": -1}.get(won, 0)
        winners = [n for n, q in st.players.items() if s and (
            (q.alive and sign(q.gauge) == s) or (q.locked is not None and sign(q.locked) == s))]
        em.emit("result", "sp.win", here, "public", team=won, orange=o, purple=p,
                players=winners)


# ---------------------------------------------------------------- the day
def lock_execution(em: Emitter[SpState], executed: str | None) -> None:
    """sp.execute: the executed squid's gauge becomes its colour's permanent points."""
    if executed is None:
        return
    g = em.state.players[executed].gauge
    em.emit("gauge_locked", "sp.execute", f"phase:{em.phase}", "gm", player=executed,
            amount=g, colour=colour_of(g), added=abs(g))
