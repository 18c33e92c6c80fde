"""Copy lint first written for 秘密結社村, 源平村 and ムジュラの仮面村 (review 2, SS/GP/MJ
points), held for every village: the recurring wrong shapes must not come back in any
fixture game's outputs (posts, notices, ledgers) or explain views (GM and every player).

``COMMON`` holds for every village; a village's own wording is its ``COPY_WORDS`` in
``tests/support/<package>.py`` (read over the registry)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support import fixture_games, fixture_variant, hook, registered
from tests.support.lint import output_files

ROOTS = fixture_games()
EXPLAIN = Path(__file__).resolve().parents[1] / "fixtures" / "explain"

#: (pattern, why) for every village
COMMON = [
    (re.compile(r"[a-z_]+=\S"), "key=value in text for people"),
    (re.compile(r"（（なし）"), "an empty value rendered as （なし） inside parentheses"),
    (re.compile(r"-\d+回得"), "spending rendered as a negative gain"),
    (re.compile(r"(生存者|勝者)（?\d*人?）?：(?!なし)[^さ\n、]+、"), "names without さん in a list"),
]


def own_words(variant: str) -> list[tuple[re.Pattern[str], str]]:
    return list(hook(variant, "COPY_WORDS"))


@pytest.mark.parametrize("root", ROOTS, ids=[r.name for r in ROOTS])
def test_no_wrong_shape_in_outputs(root: Path) -> None:
    variant = fixture_variant(root)
    bad = []
    for name, text in output_files(root).items():
        for line in text.splitlines():
            body = re.sub(r"^\S+:\d+ ", "", line)  # a ledger line's log place
            for pat, why in COMMON + own_words(variant):
                if pat.search(body) and not ("「" in body and pat is COMMON[0][0]):
                    bad.append(f"{name}: {why}: {line}")
    assert not bad, "\n".join(bad[:20])


@pytest.mark.parametrize("variant", registered())
def test_no_wrong_shape_in_explain(variant: str) -> None:
    bad = []
    files = sorted(EXPLAIN.glob(f"{variant}*.txt"))
    assert files, f"no golden explain of {variant}"
    for f in files:
        for line in f.read_text(encoding="utf-8").splitlines():
            for pat, why in own_words(variant) + COMMON[1:3]:
                if pat.search(line):
                    bad.append(f"{f.name}: {why}: {line}")
    assert not bad, "\n".join(bad[:20])


def test_the_lint_sees_every_village() -> None:
    """Every registered village has a fixture game whose outputs are read."""
    assert {fixture_variant(r) for r in ROOTS} == set(registered())
    for root in ROOTS:
        assert output_files(root), root
