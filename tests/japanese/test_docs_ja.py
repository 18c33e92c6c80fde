"""The GM's guide in Japanese (docs/ja/) stays true: every page's ```sh examples run, in
order, in a fresh folder, each with exit code 0 (``serve`` starts a server: it is only
parsed); every ``check`` example is a line the game accepts; the pages are in Japanese
(no English paragraph) and linked from docs/README.md and README.md; there is one page
per game."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from adjudicator.cli.main import build_parser, main
from adjudicator.games import REGISTRY
from tests.support import ROOT

JA = ROOT / "docs" / "ja"
PAGES = sorted(JA.glob("*.md"))


def _commands(page: Path) -> list[str]:
    out = []
    for block in re.findall(r"```sh\n(.*?)```", page.read_text("utf-8"), re.S):
        out += [line.strip() for line in block.splitlines() if line.startswith("adjudicator ")]
    return out


#: the guide's pages that are about no one game (each linked from the index)
TOPICS = {"discord-bot"}


def test_there_is_a_page_per_game_and_an_index() -> None:
    names = {p.stem for p in PAGES}
    assert names == {"README", *REGISTRY, *TOPICS}
    index = (JA / "README.md").read_text("utf-8")
    for v in (*REGISTRY, *TOPICS):
        assert f"]({v}.md)" in index, v
    assert "](ja/README.md)" in (ROOT / "docs" / "README.md").read_text("utf-8")
    assert "](docs/ja/README.md)" in (ROOT / "README.md").read_text("utf-8")


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_the_examples_run(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                          capsys: pytest.CaptureFixture[str]) -> None:
    commands = _commands(page)
    assert commands, f"{page.name} has no example to run"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ADJUDICATOR_ARCHIVE", str(tmp_path / "archive.sqlite"))
    for line in commands:
        args = shlex.split(line)[1:]
        if args[0] == "serve":
            assert getattr(build_parser().parse_args(args), "func", None) is not None
            continue
        code = main(args)
        out = capsys.readouterr()
        assert code == 0, f"{page.name}: {line!r} exited {code}: {out.err[-500:]}"
        if args[0] == "check":
            _assert_accepted(args, tmp_path)


def _assert_accepted(args: list[str], cwd: Path) -> None:
    """A ``check`` example of the guide is a line the game accepts (read with the engine,
    not from the command's printed words)."""
    from adjudicator.checkline import check_line
    from adjudicator.engine import resolve_game

    ns = build_parser().parse_args(args)
    game = resolve_game(cwd / ns.game)
    rec = check_line(game, ns.line, ns.speaker, ns.phase).record
    assert rec.disposition == "accepted", f"{ns.line!r}: {rec.disposition} {rec.reason}"


#: what a GM types (code, commands, links to pages) is left out of the prose
_CODE = re.compile(r"```.*?```|`[^`]*`|\([^)]*\.md[^)]*\)", re.S)


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_the_pages_are_japanese(page: Path) -> None:
    prose = _CODE.sub("", page.read_text("utf-8"))
    assert len(re.findall(r"[ぁ-んァ-ン一-龥]", prose)) > 300, "a page in Japanese"
    # outside code, the only Latin words are those everyone uses (GM, LINE, Discord…)
    words = set(re.findall(r"[A-Za-z][A-Za-z.]*", prose))
    allowed = {"GM", "LINE", "Discord", "HTML", "JSON", "Schema", "Python", "macOS",
               "CO", "Splatoon", "adjudicator"}
    assert words - allowed == set(), words - allowed
