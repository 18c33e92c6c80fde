"""Shared by the benchmarks: whole-process CPU and wall times, paired with a floor.

The floor is a bare Python process that reads the same files and NFKC-normalizes each
line (``FLOOR``): what reading the text costs at least, on this machine, now.  The
command and the floor run in turn (A B A B …), and the ratio is taken pair by pair, so
that it holds while the machine's speed drifts; medians are printed.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FLOOR = """import sys, unicodedata
from pathlib import Path
n = 0
for arg in sys.argv[1:]:
    p = Path(arg)
    files = sorted(p.rglob("*")) if p.is_dir() else [p]
    for f in files:
        if f.is_file():
            for line in f.read_text("utf-8").splitlines():
                n += len(unicodedata.normalize("NFKC", line))
"""


def floor_cmd(*paths: Path | str) -> list[str]:
    """The floor: read the files (every file under a folder) and NFKC-normalize each line."""
    return [sys.executable, "-c", FLOOR, *map(str, paths)]


def run_once(cmd: Sequence[str], env: dict[str, str] | None = None) -> tuple[float, float, int]:
    """(CPU seconds of the child, user + sys; wall seconds; its exit code)."""
    t = time.perf_counter()
    proc = subprocess.Popen(list(cmd), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    proc.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, wall, proc.returncode


def compile_package() -> None:
    """Byte-compile the package once, as an install does (a checkout run under
    PYTHONDONTWRITEBYTECODE=1 would compile it on every start)."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "adjudicator")],
                   check=True, stdout=subprocess.DEVNULL)


def paired(label: str, cmd: Sequence[str], floor: Sequence[str], runs: int = 7,
           target: float | None = None, target_cpu: float | None = None) -> dict[str, float]:
    """Run ``cmd`` and ``floor`` in turn ``runs`` times (after one warm-up of each) and
    print the medians of CPU and wall, and of the CPU ratio pair by pair."""
    run_once(cmd)
    run_once(floor)
    rows: list[tuple[float, float, float, float]] = []
    for _ in range(runs):
        cpu, wall, code = run_once(cmd)
        if code != 0:
            raise SystemExit(f"{label}: exit code {code}: {' '.join(cmd)}")
        fcpu, fwall, _ = run_once(floor)
        rows.append((cpu, wall, fcpu, fwall))
    med = {
        "cpu": statistics.median(r[0] for r in rows),
        "wall": statistics.median(r[1] for r in rows),
        "floor_cpu": statistics.median(r[2] for r in rows),
        "floor_wall": statistics.median(r[3] for r in rows),
        "ratio": statistics.median(r[0] / r[2] for r in rows),
    }
    verdicts = []
    if target is not None:
        verdicts.append(f"target <= {target:g}x: {'meets' if med['ratio'] <= target else 'MISSES'}")
    if target_cpu is not None:
        ok = med["cpu"] <= target_cpu
        verdicts.append(f"target <= {target_cpu:g} s CPU: {'meets' if ok else 'MISSES'}")
    print(f"{label}: cpu {med['cpu']:.3f} s, wall {med['wall']:.3f} s | floor cpu "
          f"{med['floor_cpu']:.3f} s, wall {med['floor_wall']:.3f} s | ratio (cpu, pair by "
          f"pair) {med['ratio']:.2f}x  [median of {runs}]" + (f"  ({'; '.join(verdicts)})"
                                                             if verdicts else ""))
    return med


def nfkc_floor(texts: Sequence[str]) -> tuple[float, float]:
    """(CPU, wall) seconds of the NFKC of ``texts``: the floor a per-message figure is
    compared with (the least any reading of a message does)."""
    import unicodedata

    c, w = time.process_time(), time.perf_counter()
    for text in texts:
        unicodedata.normalize("NFKC", text)
    return time.process_time() - c, time.perf_counter() - w
