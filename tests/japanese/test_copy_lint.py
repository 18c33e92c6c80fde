"""The recurring shapes of the second native review (issue 28), pinned over every fixture
game's outputs: the GM ledger, the posts, the notices, explain for the GM and for every
player, and the report's visible text.

``SHAPES`` are the rows every village is held to; a village's own rows are its
``COPY_SHAPES`` in ``tests/support/<package>.py``, and a shared row that cannot hold for a
village is named in its ``COPY_SHAPES_EXEMPT`` with the reason (read over the registry).
Each row is (the output kinds it is checked in; the regular expression that must not
match; why).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from adjudicator.engine import resolve_game
from adjudicator.explain import explain_text
from adjudicator.report.html import render_report
from adjudicator.views import View, player_names
from tests.support import all_games, fixture_variant, game_ids, hook, registered
from tests.support.lint import COPY_KINDS as KINDS
from tests.support.lint import visible_text

Shape = tuple[tuple[str, ...], str, str]

#: (kinds, pattern, why): the rows of every village
SHAPES: list[Shape] = [
    (KINDS, r"最後の指示が有効", "G11: a chat line is not an 指示 (後の発言が有効です)"),
    (KINDS, r"通知: None|通知なし\)", "D6: a Python value in the ledger"),
    (("post", "notice", "explain", "report"), r"GMさん", "D6: the GM is 「GM」"),
    (("report",), r"陣営勝利：", "G10: 「オレンジチームの勝利」, not 陣営勝利"),
    (("report",), r"\d+ 局面", "G4: 全7フェーズ, not 7 局面"),
    (("report",), r"勝者：\s*[^\s、（]+?(?<!さん)\s+、", "names without さん in the report's 勝者"),
    (("ledger",), r"\(phase:|\(rng|（phase:|\(setup", "G13: 夜の処理 / 抽選, not ids"),
    (("ledger", "explain"), r"（day\d+）|（night\d+）|（round\d+）", "G4: phase ids"),
    (KINDS, r"候補（[^）]*の\d+件）から「[^」]*」が選ばれました(?=[^\n]*噛み|[^\n]*処刑)",
     "G16: people are counted with 人"),
    (KINDS, r"（（なし）", "D5: an absent actor said as （なし）"),
]


def shapes_of(variant: str) -> list[Shape]:
    """The rows a village's outputs are held to: the shared ones but those its hook
    exempts, and its own."""
    exempt: dict[str, str] = hook(variant, "COPY_SHAPES_EXEMPT")
    own: list[Shape] = hook(variant, "COPY_SHAPES")
    return [s for s in SHAPES if s[2] not in exempt] + own


@cache
def outputs(root: Path) -> tuple[str, dict[str, str]]:
    """Every output of one fixture game, by kind (explain: every view joined)."""
    game = resolve_game(root)
    said = {x for ph in game.phases for r in ph.lines for x in (r.text,)}
    out = {
        "ledger": "\n".join(ph.ledger for ph in game.phases),
        "post": "\n".join(ph.public_post for ph in game.phases),
        "notice": "\n".join(t for ph in game.phases for ts in ph.private.values() for t in ts),
        "explain": "\n".join(explain_text(game, view=v) for v in
                             [View.gm(), *(View.of(n) for n in player_names(game))]),
        "report": visible_text(render_report(game, View.gm())),
    }
    for k, text in out.items():  # the players' own words are not the program's
        for line in sorted(said, key=len, reverse=True):
            if len(line) >= 2:
                text = text.replace(line, " ")
        out[k] = text
    return game.variant.name, out


def check(root: Path, shapes: list[Shape]) -> list[str]:
    _variant, out = outputs(root)
    found: list[str] = []
    for kinds, pattern, why in shapes:
        for kind in kinds:
            for m in re.finditer(pattern, out[kind], flags=re.M):
                text = out[kind]
                found.append(f"{kind} ({why}): …{text[max(0, m.start() - 30):m.end() + 30]}…")
    return found


@pytest.mark.parametrize("root", all_games(), ids=game_ids())
def test_no_recurring_shape(root: Path) -> None:
    found = check(root, shapes_of(fixture_variant(root)))
    assert not found, found[:5]


@pytest.mark.parametrize("variant", registered())
def test_an_exempt_shape_is_one_that_fires_there(variant: str) -> None:
    """A village's exemption names a shared row, says why, and is needed: the row does
    match in one of its fixture games (an exemption that no longer is needed is removed)."""
    exempt: dict[str, str] = hook(variant, "COPY_SHAPES_EXEMPT")
    for why, reason in exempt.items():
        rows = [s for s in SHAPES if s[2] == why]
        assert rows and reason.strip(), f"{variant}: {why!r} is not a shared row, or no reason"
        roots = [r for r in all_games() if fixture_variant(r) == variant]
        assert any(check(r, rows) for r in roots), f"{variant}: {why!r} holds there: drop it"


def test_the_shapes_fire_on_what_the_review_saw() -> None:
    """Each row catches the review's own text (a table that cannot fail pins nothing)."""
    seen = {
        r"最後の指示が有効": "置き換えられました。最後の指示が有効です。",
        r"\(phase:|\(rng|（phase:|\(setup": "  (phase:night1; 通知: だいすけ)",
        r"スペシャル（抽選）": "武器：スペシャル（抽選）",
        r"トラップ成立(?!@)|反則のヒント": "失敗（トラップ成立）：",
        r"陣営勝利：": "勝者：たろう（陣営勝利：村人陣営）",
        r"\d+ 局面": "ダービー＆ストック村・7 局面・117 行",
        r"今夜の攻撃": "今夜の攻撃：えいたさんのシューター",
    }
    table = {pattern for v in registered() for _k, pattern, _w in shapes_of(v)}
    for pattern, text in seen.items():
        assert pattern in table and re.search(pattern, text), pattern
    assert not re.search(r"トラップ成立(?!@)", "GM「トラップ成立@散歩」")
