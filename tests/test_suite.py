"""The suite's own house (docs/development.md, "Tests"): the inner loop (``pytest -m "not
browser"``) leaves out exactly the tests that drive Chromium (every test module that takes
the ``browser`` fixture or launches ``chromium()`` itself is marked ``browser``, and no
other module is); a test file is named for what it tests, not for the round or review that
wrote it; a helper or fixture is written once (in tests/support/ or a folder's conftest.py),
not copied between files; and no test reads a place of one machine."""

from __future__ import annotations

import ast
import re
import tomllib
from collections import defaultdict

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


# ---------------------------------------------------------------- names
#: a name that says when or by which pass a file was written, not what it tests
_ROUND = re.compile(r"(^|_)(round|take|part|pass|review|issue)_?\d+($|_)|_[a-z]$|_\d+$"
                    r"|_(new|old|more|again|extra)$")


def test_test_files_are_named_for_what_they_test() -> None:
    bad = [p.relative_to(ROOT).as_posix() for p in sorted(TESTS.rglob("test_*.py"))
           if _ROUND.search(p.stem.removeprefix("test_"))]
    assert not bad, f"name these for what they test (git mv): {bad}"


def test_the_name_check_sees_rounds_and_letters() -> None:
    for stem in ("trust_round2", "copy_lint_b", "desk_2", "review_3_copy", "cli_again"):
        assert _ROUND.search(stem), stem
    for stem in ("trust", "copy_lint_society_genpei_majora", "rounds", "browser_guide",
                 "odd_files_ports_and_full_disks", "new_game_ja"):
        assert not _ROUND.search(stem), stem


# ---------------------------------------------------------------- helpers once
def _body(node: ast.FunctionDef) -> str:
    """A function's arguments and statements (its docstring, name and decorators aside)."""
    body = node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    return ast.dump(node.args) + "".join(ast.dump(s) for s in body)


def _copies(files: dict[str, str]) -> list[list[str]]:
    seen: dict[str, list[str]] = defaultdict(list)
    for name, text in files.items():
        for node in ast.parse(text).body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("test_"):
                seen[_body(node)].append(f"{name}:{node.lineno} {node.name}")
    return [places for places in seen.values()
            if len({p.split(":")[0] for p in places}) > 1]


def test_no_helper_or_fixture_is_copied_between_test_files() -> None:
    files = {p.relative_to(ROOT).as_posix(): p.read_text("utf-8")
             for p in sorted(TESTS.rglob("*.py"))}
    copies = _copies(files)
    assert not copies, ("write each once, in tests/support/ (a helper) or the folder's "
                        f"conftest.py (a fixture): {copies}")


def test_the_copy_check_sees_a_copy_under_another_name_and_docstring() -> None:
    one = "def run(capsys, *args):\n    code = main(list(args))\n    return code\n"
    two = 'def go(capsys, *args):\n    """Run it."""\n    code = main(list(args))\n    return code\n'
    assert _copies({"a.py": one, "b.py": two})
    assert not _copies({"a.py": one, "b.py": one.replace("list(args)", "args")})


# ---------------------------------------------------------------- places
def test_no_test_reads_a_place_of_one_machine() -> None:
    """The project's shared folder is ``tests.support.SHARED`` (beside the clone, as CI
    has it), never an absolute path that holds on one machine and skips elsewhere."""
    bad = []
    for path in sorted(TESTS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and re.match(r"/(work|home|Users|root|mnt|opt|srv)/", node.value):
                bad.append(f"{path.relative_to(ROOT).as_posix()}:{node.lineno} {node.value}")
    assert not bad, bad
