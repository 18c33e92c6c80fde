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
    from .report import write_report
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


def refuse_output(out: Path) -> None:
    """An output file may be a regular file (replaced) or a new file in a folder that
    exists; a link, a pipe, a device or a missing folder is refused before anything is
    written (a report never replaces /dev/full or the file a link points to)."""
    import os
    import stat

    from .errors import AdjudicatorError

    try:
        st = os.lstat(out)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise AdjudicatorError(f"{str(out)!r} に書けません：{e.strerror or e}"
                               f"（cannot write {str(out)!r}）") from None
    if st is not None and stat.S_ISLNK(st.st_mode):
        raise AdjudicatorError(f"{str(out)!r} はリンクです：リンク先を書き換えないよう、"
                               "書きませんでした。別のファイル名を -o で指定してください"
                               f"（{str(out)!r} is a link: not written）")
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise AdjudicatorError(f"{str(out)!r} は普通のファイルではありません（パイプ・装置など）："
                               "書きませんでした。別のファイル名を -o で指定してください"
                               f"（{str(out)!r} is not a regular file: not written）")
    parent = out.parent
    if not parent.is_dir():
        raise AdjudicatorError(f"{str(out)!r} を書けません：フォルダ {str(parent)!r} が"
                               "ありません。先に作るか、ある場所を -o で指定してください"
                               f"（no folder {str(parent)!r}）")


def add_report_command(add: Any) -> None:
    s = add("report", "write the end-of-game HTML report (one self-contained file)",
            "adjudicator report mygame -o mygame.html\n"
            "  adjudicator report mygame --gm   (an unfinished game: GM-only progress report)")
    s.add_argument("game")
    s.add_argument("-o", "--output", help="the HTML file (default: GAME/report.html)")
    s.add_argument("--gm", action="store_true",
                   help="an unfinished game's report, for the GM only (titled 途中経過)")
    s.set_defaults(func=cmd_report)
