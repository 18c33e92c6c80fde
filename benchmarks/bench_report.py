"""Benchmark: the HTML report of a 16-player derby-stock game with 50,000 chat lines.

    python benchmarks/bench_report.py [--lines 50000] [--runs 3]

The game is generated here: samples/derby-stock with chatter spread through every log
(the real commands kept, the deadline kept last).  Prints the best of N runs of:
resolving the game, rendering the report of the resolved game, both together, and the
whole `adjudicator report` command (process start included), plus the file size.
Target: the report of a 50,000-line game in <= 1.5 s.
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "samples" / "derby-stock"
CHATTER = ["おはよう", "今日は誰吊る？", "占い結果待ち", "株買った人いる？", "うーん怪しい",
           "ダービーどうしよう", "草", "それな", "はなこさん信じるよ", "じろう黒っぽい",
           "(笑)", "ちょっと離席します", "戻りました", "<b>太字</b>にならないよね？"]


def make_game(dest: Path, lines: int, seed: int = 1) -> int:
    rng = random.Random(seed)
    shutil.copytree(SOURCE, dest, ignore=shutil.ignore_patterns("out", "report.html"))
    logs = sorted(p for p in (dest / "logs").iterdir() if "-" not in p.stem)
    names = ["たろう", "はなこ", "さくら", "だいすけ", "あやか", "りょう", "まい", "えみ"]
    per = lines // len(logs)
    total = 0
    for path in logs:
        real = path.read_text("utf-8").splitlines()
        out = [f"[20:{i % 60:02d}] {rng.choice(names)}: {rng.choice(CHATTER)}"
               f"{'' if i % 3 else f' ({total + i})'}"  # two lines in three repeat
               for i in range(max(0, per - len(real)))]
        for line in real:
            out.insert(rng.randrange(len(out) + 1), line)
        for i in [i for i, t in enumerate(out) if "締め切り" in t]:
            out.append(out.pop(i))
        path.write_text("\n".join(out) + "\n", encoding="utf-8")
        total += len(out)
    return total


def best(fn: object, runs: int) -> float:
    t_best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        fn()  # type: ignore[operator]
        t_best = min(t_best, time.perf_counter() - t)
    return t_best


def main() -> None:
    from adjudicator.engine import resolve_game
    from adjudicator.report import render_report

    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=50_000)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        game_dir = Path(tmp) / "big"
        n = make_game(game_dir, args.lines)
        game = resolve_game(game_dir)
        html = render_report(game)  # warm the template cache
        t_resolve = best(lambda: resolve_game(game_dir), args.runs)
        t_render = best(lambda: render_report(game), args.runs)
        t_both = best(lambda: render_report(resolve_game(game_dir)), args.runs)
        out = Path(tmp) / "r.html"
        cmd = [sys.executable, "-m", "adjudicator", "report", str(game_dir), "-o", str(out)]
        t_cli = best(lambda: subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL),
                     args.runs)
        lines = sum(len(p.lines) for p in game.phases)
        print(f"game: {n} log lines, {lines} line records, {len(game.phases)} phases")
        print(f"resolve                 {t_resolve:7.3f} s")
        print(f"render report           {t_render:7.3f} s")
        print(f"resolve + render        {t_both:7.3f} s   (target <= 1.5 s)")
        print(f"`adjudicator report`    {t_cli:7.3f} s   (process start included)")
        print(f"report size             {len(html.encode()) / 1e6:7.2f} MB")


if __name__ == "__main__":
    main()
