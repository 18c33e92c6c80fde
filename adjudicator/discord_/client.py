"""One REST session with Discord through hikari's ``RESTApp`` (no gateway: nothing but
HTTP requests), with what the connector needs on top:

- ``api``: another API base (a proxy, or the tests' local fake), hikari's ``url``;
- rate limits (``_RateLimits``): a 429 is read here, not by hikari: its wait is the
  body's ``retry_after`` or the ``Retry-After`` header (a 429 with only the header, and no
  JSON, is a rate limit too); a wait up to ``MAX_WAIT`` (Discord documents 5 minutes at
  most) is waited out and the request retried, saying so in Japanese through ``say``; a
  longer, negative or unreadable wait, or more than ``MAX_IN_A_ROW`` 429s in a row,
  ends the command with one Japanese line saying when to try again (hikari alone would
  retry a ``retry_after`` of -5, NaN, a global or a user-scoped one at once, forever);
- every request has a timeout (``REQUEST_TIMEOUT``; hikari retries a few times);
- ``--api`` must be an http(s) address, the token one line of printable ASCII;
- every hikari error becomes a ``DiscordError`` with a Japanese message, never showing
  the token (hikari never puts it in a message; the Authorization header stays inside);
  an answer that cannot be read (truncated JSON, a body shorter than its
  Content-Length, an object where a list belongs) is one Japanese line too.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any

from . import DiscordError

#: the longest rate-limit wait waited out (Discord's documented most); longer ends the run
MAX_WAIT = 300.0
#: the shortest wait between a 429 and its retry (a retry_after of 0 is "a short delay")
MIN_WAIT = 0.5
#: 429s in a row (no other answer between them) before the command gives up
MAX_IN_A_ROW = 5
#: seconds one request may take (connect, send, the whole answer)
REQUEST_TIMEOUT = 20.0

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


def check_api(api: str) -> str:
    """``--api`` as hikari's base URL: an http:// or https:// address with a host."""
    from urllib.parse import urlsplit

    bad = DiscordError(f"API の置き場所「{api[:80]}」は http:// か https:// で始まるアドレスでは"
                       "ありません（例：http://127.0.0.1:8000/api/v10）")
    if any(c.isspace() or not c.isprintable() for c in api):
        raise bad
    try:
        parts = urlsplit(api)
        parts.port  # noqa: B018 - a port that is no number raises here
    except ValueError:
        raise bad from None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise bad
    return api.rstrip("/")


def check_token(token: str) -> str:
    """The token as sent: one line of printable ASCII (a newline inside would be a
    broken header); the message never shows it."""
    if not token or any(not (c.isascii() and c.isprintable()) or c.isspace() for c in token):
        raise DiscordError("ボットのトークンに、改行・空白・全角文字など、トークンには使われない"
                           "文字が入っています。Developer Portal でコピーし直して、1行で入れ直して"
                           "ください")
    return token


class RateLimited(DiscordError):
    """A 429 whose wait is too long, negative or unreadable, or too many in a row."""


def _seconds(value: Any) -> float | None:
    """A wait in seconds as Discord wrote it (a number, or a numeric string; an HTTP date
    in ``Retry-After``); NaN for something that is no wait at all; None when absent."""
    if value is None:
        return None
    if isinstance(value, bool):
        return math.nan
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.strip())
        except ValueError:
            from email.utils import parsedate_to_datetime

            try:
                return parsedate_to_datetime(value).timestamp() - time.time()
            except (TypeError, ValueError, IndexError, OverflowError):
                return math.nan
    return math.nan


def _when(wait: float) -> str:
    """When to try again, in the GM's words: 「23:40 ごろ（約15分後）」, and with the day
    once it is a day or more away."""
    at = time.localtime(time.time() + wait)
    if wait < 3600:
        return f"{time.strftime('%H:%M', at)} ごろ（約{max(1, math.ceil(wait / 60))}分後）"
    if wait < 86400:
        return f"{time.strftime('%H:%M', at)} ごろ（約{math.ceil(wait / 3600)}時間後）"
    return (f"{at.tm_mon}月{at.tm_mday}日 {time.strftime('%H:%M', at)} ごろ"
            f"（約{math.ceil(wait / 86400)}日後）")


class _RateLimits:
    """What ``RESTClientImpl._parse_ratelimits`` does for a session of ours: a 429 is
    read and bounded here (see the module's docstring); any other answer goes to
    hikari's own bookkeeping (its bucket headers), whose malformed headers are ignored."""

    sessions: dict[int, _RateLimits] = {}  # id(rest client) -> its guard
    original: Any = None

    def __init__(self, say: Callable[[str], None]) -> None:
        self.say = say
        self.in_a_row = 0

    @classmethod
    def install(cls) -> None:
        from hikari.impl import rest as rest_impl

        if cls.original is not None:
            return
        cls.original = rest_impl.RESTClientImpl._parse_ratelimits

        async def parse(self: Any, route: Any, auth: Any, response: Any) -> float | None:
            guard = cls.sessions.get(id(self))
            if guard is None:
                return await cls.original(self, route, auth, response)  # type: ignore[no-any-return]
            return await guard.parse(self, route, auth, response)

        setattr(rest_impl.RESTClientImpl, "_parse_ratelimits", parse)  # noqa: B010 (final)

    async def parse(self, rest: Any, route: Any, auth: Any, response: Any) -> float | None:
        if response.status != 429:
            self.in_a_row = 0
            try:
                return await type(self).original(rest, route, auth, response)  # type: ignore[no-any-return]
            except (ValueError, TypeError, OverflowError):
                return None  # bucket headers that are no numbers: not ours to trust
        self.in_a_row += 1
        wait = await self._wait(response)
        if wait is None or math.isnan(wait) or wait < 0:
            raise RateLimited("Discordの回数制限にかかりましたが、待つ時間が読めない答えだったため"
                              "止めました。数分おいてから、もう一度実行してください")
        if wait > MAX_WAIT:
            raise RateLimited(f"Discordの回数制限にかかりました（待つ時間 {int(min(wait, 1e9))}秒）。"
                              f"{_when(wait)}に、もう一度実行してください")
        if self.in_a_row > MAX_IN_A_ROW:
            raise RateLimited(f"Discordの回数制限が{MAX_IN_A_ROW}回続いたため止めました。"
                              f"{_when(max(wait, 60.0))}に、もう一度実行してください")
        wait = max(wait, MIN_WAIT)
        self.say(f"Discordの回数制限にかかりました。{wait:.1f}秒待ってから続けます…")
        return wait

    @staticmethod
    async def _wait(response: Any) -> float | None:
        """The longest wait the 429 names (body ``retry_after``, ``Retry-After``); NaN if
        one of them is negative or no number; None if it names none."""
        import json

        found: list[float] = []
        try:
            raw = await response.read()
        except Exception:  # noqa: BLE001 - a body cut short: the header may still say it
            raw = b""
        body: Any = None
        if raw:
            try:
                body = json.loads(raw)
            except (ValueError, UnicodeDecodeError):
                body = None
        if isinstance(body, dict) and "retry_after" in body:
            given = _seconds(body["retry_after"])
            found.append(math.nan if given is None else given)
        header = _seconds(response.headers.get("Retry-After"))
        if header is not None:
            found.append(header)
        if not found:
            return None
        if any(math.isnan(w) or w < 0 for w in found):  # -5, NaN, "soon": no wait to trust
            return math.nan
        return max(found)


@asynccontextmanager
async def session(token: str, api: str | None = None, say: Callable[[str], None] = print,
                  max_retries: int = 3) -> AsyncIterator[Any]:
    """A started hikari REST client for the bot ``token`` (``api``: another base URL)."""
    import hikari
    from hikari.impl.config import HTTPSettings, HTTPTimeoutSettings

    token = check_token(token)
    url = check_api(api) if api else None
    _RateLimits.install()
    with _quiet_hikari(say):
        timeouts = HTTPTimeoutSettings(total=REQUEST_TIMEOUT)
        app = hikari.RESTApp(url=url, max_retries=max_retries, max_rate_limit=MAX_WAIT,
                             http_settings=HTTPSettings(timeouts=timeouts))
        await app.start()
        try:
            async with app.acquire(token, hikari.TokenType.BOT) as rest:
                _RateLimits.sessions[id(rest)] = _RateLimits(say)
                try:
                    yield rest
                except (DiscordError, hikari.HikariError):
                    raise
                except Exception as e:
                    if (bad := unreadable(e)) is not None:
                        raise bad from None
                    raise
                finally:
                    _RateLimits.sessions.pop(id(rest), None)
        finally:
            await app.close()


def unreadable(e: BaseException) -> DiscordError | None:
    """An answer hikari or aiohttp could not read, as one Japanese line (None: not one;
    an error raised in our own code stays what it is)."""
    import aiohttp

    if isinstance(e, aiohttp.ClientPayloadError):
        return DiscordError("Discordの答えが途中で切れていました（届いた長さが足りません）。"
                            "もう一度実行してください")
    if isinstance(e, aiohttp.ClientError):
        return DiscordError("Discordにつながりません（ネットワークを確かめて、もう一度実行して"
                            "ください）")
    if isinstance(e, ValueError | TypeError | KeyError | AttributeError | IndexError
                  | UnicodeError | AssertionError) and _raised_in_library(e):
        return DiscordError("Discordの答えが壊れていて読めませんでした（JSON として読めないか、"
                            "形が違います）。しばらくしてからもう一度実行してください")
    return None


def _raised_in_library(e: BaseException) -> bool:
    """Whether ``e`` was raised inside hikari, aiohttp or json (a frame of theirs is the
    innermost one of ours or theirs)."""
    import os

    tb = e.__traceback__
    last = None
    while tb is not None:
        last = tb.tb_frame.f_code.co_filename
        tb = tb.tb_next
    if last is None:
        return False
    parts = last.replace(os.sep, "/").split("/")
    return any(p in ("hikari", "aiohttp", "json", "multidict", "yarl") for p in parts)


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
        wait = e.retry_after if math.isfinite(e.retry_after) else MAX_WAIT
        return DiscordError(f"{what}: Discordの回数制限の待ち時間が長すぎます"
                            f"（{int(min(wait, 1e9))}秒）。{_when(min(wait, 1e9))}に、もう一度"
                            "実行してください")
    if isinstance(e, hikari.ClientHTTPResponseError | hikari.InternalServerError):
        return DiscordError(f"{what}: Discordが断りました（HTTP {int(e.status)}"
                            + (f"、コード {error_code(e)}" if error_code(e) else "") + "）")
    if isinstance(e, hikari.HTTPError):
        import asyncio

        if isinstance(e.__cause__, TimeoutError | asyncio.TimeoutError):
            return DiscordError(f"{what}: Discordが答えません（{int(REQUEST_TIMEOUT)}秒ずつ何度か"
                                "待ちました）。しばらくしてからもう一度実行してください")
        return DiscordError(f"{what}: Discordにつながりません（ネットワークを確かめて、"
                            "もう一度実行してください）")
    return DiscordError(f"{what}: {type(e).__name__}")


def is_hikari_error(e: BaseException) -> bool:
    import hikari

    return isinstance(e, hikari.HikariError)
