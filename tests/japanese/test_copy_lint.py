"""The recurring shapes of the second native review (issue 28), pinned over every fixture
game's outputs: the GM ledger, the posts, the notices, explain for the GM and for every
player, and the report's visible text.

``SHAPES`` is a table the other copy-edit file
(``test_copy_lint_society_genpei_majora.py``) extends with its own games' rows: each row
is (variants it holds for, or None for every game; the output kinds it is checked in; the
regular expression that must not match; why).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from adjudicator.engine import resolve_game
from adjudicator.explain import explain_text
from adjudicator.report.html import render_report
from adjudicator.views import View, player_names
from tests.support import all_games, game_ids
from tests.support.lint import visible_text

KINDS = ("ledger", "post", "notice", "explain", "report")
MINE = frozenset({"derby-stock", "splatoon", "trapword"})
ALL = None

#: (variants or None, kinds, pattern, why)
SHAPES: list[tuple[frozenset[str] | None, tuple[str, ...], str, str]] = [
    (ALL, KINDS, r"最後の指示が有効", "G11: a chat line is not an 指示 (後の発言が有効です)"),
    (ALL, KINDS, r"通知: None|通知なし\)", "D6: a Python value in the ledger"),
    (ALL, ("post", "notice", "explain", "report"), r"GMさん", "D6: the GM is 「GM」"),
    (ALL, ("report",), r"陣営勝利：", "G10: 「オレンジチームの勝利」, not 陣営勝利"),
    (ALL, ("report",), r"\d+ 局面", "G4: 全7フェーズ, not 7 局面"),
    (MINE, ("report",), r"勝者：\s*[^\s、（]+?(?<!さん)\s+、",
     "names without さん in the report's 勝者"),
    (MINE, ("ledger",), r"\(phase:|\(rng|（phase:|\(setup", "G13: 夜の処理 / 抽選, not ids"),
    (MINE, ("ledger", "explain"), r"（day\d+）|（night\d+）|（round\d+）", "G4: phase ids"),
    (MINE, KINDS, r"候補（[^）]*の\d+件）から「[^」]*」が選ばれました(?=[^\n]*噛み|[^\n]*処刑)",
     "G16: people are counted with 人"),
    (MINE, KINDS, r"（（なし）", "D5: an absent actor said as （なし）"),
    (frozenset({"derby-stock"}), KINDS, r"いま最も多い所持金", "D7: 現在の最高所持金"),
    (frozenset({"derby-stock"}), ("post",), r"昨晩は誰も死亡しませんでした", "D14: 犠牲者はいませんでした"),
    (frozenset({"derby-stock"}), ("notice",), r"ダービー予想：(失敗|無効)。", "D1, D2: no 失敗/無効 label"),
    (frozenset({"derby-stock"}), ("notice",), r"今夜は株数の指定がなかった", "D3: a morning notice"),
    (frozenset({"splatoon"}), KINDS, r"スペシャル（抽選）", "SP1: every colourless squid is not a special"),
    (frozenset({"splatoon"}), ("post", "notice", "explain"), r"今夜の攻撃", "SP3: 今夜受けた攻撃"),
    (frozenset({"splatoon"}), ("explain", "ledger"), r"に塗られ", "SP2: スプラッシュ"),
    (frozenset({"splatoon"}), ("ledger",), r"オレンジ \d|ムラサキ \d|\d+ダメージ", "SP7: spacing, カラーダメージ"),
    (frozenset({"splatoon"}), ("report",), r"ロックされたゲージ|でロック", "SP4: 処刑時のゲージ（保存）"),
    (frozenset({"splatoon"}), ("explain",), r"(オレンジ|ムラサキ)のイカ", "SP7: オレンジイカ"),
    (frozenset({"trapword"}), KINDS, r"トラップ成立(?!@)|反則のヒント", "TW3: 発動 / 不正なヒント"),
    (frozenset({"trapword"}), ("report", "explain"), r"にトラップを宣言しました", "TW2: コール"),
    (frozenset({"trapword"}), ("post",), r"制限時間\d+秒|その部屋の呪い", "TW6"),
    (frozenset({"trapword"}), ("ledger",), r": (none|likely|definite|possible)（", "grades in words"),
]


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


def check(root: Path, shapes: list[tuple[Any, tuple[str, ...], str, str]]) -> list[str]:
    variant, out = outputs(root)
    found: list[str] = []
    for games, kinds, pattern, why in shapes:
        if games is not None and variant not in games:
            continue
        for kind in kinds:
            for m in re.finditer(pattern, out[kind], flags=re.M):
                text = out[kind]
                found.append(f"{kind} ({why}): …{text[max(0, m.start() - 30):m.end() + 30]}…")
    return found


@pytest.mark.parametrize("root", all_games(), ids=game_ids())
def test_no_recurring_shape(root: Path) -> None:
    found = check(root, SHAPES)
    assert not found, found[:5]


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
    table = {pattern for _g, _k, pattern, _w in SHAPES}
    for pattern, text in seen.items():
        assert pattern in table and re.search(pattern, text), pattern
    assert not re.search(r"トラップ成立(?!@)", "GM「トラップ成立@散歩」")
