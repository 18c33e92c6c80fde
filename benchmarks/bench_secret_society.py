"""Benchmark: a 10-day 18-player 秘密結社村 game with 30,000 chat lines, resolved end to
end.

    python benchmarks/bench_secret_society.py [--lines 30000] [--runs 9]

The game is written here: ten days of task judgments, vote-time techniques, flags and
votes, nine nights of invitations, answers and paid abilities (the vote is split on most
days so that the main societies survive the ten days), then chatter from the players is
spread through every log, keeping the commands in their order (the GM's 投票時間 line must
stay before the vote-time commands).  Prints the wall time of
`adjudicator resolve GAME --json` (process start included; target <= 1.0 s), the same
game without chatter, and the phases resolved.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from _games import ROOT
from bench_resolve import wall

FIXTURE = ROOT / "tests" / "fixtures" / "secret-society-main"
CHATTER = ["おはようございます", "今日の課題むずかしい", "誰が忍者なんだろう", "海賊っぽい人いる？",
           "クロノの人は静かだね", "草", "それな", "怪しいなあ", "ちょっと離席します", "戻りました",
           "天罰こわい", "シークレットって誰かな", "昨日の啓示どう思う？", "今日は誰にする？"]
TASKED = {"ninja": ["はやて", "かすみ"], "pirates": ["ドレイク", "アン"], "chrono": ["クロエ", "トキオ"]}
#: executed on days 1…10 (None: the vote is split, nobody dies)
EXECUTED = [None, "かな", None, None, "きら", None, None, None, None, None]


def _day(n: int, alive: list[str]) -> list[str]:
    tasked = [m for ms in TASKED.values() for m in ms if m in alive]
    lines = [f"GM: {n}日目の昼です。",
             "GM: 課題成功@" + "、".join(tasked[::2]),
             "GM: 課題失敗@" + "、".join(tasked[1::2]) if tasked[1::2] else "GM: 判定終わり",
             "GM: 投票時間です",
             "はやて: 口寄せ@アン", "ドレイク: 海賊旗" if n % 3 == 0 else "アン: 海賊旗"]
    target = EXECUTED[n - 1]
    for i, name in enumerate(alive):
        if target is not None:
            lines.append(f"{name}: 投票@{target if name != target else 'さら'}")
        else:  # a split vote: nobody reaches a majority… ties are drawn, so vote nobody
            if i % 4 == 0:
                continue
    lines.append("GM: 締め切り")
    return lines


def _night(n: int) -> list[str]:
    lines = [f"GM: {n}日目の夜です。"]
    if n != 2:
        lines += ["はやて: 勧誘@けい", "ドレイク: 勧誘@こう", "クロエ: 勧誘@けい",
                  "ミスト: 勧誘@くう", "けい: 拒否", "こう: 拒否", "くう: 拒否"]
    else:
        lines += ["はやて: 解答@富士山", "アン: 解答@エベレスト"]
    lines += ["アン: 望遠鏡", "ドレイク: トレジャーハント", "GM: 締め切り"]
    return lines


def write_source(dest: Path) -> list[str]:
    """The 10-day game without chatter; returns the phase ids."""
    dest.mkdir(parents=True)
    shutil.copy(FIXTURE / "game.toml", dest / "game.toml")
    (dest / "logs").mkdir()
    names = [line.split('"')[1] for line in (FIXTURE / "game.toml").read_text("utf-8").splitlines()
             if line.startswith("name = ")]
    alive = list(names)
    phases = []
    for n in range(1, 11):
        (dest / "logs" / f"day{n}.txt").write_text(
            "\n".join(f"[21:{i % 60:02d}] {x}" for i, x in enumerate(_day(n, alive))) + "\n",
            "utf-8")
        phases.append(f"day{n}")
        if EXECUTED[n - 1]:
            alive.remove(EXECUTED[n - 1])
        if n < 10:
            (dest / "logs" / f"night{n}.txt").write_text(
                "\n".join(f"[22:{i % 60:02d}] {x}" for i, x in enumerate(_night(n))) + "\n",
                "utf-8")
            phases.append(f"night{n}")
    return phases


def add_chatter(game: Path, lines: int, seed: int = 1) -> int:
    """Spread chatter from the players through every log until the game holds ``lines``
    lines; the commands keep their order (and the deadline stays last)."""
    rng = random.Random(seed)
    names = [line.split('"')[1] for line in (game / "game.toml").read_text("utf-8").splitlines()
             if line.startswith("name = ")]
    logs = sorted((game / "logs").iterdir())
    per = -(-lines // len(logs))
    total = 0
    for path in logs:
        real = path.read_text("utf-8").splitlines()
        body, last = real[:-1], real[-1]
        chatter = [f"[21:{i % 60:02d}] {rng.choice(names)}: {rng.choice(CHATTER)}"
                   for i in range(max(0, per - len(real)))]
        spots = sorted(rng.sample(range(len(chatter) + len(body)), len(body)))
        out: list[str] = []
        it = iter(chatter)
        real_it = iter(body)
        spot_set = set(spots)
        for i in range(len(chatter) + len(body)):
            out.append(next(real_it) if i in spot_set else next(it))
        out.append(last)
        path.write_text("\n".join(out) + "\n", "utf-8")
        total += len(out)
    return total


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=30_000)
    ap.add_argument("--runs", type=int, default=9)
    args = ap.parse_args()
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "adjudicator")],
                   check=True, stdout=subprocess.DEVNULL)
    exe = [sys.executable, "-m", "adjudicator", "resolve"]
    with tempfile.TemporaryDirectory() as tmp:
        big, small = Path(tmp) / "big", Path(tmp) / "small"
        phases = write_source(small)
        shutil.copytree(small, big)
        n = add_chatter(big, args.lines)
        out = subprocess.run([*exe, str(big), "--json", "--no-write"], capture_output=True,
                             text=True, check=False)
        data = json.loads(out.stdout)
        got = [p["id"] for p in data["phases"]]
        assert got == phases, f"resolved {got}, expected {phases}"
        alive = sum(1 for p in data["players"].values() if p["alive"])
        t_big = wall([*exe, str(big), "--json", "--no-write"], runs=args.runs)
        t_small = wall([*exe, str(small), "--json", "--no-write"], runs=args.runs)
        print(f"lines in the game:                 {n:,}")
        print(f"phases resolved:                   {len(got)} (day1 … {got[-1]}), "
              f"{alive} players alive, finished={data['finished']}")
        print(f"resolve --json, {n:,}-line game:  {t_big:.3f} s (target <= 1.0 s)")
        print(f"resolve --json, commands only:     {t_small:.3f} s (start-up + rules)")
        print(f"per chat line beyond that:         {(t_big - t_small) / n * 1e6:.2f} µs")


if __name__ == "__main__":
    main()
