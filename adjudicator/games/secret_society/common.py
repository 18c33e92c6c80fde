"""秘密結社村: what the day and the night share: the game's fixed setup read once from
game.toml (:class:`SsSetup`), and the free functions over the emitter that both resolve
with (a rejection found while resolving, deaths and leader succession, joining a
society, the end of the game).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...config.load import GameConfig
from ...errors import IllegalActionError
from ...normalize import gm_key, name_key, nfkc
from ..base import Candidate, Emitter
from .state import MAIN, SOCIETIES, SsState, leader_of, members

DEFAULT_OPTIONS: dict[str, Any] = {"tie": "random"}


@dataclass(frozen=True)
class SsSetup:
    """What resolution reads of game.toml: the options, the Recruit Chance question
    and its accepted answers, the GM's names, each player's aliases."""

    options: dict[str, Any] = field(default_factory=lambda: dict(DEFAULT_OPTIONS))
    question: str | None = None
    answers: frozenset[str] = frozenset()
    gm_keys: frozenset[str] = frozenset()
    aliases: dict[str, list[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, cfg: GameConfig) -> SsSetup:
        chance = cfg.recruit_chance
        return cls(
            options={**DEFAULT_OPTIONS, **cfg.options},
            question=chance.question if chance else None,
            answers=frozenset(answer_key(a) for a in chance.answers) if chance else frozenset(),
            gm_keys=frozenset(gm_key(g) for g in cfg.gm),
            aliases={p.name: [nfkc(a) for a in p.aliases] for p in cfg.players})


def illegal(message: str, reason: str, code: str, rule: str) -> IllegalActionError:
    return IllegalActionError(message, reason, code=code, rule=rule)


def answer_key(text: str) -> str:
    return name_key(nfkc(text)).strip("。.!！")


def reject(em: Emitter[SsState], cand: Candidate, code: str, rule: str, message: str,
           reason: str) -> None:
    """A line found invalid while resolving (``Emitter.refuse``): the line shows 却下,
    the player is told, the GM warned (as a line-time rejection would)."""
    em.refuse(cand.ref, rule, reason, code=code, message=message, player=cand.actor,
              to=cand.actor)


def ensure_leaders(em: Emitter[SsState], cause: str, rule: str) -> None:
    """ss.leader.succession / ss.p.succession: every society with living members is
    led by its earliest-joined living member; only the new leader is told."""
    for s in SOCIETIES:
        alive = members(em.state, s)
        if alive and leader_of(em.state, s) != alive[0]:
            em.emit("leader", rule, cause, "player", to=alive[0], player=alive[0],
                    target=s)


def die(em: Emitter[SsState], name: str, how: str, rule: str, cause: str) -> None:
    if not em.state.players[name].alive:
        return
    em.emit("death", rule, cause, "public", player=name, how=how)
    ensure_leaders(em, cause, "ss.leader.succession")


def join(em: Emitter[SsState], name: str, society: str, how: str, rule: str,
         cause: str, by: str | None = None) -> bool:
    """Join ``society`` (ss.betrayal: from another society, or after 破門, makes a
    traitor).  Returns whether it was a betrayal."""
    p = em.state.players[name]
    betrayal = (p.society is not None and p.society != society) or (
        p.society is None and p.excommunicated)
    # the joiner's own event: the secret leader stays anonymous (ss.recruit.secret)
    em.emit("join", rule, cause, "player", to=name, player=name, society=society,
            seq=em.state.join_seq + 1, betrayal=betrayal, how=how, left=p.society,
            by=None if society == "secret" else by)
    ensure_leaders(em, cause, "ss.p.succession")
    if betrayal:
        em.emit("betrayal", "ss.betrayal", cause, "gm", player=name, society=society,
                left=p.society)
    return betrayal


def check_end(em: Emitter[SsState]) -> bool:
    """ss.win.main / ss.win.secret / ss.win.membership."""
    st = em.state
    standing = [s for s in MAIN if members(st, s)]
    if len(standing) > 1:
        return False
    team = standing[0] if standing else "none"
    winners = [n for n, p in st.players.items()
               if (p.society == team) or (p.society == "secret" and p.alive)]
    em.emit("team_win", "ss.win.main", f"phase:{em.phase}", "public", team=team,
            standing=standing)
    secret = [n for n in winners if st.players[n].society == "secret"]
    em.emit("winners", "ss.win.secret" if secret else "ss.win.membership",
            f"phase:{em.phase}", "public", players=winners, secret=secret, team=team)
    return True
