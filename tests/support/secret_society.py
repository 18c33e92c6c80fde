"""Helpers for the 秘密結社村 tests: the fixture's 18-player setup, single phases run
from command text, and states with memberships, gold or credits forced."""

from __future__ import annotations

import re
from typing import Any

from adjudicator.config.load import load_config
from adjudicator.games.base import Candidate, Emitter, PhaseInput
from adjudicator.games.secret_society import SecretSociety
from adjudicator.games.secret_society.state import SsState
from adjudicator.models import Event, LineRecord
from adjudicator.rng import PhaseRng
from adjudicator.roster import Roster
from tests.support import FIXTURES
from tests.support.game_toml import Edit, Raw, drop, opt, player, setp
from tests.support.lint import Check, Texts
from tests.support.lint import lines as text_lines

CFG = load_config(FIXTURES / "secret-society-main" / "game.toml")
#: the fixture roster: ninja はやて(L) かすみ, pirates ドレイク(L, alias 船長) アン,
#: chrono クロエ(L) トキオ, secret ミスト(L), unaffiliated あおい いつき うみ えま おと
#: かな きら くう けい こう さら
NAMES = [p.name for p in CFG.players]


def variant(seed: int | None = None) -> SecretSociety:
    cfg = CFG if seed is None else CFG.model_copy(update={"seed": seed})
    return SecretSociety(cfg)


def start(v: SecretSociety | None = None) -> SsState:
    return (v or variant()).initial_state()


def edit(st: SsState, **players: dict[str, Any]) -> SsState:
    """``st`` with some players' fields replaced: edit(st, アン={"gold": 3})."""
    ps = dict(st.players)
    for name, update in players.items():
        ps[name] = ps[name].model_copy(update=update)
    return st.model_copy(update={"players": ps})


def roster(v: SecretSociety) -> Roster:
    return Roster(v.roster_entries(), extra={"GM": "GM", **v.extra_targets})


def lines_to_candidates(v: SecretSociety, st: SsState, phase: str,
                        lines: list[tuple[str, str]]
                        ) -> tuple[list[Candidate], list[Candidate], list[tuple[str, str]],
                                   list[LineRecord]]:
    """Read ``(speaker, text)`` lines with the engine's reader (``GM`` lines are the GM's:
    directives, 投票時間; a later valid command in a slot replaces the earlier one).
    Returns (actions, directives, rejected (speaker, code), line records)."""
    from pathlib import Path

    from adjudicator.chatlog import ChatLine
    from adjudicator.classify import PhaseReader
    from adjudicator.engine import Game

    chat = [ChatLine(source=f"logs/{phase}.txt", lineno=i, speaker=speaker, text=text,
                     raw=f"{speaker}: {text}") for i, (speaker, text) in enumerate(lines, 1)]
    reader = PhaseReader(Game(root=Path("."), cfg=v.cfg, variant=v), roster(v), st, phase)
    reader.read(chat, json_like=True)  # every line on the general path
    rejected = [(next(c.speaker for c in chat if f"{c.source}:{c.lineno}" == ref), code)
                for ref, _actor, code, _rule, _why in reader.rejections
                if code != "superseded"]
    return reader.accepted(), reader.directives, rejected, list(reader.records)


def run(v: SecretSociety, st: SsState, phase: str, lines: list[tuple[str, str]]
        ) -> tuple[Emitter[SsState], list[tuple[str, str]]]:
    """Resolve one phase from its lines; returns the emitter and the rejected lines."""
    actions, directives, rejected, records = lines_to_candidates(v, st, phase, lines)
    em: Emitter[SsState] = Emitter(state=st, evolve=v.evolve,
                                   rng=PhaseRng(v.cfg.seed, phase), phase=phase)
    v.resolve(em, PhaseInput(id=phase, actions=actions, directives=directives,
                             extra_logs={}, lines=records))
    return em, rejected


def kinds(em: Emitter[SsState]) -> list[str]:
    return [e.kind for e in em.events]


def of(em: Emitter[SsState], kind: str) -> list[Event]:
    return [e for e in em.events if e.kind == kind]


ALL_JUDGED = ("GM", "課題成功@はやて、かすみ、ドレイク、アン、クロエ、トキオ")


#: the fixture game the shared tests take as this game's (the desk's form is filled in
#: from it, the setup problems are made in it): tests/support.form_fixture
FORM_FIXTURE = "secret-society-main"


# ---------------------------------------------------------------- the shared tests' hooks
#: tests/japanese/test_copy_lint.py: the review's shapes of this village's own (none);
#: the shared shapes that cannot hold here (none)
COPY_SHAPES: list[tuple[tuple[str, ...], str, str]] = []
COPY_SHAPES_EXEMPT: dict[str, str] = {}
#: tests/japanese/test_copy_lint_words.py: wording of its own that must
#: not come back in its outputs and explain
COPY_WORDS = [
    (re.compile("スーパーチャンス"), "the Recruit Chance is リクルートチャンス in this game"),
    (re.compile("無所属"), "the seed's word is 未入会"),
    (re.compile("ゴールド"), "the seed's word is 金"),
    (re.compile("今夜のうちに「承諾」"), "a night prompt in the file read the next morning"),
]


def ss_one_judgment_no_count(t: Texts) -> list[str]:
    """SS17: a day's task judged once reads 「…は失敗です（GMの判定：失敗）」, without a
    count of successes that only repeats it."""
    rx = re.compile(r"（GMの判定：(成功|失敗)、成功\d+回）")
    return [f"{k}: {x}" for k, x in text_lines(t.everything()) if rx.search(x)]


def ss_void_answer_same_words(t: Texts) -> list[str]:
    """SS20: an answer with no invitation is worded for whoever reads it (no 「あなた」 in
    the GM's words) and the same whether or not a bound leader tried to invite."""
    rx = re.compile(r"今夜あなたへの勧誘はありません|勧誘はあなたに届いていません")
    return [f"{k}: {x}" for k, x in text_lines(t.everything()) if rx.search(x)]


#: tests/japanese/test_copy_lint_games.py: point -> (check, the old wording it replaced)
COPY_CHECKS: dict[str, tuple[Check, Texts]] = {
    "SS17": (ss_one_judgment_no_count,
             Texts("secret-society", {},
                   {"gm": "いおさんのこの日の課題は失敗です（GMの判定：失敗、成功0回）。"}, frozenset())),
    "SS20": (ss_void_answer_same_words,
             Texts("secret-society", {}, {"かな": "1日目夜のログ 11行目：今夜あなたへの勧誘はありません"},
                   frozenset())),
}

#: tests/desk/test_desk_guide.py: an edit of the sample's game.toml (old, new) and a
#: sentence of the command sheet before it and after it
GUIDE_SETTING = ('tie = "抽選"', 'tie = "なし"',
                 "同数の人の中から抽選で処刑します", "投票が同数のとき：誰も処刑しません。")


# ---------------------------------------------------------------- setup problems
#: tests/config/test_config_problems.py: (case, an edit of ``FORM_FIXTURE``'s game.toml,
#: what its problems say in Japanese) for each branch of the game's own setup checks
def second_leader(raw: Raw) -> None:
    """かすみ, 忍びの里's first member, made a second leader."""
    player(raw, 1)["leader"] = True


CONFIG_PROBLEMS: list[tuple[str, Edit, list[str]]] = [
    ("ss-count", drop(17), ["名簿：17人います。秘密結社村は18人で遊びます（GMは別）"]),
    ("ss-not-used", setp(0, role="村人"),
     ["名簿の1人目（はやて）の役職：この村では使いません（消してください）"]),
    ("ss-leader-alone", setp(17, leader=True),
     ["リーダーにする人には結社を書いてください（忍びの里など）"]),
    ("ss-leaders", second_leader,
     ["名簿：忍びの里のリーダーはちょうど1人必要です（いま2人：はやて・かすみ）",
      "名簿：忍びの里の初期メンバー（リーダー以外）は1人です（いま0人）"]),
    ("ss-no-leader", setp(0, leader=None),
     ["名簿：忍びの里のリーダーはちょうど1人必要です（いま0人）",
      "名簿：忍びの里の初期メンバー（リーダー以外）は1人です（いま2人：はやて・かすみ）"]),
    ("ss-secret-member", setp(17, society="secret"),
     ["名簿：シークレットの初期メンバー（リーダー以外）はいません（いま1人：",
      "名簿：未入会は11人です（いま10人）"]),
    ("ss-option", opt(tie=True, speed="fast"),
     ["オプションの「tie」：「true」は使えません（使えるのは 抽選・なし）",
      "オプションの「speed」：この村にないオプションです（使えるのは 「tie」）"]),
]

#: tests/japanese/test_gm_texts_ja.py: the command sheet's example of chatter that only uses
#: a command's word (「…」など), in the village's own words
GUIDE_CHATTER = "勧誘待ってます"

#: tests/japanese/test_copy_lint_gm.py: a fixture game and the rows of its report's state
#: block, each fact with its unit (none: the village has no state beyond the roster's)
STATE_BLOCK: tuple[str, list[tuple[str, str]]] = ("secret-society-main", [])

#: tests/japanese/test_rulebook_ja.py: a word of the village's seed that its quote for the
#: vote (ww.vote) holds; empty where the vote is the standard rule, 原文：記載なし
#: (its seed has no sentence on the vote (only 変わり身の術's))
VOTE_QUOTE_WORD = ""

#: tests/gm/test_deal.py: what the deal gives, counted by the seat's dealt fields: (the
#: number of seats of a new game, or None for the sample with its dealt keys removed,
#: the fields, the count of each value)
DEAL_COMPOSITION: list[tuple[int | None, tuple[str, ...], dict[tuple[Any, ...], int]]] = [
    (None, ("society", "leader"), {
        ("ninja", True): 1, ("pirates", True): 1, ("chrono", True): 1, ("secret", True): 1,
        ("ninja", False): 1, ("pirates", False): 1, ("chrono", False): 1, (None, False): 11}),
]
#: tests/gm/test_deal.py: seat counts the deal refuses, with what it says
DEAL_REFUSED: list[tuple[int, str]] = [(17, "秘密結社村の配役は18人で行います（参加者は17人です）")]

#: tests/rules/test_names_by_slot.py: a fixture game, a player of it and a word of the game
#: to rename them after (the game must play the same)
NAMED_AFTER_A_WORD = ("secret-society-main", "トキオ", "クロノ")  # the society クロノマター, short form クロノ

#: a command a player of this game writes (tests/gm/test_replacement.py: the old name's
#: line after a 交代), {name} another player
SEAT_COMMAND = "投票@{name}"

#: tests/config/test_validation_ja.py: validation errors reached through the game's own
#: structures, made in ``FORM_FIXTURE``: (file, old text, new text, pydantic's error type,
#: the Japanese the problem must hold); none beyond the ones every game.toml has
VALIDATION_CASES: list[tuple[str, str, str, str, str]] = []
#: tests/gm/test_deal.py: a dealt field and the words the deal writes in it (the sample
#: dealt with seed 3), never the program's English values
DEAL_WORDS: tuple[str, list[str]] | None = ("society", ["忍びの里", "海賊団", "クロノマター", "シークレット"])

#: tests/config/test_japanese_values.py: fixture games written again with the Japanese
#: values (field -> English value -> Japanese) must resolve byte-identically
JAPANESE_VALUES: list[tuple[str, dict[str, dict[str, str]]]] = [("secret-society-main", {"society": {
    "ninja": "忍びの里", "pirates": "海賊団", "chrono": "クロノマター", "secret": "シークレット"}})]

#: tests/desk/test_form_problems_ja.py: the desk's new-game form filled in wrong (its roster
#: box, its settings' fields ``opt.<key>``, a problem the page must show in Japanese); none
#: beyond the setup problems of tests/config/test_config_problems.py
FORM_PROBLEMS: list[tuple[str, dict[str, str], str]] = []
#: tests/desk/test_form_deal_and_settings.py: a value no control of the form offers (the
#: settings' field, the value, the problem the page must show in Japanese); none beyond the shared tie (derby-stock's)
FORM_BAD_SETTINGS: list[tuple[str, str, str]] = []
