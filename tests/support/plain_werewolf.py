"""Small 普通村 games built inside a test: a 13-player roster (every base role, masons
included) and plain logs."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from adjudicator.engine import Game
from tests import support
from tests.support.game_toml import Edit, drop, every, opt, setp
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
#: tests/japanese/test_copy_lint_words.py: wording of its own that must
#: not come back (none beyond the shared ones)
COPY_WORDS: list[tuple[re.Pattern[str], str]] = []
#: tests/japanese/test_copy_lint_games.py: checks of its own (none beyond the shared ones)
COPY_CHECKS: dict[str, tuple[Check, Texts]] = {}
#: tests/desk/test_desk_guide.py: an edit of the sample's game.toml (old, new) and a
#: sentence of the command sheet before it and after it
GUIDE_SETTING = ('tie = "抽選"', 'tie = "なし"',
                 "同数の人の中から抽選で処刑します", "投票が同数のとき：誰も処刑しません。")


# ---------------------------------------------------------------- setup problems
#: tests/config/test_config_problems.py: (case, an edit of ``FORM_FIXTURE``'s game.toml,
#: what its problems say in Japanese) for each branch of the game's own setup checks
CONFIG_PROBLEMS: list[tuple[str, Edit, list[str]]] = [
    ("pw-count", every(*(drop(i) for i in range(12, 2, -1))),
     ["名簿：3人います。普通村は4人以上で遊びます"]),
    ("pw-role", setp(2, role=None),
     ["名簿の3人目（うた）の役職：書かれていません（村人・人狼・占い師など）"]),
    ("pw-not-used", setp(2, gender="male"),
     ["名簿の3人目（うた）の性別：この村では使いません（消してください）"]),
    ("pw-leader", setp(0, leader=True),
     ["名簿の1人目（あきら）のリーダー：この村では使いません（消してください）"]),
    ("pw-no-wolf", every(setp(0, role="村人"), setp(1, role="村人")),
     ["名簿：人狼がいません（人狼は1人以上必要です）"]),
    ("pw-wolves", every(*(setp(i, role="人狼") for i in range(2, 8))),
     ["名簿：人狼が8人で、人狼以外（5人）と同数以上です（始まる前に人狼陣営の勝利になります）"]),
    ("pw-role-unknown", setp(2, role="占い"),
     ["名簿の3人目（うた）の役職：「占い」という役職はありません（使えるのは "]),
    ("pw-option", opt(tie="coin", first_bite="yes", colour="red"),
     ["オプションの「tie」：「coin」は使えません（使えるのは 抽選・なし）",
      "オプションの「first_bite」：「yes」は使えません（使えるのは true・false）",
      "オプションの「colour」：この村にないオプションです（使えるのは 「tie」・「no_bite」・"
      "「hunter_repeat」・「first_bite」）"]),
]

#: tests/japanese/test_gm_texts_ja.py: the command sheet's example of chatter that only uses
#: a command's word (「…」など), in the village's own words
GUIDE_CHATTER = "占いCOします"

#: tests/japanese/test_copy_lint_gm.py: a fixture game and the rows of its report's state
#: block, each fact with its unit (none: the village has no state beyond the roster's)
STATE_BLOCK: tuple[str, list[tuple[str, str]]] = ("plain-werewolf-masons", [])

#: tests/japanese/test_rulebook_ja.py: a word of the village's seed that its quote for the
#: vote (ww.vote) holds; empty where the vote is the standard rule, 原文：記載なし
#: (no seed of its own: the base werewolf rules)
VOTE_QUOTE_WORD = ""

#: tests/gm/test_deal.py: what the deal gives, counted by the seat's dealt fields: (the
#: number of seats of a new game, or None for the sample with its dealt keys removed,
#: the fields, the count of each value)
DEAL_COMPOSITION: list[tuple[int | None, tuple[str, ...], dict[tuple[Any, ...], int]]] = [
    (None, ("role",), {("人狼",): 2, ("狂人",): 1, ("占い師",): 1, ("霊能者",): 1, ("狩人",): 1,
                       ("村人",): 3}),
    (13, ("role",), {("人狼",): 2, ("狂人",): 1, ("占い師",): 1, ("霊能者",): 1, ("狩人",): 1,
                     ("共有者",): 2, ("村人",): 5}),
    (16, ("role",), {("人狼",): 3, ("狂人",): 1, ("占い師",): 1, ("霊能者",): 1, ("狩人",): 1,
                     ("共有者",): 2, ("村人",): 7}),
]
#: tests/gm/test_deal.py: seat counts the deal refuses, with what it says
DEAL_REFUSED: list[tuple[int, str]] = [(8, "普通村の配役は9〜16人で行います（参加者は8人です）"),
                 (17, "普通村の配役は9〜16人で行います（参加者は17人です）")]

#: tests/rules/test_names_by_slot.py: a fixture game, a player of it and a word of the game
#: to rename them after (the game must play the same)
NAMED_AFTER_A_WORD = ("plain-werewolf-masons", "かな", "人狼")  # the role 人狼

#: a command a player of this game writes (tests/gm/test_replacement.py: the old name's
#: line after a 交代), {name} another player
SEAT_COMMAND = "投票@{name}"

#: tests/config/test_validation_ja.py: validation errors reached through the game's own
#: structures, made in ``FORM_FIXTURE``: (file, old text, new text, pydantic's error type,
#: the Japanese the problem must hold); none beyond the ones every game.toml has
VALIDATION_CASES: list[tuple[str, str, str, str, str]] = []
#: tests/gm/test_deal.py: a dealt field and the words the deal writes in it (the sample
#: dealt with seed 3), never the program's English values
DEAL_WORDS: tuple[str, list[str]] | None = ("role", ["人狼", "狂人", "占い師", "霊能者", "狩人", "村人"])

#: tests/config/test_japanese_values.py: fixture games written again with the Japanese
#: values (field -> English value -> Japanese) must resolve byte-identically
#: (its roles are written in Japanese already: only 「tie」 is translated)
JAPANESE_VALUES: list[tuple[str, dict[str, dict[str, str]]]] = [("plain-werewolf-masons", {})]

#: tests/desk/test_form_problems_ja.py: the desk's new-game form filled in wrong (its roster
#: box, its settings' fields ``opt.<key>``, a problem the page must show in Japanese)
FORM_PROBLEMS: list[tuple[str, dict[str, str], str]] = [
    ("あ, 占い\nい, 人狼\nう, 村人\nえ, 村人", {},
     "名簿の1人目（あ）の役職：「占い」という役職はありません（使えるのは 人狼・"),
    ("あ, 人狼\nい, 村人", {}, "名簿：2人います。普通村は4人以上で遊びます"),
]
#: tests/desk/test_form_deal_and_settings.py: a value no control of the form offers (the
#: settings' field, the value, the problem the page must show in Japanese)
FORM_BAD_SETTINGS: list[tuple[str, str, str]] = [
    ("opt.tie", '"coin"', "同票のとき：選べるのは 抽選で1人を処刑・処刑なし です"),
    ("opt.first_bite", "yes", "1日目の夜の噛み：選べるのは "),
]
