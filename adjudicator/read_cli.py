"""``adjudicator read FILE|- [--format F] [--game GAME] [--json]``: how a pasted log is
read, before it is stored (the format, every message, what was skipped, every guess).

``read_paste`` is the one reading ``read`` and ``add`` share: the input is named as the
GM gave it (the file, or standard input) in every error, and with a game the roster
splits names that contain spaces.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .chatlog import FORMAT_HELP, FORMATS, Reading, read_chat
from .errors import AdjudicatorError, ConfigError, UsageError
from .jsonfast import pieces

STDIN_NAME = "standard input"


@dataclass(frozen=True)
class Cast:
    """Who may speak in a game: the names a log may give (to split ``21:03 名前 本文``)
    and a way to tell a known speaker."""

    names: tuple[str, ...]
    roster: Any  # adjudicator.roster.Roster

    def knows(self, speaker: str) -> bool:
        from .errors import CommandError

        try:
            self.roster.resolve(speaker)
        except CommandError:
            return False
        return True


def game_cast(root: str | Path) -> Cast:
    """The cast of the game folder ``root`` (raises UsageError or ConfigError)."""
    from .config import load_config
    from .games import get_variant

    folder = Path(root)
    if not (folder / "game.toml").is_file():
        raise UsageError(f"no game at {str(root)!r} (a game folder holds game.toml)")
    cfg = load_config(folder / "game.toml")
    variant = get_variant(cfg.variant)(cfg)
    entries = variant.roster_entries()
    names = [n for n, _a in entries] + [a for _n, aliases in entries for a in aliases]
    roster = variant.make_roster()
    return Cast(tuple([*names, *cfg.gm]), roster)


def read_paste(data: bytes, shown: str, fmt: str | None = None,
               game: str | Path | None = None, strict: bool = False) -> Reading:
    """Read pasted bytes as ``read`` and ``add`` do; errors name ``shown`` (the input).

    With ``game``, the game's names split LINE PC lines; a game whose setup cannot be
    read is ignored unless ``strict`` (``read --game`` asked for it by name)."""
    names: Sequence[str] = ()
    if game is not None:
        try:
            names = game_cast(game).names
        except (ConfigError, UsageError):
            if strict:
                raise
    return read_chat(data, shown, fmt=fmt, names=names)


def _input(file: str | None) -> tuple[bytes, str]:
    if file in (None, "-"):
        return sys.stdin.buffer.read(), STDIN_NAME
    path = Path(file)
    if path.is_dir():
        raise UsageError(f"{file!r} is a folder, not a chat log file")
    if not path.exists():
        raise UsageError(f"no file at {file!r}")
    from .fsio import MAX_LOG_BYTES, NotRegularFile, TooLarge, read_capped

    try:
        return read_capped(path, MAX_LOG_BYTES), file
    except NotRegularFile:
        raise UsageError(f"{file!r} は普通のファイルではありません（パイプや装置）：ログをファイルに"
                         "保存するか、- で標準入力から渡してください"
                         f"（{file!r} is not a regular file）") from None
    except TooLarge:
        raise AdjudicatorError(f"{file!r} は大きすぎます（{MAX_LOG_BYTES // 1_000_000} MBまで）"
                               f"（{file!r} is too large）") from None
    except OSError as e:
        raise AdjudicatorError(f"cannot read {file!r}: {e.strerror or e}") from None


def reading_json(r: Reading, cast: Cast | None = None) -> dict[str, Any]:
    """The JSON of ``read --json``."""
    def message(m: Any) -> dict[str, Any]:
        out = {"line": m.lineno, "end": m.last_line, "speaker": m.speaker,
               "system": m.speaker == "", "date": m.date, "time": m.time, "text": m.text,
               "raw": m.raw}
        if cast is not None:
            out["known"] = m.speaker == "" or cast.knows(m.speaker)
        return out

    data: dict[str, Any] = {
        "source": r.source, "format": r.format, "detected": r.detected,
        "date_order": r.date_order, "date_order_why": r.date_order_why or None,
        "messages": [message(m) for m in r.messages],
        "skipped": [{"line": s.lineno, "why": s.why, "text": s.text} for s in r.skipped],
        "guesses": [{"line": g.lineno, "kind": g.kind, "message": g.message} for g in r.guesses],
    }
    if cast is not None:
        data["unknown_speakers"] = unknown_speakers(r, cast)
    return data


def unknown_speakers(r: Reading, cast: Cast) -> list[str]:
    seen: dict[str, bool] = {}
    for m in r.messages:
        if m.speaker and m.speaker not in seen:
            seen[m.speaker] = cast.knows(m.speaker)
    return [s for s, known in seen.items() if not known]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}es" if word.endswith("s") else f"{n} {word}s"


def reading_text(r: Reading, cast: Cast | None = None) -> str:
    """What ``read`` prints: the format, every message, every skipped line, every guess."""
    how = "detected" if r.detected else "forced with --format"
    system = sum(1 for m in r.messages if not m.speaker)
    out = [f"{r.source}: {r.format} ({how}): {FORMAT_HELP[r.format]}",
           f"{_plural(len(r.messages), 'message')} ({_plural(system, 'system line')}), "
           f"{_plural(len(r.skipped), 'line')} skipped, {_plural(len(r.guesses), 'guess')}"]
    if r.date_order:
        out.append(f"dates read {r.date_order}: {r.date_order_why}")
    unknown = set(unknown_speakers(r, cast)) if cast is not None else set()
    if r.messages:
        number = "message number" if r.format == "dce-json" else "line"
        out += ["", f"messages ({number}, date, time, speaker: text):"]
    for m in r.messages:
        who = "(system)" if not m.speaker else m.speaker + (
            " [not in the roster]" if m.speaker in unknown else "")
        lines = f"{m.lineno}-{m.last_line}" if m.last_line != m.lineno else str(m.lineno)
        text = m.text.replace("\n", "\n" + " " * 35)
        out.append(f"  {lines:>7}  {m.date or '-':10}  {m.time or '-':8}  {who}: {text}")
    if r.skipped:
        out += ["", "skipped (line, why: text):"]
        out += [f"  {s.lineno:>7}  {s.why}: {s.text.strip()}" for s in
                sorted(r.skipped, key=lambda s: s.lineno)]
    if r.guesses:
        out += ["", "guesses:"]
        out += [f"  {g.lineno if g.lineno is not None else '-':>7}  {g.kind}: {g.message}"
                for g in r.guesses]
    if unknown:
        out += ["", "speakers not in the roster: " + ", ".join(sorted(unknown))]
    return "\n".join(out) + "\n"


def cmd_read(args: Any) -> int:
    data, shown = _input(args.file)
    cast = game_cast(args.game) if args.game else None
    reading = read_chat(data, shown, fmt=args.format, names=cast.names if cast else ())
    if args.json:
        # json.dumps(..., ensure_ascii=False, indent=2), byte for byte, written in pieces
        sys.stdout.writelines([*pieces(reading_json(reading, cast)), "\n"])
    else:
        sys.stdout.write(reading_text(reading, cast))
    return 0


def add_read_command(add: Any) -> None:
    s = add("read", "show how a pasted chat log is read (format, messages, what was "
            "skipped, guesses), without storing it",
            "pbpaste | adjudicator read - --game mygame")
    s.add_argument("file", nargs="?", default="-", help="the log (- or nothing: standard input)")
    s.add_argument("--format", choices=FORMATS,
                   help="chat format (default: detected): " + ", ".join(FORMATS))
    s.add_argument("--game", help="a game folder: split names with its roster and mark "
                   "speakers who are not in it")
    s.add_argument("--json", action="store_true", help="print the reading as JSON")
    s.set_defaults(func=cmd_read)
