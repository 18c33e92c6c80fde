"""The inner loop (``pytest -m "not browser"``, docs/development.md) leaves out exactly the
tests that drive Chromium: every test module that takes the ``browser`` fixture or
launches ``chromium()`` itself is marked ``browser``, and no other module is."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

from tests.support import ROOT

TESTS = ROOT / "tests"


def _drives_chromium(tree: ast.Module) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            if any(a.arg == "browser" for a in node.args.args + node.args.kwonlyargs):
                return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "chromium":
            return True
    return False


def _marked_browser(tree: ast.Module) -> bool:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
            return "mark.browser" in ast.unparse(node.value)
    return False


def test_the_browser_marker_is_registered_and_strict() -> None:
    opts = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["pytest"][
        "ini_options"]
    assert any(m.startswith("browser:") for m in opts["markers"])
    assert "--strict-markers" in opts["addopts"].split()


def test_every_chromium_test_module_is_marked_browser_and_only_those() -> None:
    unmarked, stray = [], []
    for path in sorted(TESTS.rglob("test_*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        drives, marked = _drives_chromium(tree), _marked_browser(tree)
        name = path.relative_to(ROOT).as_posix()
        if drives and not marked:
            unmarked.append(name)
        if marked and not drives:
            stray.append(name)
    assert not unmarked, f"drive Chromium, add `pytestmark = pytest.mark.browser`: {unmarked}"
    assert not stray, f"marked browser without driving Chromium (hidden from the inner loop): {stray}"


def test_the_check_sees_both_ways_of_driving_chromium() -> None:
    fixture = ast.parse("def test_x(browser): pass")
    direct = ast.parse("def test_y():\n    with chromium() as b: pass")
    marked = ast.parse("import pytest\npytestmark = pytest.mark.browser\ndef test_z(): pass")
    assert _drives_chromium(fixture) and _drives_chromium(direct)
    assert not _drives_chromium(marked) and _marked_browser(marked)
    assert not _marked_browser(fixture)
