"""Splatoon！！村: setup checks, validation of commands and the pure rule functions
(rules/splatoon.md): the night resolution in the order the rules give, the day's
execution lock, the judge's reports and the day-7 result.  Every change of state is an
event emitted through the :class:`~adjudicator.games.base.Emitter`.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Any, ClassVar

from ... import actions as A
from ...config.load import GameConfig
from ...errors import CommandError, IllegalActionError
from ...models import Diagnostic, LineRecord
from ...roster import Roster
from .. import werewolf as ww
from ..base import Candidate, Emitter, PhaseInput
from .actions import Attack
from .state import (
    COLOUR_JA,
    COLOURS,
    FINAL_NIGHT,
    JUDGE_NIGHTS,
    SPECIALS,
    SPLASH_MOVE,
    SPLASH_POINTS,
    WEAPON_WORDS,
    WEAPONS,
    SpPlayer,
    SpState,
    clamp,
    colour_of,
    gauge_ja,
    points,
    sign,
    weapon_ja,
)

SQUIDS = 16
#: sp.setup: the weapons of each colour at the start (None: colourless)
COMPOSITION: dict[str | None, Counter[str]] = {
    "orange": Counter(shooter=1, roller=1, charger=1),
    "purple": Counter(shooter=1, roller=1, charger=1),
    None: Counter(special=3, bomb=4, shooter=1, roller=1, charger=1),
}
CONFIG_WEAPONS = ("シューター", "ローラー", "チャージャー", "ボム", "スペシャル", "スーパーセンサー",
                  "トルネード", "スーパーショット")
OPTIONS: dict[str, tuple[Any, ...]] = {"tie": ("random", "none"), "initial_gauge": (1, 2, 3)}
DEFAULT_OPTIONS: dict[str, Any] = {"tie": "random", "initial_gauge": 3}


def _arms_ja(arms: Counter[str]) -> str:
    """``Counter(shooter=1, roller=1)`` -> 「シューター1人・ローラー1人」 (in the seed's order)."""
    order = [w for w in WEAPONS if w not in SPECIALS]
    shown = [f"{WEAPONS[w][0] if w in WEAPONS else 'スペシャル'}{arms[w]}人"
             for w in [*order, "special"] if arms.get(w)]
    return "・".join(shown) or "0人"


def _arms(weapon: str | None, special: str | None) -> tuple[str | None, str | None]:
    """game.toml ``weapon``/``special`` -> (weapon id, special id or None)."""
    w = WEAPON_WORDS.get(weapon or "")
    s = WEAPON_WORDS.get(special or "")
    if w in SPECIALS:
        return "special", w
    return w, s


def _illegal(message: str, reason_ja: str, code: str, rule: str) -> IllegalActionError:
    return IllegalActionError(message, reason_ja, code=code, rule=rule)


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
            moved = abs(p.gauge - start.players[n].gauge)
            em.emit("gauge_notice", "sp.notice", here, "player", to=n, player=n,
                    amount=p.gauge, gauge=gauge_ja(p.gauge), attacks=hits,
                    before=start.players[n].gauge,
                    splashed=moved if moved >= SPLASH_MOVE else 0,
                    muted=moved >= SPLASH_MOVE and em.phase != FINAL_NIGHT)


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


class SplatoonRules(ww.WerewolfVariant[SpState]):
    """Setup checks, validation and resolution; the Variant (Splatoon) adds its outputs."""

    #: the [[players]] keys read here (Variant.player_fields: the base refuses the rest)
    player_fields: ClassVar[frozenset[str] | None] = frozenset({"colour", "weapon", "special"})

    def __init__(self, cfg: GameConfig) -> None:
        super().__init__(cfg)
        self.options = {**DEFAULT_OPTIONS, **cfg.options}
        self.roster = Roster(self.roster_entries())

    # ------------------------------------------------------------ setup
    @classmethod
    def config_problems(cls, cfg: GameConfig) -> list[str]:
        from ...config.problems import (
            Problem,
            count,
            missing,
            option_problems,
            player,
            setup,
        )
        from .state import COLOUR_JA

        problems: list[Problem] = []
        if len(cfg.players) != SQUIDS:
            problems.append(count(
                f"{len(cfg.players)} players; Splatoon！！村 takes {SQUIDS} squids and the "
                "judge as GM (sp.setup)",
                f"{len(cfg.players)}人います。Splatoon！！村はイカ{SQUIDS}人で遊びます"
                "（審判はGM）"))
        have: dict[str | None, Counter[str]] = {c: Counter() for c in COMPOSITION}
        named: Counter[str] = Counter()
        specials_ja = "・".join(WEAPONS[x][0] for x in SPECIALS)
        for i, p in enumerate(cfg.players, 1):
            w, s = _arms(p.weapon, p.special)
            if p.weapon is None:
                problems.append(missing(
                    i, p.name, "weapon", "シューター, ローラー, チャージャー, ボム, スペシャル "
                    "or a special's name", "シューター・ローラー・チャージャー・ボム・"
                    "スペシャル、またはスペシャルの名前"))
                continue
            if w is None or w in SPECIALS:
                problems.append(player(
                    i, p.name, "weapon", f"unknown weapon {p.weapon!r}; expected one of "
                    + " ".join(CONFIG_WEAPONS),
                    f"「{p.weapon}」というブキはありません（使えるのは "
                    + "・".join(CONFIG_WEAPONS) + "）"))
                continue
            if p.special is not None and (s not in SPECIALS or w != "special"):
                problems.append(player(
                    i, p.name, "special", f"{p.special!r} is not a special of a スペシャル "
                    "squid (スーパーセンサー, トルネード, スーパーショット)",
                    f"「{p.special}」は使えません（スペシャルは、ブキがスペシャルのイカの "
                    f"{specials_ja} のどれかです）"))
            if w == "special" and p.colour is not None:
                problems.append(player(
                    i, p.name, "", "a スペシャル squid starts colourless (sp.setup)",
                    "スペシャルのイカは色なしで始まります（色を消してください）"))
            if s in SPECIALS and w == "special":
                named[s] += 1
            have[p.colour][w] += 1
        for colour, want in COMPOSITION.items():
            if have[colour] != want and len(cfg.players) == SQUIDS:
                label = colour or "colourless"
                label_ja = f"{COLOUR_JA[colour]}のイカ" if colour else "色なしのイカ"
                problems.append(setup(
                    f"{label} squids have {dict(have[colour])}; sp.setup wants {dict(want)}",
                    f"{label_ja}は{_arms_ja(want)}です（いま{_arms_ja(have[colour])}）"))
        for sp, k in named.items():
            if k > 1:
                problems.append(setup(
                    f"{WEAPONS[sp][0]} is named {k} times; each special belongs to one squid "
                    "(sp.setup)",
                    f"{WEAPONS[sp][0]}が{k}人にあります（スペシャルは1種類1人です）"))
        problems += option_problems(cfg.options, OPTIONS, "splatoon")
        return list(problems)

    def initial_state(self) -> SpState:
        start = int(self.options["initial_gauge"])
        players = {}
        for p in self.cfg.players:
            w, s = _arms(p.weapon, p.special)
            g = {"orange": start, "purple": -start}.get(p.colour or "", 0)
            players[p.name] = SpPlayer(name=p.name, gauge=g, weapon=w or "shooter",
                                       special=s if w == "special" else None,
                                       revealed=p.colour is not None)
        return SpState(players=players)

    def setup_events(self, em: Emitter[SpState]) -> None:
        """sp.setup (specials drawn and recorded), sp.gauge.start, the squids' notices."""
        st = em.state
        pool = [s for s in SPECIALS if all(p.special != s for p in st.players.values())]
        for n, p in st.players.items():
            if p.weapon == "special" and p.special is None and pool:
                pick = em.draw(pool, "sp.setup", f"{n}さんのスペシャルを抽選")
                em.emit("special_assigned", "sp.setup", "rng", "gm", player=n, weapon=pick)
                pool.remove(pick)
        em.emit("gauge_start", "sp.gauge.start", f"phase:{em.phase}", "gm",
                gauges={n: p.gauge for n, p in em.state.players.items()})
        for n, p in em.state.players.items():
            colour = colour_of(p.gauge)
            # a colourless squid learns its weapon when it gets a colour (sp.weapon.who):
            # the GM's copy keeps it as ``hidden_weapon``, never told to the squid
            hidden: dict[str, Any] = {} if colour else {"hidden_weapon": weapon_ja(p)}
            em.emit("squid_notice", "sp.setup", f"phase:{em.phase}", "player", to=n, player=n,
                    gm_only=tuple(hidden), colour=colour, gauge=p.gauge,
                    weapon=weapon_ja(p) if colour else None, **hidden)

    # ------------------------------------------------------------ lines
    def own_slot(self, action: A.Action, actor: str) -> tuple[str, str, str] | None:
        if isinstance(action, Attack):
            return (actor, "weapon", "sp.weapon.who")
        return None

    def validate_own(self, state: SpState, phase: str, actor: str, action: A.Action,
                     held: dict[str, Candidate]) -> A.Action:
        if not isinstance(action, Attack):
            raise _illegal(f"{action.kind} is not a command of this village",
                           "この村にはないコマンドです", "not_in_variant", "sp.weapon.who")
        ja, _dmg, n, rule = WEAPONS[action.weapon]
        me: SpPlayer = state.players[actor]
        if not phase.startswith("night"):
            raise _illegal(f"{ja} by day", "武器は夜時間に使ってください", "wrong_phase",
                           "sp.weapon.who")
        if me.gauge == 0:
            raise _illegal(f"{actor!r} is colourless at the start of the night",
                           "無色イカは武器を使えません（夜の始まりに色がついているイカだけが使えます）",
                           "colourless", "sp.weapon.who")
        if me.arms != action.weapon:
            raise _illegal(f"{actor!r} holds {me.arms}, not {action.weapon}",
                           f"あなたの武器は{weapon_ja(me)}です（{ja}は使えません）",
                           "wrong_weapon", "sp.weapon.who")
        if action.weapon in SPECIALS and me.special_used:
            raise _illegal(f"{actor!r} already used the special", "スペシャルは1回しか使えません（使用済みです）",
                           "special_used", "sp.weapon.who")
        if action.weapon == "bomb" and state.bombs_left <= 0:
            raise _illegal("no bomb left in the village",
                           "ボムは村全体で3発までで、すでに使い切られています", "no_bombs",
                           "sp.weapon.bomb")
        targets = action.targets
        if len(targets) != n:
            raise _illegal(f"{ja} takes {n} targets, got {len(targets)}",
                           f"{ja}は{n}人を指定してください", "target_count", rule)
        if len(set(targets)) != len(targets):
            raise _illegal(f"{ja} names a player twice", f"{ja}は{n}人とも別々の人を指定してください",
                           "duplicate_target", rule)
        for t in targets:
            if t not in state.players:
                raise _illegal(f"{ja}: {t!r} is not a squid", f"{ja}の相手はイカの名前で書いてください",
                               "not_player", rule)
            if not state.players[t].alive:
                raise _illegal(f"{ja}: {t!r} is dead", f"{t}さんはすでに死亡しています",
                               "target_dead", rule)
            if t == actor:
                raise _illegal(f"{ja} on self", "自分を攻撃することはできません", "self_target", rule)
        return action

    def muted_lines(self, state: SpState, lines: list[LineRecord]) -> list[tuple[LineRecord, str]]:
        """sp.splash: discussion lines of squids splashed last night, with their names."""
        if not state.muted:
            return []
        out = []
        seat: dict[str, str | None] = {}  # speaker -> who, resolved once a speaker
        for rec in lines:
            if rec.disposition != "chatter" or not rec.text.strip():
                continue
            speaker = rec.speaker
            if speaker in seat:
                who = seat[speaker]
            else:
                try:
                    who = seat[speaker] = self.roster.resolve(speaker)
                except CommandError:
                    who = seat[speaker] = None
            if who is not None and who in state.muted:
                out.append((rec, who))
        return out

    def review_lines(self, state: SpState, phase: str, lines: list[LineRecord]
                     ) -> list[Diagnostic]:
        return [Diagnostic(
            level="warning", code="muted_speech", source=rec.ref, speaker=rec.speaker,
            text=rec.text, message=f"{who!r} was splashed last night and may not speak in "
            "this discussion (sp.splash)",
            reason_ja=f"{who}さんは昨晩スプラッシュしたため、今日の議論では発言できません")
            for rec, who in self.muted_lines(state, lines)]

    # ------------------------------------------------------------ resolution
    def resolve(self, em: Emitter[SpState], phase: PhaseInput) -> None:
        if phase.id.startswith("night"):
            resolve_night(em, phase.actions)
            morning(em)
            return
        for rec, who in self.muted_lines(em.state, phase.lines):
            em.emit("muted_speech", "sp.splash", rec.ref, "gm", player=who, text=rec.text)
        executed = ww.resolve_vote(em, phase.actions, self.options["tie"])
        lock_execution(em, executed)
        if em.state.muted:
            em.emit("unmuted", "sp.splash", f"phase:{em.phase}", "gm",
                    players=list(em.state.muted))
        pts = points(em.state)
        em.emit("points", "sp.points", f"phase:{em.phase}", "gm", orange=pts["orange"],
                purple=pts["purple"], permanent=dict(em.state.permanent))
