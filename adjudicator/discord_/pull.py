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
        #: the players known by a Discord account: their display name proves nothing
        self.accounted = {p.name for p in self.cfg.players if p.discord and p.discord.strip()}

    def _keys(self, user: Any) -> tuple[str, str]:
        return str(int(user.id)), str(user.username).casefold()

    def display(self, user: Any) -> str:
        return self.shown.get(int(user.id)) or getattr(user, "global_name", None) \
            or str(user.username)

    def player(self, user: Any) -> str | None:
        """The player this user is by the ``discord`` key, else by display name (not the
        name of a player known by another account: ``look_alike``)."""
        uid, uname = self._keys(user)
        if uid in self.accounts or uname in self.accounts:
            return self.accounts.get(uid) or self.accounts[uname]
        player = self.names.get(name_key(self.display(user)))
        return None if player in self.accounted else player

    def look_alike(self, user: Any) -> str | None:
        """The player whose name this user shows while that player is known by another
        account (anyone can take a display name), else None."""
        uid, uname = self._keys(user)
        if uid in self.accounts or uname in self.accounts or uid in self.gm_accounts \
                or uname in self.gm_accounts:
            return None
        player = self.names.get(name_key(self.display(user)))
        return player if player in self.accounted else None

    def is_gm(self, user: Any) -> bool:
        uid, uname = self._keys(user)
        return (uid in self.gm_accounts or uname in self.gm_accounts
                or name_key(self.display(user)) in self.gm_names)

    def written(self, user: Any) -> str:
        """The name the log gives this user: the player's by account, the GM's, or the
        display name as the channel shows it; a display name that is the name of a player
        known by another account is marked as this account's (「たろう（別のアカウント
        imposter）」), so that the roster does not read it as the player."""
        uid, uname = self._keys(user)
        if uid in self.accounts or uname in self.accounts:
            return self.accounts.get(uid) or self.accounts[uname]
        if (uid in self.gm_accounts or uname in self.gm_accounts) and self.cfg.gm:
            return self.cfg.gm[0]
        if self.look_alike(user) is not None:
            return f"{self.display(user)}（別のアカウント {user.username}）"
        return self.display(user)


# ------------------------------------------------------------------ fetching
@dataclass
class Unmapped:
    shown: str
    username: str
    user_id: str
    messages: int


@dataclass
class Pulled:
    """One thread as pulled, for the GM: its name, what it is (Japanese), the channel, how
    many messages it had in the window."""

    name: str
    kind: str  # "village" | "private" | "group"
    ja: str  # 「村」「たろうさんの個別チャンネル」「たろうさんとのDM」「グループ「人狼」のチャンネル」
    channel: str
    messages: int


@dataclass
class Pull:
    """What ``fetch_phase`` read: the text to store (``layout.phase_text``) and what the GM
    should know."""

    phase: str
    data: bytes
    count: int
    first: str  # message ids of the village's range
    last: str
    unmapped: list[Unmapped]
    bots: list[Unmapped] = field(default_factory=list)  # bots' posts (kept, never a player)
    threads: list[Pulled] = field(default_factory=list)  # every thread read, the village first
    warnings: list[str] = field(default_factory=list)  # DMs that could not be opened or read

    @property
    def suffix(self) -> str:
        """``.json`` (the village alone, as a pull of one channel) or ``.txt`` (threads)."""
        from .layout import suffix

        return suffix(self.data.decode("utf-8"))

    @property
    def fmt(self) -> str | None:
        """The chat format to remember: ``dce-json`` for one document, else detected."""
        return "dce-json" if self.suffix == ".json" else None


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


@dataclass
class _Channel:
    """A channel of the phase besides the village, as game.toml names it."""

    name: str  # the thread's name (a player's, a group's)
    kind: str  # "private" | "group"
    ja: str
    channel: str  # its id ("" for a DM not yet opened)
    dm_of: str | None = None  # a DM: the player's user id


def _sources(cfg: GameConfig) -> list[_Channel]:
    """The channels of a phase besides the village: each group channel of ``[discord]
    groups``, then per player their private channel (``channel``) and the bot's DM with
    them (a ``discord`` key that is a user id)."""
    out: list[_Channel] = []
    dc = cfg.discord
    for group, cid in (dc.groups.items() if dc is not None else ()):
        out.append(_Channel(group, "group", f"グループ「{group}」のチャンネル", cid))
    for p in cfg.players:
        if p.channel:
            out.append(_Channel(p.name, "private", f"{p.name}さんの個別チャンネル", p.channel))
        uid = (p.discord or "").strip()
        if uid.isdigit():
            out.append(_Channel(p.name, "private", f"{p.name}さんとのDM", "", uid))
    return out


def _floor(message_id: int) -> int:
    """The greatest id before every message sent in the same millisecond as ``message_id``
    (Discord's ids begin with their time): a window bound for the other channels."""
    return max(0, ((message_id >> 22) << 22) - 1)


async def fetch_phase(rest: Any, cfg: GameConfig, phase: str, channel: str,
                      after: str | None = None, before: str | None = None) -> Pull:
    """Read the phase's messages from the village ``channel`` (see the module's
    docstring), then, for the same window, every other channel of the phase (``_sources``)."""
    import hikari

    from .client import explain

    authors = Authors(cfg)
    try:
        ch = await rest.fetch_channel(int(channel))
        msgs, stop = await _range(rest, ch, phase, after, before, authors)
    except hikari.HikariError as e:
        raise explain(e, "Discordから読めませんでした（何も保存していません）") from None
    if not msgs:
        raise DiscordError(f"{phase} の範囲にメッセージがありません（何も保存していません）")
    _check_content(msgs)
    lo = int(after) if after is not None else _floor(int(msgs[0].id))
    hi = int(stop) if stop is not None else None
    others, warnings, me = await _others(rest, cfg, lo, hi)
    users: dict[int, Any] = {}
    for m in msgs + [m for _c, _ch, ms in others for m in ms]:
        users.setdefault(int(m.author.id), m.author)
        for u in mentioned(m):
            users.setdefault(int(u.id), u)
    guilds = [getattr(ch, "guild_id", None)] + [getattr(c, "guild_id", None)
                                                for _s, c, _m in others]
    try:
        done: set[int] = set()
        for gid in guilds:
            if gid is None or int(gid) in done:
                continue
            done.add(int(gid))
            await _names(rest, gid, {u: v for u, v in users.items() if u not in authors.shown},
                         authors)
    except hikari.HikariError as e:
        raise explain(e, "Discordから読めませんでした（何も保存していません）") from None

    def name_of(uid: int) -> str | None:
        u = users.get(uid)
        return authors.written(u) if u is not None else None

    def as_gm(user: Any) -> str:  # the bot's own posts in a 1:1 or group chat: the GM's
        if me is not None and int(user.id) == me and cfg.gm:
            return cfg.gm[0]
        return authors.written(user)

    from .layout import VILLAGE, ThreadLog, phase_text

    rows = [message_json(m, authors.written, name_of) for m in msgs]
    guild = getattr(ch, "guild_id", None)
    village = export_json((str(guild or ""), ""), (str(ch.id), str(getattr(ch, "name", "") or "")),
                          rows, after, before)
    logs = [ThreadLog(VILLAGE, "village", village)]
    pulled = [Pulled(VILLAGE, "village", "村", str(ch.id), len(rows))]
    counted = list(msgs)  # whose authors the GM is told about (not the 1:1 chats')
    for src, och, ms in others:
        people = [m for m in ms if me is None or int(m.author.id) != me]
        pulled.append(Pulled(src.name, src.kind, src.ja, str(och.id), len(ms) if people else 0))
        if not people:
            continue  # nothing but the bot's own posts (the notices `send` sent): left out
        gid = getattr(och, "guild_id", None)
        where = (str(gid), "") if gid is not None else ("0", "Direct Messages")
        data = export_json(where, (str(och.id), str(getattr(och, "name", None) or src.name)),
                           [message_json(m, as_gm, name_of) for m in ms], str(lo),
                           None if hi is None else str(hi))
        logs.append(ThreadLog(src.name, src.kind, data))
        if src.kind == "group":
            counted += people
    text = phase_text(logs)
    unmapped, bots = _unknown(counted, users, authors, me)
    return Pull(phase, text.encode("utf-8"), sum(t.messages for t in pulled), str(msgs[0].id),
                str(msgs[-1].id), unmapped, bots, pulled, warnings)


def _unknown(msgs: list[Any], users: dict[int, Any], authors: Authors,
             me: int | None) -> tuple[list[Unmapped], list[Unmapped]]:
    """The authors of ``msgs`` the roster cannot place, and the bots (the bot itself too,
    in the village)."""
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
    return unmapped, bots


async def _others(rest: Any, cfg: GameConfig, lo: int, hi: int | None
                  ) -> tuple[list[tuple[_Channel, Any, list[Any]]], list[str], int | None]:
    """Every other channel of the phase read for the window: (channel, its hikari
    channel, its messages) in ``_sources``'s order, the warnings (a DM that cannot be
    opened or read), the bot's own user id (None when there is no other channel).  A
    private or group channel that cannot be read ends the pull (nothing stored)."""
    import hikari

    from .client import explain

    sources = _sources(cfg)
    if not sources:
        return [], [], None
    try:
        me: int | None = int((await rest.fetch_my_user()).id)
    except hikari.HikariError as e:
        raise explain(e, "ボット自身の情報を読めませんでした（何も保存していません）") from None
    out: list[tuple[_Channel, Any, list[Any]]] = []
    warnings: list[str] = []
    for src in sources:
        if src.dm_of is not None:
            try:
                och = await rest.create_dm_channel(int(src.dm_of))
                ms = await _window(rest, och, lo, hi, src.ja)
            except hikari.HikariError as e:
                why = str(explain(e, f"{src.ja}を開けませんでした"))
                warnings.append(f"{why}。このDMは読まずに取り込みました")
                continue
        else:
            what = f"{src.ja}（チャンネルID {src.channel}）を読めませんでした（何も保存していません）"
            try:
                och = await rest.fetch_channel(int(src.channel))
                ms = await _window(rest, och, lo, hi, src.ja)
            except hikari.HikariError as e:
                raise explain(e, what) from None
        out.append((src, och, ms))
    return out, warnings, me


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
                 authors: Authors) -> tuple[list[Any], str | None]:
    """The phase's messages of the village channel and where the window ends: the id of
    the first message after it (``before``, or the GM's message that opens another
    phase), None when it runs up to now."""
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
                return out, str(m.id)
            out.append(m)
            if len(out) >= MAX_SCAN:
                raise DiscordError(
                    f"{phase} の範囲が{MAX_SCAN:,}件を超えました。--before に終わりのひとつ後の"
                    "メッセージIDを指定して範囲を区切ってください（何も保存していません）")
        return out, before
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
                return msgs[:k], str(m.id)
    return msgs, before


async def _window(rest: Any, ch: Any, after: int, before: int | None, what: str) -> list[Any]:
    """The messages of another channel of the phase (a private, group or DM channel)
    between the village's bounds (``after`` / ``before``: exclusive ids), oldest first."""
    import hikari

    out: list[Any] = []
    seen: set[int] = set()
    async for m in rest.fetch_messages(ch, after=hikari.Snowflake(after)):
        _check_page(m, seen, after, None)
        if before is not None and int(m.id) >= before:
            break
        out.append(m)
        if len(out) >= MAX_SCAN:
            raise DiscordError(
                f"{what}の範囲が{MAX_SCAN:,}件を超えました。--before に終わりのひとつ後の"
                "メッセージIDを指定して範囲を区切ってください（何も保存していません）")
    return out


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
    """Store the pulled text the way ``add`` stores a paste (the logs' lock, the replaced
    version kept in the history, an atomic write): the village alone as
    ``logs/<phase>.json``, a phase of several threads as ``logs/<phase>.txt``."""
    from ..cli.read import read_paste_parts
    from ..engine import LOG_SUFFIXES
    from ..fsio import store_log

    parts = read_paste_parts(pull.data, f"logs/{pull.phase}{pull.suffix}", pull.fmt, root)
    if not any(part.reading.messages for part in parts):
        raise DiscordError(f"{pull.phase} の範囲に読めるメッセージがありません（何も保存していません）")
    return store_log(root / "logs", pull.phase, pull.suffix, pull.data, LOG_SUFFIXES)


def _listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def known_ids(root: Path, cfg: GameConfig, order: list[str] | None = None) -> dict[str, str]:
    """Each player's Discord user id as the game's stored DiscordChatExporter logs show it
    (a pulled phase, each of its threads, or the GM's own export): the author whose name is the player's name
    or alias; a later phase's log wins.  ``send`` DMs these when game.toml's ``discord``
    key is no user id."""
    from ..engine import scan_logs
    from .layout import documents

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
            docs = documents(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        for m in [m for _name, doc in docs for m in _listed(doc.get("messages"))]:
            author = m.get("author") if isinstance(m, dict) else None
            if not isinstance(author, dict) or author.get("isBot"):
                continue
            shown, uid = author.get("nickname") or author.get("name"), author.get("id")
            if isinstance(shown, str) and isinstance(uid, str) and uid.isdigit():
                who = names.get(name_key(shown))
                if who is not None:
                    found[who] = uid
    return found
