"""秘密結社村's 途中集計 (rules/secret-society.md).

By day: the vote (ww.vote); apart, the GM's own task judgments still to enter (ss.task).
By night nothing is owed but answers: an invited player answers (ss.p.answer; no
answer is a refusal) and a Recruit Chance applicant answers the question on night2
(ss.chance.apply).  Invitations (a leader *may* invite, ss.recruit), pirate and chrono
abilities are optional and listed apart."""

from __future__ import annotations

from typing import Any

from ..base import Candidate, Progress, vote_progress
from .actions import Answer, ChronoAbility, Invite, PirateAbility, Solve, TaskResult
from .state import has_task


def _split(names: list[str], acted: set[str], label: str, optional: bool = False
           ) -> Progress:
    return Progress(label, tuple(n for n in names if n not in acted),
                    tuple(n for n in names if n in acted), optional=optional)


def progress(state: Any, phase: str, actions: list[Candidate],
             directives: list[Candidate]) -> list[Progress]:
    players = state.players
    alive = [n for n, p in players.items() if p.alive]
    if phase.startswith("day"):
        groups = [vote_progress(state, actions)]
        n = int(phase[3:])
        if state.passed_day != n:
            judged = {t for c in directives if isinstance(c.action, TaskResult)
                      for t in c.action.targets}
            tasked = [m for m in alive if has_task(players[m])]
            groups.append(_split(tasked, judged, "課題の判定（GMの入力）", optional=True))
        return groups
    groups = []
    invited = list(dict.fromkeys(c.action.target for c in actions
                                 if isinstance(c.action, Invite)))
    answered = {c.actor for c in actions if isinstance(c.action, Answer)}
    if invited:
        groups.append(_split([n for n in invited if players[n].alive], answered,
                             "勧誘への返事（承諾・拒否）"))
    if phase == "night2" and state.chance:
        solved = {c.actor for c in actions if isinstance(c.action, Solve)}
        groups.append(_split([n for n in state.chance if players[n].alive], solved,
                             "リクルートチャンスの解答"))
    if phase != "night2":
        leaders = [n for n in alive if players[n].leader]
        inviting = {c.actor for c in actions if isinstance(c.action, Invite)
                    or (isinstance(c.action, PirateAbility) and c.action.ability == "rope")}
        groups.append(_split(leaders, inviting, "リーダーの勧誘", optional=True))
    pirates = [n for n in alive if players[n].society == "pirates"]
    if pirates:
        used = {c.actor for c in actions if isinstance(c.action, PirateAbility)}
        groups.append(_split(pirates, used, "海賊団の能力", optional=True))
    chrono = [n for n in alive if players[n].society == "chrono" and players[n].credits > 0]
    if chrono:
        used = {c.actor for c in actions if isinstance(c.action, ChronoAbility)}
        groups.append(_split(chrono, used, "クロノマターの能力", optional=True))
    return groups

