"""Speed-minded behaviour of the command line: a re-run with nothing changed does not
rewrite GAME/out/ (same inodes, same mtimes), a real change still swaps the folder in
whole, and `resolve` does not import the modules only other commands need."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from adjudicator.cli.main import main
from adjudicator.fsio import swap_tree

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "derby16"


def _stamps(root: Path) -> dict[str, tuple[int, int]]:
    out = {".": (root.stat().st_ino, root.stat().st_mtime_ns)}
    for p in sorted(root.rglob("*")):
        st = p.stat()
        out[p.relative_to(root).as_posix()] = (st.st_ino, st.st_mtime_ns)
    return out


def _bytes(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*")
            if p.is_file()}


def _game(tmp_path: Path) -> Path:
    game = tmp_path / "g"
    shutil.copytree(FIXTURE, game, ignore=shutil.ignore_patterns("expected", "out"))
    return game


def test_rerun_with_nothing_changed_writes_nothing(tmp_path: Path, capsys: object) -> None:
    game = _game(tmp_path)
    assert main(["resolve", str(game)]) == 0
    before, content = _stamps(game / "out"), _bytes(game / "out")
    assert len(content) > 5
    assert main(["resolve", str(game)]) == 0
    assert _stamps(game / "out") == before
    assert _bytes(game / "out") == content
    assert sorted(p.name for p in game.iterdir()) == ["game.toml", "logs", "out"]


def test_a_change_rewrites_out_whole(tmp_path: Path) -> None:
    game = _game(tmp_path)
    assert main(["resolve", str(game)]) == 0
    old_inode = (game / "out").stat().st_ino
    (game / "out" / "stray.txt").write_text("x", "utf-8")
    assert main(["resolve", str(game)]) == 0  # an extra file is a difference
    assert not (game / "out" / "stray.txt").exists()
    assert (game / "out").stat().st_ino != old_inode
    content = _bytes(game / "out")
    log = game / "logs" / "day1.txt"
    log.write_text(log.read_text("utf-8") + "[21:30] たろう: 一言だけ\n", "utf-8")
    assert main(["resolve", str(game)]) == 0
    changed = _bytes(game / "out")
    assert changed.keys() == content.keys()
    assert changed["game.json"] != content["game.json"]


def test_swap_tree_compares_every_byte_and_folder(tmp_path: Path) -> None:
    dest = tmp_path / "out"
    files = {"a.txt": "一\n", "p/private/b.txt": "二\n"}
    swap_tree(dest, files, ["p/private", "q/private"])
    assert (dest / "q" / "private").is_dir()
    first = _stamps(dest)
    swap_tree(dest, files, ["p/private", "q/private"])
    assert _stamps(dest) == first
    for change in ({"a.txt": "一\n", "p/private/b.txt": "三\n"},  # same size, other bytes
                   {"a.txt": "一\n"}):
        swap_tree(dest, change, ["q/private"])
        assert _bytes(dest) == {k: v.encode() for k, v in change.items()}
        swap_tree(dest, files, ["p/private", "q/private"])
    (dest / "q" / "private").rmdir()  # a folder missing is a difference too
    swap_tree(dest, files, ["p/private", "q/private"])
    assert (dest / "q" / "private").is_dir()
    os.symlink(dest / "a.txt", dest / "link.txt")
    swap_tree(dest, files, ["p/private", "q/private"])
    assert not (dest / "link.txt").exists()


def test_resolve_imports_no_other_commands_modules(tmp_path: Path) -> None:
    game = _game(tmp_path)
    code = ("import sys\nfrom adjudicator.cli.main import main\n"
            f"main(['resolve', {str(game)!r}, '--json', '--no-write'])\n"
            "heavy = ('sqlite3', 'asyncio', 'adjudicator.archive', 'adjudicator.desk.cli',"
            " 'adjudicator.discord_.cli', 'adjudicator.cli.report')\n"
            "sys.stderr.write(repr(sorted(m for m in heavy if m in sys.modules)))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert proc.stderr.endswith("[]"), proc.stderr
