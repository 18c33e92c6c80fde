"""``adjudicator discord pull|send`` and ``adjudicator bot`` (the optional extra):
registered by ``adjudicator.cli``; this module imports hikari only when a command runs."""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import sys
from pathlib import Path
from typing import Any

from ..errors import UsageError
from . import DiscordError, require

API_ENV = "ADJUDICATOR_DISCORD_API"  # the desk reads it too
RE_ID = re.compile(r"^[0-9]{1,25}$")
RE_PHASE = re.compile(r"^(day|night|round)[1-9][0-9]*(-chat)?$")


def _say(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def _id(value: str | None, what: str) -> str | None:
    if value is None:
        return None
    value = value.strip()
    if not RE_ID.match(value):
        raise UsageError(f"{what} {value!r} はDiscordのIDではありません（数字だけ。"
                         "Discordの開発者モードで「IDをコピー」したもの）")
    return value


def _root(path: str, phase: str) -> Path:
    from ..errors import AdjudicatorError
    from ..fsio import odd_game_toml

    root = Path(path)
    if (odd := odd_game_toml(root)) is not None:
        raise AdjudicatorError(odd)
    if not (root / "game.toml").is_file():
        raise UsageError(f"{path!r} にゲームがありません（game.toml のあるフォルダを指定してください）")
    if not RE_PHASE.match(phase):
        raise UsageError(f"{phase!r} はフェーズではありません（day1, night1, round1 など）")
    return root


def channel_of(cfg: Any, given: str | None) -> str | None:
    """``--channel``, else ``[discord] channel`` of game.toml."""
    if given is not None:
        return _id(given, "チャンネル")
    return cfg.discord.channel if cfg.discord is not None else None


def run_pull(root: Path, phase: str, channel: str, after: str | None, before: str | None,
             api: str | None, say: Any = _say, max_retries: int = 3) -> Any:
    """Fetch and store; returns (Pull, Stored)."""
    from ..config.load import load_config
    from ..engine import phase_refusal
    from .client import session
    from .pull import fetch_phase, store_pull
    from .token import load_token

    require()
    cfg = load_config(root / "game.toml")
    why = phase_refusal(root, phase)
    if why:
        raise UsageError(why.en(), why.ja(ids=True))
    token = load_token()

    async def go() -> Any:
        async with session(token, api, say, max_retries) as rest:
            return await fetch_phase(rest, cfg, phase, channel, after, before)

    pulled = _run(go())
    return pulled, store_pull(root, pulled)


def run_send(root: Path, game: Any, phase: str, channel: str | None, api: str | None,
             say: Any = _say, max_retries: int = 3) -> Any:
    from .client import session
    from .send import send
    from .token import load_token

    require()
    token = load_token()

    async def go() -> Any:
        async with session(token, api, say, max_retries) as rest:
            return await send(rest, root, game, phase, channel, say)

    return _run(go())


def _run(coro: Any) -> Any:
    try:
        return asyncio.run(coro)
    except DiscordError:
        raise
    except Exception as e:
        from .client import explain, is_hikari_error

        if is_hikari_error(e):
            raise explain(e, "Discordとのやりとりに失敗しました") from None
        raise


def pull_report(pulled: Any, stored: Any) -> str:
    lines = []
    if getattr(stored, "unchanged", False):
        lines.append(f"{stored.path} はすでにこの{pulled.count}件のメッセージです（変更なし）")
    else:
        lines.append(f"{pulled.phase} に{pulled.count}件のメッセージを取り込みました：{stored.path}")
        lines += [f"  以前の版は {k} に残しています" for k in stored.kept]
    lines += thread_lines(pulled)
    lines += [f"注意：{w}" for w in pulled.warnings]
    if pulled.bots:
        lines.append("ボットの投稿（記録はしますが、行動としては読みません）："
                     + "、".join(f"{b.shown} {b.messages}件" for b in pulled.bots))
    if pulled.unmapped:
        lines.append("名簿の誰とも結び付かなかった投稿者（この人たちの発言は行動として読まれません）：")
        lines += [f"  - {u.shown}（ユーザー名 {u.username}、ID {u.user_id}）：{u.messages}件"
                  for u in pulled.unmapped]
        lines.append('  参加者なら game.toml の [[players]] に discord = "ID" を書いてから'
                     "取り込み直してください")
    return "\n".join(lines)


def thread_lines(pulled: Any) -> list[str]:
    """Per thread read (when there is more than the village): what it is and how many
    of its messages were stored."""
    threads = getattr(pulled, "threads", [])
    if len(threads) <= 1:
        return []
    out = ["スレッドごとの件数："]
    for t in threads:
        out.append(f"  - {t.ja}：{t.messages}件" + ("" if t.messages or t.kind == "village"
                                                   else "（この日の発言なし）"))
    return out


def send_report(out: Any) -> str:
    lines = [f"送信：{len(out.sent)}件" + (f"（{'、'.join(out.sent)}）" if out.sent else "")]
    if out.skipped:
        lines.append("送らなかったもの：")
        lines += [f"  - {label}：{why}" for label, why in out.skipped]
    if out.failed:
        lines.append("送れなかったDM（手で送ってください。次に実行するとまた試します）：")
        lines += [f"  - {label}：{why}" for label, why in out.failed]
    return "\n".join(lines)


def cmd_pull(args: argparse.Namespace) -> int:
    from ..config.load import load_config

    root = _root(args.game, args.phase)
    cfg = load_config(root / "game.toml")
    channel = channel_of(cfg, args.channel)
    if channel is None:
        raise UsageError("チャンネルが決まっていません（--channel ID か、game.toml の "
                         '[discord] channel = "ID"）')
    pulled, stored = run_pull(root, args.phase, channel, _id(args.after, "--after"),
                              _id(args.before, "--before"), args.api)
    _say(pull_report(pulled, stored))
    return 0


def cmd_send(args: argparse.Namespace) -> int:
    from ..engine import resolve_game
    from .send import plan, plan_text

    root = _root(args.game, args.phase)
    game = resolve_game(root)
    channel = channel_of(game.cfg, args.channel)
    items = plan(root, game, args.phase, channel)
    if any(it.public and it.status in ("new", "partial", "correction") for it in items) \
            and channel is None:
        raise UsageError("公開投稿を送るチャンネルが決まっていません（--channel ID か、game.toml の "
                         '[discord] channel = "ID"）')
    _say(plan_text(items, args.phase, channel))
    if game.has_errors:
        raise DiscordError("このゲームには直す必要がある問題があります（adjudicator resolve で"
                           "確かめてください）。直すまで送りません")
    if not args.yes:
        _say("まだ何も送っていません。送るには --yes を付けてもう一度実行してください")
        return 0
    out = run_send(root, game, args.phase, channel, args.api)
    _say(send_report(out))
    return 1 if out.failed else 0


def add_discord_command(add: Any) -> None:
    """``adjudicator discord pull|send`` on the command line's parser."""
    s = add("discord", "Discord：チャンネルからその日の発言を読みます（pull）。公開投稿を送り、"
            "通知を一人ひとりにDMで一度だけ送ります（send）。必要なもの：pip install "
            "'adjudicator[discord]'", "adjudicator discord pull mygame night1 --channel 123")
    sub = s.add_subparsers(dest="discord_command", metavar="pull|send", title="サブコマンド")

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", help="ゲームのフォルダ")
        p.add_argument("phase", help="どの日か：day1、night1、round1…")
        p.add_argument("--channel", help="チャンネルのID（既定：game.toml の [discord] の "
                       "channel）")
        p.add_argument("--api", metavar="URL", default=os.environ.get(API_ENV) or None,
                       help=f"別の API の置き場所（中継やテスト用のサーバー）。既定：${API_ENV}、"
                       "なければ Discord のもの")

    p = sub.add_parser("pull", formatter_class=s.formatter_class, help="その日の発言をログとして保存します（`add` と同じように）",
                       description="チャンネルからその日の発言をログとして保存します：その日を"
                       "始めるGMの発言から、次の日を始める発言（まだなら今）まで。game.toml に"
                       "書いた個別チャンネル（参加者の channel）、グループのチャンネル"
                       "（[discord.groups]）、ボットと各参加者のDMも、同じ時間の範囲で読み、"
                       "それぞれをその日のスレッドとして保存します")
    common(p)
    p.add_argument("--after", metavar="MESSAGE", help="この発言のIDのあとから")
    p.add_argument("--before", metavar="MESSAGE", help="この発言のIDの前まで")
    p.set_defaults(func=cmd_pull)
    p = sub.add_parser("send", formatter_class=s.formatter_class, help="送る内容を見せます。--yes で送ります",
                       description="その日の公開投稿とすべてのDMを見せます。--yes をつけると、"
                       "まだ送っていないものを送ります（GAME/discord/sent.json に記録）")
    common(p)
    p.add_argument("--yes", action="store_true", help="本当に送ります")
    p.set_defaults(func=cmd_send)

    def usage(_args: argparse.Namespace) -> int:
        s.print_help()
        return 2

    s.set_defaults(func=usage)


def cmd_bot(args: argparse.Namespace) -> int:
    """``adjudicator bot GAME``: run until Ctrl-C (see discord_/gateway.py)."""
    from ..config.load import load_config
    from ..errors import AdjudicatorError
    from ..fsio import odd_game_toml
    from .token import load_token

    root = Path(args.game)
    if (odd := odd_game_toml(root)) is not None:
        raise AdjudicatorError(odd)
    if not (root / "game.toml").is_file():
        raise UsageError(f"{args.game!r} にゲームがありません（game.toml のあるフォルダを指定してください）")
    require()
    cfg = load_config(root / "game.toml")
    if cfg.discord is None or cfg.discord.channel is None:
        raise UsageError("村のチャンネルが決まっていません（game.toml の [discord] に "
                         'channel = "ID" を書いてください）')
    if not cfg.discord.gm:
        raise UsageError("GMのDiscordアカウントが決まっていません（game.toml の [discord] に "
                         'gm = ["あなたのユーザーID"] を書いてください。GMの操作と、日の始まりの'
                         "見出しは、このアカウントのものだけを読みます）")
    token = load_token()
    from .gateway import run

    try:
        asyncio.run(run(root, token, args.api, _say))
    except KeyboardInterrupt:
        _say("ボットを止めました（受け取った発言はすべて保存してあります）")
        return 130
    except DiscordError:
        raise
    except Exception as e:
        from .client import explain, is_hikari_error, unreadable

        if is_hikari_error(e):
            raise explain(e, "Discordとのやりとりに失敗しました") from None
        if (bad := unreadable(e)) is not None:
            raise bad from None
        raise
    return 0


def add_bot_command(add: Any) -> None:
    """``adjudicator bot GAME`` on the command line's parser."""
    p = add("bot", "Discordのボット：村・個別チャンネル・グループ・DMの発言をその場で保存し、"
            "コマンドを書いた参加者に受付をその人だけの場所で返します。GM用チャンネルで"
            "「集計」「締め切り」「朝」。必要なもの：pip install 'adjudicator[discord]'",
            "adjudicator bot mygame")
    p.add_argument("game", help="ゲームのフォルダ")
    p.add_argument("--api", metavar="URL", default=os.environ.get(API_ENV) or None,
                   help=f"別の API の置き場所（中継やテスト用のサーバー）。既定：${API_ENV}、"
                   "なければ Discord のもの")
    p.set_defaults(func=cmd_bot)
