"""トラップワード's 途中集計 (rules/trapword.md): per team, the trap words set so far
against the count the other team's room asks (tw.trap.count; teams are public, so the
reminder names them), and whether its hint-giver has given a hint yet (tw.hint)."""

from __future__ import annotations

from typing import Any

from ..base import Candidate, Progress
from .actions import Say, SetTraps


def progress(variant: Any, state: Any, phase: str, actions: list[Candidate],
             directives: list[Candidate]) -> list[Progress]:
    if state.finished:
        return []
    teams = list(state.teams)
    count = {t: 0 for t in teams}
    for c in [*actions, *directives]:
        if isinstance(c.action, SetTraps):
            team = c.action.team or (state.players[c.actor].team
                                     if c.actor in state.players else None)
            if team in count:
                count[team] += len(c.action.words)
    need = {t: variant.trap_limit(state, state.other(t)) for t in teams}
    suffix = "" if all(t.endswith("チーム") for t in teams) else "チーム"
    short = tuple(t for t in teams if count[t] < need[t])
    groups = [Progress("トラップワード", short, tuple(t for t in teams if t not in short),
                       post_label="トラップワード未設定", suffix=suffix,
                       note="、".join(f"{t} {count[t]}/{need[t]}" for t in teams))]
    hinted = {state.players[c.actor].team for c in actions
              if isinstance(c.action, Say) and c.action.role == "hint"}
    givers = "、".join(f"{t}：{state.teams[t].giver}" for t in teams)
    groups.append(Progress("ヒント（出題者）", tuple(t for t in teams if t not in hinted),
                           tuple(t for t in teams if t in hinted), note=givers))
    return groups
