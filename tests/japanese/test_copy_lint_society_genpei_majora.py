"""Copy lint for 秘密結社村, 源平村 and ムジュラの仮面村 (review 2, SS/GP/MJ points): the
recurring wrong shapes must not come back in any fixture game's outputs (posts, notices,
ledgers) or explain views (GM and every player)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support import fixture_games, fixture_variant

GAMES = {"secret-society", "genpei", "majora"}
ROOTS = [r for r in fixture_games() if fixture_variant(r) in GAMES]
EXPLAIN = Path(__file__).resolve().parents[1] / "fixtures" / "explain"

#: (pattern, why) for every game of this slice
COMMON = [
    (re.compile(r"[a-z_]+=\S"), "key=value in text for people"),
    (re.compile(r"（（なし）"), "an empty value rendered as （なし） inside parentheses"),
    (re.compile(r"-\d+回得"), "spending rendered as a negative gain"),
    (re.compile(r"(生存者|勝者)（?\d*人?）?：(?!なし)[^さ\n、]+、"), "names without さん in a list"),
]
PER_GAME = {
    "secret-society": [
        (re.compile("スーパーチャンス"), "the Recruit Chance is リクルートチャンス in this game"),
        (re.compile("無所属"), "the seed's word is 未入会"),
        (re.compile("ゴールド"), "the seed's word is 金"),
        (re.compile("今夜のうちに「承諾」"), "a night prompt in the file read the next morning"),
    ],
    "majora": [
        (re.compile(r"【\d+周目 \d+日目】"), "the broken moon-fall header"),
        (re.compile(r"「カギ」というアイテムはありません"), "the seed's own item refused"),
        (re.compile(r"月の役は"), "月の正体"),
    ],
}


def _texts(root: Path) -> list[tuple[str, str]]:
    out = []
    for f in sorted((root / "expected").rglob("*.txt")):
        if f.name == "diagnostics.txt":
            continue
        out.append((str(f.relative_to(root)), f.read_text(encoding="utf-8")))
    return out


@pytest.mark.parametrize("root", ROOTS, ids=[r.name for r in ROOTS])
def test_no_wrong_shape_in_outputs(root: Path) -> None:
    variant = fixture_variant(root)
    bad = []
    for name, text in _texts(root):
        for line in text.splitlines():
            body = re.sub(r"^\S+:\d+ ", "", line)  # a ledger line's log place
            for pat, why in COMMON + PER_GAME.get(variant, []):
                if pat.search(body) and not ("「" in body and pat is COMMON[0][0]):
                    bad.append(f"{name}: {why}: {line}")
    assert not bad, "\n".join(bad[:20])


@pytest.mark.parametrize("variant", sorted(GAMES))
def test_no_wrong_shape_in_explain(variant: str) -> None:
    bad = []
    for f in sorted(EXPLAIN.glob(f"{variant}*.txt")):
        for line in f.read_text(encoding="utf-8").splitlines():
            for pat, why in PER_GAME.get(variant, []) + COMMON[1:3]:
                if pat.search(line):
                    bad.append(f"{f.name}: {why}: {line}")
    assert not bad, "\n".join(bad[:20])


def test_majora_explain_names_days_by_loop() -> None:
    text = (EXPLAIN / "majora.txt").read_text(encoding="utf-8")
    heads = [x for x in text.splitlines() if x.startswith("=== ")]
    assert heads and all("周目・" in h for h in heads), heads
