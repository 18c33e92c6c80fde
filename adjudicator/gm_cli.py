"""The GM's tools on the command line: ``adjudicator status`` (途中集計), ``adjudicator deal``
(配役 by lot, under a seal) and ``adjudicator verify`` (the seal checked).  Kept apart so
that building the command line imports none of them."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

_CLOCK = re.compile(r"^([0-9]{1,2})[:：]([0-9]{2})$")


def _out(text: str) -> None:
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def _game(path: str) -> Path:
    from .errors import UsageError

    root = Path(path)
    if not (root / "game.toml").is_file():
        raise UsageError(f"no game at {path!r} (a game folder holds game.toml)")
    return root


def cmd_status(args: Any) -> int:
    """``adjudicator status GAME PHASE [FILE|-]``: nothing is stored."""
    from .errors import UsageError
    from .read_cli import _input
    from .report_sections import phase_label
    from .status import gm_text, phase_status

    root = _game(args.game)
    if args.deadline is not None and not _CLOCK.match(args.deadline):
        raise UsageError(f"--deadline {args.deadline!r}: write the time as HH:MM (21:30)")
    data: bytes | None = None
    shown = "standard input"
    if args.file is not None:
        data, shown = _input(args.file)
    st = phase_status(root, args.phase, data, shown, fmt=args.format, deadline=args.deadline)
    if args.json:
        _out(json.dumps(st.to_json(), ensure_ascii=False, indent=2))
    elif args.post:
        _out(st.post or "（催促する行動はありません）")
    else:
        _out(gm_text(st, phase_label(args.phase)))
    return 0


def cmd_deal(args: Any) -> int:
    from .deal import deal_game, deal_text

    root = _game(args.game)
    result = deal_game(root, seed=args.seed, force=args.force)
    if args.json:
        _out(json.dumps({"digest": result.digest, "roles": result.roles},
                        ensure_ascii=False, indent=2))
    else:
        _out(deal_text(result, seeded=args.seed is not None))
    return 0


def cmd_verify(args: Any) -> int:
    from .seal import verify_game

    root = _game(args.game)
    ok, lines = verify_game(root, args.digest)
    if ok:
        _out("\n".join(lines))
        return 0
    sys.stderr.write("\n".join(lines) + "\n")
    return 1


def add_gm_commands(add: Any) -> None:
    from .chatlog import FORMATS

    s = add("status", "途中集計: who has acted and who has not in a phase, from a partial log "
            "(FILE, - for standard input, or the stored log of PHASE); nothing is stored",
            "pbpaste | adjudicator status mygame day2 -   (GM view, tally and the reminder)\n"
            "  adjudicator status mygame day2 - --post  (the public reminder only)")
    s.add_argument("game")
    s.add_argument("phase", help="day1, night1, round1…")
    s.add_argument("file", nargs="?", default=None,
                   help="the log so far (- for standard input; default: the stored log)")
    s.add_argument("--json", action="store_true",
                   help="JSON: phase, waiting, done, post, groups, tally (all but post is "
                   "for the GM)")
    s.add_argument("--post", action="store_true", help="print only the public reminder")
    s.add_argument("--gm", action="store_true",
                   help="the GM view (the default): every group and the tally")
    s.add_argument("--deadline", metavar="HH:MM",
                   help="the deadline to name in the reminder (default: the one the GM "
                   "announced in the log, if any)")
    s.add_argument("--format", choices=FORMATS, help="chat format (default: detected)")
    s.set_defaults(func=cmd_status)

    s = add("deal", "配役 by lot: fill in the roles of game.toml from the seed's composition "
            "and seal them (SHA-256 over the setup and a salt kept in game.toml)",
            "adjudicator deal mygame          (a fresh random deal and salt)\n"
            "  adjudicator deal mygame --seed 7 --json")
    s.add_argument("game")
    s.add_argument("--seed", type=int, help="deal from this seed (the same seed deals the "
                   "same roles and the same salt: a guessable seed makes a guessable seal)")
    s.add_argument("--json", action="store_true", help='print {"digest": …, "roles": {…}}')
    s.add_argument("--force", action="store_true",
                   help="deal again over roles already in game.toml")
    s.set_defaults(func=cmd_deal)

    s = add("verify", "check the seal: exit 0 when game.toml's setup and salt give DIGEST",
            "adjudicator verify mygame --digest 3f2a…")
    s.add_argument("game")
    s.add_argument("--digest", help="the digest posted before day 1 (default: the one kept "
                   "in game.toml)")
    s.set_defaults(func=cmd_verify)
