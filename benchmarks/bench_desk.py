"""Benchmark: the desk, warm, from a pasted 5,000-line night of a 16-player game to the
rendered result page (read, resolve with the paste in place, diff, render).

    python benchmarks/bench_desk.py [--lines 5000] [--runs 15]

The server runs in process (Starlette's TestClient: the same app `adjudicator serve`
starts, without the socket).  Prints min / median / max of the POST /preview round trip.
Target (issue "The GM's desk in the browser"): median ≤ 100 ms on this 2-core machine.
Not a timed test: figures only.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import tempfile
import time
import warnings
from pathlib import Path

from _games import CHATTER, ROOT, SPEAKERS

SOURCE = ROOT / "tests" / "fixtures" / "derby16"


def night_log(lines: int, seed: int = 1) -> str:
    """The fixture's night1 with chatter spread through it to ``lines`` lines."""
    rng = random.Random(seed)
    real = (SOURCE / "logs" / "night1.txt").read_text("utf-8").splitlines()
    out = [f"[21:{i % 60:02d}] {rng.choice(SPEAKERS)}: {rng.choice(CHATTER)}"
           for i in range(max(0, lines - len(real)))]
    for line in real:
        out.insert(rng.randrange(len(out) + 1), line)
    out = [x for x in out if "締め切り" not in x] + [x for x in out if "締め切り" in x]
    return "\n".join(out) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=5000)
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

    from adjudicator.desk.app import CSRF_COOKIE, create_app

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        game = root / "g"
        (game / "logs").mkdir(parents=True)
        shutil.copy(SOURCE / "game.toml", game / "game.toml")
        shutil.copy(SOURCE / "logs" / "day1.txt", game / "logs" / "day1.txt")
        text = night_log(args.lines)
        client = TestClient(create_app(root, hosts=("testserver",)))
        client.get("/")
        token = client.cookies.get(CSRF_COOKIE)
        import httpx

        # the body a browser sends from the paste form (multipart/form-data), encoded once:
        # the client's own encoding is not the desk's time
        req = httpx.Request("POST", "http://testserver/", data={"csrf": token, "phase": "night1"},
                            files={"log": (None, text.encode("utf-8"))})
        body = req.read()
        headers = {"content-type": req.headers["content-type"]}

        def post() -> object:
            return client.post("/g/g/preview", content=body, headers=headers)

        for _ in range(3):  # warm: imports, templates, caches
            assert post().status_code == 200  # type: ignore[attr-defined]
        times, cpu = [], []
        for _ in range(args.runs):
            t, c = time.perf_counter(), time.process_time()
            r = post()
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
            assert r.status_code == 200  # type: ignore[attr-defined]
        ms = sorted(x * 1000 for x in times)
        print(f"desk preview, {len(text.splitlines())}-line night of a 16-player game, "
              f"{args.runs} warm runs:")
        print(f"  min {ms[0]:.1f} ms, median {statistics.median(ms):.1f} ms, max {ms[-1]:.1f} ms"
              f"  (target: median ≤ 100 ms)")
        cms = sorted(x * 1000 for x in cpu)
        print(f"  CPU (this process, server and client): min {cms[0]:.1f} ms, median "
              f"{statistics.median(cms):.1f} ms  (wall exceeds CPU when the machine is busy)")


if __name__ == "__main__":
    main()
