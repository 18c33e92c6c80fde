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


def _uses(node: ast.FunctionDef) -> set[str]:
    return {a.arg for a in node.args.args + node.args.kwonlyargs}


def _calls_chromium(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "chromium"
               for n in ast.walk(node))


def _is_browser_mark(node: ast.expr) -> bool:
    return "mark.browser" in ast.unparse(node)


def browser_tests(tree: ast.Module) -> tuple[list[str], list[str]]:
    """(tests that drive Chromium but are not marked ``browser``, tests marked ``browser``
    that do not): a test drives Chromium when it takes the ``browser`` fixture, calls
    ``chromium()``, or takes a fixture of its module that does; it is marked by its
    module's ``pytestmark`` or its own decorator."""
    funcs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    module_marked = any(
        isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark"
                                          for t in n.targets) and _is_browser_mark(n.value)
        for n in tree.body)
    drives: dict[str, bool] = {}

    def drive(name: str, seen: frozenset[str] = frozenset()) -> bool:
        if name not in drives:
            f = funcs[name]
            drives[name] = "browser" in _uses(f) or _calls_chromium(f) or any(
                arg in funcs and arg not in seen and drive(arg, seen | {name})
                for arg in _uses(f))
        return drives[name]

    unmarked, stray = [], []
    for name, f in funcs.items():
        if not name.startswith("test_"):
            continue
        marked = module_marked or any(_is_browser_mark(d) for d in f.decorator_list)
        if drive(name) and not marked:
            unmarked.append(name)
        if marked and not drive(name):
            stray.append(name)
    return unmarked, stray


def test_the_browser_marker_is_registered_and_strict() -> None:
    opts = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["pytest"][
        "ini_options"]
    assert any(m.startswith("browser:") for m in opts["markers"])
    assert "--strict-markers" in opts["addopts"].split()


def test_every_chromium_test_is_marked_browser_and_only_those() -> None:
    unmarked, stray = [], []
    for path in sorted(TESTS.rglob("test_*.py")):
        name = path.relative_to(ROOT).as_posix()
        u, s = browser_tests(ast.parse(path.read_text("utf-8")))
        unmarked += [f"{name}::{t}" for t in u]
        stray += [f"{name}::{t}" for t in s]
    assert not unmarked, f"drive Chromium, mark them `pytest.mark.browser`: {unmarked}"
    assert not stray, f"marked browser without driving Chromium (hidden from the inner loop): {stray}"


def test_the_check_sees_every_way_of_driving_chromium_and_of_marking() -> None:
    def check(src: str) -> tuple[list[str], list[str]]:
        return browser_tests(ast.parse(src))

    assert check("def test_x(browser): pass") == (["test_x"], [])
    assert check("def test_y():\n    with chromium() as b: pass") == (["test_y"], [])
    assert check("def pages(browser): pass\ndef test_z(pages): pass") == (["test_z"], [])
    assert check("pytestmark = pytest.mark.browser\ndef test_a(browser): pass\n"
                 "def test_b(): pass") == ([], ["test_b"])
    assert check("@pytest.mark.browser\ndef test_c():\n    chromium()\n"
                 "def test_d(): pass") == ([], [])


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
    for stem in ("trust", "copy_lint_words", "rounds", "browser_guide",
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
