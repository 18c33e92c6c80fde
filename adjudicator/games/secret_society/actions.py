"""秘密結社村: the players' actions, the GM's judgments and the Lark transformer that
builds them (grammar: grammars/secret-society.lark)."""

from __future__ import annotations

from typing import Any

from ... import actions as A
from ...parser import CommandTransformer, Token, unmark, v_args
from .state import CHRONO, PIRATE, TECHNIQUE_WORDS, TECHNIQUES, society_ja


# ---------------------------------------------------------------- players' actions
class Invite(A.Action):
    """勧誘@X (ss.recruit)."""

    kind: str = "invite"
    target: str

    def describe(self) -> str:
        return f"勧誘@{self.target}"


class Answer(A.Action):
    """承諾 / 拒否, with the society when several invited (ss.p.answer)."""

    kind: str = "answer"
    accept: bool
    society: str | None = None  # a society id, or a word that names none

    def describe(self) -> str:
        word = "承諾" if self.accept else "拒否"
        return f"{word}@{society_ja(self.society)}" if self.society else word


class Apply(A.Action):
    """入会希望@結社 (ss.chance.apply)."""

    kind: str = "apply"
    society: str

    def describe(self) -> str:
        return f"入会希望@{society_ja(self.society)}"


class Solve(A.Action):
    """解答@… (ss.chance.apply / ss.chance.task)."""

    kind: str = "solve"
    text: str

    def describe(self) -> str:
        return f"解答@{self.text}"


class Learn(A.Action):
    """習得@術名 (ss.ninja.learn); technique None: the next in order."""

    kind: str = "learn"
    technique: str | None = None

    def describe(self) -> str:
        return f"習得@{TECHNIQUES[self.technique][0]}" if self.technique else "習得"


class Technique(A.Action):
    """A ninja technique in vote time (ss.ninja.use)."""

    kind: str = "technique"
    technique: str
    target: str | None = None

    def describe(self) -> str:
        ja = TECHNIQUES[self.technique][0]
        return f"{ja}@{self.target}" if self.target else ja


class PirateAbility(A.Action):
    """A pirate ability paid in gold (ss.pirate.one_ability)."""

    kind: str = "pirate"
    ability: str
    target: str | None = None

    def describe(self) -> str:
        ja = PIRATE[self.ability][0]
        return f"{ja}@{self.target}" if self.target else ja


class ChronoAbility(A.Action):
    """A chrono ability paid with one credit (ss.chrono.credit)."""

    kind: str = "chrono"
    ability: str

    def describe(self) -> str:
        return CHRONO[self.ability][0]


# ---------------------------------------------------------------- GM directives
class TaskResult(A.Listed):
    """課題成功@A,B / 課題失敗@C (ss.task)."""

    kind: str = "task_result"
    success: bool

    def describe(self) -> str:
        return ("課題成功@" if self.success else "課題失敗@") + "、".join(self.targets)


class Correct(A.Listed):
    """正解@X: the GM rules a Recruit Chance answer correct (ss.p.chance)."""

    kind: str = "correct"

    def describe(self) -> str:
        return "正解@" + "、".join(self.targets)


class SecretSocietyTransformer(CommandTransformer):
    def _society(self, children: list[Any]) -> str | None:
        names = [c for c in children if isinstance(c, str) and not isinstance(c, Token)]
        return names[0] if names else None

    @v_args(inline=True)
    def invite(self, _kw: Token, target: str) -> A.Action:
        return Invite(target=target)

    def accept(self, children: list[Any]) -> A.Action:
        return Answer(accept=True, society=self._society(children[1:]))

    def refuse(self, children: list[Any]) -> A.Action:
        return Answer(accept=False, society=self._society(children[1:]))

    @v_args(inline=True)
    def apply(self, _kw: Token, society: str) -> A.Action:
        return Apply(society=society)

    @v_args(inline=True)
    def solve(self, _kw: Token, text: Token) -> A.Action:
        return Solve(text=unmark(str(text), self.marked.names).strip())

    def learn(self, children: list[Any]) -> A.Action:
        techs = [c for c in children[1:] if isinstance(c, str) and c in TECHNIQUES]
        return Learn(technique=techs[0] if techs else None)

    @v_args(inline=True)
    def technique(self, tok: Token) -> str:
        return TECHNIQUE_WORDS[str(tok)]

    @v_args(inline=True)
    def kuchiyose(self, _kw: Token, target: str) -> A.Action:
        return Technique(technique="kuchiyose", target=target)

    @v_args(inline=True)
    def kagenui(self, _kw: Token, target: str) -> A.Action:
        return Technique(technique="kagenui", target=target)

    def doton(self, _children: list[Any]) -> A.Action:
        return Technique(technique="doton")

    def kawarimi(self, _children: list[Any]) -> A.Action:
        return Technique(technique="kawarimi")

    def flag(self, _children: list[Any]) -> A.Action:
        return PirateAbility(ability="flag")

    def telescope(self, _children: list[Any]) -> A.Action:
        return PirateAbility(ability="telescope")

    def treasure(self, _children: list[Any]) -> A.Action:
        return PirateAbility(ability="treasure")

    @v_args(inline=True)
    def pistol(self, _kw: Token, target: str) -> A.Action:
        return PirateAbility(ability="pistol", target=target)

    @v_args(inline=True)
    def rope(self, _kw: Token, target: str) -> A.Action:
        return PirateAbility(ability="rope", target=target)

    def timebomb(self, _children: list[Any]) -> A.Action:
        return ChronoAbility(ability="bomb")

    def chronoback(self, _children: list[Any]) -> A.Action:
        return ChronoAbility(ability="back")

    def timepass(self, _children: list[Any]) -> A.Action:
        return ChronoAbility(ability="pass")

    @v_args(inline=True)
    def task_ok(self, _kw: Token, targets: tuple[str, ...]) -> A.Action:
        return TaskResult(targets=targets, success=True)

    @v_args(inline=True)
    def task_ng(self, _kw: Token, targets: tuple[str, ...]) -> A.Action:
        return TaskResult(targets=targets, success=False)

    @v_args(inline=True)
    def correct(self, _kw: Token, targets: tuple[str, ...]) -> A.Action:
        return Correct(targets=targets)

    def vote_time(self, _children: list[Any]) -> A.Action:
        return A.VoteTime()
