"""Helpers for the ムジュラの仮面村 tests: the sample setup written to a folder with
logs, played phase by phase (masks are dealt at random, so a test reads who wears what
from the state before writing the next log)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

from adjudicator.engine import Game, resolve_game
from adjudicator.games.majora.state import MjState
from adjudicator.models import Event, LineRecord
from tests.support import ROOT
from tests.support.lint import Check, Texts
from tests.support.lint import lines as text_lines

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


# ---------------------------------------------------------------- the shared tests' hooks
#: tests/japanese/test_copy_lint.py: the review's shapes of this village's own (none);
#: the shared shapes that cannot hold here (none)
COPY_SHAPES: list[tuple[tuple[str, ...], str, str]] = []
COPY_SHAPES_EXEMPT: dict[str, str] = {}
#: tests/japanese/test_copy_lint_society_genpei_majora.py: wording of its own that must
#: not come back in its outputs and explain
COPY_WORDS = [
    (re.compile(r"【\d+周目 \d+日目】"), "the broken moon-fall header"),
    (re.compile(r"「カギ」というアイテムはありません"), "the seed's own item refused"),
    (re.compile(r"月の役は"), "月の正体"),
]


def mj_explain_wording(t: Texts) -> list[str]:
    """MJ10: 「月です（正体は隠されています）」, 「最初から「…」を持っています」, and a death
    by the scenario never 「シナリオの出来事で死亡」."""
    bad_shape = re.compile(r"月（正体は隠されています）です|が最初に「[^」]+」を持ちます|シナリオの出来事で")
    return [f"{k}: {x}" for k, x in text_lines(t.everything()) if bad_shape.search(x)]


def mj_item_texts_polite(t: Texts) -> list[str]:
    """MJ9: an item's description, quoted after 「：」 in a post, notice or explain, is in
    です/ます (not 「条件が整うと使える。使うと砕け散る。」), and a sentence never ends
    before its parenthesis (「…持っています。（説明は公開されていません）」)."""
    bad = []
    for k, x in text_lines(t.everything()):
        m = re.search(r"「[^」]+」(?:（[^）]*）)?(?:を手に入れました)?：(.+)$", x)
        if m and re.search(r"(?<![まし])[るいけ]。", m.group(1)):
            bad.append(f"{k}: {x}")
        if "。（説明は公開されていません）" in x:
            bad.append(f"{k}: {x}")
    return bad


#: tests/japanese/test_copy_lint_games.py: point -> (check, the old wording it replaced)
COPY_CHECKS: dict[str, tuple[Check, Texts]] = {
    "MJ9": (mj_item_texts_polite,
            Texts("majora", {"day2/public.txt": "・「巨人の剣」（さつきさんが入手）：巨人を呼ぶ道具の"
                             "ひとつ。条件が整うと使える。使うと砕け散る。"}, {}, frozenset())),
    "MJ10": (mj_explain_wording,
             Texts("majora", {}, {"けいた": "  ・あなたは月（正体は隠されています）です。\n"
                                         "  ・けいたさんがシナリオの出来事で死亡しました。"},
                   frozenset())),
}

#: tests/desk/test_desk_guide.py: an edit of the sample's game.toml (old, new) and a
#: sentence of the command sheet before it and after it (the village has no setting the
#: sheet states: a player's name, which its examples use)
GUIDE_SETTING = ('name = "あかね"', 'name = "あかり"', "能力@あかね", "能力@あかり")
