"""Splatoon！！村 / Splatoon village (rules/splatoon.md, rule ids sp.*).

Sixteen squids and the judge (the GM).  No bites, no wolves: the daily vote of
werewolf.md (``ww.vote*``) executes one squid a day, and at night squids coloured at the
start of the night fire their weapons, pushing each other's colour gauges (+3 orange …
−3 purple).  On the morning of day 7 the colour with more points wins.  The rules that
decide live in ``splatoon_rules``; this module reads the setup, validates commands,
folds events into state and renders.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from lark import Token, v_args

from .. import actions as A
from .. import werewolf as ww
from ..config import GameConfig
from ..errors import CommandError, IllegalActionError
from ..models import Diagnostic, Event, LineRecord
from ..parser import CommandTransformer
from ..render import day_number, public_view, render
from ..roster import Roster
from .base import Candidate, Emitter, PhaseInput
from .splatoon_rules import (
    COLOURS,
    SPECIALS,
    WEAPON_WORDS,
    WEAPONS,
    Attack,
    SpPlayer,
    SpState,
    colour_of,
    lock_execution,
    morning,
    points,
    resolve_night,
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


class SplatoonTransformer(CommandTransformer):
    def _attack(self, weapon: str, targets: Any) -> A.Action:
        if isinstance(targets, str):
            targets = (targets,)
        return Attack(weapon=weapon, targets=tuple(targets))

    @v_args(inline=True)
    def shooter(self, _kw: Token, target: str) -> A.Action:
        return self._attack("shooter", target)

    @v_args(inline=True)
    def roller(self, _kw: Token, targets: tuple[str, ...]) -> A.Action:
        return self._attack("roller", targets)

    @v_args(inline=True)
    def charger(self, _kw: Token, target: str) -> A.Action:
        return self._attack("charger", target)

    @v_args(inline=True)
    def bomb(self, _kw: Token, target: str) -> A.Action:
        return self._attack("bomb", target)

    def sensor(self, _children: list[Any]) -> A.Action:
        return Attack(weapon="sensor")

    @v_args(inline=True)
    def tornado(self, _kw: Token, targets: tuple[str, ...]) -> A.Action:
        return self._attack("tornado", targets)

    @v_args(inline=True)
    def supershot(self, _kw: Token, target: str) -> A.Action:
        return self._attack("supershot", target)


def _arms(weapon: str | None, special: str | None) -> tuple[str | None, str | None]:
    """game.toml ``weapon``/``special`` -> (weapon id, special id or None)."""
    w = WEAPON_WORDS.get(weapon or "")
    s = WEAPON_WORDS.get(special or "")
    if w in SPECIALS:
        return "special", w
    return w, s


def _illegal(message: str, reason_ja: str, code: str, rule: str) -> IllegalActionError:
    return IllegalActionError(message, reason_ja, code=code, rule=rule)


class Splatoon(ww.WerewolfVariant[SpState]):
    name: ClassVar[str] = "splatoon"
    transformer = SplatoonTransformer

    def __init__(self, cfg: GameConfig) -> None:
        super().__init__(cfg)
        self.options = {**DEFAULT_OPTIONS, **cfg.options}
        self.roster = Roster(self.roster_entries())

    # ------------------------------------------------------------ setup
    @classmethod
    def config_problems(cls, cfg: GameConfig) -> list[str]:
        problems: list[str] = []
        if len(cfg.players) != SQUIDS:
            problems.append(f"players: {len(cfg.players)} players; Splatoon！！村 takes "
                            f"{SQUIDS} squids and the judge as GM (sp.setup)")
        have: dict[str | None, Counter[str]] = {c: Counter() for c in COMPOSITION}
        named: Counter[str] = Counter()
        for i, p in enumerate(cfg.players, 1):
            where = f"players[{i}] ({p.name})"
            for key in ("role", "gender", "society", "faction"):
                if getattr(p, key) is not None:
                    problems.append(f"{where}.{key}: not used by splatoon")
            w, s = _arms(p.weapon, p.special)
            if p.weapon is None:
                problems.append(f"{where}.weapon: required key is missing (シューター, "
                                "ローラー, チャージャー, ボム, スペシャル or a special's name)")
                continue
            if w is None or w in SPECIALS:
                problems.append(f"{where}.weapon: unknown weapon {p.weapon!r}; expected one of "
                                + " ".join(CONFIG_WEAPONS))
                continue
            if p.special is not None and (s not in SPECIALS or w != "special"):
                problems.append(f"{where}.special: {p.special!r} is not a special of a "
                                "スペシャル squid (スーパーセンサー, トルネード, スーパーショット)")
            if w == "special" and p.colour is not None:
                problems.append(f"{where}: a スペシャル squid starts colourless (sp.setup)")
            if s in SPECIALS and w == "special":
                named[s] += 1
            have[p.colour][w] += 1
        for colour, want in COMPOSITION.items():
            if have[colour] != want and len(cfg.players) == SQUIDS:
                label = colour or "colourless"
                problems.append(f"players: {label} squids have {dict(have[colour])}; sp.setup "
                                f"wants {dict(want)}")
        for s, n in named.items():
            if n > 1:
                problems.append(f"players: {WEAPONS[s][0]} is named {n} times; each special "
                                "belongs to one squid (sp.setup)")
        for key, value in cfg.options.items():
            if key not in OPTIONS:
                problems.append(f"options.{key}: unknown option; expected one of "
                                + ", ".join(OPTIONS))
            elif value not in OPTIONS[key] or isinstance(value, bool):
                problems.append(f"options.{key}: got {value!r}; expected one of "
                                + ", ".join(repr(v) for v in OPTIONS[key]))
        return problems

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
            em.emit("squid_notice", "sp.setup", f"phase:{em.phase}", "player", to=n, player=n,
                    colour=colour, gauge=p.gauge, weapon=weapon_ja(p) if colour else None)

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
                raise _illegal(f"{ja}: {t!r} is dead", f"{t}さんはすでに処刑されています",
                               "target_dead", rule)
            if t == actor:
                raise _illegal(f"{ja} on self", "自分を攻撃することはできません", "self_target", rule)
        return action

    def muted_lines(self, state: SpState, lines: list[LineRecord]) -> list[tuple[LineRecord, str]]:
        """sp.splash: discussion lines of squids splashed last night, with their names."""
        if not state.muted:
            return []
        out = []
        for rec in lines:
            if rec.disposition != "chatter" or not rec.text.strip():
                continue
            try:
                who = self.roster.resolve(rec.speaker)
            except CommandError:
                continue
            if who in state.muted:
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

    # ------------------------------------------------------------ state
    def evolve(self, state: SpState, ev: Event) -> SpState:
        st: SpState = ww.evolve_ww(state, ev)
        k, who = ev.kind, ev.player
        if k == "special_assigned" and who:
            st = ww.with_player(st, who, special=ev.data["weapon"])
        elif k == "gauge" and who and ev.amount is not None:
            st = ww.with_player(st, who, gauge=ev.amount)
        elif k == "splash" and who and ev.amount is not None:
            c = ev.data["colour"]
            st = st.model_copy(update={
                "permanent": {**st.permanent, c: st.permanent[c] + ev.amount},
                "muted": [*st.muted, who]})
        elif k == "bomb_used":
            st = st.model_copy(update={"bombs_left": int(ev.data["left"])})
        elif k == "special_spent" and who:
            st = ww.with_player(st, who, special_used=True)
        elif k == "weapon_revealed" and who:
            st = ww.with_player(st, who, revealed=True)
        elif k == "gauge_locked" and who:
            c = ev.data["colour"]
            if c is not None:
                st = st.model_copy(update={
                    "permanent": {**st.permanent, c: st.permanent[c] + int(ev.data["added"])}})
            st = ww.with_player(st, who, locked=ev.amount)
        elif k == "unmuted":
            st = st.model_copy(update={"muted": []})
        elif k == "result":
            st = st.model_copy(update={"finished": True, "team_won": ev.data["team"],
                                       "winners": list(ev.data["players"])})
        return st

    # ------------------------------------------------------------ output
    def render(self, before: SpState, after: SpState, phase: PhaseInput,
               events: list[Event]) -> tuple[str, dict[str, list[str]], str]:
        return render_splatoon(before, after, phase, events)

    def export(self, state: SpState) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
        players: dict[str, dict[str, Any]] = {}
        for name, p in state.players.items():
            players[name] = {
                "alive": p.alive,
                "role": "イカ",
                "gauge": p.gauge,
                "colour": colour_of(p.gauge),
                "weapon": p.weapon,
                "special": p.special,
                "special_used": p.special_used,
                "revealed": p.revealed,
                "locked": p.locked,
            }
        return players, {"points": points(state), "permanent": dict(state.permanent),
                         "bombs_left": state.bombs_left, "team_won": state.team_won}


def render_splatoon(before: SpState, after: SpState, phase: PhaseInput, events: list[Event]
                    ) -> tuple[str, dict[str, list[str]], str]:
    """Morning or vote post, private notices, GM ledger (templates in reports/splatoon)."""
    night = phase.id.startswith("night")
    n = day_number(phase.id)
    public = [e for e in events if e.audience == "public"]
    post = render(f"splatoon/{'morning' if night else 'vote'}.txt.j2", phase=phase.id,
                  day=n + 1 if night else n, events=public, view=public_view(after))
    private: dict[str, list[str]] = {}
    for name in after.players:
        mine = [e for e in events if e.audience == "player" and e.to == name]
        if mine:
            private[name] = [render("splatoon/notice.txt.j2", ev=e, day=n,
                                    weapons=WEAPONS).rstrip("\n") for e in mine]
    ledger = render("splatoon/ledger.txt.j2", phase=phase.id, events=events, before=before,
                    state=after, lines=phase.lines, weapons=WEAPONS)
    return post, private, ledger


__all__ = ["COLOURS", "Splatoon", "SplatoonTransformer"]
