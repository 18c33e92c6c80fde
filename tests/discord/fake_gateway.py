"""A local fake of Discord's gateway (v10) for ``adjudicator bot``'s tests: a websocket
server on 127.0.0.1 (aiohttp, in a thread of its own) speaking as Discord documents
(https://discord.com/developers/docs/events/gateway): HELLO, IDENTIFY -> READY,
heartbeats and their ACKs, dispatches (MESSAGE_CREATE / UPDATE / DELETE), RESUME ->
the missed dispatches then RESUMED, with zlib-stream transport compression as hikari
asks for it.

A test dispatches events (``create``, ``edit``, ``delete``), drops the connection
(``drop``: the socket closed without a close frame; events dispatched meanwhile wait in
the session, as Discord keeps them, and are replayed on RESUME), or refuses the Message
Content intent (``deny_content``: close 4014 on IDENTIFY).
"""

from __future__ import annotations

import asyncio
import json
import threading
import zlib
from datetime import datetime
from typing import Any

from aiohttp import WSMsgType, web

from tests.discord.fake import BOT, Fake, iso, snowflake

MESSAGE_CONTENT = 1 << 15


class FakeGateway:
    def __init__(self, rest: Fake, heartbeat_ms: int = 1000) -> None:
        self.rest = rest
        self.heartbeat_ms = heartbeat_ms
        self.deny_content = False
        self.seq = 0
        self.events: list[tuple[int, dict[str, Any]]] = []  # the session's dispatches
        self.session = "fake-session-1"
        self.ws: web.WebSocketResponse | None = None
        self.deflate: Any = None
        self.identifies = 0
        self.resumes = 0
        self.heartbeats = 0
        self.received: list[dict[str, Any]] = []
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.port = 0
        self.thread = threading.Thread(target=self._serve, daemon=True)

    # ------------------------------------------------------------ running
    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    def start(self) -> FakeGateway:
        self.thread.start()
        assert self.ready.wait(10)
        self.rest.gateway_url = self.url
        return self

    def stop(self) -> None:
        fut = asyncio.run_coroutine_threadsafe(self._stop(), self.loop)
        fut.result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)

    def _serve(self) -> None:
        asyncio.set_event_loop(self.loop)
        app = web.Application()
        app.router.add_get("/", self._handle)
        self.runner = web.AppRunner(app)
        self.loop.run_until_complete(self.runner.setup())
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        self.loop.run_until_complete(site.start())
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.ready.set()
        self.loop.run_forever()

    async def _stop(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        await self.runner.cleanup()

    # ------------------------------------------------------------ the protocol
    async def _send(self, ws: web.WebSocketResponse, payload: dict[str, Any]) -> None:
        data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
        if self.deflate is not None:
            await ws.send_bytes(self.deflate.compress(data) + self.deflate.flush(zlib.Z_SYNC_FLUSH))
        else:
            await ws.send_str(data.decode("utf-8"))

    async def _handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self.deflate = zlib.compressobj() if request.query.get("compress") == "zlib-stream" \
            else None
        self.ws = ws
        await self._send(ws, {"op": 10, "d": {"heartbeat_interval": self.heartbeat_ms},
                              "s": None, "t": None})
        async for frame in ws:
            if frame.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                continue
            payload = json.loads(frame.data)  # hikari sends its JSON as binary frames
            self.received.append(payload)
            op = payload.get("op")
            if op == 1:
                self.heartbeats += 1
                await self._send(ws, {"op": 11, "d": None, "s": None, "t": None})
            elif op == 2:
                self.identifies += 1
                if self.deny_content and payload["d"]["intents"] & MESSAGE_CONTENT:
                    await ws.close(code=4014, message=b"Disallowed intent(s).")
                    break
                self.seq, self.events = 0, []
                self.session = f"fake-session-{self.identifies}"
                await self._dispatch_now(ws, "READY", {
                    "v": 10, "user": dict(BOT, verified=True, mfa_enabled=False, locale="ja",
                                          premium_type=0, email=None, banner=None,
                                          accent_color=None), "guilds": [], "session_id": self.session,
                    "resume_gateway_url": self.url, "shard": [0, 1],
                    "application": {"id": BOT["id"], "flags": 1 << 18}})
            elif op == 6:
                self.resumes += 1
                if payload["d"]["session_id"] != self.session:
                    await self._send(ws, {"op": 9, "d": False, "s": None, "t": None})
                    continue
                after = int(payload["d"]["seq"] or 0)
                for seq, ev in list(self.events):
                    if seq > after:
                        await self._send(ws, ev)
                await self._dispatch_now(ws, "RESUMED", {})
        if self.ws is ws:
            self.ws = None
        return ws

    async def _dispatch_now(self, ws: web.WebSocketResponse | None, name: str,
                            data: dict[str, Any]) -> None:
        self.seq += 1
        ev = {"op": 0, "t": name, "s": self.seq, "d": data}
        self.events.append((self.seq, ev))
        if ws is not None and not ws.closed:
            await self._send(ws, ev)

    def dispatch(self, name: str, data: dict[str, Any]) -> None:
        """Dispatch from the test's thread (kept for a RESUME when no one is connected)."""
        fut = asyncio.run_coroutine_threadsafe(self._dispatch_now(self.ws, name, data),
                                               self.loop)
        fut.result(10)

    def drop(self) -> None:
        """Close the socket with no close frame (a lost connection)."""
        async def go() -> None:
            ws = self.ws
            self.ws = None
            if ws is not None and request_transport(ws) is not None:
                request_transport(ws).close()  # type: ignore[union-attr]

        asyncio.run_coroutine_threadsafe(go(), self.loop).result(10)

    # ------------------------------------------------------------ messages
    def create(self, channel: str, uid: str, when: datetime, content: str, n: int = 0, *,
               guild: bool = True, nick: str | None = None) -> dict[str, Any]:
        """A message written now: in the REST fake's history and dispatched."""
        msg = self.rest.say(uid, when, content, n, channel=channel)
        data = dict(msg)
        if guild:
            data["guild_id"] = self.rest.guild_id
            data["member"] = {"nick": nick, "roles": [], "joined_at": iso(when), "deaf": False,
                              "mute": False, "flags": 0, "pending": False,
                              "premium_since": None, "avatar": None,
                              "communication_disabled_until": None}
        self.dispatch("MESSAGE_CREATE", data)
        return msg

    def edit(self, msg: dict[str, Any], content: str, when: datetime,
             guild: bool = True) -> None:
        msg["content"] = content
        msg["edited_timestamp"] = iso(when)
        data = dict(msg)
        if guild:
            data["guild_id"] = self.rest.guild_id
        self.dispatch("MESSAGE_UPDATE", data)

    def delete(self, msg: dict[str, Any], guild: bool = True) -> None:
        self.rest.history[msg["channel_id"]].remove(msg)
        data = {"id": msg["id"], "channel_id": msg["channel_id"]}
        if guild:
            data["guild_id"] = self.rest.guild_id
        self.dispatch("MESSAGE_DELETE", data)


def request_transport(ws: web.WebSocketResponse) -> Any:
    req = getattr(ws, "_req", None)
    return getattr(req, "transport", None) if req is not None else None


__all__ = ["FakeGateway", "snowflake"]
