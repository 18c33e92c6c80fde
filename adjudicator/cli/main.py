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

from .. import __version__
from ..chatlog import FORMATS
from ..errors import AdjudicatorError, ChatFormatError, UsageError
from ..fsio import os_error_message, swap_tree
from ..resources import data_dir
from .ja import JapaneseHelpFormatter
from .ja import Parser as _Parser


def _print(text: str) -> None:
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def _err(text: str) -> None:
    sys.stderr.write(text if text.endswith("\n") else text + "\n")


# ------------------------------------------------------------------ resolve
def write_outputs(game: Any, data: dict[str, Any], out: Path | None = None) -> Path:
    """Every output of a resolved game under ``out`` (default GAME/out/), replacing it
    whole: built in a temporary folder beside it and swapped in (``fsio.swap_tree``);
    when ``out`` already holds exactly these bytes, nothing is written."""
    from ..export import dumps

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
    """One diagnostic for the GM: in Japanese, where in words (「1日目昼のログ 9行目」,
    「第1ラウンドのログ」, 「設定ファイル」) and the reason, with no file path or phase id
    (those are the developers' words: ``--json`` and ``--lang en`` keep them); ``en``:
    the developers' English line."""
    if lang == "en":
        return f"{d.level}: {d.source}: {d.message}"
    from ..wording import source_place

    level = LEVEL_JA.get(d.level, d.level)
    place = source_place(d.source)
    reason = d.reason_ja or d.message
    return f"{level}：{place}：{reason}" if place else f"{level}：{reason}"


def diagnostics_text(game: Any, lang: str = "ja") -> str:
    rows = [diagnostic_line(d, lang) for d in game.diagnostics]
    rows += [diagnostic_line(d, lang) for ph in game.phases for d in ph.diagnostics]
    return "\n".join(rows) + ("\n" if rows else "")


def game_dir(path: str) -> Path:
    """The game folder a command names, or a UsageError saying what is there instead."""
    root = Path(path)
    if not root.is_dir():
        if root.exists():
            raise UsageError(f"{path!r} is a file, not a game folder",
                             f"「{path}」はファイルです：ゲームのフォルダを指定してください")
        raise UsageError(f"no game folder at {path!r} (create one with `adjudicator new {path}`)",
                         f"ゲームのフォルダ「{path}」が見つかりません"
                         f"（新しく作るには `adjudicator new {path}`）")
    return root


def cmd_resolve(args: argparse.Namespace) -> int:
    from ..engine import resolve_game
    from ..export import dumps, export_game

    lang = getattr(args, "lang", "ja")
    root = game_dir(args.game)
    game = resolve_game(root, fmt=args.format)
    if getattr(args, "what_if", None) or getattr(args, "without", None):
        from .corrections import what_if

        return what_if(args, root, game)
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
    from ..models import DISPOSITION_JA
    from ..wording import phase_label

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
            from ..wording import no_phase

            raise no_phase(phase, ids)
        ph = game.phases[ids.index(phase)]
    head = ph.id if en else phase_label(ph.id)
    parts = [f"=== {head}：公開投稿 ===", ph.public_post.rstrip()]
    from ..replacement import addressee

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
    from ..checkline import check_line, check_text
    from ..engine import resolve_game

    root = game_dir(args.game)
    game = resolve_game(root, fmt=args.format)
    speaker = args.speaker or (game.cfg.players[0].name if game.cfg.players else "GM")
    r = check_line(game, args.line, speaker, args.phase)
    _print(check_text(game, r, speaker, args.lang))
    return 0


# ------------------------------------------------------------------ explain
def cmd_explain(args: argparse.Namespace) -> int:
    from ..engine import resolve_game
    from ..explain import explain_text
    from ..views import View

    if args.as_player and args.gm:
        raise UsageError("--as NAME（参加者の見え方）と --gm（GMの見え方）は一緒に使えません")
    root = game_dir(args.game)
    game = resolve_game(root, fmt=args.format)
    view = View.of(args.as_player) if args.as_player else View.gm() if args.gm else None
    if args.line:
        from ..explain import resolve_player
        from ..explain_ja import explain_line

        if view is None and args.player:
            view = View.of(resolve_player(game, args.player))
        if view is not None and view.kind == "player":
            view = View.of(resolve_player(game, str(view.player)))
        _print(explain_line(game, args.line, view=view or View.gm(), raw=args.raw))
        return 0
    text = explain_text(game, player=args.player, phase=args.phase, view=view,
                        lang=args.lang, raw=args.raw)
    if args.lang != "en":
        from ..corrections import history_lines

        gm = view is None or view.kind != "player"
        who = str(view.player) if view is not None and view.kind == "player" else None
        text = "\n".join([text.rstrip("\n"), *history_lines(
            game, root, args.phase, player=who, gm=gm)])
    _print(text)
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    if getattr(args, "scenario", False):  # the scenario file's, through the registry
        from ..games import REGISTRY, get_variant

        game = next(get_variant(v) for v in REGISTRY if get_variant(v).has_scenario)
        schema = game.scenario_schema()
    else:
        from ..export import json_schema

        schema = json_schema()
    sys.stdout.write(json.dumps(schema, ensure_ascii=False, indent=2) + "\n")
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    target = Path(args.dir)
    sample = data_dir("samples") / args.sample
    if not sample.is_dir():
        raise UsageError(f"「{args.sample}」という見本はありません")
    if target.exists() and not target.is_dir():
        raise AdjudicatorError(f"「{target}」はファイルです：別の名前にしてください")
    if target.exists() and any(target.iterdir()) and not args.force:
        if not (target / "game.toml").exists():
            raise UsageError(f"{target} はもうあり、ゲームのフォルダではありません"
                             "（上書きするには --force）")
        _print(f"{target} にはもうゲームがあります：そのままにして集計しました"
               "（--force で見本を上書きします）\n")
    else:
        shutil.copytree(sample, target, dirs_exist_ok=True)
        _print(f"見本のゲームを {target} に書きました\n")
    ns = argparse.Namespace(game=str(target), json=False, format=None, no_write=False,
                            phase=None)
    return cmd_resolve(ns)


# ------------------------------------------------------------------ parser
#: the commands whose parsers are built, and modules imported, only when the command line
#: needs them (their own command, a help listing, a mistyped command): `resolve` never
#: loads sqlite3, asyncio or the desk's sockets, nor builds the other commands' parsers
_KNOWN = frozenset({"new", "add", "resolve", "check", "explain", "schema", "demo", "read",
                    "report", "serve", "archive", "discord", "bot", "status", "deal", "verify",
                    "guide", "posted", "corrections", "site"})


def _command_word(argv: Sequence[str] | None) -> str | None:
    """The subcommand a command line starts with (``resolve GAME --json``), else None:
    an option first (``--help resolve`` lists every command), no command, a typo."""
    words = sys.argv[1:] if argv is None else argv
    return words[0] if words and words[0] in _KNOWN else None


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; given a ``command`` name, only that command's parser (a
    command line that starts with it needs no other: the other commands' modules are not
    imported and their parsers not built).  Every help text is Japanese; argparse's own
    words are, while ``cli.ja.japanese_argparse()`` is active."""
    p = _Parser(
        prog="adjudicator",
        description="チャットで遊ぶゲームの審判の机：チャットのログを貼ると、朝の公開投稿、"
        "一人ひとりへの通知、受け付けなかった行とその理由が出ます。",
        epilog="例：adjudicator demo && adjudicator resolve adjudicator-demo --json",
        formatter_class=JapaneseHelpFormatter,
    )
    p.add_argument("--version", action="version", version=f"adjudicator {__version__}",
                   help="バージョンを表示して終わります")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", title="コマンド")

    def add(name: str, help_: str, example: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=help_, description=help_,
                              epilog=f"例：{example}",
                              formatter_class=JapaneseHelpFormatter)

    def want(*names: str) -> bool:
        return command not in _KNOWN or command in names

    def modules(*entries: tuple[str | tuple[str, ...], str, str]) -> None:
        for name, module, adder in entries:
            if want(*((name,) if isinstance(name, str) else name)):
                getattr(importlib.import_module(f"adjudicator.{module}"), adder)(add)

    modules(("new", "cli.add", "add_new_command"), ("add", "cli.add", "add_add_command"))
    fmt_help = "チャットの形式（指定しなければ自動判定）：" + "、".join(FORMATS)
    fmt_help_read = ("`add --format` で形式を決めていないログのチャットの形式"
                     "（指定しなければ自動判定）：" + "、".join(FORMATS))
    lang_help = "ja（既定）：日本語のGM向けの文；en：開発者向けの英語"
    if want("resolve"):
        s = add("resolve", "ゲームを最初から集計し直し、最新の日の投稿を表示します。"
                "すべての出力を GAME/out/ に書き出します", "adjudicator resolve mygame --json")
        s.add_argument("game", help="ゲームのフォルダ")
        s.add_argument("--json", action="store_true", help="ゲーム全体を JSON で表示します")
        s.add_argument("--format", choices=FORMATS, help=fmt_help_read)
        s.add_argument("--no-write", action="store_true", help="GAME/out/ に書き出しません")
        s.add_argument("--phase", help="最新の日の代わりに、この日の投稿と通知を表示します"
                       "（day1、night1…）")
        s.add_argument("--lang", choices=("ja", "en"), default="ja", help=lang_help)
        s.add_argument("--what-if", action="append", metavar="KEY=VALUE",
                       help="仮の設定で集計し、今との違いだけを見せます（何も保存しません。"
                       "例：--what-if tie=none）")
        s.add_argument("--without", action="append", metavar="LOG:LINE",
                       help="この行がなかったらどうなるかを見せます（何も保存しません。"
                       "例：--without night1.txt:12）")
        s.set_defaults(func=cmd_resolve)

    if want("check"):
        s = add("check", "1行がどう読まれるかを、保存せずに見せます",
                "adjudicator check mygame '予想@たろう 3万' --speaker はなこ")
        s.add_argument("game", help="ゲームのフォルダ")
        s.add_argument("line", help="試す行")
        s.add_argument("--speaker", help="誰の発言とするか（既定：最初の参加者）")
        s.add_argument("--phase", help="どの日の行とするか（既定：次の日）")
        s.add_argument("--format", choices=FORMATS, help=fmt_help)
        s.add_argument("--lang", choices=("ja", "en"), default="ja", help=lang_help)
        s.set_defaults(func=cmd_check)

    if want("explain"):
        s = add("explain", "出来事のつながりを、その原因とルールの引用つきで説明します",
                "adjudicator explain mygame --as たろう --phase night2   （たろう自身の見え方）")
        s.add_argument("game", help="ゲームのフォルダ")
        s.add_argument("--as", dest="as_player", metavar="NAME",
                       help="NAME 自身の見え方：本人の行、裁定、通知と公開投稿")
        s.add_argument("--player", help="誰のつながりか（既定：その参加者自身の見え方）")
        s.add_argument("--gm", action="store_true",
                       help="GMの見え方：すべての行、出来事、抽選（秘密を含むので共有しないこと）")
        s.add_argument("--phase", help="この日だけ（day1、night1…）")
        s.add_argument("--line", metavar="FILE:N",
                       help="チャットの1行（logs/night1.txt:7 のように）：その行が起こしたことすべてと"
                       "その理由")
        s.add_argument("--lang", choices=("ja", "en"), default="ja",
                       help="ja（既定）：参加者向け；en：開発者向けの英語のつながり"
                       "（GMの見え方だけ。参加者の見え方はいつも日本語）")
        s.add_argument("--raw", action="store_true", help="出来事ごとの生のデータも（開発者向け）")
        s.add_argument("--format", choices=FORMATS, help=fmt_help_read)
        s.set_defaults(func=cmd_explain)

    # read, report, serve, archive, discord (in this order in the listing): only the
    # module of the command named is imported, all of them for a listing or a typo
    modules(("read", "cli.read", "add_read_command"),
            ("report", "cli.report", "add_report_command"),
            ("serve", "desk.cli", "add_serve_command"),
            ("archive", "cli.archive", "add_archive_command"),
            ("discord", "discord_.cli", "add_discord_command"),  # hikari only when it runs
            ("bot", "discord_.cli", "add_bot_command"),
            (("status", "deal", "verify"), "cli.gm", "add_gm_commands"),
            ("guide", "cli.guide", "add_guide_command"),
            (("posted", "corrections"), "cli.corrections", "register"),
            ("site", "cli.site", "add_site_command"))

    if want("schema"):
        s = add("schema", "`resolve --json` の JSON Schema を表示します", "adjudicator schema")
        s.add_argument("--scenario", action="store_true",
                       help="代わりにシナリオファイル（シナリオを使う村）の JSON Schema を表示します")
        s.set_defaults(func=cmd_schema)

    if want("demo"):
        s = add("demo", "付属の見本のゲームをフォルダに書き出して集計します",
                "adjudicator demo adjudicator-demo")
        s.add_argument("dir", nargs="?", default="adjudicator-demo",
                       help="書き出すフォルダ（既定：adjudicator-demo）")
        s.add_argument("--sample", default="derby-stock", help="どの見本か（既定：derby-stock）")
        s.add_argument("--force", action="store_true", help="もうあるフォルダに上書きします")
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
        _err_quiet("adjudicator: 中断しました")
        return 130
    finally:
        if was_enabled:
            gc.enable()


def _main(argv: Sequence[str] | None) -> int:
    from .ja import japanese_argparse

    with japanese_argparse():
        return _run(argv)


def _run(argv: Sequence[str] | None) -> int:
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
        _err(f"adjudicator: ログを読めません：{_message(e, args)}")
        return 1
    except AdjudicatorError as e:
        _err(f"adjudicator: {_message(e, args)}")
        return 1
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        _err("adjudicator: 中断しました")
        return 130
    except OSError as e:
        if e.filename is None and e.errno in (28, 122, 5):  # stdout full or gone
            _err_quiet(f"adjudicator: 出力を書けません：{os_error_message(e)}")
        else:
            _err_quiet(f"adjudicator: {os_error_message(e)}")
        return 1
    except RecursionError:
        _err_quiet("adjudicator: 入力の入れ子が深すぎて読めません")
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
