"""Small derby-stock games built inside a test: a 12-player roster and plain logs."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

from adjudicator.engine import Game, resolve_game
from tests import support
from tests.support import FIXTURES
from tests.support.game_toml import Edit, drop, every, opt, setp
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
    ("ds-count", every(drop(11), drop(10)),
     ["名簿：10人います。ダービー＆ストック村は12〜16人で遊びます"]),
    ("ds-role", setp(2, role=None),
     ["名簿の3人目（うた）の役職：書かれていません（村人・人狼・占い師など）"]),
    ("ds-gender", setp(2, gender=None),
     ["名簿の3人目（うた）の性別：書かれていません（男性か女性）"]),
    ("ds-not-used", setp(0, society="ninja"),
     ["名簿の1人目（あきら）の結社：この村では使いません（消してください）"]),
    ("ds-leader", setp(0, leader=True),  # read by 秘密結社村 only
     ["名簿の1人目（あきら）のリーダー：この村では使いません（消してください）"]),
    ("ds-no-wolf", every(setp(0, role="村人"), setp(1, role="村人")),
     ["名簿：人狼がいません（人狼は1人以上必要です）"]),
    ("ds-option", opt(tie="coin", first_bite="yes", colour="red"),
     ["オプションの「tie」：「coin」は使えません（使えるのは 抽選・なし）",
      "オプションの「first_bite」：「yes」は使えません（使えるのは true・false）",
      "オプションの「colour」：この村にないオプションです（使えるのは 「tie」・「no_bite」・"
      "「hunter_repeat」・「first_bite」・「chance_pays_dead」）"]),
    ("ds-role-unknown", setp(2, role="占い"),
     ["名簿の3人目（うた）の役職：「占い」という役職はありません（使えるのは "]),
]

#: tests/japanese/test_gm_texts_ja.py: the command sheet's example of chatter that only uses
#: a command's word (「…」など), in the village's own words
GUIDE_CHATTER = "占いCOします"

#: tests/japanese/test_copy_lint_gm.py: a fixture game and the rows of its report's state
#: block, each fact with its unit (none: the village has no state beyond the roster's)
STATE_BLOCK: tuple[str, list[tuple[str, str]]] = ("derby12", [])

#: tests/japanese/test_rulebook_ja.py: a word of the village's seed that its quote for the
#: vote (ww.vote) holds; empty where the vote is the standard rule, 原文：記載なし
VOTE_QUOTE_WORD = "吊られる"

#: tests/gm/test_deal.py: what the deal gives, counted by the seat's dealt fields: (the
#: number of seats of a new game, or None for the sample with its dealt keys removed,
#: the fields, the count of each value)
DEAL_COMPOSITION: list[tuple[int | None, tuple[str, ...], dict[tuple[Any, ...], int]]] = [
    (None, ("role",), {("人狼",): 3, ("狂人",): 1, ("占い師",): 1, ("霊能者",): 1, ("狩人",): 1,
                       ("共有者",): 2, ("村人",): 7}),
]
#: tests/gm/test_deal.py: seat counts the deal refuses, with what it says
DEAL_REFUSED: list[tuple[int, str]] = [(11, "ダービー＆ストック村の配役は12〜16人で行います（参加者は11人です）")]

#: tests/rules/test_names_by_slot.py: a fixture game, a player of it and a word of the game
#: to rename them after (the game must play the same)
NAMED_AFTER_A_WORD = ("derby12", "さとし", "株")  # 株, the stock of 購入@ and 売却@

#: a command a player of this game writes (tests/gm/test_replacement.py: the old name's
#: line after a 交代), {name} another player
SEAT_COMMAND = "投票@{name}"

#: tests/config/test_validation_ja.py: validation errors reached through the game's own
#: structures, made in ``FORM_FIXTURE``: (file, old text, new text, pydantic's error type,
#: the Japanese the problem must hold); none beyond the ones every game.toml has
VALIDATION_CASES: list[tuple[str, str, str, str, str]] = []
#: tests/gm/test_deal.py: a dealt field and the words the deal writes in it (the sample
#: dealt with seed 3), never the program's English values
DEAL_WORDS: tuple[str, list[str]] | None = ("role", ["人狼", "狂人", "占い師", "霊能者", "狩人", "共有者", "村人"])

#: tests/config/test_japanese_values.py: fixture games written again with the Japanese
#: values (field -> English value -> Japanese) must resolve byte-identically
JAPANESE_VALUES: list[tuple[str, dict[str, dict[str, str]]]] = [("derby12", {"gender": {"male": "男性", "female": "女性"}})]

#: tests/desk/test_form_problems_ja.py: the desk's new-game form filled in wrong (its roster
#: box, its settings' fields ``opt.<key>``, a problem the page must show in Japanese); none
#: beyond the setup problems of tests/config/test_config_problems.py
FORM_PROBLEMS: list[tuple[str, dict[str, str], str]] = []
#: tests/desk/test_form_deal_and_settings.py: a value no control of the form offers (the
#: settings' field, the value, the problem the page must show in Japanese)
FORM_BAD_SETTINGS: list[tuple[str, str, str]] = [
    ("opt.tie", '"coin"', "同票のとき：選べるのは 抽選で1人を処刑・処刑なし です"),
    ("opt.hunter_repeat", "yes", "狩人が2夜続けて同じ人を護衛：選べるのは できる・できない です"),
    ("opt.tie", "[" * 5000, "同票のとき：選べるのは"),
]
