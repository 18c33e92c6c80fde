"""Issue 25, items 4 and 5: a damaged archive row is named (id, column) and skipped by
``list``, refused by ``show``/``export``/``replay`` with one line, removable; the rest of
the archive stays usable.  A huge id is a usage error.  A file that is not an archive is
never written into; a full disk is called a full disk."""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.archive import Archive
from tests.support import SAMPLE, fill_disk, small_disk_at
from tests.support.cli import run


@pytest.fixture
def two_games(tmp_path: Path) -> Path:
    """An archive holding two games (#1 and #2): the same sample, the second changed."""
    db = tmp_path / "a.sqlite3"
    game = tmp_path / "g"
    shutil.copytree(SAMPLE, game, ignore=shutil.ignore_patterns("out", "report.html"))
    with Archive(db) as arc:
        assert arc.add(game) == (1, True)
        toml = game / "game.toml"
        toml.write_text(toml.read_text("utf-8") + "\n# changed\n", "utf-8")
        assert arc.add(game) == (2, True)
    return db


def damage(db: Path, sql: str) -> None:
    with sqlite3.connect(db) as con:
        con.execute(sql)


DAMAGES = {
    "winners-not-json": ("winners", "UPDATE games SET winners = '[not json' WHERE id = 1"),
    "winners-an-integer": ("winners", "UPDATE games SET winners = 7 WHERE id = 1"),
    "winners-a-dict": ("winners", "UPDATE games SET winners = '{\"a\": 1}' WHERE id = 1"),
    "name-bytes": ("name", "UPDATE games SET name = x'ff00fe' WHERE id = 1"),
    "variant-bytes": ("variant", "UPDATE games SET variant = x'80' WHERE id = 1"),
    "added-at-bytes": ("added_at", "UPDATE games SET added_at = x'c3' WHERE id = 1"),
    "phases-not-a-number": ("phases", "UPDATE games SET phases = 'many' WHERE id = 1"),
    "seed-a-float": ("seed", "UPDATE games SET seed = 1.5 WHERE id = 1"),
    "finished-text": ("finished", "UPDATE games SET finished = 'yes' WHERE id = 1"),
}


@pytest.mark.parametrize("kind", list(DAMAGES))
def test_a_damaged_row_is_named_skipped_and_refused(two_games: Path, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str],
                                                    kind: str) -> None:
    column, sql = DAMAGES[kind]
    damage(two_games, sql)
    db = str(two_games)
    code, out, err = run(capsys, "archive", "list", "--db", db)
    assert code == 1  # the GM has something to fix
    rows = [line for line in out.splitlines()[1:]]
    assert len(rows) == 1 and rows[0].split()[0] == "2"  # the good game is listed
    assert err.count("\n") == 1 and "#1" in err and column in err and "remove 1" in err
    for argv in (["show", "1"], ["replay", "1", "--no-pause"],
                 ["export", "1", str(tmp_path / "back")]):
        code, out, err = run(capsys, "archive", *argv, "--db", db)
        assert code == 1 and out == "", argv
        assert err.count("\n") == 1 and "#1" in err and column in err, (argv, err)
    assert not (tmp_path / "back").exists()
    for argv in (["show", "2"], ["replay", "2", "--no-pause"],
                 ["export", "2", str(tmp_path / "back2")]):
        assert run(capsys, "archive", *argv, "--db", db)[0] == 0, argv
    code, out, err = run(capsys, "archive", "remove", "1", "--db", db)
    assert code == 0 and "#1" in out
    code, out, err = run(capsys, "archive", "list", "--db", db)
    assert code == 0 and err == "" and len(out.splitlines()) == 2


@pytest.mark.parametrize("sql", [
    "UPDATE games SET result = 'not json' WHERE id = 1",
    "UPDATE games SET result = '[1, 2]' WHERE id = 1",
    "UPDATE games SET result = '{\"phases\": [{\"id\": 3}]}' WHERE id = 1",
    "UPDATE games SET result = '{\"phases\": [{\"id\": \"day1\", \"public_post\": \"x\", "
    "\"deaths\": [1, 2]}]}' WHERE id = 1",
    "UPDATE games SET result = x'00ff' WHERE id = 1",
    "UPDATE files SET data = 5 WHERE game_id = 1",
    "UPDATE files SET path = x'ff' WHERE game_id = 1 AND path = 'game.toml'",
    "UPDATE files SET sha256 = 5 WHERE game_id = 1",
])
def test_a_damaged_result_or_file_is_refused_in_one_line(two_games: Path, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str],
                                                         sql: str) -> None:
    damage(two_games, sql)
    db = str(two_games)
    results = [run(capsys, "archive", *argv, "--db", db) for argv in (
        ["show", "1"], ["replay", "1", "--no-pause"], ["export", "1", str(tmp_path / "b")])]
    refused = [r for r in results if r[0] == 1]
    assert refused, results  # what reads the damaged part refuses, one line each
    for code, out, err in results:
        assert code in (0, 1)
        if code == 1:
            assert out == "" and err.count("\n") == 1 and "#1" in err or "game 1" in err
    assert run(capsys, "archive", "show", "2", "--db", db)[0] == 0
    assert run(capsys, "archive", "list", "--db", db)[0] == 0


@pytest.mark.parametrize("gid", ["99999999999999999999999", "-1", "9223372036854775808",
                                 "x", "1e3"])
def test_an_id_out_of_range_is_a_usage_error(two_games: Path,
                                             capsys: pytest.CaptureFixture[str],
                                             gid: str) -> None:
    for action in ("show", "replay", "remove"):
        code, _out, err = run(capsys, "archive", action, gid, "--db", str(two_games))
        assert code == 2 and "ゲームの番号" in err, (action, err)


def test_the_largest_id_is_simply_unknown(two_games: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "archive", "show", "9223372036854775807", "--db",
                          str(two_games))
    assert code == 1 and "番号 9223372036854775807 のゲームはありません" in err


@pytest.mark.parametrize("content", [b"x", b"\x00", b"SQLite format", b"hello world\n" * 3])
def test_a_small_file_that_is_not_an_archive_is_never_written_into(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes) -> None:
    db = tmp_path / "notes.txt"
    db.write_bytes(content)
    game = tmp_path / "g"
    shutil.copytree(SAMPLE, game, ignore=shutil.ignore_patterns("out", "report.html"))
    for argv in (["add", str(game)], ["list"]):
        code, out, err = run(capsys, "archive", *argv, "--db", str(db))
        assert code == 1 and err.count("\n") == 1 and str(db) in err
        assert "アーカイブではありません" in err and "empty" not in err
    assert db.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g", "notes.txt"]


def test_an_empty_file_becomes_an_archive(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "new.sqlite3"
    db.write_bytes(b"")
    game = tmp_path / "g"
    shutil.copytree(SAMPLE, game, ignore=shutil.ignore_patterns("out", "report.html"))
    assert run(capsys, "archive", "add", str(game), "--db", str(db))[0] == 0
    assert db.read_bytes().startswith(b"SQLite format 3\x00")


def test_a_fifo_as_archive_is_refused(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    code, _out, err = run(capsys, "archive", "list", "--db", str(fifo))
    assert code == 1 and "普通のファイルではありません" in err and err.count("\n") == 1


# ------------------------------------------------------------------ a full disk
@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 4 MB tmpfs at tmp_path/disk (root only), unmounted afterwards."""
    with small_disk_at(tmp_path, "4m") as disk:
        yield disk


def test_a_full_disk_is_called_a_full_disk_not_a_corrupted_archive(
        small_disk: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = small_disk / "a.sqlite3"
    game = tmp_path / "g"
    shutil.copytree(SAMPLE, game, ignore=shutil.ignore_patterns("out", "report.html"))
    assert run(capsys, "archive", "add", str(game), "--db", str(db))[0] == 0
    for extra in small_disk.glob("a.sqlite3-*"):  # as a closed archive sits on the disk
        extra.unlink()
    before = db.read_bytes()
    fill_disk(small_disk)
    toml = game / "game.toml"
    toml.write_text(toml.read_text("utf-8") + "\n# changed\n", "utf-8")
    for argv in (["add", str(game)], ["list"], ["show", "1"]):
        code, out, err = run(capsys, "archive", *argv, "--db", str(db))
        if code == 0:  # reading may still work on a full disk
            continue
        assert code == 1 and err.count("\n") == 1, (argv, err)
        assert "ディスクの空き容量が足りません" in err and "アーカイブではありません" not in err, err
    assert db.read_bytes()[:100] == before[:100]
    for p in small_disk.glob("ballast*"):
        p.unlink()
    code, out, _err = run(capsys, "archive", "list", "--db", str(db))
    assert code == 0 and len(out.splitlines()) == 2  # the archive was never damaged
