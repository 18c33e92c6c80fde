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
from tests.support import ROOT, fixture_games, fixture_variant, fixtures_of

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
_PACKAGES = {m: v for v, (m, _c) in REGISTRY.items()}


def _village_of() -> dict[str, str]:
    """Every word that stands for one village in a test: its variant, its package, the
    name of each of its fixture games."""
    out = {v: v for v in REGISTRY} | dict(_PACKAGES)
    out |= {p.name: fixture_variant(p) for p in fixture_games()}
    return out


_VILLAGE_OF = _village_of()


def _own(rel: Path) -> bool:
    """A file of one game's room (its package, its tests, its test helpers)."""
    parts = rel.parts
    packages = {m for m, _c in REGISTRY.values()}
    return ((parts[:2] == ("adjudicator", "games") and len(parts) > 3)
            or (parts[:2] == ("tests", "games") and len(parts) > 3)
            or (parts[:2] == ("tests", "support") and rel.stem in packages))


def _villages(elts: list[ast.expr | None]) -> set[str]:
    """The villages the constants among ``elts`` stand for (a few fixture games of
    different villages side by side, a smoke test's picks, are not a table of villages:
    only a table's keys and rows are read this way)."""
    return {_VILLAGE_OF[e.value] for e in elts
            if isinstance(e, ast.Constant) and isinstance(e.value, str) and e.value in _VILLAGE_OF}


def lists_of_games(path: Path, program: bool = False) -> list[int]:
    """The lines of ``path`` holding a list, tuple, set or dict of two or more game names,
    or (``program``: a module of the package) a comparison with one. In a test (not
    ``program``), also: a table of cases whose rows stand for two or more villages (a
    variant, its package or one of its fixture games in each row: ``[("splatoon", …),
    ("genpei", …)]``), test functions named after two or more villages (the shape of
    a check written out once per village: parametrize it over the registry, with the
    village's data in its ``tests/support/<package>.py``), and a game's hook read with a
    default (``getattr(game_support(v), NAME, default)``: ``tests.support.hook`` fails)."""
    out = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    named_tests: dict[str, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.List | ast.Tuple | ast.Set | ast.Dict):
            elts = node.keys if isinstance(node, ast.Dict) else node.elts
            named = {e.value for e in elts if isinstance(e, ast.Constant) and e.value in _NAMES}
            keyed = isinstance(node, ast.Dict) and len(_villages(elts)) >= 2
            if len(named) >= 2 or (not program and keyed):
                out.append(node.lineno)
            rows = [e for e in elts if isinstance(e, ast.Tuple | ast.List)]
            if not program and len(rows) >= 2:
                per_row = [_villages(list(r.elts)) for r in rows]
                if len(set().union(*per_row)) >= 2 and all(len(v) <= 1 for v in per_row):
                    out.append(node.lineno)
        if isinstance(node, ast.Compare) and program:
            sides = [node.left, *node.comparators]
            if any(isinstance(s, ast.Constant) and s.value in _NAMES for s in sides):
                out.append(node.lineno)
        if (not program and isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "getattr" and len(node.args) == 3
                and isinstance(node.args[0], ast.Call)
                and getattr(node.args[0].func, "id", "") in ("game_support", "import_module")):
            out.append(node.lineno)  # a game's hook read with a default: hook() fails instead
        if (not program and isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                and node.name.startswith("test_")):
            for package in _PACKAGES:
                if package in node.name:
                    named_tests.setdefault(package, node.lineno)
    if len(named_tests) >= 2:
        out += named_tests.values()
    return sorted(set(out))


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


def test_the_scan_sees_a_check_written_out_once_per_village(tmp_path: Path) -> None:
    """The shapes issue 47 converted: a table of cases with a row per village (by its
    name or one of its fixture games), a dict keyed by fixture games of different
    villages, a test function named after each village; and not a table of one village,
    a smoke test's few fixture games side by side, or tests named after one village."""
    made = tmp_path / "test_x.py"
    (a, pa), (b, pb) = sorted((v, m) for v, (m, _c) in REGISTRY.items())[:2]
    fa, fb = sorted(fixtures_of(a))[0], sorted(fixtures_of(b))[0]

    def scan(source: str) -> list[int]:
        made.write_text(source, encoding="utf-8")
        return lists_of_games(made)

    assert scan(f"CASES = [\n    ({a!r}, 'x', 1),\n    ({b!r}, 'y', 2),\n]\n") == [1]
    assert scan(f"@pytest.mark.parametrize('f,old,new', [({fa!r}, 'a', 'b'), "
                f"({fb!r}, 'c', 'd')])\ndef test_x(f, old, new): pass\n") == [1]
    assert scan(f"for v, w in (({a!r}, 'x'), ({b!r}, 'y')):\n    pass\n") == [1]
    assert scan(f"JA = {{{fa!r}: {{}}, {fb!r}: {{}}}}\n") == [1]
    assert scan(f"def test_{pa}_one(): pass\n\n\ndef test_{pb}_two(): pass\n") == [1, 4]
    # one village's table, a few fixture games side by side, one village's tests: not lists
    assert scan(f"CASES = [({a!r}, 'x'), ({a!r}, 'y')]\n") == []
    assert scan(f"for name in ({fa!r}, {fb!r}):\n    pass\n") == []
    assert scan(f"def test_{pa}_one(): pass\n\n\ndef test_{pa}_two(): pass\n") == []
    assert scan("CASES = [('x', 1), ('y', 2)]\n") == []
    # a hook read with a default, which skips a village without it in silence
    assert scan("said = getattr(game_support(v), 'SEAT_COMMAND', '投票@{name}')\n") == [1]
    assert scan("said = getattr(game_support(v), 'SEAT_COMMAND')\n") == []
