"""docs/architecture.md names every module of the package: its table "Modules" has one row
for each module of ``adjudicator/`` (a game package's files of the common shape one row
each, ``games/<game>/<file>.py``, when every game package has that file) and no row for a
module that does not exist."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support import ROOT

PACKAGE = ROOT / "adjudicator"
PAGE = ROOT / "docs" / "architecture.md"


def table_rows(text: str) -> list[str]:
    """The first column of the table under "## Modules": one path a row."""
    section = re.search(r"^## Modules\n(.*?)(?=^## )", text, re.S | re.M)
    assert section, "docs/architecture.md has no section \"## Modules\""
    rows = []
    for line in section.group(1).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if not cells or cells[0] in ("module", "") or set(cells[0]) <= set("-:"):
            continue
        names = re.findall(r"`([^`]+)`", cells[0])
        assert len(names) == 1, f"one module a row: {line}"
        rows.append(names[0])
    return rows


def expected_rows(package: Path) -> set[str]:
    """A row for every module, relative to the package; a game package's file that every
    game package has is the one row ``games/<game>/<file>``."""
    modules = {p.relative_to(package).as_posix() for p in package.rglob("*.py")}
    games = sorted(p.parent.name for p in (package / "games").glob("*/__init__.py"))
    shared = set.intersection(*({p.name for p in (package / "games" / g).glob("*.py")}
                                for g in games)) if games else set()
    rows = set()
    for m in modules:
        parts = m.split("/")
        if len(parts) == 3 and parts[0] == "games" and parts[1] in games and parts[2] in shared:
            rows.add(f"games/<game>/{parts[2]}")
        else:
            rows.add(m)
    return rows


def differences(rows: list[str], expected: set[str]) -> list[str]:
    problems = [f"a row twice: {r}" for r in sorted({r for r in rows if rows.count(r) > 1})]
    problems += [f"add a row: {r}" for r in sorted(expected - set(rows))]
    problems += [f"remove the row: {r}" for r in sorted(set(rows) - expected)]
    return problems


def test_the_module_table_names_every_module_once_and_nothing_else() -> None:
    problems = differences(table_rows(PAGE.read_text("utf-8")), expected_rows(PACKAGE))
    assert not problems, "docs/architecture.md, table \"Modules\":\n" + "\n".join(problems)


def test_the_check_sees_a_missing_a_stale_and_a_game_row(tmp_path: Path) -> None:
    for rel in ("engine.py", "cli/__init__.py", "cli/main.py", "games/__init__.py",
                "games/a/__init__.py", "games/a/rules.py", "games/a/deck.py",
                "games/b/__init__.py", "games/b/rules.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("", "utf-8")
    expected = expected_rows(tmp_path)
    assert expected == {"engine.py", "cli/__init__.py", "cli/main.py", "games/__init__.py",
                        "games/<game>/__init__.py", "games/<game>/rules.py", "games/a/deck.py"}
    page = ("## Modules\n\n| module | what it is |\n|---|---|\n| `engine.py` | e |\n"
            "| `cli.py` | old |\n| `games/<game>/rules.py` | r |\n| `engine.py` | twice |\n\n## Next\n")
    assert differences(table_rows(page), expected) == [
        "a row twice: engine.py", "add a row: cli/__init__.py", "add a row: cli/main.py",
        "add a row: games/<game>/__init__.py", "add a row: games/__init__.py",
        "add a row: games/a/deck.py", "remove the row: cli.py"]
