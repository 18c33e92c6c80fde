"""普通村's 途中集計: the werewolf day's vote, the night roles (adjudicator status)."""

from __future__ import annotations

from typing import Any

from ..base import Candidate, Progress, werewolf_progress


def progress(state: Any, phase: str, actions: list[Candidate], first_bite: bool
             ) -> list[Progress]:
    return werewolf_progress(state, phase, actions, first_bite)
