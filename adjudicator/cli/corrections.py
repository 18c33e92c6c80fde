"""``adjudicator posted|corrections`` and ``resolve --what-if|--without``: 訂正 after
posting (adjudicator.corrections; docs/gm-tools.md, 「投稿した後で間違いに気づいたら」)."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import shutil
import sys
import tempfile
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import UsageError


def _now() -> str:
    return dt.datetime.now().astimezone().isoformat(timespec="seconds")


def cmd_posted(args: argparse.Namespace) -> int:
    from ..corrections import mark_posted
    from ..engine import resolve_game
    from ..phases import game_phase_label
    from .main import game_dir

    root = game_dir(args.game)
    game = resolve_game(root)
    snap, new = mark_posted(root, game, args.phase, _now(), args.note or "")
    label = game_phase_label(game, snap.phase)
    if not new:
        print(f"{label}の投稿と通知は、前に投稿済みにしたときと同じです（記録はそのままです）。")
    else:
        print(f"{label}の投稿と{len(snap.private)}人への通知を、投稿済みとして記録しました"
              f"（{snap.time}）。")
    return 0


def cmd_corrections(args: argparse.Namespace) -> int:
    from ..corrections import as_json, compare, load, report_text
    from ..engine import resolve_game
    from .main import game_dir

    root = game_dir(args.game)
    published = load(root)
    game = resolve_game(root)
    changes = compare(game, published)
    if args.json:
        sys.stdout.write(json.dumps(as_json(changes), ensure_ascii=False, indent=2) + "\n")
    else:
        if not published:
            print("投稿済みの日はまだありません（投稿したら adjudicator posted で記録します）。")
            return 0
        sys.stdout.write(report_text(changes, published))
    return 0


def _value(text: str) -> Any:
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


def parse_what_if(items: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise UsageError(f"--what-if takes KEY=VALUE, not {item!r}",
                             f"--what-if は「キー=値」の形で書いてください（例：tie=none）：「{item}」")
        out[key.strip()] = _value(value.strip())
    return out


def _strike(root: Path, refs: list[str], into: Path) -> None:
    """A copy of the game's logs with the lines ``refs`` (LOG:LINE) struck out."""
    shutil.copytree(root / "logs", into / "logs",
                    ignore=shutil.ignore_patterns(".history", ".lock"))
    for ref in refs:
        log, colon, num = ref.rpartition(":")
        if not colon or not num.isdigit() or int(num) < 1:
            raise UsageError(f"--without takes LOG:LINE, not {ref!r}",
                             f"--without は「ログ:行番号」の形で書いてください"
                             f"（例：night1.txt:12）：「{ref}」")
        name = Path(log).name
        path = into / "logs" / name
        if not path.is_file():
            raise UsageError(f"no log {name}", f"ログ「{name}」はありません")
        lines = path.read_text(encoding="utf-8-sig").splitlines(keepends=True)
        if int(num) > len(lines):
            raise UsageError(f"{name} has {len(lines)} lines",
                             f"ログ「{name}」は{len(lines)}行までです（{num}行目はありません）")
        lines[int(num) - 1] = "\n"
        path.write_text("".join(lines), encoding="utf-8")


def what_if(args: argparse.Namespace, root: Path, now: Any) -> int:
    """``resolve --what-if/--without``: the comparison only; nothing is stored."""
    from ..config.load import load_config
    from ..corrections import as_json, compare_games, report_text
    from ..engine import resolve_game
    from ..errors import ConfigError

    overrides = parse_what_if(getattr(args, "what_if", None) or [])
    try:
        cfg = load_config(root / "game.toml", overrides) if overrides else None
    except ConfigError as e:  # game.toml itself was read above: the what-if is wrong
        raise UsageError("the --what-if setting is not valid:\n" + "\n".join(e.problems),
                         "仮の設定（--what-if）が使えません：\n" + "\n".join(
                             f"  - {p}" for p in e.problems_ja)) from None
    with tempfile.TemporaryDirectory(prefix="adjudicator-what-if-") as tmp:
        where = root
        if getattr(args, "without", None):
            _strike(root, args.without, Path(tmp))
            for extra in root.iterdir():  # what game.toml may point at (a scenario)
                if extra.is_file() and extra.name != "game.toml":
                    shutil.copy2(extra, Path(tmp) / extra.name)
            shutil.copy2(root / "game.toml", Path(tmp) / "game.toml")
            where = Path(tmp)
        then = resolve_game(where, fmt=args.format, cfg=cfg or load_config(root / "game.toml"))
        changes = compare_games(now, then)
    if args.json:
        sys.stdout.write(json.dumps(as_json(changes), ensure_ascii=False, indent=2) + "\n")
    else:
        sys.stdout.write(report_text(changes, what_if=True))
    return 0


def register(add: Callable[[str, str, str], argparse.ArgumentParser]) -> None:
    s = add("posted", "この日の投稿と通知を、投稿済みとして記録します（あとで訂正を出すため）",
            "adjudicator posted mygame night1 --note 'はなこさんの個チャを追加'")
    s.add_argument("game", help="ゲームのフォルダ")
    s.add_argument("phase", help="投稿した日（day1、night1…）")
    s.add_argument("--note", help="GMの覚え書き（訂正の理由など）")
    s.set_defaults(func=cmd_posted)
    s = add("corrections", "投稿済みの日について、今集計すると何が変わるか（訂正）を見せます",
            "adjudicator corrections mygame")
    s.add_argument("game", help="ゲームのフォルダ")
    s.add_argument("--json", action="store_true",
                   help="変わる日ごとに、村への投稿が変わるかと通知が変わる人を JSON で")
    s.set_defaults(func=cmd_corrections)
