"""docs/architecture.md's "Adding a game" is the checklist of a new village, and it is
true: every file it lists exists for every registered game, it lists only the game's own
files, the files every game has are all in it, each game has its registry line and its
index rows; and no code outside a game's room lists the games one by one (the registry
is the only list)."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

from adjudicator.games import REGISTRY, get_variant
from adjudicator.games.werewolf import WerewolfVariant
from tests.support import ROOT

ARCH = ROOT / "docs" / "architecture.md"
PLACEHOLDERS = ("<variant>", "<package>", "<first>")


def checklist() -> list[tuple[str, str]]:
    """(path pattern, when) of every row of the section's table."""
    text = ARCH.read_text(encoding="utf-8")
    section = text.split("## Adding a game", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([^`]+)` \| ([^|]+?) \|", section, re.M)
    assert rows, "no table of files in docs/architecture.md's Adding a game"
    return [(path, when.strip()) for path, when in rows]


def applies(when: str, game: Any) -> bool:
    if when == "every game":
        return True
    first = next(iter(game.phase_ids(None)))
    if when == "day and night":
        return bool(first == "day1")
    if when == "werewolf day":
        return issubclass(game, WerewolfVariant)
    raise AssertionError(f"a row's condition is not one the test knows: {when!r}")


def expand(pattern: str, variant: str) -> str:
    return (pattern.replace("<variant>", variant)
            .replace("<package>", REGISTRY[variant][0])
            .replace("<first>", variant.split("-")[0]))


def test_the_checklist_lists_only_the_room() -> None:
    """Every row is a file of the game itself (it names the game), never a shared one."""
    for path, _when in checklist():
        assert any(p in path for p in PLACEHOLDERS), f"{path}: not a file of the game's own"


@pytest.mark.parametrize("variant", list(REGISTRY))
def test_every_registered_game_has_every_file_of_the_checklist(variant: str) -> None:
    game = get_variant(variant)
    missing = []
    for path, when in checklist():
        if not applies(when, game):
            continue
        where = expand(path, variant)
        if any(ch in where for ch in "*?["):
            found = list(ROOT.glob(where))
        else:
            found = [ROOT / where] if (ROOT / where).exists() else []
        if not found:
            missing.append(where)
    assert missing == [], f"{variant} lacks what docs/architecture.md lists: {missing}"


@pytest.mark.parametrize("variant", list(REGISTRY))
def test_every_registered_game_has_its_index_rows(variant: str) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    docs = (ROOT / "docs" / "README.md").read_text(encoding="utf-8")
    ja = (ROOT / "docs" / "ja" / "README.md").read_text(encoding="utf-8")
    name_ja = get_variant(variant).name_ja
    assert name_ja
    assert re.search(rf"^\| {re.escape(name_ja)} \| `{re.escape(variant)}` \|.*"
                     rf"\(docs/games/{re.escape(variant)}\.md\)", readme, re.M), "README.md"
    assert f"| [games/{variant}.md](games/{variant}.md) | {name_ja} | `{variant}` |" in docs
    assert f"- [{name_ja}]({variant}.md)" in ja


def _common(folders: list[Path]) -> set[str]:
    names = [{p.name for p in f.iterdir() if p.is_file()} for f in folders]
    return set.intersection(*names) if names else set()


def test_what_every_game_has_is_on_the_checklist() -> None:
    """A module (or template) every registered game has is a file a new one needs: the
    checklist names it (so the page cannot fall behind the games)."""
    listed = {path for path, _when in checklist()}
    pkgs = [ROOT / "adjudicator" / "games" / m for m, _c in REGISTRY.values()]
    for name in sorted(_common(pkgs)):
        assert f"adjudicator/games/<package>/{name}" in listed, name
    for name in sorted(_common([ROOT / "reports" / v for v in REGISTRY])):
        assert f"reports/<variant>/{name}" in listed, name


def test_the_checker_sees_a_missing_file() -> None:
    """The walk can fail: a made-up game's name finds none of its files."""
    assert not (ROOT / expand("grammars/<variant>.lark", "derby-stock").replace(
        "derby-stock", "no-such-game")).exists()
    assert applies("every game", get_variant(next(iter(REGISTRY))))
    with pytest.raises(AssertionError):
        applies("some other condition", get_variant(next(iter(REGISTRY))))


# ------------------------------------------------------------------ one list
_NAMES = set(REGISTRY) | {m for m, _c in REGISTRY.values()}


def _own(rel: Path) -> bool:
    """A file of one game's room (its package, its tests, its test helpers)."""
    parts = rel.parts
    packages = {m for m, _c in REGISTRY.values()}
    return ((parts[:2] == ("adjudicator", "games") and len(parts) > 3)
            or (parts[:2] == ("tests", "games") and len(parts) > 3)
            or (parts[:2] == ("tests", "support") and rel.stem in packages))


def lists_of_games(path: Path, program: bool = False) -> list[int]:
    """The lines of ``path`` holding a list, tuple, set or dict of two or more game names,
    or (``program``: a module of the package) a comparison with one."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.List | ast.Tuple | ast.Set | ast.Dict):
            elts = node.keys if isinstance(node, ast.Dict) else node.elts
            named = {e.value for e in elts if isinstance(e, ast.Constant) and e.value in _NAMES}
            if len(named) >= 2:
                out.append(node.lineno)
        if isinstance(node, ast.Compare) and program:
            sides = [node.left, *node.comparators]
            if any(isinstance(s, ast.Constant) and s.value in _NAMES for s in sides):
                out.append(node.lineno)
    return out


def test_no_list_of_games_outside_the_rooms() -> None:
    found = {}
    for top in ("adjudicator", "tests", "benchmarks"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT)
            if _own(rel) or rel.as_posix() == "adjudicator/games/__init__.py":
                continue
            lines = lists_of_games(path, program=top == "adjudicator")
            if lines:
                found[rel.as_posix()] = sorted(lines)
    assert found == {}, f"lists of games outside the registry: {found}"


def test_the_scan_sees_a_list_of_games(tmp_path: Path) -> None:
    made = tmp_path / "x.py"
    names = sorted(REGISTRY)[:2]
    made.write_text(f"GAMES = {names!r}\nOK = [{names[0]!r}]\n", encoding="utf-8")
    assert lists_of_games(made) == [1]
    made.write_text(f"if variant == {names[0]!r}:\n    pass\n", encoding="utf-8")
    assert lists_of_games(made) == [] and lists_of_games(made, program=True) == [1]
