"""``adjudicator report GAME [-o FILE] [--gm]`` (kept apart so that building the command
line does not import the report machinery)."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def cmd_report(args: Any) -> int:
    """``adjudicator report GAME [-o FILE] [--gm]``: a finished game's report for anyone;
    an unfinished game's only with ``--gm`` (titled 途中経過（GM専用…）)."""
    from .engine import resolve_game
    from .errors import AdjudicatorError, UsageError
    from .report import refuse_output, write_report
    from .views import PROGRESS_TITLE, View

    root = Path(args.game)
    if not root.is_dir():
        raise UsageError(f"no game folder at {args.game!r}")
    game = resolve_game(root, fmt=getattr(args, "format", None))
    out = Path(args.output) if args.output else root / "report.html"
    if out.is_dir():
        raise AdjudicatorError(f"{str(out)!r} is a folder: give the report's file name "
                               "(-o FILE.html)")
    refuse_output(out)
    write_report(game, out, View.gm() if args.gm else View.public())
    if game.variant.finished(game.state):
        print(f"wrote {out}")
    else:
        print(f"wrote {out} 「{PROGRESS_TITLE}」: every role and secret so far, "
              "for the GM only")
    return 0


def add_report_command(add: Any) -> None:
    s = add("report", "write the end-of-game HTML report (one self-contained file)",
            "adjudicator report mygame -o mygame.html\n"
            "  adjudicator report mygame --gm   (an unfinished game: GM-only progress report)")
    s.add_argument("game")
    s.add_argument("-o", "--output", help="the HTML file (default: GAME/report.html)")
    s.add_argument("--gm", action="store_true",
                   help="an unfinished game's report, for the GM only (titled 途中経過)")
    s.set_defaults(func=cmd_report)
