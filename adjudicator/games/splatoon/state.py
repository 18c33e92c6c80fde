"""Splatoon！！村: vocabulary (weapons, colours), the state of a game and evolve()."""

from __future__ import annotations

from typing import Final

from ...models import Event
from ...vocab import RANDOM_NONE_WORDS
from .. import werewolf as ww

# ---------------------------------------------------------------- vocabulary
#: weapon id -> (Japanese name, colour damage per target, number of targets, rule id)
WEAPONS: Final[dict[str, tuple[str, int, int, str]]] = {
    "shooter": ("シューター", 2, 1, "sp.weapon.shooter"),
    "roller": ("ローラー", 1, 3, "sp.weapon.roller"),
    "charger": ("チャージャー", 3, 1, "sp.weapon.charger"),
    "bomb": ("ボム", 1, 1, "sp.weapon.bomb"),
    "sensor": ("スーパーセンサー", 0, 0, "sp.special.sensor"),
    "tornado": ("トルネード", 2, 3, "sp.special.tornado"),
    "supershot": ("スーパーショット", 5, 1, "sp.special.supershot"),
}
SPECIALS: Final[tuple[str, ...]] = ("sensor", "tornado", "supershot")
#: what game.toml may say in ``weapon`` (and ``special``) -> weapon id ("special": drawn)
WEAPON_WORDS: Final[dict[str, str]] = {
    **{ja: wid for wid, (ja, *_rest) in WEAPONS.items()},
    **{wid: wid for wid in WEAPONS},
    "スペシャル": "special",
    "special": "special",
}
#: game.toml's words (adjudicator.config.words): colours as the seed writes them
CONFIG_WORDS: Final[dict[str, dict[str, str]]] = {
    "players.colour": {"orange": "orange", "purple": "purple", "オレンジ": "orange",
                       "おれんじ": "orange", "橙": "orange", "橙色": "orange",
                       "ムラサキ": "purple", "むらさき": "purple", "紫": "purple",
                       "紫色": "purple", "パープル": "purple"},
    "players.weapon": dict(WEAPON_WORDS),
    "options.tie": dict(RANDOM_NONE_WORDS),
}
COLOURS: Final[dict[int, str]] = {1: "orange", -1: "purple"}
COLOUR_JA: Final[dict[str, str]] = {"orange": "オレンジ", "purple": "ムラサキ"}
BOMBS: Final[int] = 3
SPLASH_MOVE: Final[int] = 3
SPLASH_POINTS: Final[int] = 5
JUDGE_NIGHTS: Final[tuple[str, ...]] = ("night1", "night3")  # mornings of day2 and day4
FINAL_NIGHT: Final[str] = "night6"  # its morning is day 7
GAUGE_MIN, GAUGE_MAX = -3, 3


def sign(n: int) -> int:
    return (n > 0) - (n < 0)


def colour_of(gauge: int) -> str | None:
    """sp.gauge: +1…+3 orange, −1…−3 purple, 0 colourless (None)."""
    return COLOURS.get(sign(gauge))


def gauge_ja(gauge: int) -> str:
    if gauge == 0:
        return "0（無色）"
    return f"{COLOUR_JA[COLOURS[sign(gauge)]]}{abs(gauge)}"


def clamp(n: int) -> int:
    return max(GAUGE_MIN, min(GAUGE_MAX, n))


# ---------------------------------------------------------------- state
class SpPlayer(ww.PlayerState):
    role: str = "squid"
    gauge: int = 0
    weapon: str = "shooter"  # shooter roller charger bomb special
    special: str | None = None  # sensor tornado supershot (weapon == "special")
    special_used: bool = False
    revealed: bool = True  # knows its weapon (colourless squids learn it on first colour)
    locked: int | None = None  # gauge locked into permanent points at execution

    @property
    def arms(self) -> str:
        """The weapon id it fires (a special's own id)."""
        return (self.special or "special") if self.weapon == "special" else self.weapon


class SpState(ww.WerewolfState):
    permanent: dict[str, int] = {"orange": 0, "purple": 0}
    bombs_left: int = BOMBS
    muted: list[str] = []  # splashed last night: silent in this day's discussion


def points(state: SpState) -> dict[str, int]:
    """sp.points: living squids' gauges of a colour plus that colour's permanent points."""
    out = dict(state.permanent)
    for p in state.players.values():
        if p.alive and p.gauge:
            c = COLOURS[sign(p.gauge)]
            out[c] = out.get(c, 0) + abs(p.gauge)
    return {"orange": out.get("orange", 0), "purple": out.get("purple", 0)}


def weapon_ja(p: SpPlayer) -> str:
    if p.weapon == "special":
        return f"スペシャル武器「{WEAPONS[p.special][0]}」" if p.special else "スペシャル武器"
    return WEAPONS[p.weapon][0]


# ------------------------------------------------------------ state
def evolve(state: SpState, ev: Event) -> SpState:
    """Apply one event to the state (the pure fold of DESIGN.md)."""
    st: SpState = ww.evolve_ww(state, ev)
    k, who = ev.kind, ev.player
    if k == "special_assigned" and who:
        st = ww.with_player(st, who, special=ev.data["weapon"])
    elif k == "gauge" and who and ev.amount is not None:
        st = ww.with_player(st, who, gauge=ev.amount)
    elif k == "splash" and who and ev.amount is not None:
        c = ev.data["colour"]
        st = st.model_copy(update={
            "permanent": {**st.permanent, c: st.permanent[c] + ev.amount},
            "muted": [*st.muted, who]})
    elif k == "bomb_used":
        st = st.model_copy(update={"bombs_left": int(ev.data["left"])})
    elif k == "special_spent" and who:
        st = ww.with_player(st, who, special_used=True)
    elif k == "weapon_revealed" and who:
        st = ww.with_player(st, who, revealed=True)
    elif k == "gauge_locked" and who:
        c = ev.data["colour"]
        if c is not None:
            st = st.model_copy(update={
                "permanent": {**st.permanent, c: st.permanent[c] + int(ev.data["added"])}})
        st = ww.with_player(st, who, locked=ev.amount)
    elif k == "unmuted":
        st = st.model_copy(update={"muted": []})
    elif k == "result":
        st = st.model_copy(update={"finished": True, "team_won": ev.data["team"],
                                   "winners": list(ev.data["players"])})
    return st
