"""源平村: vocabulary (roles, factions), the state of a game and evolve()."""

from __future__ import annotations

from typing import Final

from ...models import Event
from ...vocab import RANDOM_NONE_WORDS
from .. import werewolf as ww

# ---------------------------------------------------------------- vocabulary
SIDES: Final[tuple[str, str]] = ("genji", "heike")
FACTION_JA: Final[dict[str, str]] = {"genji": "源氏", "heike": "平氏", "emperor": "帝"}
#: role id -> Japanese name
ROLE_JA: Final[dict[str, str]] = {
    "general": "大将", "body_double": "影武者", "strategist": "参謀", "priest": "住職",
    "farmer": "農民", "emperor": "帝",
}
#: what game.toml may say in ``role`` -> role id
ROLE_WORDS: Final[dict[str, str]] = {**{ja: rid for rid, ja in ROLE_JA.items()},
                                     **{rid: rid for rid in ROLE_JA}}
#: game.toml's words (adjudicator.config.words)
CONFIG_WORDS: Final[dict[str, dict[str, str]]] = {
    "players.faction": {**{f: f for f in FACTION_JA}, **{ja: f for f, ja in FACTION_JA.items()}},
    "players.role": dict(ROLE_WORDS),
    "options.tie": dict(RANDOM_NONE_WORDS),
    "options.body_double": {"immune": "immune", "substitute": "substitute", "無効": "immune",
                            "失敗": "immune", "身代わり": "substitute"},
    "options.first_assassin": {"genji": "genji", "heike": "heike", "源氏": "genji",
                               "平氏": "heike"},
}
#: gp.emperor.invalid: roles a successor can never be established from
INVALID_SUCCESSORS: Final[frozenset[str]] = frozenset({"general", "strategist", "body_double"})
#: gp.castle.complete: the title a completed castle gives its general
TITLE_JA: Final[dict[str, str]] = {"heike": "太政大臣", "genji": "征夷大将軍"}
PROTECT_COST: Final[int] = 4  # gp.faith.protect
OBON_FAITH: Final[int] = 3  # gp.event.obon
KANNAZUKI_AT: Final[int] = 6  # gp.event.kannazuki
ESTABLISH_NIGHTS: Final[int] = 3  # gp.emperor.establish: named night N, established night N+3
MAX_NOMINATIONS: Final[int] = 2  # gp.emperor.nominate


def other(side: str) -> str:
    return "heike" if side == "genji" else "genji"


# ---------------------------------------------------------------- state
class GpPlayer(ww.PlayerState):
    role: str = "farmer"  # general body_double strategist priest farmer emperor
    faction: str = "genji"  # genji heike emperor


class GpState(ww.WerewolfState):
    faith: dict[str, int] = {"genji": 0, "heike": 0}
    castle: dict[str, int] = {"genji": 0, "heike": 0}  # labour so far (gp.p.castle)
    complete: list[str] = []  # sides whose castle is complete
    assassin: str | None = None  # the side holding the right for the next night
    successor: str | None = None  # the last successor named (alive or dead)
    named_night: int | None = None  # the night the last successor was named
    nominations: int = 0  # counted nominations (gp.p.nominate)
    established: bool = False
    obon_due: list[str] = []  # sides whose priest was executed: お盆 next morning
    jisei_due: dict[str, str] | None = None  # executed player's last words not yet quoted
    sides_won: list[str] = []


def members(state: GpState, side: str, alive_only: bool = True) -> list[str]:
    return [n for n, p in state.players.items()
            if p.faction == side and (p.alive or not alive_only)]


def holder(state: GpState, side: str, role: str) -> str | None:
    """The player of ``side`` with ``role`` (one of each per side), alive or dead."""
    return next((n for n, p in state.players.items() if p.faction == side and p.role == role),
                None)


def successor_alive(state: GpState) -> bool:
    s = state.successor
    return s is not None and state.players[s].alive


# ---------------------------------------------------------------- evolve
def evolve(state: GpState, ev: Event) -> GpState:
    """Apply one event to the state (the pure fold of DESIGN.md)."""
    st: GpState = ww.evolve_ww(state, ev)
    k = ev.kind
    if k in ("faith", "protected", "obon") and ev.amount is not None:
        side = ev.data["side"]
        st = st.model_copy(update={"faith": {**st.faith, side: ev.data["after"]}})
        if k == "obon":
            st = st.model_copy(update={"obon_due": [s for s in st.obon_due if s != side]})
    elif k == "labour" and ev.amount is not None:
        side = ev.data["side"]
        st = st.model_copy(update={"castle": {**st.castle, side: ev.data["after"]}})
    elif k == "castle_complete":
        st = st.model_copy(update={"complete": [*st.complete, ev.data["side"]]})
    elif k == "right":
        st = st.model_copy(update={"assassin": ev.data["side"]})
    elif k == "nominated" and ev.target:
        st = st.model_copy(update={"successor": ev.target, "named_night": ev.data["night"],
                                   "nominations": st.nominations + 1})
    elif k == "established":
        st = st.model_copy(update={"established": True})
    elif k == "obon_due":
        st = st.model_copy(update={"obon_due": [*st.obon_due, ev.data["side"]]})
    elif k == "jisei_due":
        st = st.model_copy(update={"jisei_due": {"player": ev.player or "",
                                                 "text": ev.data.get("text") or "",
                                                 "ref": ev.data.get("ref") or ""}})
    elif k == "jisei" and ev.data.get("late"):
        st = st.model_copy(update={"jisei_due": None})
    elif k == "jisei_none":
        st = st.model_copy(update={"jisei_due": None})
    elif k == "result":
        st = st.model_copy(update={"finished": True, "team_won": ev.data["team"],
                                   "sides_won": list(ev.data["sides"]),
                                   "winners": list(ev.data["players"]), "assassin": None})
    return st
