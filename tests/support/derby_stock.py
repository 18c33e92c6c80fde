"""Small derby-stock games built inside a test: a 12-player roster and plain logs."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

from adjudicator.engine import Game, resolve_game
from tests import support
from tests.support import FIXTURES
from tests.support.lint import COPY_KINDS, Check, Texts

ROSTER = [  # name, gender, role
    ("たろう", "male", "人狼"), ("じろう", "male", "人狼"), ("はなこ", "female", "狂人"),
    ("さくら", "female", "占い師"), ("けんた", "male", "霊能者"), ("みか", "female", "狩人"),
    ("ゆう", "male", "共有者"), ("あい", "female", "共有者"), ("しん", "male", "村人"),
    ("なお", "female", "村人"), ("りく", "male", "村人"), ("めい", "female", "村人"),
]


def write_game(root: Path, logs: dict[str, str], options: dict[str, Any] | None = None,
               roster: list[tuple[str, str, str]] | None = None, seed: int = 1) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    lines = ['variant = "derby-stock"', f"seed = {seed}", 'gm = ["GM"]', "[options]"]
    for k, v in (options or {}).items():
        lines.append(f"{k} = {v!r}".replace("True", "true").replace("False", "false")
                     if isinstance(v, bool) else f'{k} = "{v}"')
    for name, gender, role in roster or ROSTER:
        lines += ["[[players]]", f'name = "{name}"', f'gender = "{gender}"', f'role = "{role}"']
    (root / "game.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (root / "logs").mkdir(exist_ok=True)
    for phase, text in logs.items():
        body = "\n".join(line.strip() for line in text.strip().splitlines()) + "\n"
        (root / "logs" / f"{phase}.txt").write_text(body, encoding="utf-8")
    return root


def play(tmp_path: Path, logs: dict[str, str], **kw: Any) -> Game:
    return resolve_game(write_game(tmp_path / "game", logs, **kw))


#: the shared helpers, as this module's (tests.support)
phase = support.phase
record = support.record


def events(game: Game, phase: str | None = None, kind: str | None = None) -> list[Any]:
    return [e for p in game.phases if phase in (None, p.id) for e in p.events
            if kind in (None, e.kind)]


ALL_VOTE_SHIN = "\n".join(f"{n}: 投票@しん" for n, _g, _r in ROSTER if n != "しん") + \
    "\nしん: 投票@たろう"


def alive_after(*dead: str) -> list[str]:
    """The roster's names but ``dead``, in roster order."""
    return [n for n, _g, _r in ROSTER if n not in dead]


def wolves_win_logs() -> dict[str, str]:
    """Four days and nights: each day hangs one of the village, each night the wolves
    bite another; after night 4 the wolves are as many as the rest and win."""
    executed = ["さくら", "はなこ", "りく", "ゆう"]
    bitten = ["しん", "なお", "めい", "あい"]
    logs: dict[str, str] = {}
    dead: list[str] = []
    for day, (ex, bite) in enumerate(zip(executed, bitten, strict=True), 1):
        logs[f"day{day}"] = day_votes(ex, alive_after(*dead))
        logs[f"night{day}"] = f"たろう: 噛み@{bite}"
        dead += [ex, bite]
    return logs


def day_votes(target: str, alive: list[str] | None = None) -> str:
    names = alive or [n for n, _g, _r in ROSTER]
    other = next(n for n in names if n != target)
    return "\n".join(f"{n}: 投票@{target if n != target else other}" for n in names)


def derby16_night1(tmp_path: Path, night1: str) -> Path:
    """The derby16 fixture's setup and day 1 with ``night1`` as night 1's log, written at
    ``tmp_path / "g"`` (replacing what was there)."""
    g = tmp_path / "g"
    shutil.rmtree(g, ignore_errors=True)
    (g / "logs").mkdir(parents=True)
    shutil.copy(FIXTURES / "derby16" / "game.toml", g / "game.toml")
    shutil.copy(FIXTURES / "derby16" / "logs" / "day1.txt", g / "logs" / "day1.txt")
    (g / "logs" / "night1.txt").write_text(night1, encoding="utf-8")
    return g


#: the fixture game the shared tests take as this game's (the desk's form is filled in
#: from it, the setup problems are made in it): tests/support.form_fixture
FORM_FIXTURE = "derby12"


# ---------------------------------------------------------------- the shared tests' hooks
#: tests/japanese/test_copy_lint.py: the review's shapes of this village's own (the
#: output kinds, the pattern that must not match, why); the shared shapes that cannot hold
#: here (none)
COPY_SHAPES = [
    (COPY_KINDS, r"いま最も多い所持金", "D7: 現在の最高所持金"),
    (("post",), r"昨晩は誰も死亡しませんでした", "D14: 犠牲者はいませんでした"),
    (("notice",), r"ダービー予想：(失敗|無効)。", "D1, D2: no 失敗/無効 label"),
    (("notice",), r"今夜は株数の指定がなかった", "D3: a morning notice"),
]
COPY_SHAPES_EXEMPT: dict[str, str] = {}
#: tests/japanese/test_copy_lint_society_genpei_majora.py: wording of its own that must
#: not come back (none beyond the shared ones)
COPY_WORDS: list[tuple[re.Pattern[str], str]] = []
#: tests/japanese/test_copy_lint_games.py: checks of its own (none beyond the shared ones)
COPY_CHECKS: dict[str, tuple[Check, Texts]] = {}
#: tests/desk/test_desk_guide.py: an edit of the sample's game.toml (old, new) and a
#: sentence of the command sheet before it and after it
GUIDE_SETTING = ('tie = "抽選"', 'tie = "なし"',
                 "同数の人の中から抽選で処刑します", "投票が同数のとき：誰も処刑しません。")
