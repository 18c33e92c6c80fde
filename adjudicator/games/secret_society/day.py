"""秘密結社村, day N in the order of ss.day.order: the GM's task
judgments and what they give (gold, techniques, chrono credits), the ninja techniques,
the pirate flags, the Recruit Chance applications (day 2), the vote (the shared werewolf
vote, with 変わり身), excommunication and the end check.
"""

from __future__ import annotations

from typing import Any

from ...errors import IllegalActionError
from ...phases import day_number
from .. import werewolf as ww
from ..base import Candidate, Emitter, PhaseInput
from .actions import Apply, Learn, PirateAbility, TaskResult, Technique
from .common import SsSetup, check_end, die, reject
from .state import TECHNIQUES, SsPlayer, SsState, has_task, society_ja

#: actions that belong to the vote time (ss.p.vote_time)
VOTE_TIME_KINDS = ("technique", "apply")


def before_vote_time(state: SsState, phase: str, action: Any) -> IllegalActionError | None:
    """ss.p.vote_time: why a vote-time action (a technique, 入会希望, the day's 海賊旗) read
    before the GM's 投票時間 does not count; None for any other action, by night, and on a
    time-passed day.  The reader asks it when the GM's line opens the vote."""
    if not phase.startswith("day") or state.passed_day == day_number(phase):
        return None
    if not (action.kind in VOTE_TIME_KINDS or (
            isinstance(action, PirateAbility) and action.ability == "flag")):
        return None
    return IllegalActionError(
        f"{action.describe()!r} came before the vote opened",
        "投票時間の前の行動のため無効です（GMが投票時間を告げた後に書いてください）",
        code="before_vote_time", rule="ss.p.vote_time")


def resolve_day(em: Emitter[SsState], ph: PhaseInput, setup: SsSetup) -> None:
    n = day_number(ph.id)
    passed = em.state.passed_day == n
    acts = list(ph.actions)  # vote-time lines before 投票時間: refused as read
    if passed:
        em.emit("time_passed", "ss.chrono.pass", f"phase:{em.phase}", "public", day=n)
    successes = _judge(em, ph, n, passed)
    _gold(em, successes)
    _learn(em, ph, acts, successes)
    _credits(em, successes)
    spared = _techniques(em, ph, acts)
    _flags(em, ph, acts)
    if n == 2:
        _chance_applications(em, acts, setup)

    def execute(em2: Emitter[Any], chosen: str, votes: int) -> str | None:
        if chosen in spared:  # the post says only that the execution failed
            em2.emit("kawarimi_saved", "ss.ninja.kawarimi", spared[chosen], "gm",
                     player=chosen)
            em2.emit("execution_failed", "ww.vote", f"phase:{em2.phase}", "public",
                     player=chosen, votes=votes)
            return None
        em2.emit("execution", "ww.vote", f"phase:{em2.phase}", "public", player=chosen,
                 votes=votes)
        die(em, chosen, "executed", "ww.vote", f"phase:{em2.phase}")
        return chosen

    ww.resolve_vote(em, acts, setup.options["tie"], execute=execute)
    _excommunicate(em)
    check_end(em)


def _judge(em: Emitter[SsState], ph: PhaseInput, n: int,
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


def _gold(em: Emitter[SsState], successes: dict[str, int]) -> None:
    for name, k in successes.items():
        if k and em.state.players[name].society == "pirates":
            em.emit("gold", "ss.pirate.gold", f"phase:{em.phase}", "player", to=name,
                    player=name, amount=k, why="task",
                    total=em.state.players[name].gold + k)  # the notice says the new total


def _learnable(p: SsPlayer, tech: str) -> bool:
    if tech in p.techniques:
        return False
    return tech != "kawarimi" or (p.wins >= 2 and not p.kawarimi_used)


def _learn(em: Emitter[SsState], ph: PhaseInput, acts: list[Candidate],
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
                reject(em, cand, "no_success", "ss.ninja.learn",
                       f"{name!r} has no task success left to learn with",
                       "習得できるのは課題に成功した数だけです")
                continue
            p = em.state.players[name]
            want = cand.action.technique if cand and isinstance(cand.action, Learn) else None
            if want is not None and not _learnable(p, want):
                why = ("すでに習得しています" if want in p.techniques else
                       "変わり身の術は課題を2日連続で成功したときだけ習得できます")
                em.diagnose("warning", "cannot_learn", cand.ref if cand else "",
                            f"{name!r} cannot learn {want}: the next in order is learned",
                            f"{TECHNIQUES[want][0]}は習得できません（{why}）。順番どおり次の術を習得します")
                em.emit("learn_refused", "ss.p.ninja", cand.ref if cand else "", "gm",
                        player=name, technique=want)
                want = None
            if want is None:
                want = next((t for t in TECHNIQUES if _learnable(p, t)), None)
            if want is None:
                em.emit("nothing_to_learn", "ss.ninja.learn", f"phase:{em.phase}",
                        "player", to=name, player=name)
                continue
            em.emit("learned", "ss.ninja.learn",
                    cand.ref if cand else f"phase:{em.phase}", "player", to=name,
                    player=name, technique=want)


def _credits(em: Emitter[SsState], successes: dict[str, int]) -> None:
    """ss.chrono.credit: two consecutive successful days give one use."""
    for name in successes:
        p = em.state.players[name]
        if p.society == "chrono" and p.wins >= 2:
            em.emit("credit", "ss.chrono.credit", f"phase:{em.phase}", "player", to=name,
                    player=name, amount=1)


def _techniques(em: Emitter[SsState], ph: PhaseInput,
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
            reject(em, c, "not_learned", "ss.ninja.use",
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
                        player=c.actor, target=a.target, why="doton",
                        gm_only=("why",), known_rule="ss.ninja.kagenui")
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


def _flags(em: Emitter[SsState], ph: PhaseInput, acts: list[Candidate]) -> None:
    """ss.pirate.flag: bought in vote time with the gold of the day; raised tonight."""
    for c in acts:
        a = c.action
        if not (isinstance(a, PirateAbility) and a.ability == "flag"):
            continue
        p = em.state.players[c.actor]
        if p.society != "pirates" or p.gold < 1:
            reject(em, c, "no_gold", "ss.pirate.one_ability",
                   f"flag costs 1, gold is {p.gold}",
                   f"金が足りません（海賊旗は1金、所持金は{p.gold}金です）")
            continue
        em.emit("gold", "ss.pirate.flag", c.ref, "gm", player=c.actor, amount=-1,
                why="flag")
        em.emit("flag", "ss.pirate.flag", c.ref, "player", to=c.actor, player=c.actor)


def _chance_applications(em: Emitter[SsState], acts: list[Candidate],
                         setup: SsSetup) -> None:
    """ss.chance.apply / ss.chance.task: applicants and members get the question."""
    for c in acts:
        if isinstance(c.action, Apply):
            em.emit("chance_applied", "ss.chance.apply", c.ref, "player", to=c.actor,
                    player=c.actor, society=c.action.society, question=setup.question)
    for name, p in em.state.players.items():
        if has_task(p):
            em.emit("chance_question", "ss.chance.task", f"phase:{em.phase}", "player",
                    to=name, player=name, question=setup.question)


def _excommunicate(em: Emitter[SsState]) -> None:
    """ss.excommunicate: two consecutive failed days, never a leader."""
    for name, p in em.state.players.items():
        if has_task(p) and not p.leader and p.fails >= 2:
            em.emit("excommunicated", "ss.excommunicate", f"phase:{em.phase}", "player",
                    to=name, player=name, society=p.society)
