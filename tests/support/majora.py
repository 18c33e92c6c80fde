"""Helpers for the ムジュラの仮面村 tests: the sample setup written to a folder with
logs, played phase by phase (masks are dealt at random, so a test reads who wears what
from the state before writing the next log)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from adjudicator.engine import Game, resolve_game
from adjudicator.games.majora.state import MjState
from adjudicator.models import Event, LineRecord
from tests.support import ROOT

SAMPLE = ROOT / "samples" / "majora"
NAMES = ["あかね", "いぶき", "うしお", "えま", "おとは", "かける", "きりや", "くおん", "けいた",
         "こはる", "さつき", "しのぶ"]
MOON = "けいた"
INSTRUMENT_MASKS = ("デクナッツの仮面", "ゴロンの仮面", "ゾーラの仮面")


def write_game(root: Path, logs: dict[str, str], edits: tuple[tuple[str, str], ...] = (),
               seed: int = 12) -> Path:
    """The sample game (its scenario changed by ``edits``: (old, new) text pairs)."""
    root.mkdir(parents=True, exist_ok=True)
    text = (SAMPLE / "game.toml").read_text("utf-8").replace("seed = 12", f"seed = {seed}")
    (root / "game.toml").write_text(text, "utf-8")
    sc = (SAMPLE / "scenario.toml").read_text("utf-8")
    for old, new in edits:
        assert old in sc, old
        sc = sc.replace(old, new)
    (root / "scenario.toml").write_text(sc, "utf-8")
    if (root / "logs").exists():
        shutil.rmtree(root / "logs")
    (root / "logs").mkdir()
    for phase, body in logs.items():
        (root / "logs" / f"{phase}.txt").write_text(body + "\n", "utf-8")
    return root


def play(root: Path, logs: dict[str, str], **kw: Any) -> Game:
    return resolve_game(write_game(root, logs, **kw))


def lines(*pairs: tuple[str, str]) -> str:
    return "\n".join(f"{who}: {text}" for who, text in pairs)


def state(game: Game, phase: str) -> MjState:
    i = [p.id for p in game.phases].index(phase)
    return game.states[i]  # type: ignore[no-any-return]


def wearer(st: MjState, *masks: str) -> str:
    """The (first) player wearing one of ``masks``."""
    return next(n for n, p in st.players.items() if p.mask in masks)


def not_wearing(st: MjState, *masks: str) -> list[str]:
    return [n for n, p in st.players.items() if p.mask not in masks and p.alive]


def events(game: Game, phase: str, kind: str | None = None) -> list[Event]:
    ph = next(p for p in game.phases if p.id == phase)
    return [e for e in ph.events if kind is None or e.kind == kind]


def record(game: Game, ref: str) -> LineRecord:
    for ph in game.phases:
        for r in ph.lines:
            if r.ref == ref:
                return r
    raise KeyError(ref)


def post(game: Game, phase: str) -> str:
    return next(p for p in game.phases if p.id == phase).public_post


def private(game: Game, phase: str, name: str) -> list[str]:
    return next(p for p in game.phases if p.id == phase).private.get(name, [])


#: the fixture game the shared tests take as this game's (the desk's form is filled in
#: from it, the setup problems are made in it): tests/support.form_fixture
FORM_FIXTURE = "majora-win"
