"""Helpers for the 秘密結社村 tests: the fixture's 18-player setup, single phases run
from command text, and states with memberships, gold or credits forced."""

from __future__ import annotations

from typing import Any

from adjudicator.config.load import load_config
from adjudicator.games.base import Candidate, Emitter, PhaseInput
from adjudicator.games.secret_society import SecretSociety
from adjudicator.games.secret_society.state import SsState
from adjudicator.models import Event, LineRecord
from adjudicator.rng import PhaseRng
from adjudicator.roster import Roster
from tests.support import FIXTURES

CFG = load_config(FIXTURES / "secret-society-main" / "game.toml")
#: the fixture roster: ninja はやて(L) かすみ, pirates ドレイク(L, alias 船長) アン,
#: chrono クロエ(L) トキオ, secret ミスト(L), unaffiliated あおい いつき うみ えま おと
#: かな きら くう けい こう さら
NAMES = [p.name for p in CFG.players]


def variant(seed: int | None = None) -> SecretSociety:
    cfg = CFG if seed is None else CFG.model_copy(update={"seed": seed})
    return SecretSociety(cfg)


def start(v: SecretSociety | None = None) -> SsState:
    return (v or variant()).initial_state()


def edit(st: SsState, **players: dict[str, Any]) -> SsState:
    """``st`` with some players' fields replaced: edit(st, アン={"gold": 3})."""
    ps = dict(st.players)
    for name, update in players.items():
        ps[name] = ps[name].model_copy(update=update)
    return st.model_copy(update={"players": ps})


def roster(v: SecretSociety) -> Roster:
    return Roster(v.roster_entries(), extra={"GM": "GM", **v.extra_targets})


def lines_to_candidates(v: SecretSociety, st: SsState, phase: str,
                        lines: list[tuple[str, str]]
                        ) -> tuple[list[Candidate], list[Candidate], list[tuple[str, str]],
                                   list[LineRecord]]:
    """Read ``(speaker, text)`` lines with the engine's reader (``GM`` lines are the GM's:
    directives, 投票時間; a later valid command in a slot replaces the earlier one).
    Returns (actions, directives, rejected (speaker, code), line records)."""
    from pathlib import Path

    from adjudicator.chatlog import ChatLine
    from adjudicator.classify import PhaseReader
    from adjudicator.engine import Game

    chat = [ChatLine(source=f"logs/{phase}.txt", lineno=i, speaker=speaker, text=text,
                     raw=f"{speaker}: {text}") for i, (speaker, text) in enumerate(lines, 1)]
    reader = PhaseReader(Game(root=Path("."), cfg=v.cfg, variant=v), roster(v), st, phase)
    reader.read(chat, json_like=True)  # every line on the general path
    rejected = [(next(c.speaker for c in chat if f"{c.source}:{c.lineno}" == ref), code)
                for ref, _actor, code, _rule, _why in reader.rejections
                if code != "superseded"]
    return reader.accepted(), reader.directives, rejected, list(reader.records)


def run(v: SecretSociety, st: SsState, phase: str, lines: list[tuple[str, str]]
        ) -> tuple[Emitter[SsState], list[tuple[str, str]]]:
    """Resolve one phase from its lines; returns the emitter and the rejected lines."""
    actions, directives, rejected, records = lines_to_candidates(v, st, phase, lines)
    em: Emitter[SsState] = Emitter(state=st, evolve=v.evolve,
                                   rng=PhaseRng(v.cfg.seed, phase), phase=phase)
    v.resolve(em, PhaseInput(id=phase, actions=actions, directives=directives,
                             extra_logs={}, lines=records))
    return em, rejected


def kinds(em: Emitter[SsState]) -> list[str]:
    return [e.kind for e in em.events]


def of(em: Emitter[SsState], kind: str) -> list[Event]:
    return [e for e in em.events if e.kind == kind]


ALL_JUDGED = ("GM", "課題成功@はやて、かすみ、ドレイク、アン、クロエ、トキオ")
