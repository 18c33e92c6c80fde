"""``adjudicator report GAME [-o FILE] [--gm]`` (kept apart so that building the command
line does not import the report machinery)."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def cmd_report(args: Any) -> int:
    """``adjudicator report GAME [-o FILE] [--gm]``: a finished game's report for anyone;
    an unfinished game's only with ``--gm`` (titled 途中経過（GM専用…）)."""
    from ..engine import resolve_game
    from ..errors import AdjudicatorError, UsageError
    from ..report.html import refuse_output, write_report
    from ..views import PROGRESS_TITLE, View

    root = Path(args.game)
    if not root.is_dir():
        raise UsageError(f"ゲームのフォルダ「{args.game}」が見つかりません")
    game = resolve_game(root, fmt=getattr(args, "format", None))
    out = Path(args.output) if args.output else root / "report.html"
    if out.is_dir():
        raise AdjudicatorError(f"「{out}」はフォルダです：-o に報告のファイル名"
                               "（FILE.html）を指定してください")
    refuse_output(out, args.force)
    write_report(game, out, View.gm() if args.gm else View.public(), args.force)
    if game.variant.finished(game.state):
        print(f"{out} を書きました")
    else:
        print(f"{out} を書きました「{PROGRESS_TITLE}」：ここまでのすべての役職と秘密を含む、"
              "GM専用の報告です")
    return 0


def add_report_command(add: Any) -> None:
    s = add("report", "ゲームが終わったあとの HTML の報告（1つで完結したファイル）を書きます",
            "adjudicator report mygame -o mygame.html\n"
            "  adjudicator report mygame --gm   （終わっていないゲーム：GM専用の途中経過）")
    s.add_argument("game", help="ゲームのフォルダ")
    s.add_argument("-o", "--output", help="書き出す HTML のファイル（既定：GAME/report.html）")
    s.add_argument("--force", action="store_true",
                   help="以前の報告ではない、もうあるファイルにも上書きします（ゲームの設定とログには書きません）")
    s.add_argument("--gm", action="store_true",
                   help="終わっていないゲームの報告を、GM専用に書きます（題は「途中経過」）")
    s.set_defaults(func=cmd_report)
