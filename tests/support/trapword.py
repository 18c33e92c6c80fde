"""Small Trap Word games written to a temporary folder: two teams (赤: a gives hints, b
answers; 青: c, d), each round's log given as lines; the games the round and rule tests
share."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

from adjudicator.engine import resolve_game
from adjudicator.export import export_game
from tests.support.lint import COPY_KINDS, Check, Texts

HEAD = ["[20:00:00] GM: 秘密@赤 犬", "[20:00:01] GM: 秘密@青 猫"]


BLUE_WINS = ["[20:01:00] GM: 開始@青", "[20:01:05] c: ニャーと鳴く", "[20:01:10] d: 猫"]


def play(*logs: list[str], root: Path | None = None, **options: Any) -> dict[str, Any]:
    """Resolve a game of two teams (赤: a gives hints, b answers; 青: c, d) whose round
    logs are ``logs``; options go to [options] (no curses, the sand golem)."""
    if root is None:  # a folder of its own, removed after (thousands of games a run)
        with tempfile.TemporaryDirectory(prefix="tw-") as tmp:
            return export_game(resolve_game(write_game(Path(tmp), *logs, **options)))
    return export_game(resolve_game(write_game(root, *logs, **options)))


def write_game(root: Path, *logs: list[str], seed: int = 1, **options: Any) -> Path:
    """The game folder ``play`` resolves, written at ``root`` (returned)."""
    opts = {"curses": 0, "monster": "sand_golem", **options}
    lines = []
    for k, val in opts.items():
        if isinstance(val, str):
            lines.append(f'{k} = "{val}"')
        elif isinstance(val, bool):
            lines.append(f"{k} = {'true' if val else 'false'}")
        else:
            lines.append(f"{k} = {val!r}")
    (root / "logs").mkdir(parents=True, exist_ok=True)
    (root / "game.toml").write_text(
        f'variant = "trapword"\nseed = {seed}\ngm = ["GM"]\n[options]\n' + "\n".join(lines) +
        '\n[[teams]]\nname = "赤"\nmembers = ["a", "b"]\nfirst = true\n'
        '[[teams]]\nname = "青"\nmembers = ["c", "d"]\n', encoding="utf-8")
    for n, log in enumerate(logs, 1):
        (root / "logs" / f"round{n}.txt").write_text("\n".join(log) + "\n", encoding="utf-8")
    return root


def events(data: dict[str, Any], kind: str, phase: int = 0) -> list[dict[str, Any]]:
    return [e for e in data["phases"][phase]["events"] if e["kind"] == kind]


def all_events(data: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    """The events of ``kind`` of every phase of an exported game, in order."""
    return [e for p in data["phases"] for e in p["events"] if e["kind"] == kind]


def result(data: dict[str, Any], team: str, phase: int = 0) -> dict[str, Any]:
    return next(e for e in events(data, "turn_result", phase) if e["target"] == team)


def private(data: dict[str, Any], player: str, phase: int = 0) -> list[str]:
    return list(data["phases"][phase]["private"].get(player, []))


def codes(data: dict[str, Any], phase: int = 0) -> list[str]:
    return [d["code"] for d in data["phases"][phase]["diagnostics"]]


def late_call_game() -> dict[str, Any]:
    """A hint, a second hint, then a call in the second hint's window that is still in
    the first hint's window: the first hint's trap springs."""
    return play([*HEAD, "[20:00:02] c: トラップ@散歩", "[20:00:05] GM: 開始@赤",
                 "[20:00:10] a: 散歩が好きな動物", "[20:00:14] a: 毛がふさふさ",
                 "[20:00:17] c: トラップ", *BLUE_WINS])


def answer_then_call_game() -> dict[str, Any]:
    """A right answer and a cheer, then a call 5 s after the hint: the answer is void."""
    return play([*HEAD, "[20:00:02] c: トラップ@散歩", "[20:00:05] GM: 開始@赤",
                 "[20:00:10] a: 散歩が好きな動物", "[20:00:12] b: 犬", "[20:00:13] b: やったー",
                 "[20:00:15] d: トラップ！", *BLUE_WINS])


def gm_after_answer_game() -> dict[str, Any]:
    """トラップ成立 just after a right answer, with no call: it springs, with a warning;
    不正@ just after the other team's right answer: the hint is illegal."""
    return play([*HEAD, "[20:00:02] c: トラップ@散歩、首輪", "[20:00:05] GM: 開始@赤",
                 "[20:00:10] a: 毎朝いっしょに歩く", "[20:00:12] b: 犬",
                 "[20:00:30] GM: トラップ成立", *BLUE_WINS,
                 "[20:01:20] GM: 不正@鳴き声の実演です"])


def silent_timeout_game() -> dict[str, Any]:
    """Two turns with no 開始@: 赤 runs out of time silently; 青's first hint comes
    after 赤's hourglass and contains 青's own secret word: it is judged (illegal)."""
    return play([*HEAD, "[20:00:02] a: トラップ@ひげ", "[20:00:10] a: ワンと鳴く",
                 "[20:00:20] b: ねこ", "[20:00:40] a: 散歩が好き", "[20:02:30] c: 猫の仲間",
                 "[20:02:40] d: 猫"])


def trap_lines_game() -> dict[str, Any]:
    return play([*HEAD, "[20:00:02] c: トラップ@それ、散歩、首輪", "[20:00:05] GM: 開始@赤",
                 "[20:00:10] a: しっぽを振る", "[20:00:12] d: トラップ@しっぽ",
                 "[20:00:14] a: トラップ@ひげ", "[20:00:15] GM: トラップ設定@青 ワン",
                 "[20:00:20] b: 犬", "[20:01:05] c: ひげがある", "[20:01:07] a: トラップ",
                 "[20:01:09] b: トラップ@ニャー"])


def both_win(giver_red: str, answer_red: str, giver_blue: str, answer_blue: str) -> list[str]:
    return ["GM: 秘密@赤 犬", "GM: 秘密@青 猫", f"{giver_red}: 吠える動物",
            f"{answer_red}: 犬", f"{giver_blue}: ニャーと鳴く", f"{answer_blue}: 猫"]


ROUND_BOTH_WIN = both_win("a", "b", "c", "d")


ROUND2_BOTH_WIN = both_win("b", "a", "d", "c")


ROUND2_BOTH_FAIL = ["GM: 秘密@赤 犬", "GM: 秘密@青 猫", "b: 吠える動物", "GM: 時間切れ",
                    "d: ニャーと鳴く", "GM: 時間切れ"]


def fight_fail_game() -> dict[str, Any]:
    return play(ROUND_BOTH_WIN, ROUND2_BOTH_FAIL, tiles=[3, 4])


def untimed_tiebreak_game() -> dict[str, Any]:
    return play(ROUND_BOTH_WIN, ROUND2_BOTH_WIN, tiles=[3, 4], single_winner=True)


#: the fixture game the shared tests take as this game's (the desk's form is filled in
#: from it, the setup problems are made in it): tests/support.form_fixture
FORM_FIXTURE = "trapword-win"

#: a command a player of this game writes (tests/gm/test_replacement.py: the old name's
#: line after a 交代), {name} another player
SEAT_COMMAND = "トラップ@りんご"


# ---------------------------------------------------------------- the shared tests' hooks
#: tests/japanese/test_copy_lint.py: the review's shapes of this game's own (the output
#: kinds, the pattern that must not match, why); the shared shapes that cannot hold here
#: (none)
COPY_SHAPES = [
    (COPY_KINDS, r"トラップ成立(?!@)|反則のヒント", "TW3: 発動 / 不正なヒント"),
    (("report", "explain"), r"にトラップを宣言しました", "TW2: コール"),
    (("post",), r"制限時間\d+秒|その部屋の呪い", "TW6"),
    (("ledger",), r": (none|likely|definite|possible)（", "grades in words"),
]
COPY_SHAPES_EXEMPT: dict[str, str] = {}
#: tests/japanese/test_copy_lint_society_genpei_majora.py: wording of its own that must
#: not come back (none beyond the shared ones)
COPY_WORDS: list[tuple[re.Pattern[str], str]] = []
#: tests/japanese/test_copy_lint_games.py: checks of its own (none beyond the shared ones)
COPY_CHECKS: dict[str, tuple[Check, Texts]] = {}
#: tests/desk/test_desk_guide.py: an edit of the sample's game.toml (old, new) and a
#: sentence of the command sheet before it and after it
GUIDE_SETTING = ("curses = 1", "curses = 2", "呪いのカード：1枚。", "呪いのカード：2枚。")
