"""The JSON contract of DESIGN.md, its pydantic models and its JSON Schema."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from . import jsonfast
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


def export_game(game: Any) -> dict[str, Any]:
    v = game.variant
    players, extra = v.export(game.state)
    phases = []
    from .records import line_counts

    for ph in game.phases:
        # one pass over the records picks the lines that are not chatter (a listcomp
        # that reads one field each), and the counts are taken on those alone
        listed = [r for r in ph.lines if r.disposition != "chatter"]
        phases.append(PhaseExport(
            id=ph.id, deaths=ph.deaths, executed=ph.executed, public_post=ph.public_post,
            private=ph.private, events=[e.flat() for e in ph.events],
            diagnostics=ph.diagnostics,
            lines=listed, line_counts=line_counts(ph.lines, listed),
        ))
    out = GameExport(
        variant=game.cfg.variant, seed=game.cfg.seed, finished=v.finished(game.state),
        winners=v.winners(game.state), phases=phases, players=players,
        diagnostics=game.diagnostics, **extra,
    )
    return out.model_dump(mode="json")


def dumps(data: Any) -> str:
    return jsonfast.dumps(data) + "\n"  # json.dumps(data, ensure_ascii=False, indent=2)


def json_schema() -> dict[str, Any]:
    schema = GameExport.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "adjudicator resolve --json"
    return schema
