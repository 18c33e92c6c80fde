"""``adjudicator new`` and ``adjudicator add``: the commands that write a game's own files
(game.toml, a phase's log), kept apart so that the command line of ``resolve`` builds
and imports neither (``game_dir``, the check of every command on a game folder, is
``cli``'s)."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from ..errors import AdjudicatorError, UsageError
from ..fsio import history, store_log, write_atomic
from ..games import REGISTRY
from ..resources import data_dir
from .main import game_dir

PHASE_RE = re.compile(r"^(day|night|round)[1-9][0-9]*(-chat)?$")


def _print(text: str) -> None:
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


_NOT_REGULAR = ("「{}」は普通のファイルではありません（パイプや装置）：ログをファイルに保存するか、"
                "- で標準入力から渡してください")


#: the registered games, the first the default of ``new --variant``
VARIANTS = tuple(REGISTRY)


def _first_phase(variant: str) -> str:
    """The first phase of ``variant`` (day1; a game played in rounds: round1)."""
    from typing import cast

    from ..games import get_variant

    # phase_ids reads nothing of the game's setup: the class answers for any game of it
    return str(next(iter(get_variant(variant).phase_ids(cast(Any, None)))))


def _day(phase: str) -> str:
    """「1日目夜」 for ``night1`` (the phase as the GM says it)."""
    from ..wording import phase_label

    return phase_label(phase)


def _name_clashes(toml: Path) -> list[str]:
    """The setup warnings of a game.toml that loads (Japanese), else none."""
    from ..config.load import load_config
    from ..errors import ConfigError
    from ..games import get_variant

    try:
        cfg = load_config(toml)
        return [ja for _en, ja in get_variant(cfg.variant)(cfg).name_clashes()]
    except (ConfigError, OSError):
        return []


def cmd_new(args: Any) -> int:
    from ..config.skeletons import game_toml

    root = Path(args.game)
    target = root / "game.toml"
    if root.exists() and not root.is_dir():
        raise AdjudicatorError(f"「{root}」はファイルです：別の名前にしてください")
    if target.exists() and not args.force:
        raise UsageError(f"{target} はもうあります（上書きするには --force）")
    (root / "logs").mkdir(parents=True, exist_ok=True)
    write_atomic(target, game_toml(args.variant))
    wrote = [str(target)]
    scenario = data_dir("samples") / args.variant / "scenario.toml"
    if scenario.is_file() and not (root / "scenario.toml").exists():
        # a game whose game.toml names a scenario: start from the bundled one to edit
        write_atomic(root / "scenario.toml", scenario.read_bytes())
        wrote.append(str(root / "scenario.toml"))
    first = _first_phase(args.variant)
    for ja in _name_clashes(target):
        _print(f"注意: {ja}")
    _print(f"{'と'.join(wrote)} を書きました：参加者を書き入れてから、"
           f"`adjudicator add {root} {first} LOG` でログ（LOG）を追加してください")
    return 0


def cmd_add(args: Any) -> int:
    from ..engine import LOG_SUFFIXES, phase_refusal

    root = game_dir(args.game)
    logs = root / "logs"
    if args.history:
        return _show_history(logs, args.phase)
    if args.phase is None:
        raise UsageError("どの日のログですか：`adjudicator add GAME PHASE [FILE|-]` の PHASE に"
                         "日を指定してください（1日目昼は day1、1日目夜は night1…）")
    if not PHASE_RE.match(args.phase):
        raise UsageError(f"「{args.phase}」は日の書き方ではありません（1日目昼は day1、1日目夜は "
                         "night1、2日目昼の観戦席は day2-chat、トラップワードの1回戦は round1…）")
    why = phase_refusal(root, args.phase)
    if why:
        command = f"`adjudicator add {root} {why.next} FILE`"
        raise UsageError(why.en() + (f" ({command})" if why.next else ""),
                         why.ja(ids=True) + (f"（{command}）" if why.next else ""))
    files = list(args.file or []) or ["-"]
    if files.count("-") > 1:
        raise UsageError("標準入力（-）は1回だけ指定できます")
    inputs = [_input(f, args.phase) for f in files]
    from .read import read_paste_parts  # the reading `adjudicator read` shows

    counts = []
    for data, shown, _suffix in inputs:
        parts = read_paste_parts(data, shown, args.format, root)
        n = sum(len(p.reading.messages) for p in parts)
        if not n:
            raise AdjudicatorError(f"保存するものがありません：{shown} に発言が1つもありません。"
                                   f"{_day(args.phase)}のログはそのままです")
        counts.append((n, len(parts)))
    total = sum(n for n, _k in counts)
    chats = sum(k for _n, k in counts)
    if len(inputs) == 1 and not args.append:
        data, _shown, suffix = inputs[0]
        stored = store_log(logs, args.phase, suffix, data, LOG_SUFFIXES, fmt=args.format)
    else:
        # several chats of one phase (input.thread): one text file, each file after a
        # separator line naming it, read back into its chats by chatlog.threads.cut
        body = b"".join(_as_thread(data, shown) for data, shown, _s in inputs)
        append = (lambda old: _joined(old, body)) if args.append else None
        stored = store_log(logs, args.phase, ".txt", body, LOG_SUFFIXES, fmt=args.format,
                           append=append)
    what = f"発言 {total} 件" + (f"（チャット {chats} つ）" if chats > 1 else "")
    if stored.unchanged:
        _print(f"{stored.path} はもうこのログです（{what}）：変更はありません")
        return 0
    note = "".join(f"\n  前の版は {k} に残してあります" for k in stored.kept)
    done = "に加えました" if args.append else "に保存しました"
    _print(f"{what}を {stored.path} {done}{note}")
    return 0


def _input(file: str, phase: str) -> tuple[bytes, str, str]:
    """(bytes, the name shown, the suffix to store it with) of one FILE of ``add``."""
    if file == "-":
        data = sys.stdin.buffer.read()
        suffix, shown = ".txt", "標準入力"
    else:
        src = Path(file)
        if src.is_dir():
            raise UsageError(f"「{file}」はフォルダです：チャットログのファイルを指定してください")
        if not src.exists():
            raise UsageError(f"ファイル「{file}」が見つかりません")
        if not src.is_file():  # a pipe or a device would block or never end
            raise UsageError(_NOT_REGULAR.format(file))
        data = _read_source(src, file)
        suffix = src.suffix.lower() if src.suffix.lower() in (".txt", ".csv", ".json") else ".txt"
        shown = file
    if not data.strip() or not data.decode("utf-8", "replace").strip(" \t\r\n\ufeff\u3000"):
        raise AdjudicatorError(f"保存するものがありません：{shown} が空です（クリップボードが空？）。"
                               f"{_day(phase)}のログはそのままです")
    return data, shown, suffix


def _as_thread(data: bytes, shown: str) -> bytes:
    """One file's text after a separator line naming it by its file name (its chat's
    name where its own header gives none), as UTF-8, ending with a newline."""
    from ..chatlog import decode
    from ..chatlog.threads import as_thread

    name = "" if shown == "標準入力" else Path(shown).stem
    return as_thread(decode(data, shown), name).encode("utf-8")


def _joined(old: bytes, more: bytes) -> bytes:
    """The stored log with ``more`` (separated chats) after it, as UTF-8 text."""
    from ..chatlog import decode
    from ..chatlog.threads import joined

    return joined(decode(old, "logs"), more.decode("utf-8")).encode("utf-8")


def _read_source(src: Path, shown: str) -> bytes:
    """The file a GM adds: a regular file of at most the log cap (checked on the open file:
    what was checked is what is read)."""
    from ..fsio import MAX_LOG_BYTES, NotRegularFile, TooLarge, read_capped

    try:
        return read_capped(src, MAX_LOG_BYTES)
    except NotRegularFile:
        raise UsageError(_NOT_REGULAR.format(shown)) from None
    except TooLarge:
        raise AdjudicatorError(f"「{shown}」は大きすぎます（{MAX_LOG_BYTES // 1_000_000} MBまで）："
                               "ログではないファイルのようです") from None


def _show_history(logs: Path, phase: str | None) -> int:
    rows = history(logs, phase)
    if not rows:
        _print((f"{_day(phase)}の" if phase else "") + "前の版は残っていません"
               f"（{logs / '.history'}）")
        return 0
    for name, n, path in rows:
        size = path.stat().st_size
        _print(f"{name}  第{n}版  {size:>8} バイト  {path}")
    _print("前の版に戻すには：adjudicator add GAME PHASE PATH（PATH に上の版のファイル）")
    return 0


def add_new_command(add: Any) -> None:
    s = add("new", "書き込んで使う game.toml（説明つき）を作ります",
            "adjudicator new mygame --variant derby-stock")
    s.add_argument("game", help="作るゲームのフォルダ")
    s.add_argument("--variant", default=VARIANTS[0], choices=VARIANTS,
                   help=f"遊ぶゲームの種類（既定：{VARIANTS[0]}）")
    s.add_argument("--force", action="store_true", help="もうある game.toml を上書きします")
    s.set_defaults(func=cmd_new)


def add_add_command(add: Any) -> None:
    from ..chatlog import FORMATS

    s = add("add", "貼り付けたチャットのログをその日のログとして保存します（FILE、または - で"
            "標準入力）。空の貼り付けは断り、置き換えた前の版は残します（--history で一覧）",
            "pbpaste | adjudicator add mygame night1 -")
    s.add_argument("game", help="ゲームのフォルダ")
    s.add_argument("phase", nargs="?",
                   help="どの日のログか：day1（1日目昼）、night1（1日目夜）、day2…"
                   "（観戦席のチャットは day1-chat）")
    s.add_argument("file", nargs="*", help="ログのファイル（- か省略で標準入力）。1つの日に"
                   "チャットがいくつもあるとき（村、個別チャット、人狼部屋…）は、書き出したファイルを"
                   "全部並べるか、1つに続けて貼り付けます")
    s.add_argument("--append", action="store_true",
                   help="保存してあるその日のログはそのままに、FILE をその日のチャットとして"
                   "加えます（前の版は残します）")
    s.add_argument("--format", choices=FORMATS,
                   help="チャットの形式（指定しなければ自動判定）：" + "、".join(FORMATS)
                   + "。このログについて覚えておき、resolve・report・explain・デスクもその形式で"
                   "読みます")
    s.add_argument("--history", action="store_true",
                   help="残してある前の版を一覧します（PHASE を指定すればその日の分だけ）")
    s.set_defaults(func=cmd_add)
