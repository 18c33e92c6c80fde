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
from tests.support.game_toml import Edit, drop, opt, player, setp, who
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
#: tests/japanese/test_copy_lint_words.py: wording of its own that must
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


# ---------------------------------------------------------------- setup problems
#: tests/config/test_config_problems.py: (case, an edit of ``FORM_FIXTURE``'s game.toml,
#: what its problems say in Japanese) for each branch of the game's own setup checks
CONFIG_PROBLEMS: list[tuple[str, Edit, list[str]]] = [
    ("mj-count", drop(11),
     ["名簿：11人います。ムジュラの仮面村は仮面の村人11人と月1人の12人で遊びます"]),
    ("mj-moons", lambda raw: player(raw, who(raw, role="月")[0]).update(role="仮面の村人"),
     ["名簿：月はちょうど1人です（いま0人。月の人は役職に「月」と書きます）"]),
    ("mj-not-used", setp(0, faction="genji"),
     ["名簿の1人目（", "）の陣営：この村では使いません（消してください）"]),
    ("mj-role", setp(0, role="勇者"),
     ["）の役職：「勇者」という役職はありません（使えるのは 仮面の村人・月）"]),
    ("mj-option", opt(tie="random"),
     ["オプションの「tie」：この村にオプションはありません"]),
    ("mj-no-scenario", lambda raw: raw.pop("scenario"),
     ["シナリオ：書かれていません（仮面・アイテム・謎・鍵を書いたシナリオのファイルを"]),
    ("mj-scenario-missing", lambda raw: raw.update(scenario="other.toml"),
     ["シナリオ（other.toml）：game.toml と同じフォルダにありません（見本は "
      "`adjudicator demo DIR --sample majora` で書き出せます）"]),
]

#: tests/japanese/test_gm_texts_ja.py: the command sheet's example of chatter that only uses
#: a command's word (「…」など), in the village's own words
GUIDE_CHATTER = "カギを使いたい"

#: tests/japanese/test_copy_lint_gm.py: a fixture game and the rows of its report's state
#: block, each fact with its unit
STATE_BLOCK: tuple[str, list[tuple[str, str]]] = ("majora-win", [
    ("進み具合", "2周目・2日目で終了"), ("時の楽器の残り", "2回"),
    ("使った巨人の道具", "巨人の剣、巨人の玉、巨人の盾、巨人の鏡"), ("解いた謎", "沼の歌、月の詩"),
    ("アイテム", "時のオカリナ（所持：うしおさん）、古びたカギ（所持：さつきさん）、月の涙（所持：えまさん）、"
     "巨人の剣（砕けた）、巨人の玉（砕けた）、巨人の鏡（砕けた）、巨人の盾（砕けた）")])

#: tests/japanese/test_rulebook_ja.py: a word of the village's seed that its quote for the
#: vote (ww.vote) holds; empty where the vote is the standard rule, 原文：記載なし
#: (its seed says nothing of the vote)
VOTE_QUOTE_WORD = ""

#: tests/gm/test_deal.py: what the deal gives, counted by the seat's dealt fields: (the
#: number of seats of a new game, or None for the sample with its dealt keys removed,
#: the fields, the count of each value)
DEAL_COMPOSITION: list[tuple[int | None, tuple[str, ...], dict[tuple[Any, ...], int]]] = [(None, ("role",), {("仮面の村人",): 11, ("月",): 1})]
#: tests/gm/test_deal.py: seat counts the deal refuses, with what it says
DEAL_REFUSED: list[tuple[int, str]] = [(11, "ムジュラの仮面村の配役は12人で行います（参加者は11人です）")]

#: tests/rules/test_names_by_slot.py: a fixture game, a player of it and a word of the game
#: to rename them after (the game must play the same)
NAMED_AFTER_A_WORD = ("majora-win", "あかね", "月")  # the role 月

#: a command a player of this game writes (tests/gm/test_replacement.py: the old name's
#: line after a 交代), {name} another player
SEAT_COMMAND = "投票@{name}"

#: tests/config/test_validation_ja.py: validation errors reached through the game's own
#: structures, made in ``FORM_FIXTURE``: (file, old text, new text, pydantic's error type,
#: the Japanese the problem must hold)
VALIDATION_CASES: list[tuple[str, str, str, str, str]] = [
    ("scenario.toml", "uses = 1", "uses = 0", "greater_than_equal",
     "シナリオ（scenario.toml）の仮面の2つ目"),
    ("scenario.toml", "uses = 1", 'uses = 1\nwho = "x"', "extra_forbidden",
     "の能力の「who」：この項目は使えません"),
]
#: tests/gm/test_deal.py: a dealt field and the words the deal writes in it (the sample
#: dealt with seed 3), never the program's English values
DEAL_WORDS: tuple[str, list[str]] | None = ("role", ["仮面の村人", "月"])

#: tests/config/test_japanese_values.py: fixture games written again with the Japanese
#: values (field -> English value -> Japanese) must resolve byte-identically
#: (none: its fixtures' values (仮面の村人, 月) are Japanese already)
JAPANESE_VALUES: list[tuple[str, dict[str, dict[str, str]]]] = []

#: tests/desk/test_form_problems_ja.py: the desk's new-game form filled in wrong (its roster
#: box, its settings' fields ``opt.<key>``, a problem the page must show in Japanese); none
#: beyond the setup problems of tests/config/test_config_problems.py
FORM_PROBLEMS: list[tuple[str, dict[str, str], str]] = []
#: tests/desk/test_form_deal_and_settings.py: a value no control of the form offers (the
#: settings' field, the value, the problem the page must show in Japanese); none: it has no settings
FORM_BAD_SETTINGS: list[tuple[str, str, str]] = []
