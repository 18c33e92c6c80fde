"""The SQLite replay archive: round trip, idempotence, bad files, concurrent writers, CLI."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.archive import Archive, ArchiveError, default_path, find_games
from adjudicator.cli.main import main
from adjudicator.engine import resolve_game
from adjudicator.export import export_game
from tests.support import SAMPLE, all_games, game_ids


@pytest.mark.parametrize("root", all_games(), ids=game_ids())
def test_round_trip_gives_identical_json(root: Path, tmp_path: Path) -> None:
    original = export_game(resolve_game(root))
    with Archive(tmp_path / "a.sqlite3") as arc:
        gid, new = arc.add(root)
        assert new
        assert arc.result(gid) == original
        back = arc.export(gid, tmp_path / "back")
    assert export_game(resolve_game(back)) == original
    # nothing but the inputs came back, byte for byte
    for rel in (p.relative_to(back) for p in back.rglob("*") if p.is_file()):
        assert (root / rel).read_bytes() == (back / rel).read_bytes()


def test_re_adding_is_idempotent_and_a_change_is_a_new_game(tmp_path: Path) -> None:
    game = tmp_path / "g"
    shutil.copytree(SAMPLE, game, ignore=shutil.ignore_patterns("out", "report.html"))
    db = tmp_path / "a.sqlite3"
    with Archive(db) as arc:
        first = arc.add(game)
        assert arc.add(game) == (first[0], False)
        (game / "report.html").write_text("not an input")  # outputs do not count
        assert arc.add(game) == (first[0], False)
        with (game / "logs" / "day1.txt").open("a", encoding="utf-8") as f:
            f.write("[21:30] たろう: もう一言\n")
        gid2, new = arc.add(game)
        assert new and gid2 != first[0]
        rows = arc.list()
        assert [r.id for r in rows] == [first[0], gid2]
        assert rows[0].variant == "derby-stock" and rows[0].winners == ["たろう"]
        files = arc.files(gid2)
        assert set(files) >= {"game.toml", "logs/day1.txt", "logs/day2-chat.txt"}
        arc.remove(gid2)
        assert [r.id for r in arc.list()] == [first[0]]
        with pytest.raises(ArchiveError, match="番号 99 のゲームはありません"):
            arc.get(99)


def test_foreign_and_corrupted_files_are_clear_errors(tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(ArchiveError, match="はアーカイブではありません"):
        Archive(junk)
    other = tmp_path / "other.sqlite3"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE notes (x)")
    con.commit()
    con.close()
    with pytest.raises(ArchiveError, match="adjudicator のアーカイブではありません"):
        Archive(other)
    # a stored blob that no longer matches its hash
    db = tmp_path / "a.sqlite3"
    with Archive(db) as arc:
        gid, _ = arc.add(SAMPLE)
    con = sqlite3.connect(db)
    con.execute("UPDATE files SET data = x'00' WHERE path = 'game.toml'")
    con.commit()
    con.close()
    with Archive(db) as arc, pytest.raises(ArchiveError, match="保存したときの中身と違います"):
        arc.export(gid, tmp_path / "x")
    # a truncated file
    data = db.read_bytes()
    bad = tmp_path / "trunc.sqlite3"
    bad.write_bytes(data[:100] + b"\x00" * 5000)
    with pytest.raises(ArchiveError):
        with Archive(bad) as arc:
            arc.list()


def test_two_processes_adding_at_once_lose_nothing(tmp_path: Path) -> None:
    sets = []
    for who in ("a", "b"):
        folder = tmp_path / who
        for i in range(4):
            game = folder / f"g{i}"
            shutil.copytree(SAMPLE, game, ignore=shutil.ignore_patterns("out", "report.html"))
            with (game / "logs" / "day1.txt").open("a", encoding="utf-8") as f:
                f.write(f"[21:30] たろう: {who}{i}\n")
        sets.append(folder)
    db = tmp_path / "shared.sqlite3"
    procs = [subprocess.Popen([sys.executable, "-m", "adjudicator", "archive", "add", "-q",
                               str(folder), "--db", str(db)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE) for folder in sets]
    for p in procs:
        _out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err.decode()
    with Archive(db) as arc:
        rows = arc.list()
    assert sorted(r.name for r in rows) == sorted([f"g{i}" for i in range(4)] * 2)
    assert len({r.digest for r in rows}) == 8


def test_cli_add_list_show_export_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "cli.sqlite3"
    monkeypatch.setenv("ADJUDICATOR_ARCHIVE", str(db))
    assert default_path() == db
    assert main(["archive", "add", str(SAMPLE)]) == 0
    assert "保存しました：#1" in capsys.readouterr().out
    assert main(["archive", "add", str(SAMPLE)]) == 0
    assert "もう保存してあります：#1" in capsys.readouterr().out
    assert main(["archive", "list"]) == 0
    out = capsys.readouterr().out
    assert "derby-stock" in out and "たろう" in out
    assert main(["archive", "show", "1"]) == 0
    out = capsys.readouterr().out
    assert "logs/night1.txt" in out and "adjudicator 0." in out
    assert main(["archive", "export", "1", str(tmp_path / "exp")]) == 0
    assert (tmp_path / "exp" / "game.toml").is_file()
    capsys.readouterr()
    assert main(["archive", "replay", "1", "--no-pause"]) == 0
    out = capsys.readouterr().out
    assert out.count("=== ") == 7 and "勝者：たろう" in out
    assert main(["archive", "replay", "1", "--phase", "night2"]) == 0
    out = capsys.readouterr().out
    assert "=== 2日目 夜" in out and "=== 1日目" not in out and "抽選：" in out
    assert main(["archive", "replay", "1", "--phase", "night9"]) == 2
    assert main(["archive", "show", "7"]) == 1
    assert "番号 7 のゲームはありません" in capsys.readouterr().err
    junk = tmp_path / "junk"
    junk.write_text("hello")
    assert main(["archive", "list", "--db", str(junk)]) == 1
    assert "はアーカイブではありません" in capsys.readouterr().err


def test_find_games_expands_folders_of_games(tmp_path: Path) -> None:
    games = find_games([SAMPLE.parent.parent / "tests" / "fixtures"])
    assert games and all((g / "game.toml").is_file() for g in games)
    with pytest.raises(ArchiveError):
        find_games([tmp_path])
