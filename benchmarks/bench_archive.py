"""Benchmark: the replay archive.

    python benchmarks/bench_archive.py [--games 1000] [--add 20]

Adds ``--add`` real games (copies of samples/derby-stock, each with one more line, so
each is a new game) and times it; then fills the archive to ``--games`` games by
copying those rows under new digests (the stored inputs and JSON are real-sized) and
times ``Archive.list()`` and the whole ``adjudicator archive list`` command (process
start included).  Target: 1,000 archived games listed in <= 0.5 s.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _games import ROOT, best

SOURCE = ROOT / "samples" / "derby-stock"


def main() -> None:
    from adjudicator.archive import Archive

    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--add", type=int, default=20)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "games"
        for i in range(args.add):
            game = folder / f"g{i:04d}"
            shutil.copytree(SOURCE, game, ignore=shutil.ignore_patterns("out", "report.html"))
            with (game / "logs" / "day1.txt").open("a", encoding="utf-8") as f:
                f.write(f"[21:30] たろう: {i}\n")
        db = Path(tmp) / "archive.sqlite3"
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "adjudicator", "archive", "add", "-q",
                        str(folder), "--db", str(db)], check=True, stdout=subprocess.DEVNULL)
        t_add = time.perf_counter() - t
        with Archive(db) as arc, arc.transaction() as con:
            have = con.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            k = 0
            while have < args.games:
                src = 1 + k % args.add
                k += 1
                cur = con.execute(
                    "INSERT INTO games (digest, name, variant, seed, finished, winners, phases,"
                    " has_errors, tool_version, added_at, result) SELECT digest || ?, "
                    "name || ?, variant, seed, finished, winners, phases, has_errors, "
                    "tool_version, added_at, result FROM games WHERE id = ?", (f"-{k}", f"-{k}", src))
                con.execute("INSERT INTO files (game_id, path, sha256, data) SELECT ?, path, "
                            "sha256, data FROM files WHERE game_id = ?", (cur.lastrowid, src))
                have += 1
        size = db.stat().st_size
        rows: list = []

        def listed() -> None:
            with Archive(db) as arc:
                rows[:] = arc.list()

        best_list = best(listed, 5)
        best_cli = best(lambda: subprocess.run(
            [sys.executable, "-m", "adjudicator", "archive", "list", "--db", str(db)],
            check=True, stdout=subprocess.DEVNULL), 3)
        print(f"add {args.add} games (one process)   {t_add:7.3f} s  "
              f"({t_add / args.add * 1000:.0f} ms a game, process start included)")
        print(f"archive: {len(rows)} games, {size / 1e6:.1f} MB")
        print(f"Archive.list()                 {best_list:7.3f} s")
        print(f"`adjudicator archive list`     {best_cli:7.3f} s   (target <= 0.5 s)")


if __name__ == "__main__":
    main()
