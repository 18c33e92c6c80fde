"""Fuzz the real command line longer than the suite does (tests/cli/test_robustness.py).

    .venv/bin/python benchmarks/fuzz_cli.py --examples 3000 [--seed N] [--as-nobody]
    .venv/bin/python benchmarks/fuzz_cli.py --desk --examples 1000   (the desk's routes)

Generated game folders, logs, arguments and file-system states drive
``adjudicator.cli.main``; every run must exit 0/1/2 without a traceback, write nothing
outside the game folder and the archive, and never empty or lose a stored log.  With
``--desk``, generated requests drive the desk's routes over generated (some broken)
folders of games (tests/desk/test_robustness.py): never a 500, never a page without the
CSP, never a file from outside the folder.  Prints
the number of cases, how many broke a promise, how many of those were tracebacks, and
the distinct problems (first line each) with one failing case for each.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
import warnings
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tests.cli.test_robustness import (  # noqa: E402
    NOBODY,
    World,
    check_world,
    check_world_as,
    worlds,
)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--examples", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=None, help="hypothesis seed (default: random)")
    ap.add_argument("--as-nobody", action="store_true",
                    help="run each case as user 65534 (needs root): permission bits bite")
    ap.add_argument("--desk", action="store_true",
                    help="fuzz the desk's routes (starlette TestClient) instead")
    args = ap.parse_args()
    if args.desk:
        return fuzz_desk(args)
    cases = 0
    broken: list[tuple[World, list[str]]] = []
    kinds: Counter[str] = Counter()
    codes: Counter[object] = Counter()
    first_case: dict[str, str] = {}

    @settings(max_examples=args.examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(worlds(), st.just(None))
    def run(world: World, _unused: None) -> None:
        nonlocal cases
        cases += 1
        problems = (check_world_as(world, NOBODY, codes) if args.as_nobody
                    else check_world(world, codes))
        if problems:
            broken.append((world, problems))
            for p in problems[1:]:
                key = re.sub(r"\S*adj-fuzz-[^/\s]+", "…", p.splitlines()[0])[:120]
                kinds[key] += 1
                first_case.setdefault(key, problems[0])

    if args.seed is not None:
        from hypothesis import seed

        run = seed(args.seed)(run)
    t = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        run()
    took = time.perf_counter() - t
    tracebacks = sum(1 for _w, ps in broken
                     if any(p.startswith(("raised", "traceback printed")) for p in ps))
    print(f"cases: {cases} in {took:.1f} s; broke a promise: {len(broken)}; "
          f"tracebacks: {tracebacks}")
    print("exit codes: " + ", ".join(f"{c}: {n}" for c, n in sorted(codes.items(), key=str)))
    for key, n in kinds.most_common():
        print(f"  {n:5}  {key}\n         e.g. {first_case[key]}")
    return 1 if broken else 0


def fuzz_desk(args: argparse.Namespace) -> int:
    from tests.desk.test_robustness import check_request, requests

    cases = 0
    broken: list[list[str]] = []
    kinds: Counter[str] = Counter()
    codes: Counter[object] = Counter()

    @settings(max_examples=args.examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(requests())
    def run(req: object) -> None:
        nonlocal cases
        cases += 1
        problems = check_request(req, codes)  # type: ignore[arg-type]
        if problems:
            broken.append(problems)
            for p in problems[1:]:
                kinds[p.splitlines()[0][:120]] += 1

    if args.seed is not None:
        from hypothesis import seed

        run = seed(args.seed)(run)
    t = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        run()
    print(f"requests: {cases} in {time.perf_counter() - t:.1f} s; broke a promise: "
          f"{len(broken)}")
    print("statuses: " + ", ".join(f"{c}: {n}" for c, n in sorted(codes.items(), key=str)))
    for key, n in kinds.most_common():
        print(f"  {n:5}  {key}")
    for problems in broken[:5]:
        print("  e.g. " + problems[0])
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
