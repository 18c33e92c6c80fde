"""Benchmark: the community's site (``adjudicator site``) from a large archive.

    python benchmarks/bench_site.py [--games 10000] [--players 300] [--keep DIR]

Builds an archive of ``--games`` games: the finished samples added for real, then rows
copied from them with every player renamed from a pool of ``--players`` names (16 a game
where the sample has 16), under new digests, archived over 24 months (the stored JSON and
inputs are the real ones, real-sized).  Then, each as a whole process: the full build
into an empty folder, a rebuild with nothing changed, and a rebuild after one game is
added.  Printed: CPU, wall, peak memory (the process's maximum resident set), files
written, the output's size and its largest page, beside a floor measured in the same run
(a bare Python process reading every stored result from the archive).  Goals on a
2-core machine: full build within 5 minutes and 1 GiB, the rebuild after one game within
5 seconds, every page under 200 KB.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FLOOR = """import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
n = 0
for (text,) in db.execute("SELECT result FROM games"):
    n += len(text)
"""


def _run(cmd: list[str]) -> tuple[float, float, int, int]:
    """(CPU s, wall s, peak RSS in KiB, exit code) of one whole process."""
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    err = proc.stderr.read().decode("utf-8", "replace") if proc.stderr else ""
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise SystemExit(f"exit {code}: {' '.join(cmd)}\n{err}")
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss, code


def _pool(n: int) -> list[str]:
    kana = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわ"
    rng = random.Random(7)
    names: set[str] = set()
    while len(names) < n:
        names.add("".join(rng.choice(kana) for _ in range(rng.choice((2, 3, 3, 4)))) + "★")
    return sorted(names)


def make_archive(db: Path, games: int, players: int) -> None:
    from adjudicator.archive import Archive

    with tempfile.TemporaryDirectory() as tmp:
        with Archive(db) as arch:
            for s in sorted((ROOT / "samples").iterdir()):
                if (s / "game.toml").is_file():
                    shutil.copytree(s, Path(tmp) / s.name)
                    arch.add(Path(tmp) / s.name)
    con = sqlite3.connect(db)
    base = [r for r in con.execute(
        "SELECT id, name, variant, seed, winners, phases, has_errors, tool_version, result "
        "FROM games WHERE finished = 1")]
    files = {gid: con.execute("SELECT path, data FROM files WHERE game_id = ?",
                              (gid,)).fetchall() for gid, *_ in base}
    pool = _pool(players)
    rng = random.Random(11)
    top = con.execute("SELECT MAX(id) FROM games").fetchone()[0]
    con.execute("BEGIN")
    for i in range(games - len(base) - 1):
        gid, name, variant, seed, winners, phases, errs, ver, result = base[i % len(base)]
        names = list(json.loads(result)["players"])
        chosen = rng.sample(pool, len(names))
        mapping = dict(zip(names, chosen, strict=True))
        pat = re.compile("|".join(map(re.escape, sorted(names, key=len, reverse=True))))

        def swap(text: str, pat: re.Pattern[str] = pat,
                 mapping: dict[str, str] = mapping) -> str:
            return pat.sub(lambda m: mapping[m.group(0)], text)

        new_id = top + 1 + i
        digest = hashlib.sha256(f"bench-{i}".encode()).hexdigest()
        day = 1 + (i * 731 // games)
        added = time.strftime("%Y-%m-%dT21:00:00Z", time.gmtime(1_735_689_600 + day * 86_400))
        con.execute("INSERT INTO games (id, digest, name, variant, seed, finished, winners, "
                    "phases, has_errors, tool_version, added_at, result) "
                    "VALUES (?,?,?,?,?,1,?,?,?,?,?,?)",
                    (new_id, digest, f"{name}-{i:05d}", variant, seed, swap(winners),
                     phases, errs, ver, added, swap(result)))
        con.executemany("INSERT INTO files (game_id, path, sha256, data) VALUES (?,?,?,?)",
                        [(new_id, p, hashlib.sha256(bytes(d)).hexdigest(),
                          swap(bytes(d).decode("utf-8")).encode("utf-8") if p == "game.toml"
                          else d) for p, d in files[gid]])
    con.execute("COMMIT")
    con.close()


def _size(out: Path) -> tuple[int, int, int]:
    files = [p for p in out.rglob("*") if p.is_file()]
    return len(files), sum(p.stat().st_size for p in files), max(
        p.stat().st_size for p in files if p.suffix == ".html")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--players", type=int, default=300)
    ap.add_argument("--keep", type=Path, help="keep the archive and the site here")
    ap.add_argument("--make", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.make:
        sys.path.insert(0, str(ROOT))
        make_archive(args.make, args.games, args.players)
        return
    work = Path(tempfile.mkdtemp()) if args.keep is None else args.keep
    work.mkdir(parents=True, exist_ok=True)
    db, out = work / "archive.sqlite3", work / "site"
    env_cache = work / "cache"
    os.environ["XDG_CACHE_HOME"] = str(env_cache)
    try:
        t = time.perf_counter()
        if not db.exists():  # in a child: the measured processes must not fork from a big one
            subprocess.run([sys.executable, __file__, "--make", str(db), "--games",
                            str(args.games), "--players", str(args.players)], check=True)
        n = sqlite3.connect(db).execute("SELECT COUNT(*) FROM games").fetchone()[0]
        print(f"archive: {n} games, {db.stat().st_size / 2**20:.0f} MiB "
              f"(made in {time.perf_counter() - t:.0f} s)")
        shutil.rmtree(out, ignore_errors=True)
        shutil.rmtree(env_cache, ignore_errors=True)
        cmd = [sys.executable, "-m", "adjudicator", "site", str(db), str(out)]
        fcpu, fwall, frss, _ = _run([sys.executable, "-c", FLOOR, str(db)])
        print(f"floor (read every stored result): cpu {fcpu:.1f} s, wall {fwall:.1f} s, "
              f"peak {frss / 1024:.0f} MiB")
        for label in ("full build", "rebuild, nothing changed"):
            cpu, wall, rss, _ = _run(cmd)
            files, total, largest = _size(out)
            print(f"{label}: cpu {cpu:.1f} s, wall {wall:.1f} s, peak {rss / 1024:.0f} MiB | "
                  f"{files} files, {total / 2**20:.0f} MiB, largest page {largest / 1000:.0f} KB"
                  f" | cpu / floor {cpu / fcpu:.1f}x")
        con = sqlite3.connect(db)
        row = con.execute("SELECT * FROM games ORDER BY id DESC LIMIT 1").fetchone()
        new_id = row[0] + 1
        con.execute("INSERT INTO games SELECT ?, ?, name || '-new', variant, seed, finished, "
                    "winners, phases, has_errors, tool_version, "
                    "strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), result FROM games WHERE id = ?",
                    (new_id, hashlib.sha256(b"one more").hexdigest(), row[0]))
        con.execute("INSERT INTO files SELECT ?, path, sha256, data FROM files "
                    "WHERE game_id = ?", (new_id, row[0]))
        con.commit()
        con.close()
        stamps = {p: p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()}
        cpu, wall, rss, _ = _run(cmd)
        changed = sum(1 for p in out.rglob("*") if p.is_file()
                      and stamps.get(p) != p.stat().st_mtime_ns)
        print(f"rebuild after one game: cpu {cpu:.1f} s, wall {wall:.1f} s, peak "
              f"{rss / 1024:.0f} MiB | files written {changed} of {len(stamps) + 1}")
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
