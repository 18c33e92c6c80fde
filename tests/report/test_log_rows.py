"""The annotated log's column-wise build (``report_log.log_rows``) equals the row-by-row
one (``chatter_row`` and the action rows, joined by newlines, in UTF-8), and the page
written as bytes (``render_report_bytes``) equals the text page encoded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.engine import resolve_game
from adjudicator.models import LineRecord
from adjudicator.report.html import render_report, render_report_bytes
from adjudicator.report.log import ENCODING, chatter_row, escaper, log_rows
from tests.support import EVIL, fixture_games, write_evil_game

#: the characters escaping and the column joins care about, among ordinary ones
_TRICKY = st.text(alphabet=st.sampled_from(list("a:1２&<>\"'\0 行目。\n\ud800")) | st.characters(),
                  max_size=12)
_REF = st.one_of(
    st.builds(lambda f, n: f"{f}:{n}", st.sampled_from(["logs/day1.txt", "a&b<c>.txt",
                                                       "logs/x'y\".txt", "c:\\logs"]),
              st.integers(0, 10_000)),
    _TRICKY,  # no number, several colons, full-width digits…
)
_RECORD = st.builds(
    LineRecord, ref=_REF, speaker=_TRICKY, text=_TRICKY,
    time=st.none() | _TRICKY,
    disposition=st.sampled_from(["chatter"] * 6 + ["accepted", "rejected", "gm"]),
)


def _action_row(calls: list[int], number: int, rec: Any) -> str:
    calls.append(number)
    return f"<li id=\"L{number}\">{rec.disposition}&amp;{escaper()(rec.text)}</li>"


@settings(max_examples=300, deadline=None)
@given(st.lists(_RECORD, max_size=40), st.integers(1, 100_000))
def test_log_rows_equal_the_row_by_row_build(recs: list[LineRecord], first: int) -> None:
    esc = escaper()
    calls: list[int] = []
    want_calls: list[int] = []
    rows = [chatter_row(f"L{first + i}", rec, esc) if rec.disposition == "chatter"
            else _action_row(want_calls, first + i, rec) for i, rec in enumerate(recs)]
    got = log_rows(recs, first, esc, lambda n, rec: _action_row(calls, n, rec))
    assert got == "\n".join(rows).encode(*ENCODING)
    assert calls == want_calls  # in the records' order, once each


def test_the_page_as_bytes_is_the_page_encoded(tmp_path: Path) -> None:
    games = [resolve_game(root) for root in fixture_games()]
    games.append(resolve_game(write_evil_game(tmp_path / "evil")))
    for game in games:
        assert render_report_bytes(game) == render_report(game).encode("utf-8"), game.root
    assert EVIL


def test_a_page_holding_the_mark_is_rendered_the_plain_way(tmp_path: Path) -> None:
    from adjudicator.report import html as report

    game = resolve_game(write_evil_game(tmp_path / "evil"))
    game.phases[0].lines[0].text = report._LOG_MARK  # the log itself may hold it
    game.cfg.gm.append(report._LOG_MARK)  # and the page's own text
    assert render_report_bytes(game) == render_report(game).encode("utf-8")


def test_a_lone_surrogate_is_refused_as_the_encode_refuses_it(tmp_path: Path) -> None:
    import pytest

    game = resolve_game(write_evil_game(tmp_path / "evil"))
    game.phases[0].lines[0].text = "\udcff"  # (the readers replace these; a file name may not)
    assert "\udcff" in render_report(game)
    with pytest.raises(UnicodeEncodeError):
        render_report_bytes(game)


@given(st.text())
def test_html_escape_is_the_standard_librarys(text: str) -> None:
    import html

    from adjudicator.report.log import html_escape

    assert html_escape(text) == html.escape(text, quote=True)
