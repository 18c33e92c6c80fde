"""Shared test helpers: fixture games and their expected outputs."""

from __future__ import annotations

import os
from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures"
UPDATE = os.environ.get("UPDATE_EXPECTED") == "1"


def read_tree(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }
