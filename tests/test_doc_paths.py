"""Every file a documentation page names by its path (in backticks: `adjudicator/…`,
`tests/…`, `benchmarks/…`) exists, so that a page never sends a reader to a module or a
test that moved (the README and docs/, drafts in docs/_new aside)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support import ROOT

PAGES = [ROOT / "README.md"] + sorted(p for p in (ROOT / "docs").rglob("*.md")
                                      if "_new" not in p.relative_to(ROOT).parts)
PATH = re.compile(r"`((?:adjudicator|tests|benchmarks)/[^`\s]*)`")


def named_paths(text: str) -> list[str]:
    """The paths a page names, placeholders (``<game>``, ``*``, ``…``) aside; a path
    followed by arguments (a command line) counts by its first word."""
    return [p.rstrip("/.,:;") for p in PATH.findall(text) if not re.search(r"[<>*…{}]", p)]


@pytest.mark.parametrize("page", PAGES, ids=[p.relative_to(ROOT).as_posix() for p in PAGES])
def test_every_path_a_page_names_exists(page: Path) -> None:
    missing = [p for p in named_paths(page.read_text("utf-8")) if not (ROOT / p).exists()]
    assert not missing, f"{page.relative_to(ROOT).as_posix()} names what is not there: {missing}"


def test_the_check_reads_paths_and_leaves_placeholders() -> None:
    text = ("`adjudicator/report_log.py` (moved), `tests/games/<game>/`, "
            "`benchmarks/bench_resolve.py`, `adjudicator/rules/*.md`.")
    assert named_paths(text) == ["adjudicator/report_log.py", "benchmarks/bench_resolve.py"]
