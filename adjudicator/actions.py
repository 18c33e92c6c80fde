"""Typed actions: what a chat line means once parsed (frozen pydantic models)."""

# No ``from __future__ import annotations`` here: pydantic would evaluate each model
# field's annotation string (a compile and an eval apiece) as the models are defined at
# every start; written as objects they cost nothing (about 5 M instructions a derby run
# over these modules).

from pydantic import BaseModel, ConfigDict


class Action(BaseModel):
    # defer_build: most action types never occur in a given game; building every
    # validator at import cost a tenth of a small game's resolve time
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    kind: str = "action"

    def describe(self) -> str:
        """Short Japanese rendering, for notices and the ledger."""
        return self.kind


class Targeted(Action):
    target: str


class Vote(Targeted):
    kind: str = "vote"

    def describe(self) -> str:
        return f"投票@{self.target}"


class Bite(Targeted):
    kind: str = "bite"

    def describe(self) -> str:
        return f"噛み@{self.target}"


class Divine(Targeted):
    kind: str = "divine"

    def describe(self) -> str:
        return f"占い@{self.target}"


class Guard(Targeted):
    kind: str = "guard"

    def describe(self) -> str:
        return f"護衛@{self.target}"


class FollowUp(Action):
    """A bare share count (`5株`, `5`) following a price inquiry."""

    kind: str = "follow_up"
    shares: int

    def describe(self) -> str:
        return f"{self.shares}株"


# ---- GM directives ----
class Listed(Action):
    targets: tuple[str, ...]


class Activity(Listed):
    kind: str = "activity"

    def describe(self) -> str:
        return "活躍@" + "、".join(self.targets)


class NoActivity(Listed):
    kind: str = "no_activity"

    def describe(self) -> str:
        return "活躍なし@" + "、".join(self.targets)


class Cheer(Listed):
    kind: str = "cheer"

    def describe(self) -> str:
        return "声援@" + "、".join(self.targets)


class NoCheer(Listed):
    kind: str = "no_cheer"

    def describe(self) -> str:
        return "声援なし@" + "、".join(self.targets)


class Deadline(Action):
    kind: str = "deadline"

    def describe(self) -> str:
        return "締め切り"


class VoteTime(Action):
    """The GM opens the vote: 投票時間です (秘密結社村, ss.p.vote_time); read by the reader
    (``gm_words.is_vote_time``) in a village whose grammar has the word."""

    kind: str = "vote_time"

    def describe(self) -> str:
        return VOTE_TIME_WORD


VOTE_TIME_WORD = "投票時間"


class Proxy(Action):
    kind: str = "proxy"
    player: str
    action: Action

    def describe(self) -> str:
        return f"代理@{self.player} {self.action.describe()}"


class Replace(Action):
    """交代@旧名→新名 (代役): ``new`` takes over ``seat`` from this phase on."""

    kind: str = "replace"
    seat: str
    new: str

    def describe(self) -> str:
        return f"交代@{self.seat}→{self.new}"


class GmCommand(Action):
    """A GM line holding a player command without 代理@: rejected with a hint."""

    kind: str = "gm_command"
    action: Action
