"""Discord messages as DiscordChatExporter's JSON export (the shape ``chatlog`` reads as
``dce-json``): the readers already know it, so a pulled phase is read exactly as a GM's
own export of the channel would be.

What DiscordChatExporter does and this keeps:
- ``timestamp`` / ``timestampEdited`` in the exporting machine's offset: here always
  Japan time (``+09:00``), so a message sent at 00:10 JST is dated the next day;
- ``author``: ``id``, ``name`` (the username), ``nickname`` (what the channel shows: the
  server nickname, else the global display name, else the username), ``isBot``;
- ``type``: Discord's message type in PascalCase (``Default``, ``Reply``,
  ``ChannelPinnedMessage``…); a reply keeps ``reference.messageId``;
- ``content`` with mentions written as the channel shows them (``<@123>`` -> ``@たろう``,
  ``<:ok:456>`` -> ``:ok:``), ``mentions``, ``attachments`` (file name, size, URL).

One difference, on purpose: a Discord user mapped to a player (``discord = "…"`` in
game.toml) is written with the player's name as ``nickname`` and in mentions, so the
roster reads them however they are called on Discord.  The JSON is written with sorted
messages and no export time, so the same messages give the same bytes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta, timezone
from typing import Any

JST = timezone(timedelta(hours=9), "JST")
RE_USER = re.compile(r"<@!?(\d+)>")
RE_ROLE = re.compile(r"<@&(\d+)>")
RE_CHANNEL = re.compile(r"<#(\d+)>")
RE_EMOJI = re.compile(r"<a?:(\w+):\d+>")
RE_STAMP = re.compile(r"<t:(-?\d+)(?::[tTdDfFR])?>")


def jst(when: datetime | None) -> str | None:
    """``2026-03-01T21:00:00.000+09:00`` (DiscordChatExporter's form, in Japan time)."""
    if when is None:
        return None
    return when.astimezone(JST).isoformat(timespec="milliseconds")


def kind(message_type: Any) -> str:
    """hikari's ``MessageType.CHANNEL_PINNED_MESSAGE`` -> ``ChannelPinnedMessage``."""
    name = getattr(message_type, "name", None)
    if not isinstance(name, str):
        return str(int(message_type))
    return "".join(part.capitalize() for part in name.split("_"))


def render_content(text: str, name_of: Callable[[int], str | None]) -> str:
    """Mentions as the Discord client shows them (DiscordChatExporter does the same)."""
    def user(m: re.Match[str]) -> str:
        name = name_of(int(m[1]))
        return f"@{name}" if name else "@unknown-user"

    text = RE_USER.sub(user, text)
    text = RE_ROLE.sub("@role", text)
    text = RE_CHANNEL.sub("#channel", text)
    text = RE_EMOJI.sub(r":\1:", text)
    return RE_STAMP.sub(lambda m: datetime.fromtimestamp(int(m[1]), JST)
                        .strftime("%Y/%m/%d %H:%M"), text)


def author_json(user: Any, shown: str) -> dict[str, Any]:
    return {"id": str(user.id), "name": user.username,
            "discriminator": str(getattr(user, "discriminator", "0") or "0"),
            "nickname": shown, "isBot": bool(getattr(user, "is_bot", False))}


def mentioned(msg: Any) -> list[Any]:
    """The users a message mentions (hikari: a mapping of id -> user, or undefined)."""
    mentions: Any = getattr(msg, "user_mentions", None)
    return list(mentions.values()) if hasattr(mentions, "values") else []


def message_json(msg: Any, shown_of: Callable[[Any], str],
                 name_of: Callable[[int], str | None]) -> dict[str, Any]:
    """One hikari ``Message`` as DiscordChatExporter writes it."""
    users = mentioned(msg)
    out: dict[str, Any] = {
        "id": str(msg.id),
        "type": kind(msg.type),
        "timestamp": jst(msg.timestamp),
        "timestampEdited": jst(msg.edited_timestamp),
        "isPinned": bool(getattr(msg, "is_pinned", False)),
        "content": render_content(msg.content or "", name_of),
        "author": author_json(msg.author, shown_of(msg.author)),
        "attachments": [{"id": str(a.id), "url": a.url, "fileName": a.filename,
                         "fileSizeBytes": int(a.size)} for a in msg.attachments],
        "mentions": [author_json(u, shown_of(u)) for u in sorted(users, key=lambda u: int(u.id))],
    }
    ref = getattr(msg, "message_reference", None)
    if ref is not None and getattr(ref, "id", None) is not None:
        out["reference"] = {"messageId": str(ref.id), "channelId": str(ref.channel_id),
                            "guildId": str(ref.guild_id) if ref.guild_id else None}
    return out


def export_json(guild: tuple[str, str], channel: tuple[str, str],
                messages: Sequence[dict[str, Any]], after: str | None,
                before: str | None) -> bytes:
    """The whole export: ``{"guild", "channel", "dateRange", "messages", "messageCount"}``."""
    doc = {
        "guild": {"id": guild[0], "name": guild[1]},
        "channel": {"id": channel[0], "type": "GuildTextChat", "name": channel[1]},
        "dateRange": {"after": after, "before": before},
        "messages": sorted(messages, key=lambda m: int(m["id"])),
        "messageCount": len(messages),
    }
    return (json.dumps(doc, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
