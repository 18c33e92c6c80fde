"""README.md and the pages under docs/ stay true: their command examples parse, their links
and images point at files (and headings) that exist, the README is a short front door that
opens with the two commands, every game has its page with its choices, the derby command
words and the chat formats are documented, and every rule citation of a docs/ page names a
heading that exists."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from adjudicator.chatlog import FORMATS
from adjudicator.cli.main import build_parser
from adjudicator.games import REGISTRY
from adjudicator.parser import command_words
from tests.support import ROOT

DOCS = ROOT / "docs"
INBOX = DOCS / "_new"  # other helpers drop drafts here; the lead links them in


def _pages() -> list[Path]:
    found = [ROOT / "README.md"]
    found += sorted(p for p in DOCS.rglob("*.md") if INBOX not in p.parents)
    return found


PAGES = _pages()
TEXT = {p: p.read_text("utf-8") for p in PAGES}
README = TEXT[ROOT / "README.md"]


def _name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def _without_code(text: str) -> str:
    return re.sub(r"```.*?```", "", text, flags=re.S)


def _headings(text: str) -> list[str]:
    return [m.group(1).strip() for m in re.finditer(r"^#{1,6} +(.+)$", _without_code(text), re.M)]


def _slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"`", "", heading.lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def _examples() -> list[tuple[str, str]]:
    out: set[tuple[str, str]] = set()
    for page, text in TEXT.items():
        found = re.findall(r"`(adjudicator [^`]*)`", text)
        for block in re.findall(r"```(?:sh)?\n(.*?)```", text, re.S):
            for line in block.splitlines():
                line = line.split("#", 1)[0].strip()
                if line.startswith("adjudicator "):
                    found.append(line)
        # usage lines with placeholders ([--json], GAME, …) are synopses, not examples
        out |= {(_name(page), e) for e in found if not re.search(r"[\[…]|\bGAME\b|\bFILE\b", e)}
    return sorted(out)


def test_the_pages_are_found() -> None:
    names = {_name(p) for p in PAGES}
    assert {"README.md", "docs/README.md", "docs/chat-formats.md", "docs/commands.md",
            "docs/architecture.md", "docs/development.md"} <= names
    assert not any(n.startswith("docs/_new/") for n in names)


@pytest.mark.parametrize(("page", "example"), _examples())
def test_examples_parse(page: str, example: str) -> None:
    args = shlex.split(example)[1:]
    try:
        ns = build_parser().parse_args(args)
    except SystemExit as e:  # argparse's way to refuse
        pytest.fail(f"{page}: example does not parse: {example!r} ({e})")
    assert getattr(ns, "func", None) is not None


def test_readme_opens_with_the_two_commands() -> None:
    first = re.search(r"```sh\n(.*?)```", README, re.S)
    assert first is not None
    lines = [x for x in first.group(1).splitlines() if x.strip()]
    assert len(lines) == 2
    assert "adjudicator demo" in lines[0] and "pytest" in lines[1]
    assert README.index(first.group(0)) < README.index("## ")


def test_readme_is_a_front_door() -> None:
    assert len(README.splitlines()) <= 300
    for link in ("docs/README.md", "docs/commands.md", "docs/chat-formats.md"):
        assert f"]({link})" in README, link


@pytest.mark.parametrize("page", PAGES, ids=[_name(p) for p in PAGES])
def test_links_and_images_exist(page: Path) -> None:
    text = _without_code(TEXT[page])
    for target in re.findall(r"!?\[[^\]]*\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):  # http:, mailto:
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        assert dest.exists(), f"{_name(page)}: {target} does not exist"
        if anchor and dest.suffix == ".md":
            slugs = {_slug(h) for h in _headings(dest.read_text("utf-8"))}
            assert anchor in slugs, f"{_name(page)}: no heading for #{anchor} in {dest.name}"


@pytest.mark.parametrize("variant", sorted(REGISTRY))
def test_every_game_has_its_page_with_its_choices(variant: str) -> None:
    page = DOCS / "games" / f"{variant}.md"
    assert page.exists(), f"no docs/games/{variant}.md"
    text = page.read_text("utf-8")
    assert f"({variant})" in text.splitlines()[0], "the title names the variant"
    assert "Choices where the rules are silent" in _headings(text)
    assert f"](docs/games/{variant}.md)" in README
    assert f"](games/{variant}.md)" in TEXT[DOCS / "README.md"]


def test_every_derby_command_word_is_documented() -> None:
    page = TEXT[DOCS / "games" / "derby-stock.md"]
    shared = TEXT[DOCS / "gm-tools.md"]
    for word in command_words("derby-stock"):
        # a GM directive common to every game (交代@, 代役@) is on the GM tools page
        assert f"{word}@" in page + shared or f"`{word}" in page + shared, word


def test_every_chat_format_is_documented() -> None:
    page = TEXT[DOCS / "chat-formats.md"]
    for fmt in FORMATS:
        assert f"| `{fmt}` |" in page, fmt


CITATION = re.compile(r"((?:docs/[\w./-]+|README)\.md|README)「([^」]+)」")


def _citations() -> list[tuple[str, str, str]]:
    out = []
    for seed in sorted((ROOT / "adjudicator" / "rules").glob("*.seed.toml")):
        for m in CITATION.finditer(seed.read_text("utf-8")):
            out.append((seed.name, m.group(1), m.group(2)))
    return out


def test_seed_citations_of_the_docs_are_found() -> None:
    cited = _citations()
    assert any(page.startswith("docs/games/") for _, page, _ in cited)


@pytest.mark.parametrize(("seed", "page", "heading"), _citations())
def test_every_cited_page_and_heading_exists(seed: str, page: str, heading: str) -> None:
    assert page.startswith("docs/"), f"{seed}: cites {page}; the README is a front door, cite a docs/ page"
    path = ROOT / page
    assert path.exists(), f"{seed}: {page} does not exist"
    assert heading in _headings(path.read_text("utf-8")), f"{seed}: {page} has no heading 「{heading}」"
