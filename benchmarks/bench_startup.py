"""Benchmark: where a command's fixed start-up cost goes, import by import.

    python benchmarks/bench_startup.py [--runs 5] [-- ARGS ...]

Runs ``adjudicator ARGS`` (default: ``resolve`` of the derby16 fixture, ``--json
--no-write``) under ``python -X importtime`` ``--runs`` times and prints, per top-level
package (``adjudicator.*`` by its first sub-package), the median of the modules' own
import times (their sub-imports counted under their own package), largest first, with
the total.  What is listed was imported; what ``resolve`` does not need should not be
there.  Also the whole command's CPU time (median), for scale.  ``-X importtime`` adds
a little to every import: read the shares, not the microseconds.  Not a timed test.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

from _games import ROOT
from _timing import compile_package

SOURCE = ROOT / "tests" / "fixtures" / "derby16"
LINE = re.compile(r"import time:\s+(\d+) \|\s+\d+ \|\s*(\S+)")


def _group(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] == "adjudicator" else parts[0]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("args", nargs="*", help="the command's arguments (after --)")
    args = ap.parse_args()
    compile_package()
    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / "game"
        shutil.copytree(SOURCE, game, ignore=shutil.ignore_patterns("expected", "out"))
        cmd = args.args or ["resolve", str(game), "--json", "--no-write"]
        per: dict[str, list[int]] = defaultdict(list)
        cpu: list[float] = []
        for _ in range(args.runs + 1):  # the first is a warm-up
            sums: dict[str, int] = defaultdict(int)
            before = os.times()
            proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "adjudicator",
                                   *cmd], capture_output=True, text=True, check=False)
            after = os.times()
            for line in proc.stderr.splitlines():
                if (m := LINE.match(line)) is not None:
                    sums[_group(m[2])] += int(m[1])
            for k, v in sums.items():
                per[k].append(v)
            cpu.append(after.children_user + after.children_system
                       - before.children_user - before.children_system)
    runs = args.runs
    medians = {k: statistics.median(v[-runs:]) for k, v in per.items()}
    total = sum(medians.values())
    print(f"adjudicator {' '.join(cmd[:1])}: CPU {statistics.median(cpu[1:]):.3f} s (median of "
          f"{runs}); imports (own time, -X importtime) {total / 1000:.1f} ms")
    for k, v in sorted(medians.items(), key=lambda kv: -kv[1])[:args.top]:
        print(f"  {v / 1000:6.1f} ms  {v / total:5.1%}  {k}")


if __name__ == "__main__":
    main()
