"""トラップワード: the players' and the GM's actions and the Lark transformer
(grammars/trapword.lark)."""

from __future__ import annotations

from typing import Any

from ... import actions as A
from ...parser import CommandTransformer, Token, unmark, v_args

SEPARATORS = ("、", ",", "，", " ", "\u3000")


# ---------------------------------------------------------------- actions
class SetTraps(A.Action):
    kind: str = "set_traps"
    words: tuple[str, ...]
    team: str | None = None  # the GM's トラップ設定@チーム: the team that sets them
    #: words of the line rejected on their own (tw.trap.pos): (word, Japanese reason)
    dropped: tuple[tuple[str, str], ...] = ()

    def describe(self) -> str:
        head = f"トラップ設定@{self.team} " if self.team else "トラップ@"
        return head + "、".join(self.words)


class Call(A.Action):
    kind: str = "call"

    def describe(self) -> str:
        return "トラップ"


class Say(A.Action):
    """A member's line that is not a command: a hint or an answer (decided by the turn)."""

    kind: str = "say"
    role: str  # hint | answer
    text: str

    def describe(self) -> str:
        return f"{'ヒント' if self.role == 'hint' else '回答'}「{self.text}」"


class Secret(A.Action):
    kind: str = "secret"
    team: str
    word: str

    def describe(self) -> str:
        return f"秘密@{self.team}"  # the word itself stays in the ledger only


class TurnStart(A.Action):
    kind: str = "turn_start"
    team: str

    def describe(self) -> str:
        return f"開始@{self.team}"


class Marker(A.Action):
    """時間切れ / トラップ成立[@単語] / トラップ不成立 / 不正@理由."""

    kind: str
    text: str = ""

    def describe(self) -> str:
        if self.kind == "trap_yes" and self.text:
            return f"トラップ成立@{self.text}"
        words = {"time_up": "時間切れ", "trap_yes": "トラップ成立", "trap_no": "トラップ不成立"}
        return words.get(self.kind, f"不正@{self.text}")


class Winner(A.Action):
    """勝者@チーム: the GM settles a tie-break the log's times cannot (tw.tiebreak)."""

    kind: str = "winner"
    team: str

    def describe(self) -> str:
        return f"勝者@{self.team}"


def _split(text: str) -> tuple[str, ...]:
    for sep in SEPARATORS[1:]:
        text = text.replace(sep, SEPARATORS[0])
    return tuple(w for w in (p.strip() for p in text.split(SEPARATORS[0])) if w)


class TrapTransformer(CommandTransformer):
    def FREE(self, tok: Token) -> str:  # noqa: N802
        return unmark(str(tok), self.marked.names).strip()

    @v_args(inline=True)
    def trap_set(self, _kw: Token, words: str) -> A.Action:
        return SetTraps(words=_split(words))

    def call(self, _children: list[Any]) -> A.Action:
        return Call()

    @v_args(inline=True)
    def secret(self, _kw: Token, team: str, word: str) -> A.Action:
        return Secret(team=team, word=word)

    @v_args(inline=True)
    def turn_start(self, _kw: Token, team: str) -> A.Action:
        return TurnStart(team=team)

    def time_up(self, _c: list[Any]) -> A.Action:
        return Marker(kind="time_up")

    def trap_yes(self, children: list[Any]) -> A.Action:
        return Marker(kind="trap_yes", text=children[1] if len(children) > 1 else "")

    @v_args(inline=True)
    def winner(self, _kw: Token, team: str) -> A.Action:
        return Winner(team=team)

    def trap_no(self, _c: list[Any]) -> A.Action:
        return Marker(kind="trap_no")

    def foul(self, children: list[Any]) -> A.Action:
        return Marker(kind="foul", text=children[1] if len(children) > 1 else "")

    @v_args(inline=True)
    def trap_list(self, _kw: Token, team: str, words: str) -> A.Action:
        return SetTraps(words=_split(words), team=team)
