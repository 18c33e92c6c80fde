"""Jobs run once as a command finishes (a private cache written once, not per use).

The console entry point (``_entry.run``) runs them before its fast exit, which skips
``atexit``; a library user's interpreter runs them at exit.  This module imports nothing
of adjudicator's, so that game rules may use it without reaching the CLI.
"""

from __future__ import annotations

import atexit
from collections.abc import Callable

_JOBS: list[Callable[[], None]] = []


def at_finish(job: Callable[[], None]) -> None:
    """Run ``job`` as the command finishes (once, however often it is asked)."""
    if job not in _JOBS:
        _JOBS.append(job)
        atexit.register(job)


def run_jobs() -> None:
    """Run the jobs now (the entry point, before it exits); a failure is never the
    command's: the jobs only keep caches."""
    for job in _JOBS:
        try:
            job()
        except Exception:
            pass
