"""ムジュラの仮面村: the day declarations and the Lark transformer (grammars/majora.lark).

The text after "@" is kept as written (names unmarked): which item, riddle, lock or
player it names is decided by the rules against the scenario and the roster.
"""

from __future__ import annotations

import re

from ... import actions as A
from ...errors import CommandSyntaxError
from ...parser import CommandTransformer, Token, unmark, v_args

#: the arrow between an item and its target: 使用@カギ→扉 (also ->, ⇒, ＞ after NFKC: >)
ARROW = re.compile(r"\s*(?:→|->|⇒|=>|>)\s*")


class Use(A.Action):
    """``使用@アイテム`` or ``使用@アイテム→対象`` (mj.declare)."""

    kind: str = "use"
    item: str
    target: str | None = None

    def describe(self) -> str:
        return f"使用@{self.item}" + (f"→{self.target}" if self.target else "")


class Ability(A.Action):
    """``能力@`` or ``能力@対象`` (mj.declare)."""

    kind: str = "ability"
    target: str | None = None

    def describe(self) -> str:
        return f"能力@{self.target or ''}"


class Give(A.Action):
    """``渡す@アイテム→X`` (mj.declare)."""

    kind: str = "give"
    item: str
    target: str

    def describe(self) -> str:
        return f"渡す@{self.item}→{self.target}"


class Answer(A.Action):
    """``回答@ID 答え`` (mj.riddle)."""

    kind: str = "answer"
    riddle: str
    answer: str

    def describe(self) -> str:
        return f"回答@{self.riddle} {self.answer}"


def split_arrow(text: str) -> tuple[str, str | None]:
    parts = ARROW.split(text.strip(), maxsplit=1)
    if len(parts) == 1:
        return parts[0].strip(), None
    return parts[0].strip(), parts[1].strip() or None


class MajoraTransformer(CommandTransformer):
    def _free(self, tok: Token) -> str:
        return unmark(str(tok), self.marked.names).strip()

    @v_args(inline=True)
    def use(self, _kw: Token, free: Token) -> A.Action:
        item, target = split_arrow(self._free(free))
        if not item:
            raise CommandSyntaxError(f"no item in {str(free)!r}",
                                     "使用@アイテム または 使用@アイテム→対象 の形で書いてください")
        return Use(item=item, target=target)

    def ability(self, children: list[Token]) -> A.Action:
        text = self._free(children[1]) if len(children) > 1 else ""
        return Ability(target=text.lstrip("→>").strip() or None)

    @v_args(inline=True)
    def give(self, _kw: Token, free: Token) -> A.Action:
        item, target = split_arrow(self._free(free))
        if not item or not target:
            raise CommandSyntaxError(f"give needs item→player: {str(free)!r}",
                                     "渡す@アイテム→渡す相手 の形で書いてください（例: 渡す@カギ→たろう）")
        return Give(item=item, target=target)

    @v_args(inline=True)
    def answer(self, _kw: Token, free: Token) -> A.Action:
        parts = self._free(free).split(None, 1)
        if len(parts) < 2:
            raise CommandSyntaxError(f"answer needs an id and an answer: {str(free)!r}",
                                     "回答@謎のID 答え の形で書いてください（例: 回答@謎1 とけい）")
        return Answer(riddle=parts[0], answer=parts[1].strip())
