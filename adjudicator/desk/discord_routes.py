"""The desk's Discord buttons (optional extra ``adjudicator[discord]``), shown when the
game has a channel (``[discord] channel`` in game.toml):

- 「Discordから取り込む」 (paste page): ``POST /g/{name}/discord/pull`` reads the phase's
  messages as ``adjudicator discord pull`` does (the village, the private and group
  channels, the DMs: each a thread) and shows the same preview as a paste, with each
  thread's count of messages, nothing stored; its store button stores them the way a
  paste is stored;
- 「Discordに送信」 (result page): ``POST /g/{name}/discord/send-preview`` shows what would
  be sent and to whom; its confirm button ``POST /g/{name}/discord/send`` sends what was
  not yet sent, only if the texts are still those shown.

Every POST goes through ``Desk.form`` (the CSRF token and the Origin checks) like the
others.  The API base is ``app.state.discord_api`` or ``ADJUDICATOR_DISCORD_API``
(default: Discord's).  hikari is imported only when a button is used.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..config.load import GameConfig
from . import service as S
from .guards import refusal

#: without the extra: what the GM can do (no command to type: the desk's GM may not
#: have installed it)
MISSING = ("Discord連携が入っていないため、このデスクからはDiscordとやり取りできません。"
           "デスクを入れた人に「adjudicator の Discord連携（追加機能 discord）を入れてほしい」"
           "と頼んでください。それまでは、ログを貼り付けて使えます")


def installed() -> bool:
    """Whether the Discord extra (hikari) is there: without it the buttons are a hint."""
    import importlib.util

    return importlib.util.find_spec("hikari") is not None


def channel(cfg: GameConfig) -> str | None:
    """The game's Discord channel, or None (then no Discord button shows)."""
    return cfg.discord.channel if cfg.discord is not None else None


def _api(request: Request) -> str | None:
    return getattr(request.app.state, "discord_api", None) or \
        os.environ.get("ADJUDICATOR_DISCORD_API") or None


def _game(desk: Any, name: str) -> tuple[Any, Any, str]:
    from ..engine import resolve_game
    from ..errors import ConfigError

    path = S.game_dir(desk.root, name)
    try:
        game = resolve_game(path)
    except ConfigError as e:
        raise S.DeskError("ゲームの設定に問題があります", 422, e.problems_ja) from None
    ch = channel(game.cfg)
    if ch is not None and not installed():
        raise S.DeskError(MISSING, 503)
    if ch is None:
        raise S.DeskError("このゲームにはDiscordのチャンネルが設定されていません"
                          "（ゲームの設定のDiscordの欄にチャンネルのIDを書きます）", 400)
    return path, game, ch


def _phase(form: Any) -> str:
    phase = form.get("phase")
    if not isinstance(phase, str) or not phase.strip():
        raise S.DeskError("フェーズを選んでください", 400)
    return phase.strip()


def _fingerprint(items: list[Any]) -> str:
    """What the GM saw: every recipient, target and text, in order."""
    h = hashlib.sha256()
    for it in items:
        h.update(f"{it.key}\0{it.target}\0{it.status}\0{it.text}\0".encode())
    return h.hexdigest()


def routes(wrap: Callable[[Any], Any], preview_page: Callable[..., Response]) -> list[Route]:
    """The Discord routes, wrapped like the desk's own (Host check, errors as pages)."""

    async def pull(desk: Any, request: Request) -> Response:
        from ..discord_ import require
        from ..discord_.client import session
        from ..discord_.pull import fetch_phase
        from ..discord_.token import load_token

        name = request.path_params["name"]
        S.game_dir(desk.root, name)
        form = await desk.form(request)
        phase = _phase(form)
        path, game, ch = _game(desk, name)
        why = refusal(path, phase, game)
        if why:
            raise S.DeskError(why, 400)
        require()
        token = load_token()
        notes: list[str] = []
        async with session(token, _api(request), notes.append) as rest:
            pulled = await fetch_phase(rest, game.cfg, phase, ch)
        unmapped = [f"{u.shown}（ユーザー名 {u.username}、ID {u.user_id}）：{u.messages}件"
                    for u in pulled.unmapped]
        threads = [{"ja": t.ja, "messages": t.messages, "kind": t.kind}
                   for t in pulled.threads] if len(pulled.threads) > 1 else []
        return preview_page(desk, request, name, phase, pulled.data.decode("utf-8"),
                            pulled.fmt, discord_notes=notes + pulled.warnings,
                            discord_unmapped=unmapped, discord_count=pulled.count,
                            discord_threads=threads)

    async def send_preview(desk: Any, request: Request) -> Response:
        from ..discord_.send import plan

        name = request.path_params["name"]
        S.game_dir(desk.root, name)
        form = await desk.form(request)
        phase = _phase(form)
        path, game, ch = _game(desk, name)
        items = plan(path, game, phase, ch)
        return desk.page(request, "discord_send.html.j2", title=f"{name}：Discordに送信",
                         name=name, phase=phase, items=items, channel=ch,
                         fingerprint=_fingerprint(items), outcome=None,
                         blocked=game.has_errors,
                         todo=[it for it in items if it.status in ("new", "partial", "correction")])

    async def send(desk: Any, request: Request) -> Response:
        from ..discord_ import require
        from ..discord_.client import session
        from ..discord_.send import plan
        from ..discord_.send import send as do_send
        from ..discord_.token import load_token

        name = request.path_params["name"]
        S.game_dir(desk.root, name)
        form = await desk.form(request)
        phase = _phase(form)
        path, game, ch = _game(desk, name)
        if game.has_errors:
            raise S.DeskError("このゲームには直す必要がある問題があります。直すまで送りません", 409)
        items = plan(path, game, phase, ch)
        if form.get("fingerprint") != _fingerprint(items):
            raise S.DeskError("確認した後に内容か送信の状態が変わりました。"
                              "もう一度「Discordに送信」から確かめてください", 409)
        require()
        token = load_token()
        notes: list[str] = []
        async with session(token, _api(request), notes.append) as rest:
            outcome = await do_send(rest, path, game, phase, ch, notes.append)
        items = plan(path, game, phase, ch)
        return desk.page(request, "discord_send.html.j2", title=f"{name}：Discordに送信",
                         name=name, phase=phase, items=items, channel=ch, fingerprint="",
                         outcome=outcome, notes=notes, blocked=False, todo=[])

    return [
        Route("/g/{name}/discord/pull", wrap(pull), methods=["POST"]),
        Route("/g/{name}/discord/send-preview", wrap(send_preview), methods=["POST"]),
        Route("/g/{name}/discord/send", wrap(send), methods=["POST"]),
    ]
