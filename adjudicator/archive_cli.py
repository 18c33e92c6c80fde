"""``adjudicator archive add|list|show|export|replay|remove`` (see ``adjudicator.archive``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import __version__
from .archive import (
    ENV_VAR,
    MAX_ID,
    Archive,
    ArchiveError,
    DamagedRow,
    default_path,
    find_games,
)
from .errors import AdjudicatorError, UsageError
from .phases import phase_label


def _out(text: str) -> None:
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def _open(args: argparse.Namespace) -> Archive:
    return Archive(Path(args.db) if args.db else None)


def cmd_add(args: argparse.Namespace) -> int:
    games = find_games([Path(p) for p in args.games])
    added = known = 0
    failed: list[str] = []
    with _open(args) as arc:
        items: Any = games
        if len(games) > 1 and not args.quiet:
            from tqdm import tqdm

            items = tqdm(games, desc="archiving", unit="game", file=sys.stderr,
                         disable=None, dynamic_ncols=True)
        for root in items:
            try:
                gid, new = arc.add(root)
            except ArchiveError:
                raise
            except AdjudicatorError as e:  # one bad game does not stop the others
                failed.append(f"{root}: {e}")
                continue
            if new:
                added += 1
            else:
                known += 1
            if len(games) == 1:
                _out(f"{'added' if new else 'already archived'}: #{gid} {root.resolve().name}"
                     f" ({arc.path})")
    if len(games) > 1:
        where = args.db or default_path()
        _out(f"{added} added, {known} already archived, {len(failed)} failed ({where})")
    for f in failed:
        sys.stderr.write(f"adjudicator: not archived: {f}\n")
    return 1 if failed else 0


def _game_id(text: str) -> int:
    """An archive id on the command line: a whole number from 1 to SQLite's largest."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"ゲームの番号は整数です（{text!r}）") from None
    if not 0 <= n <= MAX_ID:
        raise argparse.ArgumentTypeError(f"ゲームの番号は 0 から {MAX_ID} までです（{text!r}）")
    return n


def _damaged(rows: list[DamagedRow]) -> None:
    for d in rows:
        sys.stderr.write(f"adjudicator: 飛ばしました：{d}\n")


def cmd_list(args: argparse.Namespace) -> int:
    with _open(args) as arc:
        rows, damaged = arc.scan()
        _damaged(damaged)
        if not rows and damaged:
            return 1
        if not rows:
            _out(f"the archive {arc.path} is empty: add a game with `adjudicator archive add "
                 "GAME`")
            return 0
        lines = [f"{'id':>5}  {'added':<20}  {'variant':<14}  {'phases':>6}  {'done':<4}  "
                 "name / winners"]
        for r in rows:
            win = "、".join(r.winners) if r.winners else "-"
            lines.append(f"{r.id:>5}  {r.added_at:<20}  {r.variant:<14}  {r.phases:>6}  "
                         f"{'yes' if r.finished else 'no':<4}  {r.name}  ({win})")
        sys.stdout.write("\n".join(lines) + "\n")
    return 1 if damaged else 0


def cmd_show(args: argparse.Namespace) -> int:
    with _open(args) as arc:
        r = arc.get(args.id)
        files = arc.files(args.id)
        data = arc.result(args.id)
        try:
            out = _show_lines(r, data)
        except (KeyError, TypeError, AttributeError, ValueError):
            raise DamagedRow(arc.path, args.id, "result", "ゲームの結果の形ではありません") from None
    for path, (sha, blob) in files.items():
        out.append(f"    {sha[:16]}  {len(blob):>8} B  {path}")
    _out("\n".join(out))
    return 0


def _show_lines(r: Any, data: dict[str, Any]) -> list[str]:
    return [f"#{r.id} {r.name}", f"  variant:      {r.variant}", f"  seed:         {r.seed}",
           f"  finished:     {'yes' if r.finished else 'no'}",
           f"  winners:      {'、'.join(r.winners) or '-'}",
           f"  phases:       {', '.join(p['id'] for p in data['phases'])}",
           f"  errors:       {'yes' if r.has_errors else 'no'}",
           f"  derived by:   adjudicator {r.tool_version}"
           + ("" if r.tool_version == __version__ else f" (this is {__version__})"),
           f"  added:        {r.added_at}", f"  input digest: {r.digest}", "  inputs:"]


def cmd_export(args: argparse.Namespace) -> int:
    with _open(args) as arc:
        dest = arc.export(args.id, Path(args.dir))
    _out(f"game #{args.id} written to {dest}: `adjudicator resolve {dest}` re-derives it")
    return 0


def phase_text(ph: dict[str, Any]) -> str:
    out = [f"=== {ph['id']}（{phase_label(ph['id'])}）===", ph["public_post"].rstrip()]
    if ph.get("deaths"):
        out.append("deaths: " + "、".join(ph["deaths"]))
    for name, notes in ph.get("private", {}).items():
        for n in notes:
            out.append(f"  → {name}: {n}")
    counts = ph.get("line_counts", {})
    out.append("lines: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    for rec in ph.get("lines", []):
        if rec["disposition"] in ("rejected", "superseded"):
            out.append(f"  {rec['disposition']}: {rec['ref']} {rec['speaker']}「{rec['text']}」"
                       f" — {rec.get('reason') or ''}")
    for ev in ph.get("events", []):
        if ev["kind"] == "draw":
            out.append(f"  draw [{ev['rule']}]: {ev.get('target')} among "
                       f"{'、'.join(ev.get('among', []))}")
    return "\n".join(out)


def cmd_replay(args: argparse.Namespace, pause: Callable[[str], str] = input) -> int:
    with _open(args) as arc:
        r = arc.get(args.id)
        data = arc.result(args.id)
        try:  # every phase's text before the first is shown: a damaged one says so at once
            texts = {id(ph): phase_text(ph) for ph in data["phases"]}
            "、".join(data.get("winners", []))
        except (KeyError, TypeError, AttributeError, ValueError):
            raise DamagedRow(arc.path, args.id, "result", "ゲームの結果の形ではありません") from None
    phases = data["phases"]
    if args.phase:
        ids = [p["id"] for p in phases]
        if args.phase not in ids:
            raise UsageError(f"no phase {args.phase!r} in game #{args.id} (phases: "
                             f"{', '.join(ids)})")
        phases = [p for p in phases if p["id"] == args.phase]
    interactive = not args.no_pause and sys.stdin.isatty() and sys.stdout.isatty()
    _out(f"replay of #{r.id} {r.name} ({r.variant}, seed {r.seed}), "
         f"{len(phases)} phase{'' if len(phases) == 1 else 's'}")
    for i, ph in enumerate(phases):
        _out(texts[id(ph)])
        if interactive and i < len(phases) - 1:
            try:
                if pause("-- Enter: next phase, q: quit -- ").strip().lower() == "q":
                    return 0
            except EOFError:
                return 0
    if not args.phase:
        _out("winners: " + ("、".join(data.get("winners", [])) or "-"))
    return 0


def cmd_remove(args: argparse.Namespace) -> int:
    with _open(args) as arc:
        arc.remove(args.id)
    _out(f"removed game #{args.id}")
    return 0


def _sqlite_errors(func: Callable[[argparse.Namespace], int]
                   ) -> Callable[[argparse.Namespace], int]:
    """An SQLite error that got past the archive (a file gone read-only mid-way) is an
    ArchiveError naming the archive, never a traceback."""
    import functools
    import sqlite3

    @functools.wraps(func)
    def run(args: argparse.Namespace) -> int:
        try:
            return func(args)
        except sqlite3.Error as e:
            from .archive import _full_message, disk_full

            where = Path(args.db) if args.db else default_path()
            if disk_full(e, where):
                raise ArchiveError(_full_message(where)) from None
            raise ArchiveError(f"archive {str(where)!r}: {e}") from None

    return run


EXAMPLES = {
    "add": "adjudicator archive add finished/ --db games.sqlite3",
    "list": "adjudicator archive list",
    "show": "adjudicator archive show 3",
    "export": "adjudicator archive export 3 restored-game",
    "replay": "adjudicator archive replay 3 --phase night2",
    "remove": "adjudicator archive remove 3",
}


def add_archive_command(add: Callable[[str, str, str], argparse.ArgumentParser]) -> None:
    p = add("archive", "store finished games in an SQLite archive, list, export and replay "
            f"them (default file: the user data dir, or ${ENV_VAR})",
            "adjudicator archive add mygame && adjudicator archive list")
    def usage(_args: argparse.Namespace) -> int:
        p.print_help()
        return 2

    p.set_defaults(func=usage)
    sub = p.add_subparsers(dest="archive_command", metavar="ACTION")

    def s(name: str, help_: str, func: Callable[[argparse.Namespace], int]) -> Any:
        q = sub.add_parser(name, help=help_, description=help_,
                           epilog=f"example: {EXAMPLES[name]}")
        q.add_argument("--db", help=f"archive file (default: ${ENV_VAR}, else "
                       "archive.sqlite3 in the user data dir)")
        q.set_defaults(func=_sqlite_errors(func))
        return q

    q = s("add", "store games (each GAME a game folder, or a folder of game folders); "
          "adding the same game again changes nothing", cmd_add)
    q.add_argument("games", nargs="+", metavar="GAME")
    q.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    s("list", "list the archived games", cmd_list)
    q = s("show", "show one archived game: setup, inputs and their hashes", cmd_show)
    q.add_argument("id", type=_game_id)
    q = s("export", "write an archived game back as a game folder", cmd_export)
    q.add_argument("id", type=_game_id)
    q.add_argument("dir")
    q = s("replay", "step through an archived game phase by phase", cmd_replay)
    q.add_argument("id", type=_game_id)
    q.add_argument("--phase", help="show only this phase (day1, night1…)")
    q.add_argument("--no-pause", action="store_true", help="do not wait for Enter")
    q = s("remove", "delete a game from the archive", cmd_remove)
    q.add_argument("id", type=_game_id)
