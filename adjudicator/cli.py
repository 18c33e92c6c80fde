"""Command line: ``adjudicator new|add|resolve|check|explain|report|archive|schema|demo``.

Exit codes: 0 done; 1 the game has errors the GM must fix (listed), or an operating-system
error (one line naming the path); 2 bad usage; 130 interrupted (Ctrl-C).  Options may
follow positional arguments (``add GAME PHASE --format F FILE``).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import re
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import __version__
from .chatlog import FORMATS
from .errors import AdjudicatorError, ChatFormatError, UsageError
from .fsio import history, os_error_message, store_log, swap_tree, write_atomic
from .resources import data_dir

PHASE_RE = re.compile(r"^(day|night|round)[1-9][0-9]*(-chat)?$")


def _print(text: str) -> None:
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def _err(text: str) -> None:
    sys.stderr.write(text if text.endswith("\n") else text + "\n")


def _game_dir(path: str) -> Path:
    root = Path(path)
    if not root.is_dir():
        if root.exists():
            raise UsageError(f"{path!r} is a file, not a game folder")
        raise UsageError(f"no game folder at {path!r} (create one with `adjudicator new {path}`)")
    return root


def plural(n: int, word: str) -> str:
    """``1 message``, ``2 messages``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# ------------------------------------------------------------------ new / add
def _name_clashes(toml: Path) -> list[str]:
    """The setup warnings of a game.toml that loads (Japanese), else none."""
    from .config import load_config
    from .errors import ConfigError
    from .games import get_variant

    try:
        cfg = load_config(toml)
        return [ja for _en, ja in get_variant(cfg.variant)(cfg).name_clashes()]
    except (ConfigError, OSError):
        return []


def cmd_new(args: argparse.Namespace) -> int:
    from .skeletons import game_toml

    root = Path(args.game)
    target = root / "game.toml"
    if root.exists() and not root.is_dir():
        raise AdjudicatorError(f"{str(root)!r} is a file, not a folder: choose another name")
    if target.exists() and not args.force:
        raise UsageError(f"{target} already exists (use --force to overwrite)")
    (root / "logs").mkdir(parents=True, exist_ok=True)
    write_atomic(target, game_toml(args.variant))
    wrote = [str(target)]
    scenario = data_dir("samples") / args.variant / "scenario.toml"
    if scenario.is_file() and not (root / "scenario.toml").exists():
        # majora: the game.toml names a scenario; start from the bundled one to edit
        write_atomic(root / "scenario.toml", scenario.read_bytes())
        wrote.append(str(root / "scenario.toml"))
    first = "round1" if args.variant == "trapword" else "day1"
    for ja in _name_clashes(target):
        _print(f"注意: {ja}")
    _print(f"wrote {' and '.join(wrote)}: fill in the players, then "
           f"`adjudicator add {root} {first} LOG`")
    return 0


def cmd_add(args: argparse.Namespace) -> int:
    from .engine import LOG_SUFFIXES, phase_refusal

    root = _game_dir(args.game)
    logs = root / "logs"
    if args.history:
        return _show_history(logs, args.phase)
    if args.phase is None:
        raise UsageError("which phase? `adjudicator add GAME PHASE [FILE|-]` (day1, night1…)")
    if not PHASE_RE.match(args.phase):
        raise UsageError(f"phase {args.phase!r} is not a phase id (day1, night1, day2-chat, "
                         "round1…)")
    why = phase_refusal(root, args.phase)
    if why:
        hint = f" (`adjudicator add {root} {why.next} FILE`)" if why.next else ""
        raise UsageError(why.en() + hint, why.ja(ids=True) + hint)
    if args.file in (None, "-"):
        data = sys.stdin.buffer.read()
        suffix, shown = ".txt", "standard input"
    else:
        src = Path(args.file)
        if src.is_dir():
            raise UsageError(f"{args.file!r} is a folder, not a chat log file")
        if not src.exists():
            raise UsageError(f"no file at {args.file!r}")
        if not src.is_file():  # a pipe or a device would block or never end
            raise UsageError(f"{args.file!r} is not a regular file: save the log to a file, "
                             "or pipe it in with -")
        data = _read_source(src, args.file)
        suffix = src.suffix.lower() if src.suffix.lower() in (".txt", ".csv", ".json") else ".txt"
        shown = args.file
    if not data.strip() or not data.decode("utf-8", "replace").strip(" \t\r\n\ufeff\u3000"):
        raise AdjudicatorError(f"nothing to store: {shown} is empty (an empty clipboard?); "
                               f"logs/{args.phase} is unchanged")
    from .read_cli import read_paste  # the reading `adjudicator read` shows

    lines = read_paste(data, shown, args.format, root).messages
    if not lines:
        raise AdjudicatorError(f"nothing to store: {shown} holds no message; "
                               f"logs/{args.phase} is unchanged")
    stored = store_log(logs, args.phase, suffix, data, LOG_SUFFIXES, fmt=args.format)
    if stored.unchanged:
        _print(f"{stored.path} already holds this log ({plural(len(lines), 'message')}): "
               "unchanged")
        return 0
    note = "".join(f"\n  the previous version is kept as {k}" for k in stored.kept)
    _print(f"stored {plural(len(lines), 'message')} as {stored.path}{note}")
    return 0


def _read_source(src: Path, shown: str) -> bytes:
    """The file a GM adds: a regular file of at most the log cap (checked on the open file:
    what was checked is what is read)."""
    from .fsio import MAX_LOG_BYTES, NotRegularFile, TooLarge, read_capped

    try:
        return read_capped(src, MAX_LOG_BYTES)
    except NotRegularFile:
        raise UsageError(f"{shown!r} is not a regular file: save the log to a file, "
                         "or pipe it in with -") from None
    except TooLarge:
        raise AdjudicatorError(f"{shown!r} は大きすぎます（{MAX_LOG_BYTES // 1_000_000} MBまで）："
                               f"ログではないファイルのようです（{shown!r} is too large）") from None


def _show_history(logs: Path, phase: str | None) -> int:
    rows = history(logs, phase)
    if not rows:
        _print(f"no earlier versions kept in {logs / '.history'}"
               + (f" for {phase}" if phase else ""))
        return 0
    for name, n, path in rows:
        size = path.stat().st_size
        _print(f"{name}  version {n}  {size:>8} B  {path}")
    _print("to restore one: adjudicator add GAME PHASE PATH")
    return 0


# ------------------------------------------------------------------ resolve
def write_outputs(game: Any, data: dict[str, Any], out: Path | None = None) -> Path:
    """Every output of a resolved game under ``out`` (default GAME/out/), replacing it
    whole: built in a temporary folder beside it and swapped in (``fsio.swap_tree``);
    when ``out`` already holds exactly these bytes, nothing is written."""
    from .export import dumps

    out = out if out is not None else game.root / "out"
    files: dict[str, str] = {"game.json": dumps(data)}
    dirs: list[str] = []
    for ph in game.phases:
        dirs.append(f"{ph.id}/private")
        files[f"{ph.id}/public.txt"] = ph.public_post
        files[f"{ph.id}/ledger.txt"] = ph.ledger
        used: set[str] = set()
        for name, notes in ph.private.items():
            fname = _safe(name)
            while fname.casefold() in used:
                fname += "_"
            used.add(fname.casefold())
            files[f"{ph.id}/private/{fname}.txt"] = "\n".join(notes) + "\n"
    files["diagnostics.txt"] = diagnostics_text(game)
    return swap_tree(out, files, dirs)


_MAX_NAME_BYTES = 120  # file systems allow 255; leave room for suffixes


def _safe(name: str) -> str:
    """A player's name as a file name: no separators or controls, never too long."""
    safe = re.sub(r'[\\/:*?"<>|\x00-\x1f\x7f]', "_", name).strip(". ") or "_"
    if len(safe.encode("utf-8")) > _MAX_NAME_BYTES:
        import hashlib

        tag = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:8]
        cut = safe.encode("utf-8")[:_MAX_NAME_BYTES - 9].decode("utf-8", "ignore")
        safe = f"{cut}-{tag}"
    return safe


#: a diagnostic's level, as the GM reads it
LEVEL_JA = {"error": "エラー", "warning": "注意", "info": "情報"}


def diagnostic_line(d: Any, lang: str = "ja") -> str:
    """One diagnostic for the GM: in Japanese, where in words (「1日目昼のログ 9行目」),
    the reason, and the file and line in a trailing bracket for finding it; ``en``: the
    developers' English line."""
    if lang == "en":
        return f"{d.level}: {d.source}: {d.message}"
    from .wording import line_place, phase_label

    level = LEVEL_JA.get(d.level, d.level)
    if d.source.startswith("phase:"):
        return f"{level}：{phase_label(d.source[6:])}：{d.reason_ja or d.message}"
    if ":" in d.source and d.source.rpartition(":")[2].isdigit():
        return f"{level}：{line_place(d.source)}：{d.reason_ja or d.message}［{d.source}］"
    return f"{level}：{d.reason_ja or d.message}［{d.source}］"


def diagnostics_text(game: Any, lang: str = "ja") -> str:
    rows = [diagnostic_line(d, lang) for d in game.diagnostics]
    rows += [diagnostic_line(d, lang) for ph in game.phases for d in ph.diagnostics]
    return "\n".join(rows) + ("\n" if rows else "")


def cmd_resolve(args: argparse.Namespace) -> int:
    from .engine import resolve_game
    from .export import dumps, export_game

    lang = getattr(args, "lang", "ja")
    root = _game_dir(args.game)
    game = resolve_game(root, fmt=args.format)
    data = export_game(game)
    if not args.no_write:
        write_outputs(game, data)
    if args.json:
        sys.stdout.write(dumps(data))
    else:
        _print(summary_text(game, args.phase, written=not args.no_write, lang=lang))
    diags = diagnostics_text(game, lang)
    if diags and not args.json:
        _err(("-- diagnostics --\n" if lang == "en" else "-- 確認が必要な行 --\n") + diags)
    return 1 if game.has_errors else 0


def summary_text(game: Any, phase: str | None = None, written: bool = True,
                 lang: str = "ja") -> str:
    """A phase's post and notices (default: the latest phase), ready to paste."""
    from .models import DISPOSITION_JA
    from .wording import phase_label

    en = lang == "en"
    if not game.phases and game.has_errors:  # logs/ is a file, or every log is unusable
        return ("no log could be read: see the diagnostics below" if en
                else "ログを1つも読めませんでした：下の「確認が必要な行」を見て直してください")
    if not game.phases:
        first = next(iter(game.variant.phase_ids()), "day1")
        return (f"no logs yet: add one with `adjudicator add {game.root} {first} FILE`" if en
                else f"まだログがありません。`adjudicator add {game.root} {first} FILE` で"
                "ログのファイル（FILE）を追加してください")
    ph = game.phases[-1]
    if phase is not None:
        ids = [p.id for p in game.phases]
        if phase not in ids:
            from .wording import no_phase

            raise no_phase(phase, ids)
        ph = game.phases[ids.index(phase)]
    head = ph.id if en else phase_label(ph.id)
    parts = [f"=== {head}：公開投稿 ===", ph.public_post.rstrip()]
    from .replacement import addressee

    for name, notes in ph.private.items():
        parts.append(f"--- {addressee(game, ph.id, name)}への通知 ---")
        parts.extend(notes)
    counts: dict[str, int] = {}
    for rec in ph.lines:
        counts[rec.disposition] = counts.get(rec.disposition, 0) + 1
    parts.append("")
    if en:
        parts.append("lines: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
        parts.append(f"outputs written under {game.root / 'out'}" if written
                     else "nothing written (--no-write)")
    else:
        parts.append("行の内訳：" + "、".join(f"{DISPOSITION_JA.get(k, k)} {v}行"
                                         for k, v in sorted(counts.items())))
        parts.append(f"出力を {game.root / 'out'} に書き出しました" if written
                     else "何も書き出していません（--no-write）")
    return "\n".join(parts)



# ------------------------------------------------------------------ check
def cmd_check(args: argparse.Namespace) -> int:
    from .checkline import check_line, check_text
    from .engine import resolve_game

    root = _game_dir(args.game)
    game = resolve_game(root, fmt=args.format)
    speaker = args.speaker or (game.cfg.players[0].name if game.cfg.players else "GM")
    r = check_line(game, args.line, speaker, args.phase)
    _print(check_text(game, r, speaker, args.lang))
    return 0


# ------------------------------------------------------------------ explain
def cmd_explain(args: argparse.Namespace) -> int:
    from .engine import resolve_game
    from .explain import explain_text
    from .views import View

    if args.as_player and args.gm:
        raise UsageError("--as NAME (a player's view) and --gm (the GM's) exclude each other")
    root = _game_dir(args.game)
    game = resolve_game(root, fmt=args.format)
    view = View.of(args.as_player) if args.as_player else View.gm() if args.gm else None
    if args.line:
        from .explain import resolve_player
        from .explain_ja import explain_line

        if view is None and args.player:
            view = View.of(resolve_player(game, args.player))
        if view is not None and view.kind == "player":
            view = View.of(resolve_player(game, str(view.player)))
        _print(explain_line(game, args.line, view=view or View.gm(), raw=args.raw))
        return 0
    _print(explain_text(game, player=args.player, phase=args.phase, view=view,
                        lang=args.lang, raw=args.raw))
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    if getattr(args, "scenario", False):  # majora's scenario file, through the registry
        from .games import get_variant

        schema = get_variant("majora").scenario_schema()
    else:
        from .export import json_schema

        schema = json_schema()
    sys.stdout.write(json.dumps(schema, ensure_ascii=False, indent=2) + "\n")
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    target = Path(args.dir)
    sample = data_dir("samples") / args.sample
    if not sample.is_dir():
        raise UsageError(f"no bundled sample {args.sample!r}")
    if target.exists() and not target.is_dir():
        raise AdjudicatorError(f"{str(target)!r} is a file, not a folder: choose another name")
    if target.exists() and any(target.iterdir()) and not args.force:
        if not (target / "game.toml").exists():
            raise UsageError(f"{target} exists and is not a game folder (use --force)")
        _print(f"{target} already holds a game: left as it is and resolved "
               "(--force writes the sample over it)\n")
    else:
        shutil.copytree(sample, target, dirs_exist_ok=True)
        _print(f"sample game written to {target}\n")
    ns = argparse.Namespace(game=str(target), json=False, format=None, no_write=False,
                            phase=None)
    return cmd_resolve(ns)


# ------------------------------------------------------------------ parser
class _Parser(argparse.ArgumentParser):
    """Options may come after positional arguments: a (sub)command without subcommands of
    its own parses intermixed (``add GAME PHASE --format plain FILE``)."""

    _mixing = False

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        if self._mixing or self._subparsers is not None:
            return super().parse_known_args(args, namespace)
        self._mixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._mixing = False


#: the commands whose modules are imported only when the command line needs them (their
#: own command, a help listing, a mistyped command): `resolve` never loads sqlite3,
#: asyncio or the desk's sockets
_KNOWN = frozenset({"new", "add", "resolve", "check", "explain", "schema", "demo", "read",
                    "report", "serve", "archive", "discord", "status", "deal", "verify",
                    "guide"})


def _command_word(argv: Sequence[str] | None) -> str | None:
    """The subcommand the command line names (its first word not an option), else None."""
    words = sys.argv[1:] if argv is None else argv
    return next((w for w in words if not w.startswith("-")), None)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; given a ``command`` name, the modules of the other
    commands are not imported (they are not needed to parse it)."""
    p = _Parser(
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
    fmt_help_read = ("chat format of the logs `add --format` named none for (default: "
                     "detected): " + ", ".join(FORMATS))
    s = add("new", "write a commented game.toml to fill in", "adjudicator new mygame "
            "--variant derby-stock")
    s.add_argument("game")
    s.add_argument("--variant", default="derby-stock",
                   choices=["derby-stock", "secret-society", "splatoon", "genpei", "majora",
                            "trapword"])
    s.add_argument("--force", action="store_true", help="overwrite an existing game.toml")
    s.set_defaults(func=cmd_new)

    s = add("add", "store a pasted chat log as a phase (FILE, or - for standard input); "
            "an empty paste is refused and the version replaced is kept (see --history)",
            "pbpaste | adjudicator add mygame night1 -")
    s.add_argument("game")
    s.add_argument("phase", nargs="?",
                   help="day1, night1, day2, … (day1-chat for spectators' chat)")
    s.add_argument("file", nargs="?", default="-")
    s.add_argument("--format", choices=FORMATS, help=fmt_help + "; remembered for this log "
                   "(resolve, report, explain and the desk read it so)")
    s.add_argument("--history", action="store_true",
                   help="list the earlier versions kept of every log (or of PHASE)")
    s.set_defaults(func=cmd_add)

    s = add("resolve", "re-derive the game and print the latest phase's posts; writes every "
            "output under GAME/out/", "adjudicator resolve mygame --json")
    s.add_argument("game")
    s.add_argument("--json", action="store_true", help="print the whole game as JSON")
    s.add_argument("--format", choices=FORMATS, help=fmt_help_read)
    s.add_argument("--no-write", action="store_true", help="do not write GAME/out/")
    s.add_argument("--phase", help="print this phase's post and notices instead of the "
                   "latest (day1, night1…)")
    s.add_argument("--lang", choices=("ja", "en"), default="ja",
                   help="ja (default): messages for a Japanese GM; en: the developers' English")
    s.set_defaults(func=cmd_resolve)

    s = add("check", "show how one line would be read, without storing it",
            "adjudicator check mygame '予想@たろう 3万' --speaker はなこ")
    s.add_argument("game")
    s.add_argument("line")
    s.add_argument("--speaker", help="who says it (default: the first player)")
    s.add_argument("--phase", help="phase it belongs to (default: the next one)")
    s.add_argument("--format", choices=FORMATS, help=fmt_help)
    s.add_argument("--lang", choices=("ja", "en"), default="ja",
                   help="ja (default): messages for a Japanese GM; en: the developers' English")
    s.set_defaults(func=cmd_check)

    s = add("explain", "the chain of events with their causes and rule quotes",
            "adjudicator explain mygame --as たろう --phase night2   (たろう's own view)")
    s.add_argument("game")
    s.add_argument("--as", dest="as_player", metavar="NAME",
                   help="NAME's own view: their lines, rulings, notices and the public posts")
    s.add_argument("--player", help="whose chain (default: that player's own view)")
    s.add_argument("--gm", action="store_true",
                   help="the GM's view: every line, event and draw (secrets: do not share)")
    s.add_argument("--phase")
    s.add_argument("--line", metavar="FILE:N",
                   help="one chat line (logs/night1.txt:7): everything it caused, and why")
    s.add_argument("--lang", choices=("ja", "en"), default="ja",
                   help="ja (default): for players; en: the developers' English chain "
                   "(GM view only; a player's view is always Japanese)")
    s.add_argument("--raw", action="store_true", help="also each event's raw data (developers)")
    s.add_argument("--format", choices=FORMATS, help=fmt_help_read)
    s.set_defaults(func=cmd_explain)

    # read, report, serve, archive, discord (in this order in the listing): only the
    # module of the command named is imported, all of them for a listing or a typo
    for name, module, adder in (("read", "read_cli", "add_read_command"),
                                ("report", "report_cli", "add_report_command"),
                                ("serve", "desk.cli", "add_serve_command"),
                                ("archive", "archive_cli", "add_archive_command"),
                                ("discord", "discord_.cli", "add_discord_command"),
                                (("status", "deal", "verify"), "gm_cli", "add_gm_commands"),
                                ("guide", "guide_cli", "add_guide_command")):
        names = (name,) if isinstance(name, str) else name
        if command in names or command not in _KNOWN:  # discord: hikari only when it runs
            getattr(importlib.import_module(f".{module}", __package__), adder)(add)

    s = add("schema", "print the JSON Schema of `resolve --json`", "adjudicator schema")
    s.add_argument("--scenario", action="store_true",
                   help="print the JSON Schema of a majora scenario file instead")
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
    _tolerant_streams()
    try:
        return _main(argv)
    except KeyboardInterrupt:  # Ctrl-C while the command line is being read
        _err_quiet("adjudicator: interrupted")
        return 130
    finally:
        if was_enabled:
            gc.enable()


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser(_command_word(argv))
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
        _err(f"adjudicator: {_message(e, args)}")
        return 2
    except ChatFormatError as e:
        _err(f"adjudicator: cannot read log: {e}")
        return 1
    except AdjudicatorError as e:
        _err(f"adjudicator: {_message(e, args)}")
        return 1
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        _err("adjudicator: interrupted")
        return 130
    except OSError as e:
        if e.filename is None and e.errno in (28, 122, 5):  # stdout full or gone
            _err_quiet(f"adjudicator: cannot write the output: {os_error_message(e)}")
        else:
            _err_quiet(f"adjudicator: {os_error_message(e)}")
        return 1
    except RecursionError:
        _err_quiet("adjudicator: the input is nested too deeply to read")
        return 1


def _message(e: AdjudicatorError, args: argparse.Namespace) -> str:
    """An error for the GM: in Japanese where it has its Japanese message, the English
    with ``--lang en``."""
    return e.ja if e.ja and getattr(args, "lang", "ja") != "en" else str(e)


def _tolerant_streams() -> None:
    """A terminal that cannot show Japanese (an ASCII locale) gets escapes, not a crash."""
    for stream in (sys.stdout, sys.stderr):
        enc = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if enc and enc not in ("utf8", "utf16", "utf32", "cp932", "shiftjis", "eucjp", "sjis"):
            try:
                stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
            except (AttributeError, ValueError, OSError):
                pass


def _err_quiet(text: str) -> None:
    """Report on stderr, which may itself be unwritable (then say nothing)."""
    try:
        _err(text)
    except OSError:
        pass


if __name__ == "__main__":
    sys.exit(main())
