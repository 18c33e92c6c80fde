"""The package's shape (DESIGN.md, "Shape"; docs/architecture.md):

- the layers are import-linter's contracts in pyproject.toml (``[tool.importlinter]``):
  the commands above the engine above the games above the core, the registry's lookups
  by name the only exceptions, and a game's rules never reaching rendering (directly or
  through what they import); ``lint-imports`` runs them in CI and the tests below run
  them too, with a copy of the package that breaks each to show they can fail;
- a game (``adjudicator.games.<game>``) imports core modules, ``games.base`` and
  ``games.werewolf``, never another game (an AST walk, imports inside functions too);
- every game package has the same files for the same things.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import ROOT

PKG = ROOT / "adjudicator"
SHARED_GAME_MODULES = {"adjudicator.games", "adjudicator.games.base", "adjudicator.games.outputs",
                       "adjudicator.games.werewolf"}
GAME_FILES = ("__init__.py", "actions.py", "state.py", "rules.py", "report.py")


def module_name(path: Path) -> str:
    rel = path.relative_to(PKG.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def all_modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PKG.rglob("*.py"))}




def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The adjudicator modules ``name`` imports (submodules named in ``from X import y``
    count as the submodule)."""
    is_pkg = path.name == "__init__.py"
    base = name.split(".") if is_pkg else name.split(".")[:-1]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("adjudicator"):
                    out.add(a.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = base[: len(base) - (node.level - 1)]
                target = ".".join(anchor + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("adjudicator"):
                continue
            for a in node.names:
                sub = f"{target}.{a.name}"
                out.add(sub if sub in known else target)
    out.discard(name)
    return {m for m in out if m in known}


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    mods = all_modules()
    known = set(mods)
    return {m: imports_of(m, p, known) for m, p in mods.items()}


def game_of(mod: str) -> str | None:
    parts = mod.split(".")
    if len(parts) >= 3 and parts[1] == "games" and mod not in SHARED_GAME_MODULES:
        return parts[2]
    return None


def test_a_game_never_imports_another_game(graph: dict[str, set[str]]) -> None:
    bad = [(m, n) for m, deps in graph.items() for n in deps
           if game_of(m) and game_of(n) and game_of(m) != game_of(n)]
    assert bad == []


def test_every_game_package_has_the_same_shape() -> None:
    games = [p for p in sorted((PKG / "games").iterdir()) if p.is_dir() and p.name != "__pycache__"]
    assert {g.name for g in games} >= {"derby_stock", "splatoon", "trapword"}
    for g in games:
        missing = [f for f in GAME_FILES if not (g / f).is_file()]
        assert missing == [], f"{g.name} lacks {missing}"


def test_every_registered_game_is_a_package() -> None:
    from adjudicator.games import REGISTRY

    for variant, (module, _cls) in REGISTRY.items():
        assert (PKG / "games" / module / "__init__.py").is_file(), variant


def test_the_checker_sees_a_cycle_and_a_cross_game_import() -> None:
    """The checks above can fail: a made-up graph with a cycle and a game importing another."""
    assert game_of("adjudicator.games.splatoon.rules") == "splatoon"
    assert game_of("adjudicator.games.werewolf") is None
    assert game_of("adjudicator.engine") is None


def test_old_homes_are_gone() -> None:
    assert not (PKG / "variants").exists()
    assert not (PKG / "trapword").exists()
    assert not (PKG / "werewolf.py").exists()






def _lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", "from importlinter.cli import lint_imports_command;"
                           "lint_imports_command()", "--no-cache"],
                          cwd=root, env={**os.environ, "PYTHONPATH": str(root)},
                          capture_output=True, text=True, timeout=300)


def test_the_layers_hold() -> None:
    """pyproject.toml's import-linter contracts (the layers; rules never reach rendering)
    are kept by the package as it is."""
    run = _lint_imports(ROOT)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]


def test_the_layers_catch_an_upward_import(tmp_path: Path) -> None:
    """The contracts can fail: the package copied with one upward import (the file
    helpers importing the engine) and one game's rules importing rendering."""
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    shutil.copytree(PKG, tmp_path / "adjudicator",
                    ignore=shutil.ignore_patterns("__pycache__"))
    with (tmp_path / "adjudicator" / "fsio.py").open("a", encoding="utf-8") as f:
        f.write("\nfrom . import engine as _upward  # noqa\n")
    rules = sorted((tmp_path / "adjudicator" / "games").glob("*/rules.py"))[0]
    with rules.open("a", encoding="utf-8") as f:
        f.write("\nfrom ... import render as _render  # noqa\n")
    run = _lint_imports(tmp_path)
    assert run.returncode != 0
    assert "adjudicator.fsio -> adjudicator.engine" in run.stdout
    assert f"adjudicator.games.{rules.parent.name}.rules -> adjudicator.render" in run.stdout
