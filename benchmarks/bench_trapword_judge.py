"""Judge speed: one hint against 7 trap words, after the dictionary is loaded.

The judge reads every hint in Sudachi's A, B and C splits (issue 10), so a new hint
costs three tokenizations plus the comparisons; a repeated hint is cached.  Budget:
1 ms for a new hint against 7 trap words.

Run: .venv/bin/python benchmarks/bench_trapword_judge.py   (prints figures)
"""

from __future__ import annotations

import statistics
import time

from adjudicator.games.trapword import judge as J

TRAPS = ["バスケットボール", "科学", "箸", "富士山", "時間", "スマートフォン", "りんご"]
#: the kinds issue 10 is about: letters inside words, compounds, honorifics, numbers
MORE_TRAPS = ["バス", "映画", "お茶", "三", "ご飯", "サイ", "時計"]
HINTS = ["背の高い人が得意な競技", "サイエンスの本を読む", "はしで食べる", "山に登って日の出を見る",
         "時計を見ながら急ぐ", "スマホで写真を撮る", "赤くて丸い果物", "ボールを投げてシュート",
         "バスケットをする", "映画館に行く", "茶を飲む", "3つ並んだ", "飯を食う",
         "サイダーを飲む", "腕時計をつける"]
REPEAT = 5
ROUNDS = 60


def per_hint(judge: J.Judge, traps: list[str], fresh: bool) -> tuple[float, float]:
    """(CPU, wall) seconds per hint, each the median of REPEAT runs over ROUNDS ×
    len(HINTS) hints.  CPU time is the figure to compare with the budget: wall time also
    counts whatever else the machine is doing."""
    cpu, wall = [], []
    for r in range(REPEAT):
        c, t = time.process_time(), time.perf_counter()
        for i in range(ROUNDS):
            for h in HINTS:
                judge.grade_all(f"{h}{r}-{i}" if fresh else h, traps)
        n = ROUNDS * len(HINTS)
        cpu.append((time.process_time() - c) / n)
        wall.append((time.perf_counter() - t) / n)
    return statistics.median(cpu), statistics.median(wall)


def main() -> None:
    t = time.perf_counter()
    J.load()
    print(f"dictionary load: {(time.perf_counter() - t) * 1000:.0f} ms")
    judge = J.Judge({"科学": ["SF"]})
    for name, traps in (("rulebook traps", TRAPS), ("issue-10 traps", MORE_TRAPS)):
        judge.grade_all("準備", traps)  # trap words are analysed once per game
        cold_cpu, cold_wall = per_hint(judge, traps, fresh=True)
        warm_cpu, _ = per_hint(judge, traps, fresh=False)
        print(f"{name}: one new hint x 7 trap words: {cold_cpu * 1e6:.0f} µs CPU "
              f"({cold_wall * 1e6:.0f} µs wall; budget 1000 µs); repeated hint: "
              f"{warm_cpu * 1e6:.0f} µs CPU")


if __name__ == "__main__":
    main()
