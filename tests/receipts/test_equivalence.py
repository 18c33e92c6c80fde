"""A receipt agrees with the morning: for every registered variant and every fixture game
of it (the threaded ones included), each phase's messages are handed to ``Receipts`` one
by one, and each receipt's verdict is checked against how the full resolve of the same
stored phase classifies the line.

What may differ is only what the moment cannot know: a command accepted then and later
replaced (superseded), refused by a later GM line that opens the vote (秘密結社村's
ss.p.vote_time), or refused while the phase resolves (``Emitter.refuse``: an outcome the
morning decides).  A line the reader itself refuses is refused at once, with the same
code (late, unknown speaker)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.chatlog import ChatLine
from adjudicator.classify import PhaseReader
from adjudicator.engine import _read_lines, find_logs, resolve_game
from adjudicator.parser import find_command
from adjudicator.receipts import NOT_READ, READ, Incoming, Receipt, Receipts
from tests.support import FIXTURES, fixtures_of, form_fixture, registered


def messages(game: Any, pid: str) -> list[ChatLine]:
    """The phase's stored messages, each with its thread, as the engine reads them."""
    entries = game.variant.roster_entries()
    names = [n for n, _a in entries] + [a for _n, al in entries for a in al] + list(
        game.cfg.gm)
    path = find_logs(game.root)[pid]
    lines, _json = _read_lines(game, path, names, [], None, game.variant.make_roster(), set())
    return lines


def incoming(line: ChatLine) -> Incoming:
    when = f"{line.date}T{line.time}" if line.date and line.time else ""
    return Incoming(thread=line.thread, author=line.speaker, text=line.text, time=when)


def said(r: Receipt | None) -> str | None:
    """A receipt's verdict: accepted, rejected, late, unknown_speaker, or None."""
    if r is None or r.kind == "standing":
        return None
    if r.react is not None:
        assert r.text == "" and r.react in (READ, NOT_READ)
        assert (r.react == READ) == (r.kind == "accepted")
    return r.kind


def expected(final: list[Any], batch: list[Any]) -> str | None:
    """The verdict the morning gives one message (its records after resolving,
    ``final``, and as the reader left them, ``batch``), read as the moment sees it."""
    codes = [f.code for f, b in zip(final, batch, strict=True)
             if f.disposition == "rejected" and b.disposition == "rejected"
             and b.code != "before_vote_time"]
    if "unknown_speaker" in codes:
        return "unknown_speaker"
    if any(c != "late" for c in codes):
        return "rejected"
    if codes:
        return "late"
    if any(b.disposition in ("accepted", "superseded") or b.code == "before_vote_time"
           for b in batch):
        return "accepted"
    return None


def check_phase(game: Any, k: int, variant: str) -> int:
    """Hand phase ``k``'s messages to Receipts; compare each with the resolve.  Returns
    the number of receipts given."""
    result = game.phases[k]
    pid = result.id
    lines = messages(game, pid)
    receipts = Receipts(game.root, pid, game=game)
    got = [receipts.take(incoming(line)) for line in lines]
    start = game.states[k - 1] if k else game.initial
    batch = PhaseReader(game, game.variant.make_roster(), start, pid)
    batch.read(lines, False)
    final = result.lines
    assert len(final) == len(batch.records) == sum(m.text.count("\n") + 1 for m in lines)
    at = 0
    for line, r in zip(lines, got, strict=True):
        n = line.text.count("\n") + 1
        want = expected(final[at:at + n], batch.records[at:at + n])
        at += n
        if receipts.reader._is_gm(line.speaker):
            assert r is None, (pid, line.text)
            continue
        have = said(r)
        if have is None and want == "accepted" and all(
                find_command(t, variant) is None for t in line.text.split("\n")):
            continue  # a free line (Trap Word's hint) is no command: nothing to answer
        assert have == want, (game.root.name, pid, line.text, r, want)
        if r is not None and n == 1:
            words(r, batch.records[at - 1])
    return sum(r is not None for r in got)


def words(r: Receipt, rec: Any) -> None:
    """The receipt's words are the reader's: an accepted command as the notices describe
    it, a refusal with the reason the morning's notice gives."""
    shown = r.text or r.detail
    if r.kind == "accepted" and rec.action:
        assert r.react == READ or shown.startswith(f"受け付けました：{rec.action}"), (shown, rec)
    elif r.kind in ("rejected", "late") and rec.reason:
        assert f"は受け付けられませんでした：{rec.reason.rstrip('。')}" in shown, (shown, rec)


@pytest.mark.parametrize("variant", registered())
def test_receipts_agree_with_the_morning(variant: str) -> None:
    given_any = 0
    for name in fixtures_of(variant):
        game = resolve_game(FIXTURES / name)  # its own: the receipts read on its variant
        for k in range(len(game.phases)):
            given_any += check_phase(game, k, variant)
    assert given_any > 0, f"{variant}: no receipt in any fixture"


# ------------------------------------------------------------------ any order of lines
_GAMES: dict[str, Any] = {}


def _game(variant: str) -> Any:
    if variant not in _GAMES:
        _GAMES[variant] = resolve_game(FIXTURES / form_fixture(variant))
    return _GAMES[variant]


def _pool(game: Any) -> list[tuple[str, ChatLine]]:
    """(phase, message) of every stored message of the game that is not chatter."""
    out = []
    for res in game.phases:
        lines = messages(game, res.id)
        out += [(res.id, m) for m in lines if m.speaker and (
            find_command(m.text, game.variant.name) or "締" in m.text)]
    return out


@pytest.mark.parametrize("variant", registered())
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_order_of_a_phase_reads_as_the_morning(variant: str, data: Any) -> None:
    """Hypothesis: any selection and order of a phase's command lines (its GM's
    deadline among them) gets, line by line, the verdict the batch reader gives them."""
    game = _game(variant)
    pool = _pool(game)
    pid = data.draw(st.sampled_from(sorted({p for p, _m in pool})))
    mine = [m for p, m in pool if p == pid]
    picked = data.draw(st.lists(st.sampled_from(mine), min_size=1, max_size=12))
    k = [r.id for r in game.phases].index(pid)
    lines = [ChatLine(source="x", lineno=i + 1, speaker=m.speaker, text=m.text, raw=m.text,
                      date=m.date, time=m.time, thread=m.thread)
             for i, m in enumerate(picked)]
    receipts = Receipts(game.root, pid, game=game)
    got = [receipts.take(incoming(m)) for m in lines]
    start = game.states[k - 1] if k else game.initial
    batch = PhaseReader(game, game.variant.make_roster(), start, pid)
    batch.read(lines, False)
    at = 0
    for line, r in zip(lines, got, strict=True):
        n = line.text.count("\n") + 1
        recs = batch.records[at:at + n]
        at += n
        if batch._is_gm(line.speaker):
            assert r is None
            continue
        want = expected(recs, recs)
        have = said(r)
        if have is None and want == "accepted" and all(
                find_command(t, variant) is None for t in line.text.split("\n")):
            continue
        assert have == want, (pid, [m.text for m in lines], line.text, r, want)


def test_the_fixtures_cover_threads() -> None:
    """The threaded fixtures are among those checked (one per village that has them)."""
    threaded = [p.name for p in FIXTURES.glob("*-threads")]
    assert threaded and all((FIXTURES / n / "game.toml").is_file() for n in threaded)
    assert isinstance(Path, type)
