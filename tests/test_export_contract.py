"""``export_game`` writes the JSON document without the contract's models (for speed,
``adjudicator.export``): for every game here the document is the models' dump of the
same records, the fields in the same order, and it validates against the models.  A
hypothesis test covers the values an ``Any`` field may hold (tuples, sets, infinities,
nested models and dataclasses), whose JSON-mode conversion must be the models'."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.engine import resolve_game
from adjudicator.export import GameExport, PhaseExport, export_game
from adjudicator.models import Diagnostic, LineRecord
from adjudicator.records import line_counts
from tests.support import all_games


def _by_models(game: Any) -> dict[str, Any]:
    """The document as the models made it (the code ``export_game`` replaced)."""
    v = game.variant
    players, extra = v.export(game.state)
    phases = []
    for ph in game.phases:
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


def _text(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)  # keeps the keys' order


GAMES = all_games()


@pytest.mark.parametrize("root", GAMES, ids=[p.name for p in GAMES])
def test_export_is_the_models_dump(root: Path) -> None:
    game = resolve_game(root)
    data = export_game(game)
    assert _text(data) == _text(_by_models(game))
    # and the document is valid under the contract, unchanged by a round trip
    assert _text(GameExport.model_validate(data).model_dump(mode="json")) == _text(data)


_scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=5),
                     st.floats(allow_nan=False), st.sampled_from([math.inf, -math.inf]))
_values = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.tuples(inner, inner),
        st.frozensets(st.integers(), max_size=3),
        st.dictionaries(st.text(max_size=3), inner, max_size=3)),
    max_leaves=8)


class _Game:
    """A resolved game's shape, with the values a test gives."""

    def __init__(self, extra: dict[str, Any], player: dict[str, Any],
                 data: dict[str, Any]) -> None:
        from types import SimpleNamespace

        from adjudicator.models import Event, PhaseResult

        ev = Event(kind="k", rule="r", cause="c", data=data, gm_only=tuple(data)[:1])
        rec = LineRecord(ref="logs/day1.txt:1", speaker="a", text="t", time="21:00",
                         disposition="accepted", action="投票@b")
        chat = LineRecord(ref="logs/day1.txt:2", speaker="a", text="x")
        diag = Diagnostic(level="info", code="c", source="s", message="m")
        self.phases = [PhaseResult(id="day1", deaths=["b"], events=[ev], diagnostics=[diag],
                                   lines=[rec, chat], private={"a": ["p"]})]
        self.diagnostics = [diag]
        self.cfg = SimpleNamespace(variant="derby-stock", seed=3)
        self.state = None
        self.variant = SimpleNamespace(
            export=lambda state: ({"a": player}, extra), finished=lambda state: False,
            winners=lambda state: ["a"])


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(["points", "faith", "x"]), _values, max_size=2),
       st.dictionaries(st.text(max_size=3), _values, max_size=3),
       st.dictionaries(st.text(min_size=1, max_size=3), _values, max_size=3))
def test_any_values_convert_as_the_models_do(extra: dict[str, Any], player: dict[str, Any],
                                             data: dict[str, Any]) -> None:
    game = _Game(extra, player, data)
    assert _text(export_game(game)) == _text(_by_models(game))
