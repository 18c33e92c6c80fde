"""``pull``: a phase's messages from a Discord channel, as the phase's log.

The range (Discord's ``before`` / ``after`` are exclusive, as in its API):
- ``after`` given: the messages after it, up to ``before`` if given, else up to the
  first message that opens another phase (below), else up to now;
- else: back from ``before`` (or from now) to the newest message that opens PHASE, that
  message included; without ``before``, the range ends before the first later message
  that opens another phase.

A message *opens* a phase when its author is a GM (a ``[discord] gm`` account, or a
display name that is one of ``gm``) and its first line, read with NFKC and without
spaces, is a phase heading and nothing else: ``2日目`` / ``2日目昼`` / ``【2日目】`` open
day2; ``2日目夜`` / ``2日目の夜`` / ``2夜目`` open night2; ``第3ラウンド`` / ``ラウンド3``
open round3; each may be followed by です / になりました / 開始 / 開始します / を始めます
/ スタート / が始まりました and punctuation (。！!…).  「2日目の朝に発表します」 opens
nothing.

Authors: a player whose ``discord`` key is the user's id or username is that player (the
JSON names them with the player's name); a ``[discord] gm`` account is the GM; else the
channel's display name is kept for the roster to read (names, aliases, honorifics); every
author that fits none is listed.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..config.load import GameConfig
from ..normalize import name_key
from . import DiscordError
from .dce import export_json, mentioned, message_json

MAX_SCAN = 20_000  # messages read back looking for the phase's first message

_LEAD = "【[［「『(（<＜〈《■□◆◇●○★☆=＝-―─~〜*＊_＿|｜#＃"
_TAIL = r"[】」』\]］)）>＞〉》■□◆◇●○★☆=＝\-―─~〜*＊_＿|｜]*"
_AFTER = (_TAIL + r"(?:です|になりました|開始(?:です|します)?|を?始めます|スタート|"
          r"が始まりました)?[!！。.…、,]*" + _TAIL + "$")
RE_DAY_NIGHT = re.compile(r"(\d+)日目(?:の)?(昼|夜)?" + _AFTER)
RE_NIGHT_ALT = re.compile(r"(\d+)夜目" + _AFTER)
RE_ROUND = re.compile(r"(?:第(\d+)ラウンド|ラウンド(\d+))" + _AFTER)


def heading(text: str) -> str | None:
    """The phase a GM's message opens (``day2``, ``night2``, ``round3``) or None."""
    first = unicodedata.normalize("NFKC", text.strip().split("\n", 1)[0])
    first = re.sub(r"\s+", "", first).lstrip(_LEAD)
    if m := RE_DAY_NIGHT.match(first):
        return ("night" if m[2] == "夜" else "day") + str(int(m[1]))
    if m := RE_NIGHT_ALT.match(first):
        return f"night{int(m[1])}"
    if m := RE_ROUND.match(first):
        return f"round{int(m[1] or m[2])}"
    return None


# ------------------------------------------------------------------ authors
@dataclass
class Authors:
    """Who a Discord user is in this game."""

    cfg: GameConfig
    shown: dict[int, str] = field(default_factory=dict)  # user id -> channel display name
    accounts: dict[str, str] = field(init=False)  # id or username (casefolded) -> player
    gm_accounts: set[str] = field(init=False)
    names: dict[str, str] = field(init=False)  # name_key of a name or alias -> as written
    gm_names: set[str] = field(init=False)

    def __post_init__(self) -> None:
        self.accounts = {p.discord.strip().lstrip("@").casefold(): p.name
                         for p in self.cfg.players if p.discord and p.discord.strip()}
        dc = self.cfg.discord
        self.gm_accounts = {a.strip().lstrip("@").casefold() for a in (dc.gm if dc else [])}
        self.names = {}
        for p in self.cfg.players:
            for n in (p.name, *p.aliases):
                self.names.setdefault(name_key(n), p.name)
        self.gm_names = {name_key(g) for g in self.cfg.gm}

    def _keys(self, user: Any) -> tuple[str, str]:
        return str(int(user.id)), str(user.username).casefold()

    def display(self, user: Any) -> str:
        return self.shown.get(int(user.id)) or getattr(user, "global_name", None) \
            or str(user.username)

    def player(self, user: Any) -> str | None:
        """The player this user is by the ``discord`` key, else by display name."""
        uid, uname = self._keys(user)
        if uid in self.accounts or uname in self.accounts:
            return self.accounts.get(uid) or self.accounts[uname]
        return self.names.get(name_key(self.display(user)))

    def is_gm(self, user: Any) -> bool:
        uid, uname = self._keys(user)
        return (uid in self.gm_accounts or uname in self.gm_accounts
                or name_key(self.display(user)) in self.gm_names)

    def written(self, user: Any) -> str:
        """The name the log gives this user: the player's by account, the GM's, or the
        display name as the channel shows it."""
        uid, uname = self._keys(user)
        if uid in self.accounts or uname in self.accounts:
            return self.accounts.get(uid) or self.accounts[uname]
        if (uid in self.gm_accounts or uname in self.gm_accounts) and self.cfg.gm:
            return self.cfg.gm[0]
        return self.display(user)


# ------------------------------------------------------------------ fetching
@dataclass
class Unmapped:
    shown: str
    username: str
    user_id: str
    messages: int


@dataclass
class Pull:
    """What ``fetch_phase`` read: the JSON to store and what the GM should know."""

    phase: str
    data: bytes
    count: int
    first: str  # message ids of the range
    last: str
    unmapped: list[Unmapped]
    bots: list[Unmapped] = field(default_factory=list)  # bots' posts (kept, never a player)


def _opens(msg: Any, authors: Authors) -> str | None:
    if int(msg.type) not in (0, 19):  # Default, Reply: a person's message
        return None
    if not authors.is_gm(msg.author):
        return None
    return heading(msg.content or "")


async def _names(rest: Any, guild_id: Any, users: dict[int, Any], authors: Authors) -> None:
    """Each user's server nickname (what the channel shows), where they are a member."""
    import hikari

    for uid in sorted(users):
        if guild_id is None:
            break
        try:
            member = await rest.fetch_member(guild_id, uid)
        except hikari.NotFoundError:  # left the server: the global name is what shows
            continue
        nick = getattr(member, "nickname", None)
        if nick:
            authors.shown[uid] = nick


async def fetch_phase(rest: Any, cfg: GameConfig, phase: str, channel: str,
                      after: str | None = None, before: str | None = None) -> Pull:
    """Read the phase's messages from ``channel`` (see the module's docstring)."""
    import hikari

    from .client import explain

    authors = Authors(cfg)
    try:
        ch = await rest.fetch_channel(int(channel))
        msgs = await _range(rest, ch, phase, after, before, authors)
        users: dict[int, Any] = {}
        for m in msgs:
            users.setdefault(int(m.author.id), m.author)
            for u in mentioned(m):
                users.setdefault(int(u.id), u)
        await _names(rest, getattr(ch, "guild_id", None), users, authors)
    except hikari.HikariError as e:
        raise explain(e, "Discordから読めませんでした（何も保存していません）") from None
    if not msgs:
        raise DiscordError(f"{phase} の範囲にメッセージがありません（何も保存していません）")
    _check_content(msgs)

    def name_of(uid: int) -> str | None:
        u = users.get(uid)
        return authors.written(u) if u is not None else None

    rows = [message_json(m, authors.written, name_of) for m in msgs]
    counts: dict[int, int] = {}
    for m in msgs:
        counts[int(m.author.id)] = counts.get(int(m.author.id), 0) + 1
    unmapped, bots = [], []
    for uid, n in sorted(counts.items()):
        u = users[uid]
        who = authors.player(u)
        if who is not None:
            continue
        if getattr(u, "is_bot", False):  # this connector's own posts, other bots
            bots.append(Unmapped(authors.display(u), str(u.username), str(uid), n))
        elif not authors.is_gm(u):
            unmapped.append(Unmapped(authors.display(u), str(u.username), str(uid), n))
    guild = getattr(ch, "guild_id", None)
    data = export_json((str(guild or ""), ""), (str(ch.id), str(getattr(ch, "name", "") or "")),
                       rows, after, before)
    return Pull(phase, data, len(rows), str(msgs[0].id), str(msgs[-1].id), unmapped, bots)


def _check_content(msgs: list[Any]) -> None:
    """Discord blanks the content of every message (over REST too) for a bot without the
    Message Content intent: say so rather than store a night of empty lines."""
    people = [m for m in msgs if int(m.type) in (0, 19) and not m.attachments]
    if people and not any((m.content or "").strip() for m in people):
        raise DiscordError(
            f"読んだ{len(msgs)}件のメッセージの本文がすべて空です。Discord Developer Portal の"
            "ボットの設定で Message Content Intent をオンにしてから、もう一度取り込んでください"
            "（何も保存していません）")


async def _range(rest: Any, ch: Any, phase: str, after: str | None, before: str | None,
                 authors: Authors) -> list[Any]:
    import hikari

    if after is not None:
        out: list[Any] = []
        seen: set[int] = set()
        async for m in rest.fetch_messages(ch, after=hikari.Snowflake(int(after))):
            _check_page(m, seen, int(after), None)
            if before is not None and int(m.id) >= int(before):
                break
            opened = _opens(m, authors)
            if before is None and opened is not None and opened != phase and out:
                break
            out.append(m)
            if len(out) >= MAX_SCAN:
                raise DiscordError(
                    f"{phase} の範囲が{MAX_SCAN:,}件を超えました。--before に終わりのひとつ後の"
                    "メッセージIDを指定して範囲を区切ってください（何も保存していません）")
        return out
    it = rest.fetch_messages(ch, before=hikari.Snowflake(int(before))) if before is not None \
        else rest.fetch_messages(ch)
    back: list[Any] = []
    found = False
    seen_back: set[int] = set()
    async for m in it:
        _check_page(m, seen_back, None, int(before) if before is not None else None)
        back.append(m)
        if _opens(m, authors) == phase:
            found = True
            break
        if len(back) >= MAX_SCAN:
            break
    if not found:
        _check_content(back)
        raise DiscordError(
            f"{phase} を始めるGMのメッセージ（例「{_example(phase)}」）が見つかりません"
            f"（{len(back)}件さかのぼりました）。--after に始まりのひとつ前のメッセージIDを"
            "指定してください（何も保存していません）")
    msgs = list(reversed(back))
    if before is None:
        for k, m in enumerate(msgs[1:], 1):
            opened = _opens(m, authors)
            if opened is not None and opened != phase:
                return msgs[:k]
    return msgs


def _check_page(m: Any, seen: set[int], after: int | None, before: int | None) -> None:
    """A message of a page must be new and inside the range asked for: a server that
    answers the same page again (or ignores ``after`` / ``before``) would be paged through
    forever."""
    mid = int(m.id)
    if mid in seen or (after is not None and mid <= after) or (before is not None
                                                               and mid >= before):
        raise DiscordError("Discordが同じメッセージを繰り返し返しました（ページが進みません）。"
                           "しばらくしてからもう一度実行してください（何も保存していません）")
    seen.add(mid)


def _example(phase: str) -> str:
    kind = phase.rstrip("0123456789")
    n = phase[len(kind):]
    return {"day": f"{n}日目", "night": f"{n}日目夜", "round": f"第{n}ラウンド"}.get(kind, phase)


# ------------------------------------------------------------------ storing
def store_pull(root: Path, pull: Pull) -> Any:
    """Store the pulled JSON as ``logs/<phase>.json`` the way ``add`` stores a paste (the
    logs' lock, the replaced version kept in the history, an atomic write)."""
    from ..cli.read import read_paste
    from ..engine import LOG_SUFFIXES
    from ..fsio import store_log

    lines = read_paste(pull.data, f"logs/{pull.phase}.json", "dce-json", root).messages
    if not lines:
        raise DiscordError(f"{pull.phase} の範囲に読めるメッセージがありません（何も保存していません）")
    stored = store_log(root / "logs", pull.phase, ".json", pull.data, LOG_SUFFIXES)
    return stored


def known_ids(root: Path, cfg: GameConfig, order: list[str] | None = None) -> dict[str, str]:
    """Each player's Discord user id as the game's stored DiscordChatExporter logs show it
    (a pulled phase, or the GM's own export): the author whose name is the player's name
    or alias; a later phase's log wins.  ``send`` DMs these when game.toml's ``discord``
    key is no user id."""
    from ..engine import scan_logs

    names: dict[str, str] = {}
    for p in cfg.players:
        for n in (p.name, *p.aliases):
            names.setdefault(name_key(n), p.name)
    for t in cfg.teams:  # Trap Word: the players are the teams' members
        for n in t.members:
            names.setdefault(name_key(n), n)
    found: dict[str, str] = {}
    logs, _broken, _problems = scan_logs(root)
    rank = {pid: k for k, pid in enumerate(order or [])}
    for _pid, path in sorted(logs.items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0])):
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        messages = doc.get("messages") if isinstance(doc, dict) else None
        for m in messages if isinstance(messages, list) else []:
            author = m.get("author") if isinstance(m, dict) else None
            if not isinstance(author, dict) or author.get("isBot"):
                continue
            shown, uid = author.get("nickname") or author.get("name"), author.get("id")
            if isinstance(shown, str) and isinstance(uid, str) and uid.isdigit():
                who = names.get(name_key(shown))
                if who is not None:
                    found[who] = uid
    return found
