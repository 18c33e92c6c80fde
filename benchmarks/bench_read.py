"""Benchmark: reading a pasted chat log (``adjudicator read`` / ``add`` / ``resolve``).

    python benchmarks/bench_read.py [--messages 50000] [--runs 5]

Builds a LINE talk-history export of ``--messages`` messages (Japanese UI: header,
a date line every 1,500 messages, 午後 times on some, multi-line quoted messages,
system lines, stickers) and times ``chatlog.read_chat`` on its bytes in process
(decode, detection, reading, per-file date order), best of ``--runs``.  The same for
the English UI (ambiguous ``Sat, 3/6/2021`` dates, AM/PM times, English system lines),
LINE for PC without a roster (names split from the file) and a Discord paste with
interface residue, and a fifth of the size, to show the reading is linear.  Wall time
and CPU time are both printed (best of ``--runs``).
Target: 50,000 LINE messages in <= 0.5 s.  Then the whole ``adjudicator read FILE
--json`` command on the 50,000-message LINE export, process start included: CPU and
wall, medians of ``--runs``, paired with the floor (a bare Python process that reads the
file and NFKC-normalizes each line).  Target: <= 0.3 s.
"""

from __future__ import annotations

import argparse
import datetime
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from _games import best
from _timing import compile_package, floor_cmd, paired

NAMES = ["たろう", "はなこ", "じろう", "さくら", "けんた", "ゆい", "あきら", "しずか",
         "佐藤 一郎", "Mei (=^_^=)"]
TEXTS = ["予想@はなこさん 3万", "今日は誰吊る？", "購入＠たろうの株　５株", "売却@", "占い結果待ち",
         "うーん怪しい", "投票@じろう", "[スタンプ]", "おはよう", "https://example.com/rules"]


def _day(k: int) -> datetime.date:
    return datetime.date(2026, 3, 1) + datetime.timedelta(days=k)


def line_export(n: int, english: bool = False, seed: int = 1) -> bytes:
    rnd = random.Random(seed)
    out = ['[LINE] Chat history in "人狼村"', "Saved on: 3/9/2026, 23:10", ""] if english \
        else ["[LINE] 人狼村のトーク履歴", "保存日時：2026/03/09 23:10", ""]
    names = NAMES[:8]
    for i in range(n):
        if i % 1500 == 0:
            d = _day(i // 1500)
            out.append(d.strftime("%a, ") + f"{d.month}/{d.day}/{d.year}" if english
                       else f"{d.year}/{d.month:02d}/{d.day:02d}({'月火水木金土日'[d.weekday()]})")
        h, m = (i // 60) % 24, i % 60
        t = (f"{(h - 1) % 12 + 1}:{m:02d} {'AM' if h < 12 else 'PM'}" if english
             else f"午後{h - 12}:{m:02d}" if h > 12 and i % 3 == 0 else f"{h:02d}:{m:02d}")
        who = rnd.choice(names)
        r = rnd.random()
        if r < 0.02:
            out.append(f'{t}\t{who}\t"{rnd.choice(TEXTS)}\n明日は""吊られない""よ\nよろしく"')
        elif r < 0.03:
            out.append(f"{t}\t\t{who} unsent a message." if english
                       else f"{t}\t\t{who}がメッセージの送信を取り消しました")
        else:
            out.append(f"{t}\t{who}\t{rnd.choice(TEXTS)}")
    return ("\n".join(out) + "\n").encode("utf-8")


def line_pc_export(n: int, seed: int = 2) -> bytes:
    rnd = random.Random(seed)
    out = []
    for i in range(n):
        if i % 1500 == 0:
            d = _day(i // 1500)
            out.append(f"{d.year}.{d.month:02d}.{d.day:02d} {'月火水木金土日'[d.weekday()]}曜日")
        out.append(f"{(i // 60) % 24:02d}:{i % 60:02d} {rnd.choice(NAMES)} {rnd.choice(TEXTS)}")
    return ("\n".join(out) + "\n").encode("utf-8")


def discord_paste(n: int, seed: int = 3) -> bytes:
    rnd = random.Random(seed)
    out: list[str] = []
    for i in range(n):
        stamp = f"{(i // 60) % 24:02d}:{i % 60:02d}"
        if i % 4 == 0:
            out.append(f"{rnd.choice(NAMES)} — 今日 {stamp}")
            out.append(rnd.choice(TEXTS))
        else:  # a follow-up message of the same author: its hover time before it
            out.append(f"[{stamp}] {rnd.choice(TEXTS)}")
        if i % 25 == 0:
            out += ["Image", "👍", "2"]
    return ("\n".join(out) + "\n").encode("utf-8")


def best_cpu(fn: Callable[[], object], runs: int) -> float:
    """Best CPU time of ``runs`` calls: what the reading itself costs, steady where wall
    time swings with the machine's other load."""
    t_best = float("inf")
    for _ in range(runs):
        t = time.process_time()
        fn()
        t_best = min(t_best, time.process_time() - t)
    return t_best


def main() -> None:
    from adjudicator.chatlog import forget_readings
    from adjudicator.chatlog import read_chat as cached_read

    def read_chat(data: bytes, source: str) -> object:  # the reading itself, not the cache
        forget_readings()
        return cached_read(data, source)

    ap = argparse.ArgumentParser()
    ap.add_argument("--messages", type=int, default=50_000)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    n = args.messages
    cases: list[tuple[str, Callable[[int], bytes]]] = [
        ("LINE (Japanese UI)", line_export),
        ("LINE (English UI)", lambda k: line_export(k, english=True)),
        ("LINE for PC, no roster", line_pc_export),
        ("Discord paste", discord_paste),
    ]
    target = None
    for label, make in cases:
        data, small = make(n), make(n // 5)
        reading = read_chat(data, "bench")
        got = len(reading.messages)
        assert got == n, (label, got)
        t = best(lambda d=data: read_chat(d, "bench"), args.runs)  # type: ignore[misc]
        cpu = best_cpu(lambda d=data: read_chat(d, "bench"), args.runs)  # type: ignore[misc]
        cpu_small = best_cpu(lambda d=small: read_chat(d, "bench"), args.runs)  # type: ignore[misc]
        lines = data.count(b"\n")
        print(f"{label:24} {got:>7,} messages {lines:>7,} lines {len(data) / 1e6:4.1f} MB  "
              f"wall {t:5.3f} s  cpu {cpu:5.3f} s  {cpu / got * 1e6:5.2f} µs/message  "
              f"(a fifth: cpu {cpu_small:5.3f} s, x{cpu / cpu_small:.1f})  "
              f"format={reading.format} skipped={len(reading.skipped)} "
              f"guesses={len(reading.guesses)}")
        if target is None:
            target = (t, cpu)
    assert target is not None
    ok = min(target) <= 0.5
    print(f"target: {n:,} LINE messages read in <= 0.5 s: wall {target[0]:.3f} s, "
          f"cpu {target[1]:.3f} s ({'meets' if ok else 'MISSES'}; on a loaded machine the "
          "wall time includes waiting for a CPU)")
    # the whole command, process start included: `adjudicator read FILE --json`
    compile_package()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "line.txt"
        path.write_bytes(line_export(n))
        cmd = [sys.executable, "-m", "adjudicator", "read", str(path), "--json"]
        med = paired(f"`read --json`, {n:,}-message LINE export", cmd, floor_cmd(path),
                     args.runs, target_cpu=0.3)
    sys.exit(0 if ok and med["cpu"] <= 0.3 else 1)


if __name__ == "__main__":
    main()
