"""``adjudicator report GAME [-o FILE]`` (kept apart so that building the command line
does not import the report machinery)."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def cmd_report(args: Any) -> int:
    """``adjudicator report GAME [-o FILE]``."""
    from .engine import resolve_game
    from .errors import UsageError
    from .report import write_report

    root = Path(args.game)
    if not root.is_dir():
        raise UsageError(f"no game folder at {args.game!r}")
    game = resolve_game(root, fmt=getattr(args, "format", None))
    out = Path(args.output) if args.output else root / "report.html"
    write_report(game, out)
    print(f"wrote {out}")
    return 0


def add_report_command(add: Any) -> None:
    s = add("report", "write the end-of-game HTML report (one self-contained file)",
            "adjudicator report mygame -o mygame.html")
    s.add_argument("game")
    s.add_argument("-o", "--output", help="the HTML file (default: GAME/report.html)")
    s.set_defaults(func=cmd_report)
