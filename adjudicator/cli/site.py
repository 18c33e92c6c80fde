"""``adjudicator site ARCHIVE OUT``: the community's static site (adjudicator.site)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path


def cmd_site(args: argparse.Namespace) -> int:
    from ..site.build import archive_file, build_site, default_players_file
    from ..site.people import load_people

    archive = archive_file(Path(args.archive))
    players = Path(args.players) if args.players else default_players_file(Path(args.archive))
    if args.players and not players.is_file():
        from ..errors import UsageError

        raise UsageError(f"no {players}", f"「{players}」がありません")
    people = load_people(players, args.opt_out or [])
    report = build_site(archive, Path(args.out), people, include_running=args.include_running,
                        say=print)
    if report.skipped_running:
        print(f"進行中のゲーム{report.skipped_running}件は載せていません"
              "（載せるには --include-running）")
    for d in report.damaged:
        print(f"注意：{d}")
    return 0


def add_site_command(add: Callable[[str, str, str], argparse.ArgumentParser]) -> None:
    s = add("site", "アーカイブの終わったゲームすべてを、静的なサイト（ゲーム一覧・各ゲーム・"
            "参加者ごとの記録・村ごとの記録・検索）として書き出します",
            "adjudicator site archive.sqlite3 site/")
    s.add_argument("archive", help="アーカイブのファイル（または archive.sqlite3 のあるフォルダ）")
    s.add_argument("out", help="書き出すフォルダ（変わったファイルだけを書き直します）")
    s.add_argument("--players", help="参加者の名寄せ（players.toml。既定：アーカイブと同じフォルダ）")
    s.add_argument("--opt-out", action="append", metavar="NAME",
                   help="この人を「匿名」にし、ページを作りません（何度でも）")
    s.add_argument("--include-running", action="store_true",
                   help="進行中のゲームも載せます（ネタバレに注意）")
    s.set_defaults(func=cmd_site)
