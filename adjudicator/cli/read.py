"""``adjudicator read FILE|- [--format F] [--game GAME] [--json]``: how a pasted log is
read, before it is stored (the format, every message, what was skipped, every guess).

``read_paste`` is the one reading ``read`` and ``add`` share: the input is named as the
GM gave it (the file, or standard input) in every error, and with a game the roster
splits names that contain spaces.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..chatlog import FORMATS, Reading, read_chat
from ..errors import AdjudicatorError, ConfigError, UsageError

STDIN_NAME = "標準入力"


@dataclass(frozen=True)
class Cast:
    """Who may speak in a game: the names a log may give (to split ``21:03 名前 本文``)
    and a way to tell a known speaker."""

    names: tuple[str, ...]
    roster: Any  # adjudicator.roster.Roster
    cfg: Any = None  # adjudicator.config.load.GameConfig (names a paste's chats)

    def knows(self, speaker: str) -> bool:
        from ..errors import CommandError

        try:
            self.roster.resolve(speaker)
        except CommandError:
            return False
        return True


def game_cast(root: str | Path) -> Cast:
    """The cast of the game folder ``root`` (raises UsageError or ConfigError)."""
    from ..config.load import load_config
    from ..games import get_variant

    folder = Path(root)
    from ..fsio import odd_game_toml

    if (odd := odd_game_toml(folder)) is not None:
        raise AdjudicatorError(odd)
    if not (folder / "game.toml").is_file():
        raise UsageError(f"「{root}」にゲームがありません（ゲームのフォルダには game.toml があります）")
    cfg = load_config(folder / "game.toml")
    variant = get_variant(cfg.variant)(cfg)
    entries = variant.roster_entries()
    names = [n for n, _a in entries] + [a for _n, aliases in entries for a in aliases]
    roster = variant.make_roster()
    return Cast(tuple([*names, *cfg.gm]), roster, cfg)


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


def read_paste_parts(data: bytes, shown: str, fmt: str | None = None,
                     game: str | Path | None = None, strict: bool = False) -> list[Any]:
    """``read_paste`` of a paste that may hold several chats (input.thread): each export
    as read (``chatlog.threads.Part``), line numbers counted in the whole paste."""
    from ..chatlog import read_threads

    return read_threads(data, shown, fmt=fmt, names=_names(game, strict))


def _names(game: str | Path | None, strict: bool) -> Sequence[str]:
    if game is None:
        return ()
    try:
        return game_cast(game).names
    except (ConfigError, UsageError):
        if strict:
            raise
    return ()


def _input(file: str | None) -> tuple[bytes, str]:
    if file in (None, "-"):
        return sys.stdin.buffer.read(), STDIN_NAME
    path = Path(file)
    if path.is_dir():
        raise UsageError(f"「{file}」はフォルダです：チャットログのファイルを指定してください")
    if not path.exists():
        raise UsageError(f"ファイル「{file}」が見つかりません")
    from ..fsio import MAX_LOG_BYTES, NotRegularFile, TooLarge, read_capped

    try:
        return read_capped(path, MAX_LOG_BYTES), file
    except NotRegularFile:
        raise UsageError(f"「{file}」は普通のファイルではありません（パイプや装置）：ログをファイルに"
                         "保存するか、- で標準入力から渡してください") from None
    except TooLarge:
        raise AdjudicatorError(f"「{file}」は大きすぎます（{MAX_LOG_BYTES // 1_000_000} MBまで）："
                               "ログではないファイルのようです") from None
    except OSError as e:
        from ..fsio import os_error_message

        raise AdjudicatorError(f"「{file}」を読めません：{os_error_message(e)}") from None


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


def reading_text(r: Reading, cast: Cast | None = None) -> str:
    """What ``read`` prints: the format, every message, every skipped line, every guess
    (in Japanese; a guess's detail is the chat reader's own words)."""
    from ..chatlog.ja import FORMAT_JA, GUESS_JA, SKIP_JA, date_order_why_ja, guess_ja

    how = "自動判定" if r.detected else "--format で指定"
    system = sum(1 for m in r.messages if not m.speaker)
    source = r.source
    out = [f"{source}：{r.format}（{how}）：{FORMAT_JA.get(r.format, r.format)}",
           f"発言 {len(r.messages)} 件（うちシステムの行 {system} 件）、飛ばした行 "
           f"{len(r.skipped)} 行、推測 {len(r.guesses)} 件"]
    if r.date_order:
        order = {"month-first": "月が先（月/日/年）", "day-first": "日が先（日/月/年）"}
        out.append(f"日付の並びは{order.get(r.date_order, r.date_order)}と読みました"
                   f"（{date_order_why_ja(r.date_order_why)}）")
    unknown = set(unknown_speakers(r, cast)) if cast is not None else set()
    if r.messages:
        number = "発言の番号" if r.format == "dce-json" else "行"
        out += ["", f"発言（{number}、日付、時刻、発言者：本文）："]
    for m in r.messages:
        who = "（システム）" if not m.speaker else m.speaker + (
            "［参加者にいない名前］" if m.speaker in unknown else "")
        lines = f"{m.lineno}-{m.last_line}" if m.last_line != m.lineno else str(m.lineno)
        text = m.text.replace("\n", "\n" + " " * 35)
        out.append(f"  {lines:>7}  {m.date or '-':10}  {m.time or '-':8}  {who}: {text}")
    if r.skipped:
        out += ["", "飛ばした行（行、理由：内容）："]
        out += [f"  {s.lineno:>7}  {SKIP_JA.get(s.why, s.why)}: {s.text.strip()}" for s in
                sorted(r.skipped, key=lambda s: s.lineno)]
    if r.guesses:
        out += ["", "推測："]
        out += [f"  {g.lineno if g.lineno is not None else '-':>7}  "
                f"{GUESS_JA.get(g.kind, g.kind)}: {guess_ja(g)}" for g in r.guesses]
    if unknown:
        out += ["", "参加者にいない発言者：" + "、".join(sorted(unknown))]
    return "\n".join(out) + "\n"


#: how an export's start was found, in the GM's words
_CUT_JA = {"LINE": "LINEの見出し", "DCE": "DiscordChatExporterの見出し",
           "separator": "区切りの行", "": "貼り付けの始まり"}


def threads_text(parts: list[Any], cast: Cast | None, shown: str) -> str:
    """What ``read`` prints for a paste of several chats (input.thread): per chat, where it
    starts, its name, what it is (with ``--game``: as resolve will take it) and how it was
    read; then whether the chats can be put in one order by time."""
    from ..chatlog.threads import ThreadOrderError, merge

    out = [f"{shown}：チャット {len(parts)} つ（書き出しの見出しか区切りの行で分けました）。"
           "時刻順に合わせて1つの日として読みます", ""]
    for n, part in enumerate(parts, 1):
        ex = part.export
        name = f"「{ex.name}」" if ex.name else "（名前なし）"
        if cast is not None and cast.cfg is not None:
            from ..threads import name_thread

            named = name_thread(ex, cast.cfg, cast.roster)
            what = named.why
        else:
            what = {"private": "個別チャット（見出しより）", "group": "グループ（見出しより）"}.get(
                ex.kind, "見出しに種類の書かれていないチャット")
        out.append(f"=== チャット {n}：{name}（{ex.first}行目から、{_CUT_JA.get(ex.how, ex.how)}"
                   f"）→ {what} ===")
        out.append(reading_text(part.reading, cast).rstrip("\n"))
        out.append("")
    try:
        merge([p.reading.messages for p in parts], [p.export.name or f"{n}つ目のチャット"
                                                    for n, p in enumerate(parts, 1)])
    except ThreadOrderError as e:
        out.append(f"注意：{e.detail_ja}")
    return "\n".join(out).rstrip("\n") + "\n"


def cmd_read(args: Any) -> int:
    data, shown = _input(args.file)
    cast = game_cast(args.game) if args.game else None
    from ..chatlog import read_threads

    parts = read_threads(data, shown, fmt=args.format, names=cast.names if cast else ())
    if len(parts) > 1:
        if args.json:
            doc = {"source": shown, "threads": [
                {"name": p.export.name, "title": p.export.title, "label": p.export.label,
                 "kind": p.export.kind or None, "first_line": p.export.first,
                 "reading": reading_json(p.reading, cast)} for p in parts]}
            sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
        else:
            sys.stdout.write(threads_text(parts, cast, shown))
        return 0
    reading = parts[0].reading
    if args.json:
        sys.stdout.write(json.dumps(reading_json(reading, cast), ensure_ascii=False, indent=2)
                         + "\n")
    else:
        sys.stdout.write(reading_text(reading, cast))
    return 0


def add_read_command(add: Any) -> None:
    s = add("read", "貼り付けたチャットのログがどう読まれるか（形式、発言、飛ばした行、推測）を、"
            "保存せずに見せます", "pbpaste | adjudicator read - --game mygame")
    s.add_argument("file", nargs="?", default="-", help="ログ（- か省略で標準入力）")
    s.add_argument("--format", choices=FORMATS,
                   help="チャットの形式（指定しなければ自動判定）：" + "、".join(FORMATS))
    s.add_argument("--game", help="ゲームのフォルダ：その参加者の名前で発言者を区切り、"
                   "参加者にいない発言者に印をつけます")
    s.add_argument("--json", action="store_true", help="読み方を JSON で表示します")
    s.set_defaults(func=cmd_read)
