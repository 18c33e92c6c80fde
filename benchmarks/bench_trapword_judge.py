"""Judge speed: one hint against 7 trap words, after the dictionary is loaded.

Run: .venv/bin/python benchmarks/bench_trapword_judge.py   (prints figures)
"""

from __future__ import annotations

import time

from adjudicator.games.trapword import judge as J

TRAPS = ["バスケットボール", "科学", "箸", "富士山", "時間", "スマートフォン", "りんご"]
HINTS = ["背の高い人が得意な競技", "サイエンスの本を読む", "はしで食べる", "山に登って日の出を見る",
         "時計を見ながら急ぐ", "スマホで写真を撮る", "赤くて丸い果物", "ボールを投げてシュート"]


def main() -> None:
    t = time.perf_counter()
    J.load()
    print(f"dictionary load: {(time.perf_counter() - t) * 1000:.0f} ms")
    judge = J.Judge({"科学": ["SF"]})
    n = 0
    t = time.perf_counter()
    for i in range(200):  # fresh hints each time: defeat the analysis cache
        for h in HINTS:
            judge.grade_all(f"{h}{i}", TRAPS)
            n += 1
    cold = (time.perf_counter() - t) / n
    t = time.perf_counter()
    for _ in range(200):
        for h in HINTS:
            judge.grade_all(h, TRAPS)
    warm = (time.perf_counter() - t) / (200 * len(HINTS))
    print(f"one hint x 7 trap words, new hint: {cold * 1e6:.0f} µs (budget 1000 µs)")
    print(f"one hint x 7 trap words, repeated hint: {warm * 1e6:.0f} µs")


if __name__ == "__main__":
    main()
