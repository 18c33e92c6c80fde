"""Helpers for the 源平村 tests: the 17-player fixture's setup, states set by hand and
single phases run from command text, as the engine runs them."""

from __future__ import annotations

import re
from typing import Any

from adjudicator.config.load import GameConfig, load_config
from adjudicator.games.base import Candidate, Emitter, PhaseInput
from adjudicator.games.genpei import Genpei
from adjudicator.games.genpei.state import GpState
from adjudicator.models import LineRecord
from adjudicator.rng import PhaseRng
from tests.support import FIXTURES, candidates_of
from tests.support import kinds as kinds  # the shared helper, as this module's tests import it
from tests.support.game_toml import Edit, Raw, drop, opt, player, setp, who
from tests.support.lint import Check, Texts
from tests.support.lint import lines as text_lines

CFG = load_config(FIXTURES / "genpei-side" / "game.toml")
CFG15 = load_config(FIXTURES / "genpei-emperor" / "game.toml")
#: the 17-player roster: 源氏 あきら(大将) いさむ(影武者) うめ(参謀) えり(住職) おと かな きよ くに;
#: 平氏 けい(大将) こう(影武者) さき(参謀) しの(住職) すみ せつ そう たえ; 帝 ちか
NAMES = [p.name for p in CFG.players]


def variant(cfg: GameConfig = CFG, **options: Any) -> Genpei:
    if options:
        cfg = cfg.model_copy(update={"options": {**cfg.options, **options}})
    return Genpei(cfg)


def state(v: Genpei | None = None, *, dead: tuple[str, ...] = (), **update: Any) -> GpState:
    """The state at the start of the game with ``update`` applied and ``dead`` dead."""
    v = v or variant()
    st = v.initial_state().model_copy(update={"assassin": "genji", **update})
    players = dict(st.players)
    for n in dead:
        players[n] = players[n].model_copy(update={"alive": False})
    return st.model_copy(update={"players": players})


def candidates(v: Genpei, st: GpState, phase: str, lines: list[tuple[str, str]]
               ) -> tuple[list[Candidate], list[tuple[str, str, str]]]:
    """Parse and validate ``(actor, text)`` lines; the last valid command of a slot
    replaces the earlier one.  Returns (accepted, [(actor, code, rule)] rejected)."""
    return candidates_of(v, st, phase, lines, gm="語り手")


def run(v: Genpei, st: GpState, phase: str, lines: list[tuple[str, str]] = (),  # type: ignore[assignment]
        chat: list[tuple[str, str]] = ()) -> Emitter[GpState]:  # type: ignore[assignment]
    """Resolve one phase from command lines (and chatter lines for 辞世の句)."""
    cands, rejected = candidates(v, st, phase, list(lines))
    assert not rejected, rejected
    recs = [LineRecord(ref=f"logs/{phase}.txt:{100 + i}", speaker=s, text=t)
            for i, (s, t) in enumerate(chat, 1)]
    em: Emitter[GpState] = Emitter(state=st, evolve=v.evolve, rng=PhaseRng(v.cfg.seed, phase),
                                   phase=phase)
    v.resolve(em, PhaseInput(id=phase, actions=cands, directives=[], extra_logs={},
                             lines=recs))
    return em




def votes_for(target: str, st: GpState) -> list[tuple[str, str]]:
    """Every living player votes for ``target`` (``target`` votes for someone else)."""
    alive = [n for n, p in st.players.items() if p.alive]
    other = next(n for n in alive if n != target)
    return [(n, f"投票@{target if n != target else other}") for n in alive]


#: the fixture game the shared tests take as this game's (the desk's form is filled in
#: from it, the setup problems are made in it): tests/support.form_fixture
FORM_FIXTURE = "genpei-side"


# ---------------------------------------------------------------- the shared tests' hooks
#: tests/japanese/test_copy_lint.py: the review's shapes of this village's own (none);
#: the shared shapes that cannot hold here, each with the reason
COPY_SHAPES: list[tuple[tuple[str, ...], str, str]] = []
COPY_SHAPES_EXEMPT = {
    "G16: people are counted with 人":
        "its draws are also of numbers (住職's faith, 1 or 2), which the row's pattern cannot "
        "tell from people; SS19 (test_copy_lint_games.py) checks each draw among players",
}
#: tests/japanese/test_copy_lint_words.py: wording of its own that must
#: not come back (none beyond the shared ones)
COPY_WORDS: list[tuple[re.Pattern[str], str]] = []


def gp_player_view_in_second_person(t: Texts) -> list[str]:
    """GP1: a player's own explain is written to them, not as the ledger's shorthand
    (「ちかさんへ役職通知：帝。」「…の指名を受理（残り1回）」「…を偵察：帝。」)."""
    shorthand = re.compile(r"さんへ(役職)?通知：|指名を受理（|指名は受け付けず（|回数に数えない）"
                           r"|さんを偵察：|の暗殺権は(源氏|平氏)。")
    return [f"{k}: {x}" for k, x in text_lines(t.players_views()) if shorthand.search(x)]


def gp_successor_told_the_condition(t: Texts) -> list[str]:
    """GP3: the successor's notice says what it must do to win (or that it cannot)."""
    bad = []
    for k, x in text_lines(t.notices()):
        if x.startswith("あなたは帝から後継者に指名されました") and not re.search(
                r"\d+日目の朝まで生き延びると後継者として成立し、帝が亡くなっていれば|"
                r"後継者として成立しません", x):
            bad.append(f"{k}: {x}")
    return bad


def gp_emperor_told_the_restriction(t: Texts) -> list[str]:
    """GP4: the emperor's role notice states the seed's public restriction."""
    return [f"{k}: {x}" for k, x in text_lines(t.notices())
            if x.startswith("あなたは帝です") and "大将・参謀・影武者は指名しても" not in x]


def gp_result_like_the_post(t: Texts) -> list[str]:
    """GP5: explain's end reads like the post (「源氏の勝利です（平氏の大将が討たれました）」),
    not 「ゲーム終了：源氏の勝利（勝者：…）」."""
    bad = []
    for k, x in text_lines({f"explain {k}": v for k, v in t.views.items()}):
        if "ゲーム終了：" not in x:
            continue
        if re.search(r"ゲーム終了：\S+の勝利（勝者", x) or not re.search(
                r"の大将が討たれました|帝陣営の勝利です|両陣営の勝利です", x):
            bad.append(f"{k}: {x}")
    return bad


def gp_substitute_not_called_top(t: Texts) -> list[str]:
    """GP2 (the substitute): the body double who died in the general's place is never
    said to have had the most votes."""
    subs = {m.group(1) for _k, x in text_lines(t.posts())
            for m in re.finditer(r"に代わり、(\S+?)さんが処刑されました", x)}
    return [f"{k}: {x}" for k, x in text_lines(t.everything()) for s in subs
            if re.search(rf"最多の\d+票を集めた{s}さん", x)]


#: tests/japanese/test_copy_lint_games.py: point -> (check, the old wording it replaced)
COPY_CHECKS: dict[str, tuple[Check, Texts]] = {
    "GP1": (gp_player_view_in_second_person,
            Texts("genpei", {}, {"ちか": "  ・ちかさんへ役職通知：帝。\n  ・ぬいさんがももさんを偵察：帝。"},
                  frozenset({"ちか"}))),
    "GP2": (gp_substitute_not_called_top,
            Texts("genpei", {"day4/public.txt": "最多得票のふみさんに代わり、へいさんが処刑されました。"},
                  {"gm": "  ・最多の6票を集めたへいさんが処刑されました。"}, frozenset())),
    "GP3": (gp_successor_told_the_condition,
            Texts("genpei", {"night3/private/むつ.txt": "あなたは帝から後継者に指名されました。"}, {},
                  frozenset())),
    "GP4": (gp_emperor_told_the_restriction,
            Texts("genpei", {"day1/private/もも.txt": "あなたは帝です（第3陣営）。2日目以降の夜に…"},
                  {}, frozenset())),
    "GP5": (gp_result_like_the_post,
            Texts("genpei", {}, {"gm": "  ・ゲーム終了：源氏の勝利（勝者：あきらさん、いさむさん）。"},
                  frozenset())),
}

#: tests/desk/test_desk_guide.py: an edit of the sample's game.toml (old, new) and a
#: sentence of the command sheet before it and after it
GUIDE_SETTING = ('tie = "抽選"', 'tie = "なし"',
                 "同数の人の中から抽選で処刑します", "投票が同数のとき：誰も処刑しません。")


# ---------------------------------------------------------------- setup problems
#: tests/config/test_config_problems.py: (case, an edit of ``FORM_FIXTURE``'s game.toml,
#: what its problems say in Japanese) for each branch of the game's own setup checks
def _two_generals(raw: Raw) -> None:
    player(raw, who(raw, faction="genji", role="影武者")[0])["role"] = "大将"


def _farmer_to_heike(raw: Raw) -> None:
    player(raw, who(raw, faction="genji", role="農民")[0])["faction"] = "heike"


def _no_emperor(raw: Raw) -> None:
    player(raw, who(raw, faction="emperor")[0]).update(faction="genji", role="農民")


CONFIG_PROBLEMS: list[tuple[str, Edit, list[str]]] = [
    ("gp-not-used", setp(0, gender="male"),
     ["名簿の1人目（あきら）の性別：この村では使いません（消してください）"]),
    ("gp-leader", setp(0, leader=True),
     ["名簿の1人目（あきら）のリーダー：この村では使いません（消してください）"]),
    ("gp-faction", setp(0, faction=None),
     ["名簿の1人目（あきら）の陣営：書かれていません（源氏・平氏・帝のどれか）",
      "名簿：源氏の大将はちょうど1人必要です（いま0人）"]),
    ("gp-role-missing", setp(1, role=None),
     ["名簿の2人目（いさむ）の役職：書かれていません（使えるのは 大将・影武者・参謀・住職・農民・帝）"]),
    ("gp-role-unknown", setp(1, role="忍者"),
     ["名簿の2人目（いさむ）の役職：「忍者」という役職はありません（使えるのは 大将・影武者・参謀・"
      "住職・農民・帝）"]),
    ("gp-emperor-role", setp(1, role="帝"),
     ["名簿の2人目（いさむ）：帝は陣営も役職も「帝」です（いま陣営は源氏、役職は帝）",
      "名簿：源氏の影武者はちょうど1人必要です（いま0人）"]),
    ("gp-count", drop(16),
     ["名簿：16人います。源平村は17人か15人で遊びます（ほかの人数では、城の完成に必要な数を"
      "オプションの「castle_target」に書いてください）"]),
    ("gp-two", _two_generals, ["名簿：源氏の大将はちょうど1人必要です（いま2人）"]),
    ("gp-farmers", _farmer_to_heike,
     ["名簿：17人の村では源氏の農民は4人です（いま3人）",
      "名簿：17人の村では平氏の農民は4人です（いま5人）"]),
    ("gp-emperor", _no_emperor, ["名簿：帝はちょうど1人必要です（いま0人）"]),
    ("gp-castle", opt(castle_target=0),
     ["オプションの「castle_target」：「0」は使えません（1以上の整数で書いてください）"]),
    ("gp-option", opt(body_double="twin", moon=1),
     ["オプションの「body_double」：「twin」は使えません（使えるのは ",
      "オプションの「moon」：この村にないオプションです（使えるのは 「tie」・"]),
]

#: tests/japanese/test_gm_texts_ja.py: the command sheet's example of chatter that only uses
#: a command's word (「…」など), in the village's own words
GUIDE_CHATTER = "暗殺はやめてね"

#: tests/japanese/test_copy_lint_gm.py: a fixture game and the rows of its report's state
#: block, each fact with its unit
STATE_BLOCK: tuple[str, list[tuple[str, str]]] = ("genpei-side", [
    ("信仰", "源氏4、平氏3"), ("城の労力", "源氏37／28（完成）、平氏25／28"),
    ("後継者", "そうさん（指名2回・成立せず）")])

#: tests/japanese/test_rulebook_ja.py: a word of the village's seed that its quote for the
#: vote (ww.vote) holds; empty where the vote is the standard rule, 原文：記載なし
VOTE_QUOTE_WORD = "吊り"

#: tests/gm/test_deal.py: what the deal gives, counted by the seat's dealt fields: (the
#: number of seats of a new game, or None for the sample with its dealt keys removed,
#: the fields, the count of each value)
DEAL_COMPOSITION: list[tuple[int | None, tuple[str, ...], dict[tuple[Any, ...], int]]] = [
    (n, ("faction", "role"), {
        **{(side, r): 1 for side in ("genji", "heike") for r in ("大将", "影武者", "参謀", "住職")},
        ("genji", "農民"): farmers, ("heike", "農民"): farmers, ("emperor", "帝"): 1})
    for n, farmers in ((17, 4), (15, 3))
]
#: tests/gm/test_deal.py: seat counts the deal refuses, with what it says
DEAL_REFUSED: list[tuple[int, str]] = [(16, "源平村の配役は15人か17人で行います（参加者は16人です）")]

#: tests/rules/test_names_by_slot.py: a fixture game, a player of it and a word of the game
#: to rename them after (the game must play the same)
NAMED_AFTER_A_WORD = ("genpei-side", "くに", "源氏")  # the side 源氏

#: a command a player of this game writes (tests/gm/test_replacement.py: the old name's
#: line after a 交代), {name} another player
SEAT_COMMAND = "投票@{name}"

#: tests/config/test_validation_ja.py: validation errors reached through the game's own
#: structures, made in ``FORM_FIXTURE``: (file, old text, new text, pydantic's error type,
#: the Japanese the problem must hold); none beyond the ones every game.toml has
VALIDATION_CASES: list[tuple[str, str, str, str, str]] = []
#: tests/gm/test_deal.py: a dealt field and the words the deal writes in it (the sample
#: dealt with seed 3), never the program's English values
DEAL_WORDS: tuple[str, list[str]] | None = ("faction", ["源氏", "平氏", "帝"])

#: tests/config/test_japanese_values.py: fixture games written again with the Japanese
#: values (field -> English value -> Japanese) must resolve byte-identically
JAPANESE_VALUES: list[tuple[str, dict[str, dict[str, str]]]] = [(name, {"faction": {"genji": "源氏", "heike": "平氏", "emperor": "帝"}})
                   for name in ("genpei-side", "genpei-emperor")]

#: tests/desk/test_form_problems_ja.py: the desk's new-game form filled in wrong (its roster
#: box, its settings' fields ``opt.<key>``, a problem the page must show in Japanese); none
#: beyond the setup problems of tests/config/test_config_problems.py
FORM_PROBLEMS: list[tuple[str, dict[str, str], str]] = []
#: tests/desk/test_form_deal_and_settings.py: a value no control of the form offers (the
#: settings' field, the value, the problem the page must show in Japanese)
FORM_BAD_SETTINGS: list[tuple[str, str, str]] = [
    ("opt.castle_target", "1\n[players]", "城の完成に必要な労力：「1 [players]」は使えません"),
]
