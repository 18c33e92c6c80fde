"""Benchmark: a 16-player derby-stock game with 50,000 and 200,000 chat lines
(``[HH:MM:SS]`` times, as DiscordChatExporter and Trap Word logs write them), resolved
end to end.

    python benchmarks/bench_resolve.py [--lines 50000 200000] [--runs 7] [--minutes]

Prints, for ``adjudicator resolve GAME --json --no-write`` (process start included) and
for a re-run that writes out/ with nothing changed: CPU and wall time, medians of
``--runs``, and the CPU ratio to the floor (a bare Python process that reads the same
files and NFKC-normalizes each line) run in turn with it, pair by pair.  Targets: <= 4x
the floor at 50,000 lines, <= 3.5x at 200,000.  Also the per-line cost inside one
process.  Not a timed test: figures only.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata
from collections.abc import Callable
from pathlib import Path

from _games import ROOT, make_game
from _timing import compile_package, floor_cmd, paired

SOURCE = ROOT / "tests" / "fixtures" / "derby16"


def bare_loop(game: Path) -> float:
    t = time.perf_counter()
    n = 0
    for path in sorted((game / "logs").iterdir()):
        for line in path.read_text("utf-8").splitlines():
            n += len(unicodedata.normalize("NFKC", line))
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, nargs="+", default=[50_000, 200_000],
                    help="game sizes (default: 50,000 and 200,000 lines)")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--minutes", action="store_true",
                    help="write [HH:MM] times instead of [HH:MM:SS]")
    ap.add_argument("--callgrind", action="store_true",
                    help="also count instructions under valgrind (steady where wall time "
                    "is noisy; takes about a minute)")
    args = ap.parse_args()
    exe = [sys.executable, "-m", "adjudicator", "resolve"]
    compile_package()
    targets = {50_000: 4.0, 200_000: 3.5}
    with tempfile.TemporaryDirectory() as tmp:
        small = Path(tmp) / "small"
        shutil.copytree(SOURCE, small, ignore=shutil.ignore_patterns("expected", "out"))
        paired("resolve --json, commands only (start-up + rules)",
               [*exe, str(small), "--json", "--no-write"], floor_cmd(small / "logs"), args.runs)
        for lines in args.lines:
            big = Path(tmp) / f"big{lines}"
            n = make_game(big, lines, SOURCE, seconds=not args.minutes)
            paired(f"resolve --json, {n:,}-line game", [*exe, str(big), "--json", "--no-write"],
                   floor_cmd(big / "logs"), args.runs, target=targets.get(lines))
            paired(f"resolve (writes out/), {n:,}-line game, nothing changed",
                   [*exe, str(big)], floor_cmd(big / "logs"), args.runs)
            # the same per-line cost measured inside one process (steadier than whole runs)
            import gc

            from adjudicator.engine import resolve_game

            gc.disable()
            resolve_game(big)
            warm_big = min(_timed(lambda b=big: resolve_game(b)) for _ in range(5))  # type: ignore[misc]
            warm_small = min(_timed(lambda: resolve_game(small)) for _ in range(5))
            gc.enable()
            bare = min(bare_loop(big) for _ in range(5)) / n * 1e6
            inner = (warm_big - warm_small) / n * 1e6
            print(f"  in-process resolve, per line: {inner:.2f} µs; bare read + NFKC: "
                  f"{bare:.2f} µs ({inner / bare:.1f}x)")
            if args.callgrind:
                _instructions(exe, big, small, n)


BARE = """import sys, unicodedata
from pathlib import Path
n = 0
for p in sorted(Path(sys.argv[1], "logs").iterdir()):
    for line in p.read_text("utf-8").splitlines():
        n += len(unicodedata.normalize("NFKC", line))
"""


def _icount(cmd: list[str]) -> int:
    """Instructions executed by ``cmd`` (valgrind's callgrind: the same count every run)."""
    proc = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           *cmd], capture_output=True, text=True, check=False)
    for line in proc.stderr.splitlines():
        if "I   refs:" in line:
            return int(line.rsplit(":", 1)[1].replace(",", "").strip())
    raise RuntimeError(f"no instruction count from valgrind: {proc.stderr[-500:]}")


def _instructions(exe: list[str], big: Path, small: Path, n: int) -> None:
    if shutil.which("valgrind") is None:
        print("instructions: valgrind is not installed (apt-get install valgrind)")
        return
    small_lines = sum(len(p.read_text("utf-8").splitlines())
                      for p in (small / "logs").iterdir())
    extra = n - small_lines
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(BARE)
    bare = (_icount([sys.executable, f.name, str(big)])
            - _icount([sys.executable, f.name, str(small)])) / extra
    ours = (_icount([*exe, str(big), "--json", "--no-write"])
            - _icount([*exe, str(small), "--json", "--no-write"])) / extra
    print(f"instructions per line, resolve:        {ours:,.0f}")
    print(f"instructions per line, bare loop:      {bare:,.0f}")
    print(f"ratio by instructions:                 {ours / bare:.1f}x (target <= 5x)")


def _timed(f: Callable[[], object]) -> float:
    t = time.perf_counter()
    f()
    return time.perf_counter() - t


if __name__ == "__main__":
    main()
