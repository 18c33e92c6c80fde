"""Chat exports in the shapes GMs paste (tests/fixtures/chat/): every class of issue 14
has a fixture, read with format detection and compared exactly with its
``*.expected.json``: the format, each message (line, speaker, date, time, text), every
skipped line and why, every guess and the date order."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from adjudicator.chatlog import Reading, read_chat, read_chat_file
from tests.support import FIXTURES

CHAT = FIXTURES / "chat"
EXPECTED = sorted(CHAT.glob("*.expected.json"))


def expected(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text("utf-8"))  # type: ignore[no-any-return]


def summary(r: Reading) -> dict[str, Any]:
    return {
        "format": r.format,
        "date_order": r.date_order,
        "messages": [[m.lineno, m.speaker, m.date, m.time, m.text] for m in r.messages],
        "skipped": sorted([s.lineno, s.why] for s in r.skipped),
        "guesses": [[g.lineno, g.kind] for g in r.guesses],
    }


def test_every_issue_class_has_a_fixture() -> None:
    stems = {p.name.removesuffix(".expected.json") for p in EXPECTED}
    assert {"line_en_saved_month_first", "line_en_saved_day_first", "line_en_saved_year_first",
            "line_date_month_first", "line_date_day_first", "line_date_default", "line_date_weekday",
            "line_date_year_first_en", "line_date_short_ja", "line_system_ja", "line_system_en",
            "line_pc_en", "line_pc_names", "discord_preamble", "discord_headers_day_first",
            "discord_headers_month_first", "discord_headers_12h", "discord_name_lines",
            "discord_residue", "dce_old_default", "dce_day_first", "dce_day_first-csv",
            "dce_sections", "dce_types",
            # issue 40: a list or bare numbers inside a LINE message, 24:xx before the day's
            # times, a Discord paste opening with a date line, a name over a blank line or a
            # server tag (look-alikes of real exports)
            "line_list_in_message", "line_numbers_in_message", "line_24h_before",
            "discord_first_date", "discord_name_blank", "discord_tag_lines"} <= stems
    for path in EXPECTED:
        assert (CHAT / expected(path)["input"]).is_file(), path.name


@pytest.mark.parametrize("path", EXPECTED, ids=lambda p: p.name.removesuffix(".expected.json"))
def test_fixture_reads_exactly(path: Path) -> None:
    want = expected(path)
    got = read_chat_file(CHAT / want["input"], source=want["input"])
    assert got.detected
    assert summary(got) == {k: want[k] for k in ("format", "date_order", "messages", "skipped",
                                                 "guesses")}
    # forcing the detected format reads the same
    forced = read_chat_file(CHAT / want["input"], fmt=want["format"])
    assert summary(forced) == summary(got) and not forced.detected


@pytest.mark.parametrize("path", [p for p in EXPECTED if expected(p)["format"] != "dce-json"],
                         ids=lambda p: p.name.removesuffix(".expected.json"))
def test_fixture_accounts_for_every_line(path: Path) -> None:
    """Every non-blank line is in a message's span or in the skipped list."""
    want = expected(path)
    text = (CHAT / want["input"]).read_text("utf-8")
    got = read_chat(text, want["input"])
    covered = {s.lineno for s in got.skipped}
    for m in got.messages:
        covered.update(range(m.lineno, m.last_line + 1))
    lines = text.split("\n")
    assert {k for k, s in enumerate(lines, 1) if s.strip()} <= covered


def test_same_bytes_as_crlf_cp932_and_bom() -> None:
    path = CHAT / "line_date_short_ja.txt"
    text = path.read_text("utf-8")
    plain = summary(read_chat(text, "t"))
    for data in (text.replace("\n", "\r\n").encode("cp932"), b"\xef\xbb\xbf" + text.encode()):
        assert summary(read_chat(data, "t")) == plain
