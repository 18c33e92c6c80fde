"""Helpers for the Splatoon！！村 tests: a 16-squid setup and single nights from command text."""

from __future__ import annotations

import re
from typing import Any

from adjudicator.config.load import load_config
from adjudicator.games.base import Candidate, Emitter, PhaseInput
from adjudicator.games.splatoon import Splatoon
from adjudicator.games.splatoon.state import SpState
from adjudicator.rng import PhaseRng
from tests.support import FIXTURES, candidates_of
from tests.support import kinds as kinds  # the shared helper, as this module's tests import it
from tests.support.game_toml import Edit, Raw, drop, opt, player, setp, who
from tests.support.lint import COPY_KINDS, Check, Texts

CFG = load_config(FIXTURES / "splatoon-win" / "game.toml")
#: the fixture roster: orange あおい(S) いつき(R) うみ(C), purple えいた(S) おさむ(R) かえで(C),
#: colourless きら(トルネード) くるみ けい (drawn) こはる さとし しずか すばる (ボム)
#: せな(S) そら(R) たくみ(C)
NAMES = [p.name for p in CFG.players]


def variant() -> Splatoon:
    return Splatoon(CFG)


def setup_state(v: Splatoon | None = None, **specials: str) -> SpState:
    """The state after setup (specials drawn), optionally with other specials forced."""
    v = v or variant()
    em: Emitter[SpState] = Emitter(state=v.initial_state(), evolve=v.evolve,
                                   rng=PhaseRng(CFG.seed, "day1"), phase="day1")
    v.setup_events(em)
    st = em.state
    for name, special in specials.items():
        players = dict(st.players)
        players[name] = players[name].model_copy(update={"special": special})
        st = st.model_copy(update={"players": players})
    return st


def with_gauges(st: SpState, gauges: dict[str, int], **update: Any) -> SpState:
    players = dict(st.players)
    for n, g in gauges.items():
        players[n] = players[n].model_copy(update={"gauge": g, "revealed": True})
    return st.model_copy(update={"players": players, **update})


def candidates(v: Splatoon, st: SpState, phase: str, lines: list[tuple[str, str]]
               ) -> tuple[list[Candidate], list[tuple[str, str]]]:
    """Parse and validate ``(actor, text)`` lines as the engine does; the last valid
    command of an actor replaces the earlier one.  Returns (accepted, rejected codes)."""
    cands, rejected = candidates_of(v, st, phase, lines, gm="ジャッジくん")
    return cands, [(actor, code) for actor, code, _rule in rejected]


def run_phase(v: Splatoon, st: SpState, phase: str, cands: list[Candidate],
              lines: Any = ()) -> Emitter[SpState]:
    em: Emitter[SpState] = Emitter(state=st, evolve=v.evolve, rng=PhaseRng(CFG.seed, phase),
                                   phase=phase)
    v.resolve(em, PhaseInput(id=phase, actions=cands, directives=[], extra_logs={},
                             lines=list(lines)))
    return em


def night(gauges: dict[str, int], lines: list[tuple[str, str]], phase: str = "night2",
          **update: Any) -> tuple[Emitter[SpState], list[tuple[str, str]]]:
    """One night from ``gauges`` (others as at the start of the game)."""
    v = variant()
    st = with_gauges(setup_state(v), gauges, **update)
    cands, rejected = candidates(v, st, phase, lines)
    return run_phase(v, st, phase, cands), rejected


#: the fixture game the shared tests take as this game's (the desk's form is filled in
#: from it, the setup problems are made in it): tests/support.form_fixture
FORM_FIXTURE = "splatoon-win"


# ---------------------------------------------------------------- the shared tests' hooks
#: tests/japanese/test_copy_lint.py: the review's shapes of this village's own (the
#: output kinds, the pattern that must not match, why); the shared shapes that cannot hold
#: here (none)
COPY_SHAPES = [
    (COPY_KINDS, r"スペシャル（抽選）", "SP1: every colourless squid is not a special"),
    (("post", "notice", "explain"), r"今夜の攻撃", "SP3: 今夜受けた攻撃"),
    (("explain", "ledger"), r"に塗られ", "SP2: スプラッシュ"),
    (("ledger",), r"オレンジ \d|ムラサキ \d|\d+ダメージ", "SP7: spacing, カラーダメージ"),
    (("report",), r"ロックされたゲージ|でロック", "SP4: 処刑時のゲージ（保存）"),
    (("explain",), r"(オレンジ|ムラサキ)のイカ", "SP7: オレンジイカ"),
]
COPY_SHAPES_EXEMPT: dict[str, str] = {}
#: tests/japanese/test_copy_lint_words.py: wording of its own that must
#: not come back (none beyond the shared ones)
COPY_WORDS: list[tuple[re.Pattern[str], str]] = []


def sp_gauge_before_voided(t: Texts) -> list[str]:
    """SP3: in a squid's notices the night's gauge line comes first, then 「あなたの攻撃
    （…）は無効になりました」; and a squid whose roller was slowed is not told that
    nobody attacked it."""
    bad = []
    for k, v in t.notices().items():
        ls = v.splitlines()
        gauge = next((i for i, x in enumerate(ls) if x.startswith("夜明け前の通知")), None)
        for i, x in enumerate(ls):
            if "は無効になりました" in x and "攻撃" in x and gauge is not None and i < gauge:
                bad.append(f"{k}: {x} (before the gauge line)")
        if "今夜は誰からも攻撃されませんでした" in v:
            bad.append(f"{k}: 今夜は誰からも攻撃されませんでした")
    return bad


#: tests/japanese/test_copy_lint_games.py: point -> (check, the old wording it replaced)
COPY_CHECKS: dict[str, tuple[Check, Texts]] = {
    "SP3": (sp_gauge_before_voided,
            Texts("splatoon", {"night1/private/おさむ.txt":
                               "動きの遅いローラーを使う前に攻撃されたため、今夜のあなたのローラーは無効に"
                               "なりました。\n夜明け前の通知：あなたのカラーゲージはムラサキ2です。\n"
                               "今夜は誰からも攻撃されませんでした。"}, {}, frozenset())),
}

#: tests/desk/test_desk_guide.py: an edit of the sample's game.toml (old, new) and a
#: sentence of the command sheet before it and after it
GUIDE_SETTING = ("initial_gauge = 3", "initial_gauge = 2",
                 "自分の色の3から始まります。", "自分の色の2から始まります。")


# ---------------------------------------------------------------- setup problems
#: tests/config/test_config_problems.py: (case, an edit of ``FORM_FIXTURE``'s game.toml,
#: what its problems say in Japanese) for each branch of the game's own setup checks
def _colour_swap(raw: Raw) -> None:
    player(raw, who(raw, colour="orange")[0])["colour"] = "purple"


def _two_tornadoes(raw: Raw) -> None:
    sp = [i for i, p in enumerate(raw["players"]) if p.get("weapon") in ("スペシャル", "special")]
    for i in sp[:2]:
        player(raw, i)["special"] = "トルネード"


CONFIG_PROBLEMS: list[tuple[str, Edit, list[str]]] = [
    ("sp-count", drop(15),
     ["名簿：15人います。Splatoon！！村はイカ16人で遊びます（審判はGM）"]),
    ("sp-not-used", setp(0, role="村人"),
     ["名簿の1人目（", "）の役職：この村では使いません（消してください）"]),
    ("sp-leader", setp(0, leader=True),
     ["名簿の1人目（", "）のリーダー：この村では使いません（消してください）"]),
    ("sp-weapon-missing", setp(0, weapon=None),
     ["）のブキ：書かれていません（シューター・ローラー・チャージャー・ボム・スペシャル、"
      "またはスペシャルの名前）"]),
    ("sp-weapon-unknown", setp(0, weapon="ブラスター"),
     ["）のブキ：「ブラスター」というブキはありません（使えるのは シューター・ローラー・"]),
    ("sp-colour-swap", _colour_swap,
     ["名簿：オレンジのイカはシューター1人・ローラー1人・チャージャー1人です（いま",
      "名簿：ムラサキのイカはシューター1人・ローラー1人・チャージャー1人です（いま"]),
    ("sp-named-twice", _two_tornadoes,
     ["名簿：トルネードが3人にあります（スペシャルは1種類1人です）"]),
    ("sp-option", opt(initial_gauge=5),
     ["オプションの「initial_gauge」：「5」は使えません（使えるのは 1・2・3）"]),
]

#: tests/japanese/test_gm_texts_ja.py: the command sheet's example of chatter that only uses
#: a command's word (「…」など), in the village's own words
GUIDE_CHATTER = "シューター持ってます"

#: tests/japanese/test_copy_lint_gm.py: a fixture game and the rows of its report's state
#: block, each fact with its unit
STATE_BLOCK: tuple[str, list[tuple[str, str]]] = ("splatoon-win", [
    ("色ポイント", "オレンジ37点、ムラサキ19点（うち永続：オレンジ23点、ムラサキ19点）"),
    ("残りのボム", "0発")])

#: tests/japanese/test_rulebook_ja.py: a word of the village's seed that its quote for the
#: vote (ww.vote) holds; empty where the vote is the standard rule, 原文：記載なし
VOTE_QUOTE_WORD = "吊りあり"

#: tests/gm/test_deal.py: what the deal gives, counted by the seat's dealt fields: (the
#: number of seats of a new game, or None for the sample with its dealt keys removed,
#: the fields, the count of each value)
DEAL_COMPOSITION: list[tuple[int | None, tuple[str, ...], dict[tuple[Any, ...], int]]] = [
    (None, ("colour", "weapon"), {
        **{(c, w): 1 for c in ("orange", "purple", None) for w in ("シューター", "ローラー", "チャージャー")},
        (None, "スーパーセンサー"): 1, (None, "トルネード"): 1, (None, "スーパーショット"): 1,
        (None, "ボム"): 4}),
]
#: tests/gm/test_deal.py: seat counts the deal refuses, with what it says
DEAL_REFUSED: list[tuple[int, str]] = [(15, "Splatoon！！村の配役は16人で行います（参加者は15人です）")]

#: tests/rules/test_names_by_slot.py: a fixture game, a player of it and a word of the game
#: to rename them after (the game must play the same)
NAMED_AFTER_A_WORD = ("splatoon-win", "あおい", "オレンジ")  # the colour オレンジ

#: a command a player of this game writes (tests/gm/test_replacement.py: the old name's
#: line after a 交代), {name} another player
SEAT_COMMAND = "投票@{name}"

#: tests/config/test_validation_ja.py: validation errors reached through the game's own
#: structures, made in ``FORM_FIXTURE``: (file, old text, new text, pydantic's error type,
#: the Japanese the problem must hold)
VALIDATION_CASES: list[tuple[str, str, str, str, str]] = [
    ("game.toml", 'weapon = "シューター"', "weapon = 3", "string_type",
     "名簿の1人目（あおい）のブキ：「3」ではなく文字列"),
    ("game.toml", 'colour = "orange"', 'colour = "green"', "literal_error",
     "名簿の1人目（あおい）の色：「green」は使えません（使えるのは オレンジ・ムラサキ）"),
]
#: tests/gm/test_deal.py: a dealt field and the words the deal writes in it (the sample
#: dealt with seed 3), never the program's English values
DEAL_WORDS: tuple[str, list[str]] | None = ("colour", ["オレンジ", "ムラサキ"])

#: tests/config/test_japanese_values.py: fixture games written again with the Japanese
#: values (field -> English value -> Japanese) must resolve byte-identically
JAPANESE_VALUES: list[tuple[str, dict[str, dict[str, str]]]] = [("splatoon-win", {
    "colour": {"orange": "オレンジ", "purple": "紫"},
    "weapon": {"shooter": "シューター", "roller": "ローラー", "charger": "チャージャー",
               "bomb": "ボム", "special": "スペシャル"}})]

#: tests/desk/test_form_problems_ja.py: the desk's new-game form filled in wrong (its roster
#: box, its settings' fields ``opt.<key>``, a problem the page must show in Japanese)
FORM_PROBLEMS: list[tuple[str, dict[str, str], str]] = [
    ("あおい, みどり, シューター", {},
     "名簿の1人目（あおい）の色：「みどり」は使えません（使えるのは オレンジ・ムラサキ）"),
    ("い\u200bつき, オレンジ, ローラー", {},
     "名簿の1人目（い[ゼロ幅スペース]つき）の名前：「い[ゼロ幅スペース]つき」に見えない文字"
     "（U+200B）が入っています"),
    ("あおい, オレンジ, シューター", {"opt.initial_gauge": "x"},
     "色のついたイカのカラーゲージの始まり：「x」は使えません（1〜3の整数で書いてください）"),
]
#: tests/desk/test_form_deal_and_settings.py: a value no control of the form offers (the
#: settings' field, the value, the problem the page must show in Japanese)
FORM_BAD_SETTINGS: list[tuple[str, str, str]] = [
    ("opt.initial_gauge", "9",
     "色のついたイカのカラーゲージの始まり：「9」は使えません（1〜3の整数で書いてください）"),
    ("opt.initial_gauge", "x", "「x」は使えません（1〜3の整数で書いてください）"),
]
