"""Shared by the benchmarks: a long game made from a short one, and a best-of timer."""

from __future__ import annotations

import random
import re
import shutil
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHATTER = ["おはよう", "今日は誰吊る？", "占い結果待ち", "株買った人いる？", "うーん怪しい",
           "ダービーどうしよう", "草", "それな", "はなこさん信じるよ", "じろう黒っぽい",
           "(笑)", "ちょっと離席します", "戻りました", "３万くらい賭けようかな"]
RE_STAMP = re.compile(r"^\[(\d\d:\d\d)\]")
SPEAKERS = ["たろう", "はなこ", "じろう", "さくら", "けんた", "みゆき", "だいすけ", "あやか"]


def make_game(dest: Path, lines: int, source: Path, chatter: Sequence[str] = CHATTER,
              seed: int = 1, numbered: bool = False, seconds: bool = False) -> int:
    """Copy the game at ``source`` to ``dest`` and spread chatter through its plain-text
    phase logs until they hold ``lines`` lines in all; the real commands are kept, and
    the deadline stays last so that no command turns late.  Returns the line count.
    ``numbered`` makes two chatter lines in three unique (no two rows alike).
    ``seconds`` writes every time as ``[HH:MM:SS]`` (as DiscordChatExporter and Trap
    Word logs do): the chatter's with varied seconds, the real lines' with ``:00``."""
    rng = random.Random(seed)
    shutil.copytree(source, dest, ignore=shutil.ignore_patterns("expected", "out",
                                                                "report.html"))
    logs = sorted(p for p in (dest / "logs").iterdir() if p.suffix == ".txt"
                  and "-" not in p.stem and p.read_text("utf-8").startswith("["))
    per = lines // len(logs)
    total = 0
    for path in logs:
        real = path.read_text("utf-8").splitlines()
        if seconds:
            real = [RE_STAMP.sub(r"[\1:00]", x, count=1) for x in real]
        sec = (lambda i: f":{i * 7 % 60:02d}") if seconds else (lambda i: "")
        out = [f"[20:{i % 60:02d}{sec(i)}] {rng.choice(SPEAKERS)}: {rng.choice(chatter)}"
               + (f" ({total + i})" if numbered and i % 3 else "")
               for i in range(max(0, per - len(real)))]
        for line in real:
            out.insert(rng.randrange(len(out) + 1), line)
        out = [x for x in out if "締め切り" not in x] + [x for x in out if "締め切り" in x]
        path.write_text("\n".join(out) + "\n", encoding="utf-8")
        total += len(out)
    return total


def best(fn: Callable[[], object], runs: int) -> float:
    t_best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        t_best = min(t_best, time.perf_counter() - t)
    return t_best
