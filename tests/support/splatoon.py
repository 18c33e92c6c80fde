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
#: tests/japanese/test_copy_lint_society_genpei_majora.py: wording of its own that must
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
