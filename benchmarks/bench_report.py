"""Benchmark: the HTML report of a 16-player derby-stock game with 50,000 chat lines.

    python benchmarks/bench_report.py [--lines 50000] [--runs 3]

The game is generated here: samples/derby-stock with chatter spread through every log
(the real commands kept, the deadline kept last).  Prints the best of N runs of:
resolving the game, rendering the report of the resolved game, both together, and the
whole `adjudicator report` command (process start included), plus the file size.
"render report" is the page as text (``render_report``, the desk's); "bytes" is the
page as the command writes it (``render_report_bytes``: the annotated log is made as
UTF-8 and never decoded).
Target: the report of a 50,000-line game in <= 1.5 s.  Then the whole command paired
with the floor (a bare Python process that reads the logs and NFKC-normalizes each line):
CPU and wall, medians, the CPU ratio pair by pair.  Target: <= 0.45 s CPU.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from _games import ROOT, best, make_game
from _timing import compile_package, floor_cmd, paired

SOURCE = ROOT / "samples" / "derby-stock"
CHATTER = ["おはよう", "今日は誰吊る？", "占い結果待ち", "株買った人いる？", "うーん怪しい",
           "ダービーどうしよう", "草", "それな", "はなこさん信じるよ", "じろう黒っぽい",
           "(笑)", "ちょっと離席します", "戻りました", "<b>太字</b>にならないよね？"]


def main() -> None:
    from adjudicator.engine import resolve_game
    from adjudicator.report.html import render_report, render_report_bytes

    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=50_000)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        game_dir = Path(tmp) / "big"
        n = make_game(game_dir, args.lines, SOURCE, CHATTER, numbered=True, seconds=True)
        game = resolve_game(game_dir)
        html = render_report(game)  # warm the template cache
        t_resolve = best(lambda: resolve_game(game_dir), args.runs)
        t_render = best(lambda: render_report(game), args.runs)
        t_bytes = best(lambda: render_report_bytes(game), args.runs)
        t_both = best(lambda: render_report_bytes(resolve_game(game_dir)), args.runs)
        out = Path(tmp) / "r.html"
        cmd = [sys.executable, "-m", "adjudicator", "report", str(game_dir), "-o", str(out)]
        compile_package()
        t_cli = best(lambda: subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL),
                     args.runs)
        paired(f"`adjudicator report`, {n:,}-line game", cmd, floor_cmd(game_dir / "logs"),
               max(args.runs, 5), target_cpu=0.45)
        lines = sum(len(p.lines) for p in game.phases)
        print(f"game: {n} log lines, {lines} line records, {len(game.phases)} phases")
        print(f"resolve                 {t_resolve:7.3f} s")
        print(f"render report           {t_render:7.3f} s   (text, as the desk shows it)")
        print(f"render report, bytes    {t_bytes:7.3f} s   (as `adjudicator report` writes it)")
        print(f"resolve + render        {t_both:7.3f} s   (target <= 1.5 s)")
        print(f"`adjudicator report`    {t_cli:7.3f} s   (process start included)")
        print(f"report size             {len(html.encode()) / 1e6:7.2f} MB")


if __name__ == "__main__":
    main()
