"""Package data: grammars and templates, from the installed wheel or a source checkout."""

from __future__ import annotations

from functools import cache
from pathlib import Path


@cache
def data_dir(name: str) -> Path:
    """``grammars`` or ``reports``: inside the package when installed from the wheel
    (hatch force-include), else the top-level folder of the source checkout."""
    here = Path(__file__).resolve().parent
    for candidate in (here / name, here.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"package data folder {name!r} is missing from {here}")


@cache
def grammar_text(variant: str) -> str:
    folder = data_dir("grammars")
    common = (folder / "common.lark").read_text(encoding="utf-8")
    own = (folder / f"{variant}.lark").read_text(encoding="utf-8")
    return common + "\n" + own
