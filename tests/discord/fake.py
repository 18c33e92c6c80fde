"""A local fake of the Discord REST API (v10), for the connector's tests: the endpoints
``adjudicator discord`` calls, answering as Discord documents them
(https://discord.com/developers/docs/resources/message and …/channel, …/guild, …/user),
with message payloads shaped like recorded ones (edits, replies, attachments, mentions).

It runs on 127.0.0.1 in a thread; a test can make it answer one POST with 429, drop the
connection after creating a message (the answer is lost), or go down altogether.

Hostile behaviours (issue 46), for reading a channel (GET …/messages) or for every
request: ``limit_every`` answers 429 with a given ``retry_after`` (100000, -5, NaN…),
with or without bucket headers, ``X-RateLimit-Global``, ``"global": true``, a user scope,
or only a ``Retry-After`` header and no JSON; ``same_page`` answers the same page
whatever ``after``/``before`` ask; ``silent`` never answers; ``broken`` answers
truncated JSON, a body shorter than its Content-Length, or an object where a list
belongs.  ``times`` records when each request came (requests a second).

Several channels (issue 39: a phase read as threads): ``add_channel`` adds a private or
group channel of the same server, ``say(…, channel=ID)`` writes in it; the bot's DM
channel with a user is ``dm_channel(uid)`` (what ``POST /users/@me/channels`` answers),
``say(…, channel=fake.dm_channel(uid))`` writes in it, and the DMs the bot sends are in
its history too.  ``forbidden`` channels answer 403 Missing Access (50001), ``no_dm``
users refuse a DM channel (50007); ``GET /users/@me`` is the bot.

For ``adjudicator bot`` (tests/discord/fake_gateway.py is its gateway): ``GET
/gateway/bot`` names the local gateway (``gateway_url``), ``GET
/oauth2/applications/@me`` gives the application's flags (``app_flags``: whether the
Message Content intent is allowed), reactions (``PUT …/reactions/{emoji}/@me``) are kept
in ``reactions``, and the bot may post in every channel of the server.
"""

from __future__ import annotations

import json
import threading
import time
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlparse

DISCORD_EPOCH_MS = 1_420_070_400_000
BOT = {"id": "900000000000000001", "username": "adjudicator-bot", "global_name": None,
       "discriminator": "0000", "avatar": None, "bot": True, "public_flags": 0, "flags": 0}


def snowflake(when: datetime, n: int = 0) -> str:
    ms = int(when.timestamp() * 1000)
    return str(((ms - DISCORD_EPOCH_MS) << 22) | (n & 0xFFF))


def iso(when: datetime) -> str:
    return when.astimezone(UTC).isoformat(timespec="microseconds")


def user(uid: str, username: str, global_name: str | None = None) -> dict[str, Any]:
    return {"id": uid, "username": username, "global_name": global_name, "discriminator": "0",
            "avatar": None, "public_flags": 0, "flags": 0, "banner": None,
            "accent_color": None, "avatar_decoration_data": None}


class Fake:
    def __init__(self) -> None:
        self.guild_id = "800000000000000001"
        self.channel_id = "800000000000000002"
        self.channel_name = "人狼村-本会場"
        self.messages: list[dict[str, Any]] = []  # channel history, any order
        #: every channel's history (the village's is ``messages``), by channel id
        self.history: dict[str, list[dict[str, Any]]] = {self.channel_id: self.messages}
        self.channels: dict[str, str] = {}  # the server's other channels: id -> name
        # adjudicator bot
        self.gateway_url = "ws://127.0.0.1:9/"
        self.token = "test-token"  # the gateway bot's must look real: base64(id).….…
        self.app_flags = 1 << 18  # GATEWAY_MESSAGE_CONTENT
        self.reactions: list[tuple[str, str, str]] = []  # channel, message, emoji
        self.forbidden: set[str] = set()  # channel ids the bot may not read (50001)
        self.no_dm: set[str] = set()  # user ids whose DM channel cannot be opened (50007)
        self.members: dict[str, str | None] = {}  # user id -> server nickname
        self.users: dict[str, dict[str, Any]] = {}
        self.blocked: set[str] = set()  # user ids that refuse DMs (50007)
        self.sent: list[dict[str, Any]] = []  # messages created through POST
        self.dm_of: dict[str, str] = {}  # dm channel id -> user id
        self.requests: list[tuple[str, str]] = []
        self.rate_limit_posts = 0  # answer this many next POSTs with 429
        self.retry_after = 0.6
        self.rate_limit_scope = "shared"  # Discord's X-RateLimit-Scope: user | shared | global
        self.limited_until = 0.0
        self.throttled = 0  # POSTs answered with 429
        self.drop_after_create = 0  # the n-th next create: stored, then the socket closed
        self.down_after_creates: int | None = None  # after this many creates: all refused
        self.created = 0
        # hostile behaviours (see the module's docstring)
        self.limit_every: dict[str, Any] | None = None  # {"retry_after": …, "headers": …}
        self.limit_scope = "messages"  # "messages": GET …/messages only; "all"
        self.limit_times: int | None = None  # answer only this many 429s, then as usual
        self.same_page = False
        self.silent = False
        self.broken: str | None = None  # "truncated" | "short" | "object"
        self.times: list[float] = []
        self.released = threading.Event()  # set by stop(): a silent handler lets go
        self.lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def api(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/api/v10"

    def start(self) -> Fake:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.released.set()
        self.server.shutdown()
        self.server.server_close()

    # ------------------------------------------------------------ building history
    def add_user(self, uid: str, username: str, global_name: str | None = None,
                 nick: str | None = None, member: bool = True) -> dict[str, Any]:
        u = user(uid, username, global_name)
        self.users[uid] = u
        if member:
            self.members[uid] = nick
        return u

    def add_channel(self, cid: str, name: str) -> str:
        """Another text channel of the server (a player's private channel, a group's)."""
        self.channels[cid] = name
        self.history.setdefault(cid, [])
        return cid

    @staticmethod
    def dm_channel(uid: str) -> str:
        """The id of the bot's DM channel with user ``uid``."""
        return str(int(uid) + 1)

    def say(self, uid: str, when: datetime, content: str, n: int = 0, *,
            mentions: list[str] = (), edited: datetime | None = None,  # type: ignore[assignment]
            reply_to: dict[str, Any] | None = None, attachments: list[dict[str, Any]] = (),  # type: ignore[assignment]
            kind: int = 0, channel: str | None = None) -> dict[str, Any]:
        mid = snowflake(when, n)
        where = channel or self.channel_id
        msg = {
            "id": mid, "type": 19 if reply_to else kind, "channel_id": where,
            "author": self.users[uid], "content": content, "timestamp": iso(when),
            "edited_timestamp": iso(edited) if edited else None, "tts": False,
            "mention_everyone": False, "mentions": [self.users[m] for m in mentions],
            "mention_roles": [], "attachments": list(attachments), "embeds": [],
            "pinned": False, "flags": 0, "components": [],
        }
        if reply_to is not None:
            msg["message_reference"] = {"type": 0, "message_id": reply_to["id"],
                                        "channel_id": where,
                                        "guild_id": self.guild_id}
            msg["referenced_message"] = reply_to
        self.history.setdefault(where, []).append(msg)
        return msg

    # ------------------------------------------------------------ HTTP
    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class H(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *_a: Any) -> None:
                pass

            def _send(self, status: int, body: Any, headers: dict[str, str] | None = None) -> None:
                if status == 204:  # No Content: no body at all
                    self.send_response(204)
                    self.end_headers()
                    return
                data = json.dumps(body, ensure_ascii=False).encode("utf-8")
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)

            def _drop(self) -> None:
                self.close_connection = True
                try:
                    self.connection.shutdown(2)
                except OSError:
                    pass

            def _body(self) -> Any:
                n = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(n) if n else b""
                return json.loads(raw) if raw else {}

            def do_GET(self) -> None:  # noqa: N802
                self._route("GET")

            def do_POST(self) -> None:  # noqa: N802
                self._route("POST")

            def do_PUT(self) -> None:  # noqa: N802
                self._route("PUT")

            def _raw(self, status: int, data: bytes, headers: dict[str, str],
                     length: int | None = None) -> None:
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(data) if length is None else length))
                self.end_headers()
                self.wfile.write(data)
                if length is not None:
                    self.wfile.flush()
                    self._drop()

            def _hostile(self, method: str, parts: list[str]) -> bool:
                """Answer as a hostile API would; True when it did."""
                reading = method == "GET" and parts[-1:] == ["messages"]
                if fake.silent:
                    fake.released.wait(120)  # never answers (until the test ends)
                    self._drop()
                    return True
                limit = fake.limit_every
                if limit is not None and (reading or fake.limit_scope == "all"):
                    if fake.limit_times is not None:
                        fake.limit_times -= 1
                        if fake.limit_times <= 0:
                            fake.limit_every = None
                    headers = dict(limit.get("headers", {}))
                    if "body" in limit:  # raw text: 'NaN', no JSON at all…
                        data = str(limit["body"]).encode()
                        headers.setdefault("Content-Type", "application/json")
                    else:
                        doc = {"message": "You are being rate limited.",
                               "retry_after": limit.get("retry_after", 1.0),
                               "global": limit.get("global", False)}
                        data = json.dumps(doc).encode()
                        headers.setdefault("Content-Type", "application/json")
                    self._raw(429, data, headers)
                    return True
                if reading and fake.broken == "truncated":
                    self._raw(200, b'[{"id": "1", "type": 0, "content": "cut her',
                              {"Content-Type": "application/json"})
                    return True
                if reading and fake.broken == "short":
                    self._raw(200, b'[{"id": "1"', {"Content-Type": "application/json"},
                              length=4096)
                    return True
                if reading and fake.broken == "object":
                    self._raw(200, json.dumps({"messages": []}).encode(),
                              {"Content-Type": "application/json"})
                    return True
                return False

            def _route(self, method: str) -> None:
                url = urlparse(self.path)
                parts = url.path.split("/")[3:]  # after /api/v10
                body = self._body() if method in ("POST", "PUT") else None
                with fake.lock:
                    fake.requests.append((method, url.path))
                    fake.times.append(time.monotonic())
                if self.headers.get("Authorization") == f"Bot {fake.token}" \
                        and self._hostile(method, parts):
                    return
                with fake.lock:
                    if fake.down_after_creates is not None and fake.created >= fake.down_after_creates:
                        self._drop()
                        return
                    if self.headers.get("Authorization") != f"Bot {fake.token}":
                        self._send(401, {"message": "401: Unauthorized", "code": 0})
                        return
                    out = fake.answer(method, parts, parse_qs(url.query), body)
                if out == "drop":
                    self._drop()
                    return
                status, payload, headers = out
                self._send(status, payload, headers)

        return H

    def answer(self, method: str, parts: list[str], q: dict[str, list[str]],
               body: Any) -> Any:
        not_found = (404, {"message": "Unknown Channel", "code": 10003}, None)
        bot = self._bot_answer(method, parts)
        if bot is not None:
            return bot
        if method == "GET" and parts == ["users", "@me"]:
            return 200, dict(BOT, mfa_enabled=True, locale="ja", verified=True, email=None,
                             premium_type=0, banner=None, accent_color=None), None
        if method == "GET" and parts[:1] == ["channels"] and len(parts) in (2, 3) \
                and parts[1] in self.forbidden:
            return 403, {"message": "Missing Access", "code": 50001}, None
        if method == "GET" and len(parts) == 2 and parts[0] == "channels" \
                and parts[1] in self.dm_of:
            return 200, {"id": parts[1], "type": 1, "last_message_id": None, "flags": 0,
                         "recipients": [self.users[self.dm_of[parts[1]]]]}, None
        if method == "GET" and len(parts) == 2 and parts[0] == "channels" \
                and (parts[1] == self.channel_id or parts[1] in self.channels):
            name = self.channel_name if parts[1] == self.channel_id else self.channels[parts[1]]
            return 200, {"id": parts[1], "type": 0, "guild_id": self.guild_id,
                         "name": name, "position": 3, "permission_overwrites": [],
                         "nsfw": False, "parent_id": None, "topic": None,
                         "rate_limit_per_user": 0, "last_message_id": None, "flags": 0}, None
        if method == "GET" and len(parts) == 3 and parts[0] == "channels" \
                and parts[2] == "messages" and (parts[1] == self.channel_id
                                                or parts[1] in self.channels
                                                or parts[1] in self.dm_of):
            limit = int(q.get("limit", ["50"])[0])
            ordered = sorted(self.history.get(parts[1], []), key=lambda m: int(m["id"]))
            if self.same_page:  # whatever after/before ask: the first page again
                sel = ordered[:limit]
            elif "after" in q:
                sel = [m for m in ordered if int(m["id"]) > int(q["after"][0])][:limit]
            elif "before" in q:
                sel = [m for m in ordered if int(m["id"]) < int(q["before"][0])][-limit:]
            else:
                sel = ordered[-limit:]
            return 200, list(reversed(sel)), None  # newest first, as Discord answers
        if method == "GET" and len(parts) == 4 and parts[:1] == ["guilds"] and parts[2] == "members":
            uid = parts[3]
            if parts[1] != self.guild_id or uid not in self.members:
                return 404, {"message": "Unknown Member", "code": 10007}, None
            return 200, {"user": self.users[uid], "nick": self.members[uid], "avatar": None,
                         "roles": [], "joined_at": "2026-02-01T12:00:00.000000+00:00",
                         "premium_since": None, "deaf": False, "mute": False, "flags": 0,
                         "pending": False, "communication_disabled_until": None}, None
        if method == "POST" and parts == ["users", "@me", "channels"]:
            uid = str(body["recipient_id"])
            if uid not in self.users:
                return 404, {"message": "Unknown User", "code": 10013}, None
            if uid in self.no_dm:
                return 403, {"message": "Cannot send messages to this user", "code": 50007}, None
            dm = self.dm_channel(uid)
            self.dm_of[dm] = uid
            return 200, {"id": dm, "type": 1, "last_message_id": None, "flags": 0,
                         "recipients": [self.users[uid]]}, None
        if method == "POST" and len(parts) == 3 and parts[0] == "channels" and parts[2] == "messages":
            ch = parts[1]
            if ch != self.channel_id and ch not in self.dm_of and ch not in self.channels:
                return not_found
            if self.rate_limit_posts > 0 or time.monotonic() < self.limited_until:
                if self.rate_limit_posts > 0:  # the bucket is empty until retry_after passed
                    self.rate_limit_posts -= 1
                    self.limited_until = time.monotonic() + self.retry_after
                self.throttled += 1
                ra = max(0.001, self.limited_until - time.monotonic())
                return 429, {"message": "You are being rate limited.", "retry_after": ra,
                             "global": False}, {
                    "Retry-After": str(max(1, round(ra))), "X-RateLimit-Limit": "5",
                    "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": f"{time.time() + ra:.3f}",
                    "X-RateLimit-Reset-After": f"{ra:.3f}", "X-RateLimit-Bucket": "fakebucket",
                    "X-RateLimit-Scope": self.rate_limit_scope}
            if ch in self.dm_of and self.dm_of[ch] in self.blocked:
                return 403, {"message": "Cannot send messages to this user", "code": 50007}, None
            nonce = body.get("nonce")
            if nonce and body.get("enforce_nonce"):
                for m in self.sent:
                    if m["nonce"] == nonce and m["channel_id"] == ch:
                        return 200, m, None  # the same message again, as Discord does
            now = datetime.now(UTC)
            msg = {"id": snowflake(now, len(self.sent)), "type": 0, "channel_id": ch,
                   "author": BOT, "content": body.get("content", ""), "timestamp": iso(now),
                   "edited_timestamp": None, "tts": False, "mention_everyone": False,
                   "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
                   "pinned": False, "flags": 0, "components": [], "nonce": nonce}
            self.sent.append(msg)
            if ch in self.dm_of:  # a DM is in its channel's history (the village's: by hand)
                self.history.setdefault(ch, []).append(msg)
            self.created += 1
            if self.drop_after_create:
                self.drop_after_create -= 1
                if self.drop_after_create == 0:
                    return "drop"
            return 200, msg, None
        return 404, {"message": "404: Not Found", "code": 0}, None

    def _bot_answer(self, method: str, parts: list[str]) -> Any:
        """What only ``adjudicator bot`` asks (see the module's docstring)."""
        if method == "GET" and parts == ["gateway", "bot"]:
            return 200, {"url": self.gateway_url, "shards": 1,
                         "session_start_limit": {"total": 1000, "remaining": 999,
                                                 "reset_after": 14400000,
                                                 "max_concurrency": 1}}, None
        if method == "GET" and parts == ["oauth2", "applications", "@me"]:
            return 200, {"id": BOT["id"], "name": "adjudicator", "icon": None,
                         "description": "", "bot_public": False,
                         "bot_require_code_grant": False, "owner": user("1", "gm-owner"),
                         "verify_key": "00" * 32, "flags": self.app_flags, "team": None,
                         "approximate_guild_count": 1,
                         "approximate_user_install_count": 0}, None
        if method == "PUT" and len(parts) == 7 and parts[0] == "channels" \
                and parts[4] == "reactions" and parts[6] == "@me":
            from urllib.parse import unquote

            self.reactions.append((parts[1], parts[3], unquote(parts[5])))
            return 204, None, None
        return None
