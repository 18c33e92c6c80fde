"""トラップワード: the state of a game (teams, rooms, monster, curses) and evolve()."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from ...models import Event
from . import deck as D

ROUNDS = 8
DEFAULTS: dict[str, Any] = {
    "tiles": [3, 4, 5, 6, 7], "advanced": False, "curses": 2, "hourglass_seconds": 120,
    "call_window_seconds": 10, "answer_limit": 5, "answer_by_reading": True,
    "trap_mode": "call", "strict_proper_nouns": False, "single_winner": False,
    "words": [], "synonyms": {}, "deck": None, "monster": None,
}


# ---------------------------------------------------------------- state
class TwPlayer(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str
    team: str
    alive: bool = True


class TeamState(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str
    members: list[str]
    first: bool = False
    room: int = 1
    torch: int = 0  # index of the member giving hints

    @property
    def giver(self) -> str:
        return self.members[self.torch % len(self.members)]


class CurseState(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    card: str
    room: int
    revealed: bool = False


class TwState(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    players: dict[str, TwPlayer]
    teams: dict[str, TeamState]
    tiles: list[int]
    monster: str | None = None
    monster_room: int = 5
    curses: list[CurseState] = []
    round: int = 0
    used_words: list[str] = []
    finished: bool = False
    winners: list[str] = []
    winning_teams: list[str] = []

    def other(self, team: str) -> str:
        return next(t for t in self.teams if t != team)


def card_rules(state: TwState, d: D.Deck, team: str) -> D.Rules:
    """The cards in force for ``team`` this round: curses in its room (tw.curse), the
    monster when it starts in the monster's room (tw.monster.fight)."""
    room = state.teams[team].room
    cards = [d.card(c.card) for c in state.curses if c.room == room]
    if state.monster and room == state.monster_room:
        cards.append(d.card(state.monster))
    return D.combine(cards)


def time_seconds(text: str | None) -> float | None:
    if not text:
        return None
    parts = text.split(":")
    try:
        h, m, s = int(parts[0]), int(parts[1]), int(parts[2]) if len(parts) > 2 else 0
    except (ValueError, IndexError):
        return None
    return float(h * 3600 + m * 60 + s)


def evolve(state: TwState, ev: Event) -> TwState:
    """Apply one event to the state (the pure fold of DESIGN.md)."""
    k = ev.kind
    if k == "monster_placed":
        return state.model_copy(update={"monster": ev.target, "monster_room": ev.amount})
    if k == "curse_placed" and ev.target and ev.amount:
        return state.model_copy(update={"curses": [
            *state.curses, CurseState(card=ev.target, room=ev.amount)]})
    if k == "curse_revealed":
        return state.model_copy(update={"curses": [
            c.model_copy(update={"revealed": True}) if c.card == ev.target else c
            for c in state.curses]})
    if k == "curse_moved":
        return state.model_copy(update={"curses": [
            c.model_copy(update={"room": ev.amount}) if c.card == ev.target else c
            for c in state.curses]})
    if k == "curse_discarded":
        return state.model_copy(update={"curses": [
            c for c in state.curses if c.card != ev.target]})
    if k == "monster_moved":
        return state.model_copy(update={"monster_room": ev.amount})
    if k in ("advanced", "torch_passed") and ev.target:
        key = "room" if k == "advanced" else "torch"
        team = state.teams[ev.target].model_copy(update={key: ev.amount})
        return state.model_copy(update={"teams": {**state.teams, ev.target: team}})
    if k == "secret_set" and ev.data.get("word"):
        return state.model_copy(update={"used_words": [*state.used_words,
                                                       ev.data["word"]]})
    if k == "round_ended":
        return state.model_copy(update={"round": ev.amount})
    if k == "game_over":
        return state.model_copy(update={
            "finished": True, "winning_teams": list(ev.data["teams"]),
            "winners": [m for t in ev.data["teams"] for m in state.teams[t].members]})
    return state
