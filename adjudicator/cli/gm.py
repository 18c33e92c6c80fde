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
    from ..errors import AdjudicatorError, UsageError
    from ..fsio import odd_game_toml

    root = Path(path)
    if (odd := odd_game_toml(root)) is not None:
        raise AdjudicatorError(odd)
    if not (root / "game.toml").is_file():
        raise UsageError(f"「{path}」にゲームがありません（ゲームのフォルダには game.toml があります）")
    return root


def cmd_status(args: Any) -> int:
    """``adjudicator status GAME PHASE [FILE|-]``: nothing is stored."""
    from ..errors import UsageError
    from ..report.sections import phase_label
    from ..status import gm_text, phase_status
    from .read import STDIN_NAME, _input

    root = _game(args.game)
    if args.deadline is not None and not _CLOCK.match(args.deadline):
        raise UsageError(f"--deadline「{args.deadline}」：時刻は 21:30 のように HH:MM で"
                         "書いてください")
    data: bytes | None = None
    shown = STDIN_NAME
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
    from ..deal import deal_game, deal_text

    root = _game(args.game)
    result = deal_game(root, seed=args.seed, force=args.force)
    if args.json:
        _out(json.dumps({"digest": result.digest, "roles": result.roles},
                        ensure_ascii=False, indent=2))
    else:
        _out(deal_text(result, seeded=args.seed is not None))
    return 0


def cmd_verify(args: Any) -> int:
    from ..errors import UsageError
    from ..seal import digest_problem, verify_game

    if args.digest is not None and (why := digest_problem(args.digest)) is not None:
        raise UsageError(why)
    root = _game(args.game)
    ok, lines = verify_game(root, args.digest)
    if ok:
        _out("\n".join(lines))
        return 0
    sys.stderr.write("\n".join(lines) + "\n")
    return 1


def _seed(text: str) -> int:
    """``deal --seed``: a whole number, else a usage error in words."""
    import argparse

    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"種は整数です（{text!r}）") from None


def add_gm_commands(add: Any) -> None:
    from ..chatlog import FORMATS

    s = add("status", "途中集計：その日に誰が行動し、誰がまだかを、途中までのログ（FILE、- で"
            "標準入力、省略すればその日の保存したログ）から数えます。何も保存しません",
            "pbpaste | adjudicator status mygame day2 -   （GMの見え方：集計と催促）\n"
            "  adjudicator status mygame day2 - --post  （公開する催促だけ）")
    s.add_argument("game", help="ゲームのフォルダ")
    s.add_argument("phase", help="どの日か：day1、night1、round1…")
    s.add_argument("file", nargs="?", default=None,
                   help="ここまでのログ（- で標準入力。既定：保存したログ）")
    s.add_argument("--json", action="store_true",
                   help="JSON で表示します：`phase`・`waiting`・`done`・`post`・`groups`・"
                   "`tally`（公開の催促 `post` 以外はGM向け）")
    s.add_argument("--post", action="store_true", help="公開する催促の文だけを表示します")
    s.add_argument("--gm", action="store_true",
                   help="GMの見え方（既定）：すべての組と集計")
    s.add_argument("--deadline", metavar="HH:MM",
                   help="催促に書く締め切り（既定：GMがログで告げた締め切り、あれば）")
    s.add_argument("--format", choices=FORMATS, help="チャットの形式（指定しなければ自動判定）")
    s.set_defaults(func=cmd_status)

    s = add("deal", "くじで配役：種の編成から game.toml の役職を埋めて封をします"
            "（設定と game.toml に残す塩の SHA-256）",
            "adjudicator deal mygame          （新しい無作為の配役と塩）\n"
            "  adjudicator deal mygame --seed 7 --json")
    s.add_argument("game", help="ゲームのフォルダ")
    s.add_argument("--seed", type=_seed, help="この種から配ります（同じ種なら同じ役職と同じ塩："
                   "推測できる種は推測できる封になります）")
    s.add_argument("--json", action="store_true", help='{"digest": …, "roles": {…}} を表示します')
    s.add_argument("--force", action="store_true",
                   help="game.toml にもう役職があっても配り直します")
    s.set_defaults(func=cmd_deal)

    s = add("verify", "封を確かめます：game.toml の設定と塩が DIGEST になれば終了コード 0",
            "adjudicator verify mygame --digest 3f2a…")
    s.add_argument("game", help="ゲームのフォルダ")
    s.add_argument("--digest", help="1日目の前に投稿したダイジェスト（既定：game.toml に"
                   "残したもの）")
    s.set_defaults(func=cmd_verify)
