"""The JSON contract of DESIGN.md as pydantic models: ``adjudicator schema`` is theirs,
and ``tests/test_export_contract.py`` validates every game's export with them.  Apart
from ``adjudicator.export`` so that a resolve, which writes the document without them,
does not define them (``export.GameExport`` and ``export.PhaseExport`` still name them).
"""

# No ``from __future__ import annotations``: pydantic would compile and evaluate each
# field's annotation string.

from typing import Any

from pydantic import BaseModel, ConfigDict

from .models import Diagnostic, LineRecord


class PhaseExport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    deaths: list[str]
    executed: str | None
    public_post: str
    private: dict[str, list[str]]
    events: list[dict[str, Any]]
    diagnostics: list[Diagnostic]
    lines: list[LineRecord]  # every line that was not chatter, with how it was read
    line_counts: dict[str, int]  # accepted / rejected / superseded / gm / chatter


class GameExport(BaseModel):
    """``adjudicator resolve GAME --json``.  Variant-specific top-level fields (splatoon
    ``points``, genpei ``faith``…) are added beside these."""

    model_config = ConfigDict(extra="allow")

    variant: str
    seed: int
    finished: bool
    winners: list[str]
    phases: list[PhaseExport]
    players: dict[str, dict[str, Any]]
    diagnostics: list[Diagnostic]  # game-level: unknown log files and the like
