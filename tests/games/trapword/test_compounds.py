"""Trap Word judge, issue 26: a part of a compound trap word springs (the seed:
「バスケットボール」の場合、「バスケット」「ボール」), letters inside another word do not.

The held-out table ``tests/data/trapword_judge_heldout.tsv`` was written before the judge
was changed for it; it must stay at ≥ 95% on springs-or-not.
"""

from __future__ import annotations

import pytest

from adjudicator.games.trapword import judge as J
from tests.support import DATA

pytestmark = pytest.mark.usefixtures("loaded")  # Sudachi's dictionary (conftest.py)

HELD_OUT = DATA / "trapword_judge_heldout.tsv"
JUDGE = J.Judge()


def _rows() -> list[tuple[str, str, str, str]]:
    lines = [ln.rstrip("\n") for ln in HELD_OUT.read_text(encoding="utf-8").splitlines()
             if ln.strip() and not ln.startswith("#")]
    rows = [tuple(ln.split("\t")) for ln in lines[1:]]
    assert all(len(r) == 4 for r in rows), "every row is trap, hint, grade, covers"
    return rows  # type: ignore[return-value]


@pytest.mark.parametrize(("trap", "hint", "part"), [
    ("図書館", "図書を借りる", "図書"), ("冷蔵庫", "冷蔵して保存", "冷蔵"),
    ("動物園", "動物がたくさん", "動物"), ("春休み", "休みの日", "休み"),
    ("自転車", "自転して進む", "自転"), ("バスケットボール", "ボールを投げる", "ボール"),
])
def test_a_part_of_a_compound_trap_word_springs(trap: str, hint: str, part: str) -> None:
    v = JUDGE.grade(hint, trap)
    assert (v.grade, v.code, v.matched) == ("definite", "part", part), v
    assert v.springs and f"「{part}」" in v.reason


@pytest.mark.parametrize(("trap", "hint"), [
    ("カメ", "カメラで撮る"), ("ハム", "ハムスターを飼う"), ("トラ", "トラックが走る"),
    ("パン", "パンダを見る"), ("イカ", "スイカを食べる"),
])
def test_letters_inside_another_word_stay_possible_at_most(trap: str, hint: str) -> None:
    v = JUDGE.grade(hint, trap)
    assert v.grade in ("possible", "none") and not v.springs, v


@pytest.mark.parametrize(("trap", "hint", "grade"), [
    ("花", "花火を見る", "definite"), ("火", "花火を見る", "definite"),
    ("紙", "手紙を書く", "definite"), ("金", "金魚すくい", "possible"),
    ("八", "八百屋さん", "possible"), ("冷蔵庫", "倉庫にしまう", "possible"),
])
def test_a_one_kanji_word_inside_a_hint_word_springs_only_read_as_itself(
        trap: str, hint: str, grade: str) -> None:
    assert JUDGE.grade(hint, trap).grade == grade


def test_held_out_pairs_springs_or_not() -> None:
    rows = _rows()
    assert len(rows) >= 60
    wrong = [(t, h, g, JUDGE.grade(h, t).grade) for t, h, g, _c in rows
             if (JUDGE.grade(h, t).grade in ("definite", "likely"))
             != (g in ("definite", "likely"))]
    share = 1 - len(wrong) / len(rows)
    print(f"held-out: springs-or-not {share:.1%} over {len(rows)} pairs; misses {wrong}")
    assert share >= 0.95, wrong
