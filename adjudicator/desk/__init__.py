"""The GM's desk in the browser (``adjudicator serve``): paste a log, see how it was read
and the posts it gives, store it, open the report, explain and check.

``service`` holds what the desk does to a folder of games (no HTTP); ``app`` the
Starlette routes, rendered from ``reports/desk/`` with the command line's engine,
templates and models.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def create_app(root: Path | str = ".", **kw: Any) -> Any:
    """The Starlette app (imported here on first use, so the command line does not load
    the web stack)."""
    from .app import create_app as make

    return make(root, **kw)


__all__ = ["create_app"]
