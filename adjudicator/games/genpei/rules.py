"""源平村: setup checks, validation of commands and the pure rule functions
(rules/genpei.md): the night in the seven steps of gp.night.order, the daily vote with
the body double, the emperor's successors and the win checks.  Every change of state is
an event emitted through the :class:`~adjudicator.games.base.Emitter`.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, ClassVar

from ... import actions as A
from ...config.load import GameConfig
from ...errors import CommandError, IllegalActionError
from ...models import LineRecord
from ...phases import day_number
from ...roster import Roster
from .. import werewolf as ww
from ..base import Candidate, Emitter, PhaseInput
from .actions import Assassinate, Nominate, Scout
from .state import (
    ESTABLISH_NIGHTS,
    FACTION_JA,
    INVALID_SUCCESSORS,
    KANNAZUKI_AT,
    MAX_NOMINATIONS,
    OBON_FAITH,
    PROTECT_COST,
    ROLE_JA,
    ROLE_WORDS,
    SIDES,
    TITLE_JA,
    GpPlayer,
    GpState,
    holder,
    members,
    other,
    successor_alive,
)

#: gp.setup: farmers a side, and the castle's target (gp.castle), by player count
FARMERS = {17: 4, 15: 3}
CASTLE_TARGET = {17: 28, 15: 25}
SIDE_ROLES = ("general", "body_double", "strategist", "priest")
OPTIONS: dict[str, tuple[Any, ...]] = {
    "tie": ("random", "none"),
    "body_double": ("immune", "substitute"),
    "first_assassin": ("genji", "heike"),
}
DEFAULT_OPTIONS: dict[str, Any] = {"tie": "random", "body_double": "immune",
                                   "first_assassin": None, "castle_target": None}
#: gp.p.jisei: a line of last words, 辞世の句：… (full or half-width colon)
JISEI_RE = re.compile(r"^\s*辞世の句\s*[:：]\s*(.*?)\s*$")


def _illegal(message: str, reason_ja: str, code: str, rule: str) -> IllegalActionError:
    return IllegalActionError(message, reason_ja, code=code, rule=rule)


def castle_target(cfg: GameConfig, options: dict[str, Any]) -> int:
    """gp.castle / gp.p.castle: 28 for 17 players, 25 for 15, else the option."""
    if options.get("castle_target") is not None:
        return int(options["castle_target"])
    return CASTLE_TARGET[len(cfg.players)]


def emperor_of(state: GpState) -> str | None:
    return next((n for n, p in state.players.items() if p.role == "emperor"), None)


# ---------------------------------------------------------------- the night
def assassinate(em: Emitter[GpState], cands: list[Candidate], substitute: bool
                ) -> tuple[str | None, str]:
    """Step (1): the assassination, protected by the faith held before the night.
    Returns (who died, the side that holds the right next: gp.right.pass)."""
    st = em.state
    here = f"phase:{em.phase}"
    side = st.assassin or "genji"
    cand = next((c for c in cands if isinstance(c.action, Assassinate)), None)
    if cand is None:
        em.emit("no_assassination", "gp.right.pass", here, "gm", side=side)
        return None, other(side)
    target = cand.action.target  # type: ignore[attr-defined]
    em.emit("assassinate", "gp.general", cand.ref, "gm", player=cand.actor, target=target,
            side=side)
    killed = _strike(em, target, cand.ref, substitute)
    if killed is None:
        return None, other(side)
    faction = em.state.players[killed].faction
    return killed, faction if faction in SIDES else other(side)


def _strike(em: Emitter[GpState], target: str, ref: str, substitute: bool) -> str | None:
    """gp.resolve.order / gp.p.order: a general: body double, then castle, then faith;
    anyone else: faith.  Returns who died."""
    st = em.state
    t: GpPlayer = st.players[target]
    if t.role == "general":
        bd = holder(st, t.faction, "body_double")
        if bd is not None and st.players[bd].alive:
            if not substitute:
                em.emit("blocked", "gp.body_double", ref, "gm", target=target,
                        by="影武者", body_double=bd)
                return None
            em.emit("substituted", "gp.body_double", ref, "gm", target=target, player=bd)
            em.emit("death", "gp.general", ref, "public", player=bd, how="assassinated")
            return bd
        if t.faction in st.complete:
            em.emit("blocked", "gp.castle.complete", ref, "gm", target=target, by="城",
                    title=TITLE_JA[t.faction])
            return None
    if t.faction in SIDES and st.faith[t.faction] >= PROTECT_COST:
        em.emit("protected", "gp.faith.protect", ref, "gm", target=target,
                amount=-PROTECT_COST, side=t.faction, before=st.faith[t.faction],
                after=st.faith[t.faction] - PROTECT_COST)
        return None
    em.emit("death", "gp.general", ref, "public", player=target, how="assassinated")
    return target


def scout(em: Emitter[GpState], cands: list[Candidate]) -> None:
    """Step (2): each strategist alive after step (1) learns its target's faction."""
    for c in cands:
        if not isinstance(c.action, Scout):
            continue
        t = c.action.target
        if not em.state.players[c.actor].alive:
            em.emit("scout_lost", "gp.p.targets", c.ref, "gm", player=c.actor, target=t)
            continue
        faction = em.state.players[t].faction
        em.emit("scout", "gp.strategist", c.ref, "player", to=c.actor, player=c.actor,
                target=t, faction=faction, result=FACTION_JA[faction])


def nominate(em: Emitter[GpState], cands: list[Candidate], night: int) -> bool:
    """Step (3): the emperor's nomination (gp.emperor.nominate, gp.p.nominate).
    True when a successor was named (祝祭 in the morning)."""
    cand = next((c for c in cands if isinstance(c.action, Nominate)), None)
    if cand is None:
        return False
    st = em.state
    x = cand.action.target  # type: ignore[attr-defined]
    emperor = cand.actor
    if not st.players[emperor].alive:
        em.refuse(cand.ref, "gp.p.nominate", "帝がこの夜に死亡したため、指名は受け付けられません",
                  code="emperor_dead", message=f"the nomination of {x!r} came from an emperor "
                  "who died this night: it is void", player=emperor, audience="gm",
                  kind="nomination_void", target=x, why="emperor_dead")
        return False
    if not st.players[x].alive:
        em.emit("nomination_void", "gp.p.nominate", cand.ref, "player", to=emperor,
                player=emperor, target=x, why="nominee_dead")
        return False
    if successor_alive(st):
        em.refuse(cand.ref, "gp.emperor.nominate",
                  f"後継者の{st.successor}さんが生存しているため、{x}さんの指名は受け付けられ"
                  "ません（回数に数えません）", code="successor_alive",
                  message=f"the nomination of {x!r} is refused: the successor "
                  f"{st.successor!r} lives (not counted)", player=emperor, to=emperor,
                  kind="nomination_refused", target=x, successor=st.successor)
        return False
    invalid = st.players[x].role in INVALID_SUCCESSORS
    em.emit("nominated", "gp.emperor.invalid" if invalid else "gp.emperor.nominate",
            cand.ref, "gm", player=emperor, target=x, night=night, invalid=invalid,
            count=st.nominations + 1)
    em.emit("nomination_notice", "gp.emperor.nominate", cand.ref, "player", to=emperor,
            player=emperor, target=x, left=MAX_NOMINATIONS - em.state.nominations)
    em.emit("successor_notice", "gp.p.notices", cand.ref, "player", to=x, player=x,
            night=night, invalid=invalid)
    return True


def pray(em: Emitter[GpState]) -> None:
    """Step (4): each living priest adds 1 or 2 faith (drawn), none under 神無月."""
    here = f"phase:{em.phase}"
    for side in SIDES:
        priest = holder(em.state, side, "priest")
        if priest is None or not em.state.players[priest].alive:
            continue
        now = em.state.faith[side]
        if now >= KANNAZUKI_AT:
            em.emit("kannazuki", "gp.p.kannazuki", here, "gm", side=side, faith=now)
            continue
        add = em.draw([1, 2], "gp.priest", f"{FACTION_JA[side]}の住職がためる信仰（1か2）")
        em.emit("faith", "gp.priest", "rng", "gm", player=priest, amount=add, side=side,
                before=now, after=now + add)


def build(em: Emitter[GpState]) -> None:
    """Step (5): each castle adds its side's members alive at this point (gp.castle)."""
    here = f"phase:{em.phase}"
    for side in SIDES:
        n = len(members(em.state, side))
        now = em.state.castle[side]
        em.emit("labour", "gp.castle", here, "gm", amount=n, side=side, before=now,
                after=now + n)


def check_win(em: Emitter[GpState]) -> bool:
    """gp.win.general, gp.emperor.win, gp.win.joint (gp.p.established): the result."""
    st = em.state
    here = f"phase:{em.phase}"
    sides: list[str] = []
    for side in SIDES:
        g = holder(st, other(side), "general")
        if g is not None and not st.players[g].alive:
            sides.append(side)
    emperor = emperor_of(st)
    if st.established and emperor is not None and not st.players[emperor].alive:
        sides.append("emperor")
    if not sides:
        return False
    won: set[str] = set()
    for s in sides:
        if s == "emperor":
            won.add(emperor or "")
            won.add(st.successor or "")
        else:
            won.update(members(st, s, alive_only=False))
    rule = ("gp.win.joint" if len(sides) > 1 else
            "gp.emperor.win" if sides == ["emperor"] else "gp.win.general")
    em.emit("result", rule, here, "public", team="+".join(sides), sides=sides,
            players=[n for n in st.players if n in won])
    return True


def notify_right(em: Emitter[GpState], night: int) -> None:
    """gp.right: the holding side's general and strategist are told, privately."""
    side = em.state.assassin
    if side is None:
        return
    for role in ("general", "strategist"):
        who = holder(em.state, side, role)
        if who is not None and em.state.players[who].alive:
            em.emit("right_notice", "gp.right", f"phase:{em.phase}", "player", to=who,
                    player=who, side=side, night=night, general=role == "general")


class GenpeiRules(ww.WerewolfVariant[GpState]):
    """Setup checks, validation and resolution; the Variant (Genpei) adds its outputs."""

    #: the [[players]] keys read here (Variant.player_fields: the base refuses the rest)
    player_fields: ClassVar[frozenset[str] | None] = frozenset({"faction", "role"})

    def __init__(self, cfg: GameConfig) -> None:
        super().__init__(cfg)
        self.options = {**DEFAULT_OPTIONS, **cfg.options}
        self.roster = Roster(self.roster_entries())
        self.target = castle_target(cfg, self.options)
        self._speakers: dict[str, str | None] = {}  # chat speaker -> player (or None)

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
            toml_value,
        )

        problems: list[Problem] = []
        have: dict[str, Counter[str]] = {s: Counter() for s in (*SIDES, "emperor")}
        roles_ja = "・".join(ROLE_JA.values())
        for i, p in enumerate(cfg.players, 1):
            if p.faction is None:
                problems.append(missing(i, p.name, "faction", "genji, heike or emperor",
                                        "源氏・平氏・帝のどれか"))
                continue
            role = ROLE_WORDS.get(p.role or ("帝" if p.faction == "emperor" else ""))
            if role is None:
                if p.role is None:
                    problems.append(missing(i, p.name, "role",
                                            "expected one of " + " ".join(ROLE_JA.values()),
                                            f"使えるのは {roles_ja}"))
                else:
                    problems.append(player(
                        i, p.name, "role", f"unknown role {p.role!r}; expected one of "
                        + " ".join(ROLE_JA.values()),
                        f"「{p.role}」という役職はありません（使えるのは {roles_ja}）"))
                continue
            if (role == "emperor") != (p.faction == "emperor"):
                problems.append(player(
                    i, p.name, "", f"the emperor is the faction emperor with role 帝 "
                    f"(got faction {p.faction!r}, role {p.role!r})",
                    "帝は陣営も役職も「帝」です（いま陣営は"
                    f"{FACTION_JA.get(p.faction, p.faction)}、役職は{p.role or '空'}）"))
                continue
            have[p.faction][role] += 1
        n = len(cfg.players)
        target = cfg.options.get("castle_target")
        if n not in FARMERS and target is None:
            problems.append(count(
                f"{n} players; 源平村 takes 17 or 15 (gp.setup), or options.castle_target "
                "for another count (gp.p.castle)",
                f"{n}人います。源平村は17人か15人で遊びます（ほかの人数では、城の完成に"
                "必要な数をオプションの「castle_target」に書いてください）"))
        for side in SIDES:
            for role in SIDE_ROLES:
                if have[side][role] != 1:
                    problems.append(setup(
                        f"{side} has {have[side][role]} {ROLE_JA[role]}; gp.setup wants "
                        "exactly one",
                        f"{FACTION_JA[side]}の{ROLE_JA[role]}はちょうど1人必要です"
                        f"（いま{have[side][role]}人）"))
            want = FARMERS.get(n)
            if want is not None and have[side]["farmer"] != want:
                problems.append(setup(
                    f"{side} has {have[side]['farmer']} 農民; gp.setup wants {want} for "
                    f"{n} players",
                    f"{n}人の村では{FACTION_JA[side]}の農民は{want}人です"
                    f"（いま{have[side]['farmer']}人）"))
        if have["emperor"]["emperor"] != 1:
            problems.append(setup(
                f"{have['emperor']['emperor']} 帝; gp.setup wants exactly one",
                f"帝はちょうど1人必要です（いま{have['emperor']['emperor']}人）"))
        if "castle_target" in cfg.options:
            value = cfg.options["castle_target"]
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                problems.append(Problem(
                    f"options.castle_target: got {value!r}; expected a positive whole number",
                    f"オプションの「castle_target」：「{toml_value(value)}」は使えません"
                    "（1以上の整数で書いてください）", "options"))
        problems += option_problems(cfg.options, OPTIONS, "genpei", free=("castle_target",))
        return list(problems)

    def initial_state(self) -> GpState:
        players = {}
        for p in self.cfg.players:
            role = ROLE_WORDS.get(p.role or "帝", "farmer")
            players[p.name] = GpPlayer(name=p.name, role=role,
                                       faction=p.faction or "genji")
        return GpState(players=players)

    def setup_events(self, em: Emitter[GpState]) -> None:
        """Role notices (gp.setup) and the first holder of the right (gp.right)."""
        st = em.state
        here = f"phase:{em.phase}"
        for n, p in st.players.items():
            partner = None
            if p.role in ("general", "strategist"):
                partner = holder(st, p.faction, "strategist" if p.role == "general"
                                 else "general")
            em.emit("role_notice", "gp.setup", here, "player", to=n, player=n,
                    role=ROLE_JA[p.role], faction=p.faction, partner=partner)
        first = self.options.get("first_assassin")
        if first is None:
            first = em.draw(list(SIDES), "gp.right", "1日目の夜に暗殺権を持つ陣営を抽選")
            em.emit("right", "gp.right", "rng", "gm", side=first, first=True)
        else:
            em.emit("right", "gp.right", "options.first_assassin", "gm", side=first,
                    first=True)
        notify_right(em, 1)

    # ------------------------------------------------------------ lines
    def own_slot(self, action: A.Action, actor: str) -> tuple[str, str, str] | None:
        if isinstance(action, Assassinate):
            return (actor, "assassinate", "gp.general")
        if isinstance(action, Scout):
            return (actor, "scout", "gp.strategist")
        if isinstance(action, Nominate):
            return (actor, "nominate", "gp.emperor.nominate")
        return None

    def validate_own(self, state: GpState, phase: str, actor: str, action: A.Action,
                     held: dict[str, Candidate]) -> A.Action:
        if not isinstance(action, Assassinate | Scout | Nominate):
            raise _illegal(f"{action.kind} is not a command of this village",
                           "この村にはないコマンドです", "not_in_variant", "gp.setup")
        me: GpPlayer = state.players[actor]
        what, role, rule = {
            Assassinate: ("暗殺", "general", "gp.general"),
            Scout: ("偵察", "strategist", "gp.strategist"),
            Nominate: ("指名", "emperor", "gp.emperor.nominate"),
        }[type(action)]
        if me.role != role:  # the role before the phase (R6)
            raise _illegal(f"{actor!r} is not {'the' if role == 'emperor' else 'a'} {role}",
                           f"{what}は{ROLE_JA[role]}だけが行えます", "not_role", rule)
        if not phase.startswith("night"):
            raise _illegal(f"{action.kind} by day", f"{what}は夜時間に行ってください", "wrong_phase",
                           rule)
        t = action.target
        if t not in state.players:
            raise _illegal(f"{what}: {t!r} is not a player",
                           f"{what}の相手は参加者の名前で書いてください", "not_player", rule)
        sub = "gp.p.nominate" if isinstance(action, Nominate) else "gp.p.targets"
        if not state.players[t].alive:
            raise _illegal(f"{what}: {t!r} is dead", f"{t}さんはすでに死亡しています",
                           "target_dead", sub)
        if t == actor:
            raise _illegal(f"{what} on self", f"自分を{what}することはできません", "self_target",
                           sub)
        if isinstance(action, Assassinate) and state.assassin != me.faction:
            raise _illegal(f"{me.faction} does not hold the assassination right tonight",
                           "今夜はあなたの陣営に暗殺権がありません", "no_right", "gp.right")
        if isinstance(action, Scout) and phase == "night1":
            raise _illegal("scouting on night1", "偵察は2日目の夜から行えます", "too_early",
                           "gp.strategist")
        if isinstance(action, Nominate):
            if phase == "night1":
                raise _illegal("nomination on night1", "初日の夜は後継者を指名できません",
                               "too_early", "gp.emperor.nominate")
            if state.established:
                raise _illegal("a successor is established already",
                               "後継者はすでに成立しているため、新たに指名することはできません",
                               "established", "gp.p.established")
            if state.nominations >= MAX_NOMINATIONS:
                raise _illegal("two nominations already",
                               "後継者の指名は2回までで、すでに2回指名しています",
                               "no_nominations_left", "gp.emperor.nominate")
        return action

    # ------------------------------------------------------------ resolution
    def resolve_night(self, em: Emitter[GpState], phase: PhaseInput) -> None:
        """gp.night.order, in its seven steps."""
        n = day_number(phase.id)
        here = f"phase:{em.phase}"
        start = em.state
        killed, nxt = assassinate(em, phase.actions,
                                  self.options["body_double"] == "substitute")  # (1)
        scout(em, phase.actions)  # (2)
        named = nominate(em, phase.actions, n)  # (3)
        pray(em)  # (4)
        build(em)  # (5)
        # (6) morning events
        if n == 1:
            em.emit("castle_start", "gp.event.castle_start", here, "public",
                    target_labour=self.target)
        obon = list(start.obon_due)
        if killed is not None and em.state.players[killed].role == "priest":
            obon.append(em.state.players[killed].faction)
        for side in SIDES:
            if side in obon:
                now = em.state.faith[side]
                em.emit("obon", "gp.event.obon", here, "gm", amount=OBON_FAITH, side=side,
                        before=now, after=now + OBON_FAITH)
                # the narrator announces it without naming the side (factions are hidden)
                em.emit("obon_told", "gp.event.obon", here, "public", amount=OBON_FAITH)
        if any(e.kind == "kannazuki" for e in em.events):
            em.emit("kannazuki_told", "gp.event.kannazuki", here, "public")
        for side in SIDES:
            if side not in em.state.complete and em.state.castle[side] >= self.target:
                em.emit("castle_complete", "gp.castle.complete", here, "public", side=side,
                        title=TITLE_JA[side], labour=em.state.castle[side])
        if named:
            em.emit("festival", "gp.event.festival", here, "public")
        st = em.state
        if (st.successor is not None and not st.established and st.named_night is not None
                and n == st.named_night + ESTABLISH_NIGHTS and st.players[st.successor].alive
                and st.players[st.successor].role not in INVALID_SUCCESSORS):
            em.emit("established", "gp.emperor.establish", here, "gm", target=st.successor,
                    named_night=st.named_night)
        self._late_jisei(em, phase.lines)
        # (7) win checks; else the right for the next night
        if not check_win(em):
            em.emit("right", "gp.right.pass", here, "gm", side=nxt,
                    why="killed" if killed is not None and em.state.players[killed].faction
                    == nxt else "nobody" if killed is None else "emperor")
            notify_right(em, n + 1)

    def resolve_day(self, em: Emitter[GpState], phase: PhaseInput) -> None:
        """The daily vote (ww.vote*), with the body double (gp.p.vote_general)."""
        executed = ww.resolve_vote(em, phase.actions, self.options["tie"],
                                   execute=self._execute)
        if executed is None:
            check_win(em)
            return
        p = em.state.players[executed]
        if p.role == "priest":
            em.emit("obon_due", "gp.event.obon", f"phase:{em.phase}", "gm", player=executed,
                    side=p.faction)
        self._jisei(em, executed, phase.lines)

    def _execute(self, em: Emitter[GpState], name: str, votes: int) -> str | None:
        here = f"phase:{em.phase}"
        p = em.state.players[name]
        bd = holder(em.state, p.faction, "body_double") if p.role == "general" else None
        if bd is not None and em.state.players[bd].alive:
            if self.options["body_double"] == "immune":
                em.emit("no_execution", "gp.p.vote_general", here, "public", target=name,
                        votes=votes, why="did_not_take")
                return None
            em.emit("substituted", "gp.p.vote_general", here, "gm", target=name, player=bd)
            # said plainly in the vote post (docs/games/genpei.md, choices): the top-voted
            # player and the body double who died in their place
            em.emit("execution", "ww.vote", here, "public", player=bd, votes=votes,
                    instead_of=name)
            em.emit("death", "ww.vote", here, "public", player=bd, how="executed")
            return bd
        em.emit("execution", "ww.vote", here, "public", player=name, votes=votes)
        em.emit("death", "ww.vote", here, "public", player=name, how="executed")
        return name

    # ------------------------------------------------------------ 辞世の句
    def _is(self, speaker: str, who: str) -> bool:
        """Whether a chat speaker is the player ``who`` (names read once per speaker)."""
        cache = self._speakers
        if speaker not in cache:
            try:
                cache[speaker] = self.roster.resolve(speaker)
            except CommandError:
                cache[speaker] = None
        return cache[speaker] == who

    def _last_words(self, lines: list[LineRecord], who: str) -> tuple[LineRecord, str] | None:
        """gp.p.jisei: the player's last line beginning 辞世の句 (：or :), with its words."""
        for rec in reversed(lines):
            if "辞世の句" in rec.text and self._is(rec.speaker, who):
                m = JISEI_RE.match(rec.text)
                if m and m.group(1):
                    return rec, m.group(1)
        return None

    def _jisei(self, em: Emitter[GpState], who: str, lines: list[LineRecord]) -> None:
        """gp.jisei / gp.p.jisei: last words from the day log go in the vote post."""
        found = self._last_words(lines, who)
        if found is not None:
            em.emit("jisei", "gp.jisei", found[0].ref, "public", player=who, text=found[1])
            check_win(em)
            return
        last = next((r for r in reversed(lines) if r.disposition == "chatter"
                     and r.text.strip() and self._is(r.speaker, who)), None)
        if check_win(em):
            # no night follows: the day's last line is quoted now
            if last is not None:
                em.emit("jisei", "gp.p.jisei", last.ref, "public", player=who,
                        text=last.text.strip())
            return
        em.emit("jisei_due", "gp.p.jisei", f"phase:{em.phase}", "gm", player=who,
                text=last.text.strip() if last else None, ref=last.ref if last else None)

    def _late_jisei(self, em: Emitter[GpState], lines: list[LineRecord]) -> None:
        """gp.p.jisei: the next night's 辞世の句 line, else the day's last line, goes in the
        morning post."""
        due = em.state.jisei_due
        if due is None:
            return
        who = due["player"]
        found = self._last_words(lines, who)
        if found is not None:
            em.emit("jisei", "gp.p.jisei", found[0].ref, "public", player=who, text=found[1],
                    late=True)
            return
        if due["text"]:
            em.emit("jisei", "gp.p.jisei", due["ref"], "public", player=who, text=due["text"],
                    late=True)
        else:
            em.emit("jisei_none", "gp.p.jisei", f"phase:{em.phase}", "gm", player=who)
