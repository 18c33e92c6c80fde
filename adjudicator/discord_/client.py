"""One REST session with Discord through hikari's ``RESTApp`` (no gateway: nothing but
HTTP requests), with what the connector needs on top:

- ``api``: another API base (a proxy, or the tests' local fake), hikari's ``url``;
- rate limits: hikari waits out every 429 (its ``retry_after``) and retries; each time
  this says so in Japanese through ``say`` (hikari's own English log lines are kept off
  the terminal);
- every hikari error becomes a ``DiscordError`` with a Japanese message, never showing
  the token (hikari never puts it in a message; the Authorization header stays inside).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any

from . import DiscordError

#: Discord's JSON error codes we explain (https://discord.com/developers/docs/topics/opcodes-and-status-codes)
CANNOT_DM = 50007  # "Cannot send messages to this user": DMs closed, or the bot blocked
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
UNKNOWN_CHANNEL = 10003
HIKARI_LOGGERS = ("hikari", "hikari.rest", "hikari.ratelimits")


class _Notices(logging.Handler):
    """hikari's warnings while a session runs, said in Japanese (rate limits, retries)."""

    def __init__(self, say: Callable[[str], None]) -> None:
        super().__init__(logging.WARNING)
        self.say = say

    def emit(self, record: logging.LogRecord) -> None:
        try:
            msg = record.getMessage()
        except Exception:  # noqa: BLE001 - a log line must never break a send
            return
        if "rate limited" in msg:
            self.say("Discordの回数制限にかかりました。Discordが指定した時間だけ待ってから続けます…")
        elif "Connection error" in msg or "backing off" in msg:
            self.say("Discordとの接続が切れました。少し待ってからやり直します…")


@contextmanager
def _quiet_hikari(say: Callable[[str], None]) -> Iterator[None]:
    handler = _Notices(say)
    saved = []
    for name in HIKARI_LOGGERS:
        lg = logging.getLogger(name)
        saved.append((lg, lg.propagate, lg.level))
        lg.propagate = False
    top = logging.getLogger("hikari")
    top.addHandler(handler)
    for lg in (logging.getLogger("hikari.rest"), logging.getLogger("hikari.ratelimits")):
        lg.addHandler(handler)
    try:
        yield
    finally:
        for lg in (top, logging.getLogger("hikari.rest"), logging.getLogger("hikari.ratelimits")):
            lg.removeHandler(handler)
        for lg, propagate, level in saved:
            lg.propagate = propagate
            lg.setLevel(level)


@asynccontextmanager
async def session(token: str, api: str | None = None, say: Callable[[str], None] = print,
                  max_retries: int = 3) -> AsyncIterator[Any]:
    """A started hikari REST client for the bot ``token`` (``api``: another base URL)."""
    import hikari

    with _quiet_hikari(say):
        app = hikari.RESTApp(url=api.rstrip("/") if api else None, max_retries=max_retries,
                             max_rate_limit=300.0)
        await app.start()
        try:
            async with app.acquire(token, hikari.TokenType.BOT) as rest:
                yield rest
        finally:
            await app.close()


def error_code(e: BaseException) -> int:
    """Discord's JSON error code of a refused request (0 when there is none)."""
    return int(getattr(e, "code", 0) or 0)


def explain(e: BaseException, what: str) -> DiscordError:
    """A hikari error while doing ``what`` (Japanese), as one DiscordError."""
    import hikari

    if isinstance(e, hikari.UnauthorizedError):
        return DiscordError(f"{what}: Discordがトークンを受け付けません（トークンが違うか、"
                            "作り直されました）。Developer Portalでボットのトークンを確かめてください")
    if isinstance(e, hikari.ForbiddenError):
        if error_code(e) == CANNOT_DM:
            return DiscordError(f"{what}: この相手にはDMを送れません（DMを受け付けない設定か、"
                                "ボットをブロックしています）")
        return DiscordError(f"{what}: ボットに権限がありません（チャンネルを見る・メッセージ履歴を読む・"
                            "メッセージを送る の権限と、Message Content Intent を確かめてください）")
    if isinstance(e, hikari.NotFoundError):
        return DiscordError(f"{what}: Discordに見つかりません（チャンネルIDかメッセージIDが違うか、"
                            "ボットがそのサーバーにいません）")
    if isinstance(e, hikari.RateLimitTooLongError):
        return DiscordError(f"{what}: Discordの回数制限の待ち時間が長すぎます"
                            f"（{int(e.retry_after)}秒）。しばらくしてからもう一度実行してください")
    if isinstance(e, hikari.ClientHTTPResponseError | hikari.InternalServerError):
        return DiscordError(f"{what}: Discordが断りました（HTTP {int(e.status)}"
                            + (f"、コード {error_code(e)}" if error_code(e) else "") + "）")
    if isinstance(e, hikari.HTTPError):
        return DiscordError(f"{what}: Discordにつながりません（ネットワークを確かめて、"
                            "もう一度実行してください）")
    return DiscordError(f"{what}: {type(e).__name__}")


def is_hikari_error(e: BaseException) -> bool:
    import hikari

    return isinstance(e, hikari.HikariError)
