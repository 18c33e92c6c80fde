"""Benchmark: receipts as a night is typed (issue 44, point 5): the CPU a message costs at
the 10th message of a night and at the 5,000th, and their ratio.

    python benchmarks/bench_receipts.py [--messages 5000] [--runs 7]

The night is night 1 of the threaded ダービー＆ストック村 fixture (16 players, day 1 stored):
the village's chatter, each player's private channel with bets, rewrites, refusals,
price inquiries and 「確認」, the wolves' room with its bites, in a fixed random order.
The ten messages around the 10th and around the last are the same ten (a bet, a
rewrite, a refusal, an inquiry and its count, a bite, 確認, chatter…), so the two
figures compare like with like.  Each run builds ``Receipts`` once (not timed) and hands
it the messages one by one; the CPU (``time.process_time``) and wall time of the ten
taken around each place are kept, per message.  The floor, measured in the same run
right after each window, is NFKC of the same ten messages (the least any reading of
them costs, as the other benchmarks' floor).  Medians over the runs are printed, and
for contrast what re-reading the night so far would cost at the last message (one
``PhaseReader`` over every message before it: what point 5 forbids).  Goal: ≤ 20 ms CPU
a message at both places, ratio ≤ 1.5.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from _timing import nfkc_floor  # noqa: E402

from adjudicator.receipts import Incoming, Receipts  # noqa: E402
from adjudicator.rooms import Thread  # noqa: E402

FIXTURE = ROOT / "tests" / "fixtures" / "derby-threads"
PLAYERS = ["たろう", "はなこ", "じろう", "さくら", "けんた", "みゆき", "だいすけ", "あやか",
           "しょう", "ゆい", "りょう", "まい", "こうじ", "なな", "ひろし", "えみ"]
WOLVES = ("じろう", "みゆき", "ひろし")
CHATTER = ["おはよう", "今日は誰吊る？", "占い結果待ち", "株買った人いる？", "うーん怪しい",
           "ダービーどうしよう", "草", "それな", "はなこさん信じるよ", "じろう黒っぽい",
           "(笑)", "ちょっと離席します", "戻りました", "３万くらい賭けようかな", "占いCOします"]
VILLAGE = Thread("人狼村", "village")
ROOM = Thread("人狼部屋", "group", None, WOLVES, "人狼")


def private(player: str) -> Thread:
    return Thread(f"{player}🍣", "private", player)


def window(k: int) -> list[Incoming]:
    """Ten messages of every kind a night holds (``k`` varies the names and amounts)."""
    a, b = PLAYERS[k % 16], PLAYERS[(k + 5) % 16]
    return [
        Incoming(private("たろう"), "たろう🍣", f"予想@{b} {k % 9 + 1}万"),
        Incoming(private("たろう"), "たろう🍣", f"予想@{a} 2万"),
        Incoming(VILLAGE, a, CHATTER[k % len(CHATTER)]),
        Incoming(private("けんた"), "けんた", "予想@ 3万"),
        Incoming(private("はなこ"), "はなこ", "購入@たろうの株"),
        Incoming(private("はなこ"), "GM", "たろうさんの株は平常株、1株10万ドルです"),
        Incoming(private("はなこ"), "はなこ", "1株"),
        Incoming(ROOM, WOLVES[k % 3], f"噛み@{'ゆい' if k % 2 else 'えみ'}"),
        Incoming(private("さくら"), "さくら", "確認"),
        Incoming(VILLAGE, b, "占いCOします、たろう●"),
    ]


def night(messages: int, seed: int = 1) -> list[Incoming]:
    """``messages`` messages: the ten of :func:`window` at 6…15 and at the end, between
    them the night's traffic."""
    rng = random.Random(seed)
    out: list[Incoming] = [Incoming(VILLAGE, rng.choice(PLAYERS), rng.choice(CHATTER))
                           for _ in range(5)]
    out += window(0)
    while len(out) < messages - 10:
        r = rng.random()
        p = rng.choice(PLAYERS)
        if r < 0.6:
            out.append(Incoming(VILLAGE, p, rng.choice(CHATTER)))
        elif r < 0.75:
            out.append(Incoming(private(p), p, rng.choice(CHATTER)))
        elif r < 0.85:
            out.append(Incoming(private(p), p, f"予想@{rng.choice(PLAYERS)} "
                                               f"{rng.randint(1, 9)}万"))
        elif r < 0.9:
            out.append(Incoming(private(p), p, rng.choice(["確認", "予想@ 3万", "購入@"])))
        elif r < 0.95 and p in WOLVES:
            out.append(Incoming(ROOM, p, f"噛み@{rng.choice(PLAYERS)}"))
        else:
            out.append(Incoming(ROOM if p in WOLVES else VILLAGE, p, rng.choice(CHATTER)))
    out += window(1)
    return out


def floor(msgs: list[Incoming]) -> tuple[float, float]:
    return nfkc_floor([m.text for m in msgs])


def one_run(root: Path, msgs: list[Incoming]) -> dict[str, float]:
    c = time.process_time()
    r = Receipts(root, "night1")
    built = time.process_time() - c
    early, late = range(5, 15), range(len(msgs) - 10, len(msgs))
    out = {"early_cpu": 0.0, "early_wall": 0.0, "late_cpu": 0.0, "late_wall": 0.0}
    for i, m in enumerate(msgs):
        place = "early" if i in early else "late" if i in late else None
        if place is None:
            r.take(m)
            continue
        c, w = time.process_time(), time.perf_counter()
        r.take(m)
        out[f"{place}_cpu"] += time.process_time() - c
        out[f"{place}_wall"] += time.perf_counter() - w
    out["floor_early_cpu"], out["floor_early_wall"] = floor(msgs[5:15])
    out["floor_late_cpu"], out["floor_late_wall"] = floor(msgs[-10:])
    return {**{k: v / 10 for k, v in out.items()}, "built": built}


def reread(root: Path, msgs: list[Incoming]) -> float:
    """CPU seconds of reading the whole night so far once more (what point 5 forbids)."""
    from adjudicator.chatlog import ChatLine
    from adjudicator.classify import PhaseReader

    r = Receipts(root, "night1")
    lines = [ChatLine(source="x", lineno=i + 1, speaker=m.thread.player or m.author,
                      text=m.text, raw=m.text, thread=m.thread) for i, m in enumerate(msgs)]
    c = time.process_time()
    PhaseReader(r.game, r.variant.make_roster(), r.state, "night1").read(lines, True)
    return time.process_time() - c


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--messages", type=int, default=5000)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "game"
        shutil.copytree(FIXTURE, root, ignore=shutil.ignore_patterns("expected", "out"))
        for log in (root / "logs").iterdir():
            if log.stem != "day1":
                log.unlink()
        msgs = night(args.messages)
        one_run(root, msgs[:200])  # warm-up: grammar, templates, caches
        rows = [one_run(root, msgs) for _ in range(args.runs)]
        med = {k: statistics.median(r[k] for r in rows) for k in rows[0]}
        ratio = statistics.median(r["late_cpu"] / r["early_cpu"] for r in rows)
        again = reread(root, msgs[:-1])

    def ms(x: float) -> str:
        return f"{x * 1000:.3f} ms" if x >= 0.001 else f"{x * 1e6:.1f} µs"

    n = len(msgs)
    print(f"receipts, night of {n} messages (16 players, threaded), median of {args.runs} "
          "runs, per message:")
    for place, at in (("early", 10), ("late", n)):
        print(f"  message {at:>5}: cpu {ms(med[place + '_cpu'])}, wall "
              f"{ms(med[place + '_wall'])} | floor (NFKC of the same messages) cpu "
              f"{ms(med['floor_' + place + '_cpu'])}, wall "
              f"{ms(med['floor_' + place + '_wall'])}")
    worst = max(med["early_cpu"], med["late_cpu"])
    print(f"  ratio (cpu, message {n} / message 10, run by run) {ratio:.2f}x  "
          f"(target <= 1.5x: {'meets' if ratio <= 1.5 else 'MISSES'}; <= 20 ms CPU each: "
          f"{'meets' if worst <= 0.020 else 'MISSES'})")
    print(f"  built once per phase (the game resolved up to it, its parser): cpu "
          f"{ms(med['built'])}")
    print(f"  for contrast, re-reading the night so far at message {n}: cpu {ms(again)}")


if __name__ == "__main__":
    main()
