"""秘密結社村: validation of the players' actions and of the GM's judgments, line by
line, before anything resolves (the errors a player is told at once).  Pure functions
of the state at the line; resolution is in ``day`` and ``night``.
"""

from __future__ import annotations

from ... import actions as A
from ...phases import day_number
from ..base import Candidate
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
from .common import illegal
from .state import CHRONO, MAIN, PIRATE, SOCIETIES, TECHNIQUES, SsPlayer, SsState


def validate_own(state: SsState, phase: str, actor: str, action: A.Action,
                 held: dict[str, Candidate]) -> A.Action:
    me: SsPlayer = state.players[actor]
    day = phase.startswith("day")
    n = day_number(phase)
    if isinstance(action, Invite):
        _need_night(day, "勧誘", "ss.recruit")
        if n == 2:
            raise illegal("no recruiting on night2", "2日目の夜（リクルートチャンス）は勧誘がありません",
                          "no_recruit_night2", "ss.recruit.none_night2")
        if not me.leader or me.society is None:
            raise illegal(f"{actor!r} is not a leader", "勧誘できるのは結社のリーダーだけです",
                          "not_leader", "ss.recruit")
        _not_bound(me)
        _target(state, actor, action.target, "勧誘")
        if state.players[action.target].society == me.society:
            raise illegal("invites a member of their own society",
                          f"{action.target}さんはすでに同じ結社のメンバーです",
                          "own_member", "ss.p.invite")
        return action
    if isinstance(action, Answer):
        _need_night(day, "勧誘への返事", "ss.p.answer")
        if action.society is not None and action.society not in SOCIETIES:
            raise illegal(f"answer names {action.society!r}, not a society",
                          "承諾@・拒否@の後には結社名を書いてください（例: 承諾@海賊団）",
                          "not_society", "ss.p.answer")
        return action
    if isinstance(action, Apply):
        if phase != "day2":
            raise illegal("Recruit Chance outside day2", "入会希望は2日目の投票時間だけです",
                          "chance_not_now", "ss.chance.apply")
        if me.society is not None:
            raise illegal(f"{actor!r} is a member", "入会希望を出せるのは未入会の人だけです",
                          "not_unaffiliated", "ss.chance.apply")
        if action.society not in MAIN:
            raise illegal(f"apply to {action.society!r}",
                          "リクルートチャンスで入れるのは忍びの里・海賊団・クロノマターです",
                          "not_society", "ss.chance.apply")
        return action
    if isinstance(action, Solve):
        if phase != "night2":
            raise illegal("answer outside night2", "解答は2日目の夜に書いてください",
                          "chance_not_now", "ss.chance.apply")
        return action
    if isinstance(action, Learn):
        if not day:
            raise illegal("learning at night", "習得は昼時間に行ってください", "wrong_phase",
                          "ss.ninja.learn")
        if me.society != "ninja":
            raise illegal(f"{actor!r} is not a ninja", "忍法を習得できるのは忍びの里のメンバーだけです",
                          "not_member", "ss.ninja.learn")
        return action
    if isinstance(action, Technique):
        ja, rule = TECHNIQUES[action.technique]
        if not day:
            raise illegal("technique at night", "忍法は昼の投票時間に使ってください",
                          "wrong_phase", "ss.ninja.use")
        if me.society != "ninja":
            raise illegal(f"{actor!r} is not a ninja", "忍法を使えるのは忍びの里のメンバーだけです",
                          "not_member", "ss.ninja.use")
        if action.technique == "kawarimi" and me.kawarimi_used:
            raise illegal("kawarimi already used", "変わり身の術は一度しか使えません",
                          "kawarimi_spent", "ss.ninja.kawarimi")
        if action.target is not None:
            _target(state, actor, action.target, ja)
        return action
    if isinstance(action, PirateAbility):
        return _validate_pirate(state, phase, me, action, held)
    if isinstance(action, ChronoAbility):
        _need_night(day, CHRONO[action.ability][0], "ss.chrono.credit")
        if me.society != "chrono":
            raise illegal(f"{actor!r} is not chrono", "この能力はクロノマターのメンバーだけが使えます",
                          "not_member", "ss.chrono.credit")
        _not_bound(me)
        if me.credits < 1:
            raise illegal("no chrono credit", "能力の使用権がありません（課題を2日連続で成功すると1回使えます）",
                          "no_credit", "ss.chrono.credit")
        return action
    raise illegal(f"{action.kind} is not a command of this village",
                  "この村にはないコマンドです", "not_in_variant", "ss.setup")


def _validate_pirate(state: SsState, phase: str, me: SsPlayer,
                     action: PirateAbility, held: dict[str, Candidate]) -> A.Action:
    ja, cost, rule = PIRATE[action.ability]
    day = phase.startswith("day")
    if action.ability == "flag":
        if not day:
            raise illegal("flag at night", "海賊旗は昼の投票時間に購入してください",
                          "wrong_phase", rule)
    else:
        _need_night(day, ja, rule)
    if me.society != "pirates":
        raise illegal(f"{me.name!r} is not a pirate", f"{ja}は海賊団のメンバーだけが使えます",
                      "not_member", rule)
    if action.ability == "rope":
        if not me.leader:
            raise illegal("rope by a non-leader", "大縄とフックはリーダーだけが使えます",
                          "not_leader", rule)
        if phase == "night2":
            raise illegal("no recruiting on night2", "2日目の夜（リクルートチャンス）は勧誘がありません",
                          "no_recruit_night2", "ss.recruit.none_night2")
    if not day:
        _not_bound(me)
        if me.flag:
            raise illegal("flag bought today", "海賊旗を買ったため、今夜はほかの能力を使えません",
                          "one_ability", "ss.p.abilities")
        if me.gold < cost:
            raise illegal(f"{ja} costs {cost}, gold is {me.gold}",
                          f"金が足りません（{ja}は{cost}金、所持金は{me.gold}金です）",
                          "no_gold", "ss.pirate.one_ability")
    if action.target is not None:
        _target(state, me.name, action.target, ja)
        if action.ability == "rope" and state.players[action.target].society == "pirates":
            raise illegal("rope on a pirate", f"{action.target}さんはすでに海賊団のメンバーです",
                          "own_member", "ss.p.invite")
    return action


def _need_night(day: bool, ja: str, rule: str) -> None:
    if day:
        raise illegal(f"{ja} by day", f"{ja}は夜時間に行ってください", "wrong_phase", rule)


def _not_bound(me: SsPlayer) -> None:
    if me.bound:
        raise illegal(f"{me.name!r} is shadow-bound",
                      "影縫いの術で影を縛られているため、今夜は能力を使えません",
                      "bound", "ss.ninja.kagenui")


def _target(state: SsState, actor: str, target: str, ja: str) -> None:
    if target not in state.players:
        raise illegal(f"{ja}: {target!r} is not a player", f"{ja}の相手は参加者の名前で書いてください",
                      "not_player", "ss.p.invite")
    if not state.players[target].alive:
        raise illegal(f"{ja}: {target!r} is dead", f"{target}さんはすでに死亡しています",
                      "target_dead", "ss.p.invite")
    if target == actor:
        raise illegal(f"{ja} on self", f"自分に{ja}はできません", "self_target",
                      "ss.p.invite")


def validate_directive(state: SsState, phase: str, action: A.Action) -> A.Action:
    if isinstance(action, TaskResult | Correct):
        for t in action.targets:
            if t not in state.players:
                raise illegal(f"{t!r} is not a player", f"「{t}」は参加者ではありません",
                              "not_player", "ss.task")
        if isinstance(action, TaskResult) and not phase.startswith("day"):
            raise illegal("task judgment at night: it belongs in a day log",
                          "課題の判定は昼のログに書いてください", "wrong_phase", "ss.task")
        if isinstance(action, Correct) and phase != "night2":
            raise illegal("正解@ outside night2",
                          "正解@ はリクルートチャンスの夜（2日目の夜）のログに書いてください",
                          "wrong_phase", "ss.p.chance")
    return action
