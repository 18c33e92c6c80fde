"""What docs/ja/ quotes as the tool's words is what the tool writes: every quoted line
(a Markdown ``> `` block) of a game's page appears verbatim in the outputs (posts and
notices under out/) of that game's sample, resolved afresh."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.cli.main import main
from tests.support import ROOT

JA = ROOT / "docs" / "ja"
QUOTED = re.compile(r"(?m)^\s*> (.+)$")
PAGES = [p for p in sorted(JA.glob("*.md")) if QUOTED.search(p.read_text("utf-8"))]


def quotes(text: str) -> list[str]:
    return [q.strip() for q in QUOTED.findall(text)]


def outputs_text(root: Path) -> str:
    return "\n".join(p.read_text("utf-8") for p in sorted((root / "out").rglob("*.txt")))


def test_some_page_quotes_the_tool() -> None:
    assert any(p.stem == "secret-society" for p in PAGES)


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_a_quoted_notice_is_what_the_tool_writes(page: Path, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    root = tmp_path / "g"
    assert main(["demo", str(root), "--sample", page.stem]) == 0
    capsys.readouterr()
    written = outputs_text(root)
    missing = [q for q in quotes(page.read_text("utf-8")) if q not in written]
    assert not missing, missing


def test_an_old_wording_is_caught() -> None:
    old = "- 承諾：\n\n  > 今夜あなたへの勧誘はありません\n"
    assert quotes(old) == ["今夜あなたへの勧誘はありません"]
    assert "今夜あなたへの勧誘はありません" not in "昨晩あなたに届いた勧誘はないため、「承諾」「拒否」は無効です。"
