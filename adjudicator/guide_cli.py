"""``adjudicator guide GAME | --variant V [--json]``: the players' command sheet in Japanese
(adjudicator.guide), for pasting at the start of a game."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .config import VARIANTS
from .errors import UsageError


def cmd_guide(args: argparse.Namespace) -> int:
    from .config import load_config
    from .guide import build_guide, render_text, to_json

    if args.game and args.variant:
        raise UsageError("give a game folder or --variant, not both "
                         "（ゲームのフォルダか --variant のどちらか一方を指定してください）")
    if args.game:
        root = Path(args.game)
        if not root.is_dir():
            raise UsageError(f"no game folder at {args.game!r} "
                             f"（ゲームのフォルダが見つかりません：{args.game}）")
        cfg = load_config(root / "game.toml")
        guide = build_guide(cfg.variant, cfg)
    elif args.variant:
        guide = build_guide(args.variant)
    else:
        raise UsageError("give a game folder or --variant V "
                         "（ゲームのフォルダか --variant を指定してください）")
    if args.json:
        sys.stdout.write(json.dumps(to_json(guide), ensure_ascii=False, indent=2) + "\n")
    else:
        sys.stdout.write(render_text(guide))
    return 0


def add_guide_command(add: Any) -> None:
    s = add("guide", "print the players' command sheet in Japanese, ready to paste at the "
            "start of a game (the game's own options, in words)",
            "adjudicator guide mygame   /   adjudicator guide --variant genpei")
    s.add_argument("game", nargs="?", help="a game folder (its names and options)")
    s.add_argument("--variant", choices=VARIANTS,
                   help="no game folder: the sheet of this variant with its default options")
    s.add_argument("--json", action="store_true", help="print the sheet as JSON")
    s.set_defaults(func=cmd_guide)
