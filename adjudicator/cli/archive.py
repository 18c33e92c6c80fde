"""``adjudicator archive add|list|show|export|replay|remove`` (see ``adjudicator.archive``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import __version__
from ..archive import ENV_VAR, MAX_ID, Archive, ArchiveError, DamagedRow, default_path, find_games
from ..config.problems import VARIANT_JA
from ..errors import AdjudicatorError, UsageError
from ..models import DISPOSITION_JA
from ..phases import phase_label
from .ja import display_width


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

            items = tqdm(games, desc="保存中", unit="件", file=sys.stderr,
                         disable=None, dynamic_ncols=True)
        for root in items:
            try:
                gid, new = arc.add(root)
            except ArchiveError:
                raise
            except AdjudicatorError as e:  # one bad game does not stop the others
                failed.append(f"{root}：{e.ja or e}")
                continue
            if new:
                added += 1
            else:
                known += 1
            if len(games) == 1:
                _out(f"{'保存しました' if new else 'もう保存してあります'}：#{gid} "
                     f"{root.resolve().name}（{arc.path}）")
    if len(games) > 1:
        where = args.db or default_path()
        _out(f"保存 {added} 件、保存済み {known} 件、失敗 {len(failed)} 件（{where}）")
    for f in failed:
        sys.stderr.write(f"adjudicator: 保存できませんでした：{f}\n")
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
            _out(f"アーカイブ {arc.path} は空です：`adjudicator archive add GAME` で"
                 "ゲームを保存してください")
            return 0
        width = max(display_width(_village(r.variant)) for r in rows)
        lines = [f"{'番号':>3}  {'保存日時':<16}  {_pad('種類', width)}  {'日数':>4}  "
                 f"{'終了':<2}  名前（勝者）"]
        for r in rows:
            win = "、".join(r.winners) if r.winners else "-"
            lines.append(f"{r.id:>5}  {r.added_at:<20}  {_pad(_village(r.variant), width)}  "
                         f"{r.phases:>6}  {'済' if r.finished else '途中':<4}  {r.name}  （{win}）")
        sys.stdout.write("\n".join(lines) + "\n")
    return 1 if damaged else 0


def _village(variant: str) -> str:
    """The game's name as its players call it (「ダービー＆ストック村」), not its id."""
    return VARIANT_JA.get(variant, variant)


def _pad(text: str, width: int) -> str:
    """``text`` padded to ``width`` terminal columns (a kanji takes two)."""
    return text + " " * max(0, width - display_width(text))


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
        out.append(f"    {sha[:16]}  {len(blob):>8} バイト  {path}")
    _out("\n".join(out))
    return 0


def _show_lines(r: Any, data: dict[str, Any]) -> list[str]:
    return [f"#{r.id} {r.name}", f"  種類：        {_village(r.variant)}", f"  種：          {r.seed}",
           f"  終了：        {'済' if r.finished else '途中'}",
           f"  勝者：        {'、'.join(r.winners) or '-'}",
           f"  日：          {'、'.join(phase_label(p['id']) for p in data['phases'])}",
           f"  エラー：      {'あり' if r.has_errors else 'なし'}",
           f"  集計した版：  adjudicator {r.tool_version}"
           + ("" if r.tool_version == __version__ else f"（今の版は {__version__}）"),
           f"  保存日時：    {r.added_at}", f"  入力の要約値：{r.digest}", "  入力："]


def cmd_export(args: argparse.Namespace) -> int:
    with _open(args) as arc:
        dest = arc.export(args.id, Path(args.dir))
    _out(f"ゲーム #{args.id} を {dest} に書き出しました：`adjudicator resolve {dest}` で"
         "集計し直せます")
    return 0


def phase_text(ph: dict[str, Any]) -> str:
    out = [f"=== {phase_label(ph['id'])} ===", ph["public_post"].rstrip()]
    if ph.get("deaths"):
        out.append("死亡：" + "、".join(ph["deaths"]))
    for name, notes in ph.get("private", {}).items():
        for n in notes:
            out.append(f"  → {name}: {n}")
    counts = ph.get("line_counts", {})
    out.append("行の内訳：" + "、".join(f"{DISPOSITION_JA.get(k, k)} {v}行"
                                     for k, v in counts.items()))
    for rec in ph.get("lines", []):
        if rec["disposition"] in ("rejected", "superseded"):
            out.append(f"  {DISPOSITION_JA.get(rec['disposition'], rec['disposition'])}："
                       f"{rec['ref']} {rec['speaker']}「{rec['text']}」"
                       f" — {rec.get('reason') or ''}")
    for ev in ph.get("events", []):
        if ev["kind"] == "draw":
            out.append(f"  抽選：{'、'.join(ev.get('among', []))} から {ev.get('target')}")
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
            raise UsageError(f"ゲーム #{args.id} に「{args.phase}」の日はありません（あるのは "
                             f"{'、'.join(phase_label(i) for i in ids)}）")
        phases = [p for p in phases if p["id"] == args.phase]
    interactive = not args.no_pause and sys.stdin.isatty() and sys.stdout.isatty()
    _out(f"#{r.id} {r.name} の再生（{_village(r.variant)}、種 {r.seed}）、{len(phases)} 日分")
    for i, ph in enumerate(phases):
        _out(texts[id(ph)])
        if interactive and i < len(phases) - 1:
            try:
                if pause("-- Enter：次の日、q：やめる -- ").strip().lower() == "q":
                    return 0
            except EOFError:
                return 0
    if not args.phase:
        _out("勝者：" + ("、".join(data.get("winners", [])) or "-"))
    return 0


def cmd_remove(args: argparse.Namespace) -> int:
    with _open(args) as arc:
        arc.remove(args.id)
    _out(f"ゲーム #{args.id} を消しました")
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
            from ..archive import _full_message, disk_full

            where = Path(args.db) if args.db else default_path()
            if disk_full(e, where):
                raise ArchiveError(_full_message(where)) from None
            raise ArchiveError(f"アーカイブ「{where}」を使えません：{e}") from None

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
    p = add("archive", "終わったゲームを SQLite のアーカイブに保存し、一覧、書き出し、再生します"
            f"（既定のファイル：${ENV_VAR}、なければ利用者のデータのフォルダ）",
            "adjudicator archive add mygame && adjudicator archive list")
    def usage(_args: argparse.Namespace) -> int:
        p.print_help()
        return 2

    p.set_defaults(func=usage)
    sub = p.add_subparsers(dest="archive_command", metavar="ACTION", title="サブコマンド")

    def s(name: str, help_: str, func: Callable[[argparse.Namespace], int]) -> Any:
        q = sub.add_parser(name, help=help_, description=help_,
                           epilog=f"例：{EXAMPLES[name]}", formatter_class=p.formatter_class)
        q.add_argument("--db", help=f"アーカイブのファイル（既定：${ENV_VAR}、なければ"
                       "利用者のデータのフォルダの archive.sqlite3）")
        q.set_defaults(func=_sqlite_errors(func))
        return q

    q = s("add", "ゲームを保存します（GAME はゲームのフォルダか、ゲームのフォルダを入れたフォルダ）。"
          "同じゲームをもう一度保存しても何も変わりません", cmd_add)
    q.add_argument("games", nargs="+", metavar="GAME", help="保存するゲーム")
    q.add_argument("-q", "--quiet", action="store_true", help="進み具合を表示しません")
    s("list", "保存したゲームを一覧します", cmd_list)
    q = s("show", "保存したゲームを1つ見せます：設定、入力とその要約値", cmd_show)
    q.add_argument("id", type=_game_id, help="ゲームの番号（list の番号）")
    q = s("export", "保存したゲームをゲームのフォルダとして書き出します", cmd_export)
    q.add_argument("id", type=_game_id, help="ゲームの番号（list の番号）")
    q.add_argument("dir", help="書き出すフォルダ（新しいか空のフォルダ。その親のフォルダはあること）")
    q = s("replay", "保存したゲームを一日ずつたどります", cmd_replay)
    q.add_argument("id", type=_game_id, help="ゲームの番号（list の番号）")
    q.add_argument("--phase", help="この日だけを見せます（day1、night1…）")
    q.add_argument("--no-pause", action="store_true", help="Enter を待ちません")
    q = s("remove", "アーカイブからゲームを消します", cmd_remove)
    q.add_argument("id", type=_game_id, help="ゲームの番号（list の番号）")
