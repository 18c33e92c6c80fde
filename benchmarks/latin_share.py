"""The share of Latin letters in what people read (issue 27), over every fixture game.

    python benchmarks/latin_share.py [--lines N]

For every player's ``explain --as``, ``explain --line`` on each of the player's own
lines (at most N per player), and each finished game's report (visible text): Latin
letters among all letters, outside player names, chat text and the words everyone uses
(GM, CO, LINE, Discord…).  Target: at most 1% each.  Also lists the program words (rule
ids, file paths, phase ids, option keys) found in players' views (target: none).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.support.japanese_share import measure_all  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=None, help="explain --line per player")
    args = ap.parse_args()
    fig = measure_all(args.lines)
    for kind in fig.letters:
        print(f"{kind:16} {100 * fig.share(kind):5.1f}% Latin "
              f"({fig.latin[kind]:,} of {fig.letters[kind]:,} letters)")
    words = Counter(w.split(" ", 2)[0] + " " + w.split(" ", 2)[1] for _, w in fig.words)
    print(f"program words in players' views: {len(fig.words)}")
    for w, n in words.most_common(15):
        print(f"  {n:6}  {w}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
