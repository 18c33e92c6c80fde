"""Command line: ``adjudicator new|add|resolve|check|explain|report|archive|schema|demo``.

Exit codes: 0 done; 1 the game has errors the GM must fix (listed); 2 bad usage.
"""

from __future__ import annotations

import argparse
import gc
import json
import re
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import __version__
from .chatlog import FORMATS, read_log
from .errors import AdjudicatorError, ChatFormatError, UsageError
from .export import dumps, export_game, json_schema
from .resources import data_dir

PHASE_RE = re.compile(r"^(day|night|round)[1-9][0-9]*(-chat)?$")


def _print(text: str) -> None:
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def _err(text: str) -> None:
    sys.stderr.write(text if text.endswith("\n") else text + "\n")


def _game_dir(path: str) -> Path:
    root = Path(path)
    if not root.is_dir():
        raise UsageError(f"no game folder at {path!r} (create one with `adjudicator new {path}`)")
    return root


# ------------------------------------------------------------------ new / add
def cmd_new(args: argparse.Namespace) -> int:
    from .templates import game_toml

    root = Path(args.game)
    target = root / "game.toml"
    if target.exists() and not args.force:
        raise UsageError(f"{target} already exists (use --force to overwrite)")
    (root / "logs").mkdir(parents=True, exist_ok=True)
    target.write_text(game_toml(args.variant), encoding="utf-8")
    _print(f"wrote {target}: fill in the players, then `adjudicator add {root} day1 LOG`")
    return 0


def cmd_add(args: argparse.Namespace) -> int:
    root = _game_dir(args.game)
    if not PHASE_RE.match(args.phase):
        raise UsageError(f"phase {args.phase!r} is not a phase id (day1, night1, day2-chat, "
                         "round1…)")
    if args.file in (None, "-"):
        data = sys.stdin.buffer.read()
        suffix = ".txt"
    else:
        src = Path(args.file)
        if not src.is_file():
            raise UsageError(f"no file at {args.file!r}")
        data = src.read_bytes()
        suffix = src.suffix.lower() if src.suffix.lower() in (".txt", ".csv", ".json") else ".txt"
    lines = read_log(data, f"logs/{args.phase}{suffix}", fmt=args.format)
    logs = root / "logs"
    logs.mkdir(exist_ok=True)
    for old in logs.glob(f"{args.phase}.*"):
        old.unlink()
    dest = logs / f"{args.phase}{suffix}"
    dest.write_bytes(data)
    _print(f"stored {len(lines)} messages as {dest}")
    return 0


# ------------------------------------------------------------------ resolve
def write_outputs(game: Any, data: dict[str, Any], out: Path | None = None) -> Path:
    """Every output of a resolved game under ``out`` (default GAME/out/), replacing it."""
    out = out if out is not None else game.root / "out"
    if out.exists():
        shutil.rmtree(out)
    out.mkdir()
    (out / "game.json").write_text(dumps(data), encoding="utf-8")
    for ph in game.phases:
        folder = out / ph.id
        (folder / "private").mkdir(parents=True)
        (folder / "public.txt").write_text(ph.public_post, encoding="utf-8")
        (folder / "ledger.txt").write_text(ph.ledger, encoding="utf-8")
        for name, notes in ph.private.items():
            (folder / "private" / f"{_safe(name)}.txt").write_text(
                "\n".join(notes) + "\n", encoding="utf-8")
    (out / "diagnostics.txt").write_text(diagnostics_text(game), encoding="utf-8")
    return out


def _safe(name: str) -> str:
    return re.sub(r'[\\/:*?"<>|\x00-\x1f]', "_", name) or "_"


def diagnostics_text(game: Any) -> str:
    rows = []
    for d in game.diagnostics:
        rows.append(f"{d.level}: {d.source}: {d.message}")
    for ph in game.phases:
        for d in ph.diagnostics:
            extra = f" ／ {d.reason_ja}" if d.reason_ja else ""
            rows.append(f"{d.level}: {d.source}: {d.message}{extra}")
    return "\n".join(rows) + ("\n" if rows else "")


def cmd_resolve(args: argparse.Namespace) -> int:
    from .engine import resolve_game

    root = _game_dir(args.game)
    game = resolve_game(root, fmt=args.format)
    data = export_game(game)
    if not args.no_write:
        write_outputs(game, data)
    if args.json:
        sys.stdout.write(dumps(data))
    else:
        _print(summary_text(game, args.phase))
    diags = diagnostics_text(game)
    if diags and not args.json:
        _err("-- diagnostics --\n" + diags)
    return 1 if game.has_errors else 0


def summary_text(game: Any, phase: str | None = None) -> str:
    """A phase's post and notices (default: the latest phase), ready to paste."""
    if not game.phases:
        return "no logs yet: add one with `adjudicator add GAME day1 FILE`"
    ph = game.phases[-1]
    if phase is not None:
        ids = [p.id for p in game.phases]
        if phase not in ids:
            raise UsageError(f"no phase {phase!r} in this game (phases: {', '.join(ids)})")
        ph = game.phases[ids.index(phase)]
    parts = [f"=== {ph.id}: 公開投稿 ===", ph.public_post.rstrip()]
    for name, notes in ph.private.items():
        parts.append(f"--- {name}さんへの通知 ---")
        parts.extend(notes)
    counts: dict[str, int] = {}
    for rec in ph.lines:
        counts[rec.disposition] = counts.get(rec.disposition, 0) + 1
    parts.append("")
    parts.append("lines: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    parts.append(f"outputs written under {game.root / 'out'}")
    return "\n".join(parts)


# ------------------------------------------------------------------ check
def cmd_check(args: argparse.Namespace) -> int:
    from .chatlog import ChatLine
    from .engine import PhaseReader, resolve_game

    root = _game_dir(args.game)
    game = resolve_game(root, fmt=args.format)
    ids = [p.id for p in game.phases]
    all_ids = []
    for pid in game.variant.phase_ids():
        all_ids.append(pid)
        if len(all_ids) > len(ids) + 1:
            break
    phase = args.phase or all_ids[len(ids)]
    if phase in ids:
        k = ids.index(phase)
        state = game.states[k - 1] if k else game.initial
    else:
        state = game.state
    from .roster import Roster

    roster = Roster(game.variant.roster_entries(), extra={
        **{g: "GM" for g in game.cfg.gm}, **game.variant.extra_targets})
    speaker = args.speaker or (game.cfg.players[0].name if game.cfg.players else "GM")
    reader = PhaseReader(game, roster, state, phase)
    line = ChatLine(source="check", lineno=1, speaker=speaker, text=args.line, raw=args.line)
    reader.read([line], False)
    rec = reader.records[-1]
    _print(f"phase {phase}, speaker {speaker}: {rec.disposition}")
    if rec.action:
        _print(f"  read as: {rec.action}")
    if rec.reason:
        _print(f"  reason: {rec.reason}")
    for d in reader.diagnostics:
        _print(f"  {d.level} [{d.code}]: {d.message}")
    hook = getattr(game.variant, "check_detail", None)
    if hook is not None:
        for cand in reader.accepted():
            for text in hook(state, cand):
                _print(f"  {text}")
    return 0


# ------------------------------------------------------------------ explain
def cmd_explain(args: argparse.Namespace) -> int:
    from .engine import resolve_game
    from .explain import explain_text

    root = _game_dir(args.game)
    game = resolve_game(root, fmt=args.format)
    _print(explain_text(game, player=args.player, phase=args.phase))
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    sys.stdout.write(json.dumps(json_schema(), ensure_ascii=False, indent=2) + "\n")
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    target = Path(args.dir)
    sample = data_dir("samples") / args.sample
    if not sample.is_dir():
        raise UsageError(f"no bundled sample {args.sample!r}")
    if target.exists() and any(target.iterdir()) and not args.force:
        if not (target / "game.toml").exists():
            raise UsageError(f"{target} exists and is not a game folder (use --force)")
    else:
        shutil.copytree(sample, target, dirs_exist_ok=True)
    _print(f"sample game written to {target}\n")
    ns = argparse.Namespace(game=str(target), json=False, format=None, no_write=False,
                            phase=None)
    return cmd_resolve(ns)


# ------------------------------------------------------------------ parser
def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="adjudicator",
        description="The referee's desk for chat-played games: paste the chat log, get "
        "the morning post, every private notice and every rejected line with its reason.",
        epilog="example: adjudicator demo && adjudicator resolve adjudicator-demo --json",
    )
    p.add_argument("--version", action="version", version=f"adjudicator {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    def add(name: str, help_: str, example: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=help_, description=help_,
                              epilog=f"example: {example}",
                              formatter_class=argparse.RawDescriptionHelpFormatter)

    fmt_help = "chat format (default: detected): " + ", ".join(FORMATS)
    s = add("new", "write a commented game.toml to fill in", "adjudicator new mygame "
            "--variant derby-stock")
    s.add_argument("game")
    s.add_argument("--variant", default="derby-stock",
                   choices=["derby-stock", "secret-society", "splatoon", "genpei", "majora",
                            "trapword"])
    s.add_argument("--force", action="store_true", help="overwrite an existing game.toml")
    s.set_defaults(func=cmd_new)

    s = add("add", "store a pasted chat log as a phase (FILE, or - for standard input)",
            "pbpaste | adjudicator add mygame night1 -")
    s.add_argument("game")
    s.add_argument("phase", help="day1, night1, day2, … (day1-chat for spectators' chat)")
    s.add_argument("file", nargs="?", default="-")
    s.add_argument("--format", choices=FORMATS, help=fmt_help)
    s.set_defaults(func=cmd_add)

    s = add("resolve", "re-derive the game and print the latest phase's posts; writes every "
            "output under GAME/out/", "adjudicator resolve mygame --json")
    s.add_argument("game")
    s.add_argument("--json", action="store_true", help="print the whole game as JSON")
    s.add_argument("--format", choices=FORMATS, help=fmt_help)
    s.add_argument("--no-write", action="store_true", help="do not write GAME/out/")
    s.add_argument("--phase", help="print this phase's post and notices instead of the "
                   "latest (day1, night1…)")
    s.set_defaults(func=cmd_resolve)

    s = add("check", "show how one line would be read, without storing it",
            "adjudicator check mygame '予想@たろう 3万' --speaker はなこ")
    s.add_argument("game")
    s.add_argument("line")
    s.add_argument("--speaker", help="who says it (default: the first player)")
    s.add_argument("--phase", help="phase it belongs to (default: the next one)")
    s.add_argument("--format", choices=FORMATS, help=fmt_help)
    s.set_defaults(func=cmd_check)

    s = add("explain", "the chain of events with their causes and rule quotes",
            "adjudicator explain mygame --player たろう --phase night2")
    s.add_argument("game")
    s.add_argument("--player")
    s.add_argument("--phase")
    s.add_argument("--format", choices=FORMATS, help=fmt_help)
    s.set_defaults(func=cmd_explain)

    from .archive_cli import add_archive_command
    from .report_cli import add_report_command

    add_report_command(add)
    add_archive_command(add)

    s = add("schema", "print the JSON Schema of `resolve --json`", "adjudicator schema")
    s.set_defaults(func=cmd_schema)

    s = add("demo", "write the bundled sample game to a folder and resolve it",
            "adjudicator demo adjudicator-demo")
    s.add_argument("dir", nargs="?", default="adjudicator-demo")
    s.add_argument("--sample", default="derby-stock")
    s.add_argument("--force", action="store_true")
    s.set_defaults(func=cmd_demo)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; the cyclic GC is off meanwhile (see ``adjudicator._entry``)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _main(argv)
    finally:
        if was_enabled:
            gc.enable()


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args))
    except UsageError as e:
        _err(f"adjudicator: {e}")
        return 2
    except ChatFormatError as e:
        _err(f"adjudicator: cannot read log: {e}")
        return 1
    except AdjudicatorError as e:
        _err(f"adjudicator: {e}")
        return 1
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
