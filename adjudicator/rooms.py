"""Where a chat message was written (input.thread): the village, a 1:1 chat between one
player and the GM, or a group with its members.  A value every layer shares: the chat
readers set it on each message (``chatlog.ChatLine.thread``), the engine names it
(``adjudicator.threads``), the views keep a player to the chats they are in."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Thread:
    """Where a message was written (input.thread): ``kind`` is ``village`` (everyone
    reads it), ``private`` (a 1:1 chat between ``player`` and the GM) or ``group``
    (``members`` and the GM: the wolves' room, a society's room; ``group`` names it).
    ``name`` is the chat's name as its export gives it (「たろう」 of 「たろうとのトーク履歴」,
    a channel's name; ``""`` for the one log of a phase that came as a single chat)."""

    name: str = ""
    kind: str = "village"  # "village" | "private" | "group"
    player: str | None = None
    members: tuple[str, ...] = ()
    group: str = ""  # a group's room: 「人狼」 (the wolves'), or a name of [threads.groups]

    @property
    def is_village(self) -> bool:
        return self.kind == "village"

    def reads(self, player: str) -> bool:
        """Whether ``player`` can read this thread (the GM reads every thread)."""
        return (self.kind == "village" or self.player == player
                or (self.kind == "group" and player in self.members))

    def ja(self) -> str:
        """The thread as the GM names it: 「村」, 「たろうさんとの個別チャット」, 「人狼部屋」."""
        if self.kind == "private":
            return f"{self.player or self.name}さんとの個別チャット"
        if self.kind == "group":
            return f"グループ「{self.name}」"
        return f"村のチャット「{self.name}」" if self.name else "村のチャット"


#: the thread of a phase that came as one chat: the village
VILLAGE = Thread()

__all__ = ["VILLAGE", "Thread"]
