"""Benchmark: a 15-day 17-player 源平村 game with 30,000 chat lines, resolved end to end.

    python benchmarks/bench_genpei.py [--lines 30000] [--runs 9]

The game is written here: fifteen days of full votes and fourteen nights of commands
(assassinations, most of them blocked by the body double or faith, scouting, the emperor's
nominations), then chatter from the players is spread through the logs (the shared
long-game maker).  Prints the wall time of `adjudicator resolve GAME --json` (process
start included; target <= 1.0 s), the same game without chatter, and the phases resolved.
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import _games
from _games import ROOT, make_game
from bench_resolve import wall

FIXTURE = ROOT / "tests" / "fixtures" / "genpei-side"
CHATTER = ["おはようございます", "今日は誰を吊る？", "参謀COします", "住職です、信仰たまってます",
           "農民だよ", "大将はまだ出ないで", "城はどのくらいできたかな", "帝さまの後継者は誰だろう",
           "草", "それな", "怪しいなあ", "ちょっと離席します", "戻りました", "辞世の句はまだ早い"]
GENJI = ["あきら", "いさむ", "うめ", "えり", "おと", "かな", "きよ", "くに"]
HEIKE = ["けい", "こう", "さき", "しの", "すみ", "せつ", "そう", "たえ"]
#: executed on days 1…15 (None: the vote is split and tied, nobody dies): farmers only, so
#: that no general falls and the game lasts the fifteen days
EXECUTED = ["すみ", "おと", None, "せつ", None, "かな", None, None, "そう", None, None, None,
            None, None, None]


def write_source(dest: Path) -> None:
    """The 15-day game without chatter (commands and the GM's deadlines only)."""
    shutil.copytree(FIXTURE, dest, ignore=shutil.ignore_patterns("expected", "out", "logs"))
    toml = (dest / "game.toml").read_text("utf-8").replace('tie = "random"', 'tie = "none"')
    (dest / "game.toml").write_text(toml, "utf-8")
    logs = dest / "logs"
    logs.mkdir()
    alive = [*GENJI, *HEIKE, "ちか"]
    for day in range(1, 16):
        out = [f"[21:00] 語り手: {day}日目です"]
        target = EXECUTED[day - 1]
        if target is not None:
            votes = [(v, target if v != target else "ちか") for v in alive]
        else:  # two living farmers tied: nobody is executed (tie = "none")
            a, b = [n for n in alive if n in ("きよ", "くに")]
            others = [v for v in alive if v not in (a, b)]
            others = others[: len(others) // 2 * 2]  # an odd one out does not vote
            votes = [(a, b), (b, a)] + [(v, a if i % 2 else b) for i, v in enumerate(others)]
        for i, (voter, vote) in enumerate(votes):
            out.append(f"[21:{10 + i:02d}] {voter}: 投票@{vote}")
        out.append("[21:40] 語り手: 締め切り")
        if target is not None:
            out.append(f"[21:41] {target}: 辞世の句：{day}日目に散る")
            alive.remove(target)
        (logs / f"day{day}.txt").write_text("\n".join(out) + "\n", "utf-8")
        if day == 15:
            break
        night = ["[22:00] あきら: 暗殺@けい", "[22:00] けい: 暗殺@あきら"]
        if day >= 2:
            night += ["[22:01] うめ: 偵察@さき", "[22:01] さき: 偵察@うめ"]
        if day in (2, 6):
            night.append("[22:02] ちか: 指名@こう" if day == 2 else "[22:02] ちか: 指名@くに")
        night.append("[22:10] 語り手: 締め切り")
        (logs / f"night{day}.txt").write_text("\n".join(night) + "\n", "utf-8")


def cpu(cmd: list[str], runs: int) -> float:
    """The best CPU time (user + system) of ``cmd`` over ``runs`` runs: steadier than wall
    time on a loaded machine, and equal to it on an idle one (resolving is single-threaded)."""
    best = float("inf")
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=30_000)
    ap.add_argument("--runs", type=int, default=9)
    args = ap.parse_args()
    exe = [sys.executable, "-m", "adjudicator", "resolve"]
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "adjudicator")],
                   check=True, stdout=subprocess.DEVNULL)
    _games.SPEAKERS = [*GENJI, *HEIKE, "ちか"]  # chatter from the game's own players
    with tempfile.TemporaryDirectory() as tmp:
        small, big = Path(tmp) / "small", Path(tmp) / "big"
        write_source(small)
        n = make_game(big, args.lines, small, chatter=CHATTER)
        done = subprocess.run([*exe, str(big), "--json", "--no-write"], capture_output=True,
                              text=True, check=False)
        data = json.loads(done.stdout)
        ids = [p["id"] for p in data["phases"]]
        errors = [d for p in data["phases"] for d in p["diagnostics"] if d["level"] == "error"]
        print(f"phases resolved: {len(ids)} ({ids[0]} … {ids[-1]}), finished: "
              f"{data['finished']}, errors: {len(errors)}")
        print(f"faith {data['faith']}, castle {data['castle']}, assassin {data['assassin']}")
        t_big = wall([*exe, str(big), "--json", "--no-write"], args.runs)
        t_small = wall([*exe, str(small), "--json", "--no-write"], args.runs)
        c_big = cpu([*exe, str(big), "--json", "--no-write"], args.runs)
        c_small = cpu([*exe, str(small), "--json", "--no-write"], args.runs)
        print(f"lines in the game:                {n:,}")
        print(f"resolve --json, {n:,}-line game:  {t_big:.3f} s (target <= 1.0 s)")
        print(f"resolve --json, commands only:    {t_small:.3f} s (start-up + rules)")
        print(f"per line beyond that:             {(t_big - t_small) / n * 1e6:.2f} µs")
        print(f"CPU time (user+sys), big / small: {c_big:.3f} s / {c_small:.3f} s")


if __name__ == "__main__":
    main()
