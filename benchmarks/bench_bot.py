"""Benchmark: the bot's core as a night is typed (issue 44, point 5): the CPU a message
costs, stored and answered, at the 10th message of a night and at the 5,000th, in the
village and in a private chat, and their ratios.

    python benchmarks/bench_bot.py [--messages 5000] [--runs 3]

The game is the ダービー＆ストック村 sample (16 players, day 1 stored) with every player's
Discord account and private channel, the wolves' channel and the GM's (as
tests/discord/test_bot_core.py sets it up).  The night is driven through
``BotCore.on_create`` with plain ``Msg`` objects (no gateway), each answer then
``done`` as the glue does: the GM's heading 「1日目夜」 in the village, then most of the
night's traffic in the village (chatter), the players' commands and chatter in their
private channels, bites in the wolves' channel, in a fixed random order.  The ten
messages around the 10th and around the last are the same ten (village chatter and
private commands in turn: a bet, a rewrite, a refusal, 確認…), so the figures compare
like with like.  What is timed per message is the whole of ``on_create`` (the row, the
phase's log stored through ``fsio.store_log``: the lock, the journal, the atomic write
of the whole log, and the receipt) plus ``done`` for its answers.

CPU is ``time.process_time`` (user + system of this process), wall is
``time.perf_counter`` (it holds the fsync of each write).  The floor, measured in the
same run right after each window, is NFKC of the same ten messages (as the other
benchmarks' floor).  Medians over the runs are printed.  Goal: ≤ 20 ms CPU a message at
each place, ratio (message 5,000 / message 10) ≤ 1.5.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from _timing import nfkc_floor  # noqa: E402

from adjudicator.discord_.bot import BotCore, Msg, User  # noqa: E402
from tests.discord.botgame import (  # noqa: E402
    BOT_ID,
    GM_UID,
    OPENED,
    PLAYERS,
    PRIVATE,
    UID,
    VILLAGE,
    WOLVES,
    make_game,
)
from tests.discord.fake import snowflake  # noqa: E402

WOLF_PLAYERS = ("じろう", "みゆき", "ひろし")
CHATTER = ["おはよう", "今日は誰吊る？", "占い結果待ち", "株買った人いる？", "うーん怪しい",
           "ダービーどうしよう", "草", "それな", "はなこさん信じるよ", "じろう黒っぽい",
           "(笑)", "ちょっと離席します", "戻りました", "３万くらい賭けようかな", "占いCOします"]

#: (place, channel, author, text): place is "village" or "private" (timed) or ""
Planned = tuple[str, str, str, str]


def window(k: int) -> list[Planned]:
    """Ten messages, village chatter and private commands in turn."""
    a, b = PLAYERS[k % 16], PLAYERS[(k + 5) % 16]
    return [
        ("village", VILLAGE, a, CHATTER[k % len(CHATTER)]),
        ("private", PRIVATE["たろう"], "たろう", f"予想@{b} {k % 9 + 1}万"),
        ("village", VILLAGE, b, "占いCOします、たろう●"),
        ("private", PRIVATE["たろう"], "たろう", f"予想@{a} 2万"),
        ("village", VILLAGE, PLAYERS[(k + 3) % 16], CHATTER[(k + 4) % len(CHATTER)]),
        ("private", PRIVATE["けんた"], "けんた", "予想@ 3万"),
        ("village", VILLAGE, PLAYERS[(k + 7) % 16], "じろう黒っぽい"),
        ("private", PRIVATE["はなこ"], "はなこ", "購入@たろうの株"),
        ("village", VILLAGE, PLAYERS[(k + 9) % 16], CHATTER[(k + 8) % len(CHATTER)]),
        ("private", PRIVATE["さくら"], "さくら", "確認"),
    ]


def night(messages: int, seed: int = 1) -> list[Planned]:
    """The heading, then ``messages`` messages: :func:`window` at 6…15 and at the end."""
    rng = random.Random(seed)
    out: list[Planned] = [("", VILLAGE, "GM", "1日目夜")]
    out += [("", VILLAGE, rng.choice(PLAYERS), rng.choice(CHATTER)) for _ in range(5)]
    out += window(0)
    while len(out) < messages + 1 - 10:
        r = rng.random()
        p = rng.choice(PLAYERS)
        if r < 0.7:
            out.append(("", VILLAGE, p, rng.choice(CHATTER)))
        elif r < 0.8:
            out.append(("", PRIVATE[p], p, rng.choice(CHATTER)))
        elif r < 0.9:
            out.append(("", PRIVATE[p], p, f"予想@{rng.choice(PLAYERS)} {rng.randint(1, 9)}万"))
        elif r < 0.95:
            out.append(("", PRIVATE[p], p, rng.choice(["確認", "予想@ 3万", "購入@"])))
        elif p in WOLF_PLAYERS:
            out.append(("", WOLVES, p, f"噛み@{rng.choice(PLAYERS)}"))
        else:
            out.append(("", VILLAGE, p, rng.choice(CHATTER)))
    out += window(1)
    return out


def as_msgs(planned: list[Planned]) -> list[Msg]:
    out = []
    for i, (_, channel, who, text) in enumerate(planned):
        when = OPENED + timedelta(seconds=i)
        uid = GM_UID if who == "GM" else UID[who]
        user = User(int(uid), "gm_master" if who == "GM" else f"user-{uid[-3:]}")
        out.append(Msg(int(snowflake(when, i)), int(channel), user, text, when))
    return out


def floor(msgs: list[Msg]) -> tuple[float, float]:
    return nfkc_floor([m.text for m in msgs])


def one_run(tmp: Path, planned: list[Planned], msgs: list[Msg], run: int) -> dict[str, float]:
    root = make_game(tmp, f"run{run}")
    core = BotCore(root, me=BOT_ID)
    n = len(msgs) - 1  # the heading is not counted
    early, late = range(6, 16), range(n - 9, n + 1)
    sums: dict[str, float] = {}
    counts: dict[str, int] = {}
    for i, (m, (place, *_)) in enumerate(zip(msgs, planned, strict=True)):
        at = "early" if i in early else "late" if i in late else None
        c, w = time.process_time(), time.perf_counter()
        for o in core.on_create(m):
            core.done(o)
        cpu, wall = time.process_time() - c, time.perf_counter() - w
        if at is not None and place:
            for k, v in ((f"{at}_{place}_cpu", cpu), (f"{at}_{place}_wall", wall)):
                sums[k] = sums.get(k, 0.0) + v
                counts[k] = counts.get(k, 0) + 1
    out = {k: v / counts[k] for k, v in sums.items()}
    for at, rng in (("early", early), ("late", late)):
        fc, fw = floor([msgs[i] for i in rng])
        out[f"floor_{at}_cpu"], out[f"floor_{at}_wall"] = fc / 10, fw / 10
    assert core.log is not None and len(core.log.where) == len(msgs)
    out["bytes"] = sum(p.stat().st_size for p in (root / "logs").glob("night1.*"))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--messages", type=int, default=5000)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    planned = night(args.messages)
    msgs = as_msgs(planned)
    with tempfile.TemporaryDirectory() as tmp:
        one_run(Path(tmp), planned[:40], msgs[:40], -1)  # warm-up: grammar, templates
        rows = [one_run(Path(tmp), planned, msgs, run) for run in range(args.runs)]
    med: dict[str, Any] = {k: statistics.median(r[k] for r in rows) for k in rows[0]}

    def ms(x: float) -> str:
        return f"{x * 1000:.2f} ms" if x >= 0.001 else f"{x * 1e6:.1f} µs"

    n = args.messages
    print(f"bot core (on_create + done), night of {n} messages (16 players, threaded; "
          f"stored log {med['bytes'] / 1e6:.1f} MB at the end), median of {args.runs} "
          "runs, per message:")
    worst = 0.0
    for place in ("village", "private"):
        for at, num in (("early", 10), ("late", n)):
            cpu = med[f"{at}_{place}_cpu"]
            worst = max(worst, cpu)
            print(f"  {place:<7} message {num:>5}: cpu {ms(cpu)}, wall "
                  f"{ms(med[f'{at}_{place}_wall'])} | floor (NFKC of the same messages) cpu "
                  f"{ms(med[f'floor_{at}_cpu'])}")
    ratios = {place: statistics.median(r[f"late_{place}_cpu"] / r[f"early_{place}_cpu"]
                                       for r in rows) for place in ("village", "private")}
    for place, ratio in ratios.items():
        print(f"  {place:<7} ratio (cpu, message {n} / message 10, run by run) {ratio:.2f}x  "
              f"(target <= 1.5x: {'meets' if ratio <= 1.5 else 'MISSES'})")
    print(f"  <= 20 ms CPU each: {'meets' if worst <= 0.020 else 'MISSES'}")


if __name__ == "__main__":
    main()
