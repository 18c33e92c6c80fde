"""Derby's cheer detection remembers Sudachi's answers in the private cache folder: a
re-run answers the same without loading the dictionary, and a file someone else could
have written is never read."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from adjudicator import fsio
from adjudicator.games.derby_stock import mentions as M

NAMES = {"はる": ["はる"], "はなこ": ["はなこ", "花子"], "まい": ["まい"]}
LINES = ["はなこさんかっこいい", "うまいこと言うね、まいったな", "花子がんばれー",
         "はるが来たね", "はる！", "けんたの推理すごい"]


@pytest.fixture
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(M, "_MEMO", M._Memo())
    M.boundaries.cache_clear()
    M._everyday.cache_clear()
    return tmp_path


def _answers() -> list[list[M.Hit]]:
    return [M.find_mentions(text, NAMES) for text in LINES]


def _no_dictionary() -> None:
    raise AssertionError("the dictionary was loaded")


def test_a_rerun_answers_from_the_memo(fresh: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = _answers()
    M.save_memo()
    (memo,) = (fresh / "adjudicator").glob("sudachi-*.json")
    assert memo.stat().st_mode & 0o777 == 0o600
    monkeypatch.setattr(M, "_MEMO", M._Memo())  # a new process
    M.boundaries.cache_clear()
    M._everyday.cache_clear()
    monkeypatch.setattr(M, "_tokenizer", _no_dictionary)
    assert _answers() == first


def test_a_file_others_can_write_is_not_read(fresh: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    first = _answers()
    M.save_memo()
    (memo,) = (fresh / "adjudicator").glob("sudachi-*.json")
    memo.write_text(memo.read_text().replace("[0,", "[0,1,2,3,"))  # a planted answer
    os.chmod(memo, 0o666)
    monkeypatch.setattr(M, "_MEMO", M._Memo())
    M.boundaries.cache_clear()
    M._everyday.cache_clear()
    assert _answers() == first  # the dictionary answered, not the file


def test_a_damaged_memo_is_rebuilt(fresh: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = _answers()
    M.save_memo()
    (memo,) = (fresh / "adjudicator").glob("sudachi-*.json")
    memo.write_text("{not json")
    monkeypatch.setattr(M, "_MEMO", M._Memo())
    M.boundaries.cache_clear()
    M._everyday.cache_clear()
    assert _answers() == first
    M.save_memo()
    assert memo.read_text().startswith('{"version":1')


@pytest.mark.parametrize("damage", [
    lambda t: t.replace("[0,", "[0,1,2,3,"),  # other word boundaries, still JSON
    lambda t: t.replace("true", "fals_").replace("false", "true").replace("fals_", "false"),
])
def test_a_memo_changed_since_it_was_written_is_not_believed(
        fresh: Path, monkeypatch: pytest.MonkeyPatch, damage: Any) -> None:
    first = _answers()
    M.save_memo()
    (memo,) = (fresh / "adjudicator").glob("sudachi-*.json")
    changed = damage(memo.read_text())
    assert changed != memo.read_text()
    memo.write_text(changed)  # this user's own file, as private as before: only its
    assert memo.stat().st_mode & 0o777 == 0o600  # digest tells it from what was written
    monkeypatch.setattr(M, "_MEMO", M._Memo())
    M.boundaries.cache_clear()
    M._everyday.cache_clear()
    assert _answers() == first  # the dictionary answered, not the changed file
    M.save_memo()
    assert fsio.read_cached(memo) is not None  # written anew, with its digest
