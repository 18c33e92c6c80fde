"""The views of a phase's records (``adjudicator.records``) answer as the general way:
the lines that are not chatter, the counts, and the mapping a notice quotes from."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.classify import PhaseReader
from adjudicator.models import LineRecord
from adjudicator.records import DISPOSITIONS, Heard, PhaseRecords, line_counts, not_chatter
from adjudicator.render import heard
from tests.support import FIXTURES

REFS = [f"logs/day1.txt:{i}" for i in range(6)] + ["logs/day1.txt:2.1"]
records = st.lists(st.tuples(st.sampled_from(REFS), st.sampled_from(DISPOSITIONS)),
                   max_size=12).map(lambda rs: [LineRecord(ref, "たろう", f"t{i}", None, d)
                                                for i, (ref, d) in enumerate(rs)])


def as_phase(recs: list[LineRecord], extra: set[int]) -> PhaseRecords:
    """As the reader leaves them: every record that is not chatter among ``written``."""
    out = PhaseRecords()
    out.extend(recs)
    out.written = sorted({i for i, r in enumerate(recs) if r.disposition != "chatter"}
                         | {i for i in extra if i < len(recs)})
    out.unique = len({r.ref for r in recs}) == len(recs)
    return out


@settings(max_examples=400, deadline=None)
@given(recs=records, extra=st.sets(st.integers(0, 11)))
def test_views_answer_as_the_general_way(recs: list[LineRecord], extra: set[int]) -> None:
    full = {r.ref: r for r in recs}
    listed = [r for r in recs if r.disposition != "chatter"]
    counts = {k: sum(1 for r in recs if r.disposition == k) for k in DISPOSITIONS}
    for lines in (recs, as_phase(recs, extra)):
        assert not_chatter(lines) == listed
        assert line_counts(lines) == counts
        assert line_counts(lines, not_chatter(lines)) == counts
        h = heard(lines)
        for ref in [*REFS, "logs/day2.txt:1"]:
            assert h.get(ref) is full.get(ref)
            assert (ref in h) == (ref in full)
            if ref in full:
                assert h[ref] is full[ref]
        assert dict(h) == full and len(h) == len(full) and list(h) == list(full)
        assert isinstance(h, Heard)


def records_read(monkeypatch: pytest.MonkeyPatch) -> list[PhaseRecords]:
    """The records of every phase the reader reads from now on (a spy on ``read``)."""
    seen: list[PhaseRecords] = []
    read = PhaseReader.read

    def spy(self: PhaseReader, lines: list, json_like: bool) -> None:
        read(self, lines, json_like)
        seen.append(self.records)

    monkeypatch.setattr(PhaseReader, "read", spy)
    return seen


@pytest.mark.parametrize("fixture", sorted(p.name for p in FIXTURES.iterdir()
                                           if (p / "game.toml").exists()))
def test_the_reader_vouches_only_for_what_holds(fixture: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Every fixture: a record that is not chatter is among ``written``, and ``unique``
    is said only of records whose references are unique."""
    from adjudicator.engine import resolve_game

    seen = records_read(monkeypatch)
    resolve_game(Path(FIXTURES / fixture))
    assert seen
    for recs in seen:
        assert {i for i, r in enumerate(recs) if r.disposition != "chatter"} <= set(
            recs.written)
        assert not recs.unique or len({r.ref for r in recs}) == len(recs)


def test_a_night_of_chats_is_read_the_fast_way_each_line_keeping_its_chat(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A phase of several chats (input.thread): its chatter takes the reader's fast path
    (the general path walked 5,000 lines of a night of private chats one by one), and
    every record, chatter too, keeps its chat, so that a player's view shows a private
    chat's chatter to its player only."""
    import shutil

    from adjudicator.engine import resolve_game
    from adjudicator.views import View

    game = tmp_path / "g"
    shutil.copytree(FIXTURES / "derby-threads", game, ignore=shutil.ignore_patterns(
        "expected", "night2*", "night3*", "day2*", "day3*", "day4*"))
    night = game / "logs" / "night1.txt"
    chatter = "".join(f"=== スレッド：{who} ===\n" + "".join(
        f"[21:{k:02d}] {who}: ねむい {k}\n" for k in range(20)) for who in ("さくら", "けんた"))
    night.write_text(night.read_text("utf-8") + chatter, encoding="utf-8")
    seen = records_read(monkeypatch)
    resolved = resolve_game(game)
    recs = seen[-1]
    talk = [i for i, r in enumerate(recs) if r.text.startswith("ねむい")]
    assert len(talk) == 40
    assert not set(talk) & set(recs.written)  # the fast path's
    assert set(recs.threads) == {r.ref for r in recs}  # every line's chat
    assert recs.unique
    ph = next(p for p in resolved.phases if p.id == "night1")
    sakura = [r.speaker for r in View.of("さくら").phase(ph).lines
              if r.text.startswith("ねむい")]
    assert sakura == ["さくら"] * 20
