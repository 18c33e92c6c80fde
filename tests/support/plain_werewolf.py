"""Small 普通村 games built inside a test: a 13-player roster (every base role, masons
included) and plain logs."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from adjudicator.engine import Game
from tests import support
from tests.support.lint import Check, Texts

ROSTER = [  # name, role
    ("たろう", "人狼"), ("じろう", "人狼"), ("はなこ", "狂人"), ("さくら", "占い師"),
    ("けんた", "霊能者"), ("みか", "狩人"), ("ゆう", "共有者"), ("あい", "共有者"),
    ("しん", "村人"), ("なお", "村人"), ("りく", "村人"), ("めい", "村人"), ("そら", "村人"),
]
NAMES = [n for n, _r in ROSTER]


def write_game(root: Path, logs: dict[str, str], options: dict[str, Any] | None = None,
               roster: list[tuple[str, str]] | None = None, seed: int = 1) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    lines = ['variant = "plain-werewolf"', f"seed = {seed}", 'gm = ["GM"]', "[options]"]
    for k, v in (options or {}).items():
        lines.append(f"{k} = {str(v).lower()}" if isinstance(v, bool) else f'{k} = "{v}"')
    for name, role in roster or ROSTER:
        lines += ["[[players]]", f'name = "{name}"', f'role = "{role}"']
    (root / "game.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (root / "logs").mkdir(exist_ok=True)
    for phase, text in logs.items():
        body = "\n".join(line.strip() for line in text.strip().splitlines()) + "\n"
        (root / "logs" / f"{phase}.txt").write_text(body, encoding="utf-8")
    return root


def play(tmp_path: Path, logs: dict[str, str], **kw: Any) -> Game:
    return support.played(write_game, tmp_path, logs, **kw)  # type: ignore[no-any-return]


#: the shared helpers, as this module's (tests.support)
phase = support.phase
record = support.record


def events(game: Game, kind: str) -> list[Any]:
    return [e for p in game.phases for e in p.events if e.kind == kind]


def day_votes(target: str, alive: list[str] | None = None) -> str:
    """Every living player votes ``target`` (``target`` votes the first other one)."""
    names = alive or NAMES
    other = next(n for n in names if n != target)
    return "\n".join(f"{n}: 投票@{target if n != target else other}" for n in names)


def alive_after(*dead: str) -> list[str]:
    return [n for n in NAMES if n not in dead]


#: the fixture game the shared tests take as this game's (the desk's form is filled in
#: from it, the setup problems are made in it): tests/support.form_fixture
FORM_FIXTURE = "plain-werewolf-masons"


# ---------------------------------------------------------------- the shared tests' hooks
#: tests/japanese/test_copy_lint.py: the review's shapes of this village's own (none);
#: the shared shapes that cannot hold here (none)
COPY_SHAPES: list[tuple[tuple[str, ...], str, str]] = []
COPY_SHAPES_EXEMPT: dict[str, str] = {}
#: tests/japanese/test_copy_lint_society_genpei_majora.py: wording of its own that must
#: not come back (none beyond the shared ones)
COPY_WORDS: list[tuple[re.Pattern[str], str]] = []
#: tests/japanese/test_copy_lint_games.py: checks of its own (none beyond the shared ones)
COPY_CHECKS: dict[str, tuple[Check, Texts]] = {}
#: tests/desk/test_desk_guide.py: an edit of the sample's game.toml (old, new) and a
#: sentence of the command sheet before it and after it
GUIDE_SETTING = ('tie = "random"', 'tie = "none"',
                 "同数の人の中から抽選で処刑します", "投票が同数のとき：誰も処刑しません。")
