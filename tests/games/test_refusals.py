"""One way to refuse a line at resolution (``Emitter.refuse``), over every game: the rules
never change the lines or the events they are handed (a pure fold: events appended,
records marked 却下 by the engine once the rules are done), and every refused line is in
the GM's list of lines to check, whatever stage refused it."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from adjudicator import engine
from adjudicator.engine import resolve_game
from adjudicator.games import get_variant
from adjudicator.games.base import Emitter, PhaseInput
from adjudicator.models import Diagnostic, Event, LineRecord
from adjudicator.rng import PhaseRng
from tests.support import all_games, fixture_games, game_ids, resolved

Resolve = Callable[[Emitter[Any], PhaseInput], None]


def pure(resolve: Resolve) -> Resolve:
    """``resolve``, failing when it changes a line record, an accepted action or a
    directive it is handed, or edits or removes an event emitted before it ran."""

    def checked(em: Emitter[Any], ph: PhaseInput) -> None:
        lines = [copy.copy(r) for r in ph.lines]
        actions, directives = list(ph.actions), list(ph.directives)
        events = list(em.events)
        shown = [repr(e) for e in events]
        resolve(em, ph)
        assert [r for r in ph.lines] == lines, f"{ph.id}: a rule changed a line record"
        assert (ph.actions, ph.directives) == (actions, directives), (
            f"{ph.id}: a rule changed the accepted actions or directives")
        assert em.events[:len(events)] == events and all(
            a is b for a, b in zip(em.events, events, strict=False)), (
            f"{ph.id}: a rule removed or replaced an event")
        assert [repr(e) for e in events] == shown, f"{ph.id}: a rule edited an event"

    return checked


def resolve_checked(root: Path, monkeypatch: pytest.MonkeyPatch,
                    wrap: Callable[[Resolve], Resolve] = pure) -> Any:
    def made(name: str) -> Callable[[Any], Any]:
        cls = get_variant(name)

        def make(cfg: Any) -> Any:
            v = cls(cfg)
            v.resolve = wrap(v.resolve)  # type: ignore[method-assign]
            return v

        return make

    monkeypatch.setattr(engine, "get_variant", made)
    return resolve_game(root)


GAMES = fixture_games()


@pytest.mark.parametrize("root", GAMES, ids=[p.name for p in GAMES])
def test_rules_never_change_the_lines_or_events_they_are_handed(
        root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = resolve_checked(root, monkeypatch)
    assert game.phases  # the check ran on every phase resolved


def _root_of(name: str) -> Path:
    return next(p for p in GAMES if p.name == name)


@pytest.mark.parametrize("change", ["record", "remove", "edit"])
def test_the_check_fails_on_a_rule_that_changes_what_it_is_handed(
        change: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def meddling(resolve: Resolve) -> Resolve:
        def bad(em: Emitter[Any], ph: PhaseInput) -> None:
            resolve(em, ph)
            said = [r for r in ph.lines if r.disposition == "accepted"]
            if change == "record" and said:
                said[0].disposition = "rejected"  # what secret society once did
            elif change == "remove" and em.events:
                em.events.remove(em.events[0])  # what secret society once did
            elif change == "edit" and em.events:
                em.events[0].data["meddled"] = True
        return pure(bad)

    with pytest.raises(AssertionError, match="a rule"):
        resolve_checked(_root_of("secret-society-main"), monkeypatch, meddling)


@pytest.mark.parametrize("root", all_games(), ids=game_ids())
def test_every_refused_line_is_in_the_gms_list(root: Path) -> None:
    """Issue 40.4: a line rejected when read, or refused when the phase resolved (源平村's
    nomination while the successor lives), is a diagnostic (the GM's 「確認が必要な行」
    and diagnostics.txt)."""
    game = resolved(root)
    for ph in game.phases:
        refused = {r.ref for r in ph.lines if r.disposition == "rejected"}
        refused |= {e.cause for e in ph.events if e.kind == "rejected"}
        listed = {d.source for d in ph.diagnostics}
        assert refused <= listed, (ph.id, sorted(refused - listed))


def test_a_nomination_refused_at_night_is_in_the_gms_list() -> None:
    game = resolved(_root_of("genpei-side"))
    night3 = next(ph for ph in game.phases if ph.id == "night3")
    ev = next(e for e in night3.events if e.kind == "nomination_refused")
    line = next(r for r in night3.lines if r.ref == ev.cause)
    assert line.disposition == "rejected" and line.code == "successor_alive"
    diag = next(d for d in night3.diagnostics if d.source == ev.cause)
    assert diag.code == "successor_alive" and diag.reason_ja == line.reason


def test_refuse_records_the_event_the_diagnostic_and_the_line() -> None:
    em: Emitter[int] = Emitter(state=0, evolve=lambda s, _e: s + 1, rng=PhaseRng(1, "day1"),
                               phase="day1")
    ev = em.refuse("logs/day1.txt:3", "x.rule", "理由です", code="why", message="because",
                   player="たろう", to="たろう")
    assert isinstance(ev, Event) and em.events == [ev] and em.state == 1
    assert (ev.kind, ev.rule, ev.cause, ev.to, ev.data) == (
        "rejected", "x.rule", "logs/day1.txt:3", "たろう", {"code": "why", "reason": "理由です"})
    assert em.diagnostics == [Diagnostic(level="warning", code="why", source="logs/day1.txt:3",
                                         message="because", reason_ja="理由です")]
    assert em.refusals == [("logs/day1.txt:3", "why", "理由です")]
    own = em.refuse("logs/day1.txt:4", "x.own", "別の理由", code="own", message="m",
                    player="はなこ", audience="gm", kind="own_refusal", target="じろう")
    assert (own.kind, own.audience, own.target, own.data) == ("own_refusal", "gm", "じろう", {})


def test_the_engine_marks_a_refused_line_after_the_rules() -> None:
    records = [LineRecord(ref="a:1", speaker="たろう", text="x", disposition="accepted"),
               LineRecord(ref="a:2", speaker="GM", text="y", disposition="gm")]
    handed = list(records)
    engine._refuse(records, [("a:2", "why", "理由")])
    assert records[0] is handed[0] and handed[1].disposition == "gm"  # a new record
    assert (records[1].disposition, records[1].code, records[1].reason) == (
        "rejected", "why", "理由")
