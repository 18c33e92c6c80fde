"""秘密結社村: setup checks, validation of the players' actions and the GM's judgments,
and the pure resolution of a phase into events in the orders of ss.day.order and
ss.night.order.  Built on the shared werewolf day (adjudicator.games.werewolf).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ... import actions as A
from ...config import GameConfig
from ...errors import IllegalActionError
from ...normalize import name_key, nfkc
from ...phases import day_number
from .. import werewolf as ww
from ..base import Candidate, Emitter, PhaseInput
from .actions import (
    Answer,
    Apply,
    ChronoAbility,
    Correct,
    Invite,
    Learn,
    PirateAbility,
    Solve,
    TaskResult,
    Technique,
)
from .state import (
    CHRONO,
    MAIN,
    PIRATE,
    SOCIETIES,
    TECHNIQUES,
    SsPlayer,
    SsState,
    has_task,
    leader_of,
    members,
    society_ja,
)

OPTIONS = {"tie": ("random", "none")}
DEFAULT_OPTIONS: dict[str, Any] = {"tie": "random"}
PLAYERS = 18
UNAFFILIATED = 11
#: the GM's line that opens the vote (ss.p.vote_time): 投票時間, 【投票時間です】, 投票時間になりました
VOTE_OPEN = re.compile(
    r"[\s【「『\[(（<＜〈《≪\-=ー─━~〜*＊#＃!！・]*投票時間"
    r"(?:です|でーす|になりました|となりました|となります|に入ります|に入りました|を開始します|開始|スタート)?"
    r"(?:$|[\s】」』\])）>＞〉》≫!！?？。、.,〜~ー\-=─━♪☆★])")
#: actions that belong to the vote time (ss.p.vote_time)
VOTE_TIME_KINDS = ("technique", "apply")


def _illegal(message: str, reason: str, code: str, rule: str) -> IllegalActionError:
    return IllegalActionError(message, reason, code=code, rule=rule)


class SecretSocietyRules(ww.WerewolfVariant[SsState]):
    """Validation and resolution; the Variant class (SecretSociety) adds its outputs."""

    def __init__(self, cfg: GameConfig) -> None:
        super().__init__(cfg)
        self.options = {**DEFAULT_OPTIONS, **cfg.options}
        chance = cfg.recruit_chance
        self.question = chance.question if chance else None
        self.answers = {self._answer_key(a) for a in chance.answers} if chance else set()
        self.gm_keys = {nfkc(g).casefold().replace(" ", "") for g in cfg.gm}

    # ------------------------------------------------------------ setup
    @classmethod
    def config_problems(cls, cfg: GameConfig) -> list[str]:
        problems: list[str] = []
        n = len(cfg.players)
        if n != PLAYERS:
            problems.append(f"players: {n} players; 秘密結社村 takes {PLAYERS} (ss.setup)")
        for i, p in enumerate(cfg.players, 1):
            for key in ("role", "gender", "colour", "weapon", "special", "faction"):
                if getattr(p, key) is not None:
                    problems.append(f"players[{i}] ({p.name}).{key}: not used by secret-society")
            if p.leader and p.society is None:
                problems.append(f"players[{i}] ({p.name}).leader: a leader needs a society "
                                "(ss.setup)")
        for s in SOCIETIES:
            leaders = [p.name for p in cfg.players if p.society == s and p.leader]
            firsts = [p.name for p in cfg.players if p.society == s and not p.leader]
            if len(leaders) != 1:
                problems.append(f"players: society {s!r} needs exactly one leader "
                                f"(leader = true), found {len(leaders)} (ss.setup)")
            want = 0 if s == "secret" else 1
            if len(firsts) != want:
                problems.append(f"players: society {s!r} starts with {want} member(s) "
                                f"besides its leader, found {len(firsts)} (ss.setup)")
        free = sum(1 for p in cfg.players if p.society is None)
        if n == PLAYERS and free != UNAFFILIATED:
            problems.append(f"players: {free} unaffiliated players; the setup has "
                            f"{UNAFFILIATED} (ss.setup)")
        for key, value in cfg.options.items():
            if key not in OPTIONS:
                problems.append(f"options.{key}: unknown option; expected one of "
                                + ", ".join(OPTIONS))
            elif value not in OPTIONS[key]:
                problems.append(f"options.{key}: got {value!r}; expected one of "
                                + ", ".join(repr(v) for v in OPTIONS[key]))
        return problems

    def _setup_order(self) -> list[tuple[int, Any]]:
        """ss.setup / ss.join_order: leaders join first, then the first members, each in
        the order game.toml lists them."""
        order = [p for leader in (True, False) for p in self.cfg.players
                 if p.society is not None and p.leader == leader]
        return list(enumerate(order, 1))

    def initial_state(self) -> SsState:
        players = {p.name: SsPlayer(name=p.name, role="member") for p in self.cfg.players}
        for seq, p in self._setup_order():
            players[p.name] = players[p.name].model_copy(update={
                "society": p.society, "leader": p.leader, "joined": seq,
                "techniques": ["kuchiyose"] if p.leader and p.society == "ninja" else []})
        return SsState(players=players, join_seq=len(self._setup_order()))

    def setup_events(self, em: Emitter[SsState]) -> None:
        """Everyone is told their society privately (ss.setup)."""
        for seq, p in self._setup_order():
            em.emit("member", "ss.setup", "game.toml", "player", to=p.name,
                    player=p.name, society=p.society, leader=p.leader, seq=seq)
        for p in self.cfg.players:
            if p.society is None:
                em.emit("unaffiliated", "ss.setup", "game.toml", "player", to=p.name,
                        player=p.name)

    # ------------------------------------------------------------ validation
    def own_slot(self, action: A.Action, actor: str) -> tuple[str, str, str] | None:
        slots = {Invite: ("invite", "ss.recruit"), Answer: ("answer", "ss.p.answer"),
                 Apply: ("apply", "ss.chance.apply"), Solve: ("solve", "ss.chance.apply"),
                 Technique: ("technique", "ss.ninja.use"),
                 PirateAbility: ("pirate", "ss.pirate.one_ability"),
                 ChronoAbility: ("chrono", "ss.chrono.credit")}
        hit = slots.get(type(action))  # type: ignore[call-overload]
        return (actor, hit[0], hit[1]) if hit else None

    def validate_own(self, state: SsState, phase: str, actor: str, action: A.Action,
                     held: dict[str, Candidate]) -> A.Action:
        me: SsPlayer = state.players[actor]
        day = phase.startswith("day")
        n = day_number(phase)
        if isinstance(action, Invite):
            self._need_night(day, "勧誘", "ss.recruit")
            if n == 2:
                raise _illegal("no recruiting on night2", "2日目の夜（リクルートチャンス）は勧誘がありません",
                               "no_recruit_night2", "ss.recruit.none_night2")
            if not me.leader or me.society is None:
                raise _illegal(f"{actor!r} is not a leader", "勧誘できるのは結社のリーダーだけです",
                               "not_leader", "ss.recruit")
            self._not_bound(me)
            self._target(state, actor, action.target, "勧誘")
            if state.players[action.target].society == me.society:
                raise _illegal("invites a member of their own society",
                               f"{action.target}さんはすでに同じ結社のメンバーです",
                               "own_member", "ss.p.invite")
            return action
        if isinstance(action, Answer):
            self._need_night(day, "勧誘への返事", "ss.p.answer")
            if action.society is not None and action.society not in SOCIETIES:
                raise _illegal(f"answer names {action.society!r}, not a society",
                               "承諾@・拒否@の後には結社名を書いてください（例: 承諾@海賊団）",
                               "not_society", "ss.p.answer")
            return action
        if isinstance(action, Apply):
            if phase != "day2":
                raise _illegal("Recruit Chance outside day2", "入会希望は2日目の投票時間だけです",
                               "chance_not_now", "ss.chance.apply")
            if me.society is not None:
                raise _illegal(f"{actor!r} is a member", "入会希望を出せるのは未入会の人だけです",
                               "not_unaffiliated", "ss.chance.apply")
            if action.society not in MAIN:
                raise _illegal(f"apply to {action.society!r}",
                               "リクルートチャンスで入れるのは忍びの里・海賊団・クロノマターです",
                               "not_society", "ss.chance.apply")
            return action
        if isinstance(action, Solve):
            if phase != "night2":
                raise _illegal("answer outside night2", "解答は2日目の夜に書いてください",
                               "chance_not_now", "ss.chance.apply")
            return action
        if isinstance(action, Learn):
            if not day:
                raise _illegal("learning at night", "習得は昼時間に行ってください", "wrong_phase",
                               "ss.ninja.learn")
            if me.society != "ninja":
                raise _illegal(f"{actor!r} is not a ninja", "忍法を習得できるのは忍びの里のメンバーだけです",
                               "not_member", "ss.ninja.learn")
            return action
        if isinstance(action, Technique):
            ja, rule = TECHNIQUES[action.technique]
            if not day:
                raise _illegal("technique at night", "忍法は昼の投票時間に使ってください",
                               "wrong_phase", "ss.ninja.use")
            if me.society != "ninja":
                raise _illegal(f"{actor!r} is not a ninja", "忍法を使えるのは忍びの里のメンバーだけです",
                               "not_member", "ss.ninja.use")
            if action.technique == "kawarimi" and me.kawarimi_used:
                raise _illegal("kawarimi already used", "変わり身の術は一度しか使えません",
                               "kawarimi_spent", "ss.ninja.kawarimi")
            if action.target is not None:
                self._target(state, actor, action.target, ja)
            return action
        if isinstance(action, PirateAbility):
            return self._validate_pirate(state, phase, me, action, held)
        if isinstance(action, ChronoAbility):
            self._need_night(day, CHRONO[action.ability][0], "ss.chrono.credit")
            if me.society != "chrono":
                raise _illegal(f"{actor!r} is not chrono", "この能力はクロノマターのメンバーだけが使えます",
                               "not_member", "ss.chrono.credit")
            self._not_bound(me)
            if me.credits < 1:
                raise _illegal("no chrono credit", "能力の使用権がありません（課題を2日連続で成功すると1回使えます）",
                               "no_credit", "ss.chrono.credit")
            return action
        raise _illegal(f"{action.kind} is not a command of this village",
                       "この村にはないコマンドです", "not_in_variant", "ss.setup")

    def _validate_pirate(self, state: SsState, phase: str, me: SsPlayer,
                         action: PirateAbility, held: dict[str, Candidate]) -> A.Action:
        ja, cost, rule = PIRATE[action.ability]
        day = phase.startswith("day")
        if action.ability == "flag":
            if not day:
                raise _illegal("flag at night", "海賊旗は昼の投票時間に購入してください",
                               "wrong_phase", rule)
        else:
            self._need_night(day, ja, rule)
        if me.society != "pirates":
            raise _illegal(f"{me.name!r} is not a pirate", f"{ja}は海賊団のメンバーだけが使えます",
                           "not_member", rule)
        if action.ability == "rope":
            if not me.leader:
                raise _illegal("rope by a non-leader", "大縄とフックはリーダーだけが使えます",
                               "not_leader", rule)
            if phase == "night2":
                raise _illegal("no recruiting on night2", "2日目の夜（リクルートチャンス）は勧誘がありません",
                               "no_recruit_night2", "ss.recruit.none_night2")
        if not day:
            self._not_bound(me)
            if me.flag:
                raise _illegal("flag bought today", "海賊旗を買ったため、今夜はほかの能力を使えません",
                               "one_ability", "ss.p.abilities")
            if me.gold < cost:
                raise _illegal(f"{ja} costs {cost}, gold is {me.gold}",
                               f"ゴールドが足りません（{ja}は{cost}金、所持{me.gold}金）",
                               "no_gold", "ss.pirate.one_ability")
        if action.target is not None:
            self._target(state, me.name, action.target, ja)
            if action.ability == "rope" and state.players[action.target].society == "pirates":
                raise _illegal("rope on a pirate", f"{action.target}さんはすでに海賊団のメンバーです",
                               "own_member", "ss.p.invite")
        return action

    @staticmethod
    def _need_night(day: bool, ja: str, rule: str) -> None:
        if day:
            raise _illegal(f"{ja} by day", f"{ja}は夜時間に行ってください", "wrong_phase", rule)

    @staticmethod
    def _not_bound(me: SsPlayer) -> None:
        if me.bound:
            raise _illegal(f"{me.name!r} is shadow-bound",
                           "影縫いの術で影を縛られているため、今夜は能力を使えません",
                           "bound", "ss.ninja.kagenui")

    @staticmethod
    def _target(state: SsState, actor: str, target: str, ja: str) -> None:
        if target not in state.players:
            raise _illegal(f"{ja}: {target!r} is not a player", f"{ja}の相手は参加者の名前で書いてください",
                           "not_player", "ss.p.invite")
        if not state.players[target].alive:
            raise _illegal(f"{ja}: {target!r} is dead", f"{target}さんはすでに死亡しています",
                           "target_dead", "ss.p.invite")
        if target == actor:
            raise _illegal(f"{ja} on self", f"自分に{ja}はできません", "self_target",
                           "ss.p.invite")

    def validate_directive(self, state: SsState, phase: str, action: A.Action) -> A.Action:
        if isinstance(action, TaskResult | Correct):
            for t in action.targets:
                if t not in state.players:
                    raise _illegal(f"{t!r} is not a player", f"「{t}」は参加者ではありません",
                                   "not_player", "ss.task")
            if isinstance(action, TaskResult) and not phase.startswith("day"):
                raise _illegal("task judgment at night: it belongs in a day log",
                               "課題の判定は昼のログに書いてください", "wrong_phase", "ss.task")
            if isinstance(action, Correct) and phase != "night2":
                raise _illegal("正解@ outside night2",
                               "正解@ はリクルートチャンスの夜（2日目の夜）のログに書いてください",
                               "wrong_phase", "ss.p.chance")
        return action

    # ------------------------------------------------------------ helpers
    @staticmethod
    def _answer_key(text: str) -> str:
        return name_key(nfkc(text)).strip("。.!！")

    def _reject(self, em: Emitter[SsState], cand: Candidate, lines: Sequence[Any], code: str,
                rule: str, message: str, reason: str) -> None:
        """A line found invalid while resolving: the line is marked rejected, the player
        told, the GM warned (as a line-time rejection would)."""
        for rec in lines:
            if rec.ref == cand.ref:
                rec.disposition, rec.reason, rec.code = "rejected", reason, code
        em.emit("rejected", rule, cand.ref, "player", to=cand.actor, player=cand.actor,
                code=code, reason=reason)
        em.diagnose("warning", code, cand.ref, message, reason)

    def _ensure_leaders(self, em: Emitter[SsState], cause: str, rule: str) -> None:
        """ss.leader.succession / ss.p.succession: every society with living members is
        led by its earliest-joined living member; only the new leader is told."""
        for s in SOCIETIES:
            alive = members(em.state, s)
            if alive and leader_of(em.state, s) != alive[0]:
                em.emit("leader", rule, cause, "player", to=alive[0], player=alive[0],
                        target=s)

    def _aliases(self, name: str) -> list[str]:
        return [nfkc(a) for p in self.cfg.players if p.name == name for a in p.aliases]

    def _die(self, em: Emitter[SsState], name: str, how: str, rule: str, cause: str) -> None:
        if not em.state.players[name].alive:
            return
        em.emit("death", rule, cause, "public", player=name, how=how)
        self._ensure_leaders(em, cause, "ss.leader.succession")

    def _join(self, em: Emitter[SsState], name: str, society: str, how: str, rule: str,
              cause: str, by: str | None = None) -> bool:
        """Join ``society`` (ss.betrayal: from another society, or after 破門, makes a
        traitor).  Returns whether it was a betrayal."""
        p = em.state.players[name]
        betrayal = (p.society is not None and p.society != society) or (
            p.society is None and p.excommunicated)
        # the joiner's own event: the secret leader stays anonymous (ss.recruit.secret)
        em.emit("join", rule, cause, "player", to=name, player=name, society=society,
                seq=em.state.join_seq + 1, betrayal=betrayal, how=how, left=p.society,
                by=None if society == "secret" else by)
        self._ensure_leaders(em, cause, "ss.p.succession")
        if betrayal:
            em.emit("betrayal", "ss.betrayal", cause, "gm", player=name, society=society,
                    left=p.society)
        return betrayal

    def _check_end(self, em: Emitter[SsState]) -> bool:
        """ss.win.main / ss.win.secret / ss.win.membership."""
        st = em.state
        standing = [s for s in MAIN if members(st, s)]
        if len(standing) > 1:
            return False
        team = standing[0] if standing else "none"
        winners = [n for n, p in st.players.items()
                   if (p.society == team) or (p.society == "secret" and p.alive)]
        em.emit("team_win", "ss.win.main", f"phase:{em.phase}", "public", team=team,
                standing=standing)
        secret = [n for n in winners if st.players[n].society == "secret"]
        em.emit("winners", "ss.win.secret" if secret else "ss.win.membership",
                f"phase:{em.phase}", "public", players=winners, secret=secret, team=team)
        return True

    # ------------------------------------------------------------ resolution
    # ---- day N (ss.day.order)
    def resolve_day(self, em: Emitter[SsState], ph: PhaseInput) -> None:
        n = day_number(ph.id)
        passed = em.state.passed_day == n
        acts = self._vote_time_filter(em, ph, passed)
        if passed:
            em.emit("time_passed", "ss.chrono.pass", f"phase:{em.phase}", "public", day=n)
        successes = self._judge(em, ph, n, passed)
        self._gold(em, successes)
        self._learn(em, ph, acts, successes)
        self._credits(em, successes)
        spared = self._techniques(em, ph, acts)
        self._flags(em, ph, acts)
        if n == 2:
            self._chance_applications(em, acts)

        def execute(em2: Emitter[Any], chosen: str, votes: int) -> str | None:
            if chosen in spared:  # the post says only that the execution failed
                em2.emit("kawarimi_saved", "ss.ninja.kawarimi", spared[chosen], "gm",
                         player=chosen)
                em2.emit("execution_failed", "ww.vote", f"phase:{em2.phase}", "public",
                         player=chosen, votes=votes)
                return None
            em2.emit("execution", "ww.vote", f"phase:{em2.phase}", "public", player=chosen,
                     votes=votes)
            self._die(em, chosen, "executed", "ww.vote", f"phase:{em2.phase}")
            return chosen

        ww.resolve_vote(em, acts, self.options["tie"], execute=execute)
        self._excommunicate(em)
        self._check_end(em)

    def _vote_time_filter(self, em: Emitter[SsState], ph: PhaseInput,
                          passed: bool) -> list[Candidate]:
        """ss.p.vote_time: vote-time actions before the GM opens the vote are rejected."""
        opened = next((i for i, rec in enumerate(ph.lines)
                       if nfkc(rec.speaker).casefold().replace(" ", "") in self.gm_keys
                       and VOTE_OPEN.match(nfkc(rec.text))), None)
        if opened is None or passed:
            return list(ph.actions)
        before = {rec.ref for rec in ph.lines[:opened]}
        open_ref = ph.lines[opened].ref
        kept = []
        for c in ph.actions:
            vote_time = c.action.kind in VOTE_TIME_KINDS or (
                isinstance(c.action, PirateAbility) and c.action.ability == "flag")
            if vote_time and c.ref in before:
                self._reject(em, c, ph.lines, "before_vote_time", "ss.p.vote_time",
                             f"{c.action.describe()!r} came before the vote opened ({open_ref})",
                             "投票時間の前の行動のため無効です（GMが投票時間を告げた後に書いてください）")
            else:
                kept.append(c)
        return kept

    def _judge(self, em: Emitter[SsState], ph: PhaseInput, n: int,
               passed: bool) -> dict[str, int]:
        """ss.task / ss.task.day / ss.p.tasks: each member's results of the day."""
        st = em.state
        results: dict[str, list[bool]] = {}
        refs: dict[str, str] = {}
        for d in ph.directives:
            if not isinstance(d.action, TaskResult):
                continue
            for t in d.action.targets:
                p = st.players[t]
                if passed or not has_task(p):
                    why = ("the tasks of a time-passed day are carried over" if passed else
                           f"{t!r} has no task ({society_ja(p.society)})")
                    reason = ("今日はタイムパスのため課題の判定はありません" if passed else
                              f"{t}さんには課題がありません（{society_ja(p.society) if p.alive else '死亡'}）")
                    em.diagnose("warning", "no_task", d.ref, f"task judgment ignored: {why}",
                                reason)
                    em.emit("judgment_ignored", "ss.p.tasks", d.ref, "gm", player=t,
                            success=d.action.success)
                    continue
                results.setdefault(t, []).append(d.action.success)
                refs.setdefault(t, d.ref)
        if passed:
            em.emit("tasks_carried", "ss.chrono.pass", f"phase:{em.phase}", "gm", day=n)
            return {}
        successes: dict[str, int] = {}
        for name, p in st.players.items():
            if not has_task(p):
                continue
            mine = results.get(name, [])
            chance = st.pending.get(name, [])
            if not mine:
                em.diagnose("warning", "not_judged", f"phase:{em.phase}",
                            f"{name!r} ({p.society}) has no task judgment today: counted as "
                            "not achieved", f"{name}さんの課題の判定がありません（未達成として扱います）")
            if chance:
                em.emit("pending_used", "ss.p.chance", f"phase:{em.phase}", "gm", player=name,
                        results=chance)
            allr = mine + chance
            count = sum(allr)
            em.emit("task_day", "ss.task.day", refs.get(name, f"phase:{em.phase}"), "player",
                    to=name, player=name, success=count > 0, successes=count, results=mine,
                    chance=chance, judged=bool(mine))
            successes[name] = count
        for name in list(st.pending):
            if name not in successes:  # left the task societies: the result is void
                em.emit("pending_used", "ss.p.chance", f"phase:{em.phase}", "gm", player=name,
                        results=st.pending[name])
        return successes

    def _gold(self, em: Emitter[SsState], successes: dict[str, int]) -> None:
        for name, k in successes.items():
            if k and em.state.players[name].society == "pirates":
                em.emit("gold", "ss.pirate.gold", f"phase:{em.phase}", "player", to=name,
                        player=name, amount=k, why="task")

    def _learnable(self, p: SsPlayer, tech: str) -> bool:
        if tech in p.techniques:
            return False
        return tech != "kawarimi" or (p.wins >= 2 and not p.kawarimi_used)

    def _learn(self, em: Emitter[SsState], ph: PhaseInput, acts: list[Candidate],
               successes: dict[str, int]) -> None:
        """ss.ninja.learn / ss.p.ninja: one technique per success, named or the next."""
        requests: dict[str, list[Candidate]] = {}
        for c in acts:
            if isinstance(c.action, Learn):
                requests.setdefault(c.actor, []).append(c)
        for name in em.state.players:
            k = successes.get(name, 0) if em.state.players[name].society == "ninja" else 0
            asked = requests.get(name, [])
            for i in range(max(k, len(asked))):
                cand = asked[i] if i < len(asked) else None
                if i >= k:
                    assert cand is not None
                    self._reject(em, cand, ph.lines, "no_success", "ss.ninja.learn",
                                 f"{name!r} has no task success left to learn with",
                                 "習得できるのは課題に成功した数だけです")
                    continue
                p = em.state.players[name]
                want = cand.action.technique if cand and isinstance(cand.action, Learn) else None
                if want is not None and not self._learnable(p, want):
                    why = ("すでに習得しています" if want in p.techniques else
                           "変わり身の術は課題を2日連続で成功したときだけ習得できます")
                    em.diagnose("warning", "cannot_learn", cand.ref if cand else "",
                                f"{name!r} cannot learn {want}: the next in order is learned",
                                f"{TECHNIQUES[want][0]}は習得できません（{why}）。順番どおり次の術を習得します")
                    em.emit("learn_refused", "ss.p.ninja", cand.ref if cand else "", "gm",
                            player=name, technique=want)
                    want = None
                if want is None:
                    want = next((t for t in TECHNIQUES if self._learnable(p, t)), None)
                if want is None:
                    em.emit("nothing_to_learn", "ss.ninja.learn", f"phase:{em.phase}",
                            "player", to=name, player=name)
                    continue
                em.emit("learned", "ss.ninja.learn",
                        cand.ref if cand else f"phase:{em.phase}", "player", to=name,
                        player=name, technique=want)

    def _credits(self, em: Emitter[SsState], successes: dict[str, int]) -> None:
        """ss.chrono.credit: two consecutive successful days give one use."""
        for name in successes:
            p = em.state.players[name]
            if p.society == "chrono" and p.wins >= 2:
                em.emit("credit", "ss.chrono.credit", f"phase:{em.phase}", "player", to=name,
                        player=name, amount=1)

    def _techniques(self, em: Emitter[SsState], ph: PhaseInput,
                    acts: list[Candidate]) -> dict[str, str]:
        """ss.ninja.use: 土遁 first, then 影縫い (it does not reach a 土遁 user), 口寄せ
        answered at once, 変わり身 armed for this vote.  Returns the spared players."""
        spared: dict[str, str] = {}
        techs = [c for c in acts if isinstance(c.action, Technique)]
        valid: list[Candidate] = []
        for c in techs:
            p = em.state.players[c.actor]
            a = c.action
            assert isinstance(a, Technique)
            if p.society != "ninja" or a.technique not in p.techniques:
                self._reject(em, c, ph.lines, "not_learned", "ss.ninja.use",
                             f"{c.actor!r} does not know {a.technique}",
                             f"{TECHNIQUES[a.technique][0]}はまだ習得していません")
                continue
            valid.append(c)
        order = {"doton": 0, "kawarimi": 1, "kagenui": 2, "kuchiyose": 3}
        for c in sorted(valid, key=lambda c: (order[c.action.technique], c.order)):  # type: ignore[attr-defined]
            a = c.action
            assert isinstance(a, Technique)
            if a.technique == "doton":
                em.emit("doton", "ss.ninja.doton", c.ref, "player", to=c.actor, player=c.actor)
            elif a.technique == "kawarimi":
                em.emit("kawarimi", "ss.ninja.kawarimi", c.ref, "player", to=c.actor,
                        player=c.actor)
                spared[c.actor] = c.ref
            elif a.technique == "kagenui" and a.target:
                if em.state.players[a.target].doton:
                    em.emit("kagenui_blocked", "ss.ninja.doton", c.ref, "player", to=c.actor,
                            player=c.actor, target=a.target)
                else:
                    em.emit("kagenui", "ss.ninja.kagenui", c.ref, "player", to=c.actor,
                            player=c.actor, target=a.target)
                    em.emit("bound", "ss.ninja.kagenui", c.ref, "player", to=a.target,
                            player=a.target, target=a.target)
            elif a.technique == "kuchiyose" and a.target:
                x = a.target
                hit = em.draw(["判定できた", "判定できなかった"], "ss.ninja.kuchiyose",
                              "口寄せの術（50%で忍者かどうか判定）", cause=c.ref)
                bomb = any(b.holder == x for b in em.state.bombs)
                em.emit("kuchiyose", "ss.ninja.kuchiyose", c.ref, "player", to=c.actor,
                        player=c.actor, target=x, judged=hit == "判定できた",
                        ninja=em.state.players[x].society == "ninja"
                        if hit == "判定できた" else None, bomb=bomb)
        return spared

    def _flags(self, em: Emitter[SsState], ph: PhaseInput, acts: list[Candidate]) -> None:
        """ss.pirate.flag: bought in vote time with the gold of the day; raised tonight."""
        for c in acts:
            a = c.action
            if not (isinstance(a, PirateAbility) and a.ability == "flag"):
                continue
            p = em.state.players[c.actor]
            if p.society != "pirates" or p.gold < 1:
                self._reject(em, c, ph.lines, "no_gold", "ss.pirate.one_ability",
                             f"flag costs 1, gold is {p.gold}",
                             f"ゴールドが足りません（海賊旗は1金、所持{p.gold}金）")
                continue
            em.emit("gold", "ss.pirate.flag", c.ref, "gm", player=c.actor, amount=-1,
                    why="flag")
            em.emit("flag", "ss.pirate.flag", c.ref, "player", to=c.actor, player=c.actor)

    def _chance_applications(self, em: Emitter[SsState], acts: list[Candidate]) -> None:
        """ss.chance.apply / ss.chance.task: applicants and members get the question."""
        for c in acts:
            if isinstance(c.action, Apply):
                em.emit("chance_applied", "ss.chance.apply", c.ref, "player", to=c.actor,
                        player=c.actor, society=c.action.society, question=self.question)
        for name, p in em.state.players.items():
            if has_task(p):
                em.emit("chance_question", "ss.chance.task", f"phase:{em.phase}", "player",
                        to=name, player=name, question=self.question)

    def _excommunicate(self, em: Emitter[SsState]) -> None:
        """ss.excommunicate: two consecutive failed days, never a leader."""
        for name, p in em.state.players.items():
            if has_task(p) and not p.leader and p.fails >= 2:
                em.emit("excommunicated", "ss.excommunicate", f"phase:{em.phase}", "player",
                        to=name, player=name, society=p.society)

    # ---- night N (ss.night.order)
    def resolve_night(self, em: Emitter[SsState], ph: PhaseInput) -> None:
        n = day_number(ph.id)
        acts = ph.actions
        start = em.state
        chrono = [c for c in acts if isinstance(c.action, ChronoAbility)]
        back = next((c for c in chrono if c.action.ability == "back"), None)  # type: ignore[attr-defined]
        joined, betrayed = self._recruit(em, ph, back)
        deaths = self._pirates(em, ph)
        self._chrono(em, ph, chrono, n)
        if n == 2:
            j, b = self._chance_answers(em, ph, start)
            joined, betrayed = joined + j, betrayed + b
        for name, how, rule, cause in deaths:
            self._die(em, name, how, rule, cause)
        self._explode(em, n)
        self._punish(em)
        em.emit("reveal", "ss.reveal", f"phase:{em.phase}", "public", joined=joined,
                betrayed=betrayed)
        em.emit("night_over", "ss.night.order", f"phase:{em.phase}", "gm")
        self._check_end(em)

    def _recruit(self, em: Emitter[SsState], ph: PhaseInput,
                 back: Candidate | None) -> tuple[int, int]:
        """ss.recruit / ss.recruit.secret / ss.p.answer / ss.pirate.rope / ss.p.chronoback."""
        st = em.state
        acts = ph.actions
        ropes = [c for c in acts if isinstance(c.action, PirateAbility)
                 and c.action.ability == "rope"]
        roper = {c.actor for c in ropes}
        reached: dict[str, list[tuple[str, Candidate]]] = {}  # invitee -> (society, invite)
        stopped: set[str] = set()
        for c in acts:
            if not isinstance(c.action, Invite):
                continue
            if c.actor in roper:
                self._reject(em, c, ph.lines, "rope_is_invitation", "ss.p.invite",
                             "the rope is the leader's invitation tonight",
                             "今夜は大縄とフックが勧誘になるため、この勧誘は無効です")
                continue
            x = c.action.target
            society = st.players[c.actor].society
            assert society is not None
            if st.players[x].doton:
                stopped.add(x)
                em.emit("invite_blocked", "ss.ninja.doton", c.ref, "player", to=c.actor,
                        player=c.actor, target=x, society=society)
                continue
            reached.setdefault(x, []).append((society, c))
        for x, invs in reached.items():
            for society, c in invs:
                secret = society == "secret"
                rule = "ss.recruit.secret" if secret else "ss.recruit"
                em.emit("invite", rule, c.ref, "gm", player=c.actor, target=x, society=society)
                # the invitee's notice: the secret leader stays anonymous (ss.recruit.secret)
                em.emit("invited", rule, c.ref, "player", to=x, player=x, society=society,
                        by=None if secret else c.actor, anonymous=secret,
                        several=len(invs) > 1)
        joins: list[tuple[int, str, str, str, str, str | None]] = []  # order, x, soc, how, ref, by
        for c in ropes:
            x = c.action.target  # type: ignore[attr-defined]
            assert x is not None
            em.emit("gold", "ss.pirate.rope", c.ref, "gm", player=c.actor, amount=-3,
                    why="rope")
            if st.players[x].doton:
                stopped.add(x)
                em.emit("rope_blocked", "ss.ninja.doton", c.ref, "player", to=c.actor,
                        player=c.actor, target=x)
                continue
            joins.append((c.order, x, "pirates", "rope", c.ref, c.actor))
        answers = {c.actor: c for c in acts if isinstance(c.action, Answer)}
        roped = {j[1] for j in joins}
        for x, invs in reached.items():
            ans = answers.pop(x, None)
            chosen: str | None = None
            if x in roped:
                pass
            elif ans is None:
                em.emit("no_answer", "ss.recruit", f"phase:{em.phase}", "gm", player=x)
            else:
                a = ans.action
                assert isinstance(a, Answer)
                societies = [s for s, _c in invs]
                if a.society is None and len(invs) > 1:
                    em.diagnose("warning", "answer_ambiguous", ans.ref,
                                f"{x!r} has {len(invs)} invitations; a bare answer refuses all",
                                "勧誘が複数あるため「承諾@結社名」で答えてください（すべて拒否として扱います）")
                    em.emit("answer_ambiguous", "ss.p.answer", ans.ref, "player", to=x,
                            player=x, societies=societies)
                elif a.society is not None and a.society not in societies:
                    em.diagnose("warning", "no_invitation", ans.ref,
                                f"{x!r} answers {a.society}, which did not invite them",
                                f"{society_ja(a.society)}からの勧誘はありません")
                elif a.accept:
                    chosen = a.society or societies[0]
            for s, inv in invs:
                if s == chosen and x not in roped:
                    assert ans is not None
                    joins.append((ans.order, x, s, "invite", ans.ref, inv.actor))
                accepted = s == chosen and x not in roped
                em.emit("answered", "ss.p.answer", ans.ref if ans else f"phase:{em.phase}",
                        "player", to=inv.actor, player=x, target=inv.actor, society=s,
                        accepted=accepted, roped=x in roped,
                        undone=accepted and back is not None)
        for rec in ph.lines:  # invitations a shadow-bound leader tried to send
            if rec.code == "bound" and ("勧誘" in rec.text or "大縄" in rec.text):
                stopped.update(x for x in answers if any(
                    n in nfkc(rec.text) for n in (x, *self._aliases(x))))
        for x, ans in answers.items():
            if x in stopped:
                code, why = "invitation_stopped", "勧誘はあなたに届いていません"
            else:
                code, why = "no_invitation", "今夜あなたへの勧誘はありません"
            em.diagnose("warning", code, ans.ref, f"{x!r} answers with no invitation ({code})",
                        why)
            em.emit("answer_void", "ss.p.answer", ans.ref, "gm", player=x, why=code)
        joined = betrayed = 0
        for _order, x, s, how, ref, by in sorted(joins):
            if back is not None:
                em.emit("join_undone", "ss.p.chronoback", ref, "player", to=x, player=x,
                        society=s, how=how, by=None if s == "secret" else by)
                if how == "rope" and by:
                    em.emit("roped", "ss.p.chronoback", ref, "player", to=by, player=by,
                            target=x, undone=True)
                continue
            if em.state.players[x].society == s:
                continue
            if how == "rope" and by:
                em.emit("roped", "ss.pirate.rope", ref, "player", to=by, player=by, target=x,
                        undone=False)
            joined += 1
            betrayed += self._join(em, x, s, how, "ss.pirate.rope" if how == "rope"
                                   else "ss.recruit", ref, by)
        return joined, betrayed

    def _left_tonight(self, em: Emitter[SsState], ph: PhaseInput, c: Candidate,
                      society: str, enough: bool, ja: str) -> bool:
        """An ability whose user left ``society`` earlier tonight (an invitation answered,
        a rope) or has nothing left to pay with: void, costing nothing (ss.p.abilities)."""
        p = em.state.players[c.actor]
        if p.society == society and enough:
            return False
        self._reject(em, c, ph.lines, "left_society", "ss.p.abilities",
                     f"{c.actor!r} left {society} before the ability resolved",
                     f"今夜{society_ja(society)}を抜けたため、{ja}は使えませんでした")
        return True

    def _pirates(self, em: Emitter[SsState],
                 ph: PhaseInput) -> list[tuple[str, str, str, str]]:
        """ss.pirate.*: telescope, treasure hunt, pistol (deaths come later)."""
        deaths: list[tuple[str, str, str, str]] = []
        for c in ph.actions:
            a = c.action
            if not isinstance(a, PirateAbility) or a.ability in ("flag", "rope"):
                continue
            ja, cost, rule = PIRATE[a.ability]
            if self._left_tonight(em, ph, c, "pirates",
                                  em.state.players[c.actor].gold >= cost, ja):
                continue
            em.emit("gold", rule, c.ref, "gm", player=c.actor, amount=-cost, why=a.ability)
            if a.ability == "telescope":
                flags = [n for n, p in em.state.players.items() if p.flag and p.alive]
                em.emit("telescope", rule, c.ref, "player", to=c.actor, player=c.actor,
                        flags=flags)
            elif a.ability == "treasure":
                hit = em.draw(["見つかった", "見つからなかった"], rule,
                              "トレジャーハント（50%で2金）", cause=c.ref)
                em.emit("treasure", rule, c.ref, "player", to=c.actor, player=c.actor,
                        found=hit == "見つかった")
                if hit == "見つかった":
                    em.emit("gold", rule, c.ref, "gm", player=c.actor, amount=2,
                            why="treasure")
            elif a.ability == "pistol" and a.target:
                roll = int(em.draw([1, 2, 3, 4, 5, 6], rule, "ピストルのサイコロ", cause=c.ref))
                blocked = em.state.players[a.target].doton
                outcome = ("backfire" if roll == 1 else "miss" if roll <= 3 else
                           "blocked" if blocked else "hit")
                em.emit("pistol", rule, c.ref, "player", to=c.actor, player=c.actor,
                        target=a.target, roll=roll, outcome=outcome)
                if outcome == "hit":
                    deaths.append((a.target, "shot", rule, c.ref))
                elif outcome == "backfire":
                    deaths.append((c.actor, "backfire", rule, c.ref))
        return deaths

    def _chrono(self, em: Emitter[SsState], ph: PhaseInput, chrono: list[Candidate],
                n: int) -> None:
        """ss.chrono.bomb / ss.chrono.back / ss.chrono.pass."""
        for c in chrono:
            a = c.action
            assert isinstance(a, ChronoAbility)
            ja, rule = CHRONO[a.ability]
            if self._left_tonight(em, ph, c, "chrono",
                                  em.state.players[c.actor].credits >= 1, ja):
                continue
            em.emit("credit", rule, c.ref, "gm", player=c.actor, amount=-1, why=a.ability)
            if a.ability == "bomb":
                pool = [x for x, p in em.state.players.items()
                        if p.alive and x != c.actor and not p.doton]
                if not pool:
                    em.emit("bomb_nowhere", rule, c.ref, "player", to=c.actor, player=c.actor)
                    continue
                holder = em.draw(pool, rule, "タイムボムの仕掛け先", cause=c.ref)
                em.emit("bomb_planted", rule, c.ref, "gm", player=c.actor, target=holder,
                        night=n)
                em.emit("bomb_set", rule, c.ref, "player", to=c.actor, player=c.actor)
            else:  # the morning post tells it, never who did it
                em.emit("chrono_used", rule, c.ref, "gm", player=c.actor, ability=a.ability)
                em.emit("chronoback" if a.ability == "back" else "time_pass", rule,
                        f"phase:{em.phase}", "public", day=n + 1)

    def _chance_answers(self, em: Emitter[SsState], ph: PhaseInput,
                        start: SsState) -> tuple[int, int]:
        """ss.chance.apply / ss.chance.task / ss.p.chance: night2's answers."""
        correct_by_gm: dict[str, str] = {}
        for d in ph.directives:
            if isinstance(d.action, Correct):
                for t in d.action.targets:
                    correct_by_gm.setdefault(t, d.ref)
        solved = {c.actor: c for c in ph.actions if isinstance(c.action, Solve)}
        joined = betrayed = 0
        judged: set[str] = set()
        for name, p in start.players.items():
            applicant = start.chance.get(name)
            if applicant is None and not has_task(p):
                continue
            judged.add(name)
            if not em.state.players[name].alive:
                continue
            sol = solved.get(name)
            text = sol.action.text if sol else None  # type: ignore[attr-defined]
            if name in correct_by_gm:
                ok, ref = True, correct_by_gm[name]
            else:
                ok = text is not None and self._answer_key(text) in self.answers
                ref = sol.ref if sol else f"phase:{em.phase}"
            if applicant is not None:
                # a correct applicant is told by the join notice
                em.emit("chance_answer", "ss.chance.apply", ref, "gm" if ok else "player",
                        to=None if ok else name, player=name, society=applicant, correct=ok,
                        answer=text)
                if ok:
                    joined += 1
                    betrayed += self._join(em, name, applicant, "chance", "ss.chance.apply",
                                           ref)
            else:
                em.emit("chance_task", "ss.chance.task", ref, "player", to=name, player=name,
                        correct=ok, answer=text)
        for name, sol in solved.items():
            if name not in judged:
                em.diagnose("warning", "not_applicant", sol.ref,
                            f"{name!r} answered without applying or a task",
                            "入会希望を出していないため、解答は判定されません")
                em.emit("answer_void", "ss.p.chance", sol.ref, "gm", player=name,
                        why="not_applicant")
        for name, ref in correct_by_gm.items():
            if name not in judged:
                em.diagnose("warning", "not_applicant", ref,
                            f"正解@{name}: {name!r} neither applied nor has a task",
                            f"{name}さんはリクルートチャンスの対象ではありません")
        return joined, betrayed

    def _explode(self, em: Emitter[SsState], n: int) -> None:
        """ss.chrono.bomb: the bomb planted in night N−1 explodes at the end of night N."""
        for b in list(em.state.bombs):
            if b.night != n - 1:
                continue
            holder = em.state.players[b.holder]
            if holder.alive and not holder.doton:
                em.emit("bomb_exploded", "ss.chrono.bomb", b.ref, "gm", target=b.holder,
                        planted=b.ref)
                self._die(em, b.holder, "bomb", "ss.chrono.bomb", b.ref)
            else:
                em.emit("bomb_gone", "ss.p.abilities" if holder.alive else "ss.chrono.bomb",
                        b.ref, "gm", target=b.holder, planted=b.ref,
                        why="doton" if holder.alive else "dead")

    def _punish(self, em: Emitter[SsState]) -> None:
        """ss.punish / ss.p.punish: one death each morning from day2, by class."""
        st = em.state
        alive = [n for n, p in st.players.items() if p.alive]
        classes = (("traitors", [n for n in alive if st.players[n].traitor]),
                   ("unaffiliated", [n for n in alive if st.players[n].society is None]),
                   ("members", [n for n in alive if st.players[n].society is not None]))
        for label, pool in classes:
            if pool:
                ja = {"traitors": "裏切り者", "unaffiliated": "未入会", "members": "入会者"}[label]
                who = em.draw(pool, "ss.punish", f"天罰（{ja}の中からランダム）")
                em.emit("punish", "ss.punish", "rng", "gm", player=who, among=label)
                self._die(em, who, "punished", "ss.punish", "rng")
                return
