"""Benchmark: where a command's fixed start-up cost goes, import by import.

    python benchmarks/bench_startup.py [--runs 5] [-- ARGS ...]

Runs ``adjudicator ARGS`` (default: ``resolve`` of the derby16 fixture, ``--json
--no-write``) under ``python -X importtime`` ``--runs`` times and prints, per top-level
package (``adjudicator.*`` by its first sub-package), the median of the modules' own
import times (their sub-imports counted under their own package), largest first, with
the total.  What is listed was imported; what ``resolve`` does not need should not be
there.  Also the whole command's CPU time (median), for scale.  ``-X importtime`` adds
a little to every import: read the shares, not the microseconds.  Not a timed test.

Then the part of the fixed cost that is the libraries' own: the command paired with a
bare process that imports pydantic, Jinja and Lark and builds one small model
(``LIBRARIES``), run in turn (``_timing.paired``: CPU medians and the ratio pair by
pair).  ``--callgrind`` also counts both processes' instructions under valgrind
(``PYTHONHASHSEED=0``: the same count every run, where a shared machine's times move by
±15 %), the measure the start-up changes were judged by (docs/development.md, "Speed").
``--libraries`` only counts what each library adds to a process that has the others
(pydantic with its first model, the plugin scan, Jinja, ``import lark``).
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
from _timing import compile_package, paired

SOURCE = ROOT / "tests" / "fixtures" / "derby16"
LINE = re.compile(r"import time:\s+(\d+) \|\s+\d+ \|\s*(\S+)")
#: the libraries every ``resolve`` needs, imported and used once, and nothing of ours
LIBRARIES = """import jinja2, lark, pydantic
class M(pydantic.BaseModel):
    a: int
M(a=1)
"""
REFS = re.compile(r"I\s+refs:\s+([\d,]+)")
#: what each library adds to the others, as ``resolve`` uses it (``--libraries``): the
#: script run with and without the library's line, the difference counted
PARTS = {
    "pydantic, its first model": ("import pydantic\nclass M(pydantic.BaseModel):\n"
                                  "    a: int\nM(a=1)\n"),
    "the plugin scan alone (PYDANTIC_DISABLE_PLUGINS, measured only)": "",
    "jinja2": "import jinja2\n",
    "lark (import lark)": "import lark\n",
}


def instructions(cmd: list[str]) -> int:
    """Instructions the process executes (valgrind's callgrind, ``PYTHONHASHSEED=0``, and
    address randomization off with ``setarch -R`` where there is one: with it on, the
    count of the same command moved by a few million from run to run)."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    fixed = ["setarch", "-R"] if shutil.which("setarch") else []
    proc = subprocess.run([*fixed, "valgrind", "--tool=callgrind",
                           "--callgrind-out-file=/dev/null", *cmd],
                          capture_output=True, text=True, env=env, check=False)
    m = REFS.search(proc.stderr)
    if m is None:
        raise SystemExit(f"no instruction count from valgrind: {proc.stderr[-300:]}")
    return int(m[1].replace(",", ""))


def _group(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] == "adjudicator" else parts[0]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--callgrind", action="store_true",
                    help="also count instructions (valgrind): the command and the libraries")
    ap.add_argument("--libraries", action="store_true",
                    help="only count what each library adds (valgrind), and stop")
    ap.add_argument("args", nargs="*", help="the command's arguments (after --)")
    args = ap.parse_args()
    compile_package()
    if args.libraries:
        _library_parts()
        return
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
        print(f"adjudicator {' '.join(cmd[:1])}: CPU {statistics.median(cpu[1:]):.3f} s "
              f"(median of {runs}); imports (own time, -X importtime) {total / 1000:.1f} ms")
        for name, own in sorted(medians.items(), key=lambda kv: -kv[1])[:args.top]:
            print(f"  {own / 1000:6.1f} ms  {own / total:5.1%}  {name}")
        _libraries_line(cmd, args.runs, args.callgrind)


def _libraries_line(cmd: list[str], runs: int, callgrind: bool) -> None:
    """The command paired with the libraries alone (and counted, with ``callgrind``)."""
    command = [sys.executable, "-m", "adjudicator", *cmd]
    libraries = [sys.executable, "-c", LIBRARIES]
    print("the base libraries alone (pydantic, jinja2, lark and one small model), "
          "as the floor:")
    paired(f"adjudicator {cmd[0]}", command, libraries, runs=max(runs, 3))
    if callgrind:
        ours, libs = instructions(command), instructions(libraries)
        bare = instructions([sys.executable, "-c", "pass"])
        print(f"instructions (callgrind): adjudicator {cmd[0]} {ours / 1e6:,.1f} M; the "
              f"libraries alone {libs / 1e6:,.1f} M ({libs / ours:.0%}); a bare Python "
              f"{bare / 1e6:,.1f} M")


def _library_parts() -> None:
    """Instructions each library adds to a process that has the others (the stdlib
    modules they share counted once): the whole set, less the set without it; every
    script also imports ``fsio``, as ``resolve`` does anyway."""
    whole = "import adjudicator.fsio\n" + "".join(PARTS.values())
    every = instructions([sys.executable, "-c", whole])
    print(f"pydantic and a model, jinja2, lark, fsio: {every / 1e6:,.1f} M instructions "
          f"(bare Python {instructions([sys.executable, '-c', 'pass']) / 1e6:,.1f} M)")
    for name, line in PARTS.items():
        if not line:
            env_off = {**os.environ, "PYDANTIC_DISABLE_PLUGINS": "__all__"}
            off = _with_env(env_off, [sys.executable, "-c", whole])
            print(f"  {(every - off) / 1e6:7,.1f} M  {name}")
            continue
        without = instructions([sys.executable, "-c", whole.replace(line, "")])
        print(f"  {(every - without) / 1e6:7,.1f} M  {name}")


def _with_env(env: dict[str, str], cmd: list[str]) -> int:
    saved = dict(os.environ)
    os.environ.update(env)
    try:
        return instructions(cmd)
    finally:
        os.environ.clear()
        os.environ.update(saved)


if __name__ == "__main__":
    main()
