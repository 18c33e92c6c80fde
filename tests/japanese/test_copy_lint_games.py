"""Copy lint of the villages' own wording, round two (review 2, the points SP3, GP1,
GP3–GP5, MJ9–MJ10, SS17, SS19, SS20): each recurring wrong shape fixed is pinned over every
fixture game of its village, in every output a person reads: the GM ledger, the private
notices, the posts, and explain for the GM and every player.

A check that holds for every village is here (``SHARED``); a village's own checks are
its ``COPY_CHECKS`` in ``tests/support/<package>.py`` (point -> (check, the old wording
it replaced)), read over the registry.  ``test_each_check_can_fail`` feeds each check the
old wording, so that no check passes on anything."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support import fixture_games, fixture_variant, hook, registered
from tests.support.lint import Check, Texts, lines, texts_of

ROOTS = fixture_games()


def draws_count_people_in_nin(t: Texts) -> list[str]:
    """SS19: a draw among players counts them in 人, never 件."""
    bad = []
    for k, x in lines(t.everything()):
        for m in re.finditer(r"候補（([^（）]+)の(\d+)件）", x):
            items = [re.sub(r"さん$", "", s) for s in m.group(1).split("、")]
            if items and all(s in t.players for s in items):
                bad.append(f"{k}: {x}")
    return bad


#: the checks of every village: point -> (check, the old wording it replaced)
SHARED: dict[str, tuple[Check, Texts]] = {
    "SS19": (draws_count_people_in_nin,
             Texts("", {}, {"gm": "抽選：天罰。候補（うた、えりの2件）から「うた」が選ばれました。"},
                   frozenset({"うた", "えり"}))),
}


def checks_of(variant: str) -> dict[str, tuple[Check, Texts]]:
    """The checks a village's outputs are held to: the shared ones and its own."""
    own: dict[str, tuple[Check, Texts]] = hook(variant, "COPY_CHECKS")
    assert not set(own) & set(SHARED), f"{variant}: a point of its own named as a shared one"
    return {**SHARED, **own}


CHECKS = {(v, p): c for v in registered() for p, c in checks_of(v).items()}
PAIRS = [(p, r) for r in ROOTS for (v, p) in CHECKS if fixture_variant(r) == v]


@pytest.mark.parametrize(("point", "root"), PAIRS, ids=[f"{p}-{r.name}" for p, r in PAIRS])
def test_no_old_shape(point: str, root: Path) -> None:
    check = CHECKS[(fixture_variant(root), point)][0]
    bad = check(texts_of(root))
    assert not bad, f"{point}: {check.__doc__}\n" + "\n".join(bad[:20])


@pytest.mark.parametrize(("variant", "point"), list(CHECKS), ids=[f"{p}-{v}" for v, p in CHECKS])
def test_each_check_can_fail(variant: str, point: str) -> None:
    check, old = CHECKS[(variant, point)]
    assert check(old), f"{point} does not flag the old wording"


def test_the_lint_sees_every_village_and_view() -> None:
    seen = {fixture_variant(r) for r in ROOTS}
    assert seen == set(registered()), seen
    for root in ROOTS:
        t = texts_of(root)
        assert t.notices() and t.posts() and len(t.players_views()) == len(t.players) > 0, root
        assert any("ledger" in k for k in t.files), root
