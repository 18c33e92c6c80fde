"""``adjudicator guide GAME | --variant V [--json]``: the players' command sheet in Japanese
(adjudicator.guide), for pasting at the start of a game."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..config.load import VARIANTS
from ..errors import UsageError


def cmd_guide(args: argparse.Namespace) -> int:
    from ..config.load import load_config
    from ..guide import build_guide, render_text, to_json

    if args.game and args.variant:
        raise UsageError("ゲームのフォルダか --variant のどちらか一方を指定してください")
    if args.game:
        root = Path(args.game)
        if not root.is_dir():
            raise UsageError(f"ゲームのフォルダ「{args.game}」が見つかりません")
        cfg = load_config(root / "game.toml")
        guide = build_guide(cfg.variant, cfg)
    elif args.variant:
        guide = build_guide(args.variant)
    else:
        raise UsageError("ゲームのフォルダか --variant V を指定してください")
    if args.json:
        sys.stdout.write(json.dumps(to_json(guide), ensure_ascii=False, indent=2) + "\n")
    else:
        sys.stdout.write(render_text(guide))
    return 0


def add_guide_command(add: Any) -> None:
    s = add("guide", "参加者向けのコマンドの説明を表示します。ゲームの初めにそのまま貼れます"
            "（そのゲームの設定を言葉で）",
            "adjudicator guide mygame   /   adjudicator guide --variant genpei")
    s.add_argument("game", nargs="?", help="ゲームのフォルダ（その名前と設定を使います）")
    s.add_argument("--variant", choices=VARIANTS,
                   help="ゲームのフォルダなしで：このゲームの種類の、既定の設定での説明")
    s.add_argument("--json", action="store_true", help="説明を JSON で表示します")
    s.set_defaults(func=cmd_guide)
