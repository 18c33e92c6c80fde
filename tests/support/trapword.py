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
from tests.support.game_toml import Edit, Raw, opt
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
#: tests/japanese/test_copy_lint_words.py: wording of its own that must
#: not come back (none beyond the shared ones)
COPY_WORDS: list[tuple[re.Pattern[str], str]] = []
#: tests/japanese/test_copy_lint_games.py: checks of its own (none beyond the shared ones)
COPY_CHECKS: dict[str, tuple[Check, Texts]] = {}
#: tests/desk/test_desk_guide.py: an edit of the sample's game.toml (old, new) and a
#: sentence of the command sheet before it and after it
GUIDE_SETTING = ("curses = 1", "curses = 2", "呪いのカード：1枚。", "呪いのカード：2枚。")


# ---------------------------------------------------------------- setup problems
#: tests/config/test_config_problems.py: (case, an edit of ``FORM_FIXTURE``'s game.toml,
#: what its problems say in Japanese) for each branch of the game's own setup checks
def _team(**team: Any) -> Edit:
    """Set the keys of the second team."""
    def do(raw: Raw) -> None:
        raw["teams"][1].update(team)
    return do


CONFIG_PROBLEMS: list[tuple[str, Edit, list[str]]] = [
    ("tw-teams", lambda raw: raw["teams"].pop(),
     ["チーム：1チームあります。トラップワードはちょうど2チームで遊びます"]),
    ("tw-first", _team(first=True),
     ["チーム：先攻（first = true）のチームが2つ以上あります（先攻は1チームだけ）"]),
    ("tw-member-twice", _team(members=["たろう", "けんた"]),
     ["2つ目のチーム（青）のメンバー：「たろう」はもうチーム「赤」にいます"]),
    ("tw-one-member", _team(members=["けんた"]),
     ["2つ目のチーム（青）のメンバー：ヒントを出す人と答える人が必要です（2人以上）"]),
    ("tw-same-name", _team(name="赤"), ["チーム：2つのチームが同じ名前です"]),
    ("tw-mode", opt(trap_mode="fast", advanced="yes", pace=1),
     ["オプションの「trap_mode」：「fast」は使えません（使えるのは コール・自動）",
      "オプションの「advanced」：「yes」は使えません（使えるのは true・false）",
      "オプションの「pace」：この村にないオプションです"]),
    ("tw-ints", opt(curses=-1, hourglass_seconds=0),
     ["オプションの「curses」：「-1」は使えません（0以上の整数で書いてください）",
      "オプションの「hourglass_seconds」：「0」は使えません（1以上の整数で書いてください）"]),
    ("tw-tiles", opt(tiles=[3]),
     ["オプションの「tiles」：部屋の番号を [3, 4, 5, 6, 7] のように2つ以上並べてください"]),
    ("tw-words", opt(words=["", "りんご"]),
     ["オプションの「words」：秘密の言葉を"]),
    ("tw-synonyms", opt(synonyms={"科学": "SF"}),
     ['オプションの「synonyms」：{ "科学" = ["SF"] } のような表で書いてください']),
    ("tw-monster", opt(monster="dragon"),
     ["オプションの「monster」：「dragon」はデッキのモンスターにいません（使えるのは "]),
    ("tw-deck", opt(deck="big"),
     ["オプションの「deck」：[options.deck] の表に"]),
]

#: tests/japanese/test_gm_texts_ja.py: the command sheet's example of chatter that only uses
#: a command's word (「…」など), in the village's own words; none: a turn's every line
#: is a hint, an answer or a call, so the sheet has no such sentence
GUIDE_CHATTER = ""

#: tests/japanese/test_copy_lint_gm.py: a fixture game and the rows of its report's state
#: block, each fact with its unit
STATE_BLOCK: tuple[str, list[tuple[str, str]]] = ("trapword-win", [
    ("最後の位置", "赤チーム 部屋3／青チーム 部屋2"), ("モンスター", "砂喰いゴーレム（部屋3）"),
    ("ラウンド", "第4ラウンドで終了"), ("勝利", "赤チーム")])

#: tests/japanese/test_rulebook_ja.py: a word of the village's seed that its quote for the
#: vote (ww.vote) holds; empty where the vote is the standard rule, 原文：記載なし
#: (a game without a vote)
VOTE_QUOTE_WORD = ""

#: tests/gm/test_deal.py: what the deal gives, counted by the seat's dealt fields: (the
#: number of seats of a new game, or None for the sample with its dealt keys removed,
#: the fields, the count of each value); none: nothing is dealt (no sealed field)
DEAL_COMPOSITION: list[tuple[int | None, tuple[str, ...], dict[tuple[Any, ...], int]]] = []
#: tests/gm/test_deal.py: seat counts the deal refuses, with what it says (none: nothing is dealt)
DEAL_REFUSED: list[tuple[int, str]] = []

#: tests/rules/test_names_by_slot.py: a fixture game, a player of it and a word of the game
#: to rename them after (the game must play the same)
NAMED_AFTER_A_WORD = ("trapword-win", "たろう", "赤")  # the team 赤

#: tests/config/test_validation_ja.py: validation errors reached through the game's own
#: structures, made in ``FORM_FIXTURE``: (file, old text, new text, pydantic's error type,
#: the Japanese the problem must hold)
VALIDATION_CASES: list[tuple[str, str, str, str, str]] = [
    ("game.toml", 'members = ["さくら", "けんた", "みゆき"]', "members = []",
     "too_short", "チームの2つ目のメンバー：1つ以上書いてください"),
    ("game.toml", 'name = "青"', 'name = ""', "string_too_short",
     "チームの2つ目の名前：空にはできません"),
    ("game.toml", 'monster = "sand_golem"',
     '[options.deck]\nname = "d"\n[[options.deck.monsters]]\nid = "m"\nname = "ま"\n'
     'effects = [{ kind = "hourglass", factor = -1, n = "two" }]\n', "greater_than",
     "オプションの「deck」のモンスターの1枚目の効果の1つ目の倍率：「-1」は使えません（0より大きい数"),
    ("game.toml", 'monster = "sand_golem"',
     '[options.deck]\nname = "d"\n[[options.deck.monsters]]\nid = "m"\nname = "ま"\n'
     'effects = [{ kind = "hourglass", n = "two" }]\n', "int_parsing",
     "オプションの「deck」のモンスターの1枚目の効果の1つ目の数：「two」ではなく整数"),
]
#: tests/gm/test_deal.py: a dealt field and the words the deal writes in it (the sample
#: dealt with seed 3), never the program's English values; none: nothing is dealt
DEAL_WORDS: tuple[str, list[str]] | None = None

#: tests/config/test_japanese_values.py: fixture games written again with the Japanese
#: values (field -> English value -> Japanese) must resolve byte-identically
#: (none: it has no [[players]] values, and no tie)
JAPANESE_VALUES: list[tuple[str, dict[str, dict[str, str]]]] = []

#: tests/desk/test_form_problems_ja.py: the desk's new-game form filled in wrong (its roster
#: box, its settings' fields ``opt.<key>``, a problem the page must show in Japanese)
FORM_PROBLEMS: list[tuple[str, dict[str, str], str]] = [
    ("赤: あ, い\n青: う, え", {"opt.tiles": "3、0"},
     "部屋の番号（その部屋のトラップワードの数。2つ以上を「、」で区切って）：「3、0」は使えません"),
    ("赤: あ, い\n青: う, え", {"opt.trap_mode": '"call"'},
     "トラップの発動：選べるのは コールがあったときだけ・確実な一致はコールなしでも です"),
]
#: tests/desk/test_form_deal_and_settings.py: a value no control of the form offers (the
#: settings' field, the value, the problem the page must show in Japanese)
FORM_BAD_SETTINGS: list[tuple[str, str, str]] = [
    ("opt.tiles", "3", "部屋の番号"),
    ("opt.monster", '"ドラゴン"', "モンスターカード：選べるのは 抽選・砂喰いゴーレム"),
    ("opt.synonyms", "科学", "「科学」は「科学=サイエンス/SF」の形ではありません"),
    ("opt.curses", "-1", "呪いカードの枚数：「-1」は使えません（0以上の整数"),
]
