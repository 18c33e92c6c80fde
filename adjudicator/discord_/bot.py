"""``adjudicator bot``: the bot's own logic, without the gateway (plain classes a test
drives message by message; ``gateway.py`` is the thin hikari glue around them).

- ``Places``: which of the game's threads (input.thread) a Discord channel is: the
  village (``[discord] channel``), a player's private channel (``[[players]] channel``),
  a group's channel (``[discord] groups``), a DM with the bot (that player's 1:1 chat),
  or the GM's controls (``[discord] gm_channel``, or a GM account's DM with the bot).
- ``PhaseLog``: the open phase's threads in memory, each message keyed by its Discord
  id, stored after every change through ``fsio.store_log`` (the logs' lock and atomic
  write ``add`` uses): a message seen twice is stored once, an edit keeps the earlier
  text in the log's history, a delete is kept as a taken-back message (input.unsent).
- ``Answered``: the ids of the messages already answered (``GAME/discord/answered.json``,
  written atomically after each answer), so a restart answers what was stored but not
  answered, and nothing twice.
- ``BotCore``: what to store, what to answer and where (``Post`` / ``React`` for the
  glue to do), the open phase following the GM's headings in the village
  (``pull.heading``), and the GM's controls (集計, 締め切り, 朝 then 送信, the day's
  reminder).

Trust: a receipt goes to the player's own place only (their private channel, or a DM
to their account), never to the village and never to an author the roster does not
know by account; a message from someone not on the roster is stored (as the chat
shows it) and never answered.  A public day vote gets a reaction, not a reply.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from ..config.load import GameConfig
from ..rooms import Thread
from .dce import JST, author_json, jst, render_content
from .pull import Authors, heading

#: the GM's controls, as typed (NFKC, spaces removed) -> what they do
CONTROLS = {"集計": "status", "途中集計": "status", "締め切り": "close", "締切": "close",
            "しめきり": "close", "朝": "morning", "送信": "confirm", "確認": "status"}
#: the line stored in the village when the GM closes the phase from the controls: the
#: deadline word the reader knows (gm_words.DEADLINE_RE)
DEADLINE_LINE = "締め切り"
GM = "gm"  # Places.of: the GM's controls


# ------------------------------------------------------------------ what the bot sees
@dataclass(frozen=True, slots=True)
class User:
    """A Discord user as the bot knows one (the fields ``pull.Authors`` reads)."""

    id: int
    username: str
    global_name: str | None = None
    is_bot: bool = False
    discriminator: str = "0"


@dataclass(frozen=True, slots=True)
class Msg:
    """A message as the gateway or a REST page gives it."""

    id: int
    channel: int
    author: User
    text: str
    time: datetime
    edited: datetime | None = None
    dm: bool = False  # a DM with the bot
    nick: str | None = None  # the author's server nickname, when the event carries it
    mentions: tuple[User, ...] = ()
    reply_to: int | None = None


# ------------------------------------------------------------------ what the glue does
@dataclass(frozen=True, slots=True)
class Post:
    """A message to send: to ``channel``, else a DM to ``user`` (``fallback``: the
    channel to use when the DM is refused); ``gm``: a line for the GM (the GM's
    channel, else the console).  ``about``: the message answered (its nonce, and the
    key ``Answered`` records once it is sent)."""

    text: str
    channel: int | None = None
    user: int | None = None
    fallback: int | None = None
    about: str = ""
    gm: bool = False


@dataclass(frozen=True, slots=True)
class React:
    channel: int
    message: int
    emoji: str
    about: str = ""


@dataclass(frozen=True, slots=True)
class SendMorning:
    """The GM confirmed 朝: send the phase's posts through ``send`` (sent.json)."""

    phase: str
    about: str = ""


Out = Post | React | SendMorning


# ------------------------------------------------------------------ places
class Places:
    """Which thread a channel is (see the module's docstring)."""

    def __init__(self, cfg: GameConfig) -> None:
        from ..config.load import WOLVES_WORDS
        from ..threads import WOLVES, wolves

        dc = cfg.discord
        self.cfg = cfg
        self.village = int(dc.channel) if dc and dc.channel else None
        self.gm_channel = int(dc.gm_channel) if dc and dc.gm_channel else None
        self.channels: dict[int, Thread] = {}
        if self.village is not None:
            self.channels[self.village] = Thread("", "village")
        for p in cfg.players:
            if p.channel:
                self.channels[int(p.channel)] = Thread(p.name, "private", p.name)
        for name, cid in (dc.groups if dc else {}).items():
            if name in WOLVES_WORDS:
                self.channels[int(cid)] = Thread(name, "group", None, wolves(cfg), WOLVES)
            else:
                members = tuple(cfg.threads.groups.get(name, ()))
                self.channels[int(cid)] = Thread(name, "group", None, members, name)
        self.private = {p.name: int(p.channel) for p in cfg.players if p.channel}
        self.authors = Authors(cfg)

    def by_account(self, user: Any) -> str | None:
        """The player a user is by the ``discord`` key only (never by a display name,
        which anyone can take)."""
        uid, uname = str(int(user.id)), str(user.username).casefold()
        acc = self.authors.accounts
        return acc.get(uid) or acc.get(uname)

    def gm_account(self, user: Any) -> bool:
        uid, uname = str(int(user.id)), str(user.username).casefold()
        return uid in self.authors.gm_accounts or uname in self.authors.gm_accounts

    def of(self, msg: Msg) -> Thread | str | None:
        """The thread of ``msg``, ``GM`` for the GM's controls, None: not the game's."""
        if msg.channel == self.gm_channel:
            return GM if self.gm_account(msg.author) else None
        if msg.dm:
            if self.gm_account(msg.author):
                return GM
            player = self.by_account(msg.author)
            if player is not None:
                return Thread(player, "private", player)
            return Thread(self._shown(msg), "group", None, ())  # a stranger's DM: GM-only
        return self.channels.get(msg.channel)

    def _shown(self, msg: Msg) -> str:
        return msg.nick or msg.author.global_name or msg.author.username

    def written(self, msg: Msg) -> str:
        """The name the log gives the author (``pull.Authors.written``: a look-alike of a
        player known by account is marked as the other account's)."""
        if msg.nick:
            self.authors.shown[int(msg.author.id)] = msg.nick
        return self.authors.written(msg.author)

    def home(self, player: str, user: int | None) -> tuple[int | None, int | None]:
        """Where a receipt for ``player`` goes: (channel, DM user), the player's private
        channel first, else a DM to their account."""
        ch = self.private.get(player)
        if ch is not None:
            return ch, None
        acct = next((p.discord.strip() for p in self.cfg.players
                     if p.name == player and p.discord), "")
        if acct.isdigit():
            return None, int(acct)
        return None, user


# ------------------------------------------------------------------ the phase's log
def row(msg: Msg, written: str, places: Places) -> dict[str, Any]:
    """One message as a DiscordChatExporter JSON row (``dce.message_json``'s shape)."""
    def name_of(uid: int) -> str | None:
        u = next((m for m in msg.mentions if int(m.id) == uid), None)
        return places.authors.written(u) if u is not None else None

    out: dict[str, Any] = {
        "id": str(msg.id), "type": "Reply" if msg.reply_to else "Default",
        "timestamp": jst(msg.time), "timestampEdited": jst(msg.edited), "isPinned": False,
        "content": render_content(msg.text, name_of),
        "author": author_json(msg.author, written), "attachments": [],
        "mentions": [author_json(u, places.authors.written(u)) for u in msg.mentions],
    }
    if msg.reply_to:
        out["reference"] = {"messageId": str(msg.reply_to), "channelId": str(msg.channel),
                            "guildId": None}
    return out


@dataclass(eq=False)
class Chat:
    """One thread of the open phase in memory: its thread, its channel (the key: a
    player's private channel and their DM are two chats of one 1:1 thread) and its
    messages by id.

    Its document's bytes are kept by parts (``layout.heads``/``piece``/``document``):
    each message's piece serialized once, when it is put, in the document's order, so a
    new message costs its own serialization and a join, never the chat re-written."""

    thread: Thread
    channel: str
    rows: dict[str, dict[str, Any]] = field(default_factory=dict)
    # the document by parts, in its order (ids, their numbers, their pieces, and the
    # pieces joined: None to join again); ``_ids`` None: to be built from ``rows`` (a
    # chat read back, or merged with a log stored meanwhile)
    _ids: list[str] | None = field(default=None, repr=False)
    _keys: list[int] = field(default_factory=list, repr=False)
    _pieces: list[bytes] = field(default_factory=list, repr=False)
    _body: bytearray | None = field(default=None, repr=False)
    _heads: tuple[bytes, bytes] | None = field(default=None, repr=False)

    def put(self, r: dict[str, Any]) -> None:
        """Add or replace message ``r`` (keyed by its id): its piece serialized, and
        added to the end of the body when it is the last (a message as it comes)."""
        from bisect import bisect_left, bisect_right

        from .layout import piece

        mid = str(r["id"])
        new = mid not in self.rows
        self.rows[mid] = r
        if self._ids is None:
            return
        k, p = int(mid), piece(r)
        if new:  # after every message of a lesser or the same number (a stable sort)
            i = bisect_right(self._keys, k)
            self._ids.insert(i, mid)
            self._keys.insert(i, k)
            self._pieces.insert(i, p)
            if i == len(self._pieces) - 1 and self._body is not None:
                self._body += b",\n" + p if i else p
                return
        else:
            i = bisect_left(self._keys, k)
            while self._ids[i] != mid:
                i += 1
            self._pieces[i] = p
        self._body = None

    def reset(self) -> None:
        """``rows`` changed from outside: the parts are built again when next needed."""
        self._ids = None

    def parts(self, declared: bool = False) -> list[bytes | bytearray]:
        """The chat's DiscordChatExporter JSON document (``dce.export_json``'s bytes) as
        parts to join (``layout.document``); ``declared``: with its thread entry
        (``layout.phase_text``'s form)."""
        from .layout import document, heads, piece

        if self._heads is None:
            where = ("", "") if self.thread.kind != "private" else ("0", "Direct Messages")
            self._heads = heads(where, (self.channel, self.name), self.name,
                                self.thread.kind)
        if self._ids is None:  # ``dce.export_json``'s order: by number, stable
            self._ids = sorted(self.rows, key=int)
            self._keys = [int(mid) for mid in self._ids]
            self._pieces = [piece(self.rows[mid]) for mid in self._ids]
            self._body = None
        if self._body is None:
            self._body = bytearray(b",\n".join(self._pieces))
        return document(self._heads[declared], self._body, len(self._pieces))

    def document(self, declared: bool = False) -> bytes:
        """``parts`` joined."""
        return b"".join(self.parts(declared))

    @property
    def name(self) -> str:
        """The thread's name in the layout (``layout.VILLAGE``, a player's, a group's)."""
        from .layout import VILLAGE

        if self.thread.kind == "village":
            return VILLAGE
        if self.thread.kind == "private":
            return self.thread.player or self.thread.name
        return self.thread.name

    def last(self) -> str | None:
        return max(self.rows, key=int) if self.rows else None


def ordered(chats: Iterable[Chat]) -> list[Chat]:
    """The chats in the stored log's order: the village first."""
    return sorted(chats, key=lambda c: c.thread.kind != "village")


def dump(chats: Iterable[Chat]) -> str:
    """The phase's chats as the stored log's text, re-written whole (``layout.phase_text``
    over ``dce.export_json``'s documents): what ``encoded`` gives byte for byte."""
    from .dce import export_json
    from .layout import ThreadLog, phase_text

    logs = []
    for c in ordered(chats):
        where = ("", "") if c.thread.kind != "private" else ("0", "Direct Messages")
        data = export_json(where, (c.channel, c.name), list(c.rows.values()), None, None)
        logs.append(ThreadLog(c.name, c.thread.kind, data))
    return phase_text(logs)


def encoded(chats: Iterable[Chat]) -> bytes:
    """``dump(chats)`` encoded, joined from each chat's kept parts (``layout.joined``):
    what storing one more message costs does not grow with the phase."""
    from .layout import joined

    return joined([(c.name, c.thread.kind, len(c.rows), c.parts) for c in ordered(chats)])


def load(text: str, places: Places) -> list[Chat]:
    """A stored log of the layout back as chats (``layout.documents``)."""
    from .layout import VILLAGE, documents

    out: list[Chat] = []
    for name, doc in documents(text):
        declared = doc.get("thread")
        kind = declared.get("kind") if isinstance(declared, dict) else None
        kind = kind or ("village" if name == VILLAGE else "group")
        cid = str(doc["channel"]["id"])
        thread = places.channels.get(int(cid)) if cid.isdigit() else None
        if thread is None or thread.kind != kind:
            if kind == "village":
                thread = Thread("", "village")
            elif kind == "private":
                thread = Thread(name, "private", name)
            else:
                thread = Thread(name, "group", None, (), name)
        rows = doc["messages"]
        out.append(Chat(thread, cid, {str(r["id"]): r for r in rows}))
    return out


class PhaseLog:
    """The open phase's chats, stored after every change (see the module's docstring)."""

    def __init__(self, root: Path, phase: str, places: Places) -> None:
        self.root, self.phase, self.places = root, phase, places
        self.chats: dict[str, Chat] = {}  # key: the channel
        self.where: dict[str, str] = {}  # message id -> channel
        self._written: bytes | None = None
        self.load()

    def _stored(self) -> Path | None:
        from ..engine import LOG_SUFFIXES

        found = [p for p in sorted((self.root / "logs").glob(f"{self.phase}.*"))
                 if p.stem == self.phase and p.suffix.lower() in LOG_SUFFIXES]
        return found[0] if len(found) == 1 else None

    def load(self) -> None:
        path = self._stored()
        if path is None:
            return
        data = path.read_bytes()
        self._take(self._read(data, path.name))
        self._written = data

    def _read(self, data: bytes, shown: str) -> list[Chat]:
        from . import DiscordError

        try:
            chats = load(data.decode("utf-8"), self.places)
        except (ValueError, KeyError, TypeError, UnicodeDecodeError):
            chats = []
        if not chats and data.strip():
            raise DiscordError(f"{self.phase} のログ（{shown}）はDiscordから取り込んだ形ではない"
                               "ため、ボットは書き足せません。そのログを別の名前に移すか、"
                               "`adjudicator discord pull` で取り込み直してから起動してください")
        return chats

    def _take(self, chats: list[Chat]) -> None:
        self.chats = {c.channel: c for c in chats}
        self.where = {mid: c.channel for c in chats for mid in c.rows}

    def __contains__(self, mid: object) -> bool:
        return str(mid) in self.where

    def get(self, mid: str) -> dict[str, Any] | None:
        ch = self.where.get(mid)
        return self.chats[ch].rows.get(mid) if ch is not None else None

    def thread_of(self, mid: str) -> Thread | None:
        ch = self.where.get(mid)
        return self.chats[ch].thread if ch is not None else None

    def ordered(self) -> list[tuple[Thread, int, dict[str, Any]]]:
        """Every stored message with its thread and channel, oldest first (Discord's ids
        grow with time)."""
        rows = [(c.thread, int(c.channel), r) for c in self.chats.values()
                for r in c.rows.values()]
        return sorted(rows, key=lambda tr: int(tr[2]["id"]))

    def last_ids(self) -> dict[str, str]:
        """Each chat's channel -> the last message id stored (the catch-up's start)."""
        return {ch: last for ch, c in self.chats.items() if (last := c.last()) is not None}

    def put(self, thread: Thread, channel: int, r: dict[str, Any], keep: bool = False) -> None:
        """Add or replace row ``r`` and store; ``keep``: the replaced log goes to the
        history (an edit or a delete: the earlier text is never lost)."""
        key = str(channel)
        c = self.chats.get(key)
        if c is None:
            c = self.chats[key] = Chat(thread, key)
        c.put(r)
        self.where[str(r["id"])] = key
        self._store(keep)

    def _store(self, keep: bool) -> None:
        from ..engine import LOG_SUFFIXES
        from ..fsio import store_log
        from .layout import suffix

        mine = encoded(self.chats.values())
        final = [mine]

        def merged(stored: bytes) -> bytes:
            if stored == self._written:  # nobody else wrote it since: ours is whole
                return mine
            # someone else stored this phase meanwhile (``add``, ``discord pull``): every
            # message of both is kept, ours on top
            theirs = {c.channel: c for c in self._read(stored, self.phase)}
            for ch, c in self.chats.items():
                theirs.setdefault(ch, Chat(c.thread, ch)).rows.update(c.rows)
            for c in theirs.values():
                c.reset()
            self._take(list(theirs.values()))
            final[0] = encoded(self.chats.values())
            return final[0]

        store_log(self.root / "logs", self.phase, suffix(mine[:8].decode("utf-8", "ignore")), mine,
                  LOG_SUFFIXES, append=merged, keep=keep)
        self._written = final[0]


# ------------------------------------------------------------------ answered ids
class Answered:
    """The ids of the messages answered, per phase (``discord/answered.json``)."""

    def __init__(self, root: Path) -> None:
        self.path = root / "discord" / "answered.json"
        try:
            doc = json.loads(self.path.read_text(encoding="utf-8"))
            self.ids: dict[str, list[str]] = {str(k): [str(x) for x in v]
                                              for k, v in doc["phases"].items()}
        except FileNotFoundError:
            self.ids = {}
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            from . import DiscordError

            raise DiscordError(f"{self.path} が壊れていて読めません。中身を確かめてください"
                               "（消すと、保存済みのメッセージにもう一度返事をします）") from None
        self.seen = {k: set(v) for k, v in self.ids.items()}

    def __call__(self, phase: str, key: str) -> bool:
        return key in self.seen.get(phase, ())

    def add(self, phase: str, key: str) -> None:
        from ..fsio import write_atomic

        if self(phase, key):
            return
        self.ids.setdefault(phase, []).append(key)
        self.seen.setdefault(phase, set()).add(key)
        self.path.parent.mkdir(exist_ok=True)
        write_atomic(self.path, json.dumps({"phases": self.ids}, ensure_ascii=False) + "\n")


# ------------------------------------------------------------------ the bot
def _word(text: str) -> str:
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text)).strip("。！!")


def _receipts_factory(root: Path, phase: str) -> Any:
    from ..receipts import Receipts

    return Receipts(root, phase)


def _incoming(thread: Thread, author: str, text: str, time: str, mid: str) -> Any:
    from ..receipts import Incoming

    return Incoming(thread, author, text, time, mid)


@dataclass
class BotState:
    """What survives a restart besides the log (``discord/bot.json``)."""

    phase: str | None = None
    opened: str | None = None  # the heading's message id
    closed: bool = False
    deadline: str | None = None  # "21:30", from the GM's village lines
    reminded: bool = False
    confirm: str | None = None  # the phase whose 朝 waits for the GM's 送信

    @classmethod
    def load(cls, root: Path) -> BotState:
        try:
            doc = json.loads((root / "discord" / "bot.json").read_text(encoding="utf-8"))
            return cls(**{k: doc.get(k) for k in cls.__dataclass_fields__})
        except (OSError, ValueError, TypeError):
            return cls()

    def save(self, root: Path) -> None:
        from ..fsio import write_atomic

        (root / "discord").mkdir(exist_ok=True)
        write_atomic(root / "discord" / "bot.json",
                     json.dumps(self.__dict__, ensure_ascii=False, sort_keys=True) + "\n")


class BotCore:
    """The bot's decisions (see the module's docstring).  ``on_*`` return what to do;
    the glue does it and calls ``done(out)`` for each answer it delivered."""

    def __init__(self, root: Path, cfg: GameConfig | None = None, me: int = 0,
                 receipts: Callable[[Path, str], Any] = _receipts_factory,
                 incoming: Callable[..., Any] = _incoming) -> None:
        from ..config.load import load_config

        self.root = Path(root)
        self.cfg = cfg if cfg is not None else load_config(self.root / "game.toml")
        self.me = me  # the bot's own user id: its posts are neither stored nor answered
        self.places = Places(self.cfg)
        self.make_receipts, self.incoming = receipts, incoming
        self.answered = Answered(self.root)
        self.state = BotState.load(self.root)
        self.log: PhaseLog | None = None
        self.receipts: Any = None
        self.reply_to: int | None = None  # the channel of the GM's last control

    # ------------------------------------------------------------ the phase
    @property
    def phase(self) -> str | None:
        return self.state.phase

    def start(self) -> list[Out]:
        """After a (re)start: the open phase's log read back, its receipts' state
        rebuilt, and the answers stored but never sent (a crash between the two)."""
        if self.state.phase is None:
            return []
        return self._open(self.state.phase, replay=True)

    def _open(self, phase: str, replay: bool) -> list[Out]:
        self.log = PhaseLog(self.root, phase, self.places)
        try:
            self.receipts = self.make_receipts(self.root, phase)
        except Exception as e:  # noqa: BLE001 - the night is still stored, and the GM told
            from ..phases import phase_label

            self.receipts = None
            why = getattr(e, "ja", None) or str(e)
            return [self._gm(f"{phase_label(phase)}の受付を返せません（発言の保存は続けます）："
                             f"{why}", f"open:{phase}")]
        owed: list[Out] = []
        for thread, channel, r in self.log.ordered():
            outs = self._take(thread, r, channel)
            owed += [o for o in outs if not self.answered(phase, o.about)]
        return owed if replay else []

    def open(self, phase: str, heading_id: str) -> list[Out]:
        """The GM's heading opened ``phase``: its log and receipts from now on."""
        if self.state.phase == phase:
            return []
        self.state = BotState(phase=phase, opened=heading_id)
        self.state.save(self.root)
        self.reply_to = None
        return [o for o in self._open(phase, replay=False) if isinstance(o, Post) and o.gm]

    # ------------------------------------------------------------ messages
    def on_create(self, msg: Msg) -> list[Out]:
        if int(msg.author.id) == self.me and self.me:
            return []
        where = self.places.of(msg)
        if where is None:
            return []
        if where == GM:
            return self._control(msg)
        assert isinstance(where, Thread)
        if where.kind == "village" and self.places.authors.is_gm(msg.author) \
                and self.places.gm_account(msg.author):
            opened = heading(msg.text)
            if opened is not None and opened != self.phase:
                told = self.open(opened, str(msg.id))
                return told + self._store(msg, where)
        return self._store(msg, where)

    def _store(self, msg: Msg, where: Thread) -> list[Out]:
        if self.log is None or str(msg.id) in self.log:
            return []
        if self.state.opened is not None and msg.id < int(self.state.opened):
            return []  # a message from before the phase's heading
        if where.kind == "village" and self.places.authors.is_gm(msg.author):
            from ..status import announced_deadline

            if (found := announced_deadline(msg.text)) is not None:
                self.state.deadline = found
                self.state.save(self.root)
        r = row(msg, self._written(msg, where), self.places)
        self.log.put(where, msg.channel, r)
        return self._take(where, r, msg.channel)

    def on_edit(self, msg: Msg) -> list[Out]:
        where = self.places.of(msg)
        if self.log is None or not isinstance(where, Thread):
            return []
        old = self.log.get(str(msg.id))
        if old is None:
            return self.on_create(msg)
        if old.get("content") == msg.text and old.get("type") != "Deleted":
            return []  # an embed added, a pin: not a change of text
        r = row(msg, str(old["author"]["nickname"]), self.places)
        r["timestampEdited"] = jst(msg.edited or msg.time)
        r["timestamp"] = old["timestamp"]
        self.log.put(where, msg.channel, r, keep=True)
        return self._take(where, r, msg.channel)

    def on_delete(self, channel: int, mid: int) -> list[Out]:
        """A message taken back (input.unsent): kept in the log as a taken-back line
        (its text under ``deletedContent``), read as no command."""
        if self.log is None:
            return []
        old = self.log.get(str(mid))
        thread = self.log.thread_of(str(mid))
        if old is None or thread is None or old.get("type") == "Deleted":
            return []
        who = old["author"].get("nickname") or old["author"].get("name")
        r = dict(old, type="Deleted", deletedContent=old.get("content", ""),
                 content=f"{who}がメッセージの送信を取り消しました")
        self.log.put(thread, channel, r, keep=True)
        return []

    def _written(self, msg: Msg, where: Thread) -> str:
        if where.kind == "private" and where.player and not self.places.authors.is_gm(msg.author):
            return where.player  # input.thread.owner
        return self.places.written(msg)

    def _take(self, thread: Thread, r: dict[str, Any], channel: int) -> list[Out]:
        """Feed one stored row to the receipts; the answers it calls for."""
        if self.receipts is None or r.get("type") == "Deleted":
            return []
        author = r["author"]
        key = r["id"] + (f"@{r['timestampEdited']}" if r.get("timestampEdited") else "")
        got = self.receipts.take(self.incoming(thread, str(author.get("nickname") or ""),
                                               r.get("content", ""), r["timestamp"], r["id"]))
        if got is None or author.get("isBot"):
            return []
        if got.player is None:  # not on the roster: nothing of the game, ever
            if got.kind == "unknown_speaker" and channel not in self.places.channels \
                    and thread.kind == "group" and not thread.members:
                return [Post(got.text, channel, about=key)]  # their own DM with the bot
            return []
        player = self._answerable(thread, r)
        if player is None or got.player != player:
            return []
        outs: list[Out] = []
        if got.react and thread.kind == "village":
            outs.append(React(channel, int(r["id"]), got.react, key + ":react"))
        text = got.text or (got.detail if got.react else "")
        if text:
            here, user = self._place_for(player, thread, channel, int(author["id"]))
            fallback = self.places.private.get(player) if user is not None else None
            outs.append(Post(text, here, user, fallback, key))
        return outs

    def _answerable(self, thread: Thread, r: dict[str, Any]) -> str | None:
        """The player an answer may go to: known by account, or the owner of the
        private channel it was written in; None for anyone else (never answered)."""
        user = User(int(r["author"]["id"]), str(r["author"].get("name") or ""))
        by_account = self.places.by_account(user)
        if self.places.gm_account(user):
            return None
        if thread.kind == "private" and thread.player:
            return thread.player if by_account in (None, thread.player) else None
        return by_account

    def _place_for(self, player: str, thread: Thread, channel: int,
                   author: int) -> tuple[int | None, int | None]:
        """The same private place when the command came from one, else the player's."""
        if thread.kind == "private" and thread.player == player:
            if channel in self.places.channels:
                return channel, None
            return None, author  # their DM with the bot
        return self.places.home(player, author)

    def done(self, out: Out) -> None:
        """The glue delivered ``out``: never again."""
        if self.phase is not None and out.about:
            self.answered.add(self.phase, out.about)

    # ------------------------------------------------------------ the GM's controls
    def _gm(self, text: str, about: str) -> Post:
        """A line for the GM: where the control came from (the GM's channel, or the GM's
        DM with the bot), else the GM's channel, else the console."""
        return Post(text, self.reply_to or self.places.gm_channel, None, None, about, gm=True)

    def _control(self, msg: Msg) -> list[Out]:
        what = CONTROLS.get(_word(msg.text))
        about = f"gm:{msg.id}"
        self.reply_to = msg.channel
        if what is None or (self.phase is not None and self.answered(self.phase, about)):
            return []
        if self.phase is None or self.log is None:
            return [self._gm("まだフェーズが始まっていません（村のチャンネルでGMが「1日目夜」"
                             "のように書くと始まります）", about)]
        if what == "status":
            return [self._gm(part, about) for part in self._status_text()]
        if what == "close":
            return self._close(msg, about)
        if what == "morning":
            return self._morning(about)
        if what == "confirm":
            if self.state.confirm != self.phase:
                return [self._gm("送るものを先に「朝」で見てください", about)]
            return [SendMorning(self.phase, about)]
        return []

    def _status_text(self) -> list[str]:
        from ..phases import phase_label
        from ..status import gm_text, phase_status
        from .send import split_message

        assert self.phase is not None
        try:
            st = phase_status(self.root, self.phase, deadline=self.state.deadline)
        except Exception as e:  # noqa: BLE001 - the GM is told, the bot keeps running
            return [f"途中集計できませんでした：{getattr(e, 'ja', None) or e}"]
        return split_message(gm_text(st, phase_label(self.phase)))

    def _close(self, msg: Msg, about: str) -> list[Out]:
        """締め切り: a GM deadline line in the village thread at this time
        (input.deadline), so every later command is late."""
        assert self.log is not None and self.phase is not None
        if self.state.closed:
            return [self._gm("もう締め切っています", about)]
        village = self.places.village
        if village is None:
            return [self._gm("村のチャンネル（[discord] channel）が決まっていません", about)]
        gm_name = self.cfg.gm[0] if self.cfg.gm else "GM"
        r = row(Msg(msg.id, village, msg.author, DEADLINE_LINE, msg.time), gm_name, self.places)
        self.log.put(self.places.channels[village], village, r)
        self._take(self.places.channels[village], r, village)
        self.state.closed = True
        self.state.save(self.root)
        return [self._gm(f"締め切りました（{msg.time.astimezone(JST):%H:%M}）。これより後の"
                         "行動は遅れとして扱います", about)]

    def _morning(self, about: str) -> list[Out]:
        """朝: resolve, show the GM every text; nothing is sent before 送信."""
        from ..engine import resolve_game
        from .send import plan, plan_text, split_message

        assert self.phase is not None
        try:
            game = resolve_game(self.root)
            items = plan(self.root, game, self.phase, str(self.places.village or "") or None)
        except Exception as e:  # noqa: BLE001 - the GM is told, the bot keeps running
            return [self._gm(f"集計できませんでした：{getattr(e, 'ja', None) or e}", about)]
        text = plan_text(items, self.phase, str(self.places.village or "") or None)
        if game.has_errors:
            text += ("\nこのゲームには直す必要がある問題があります（adjudicator resolve で"
                     "確かめてください）。直すまで送りません")
            self.state.confirm = None
        else:
            text += "\n送るときは「送信」と書いてください（送った分は記録され、二度は送りません）"
            self.state.confirm = self.phase
        self.state.save(self.root)
        return [self._gm(part, about) for part in split_message(text)]

    # ------------------------------------------------------------ the day's reminder
    def due(self, now: datetime) -> list[Out]:
        """The day's reminder, ``[discord] remind`` minutes before the deadline: who has
        not voted, in the village.  Never at night (docs/gm-tools.md: naming who a
        night waits for would tell who holds a role)."""
        st = self.state
        minutes = self.cfg.discord.remind if self.cfg.discord else 0
        if (not minutes or st.phase is None or not st.phase.startswith("day")
                or st.reminded or st.closed or st.deadline is None or st.opened is None
                or self.places.village is None):
            return []
        at = _deadline_at(st.deadline, _snow_time(int(st.opened)))
        if now < at - timedelta(minutes=minutes) or now >= at:
            return []
        from ..status import phase_status

        try:
            post = phase_status(self.root, st.phase, deadline=st.deadline).post
        except Exception:  # noqa: BLE001 - no reminder rather than a wrong one
            return []
        st.reminded = True
        st.save(self.root)
        if not post.strip():
            return []
        return [Post(post, self.places.village, about=f"remind:{st.phase}")]


DISCORD_EPOCH_MS = 1_420_070_400_000


def _snow_time(mid: int) -> datetime:
    from datetime import UTC

    return datetime.fromtimestamp(((mid >> 22) + DISCORD_EPOCH_MS) / 1000, UTC)


def _deadline_at(clock: str, opened: datetime) -> datetime:
    """The first ``clock`` (``21:30``, Japan time; 24:30 is 0:30 of the next day) after
    the phase opened."""
    h, m = (int(x) for x in clock.split(":"))
    start = opened.astimezone(JST)
    at = start.replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(hours=h,
                                                                              minutes=m)
    while at <= start:
        at += timedelta(days=1)
    return at
