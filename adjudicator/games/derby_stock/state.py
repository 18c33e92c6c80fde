"""ダービー＆ストック村: the state of a game and evolve(), the one function that changes it."""

# No ``from __future__ import annotations`` here: pydantic would evaluate each model
# field's annotation string (a compile and an eval apiece) as the models are defined at
# every start; written as objects they cost nothing (about 5 M instructions a derby run
# over these modules).

from pydantic import BaseModel, ConfigDict

from ...models import Event
from ...vocab import STOCK_LEVELS
from .. import werewolf as ww

START_CASH = 100_000

# ---------------------------------------------------------------- state
class Holding(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    of: str
    shares: int


class PendingBet(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    ref: str
    bettor: str
    target: str  # player name, or "male" / "female"
    amount: int


class DsPlayer(ww.PlayerState):
    gender: str = "male"
    cash: int = START_CASH
    stock: Holding | None = None
    chance_target: str | None = None
    chance_hit: bool = False
    final_money: int | None = None


class DsState(ww.WerewolfState):
    levels: dict[str, int]  # player -> index into STOCK_LEVELS
    bets: list[PendingBet] = []
    moves: dict[str, list[str]] = {}  # cheer_up, cheer_down, activity_up, activity_down


MONEY_KINDS = ("bet_placed", "bet_won", "bet_void", "shares_bought", "shares_sold")


def price(state: DsState, issuer: str) -> int:
    return STOCK_LEVELS[state.levels[issuer]][2]


def level_ja(state: DsState, issuer: str) -> str:
    return STOCK_LEVELS[state.levels[issuer]][1]


def gender_odds10(state: DsState, gender: str) -> int:
    """ds.derby.payout.gender: clamp(A/G, 2, 4) rounded down to one decimal, times ten."""
    alive = ww.living(state)
    of_gender = [n for n in alive if state.players[n].gender == gender]
    if not of_gender:
        return 0
    return max(20, min(40, len(alive) * 10 // len(of_gender)))


def evolve(state: DsState, ev: Event) -> DsState:
    """Apply one event to the state (the pure fold of DESIGN.md)."""
    st: DsState = ww.evolve_ww(state, ev)
    k = ev.kind
    if k in MONEY_KINDS and ev.player and ev.amount is not None:
        p = st.players[ev.player]
        st = ww.with_player(st, ev.player, cash=p.cash + ev.amount)
    if k == "shares_bought" and ev.player and ev.target:
        have = st.players[ev.player].stock
        n = (have.shares if have else 0) + int(ev.data["shares"])
        st = ww.with_player(st, ev.player, stock=Holding(of=ev.target, shares=n))
    elif k in ("shares_sold", "shares_void") and ev.player:
        st = ww.with_player(st, ev.player, stock=None)
    elif k == "bet_placed" and ev.player and ev.target and ev.amount is not None:
        bet = PendingBet(ref=ev.cause, bettor=ev.player, target=ev.target,
                         amount=-ev.amount)
        st = st.model_copy(update={"bets": [*st.bets, bet]})
    elif k in ("bet_won", "bet_lost", "bet_void"):
        st = st.model_copy(update={"bets": [b for b in st.bets if b.ref != ev.cause]})
    elif k == "stock_level" and ev.target:
        st = st.model_copy(update={"levels": {**st.levels, ev.target: ev.data["index"]}})
    elif k == "move_noted":
        st = st.model_copy(update={"moves": {**st.moves, ev.data["key"]: ev.data["players"]}})
    elif k == "moves_used":
        st = st.model_copy(update={"moves": {}})
    elif k == "chance_entry" and ev.player:
        st = ww.with_player(st, ev.player, chance_target=ev.target,
                            chance_hit=bool(ev.data["hit"]))
    elif k == "final_money" and ev.player:
        st = ww.with_player(st, ev.player, final_money=ev.amount)
    elif k == "winners":
        st = st.model_copy(update={"winners": list(ev.data["players"])})
    return st
