"""``adjudicator bot``'s glue to Discord: hikari's ``GatewayBot`` receives the events,
``bot.BotCore`` decides, this module does what it says over REST.

- One worker takes the events in order from a queue (the gateway's, and the catch-up's
  REST pages), so a message is stored and answered before the next one is read.
- On start and after every (re)connection (``ShardReadyEvent``, ``ShardResumedEvent``)
  the bot catches up over REST: from the last message stored of each of the game's
  channels (or from the phase's heading) to now; a message already stored is skipped.
- The Message Content intent is checked at start (the application's flags) and when
  Discord refuses it (close code 4014), with a Japanese error either way.
- A receipt's DM refused (50007) goes to the player's private channel, else to the GM;
  a rate limit is read and bounded as for ``pull`` and ``send`` (``client._RateLimits``:
  a wait up to 5 minutes waited out, anything longer or unreadable ends the try); a rate
  limit too long, or any other refusal, is a line for the GM, and the answer is not
  marked as given (the next start tries again).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..errors import AdjudicatorError
from . import DiscordError
from .bot import BotCore, Msg, Post, React, SendMorning, User

#: Discord's close code for intents the application may not use
DISALLOWED_INTENTS = 4014
#: the application flags that allow the Message Content intent
MESSAGE_CONTENT_FLAGS = (1 << 18) | (1 << 19)
#: seconds between two looks at the day's reminder
TICK = 20.0

NO_CONTENT = ("Message Content Intent がオフです。Discord Developer Portal でこのボットの"
              "「Bot」→「Privileged Gateway Intents」の Message Content Intent をオンにして"
              "保存してから、もう一度起動してください（オフのままでは、発言の本文が読めません）")


def intents() -> Any:
    import hikari

    want = hikari.Intents
    return want.GUILDS | want.GUILD_MESSAGES | want.DM_MESSAGES | want.MESSAGE_CONTENT


def to_msg(m: Any, nick: str | None = None, dm: bool = False) -> Msg:
    """A hikari ``Message`` as the core's ``Msg`` (``dm``: written in a DM with the bot:
    the gateway's event says so; a REST page does not, its channel does)."""
    a = m.author
    mentions: Any = getattr(m, "user_mentions", None)
    listed: Any = mentions.values() if hasattr(mentions, "values") else ()
    users = tuple(User(int(u.id), str(u.username), getattr(u, "global_name", None),
                       bool(getattr(u, "is_bot", False))) for u in listed)
    ref = getattr(m, "message_reference", None)
    return Msg(int(m.id), int(m.channel_id),
               User(int(a.id), str(a.username), getattr(a, "global_name", None),
                    bool(getattr(a, "is_bot", False))),
               m.content or "", m.timestamp, getattr(m, "edited_timestamp", None),
               dm, nick, users,
               int(ref.id) if ref is not None and getattr(ref, "id", None) else None)


def _nonce(about: str) -> str:
    return hashlib.sha256(f"bot|{about}".encode()).hexdigest()[:25]


class Glue:
    """The running bot: the queue, the catch-up and the delivery of the core's answers."""

    def __init__(self, core: BotCore, rest: Any, say: Callable[[str], None]) -> None:
        self.core, self.rest, self.say = core, rest, say
        self.queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        self.dm_channels: dict[int, int] = {}  # DM channel id -> the player's user id

    # ------------------------------------------------------------ the worker
    async def work(self) -> None:
        while True:
            kind, item = await self.queue.get()
            try:
                await self._handle(kind, item)
            finally:
                self.queue.task_done()

    async def _handle(self, kind: str, item: Any) -> None:
        """One event, its errors told to the GM (the bot keeps listening)."""
        try:
            if kind == "create":
                await self.deliver(self.core.on_create(item))
            elif kind == "edit":
                await self.deliver(self.core.on_edit(item))
            elif kind == "delete":
                await self.deliver(self.core.on_delete(*item))
            elif kind == "catchup":
                await self.catch_up()
            elif kind == "tick":
                await self.deliver(self.core.due(datetime.now(UTC)))
        except AdjudicatorError as e:  # DiscordError, a log that cannot be stored…
            await self._tell_gm(f"ボット：{getattr(e, 'ja', None) or e}")
        except OSError as e:
            from ..fsio import os_error_message

            await self._tell_gm(f"ボット：保存できませんでした（{os_error_message(e)}）")
        except Exception as e:  # noqa: BLE001 - the bot keeps listening; the GM is told
            await self._tell_gm(f"ボット：この発言を処理できませんでした（{type(e).__name__}）。"
                                "ログを確かめてください")

    # ------------------------------------------------------------ catching up
    async def _find_phase(self) -> None:
        """No phase open yet: the newest heading of a GM in the village, if any."""
        from .pull import heading

        village = self.core.places.village
        if village is None:
            return
        n = 0
        async for m in self.rest.fetch_messages(village):
            n += 1
            msg = to_msg(m)
            if self.core.places.gm_account(msg.author) and heading(msg.text):
                await self.deliver(self.core.open(str(heading(msg.text)), str(msg.id)))
                return
            if n >= 2000:
                return

    async def catch_up(self) -> None:
        """Every game channel read from its last stored message (or the phase's
        heading) to now, fed to the core in Discord's order."""
        import hikari

        if self.core.phase is None:
            await self._find_phase()
        if self.core.phase is None or self.core.log is None:
            return
        start = int(self.core.state.opened or 0)
        last = {int(k): int(v) for k, v in self.core.log.last_ids().items()}
        channels = list(self.core.places.channels) + list(self.dm_channels)
        if self.core.places.village is not None and self.core.places.village not in channels:
            channels.insert(0, self.core.places.village)
        found: list[Msg] = []
        for ch in dict.fromkeys(channels):
            after = max(last.get(ch, 0), start - 1)
            try:
                async for m in self.rest.fetch_messages(ch, after=hikari.Snowflake(after)):
                    found.append(to_msg(m, dm=ch in self.dm_channels))
            except (hikari.NotFoundError, hikari.ForbiddenError):
                self.say(f"ボット：チャンネル {ch} を読めません（IDとボットの権限を確かめてください）")
        # what the gateway brought while the channels were read, one after another, is
        # taken in the same order: a private line read here after the GM's 締め切り in the
        # village, which came by the gateway meanwhile, is late as the morning will say
        pending: list[tuple[str, Any]] = []
        while True:
            try:
                pending.append(self.queue.get_nowait())
            except asyncio.QueueEmpty:
                break
            self.queue.task_done()
        merged = {m.id: m for m in found}
        merged.update((m.id, m) for kind, m in pending if kind == "create")
        for msg in sorted(merged.values(), key=lambda x: x.id):
            await self.deliver(self.core.on_create(msg))
        for kind, item in pending:
            if kind not in ("create", "catchup"):
                await self._handle(kind, item)

    async def open_dms(self) -> None:
        """The DM channel of each player whose account is a user id (its catch-up)."""
        import hikari

        for p in self.core.cfg.players:
            acct = (p.discord or "").strip()
            if not acct.isdigit():
                continue
            try:
                dm = await self.rest.create_dm_channel(int(acct))
            except hikari.HikariError:
                continue
            self.dm_channels[int(dm.id)] = int(acct)

    # ------------------------------------------------------------ delivering
    async def deliver(self, outs: list[Any]) -> None:
        for out in outs:
            if await self._one(out):
                self.core.done(out)

    async def _post(self, dest: Any, text: str, about: str) -> None:
        from .send import split_message

        for k, part in enumerate(split_message(text)):
            await self.rest.create_message(dest, part, nonce=_nonce(f"{about}|{k}"),
                                           mentions_everyone=False, user_mentions=False,
                                           role_mentions=False)

    async def _one(self, out: Any) -> bool:
        """Do one answer; True once Discord has it (or the GM was told instead)."""
        import hikari

        from .client import CANNOT_DM, error_code, explain

        try:
            if isinstance(out, React):
                await self.rest.add_reaction(out.channel, out.message, out.emoji)
            elif isinstance(out, Post) and out.gm and out.channel is None:
                self.say(out.text)
            elif isinstance(out, Post) and out.channel is not None:
                await self._post(out.channel, out.text, out.about)
            elif isinstance(out, Post) and out.user is not None:
                try:
                    dm = await self.rest.create_dm_channel(out.user)
                    await self._post(dm, out.text, out.about)
                except hikari.ForbiddenError as e:
                    if error_code(e) != CANNOT_DM:
                        raise
                    if out.fallback is not None:
                        await self._post(out.fallback, out.text, out.about)
                    else:
                        await self._tell_gm(f"DMを送れない参加者がいます（DMを受け付けない設定か、"
                                            f"ボットをブロックしています）。手で伝えてください：\n{out.text}")
            elif isinstance(out, SendMorning):
                await self._send_morning(out)
            return True
        except hikari.HikariError as e:
            await self._tell_gm(str(explain(e, "ボットが返事を送れませんでした")))
            return False

    async def _tell_gm(self, text: str) -> None:
        import hikari

        gm = self.core.places.gm_channel
        if gm is not None:
            try:
                await self._post(gm, text, f"gm-note:{hashlib.sha256(text.encode()).hexdigest()}")
                return
            except hikari.HikariError:
                pass
        self.say(text)

    async def _send_morning(self, out: SendMorning) -> None:
        from ..engine import resolve_game
        from .cli import send_report
        from .send import send

        root = self.core.root
        game = resolve_game(root)
        channel = str(self.core.places.village) if self.core.places.village else None
        notes: list[str] = []
        done = await send(self.rest, root, game, out.phase, channel, notes.append)
        await self._tell_gm(send_report(done))


async def run(root: Path, token: str, api: str | None = None,
              say: Callable[[str], None] = print, stop: asyncio.Event | None = None,
              ready: Callable[[], None] | None = None, **core_args: Any) -> None:
    """Run the bot until ``stop`` is set (or the task is cancelled: Ctrl-C)."""
    import hikari
    from hikari.impl.config import CacheComponents, CacheSettings, HTTPSettings, HTTPTimeoutSettings

    from .client import (
        MAX_WAIT,
        REQUEST_TIMEOUT,
        _quiet_hikari,
        _RateLimits,
        check_api,
        check_token,
    )

    token = check_token(token)
    url = check_api(api) if api else None
    with _quiet_hikari(say):
        try:
            bot = hikari.GatewayBot(
                token, banner=None, logs=None, intents=intents(), rest_url=url,
                cache_settings=CacheSettings(components=CacheComponents.NONE),
                http_settings=HTTPSettings(timeouts=HTTPTimeoutSettings(total=REQUEST_TIMEOUT)),
                max_rate_limit=MAX_WAIT, suppress_optimization_warning=True)
        except ValueError:
            raise DiscordError("ボットのトークンの形が違います（Developer Portal の「Bot」→"
                               "「Reset Token」で出たものを、そのまま1行で入れてください）") from None
        glue: Glue | None = None

        def put(kind: str, item: Any) -> None:
            if glue is not None:
                glue.queue.put_nowait((kind, item))

        async def created(event: Any) -> None:
            member = getattr(event, "member", None)
            put("create", to_msg(event.message, getattr(member, "nickname", None),
                                 isinstance(event, hikari.DMMessageCreateEvent)))

        async def updated(event: Any) -> None:
            m = event.message
            content = getattr(m, "content", None)
            if not isinstance(content, str) or getattr(m, "author", None) is None \
                    or not hasattr(m.author, "username"):
                return  # no text in the update (an embed resolved): nothing to record
            put("edit", to_msg(m, dm=isinstance(event, hikari.DMMessageUpdateEvent)))

        async def deleted(event: Any) -> None:
            put("delete", (int(event.channel_id), int(event.message_id)))

        async def connected(_event: Any) -> None:
            put("catchup", None)

        bot.subscribe(hikari.MessageCreateEvent, created)
        bot.subscribe(hikari.MessageUpdateEvent, updated)
        bot.subscribe(hikari.MessageDeleteEvent, deleted)
        bot.subscribe(hikari.ShardReadyEvent, connected)
        bot.subscribe(hikari.ShardResumedEvent, connected)
        tasks: list[asyncio.Task[Any]] = []
        _RateLimits.install()  # a 429 read and bounded as for pull and send (client.py)
        _RateLimits.sessions[id(bot.rest)] = _RateLimits(say)
        try:
            rest = bot.rest
            await _start(bot)
            me = await rest.fetch_my_user()
            core = BotCore(root, me=int(me.id), **core_args)
            glue = Glue(core, rest, say)
            await glue.open_dms()
            await glue.deliver(core.start())
            put("catchup", None)
            tasks.append(asyncio.create_task(glue.work()))
            tasks.append(asyncio.create_task(_ticks(put)))
            say(_started(core))
            if ready is not None:
                ready()
            waits: list[asyncio.Task[Any]] = [asyncio.create_task(bot.join())]
            if stop is not None:
                waits.append(asyncio.create_task(stop.wait()))
            _done, pending = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            for t in pending:
                t.cancel()
            await glue.queue.join()
        finally:
            for t in tasks:
                t.cancel()
            with contextlib.suppress(Exception):
                await bot.close()
            _RateLimits.sessions.pop(id(bot.rest), None)


async def _ticks(put: Callable[[str, Any], None]) -> None:
    while True:
        await asyncio.sleep(TICK)
        put("tick", None)


async def _start(bot: Any) -> None:
    """``bot.start``, then the Message Content intent checked (Discord closes with 4014
    when the application may not use it; the application's flags say it too), each
    refusal said in Japanese."""
    import hikari

    from .client import explain

    try:
        await bot.start(check_for_updates=False)
        app = await bot.rest.fetch_application()
    except hikari.GatewayServerClosedConnectionError as e:
        if int(e.code or 0) == DISALLOWED_INTENTS:
            raise DiscordError(NO_CONTENT) from None
        raise DiscordError(f"Discordが接続を切りました（コード {e.code}）") from None
    except hikari.HikariError as e:
        raise explain(e, "ボットを起動できませんでした") from None
    if not int(app.flags) & MESSAGE_CONTENT_FLAGS:
        raise DiscordError(NO_CONTENT)


def _started(core: BotCore) -> str:
    from ..phases import phase_label

    where = (f"{phase_label(core.phase)}を記録しています" if core.phase
             else "GMが村のチャンネルで「1日目夜」のように書くと記録を始めます")
    return f"ボットを起動しました：{where}。止めるには Ctrl-C"
