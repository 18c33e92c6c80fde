"""The JSON document of DESIGN.md's contract, and its JSON Schema.

The models are the contract (``adjudicator.contract``): ``adjudicator schema`` is
theirs, and a test validates every game's export with them.  ``export_game`` itself
writes the document straight from the engine's records, the JSON-mode conversion of
every value done by pydantic-core's ``to_jsonable_python`` (the conversion
``model_dump(mode="json")`` applies to an ``Any`` field: tuples and sets as lists, a
model or a dataclass as its fields, a float's infinity as null).  Defining and building
the two models at every start, then validating the whole document into them only to
dump it again, was about 13 M instructions of a derby resolve (1 %); now only
``json_schema`` imports them.  ``tests/test_export_contract.py`` holds the document
equal to the models' dump of the same records, field order included, for every game.
"""

from __future__ import annotations

import json
from typing import Any


def __getattr__(name: str) -> Any:
    """``GameExport`` and ``PhaseExport``, the contract's models (``adjudicator.contract``),
    defined on first use."""
    if name in ("GameExport", "PhaseExport"):
        from . import contract

        return getattr(contract, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def export_game(game: Any) -> dict[str, Any]:
    """``adjudicator resolve GAME --json``'s document: what ``GameExport`` with a
    ``PhaseExport`` a phase dumps in JSON mode (the fields in the models' order, the
    variant's own top-level fields after them), written without the models."""
    from pydantic_core import to_jsonable_python

    from .records import line_counts

    v = game.variant
    players, extra = v.export(game.state)
    phases = []
    for ph in game.phases:
        # one pass over the records picks the lines that are not chatter (a listcomp
        # that reads one field each), and the counts are taken on those alone
        listed = [r for r in ph.lines if r.disposition != "chatter"]
        phases.append({
            "id": ph.id, "deaths": ph.deaths, "executed": ph.executed,
            "public_post": ph.public_post, "private": ph.private,
            "events": [e.flat() for e in ph.events], "diagnostics": ph.diagnostics,
            "lines": listed, "line_counts": line_counts(ph.lines, listed),
        })
    # dict(...) as the model's keywords: a variant field named as a contract field is
    # the same TypeError it was
    out = dict(variant=game.cfg.variant, seed=game.cfg.seed, finished=v.finished(game.state),
               winners=v.winners(game.state), phases=phases, players=players,
               diagnostics=game.diagnostics, **extra)
    data: dict[str, Any] = to_jsonable_python(out, inf_nan_mode="null")
    return data


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def json_schema() -> dict[str, Any]:
    from .contract import GameExport

    schema = GameExport.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "adjudicator resolve --json"
    return schema
