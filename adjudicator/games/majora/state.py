"""ムジュラの仮面村: the state of a game and evolve().

What a rewind (mj.instrument) keeps: every item where it is (held, used up or broken,
mj.items.keep), the broken giant items (mj.giants) and the instrument's uses left.
Everything else goes back to the start of day 1: the day, the masks (dealt again), the
dead (revived), riddles solved and locks opened, abilities used.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from ...models import Event
from .. import werewolf as ww
from .scenario import INSTRUMENT_USES

ROLE_JA = {"villager": "仮面の村人", "moon": "月"}
ROLE_WORDS = {"仮面の村人": "villager", "村人": "villager", "villager": "villager",
              "月": "moon", "moon": "moon"}

#: game.toml's words (adjudicator.config.words)
CONFIG_WORDS = {"players.role": dict(ROLE_WORDS)}


class MjPlayer(ww.PlayerState):
    role: str = "villager"  # villager | moon
    mask: str | None = None


class ItemState(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    holder: str | None = None
    status: Literal["hidden", "held", "used", "broken"] = "hidden"


class MjState(ww.WerewolfState):
    loop: int = 1  # the cycle (周目), 1-4
    day: int = 1  # the day of the cycle, 1-3 (4: the moon fell)
    instrument_uses_left: int = INSTRUMENT_USES
    items: dict[str, ItemState] = {}
    giants_used: list[str] = []
    solved: list[str] = []  # riddle ids solved in this cycle
    opened: list[str] = []  # lock ids opened in this cycle
    ability_uses: dict[str, int] = {}  # player -> abilities used in this cycle
    rewound: bool = False  # the instrument played today: the next morning is day 1
    found_today: dict[str, str | None] = {}  # item -> who found it, since the last morning
    died_today: list[str] = []
    result: Literal["giants", "moon"] | None = None


def held_by(state: MjState, name: str) -> list[str]:
    return [i for i, s in state.items.items() if s.status == "held" and s.holder == name]


def _item(state: MjState, name: str, **update: object) -> MjState:
    items = dict(state.items)
    items[name] = items[name].model_copy(update=update)
    return state.model_copy(update={"items": items})


def evolve(state: MjState, ev: Event) -> MjState:
    """Apply one event to the state (the pure fold of DESIGN.md)."""
    st: MjState = ww.evolve_ww(state, ev)
    k, who = ev.kind, ev.player
    if k == "death" and who:
        st = st.model_copy(update={"died_today": [*st.died_today, who]})
    elif k == "mask" and who:
        st = ww.with_player(st, who, mask=ev.data["mask"])
    elif k == "item_found" and ev.target:
        st = _item(st, ev.target, holder=who, status="held")
        st = st.model_copy(update={"found_today": {**st.found_today, ev.target: who}})
    elif k == "item_start" and ev.target:
        st = _item(st, ev.target, holder=who, status="held")
    elif k == "item_passed" and ev.target:
        st = _item(st, ev.target, holder=who)
    elif k == "item_used_up" and ev.target:
        st = _item(st, ev.target, holder=None, status="used")
    elif k == "giant_broken" and ev.target:
        st = _item(st, ev.target, holder=None, status="broken")
        st = st.model_copy(update={"giants_used": [*st.giants_used, ev.target]})
    elif k == "riddle_solved" and ev.target:
        st = st.model_copy(update={"solved": [*st.solved, ev.target]})
    elif k == "lock_opened" and ev.target:
        st = st.model_copy(update={"opened": [*st.opened, ev.target]})
    elif k == "ability_used" and who:
        st = st.model_copy(update={"ability_uses": {**st.ability_uses,
                                                    who: st.ability_uses.get(who, 0) + 1}})
    elif k == "instrument_played":
        st = st.model_copy(update={"instrument_uses_left": int(ev.data["left"])})
    elif k == "rewind":
        players = {n: p.model_copy(update={"alive": True, "died": None, "mask": None})
                   for n, p in st.players.items()}
        st = st.model_copy(update={
            "players": players, "loop": st.loop + 1, "day": 1, "solved": [], "opened": [],
            "ability_uses": {}, "rewound": True, "died_today": [], "found_today": {}})
    elif k == "morning":
        st = st.model_copy(update={"day": int(ev.data["day"]), "rewound": False,
                                   "found_today": {}, "died_today": []})
    elif k == "moon_fell":
        st = st.model_copy(update={"day": 4, "finished": True, "team_won": "moon",
                                   "result": "moon", "winners": list(ev.data["winners"])})
    elif k == "giants_called":
        st = st.model_copy(update={"finished": True, "team_won": "village",
                                   "result": "giants", "winners": list(ev.data["winners"])})
    return st
