"""普通村: the state of a game and evolve(), the one function that changes it (the base
werewolf state, and the winners when the game ends)."""

# No ``from __future__ import annotations`` here: pydantic would evaluate each model
# field's annotation string as the models are defined at every start.

from ...models import Event
from .. import werewolf as ww


class PwPlayer(ww.PlayerState):
    pass


class PwState(ww.WerewolfState):
    pass


def evolve(state: PwState, ev: Event) -> PwState:
    """Apply one event to the state (the pure fold of DESIGN.md)."""
    st: PwState = ww.evolve_ww(state, ev)
    if ev.kind == "winners":
        st = st.model_copy(update={"winners": list(ev.data["players"])})
    return st
