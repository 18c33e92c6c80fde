"""Every guess a chat reader makes is said in the GM's words too (``Guess.ja``): `read`,
resolve's diagnostics and the desk show it, so no reader may add an English-only guess."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from adjudicator.chatlog import read_chat
from adjudicator.chatlog.ja import guess_ja

CHATLOG = Path(__file__).resolve().parents[2] / "adjudicator" / "chatlog"
KANA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
ENGLISH_RUN = re.compile(r"\b[A-Za-z]{2,}(?:\s+[A-Za-z]{2,}){2,}\b")

CASES = {
    "date order conflict": "Sat, 23/07/2021\n21:00\ta\tx\nMon, 3/15/2021\n21:01\tb\ty\n",
    "no date settles the order": "Wed, 3/3/2021\n21:00\ta\tx\n",
    "impossible dce date": ("=" * 62 + "\nGuild: g\n" + "=" * 62
                            + "\n[01/02/2024 21:00] a\nx\n\n[31/02/2024 21:01] b\ny\n"),
    "line pc name split": "2026.03.01 日曜日\n21:00 Mei (=^_^=) a\n21:01 Mei (=^_^=) b\n",
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_guess_reads_in_japanese(name: str) -> None:
    r = read_chat(CASES[name], "t")
    assert r.guesses, name
    for g in r.guesses:
        said = guess_ja(g)
        assert g.ja and said == g.ja and KANA.search(said), g
        assert not ENGLISH_RUN.search(said), said


def test_a_broken_character_is_said_in_japanese() -> None:
    r = read_chat("21:00 たろう: あ\udc80い\n", "t")
    assert [g.kind for g in r.guesses][:1] == ["text"]
    assert KANA.search(guess_ja(r.guesses[0]))


def _guess_calls() -> list[tuple[str, int, int]]:
    found = []
    for path in sorted(CHATLOG.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            if name in ("guess", "Guess") and not (isinstance(f, ast.Name) and name == "guess"
                                                   and path.name == "base.py"):
                found.append((path.name, node.lineno, len(node.args) + len(node.keywords)))
    return found


def test_every_guess_call_passes_its_japanese() -> None:
    calls = _guess_calls()
    assert len(calls) >= 12  # the readers' guesses, found by walking the code
    assert [c for c in calls if c[2] < 4] == []


def test_the_walk_sees_a_guess_without_japanese() -> None:
    tree = ast.parse('ctx.guess(1, "date", "english only")')
    call = next(n for n in ast.walk(tree) if isinstance(n, ast.Call))
    assert len(call.args) == 3  # what test_every_guess_call_passes_its_japanese refuses
