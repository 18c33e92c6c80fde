"""Helpers for the 秘密結社村 tests: the fixture's 18-player setup, single phases run
from command text, and states with memberships, gold or credits forced."""

from __future__ import annotations

from typing import Any

from adjudicator.config.load import load_config
from adjudicator.errors import CommandError
from adjudicator.games.base import Candidate, Emitter, PhaseInput
from adjudicator.games.secret_society import SecretSociety
from adjudicator.games.secret_society.state import SsState
from adjudicator.models import Event, LineRecord
from adjudicator.parser import parse_command
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
    """Parse and validate ``(speaker, text)`` lines as the engine does (``GM`` lines are
    directives); the last valid command in a slot replaces the earlier one.
    Returns (actions, directives, rejected (speaker, code), line records)."""
    r = roster(v)
    held: dict[tuple[str, str], Candidate] = {}
    loose: list[Candidate] = []
    directives: list[Candidate] = []
    rejected: list[tuple[str, str]] = []
    records: list[LineRecord] = []
    for i, (speaker, text) in enumerate(lines, 1):
        ref = f"logs/{phase}.txt:{i}"
        records.append(LineRecord(ref=ref, speaker=speaker, text=text, disposition="gm"
                                  if speaker == "GM" else "accepted"))
        try:
            if speaker == "GM":
                try:
                    action = parse_command(text, r, "secret-society", gm=True,
                                           transformer=v.transformer)
                except CommandError:
                    continue  # GM talk (投票時間です)
                action = v.validate_directive(st, phase, action)
                directives.append(Candidate(ref=ref, actor="GM", action=action, order=i))
                continue
            action = parse_command(text, r, "secret-society", transformer=v.transformer)
            action = v.validate(st, phase, speaker, action, {})
        except CommandError as e:
            rejected.append((speaker, getattr(e, "code", "")))
            records[-1].disposition, records[-1].code = "rejected", getattr(e, "code", None)
            continue
        cand = Candidate(ref=ref, actor=speaker, action=action, order=i)
        slot = v.slot(action, speaker)
        if slot is None:
            loose.append(cand)
        else:
            held[(slot[0], slot[1])] = cand
    actions = sorted([*held.values(), *loose], key=lambda c: c.order)
    return actions, directives, rejected, records


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


#: the fixture game the shared tests take as this game's (the desk's form is filled in
#: from it, the setup problems are made in it): tests/support.form_fixture
FORM_FIXTURE = "secret-society-main"
