"""Who each chat of a phase is (input.thread): the village, a 1:1 chat with one player, or
a group with its members; and the phase's messages as one list, merged by time, each
keeping its thread (input.thread.order), every non-GM message of a 1:1 chat that player's
(input.thread.owner).

The chat readers (``chatlog``) cut a paste into its exports and know each chat's name as
its export gives it; this module names the chat with the game's setup: ``[threads.chats]``
of game.toml first, then what the export's header says (「たろうとのトーク履歴」 is the 1:1
chat with たろう; a group chat named 「人狼」 or by a group of ``[threads] groups`` is
that group; a document ``discord pull`` wrote names its thread, the village too), then
the name itself (a player's name is that player's chat; a room named with 狼 and not 村
is the wolves'), else the village.  A phase that came as one chat
is the village, read exactly as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .chatlog import VILLAGE, ChatLine, Thread
from .chatlog.threads import Part, merge, moved, place_relative
from .config.load import VILLAGE_WORDS, WOLVES_WORDS, GameConfig
from .errors import CommandError
from .models import Diagnostic
from .normalize import gm_key, name_key
from .roster import PLAYER, Roster
from .vocab import ROLE_NAMES

#: the wolves' room, as a thread's group name
WOLVES = "人狼"


@dataclass(frozen=True, slots=True)
class Named:
    """How one export was taken: its thread and why (Japanese, for the GM)."""

    thread: Thread
    why: str
    guessed: bool = False  # a choice made without game.toml or the header saying so


def bites_room(cfg: GameConfig) -> str | None:
    """The group bites must come from (``[threads] bites``), as ``Thread.group``."""
    bites = cfg.threads.bites
    if bites is None:
        return None
    if bites in WOLVES_WORDS:
        return WOLVES
    return next((g for g in cfg.threads.groups if name_key(g) == name_key(bites)), bites)


def wolves(cfg: GameConfig) -> tuple[str, ...]:
    """The players of the wolves' room: those whose role is 人狼."""
    return tuple(p.name for p in cfg.players
                 if p.role is not None and ROLE_NAMES.get(p.role) == "wolf")


def _player(roster: Roster, name: str) -> str | None:
    if not name.strip():
        return None
    try:
        return roster.resolve(name, kinds=(PLAYER,))
    except CommandError:
        return None


def _room(cfg: GameConfig, roster: Roster, name: str, target: str) -> Thread | None:
    """The thread ``target`` (a value of ``[threads.chats]``) names for chat ``name``."""
    if target in VILLAGE_WORDS:
        return Thread(name, "village")
    if target in WOLVES_WORDS:
        return Thread(name, "group", None, wolves(cfg), WOLVES)
    for group, members in cfg.threads.groups.items():
        if name_key(group) == name_key(target):
            return Thread(name, "group", None, tuple(members), group)
    player = _player(roster, target)
    return Thread(name, "private", player) if player else None


def _group(cfg: GameConfig, name: str) -> Thread | None:
    """The room a group chat named exactly 「人狼」 or by a group of ``[threads] groups`` is."""
    if name in WOLVES_WORDS:
        return Thread(name, "group", None, wolves(cfg), WOLVES)
    for group, members in cfg.threads.groups.items():
        if name_key(group) == name_key(name):
            return Thread(name, "group", None, tuple(members), group)
    return None


def name_thread(export: Any, cfg: GameConfig, roster: Roster) -> Named:
    """The thread of one export (``chatlog.threads.Export``) of a phase of several."""
    chats = {name_key(k): v for k, v in cfg.threads.chats.items()}
    for name in dict.fromkeys(n for n in (export.title, export.label) if n):
        target = chats.get(name_key(name))
        if target is not None:
            room = _room(cfg, roster, name, target)
            if room is not None:
                return Named(room, f"game.toml の対応表で「{name}」を{room.ja()}としました")
    title = export.title or export.label
    if export.kind == "village":  # a document that names its thread (discord pull)
        return Named(Thread(title, "village"), f"書き出しに書かれているとおり「{title}」を村のチャット"
                     "としました")
    for name in (export.title, export.label):
        player = _player(roster, name)
        if player is not None and (export.kind in ("private", "") or name == export.label):
            how = "書き出しの見出し" if name == export.title else "名前"
            return Named(Thread(name, "private", player),
                         f"{how}から「{name}」を{player}さんとの個別チャットとしました")
    if export.kind == "group" and (room := _group(cfg, title)) is not None:
        return Named(room, f"グループの名前から「{title}」を{room.ja()}としました")
    if export.kind == "private":
        return Named(Thread(title, "group", None, ()),
                     f"「{title}」との個別チャットですが、参加者にその名前がありません。GMだけが"
                     "読めるチャットとして扱いました（game.toml の [threads.chats] に"
                     f"「\"{title}\" = \"参加者の名前\"」と書いてください）", guessed=True)
    if "狼" in title and "村" not in title:
        return Named(Thread(title, "group", None, wolves(cfg), WOLVES),
                     f"「{title}」を名前から人狼の部屋としました（違うときは game.toml の "
                     "[threads.chats] に書いてください）", guessed=True)
    return Named(Thread(title, "village"),
                 f"「{title or '名前のないチャット'}」を村のチャットとしました（個別チャットや"
                 "グループなら game.toml の [threads.chats] に書いてください）", guessed=True)


def phase_messages(parts: Sequence[Part], cfg: GameConfig, roster: Roster, source: str,
                   phase_date: str | None = None
                   ) -> tuple[list[ChatLine], list[Named], list[Diagnostic]]:
    """The phase's messages in one order, each with its thread, the threads as named and
    the GM's diagnostics (how a chat was taken without being told; which display name
    of a 1:1 chat was read as whose).  One part: its messages as read (the village).
    Raises ``chatlog.threads.ThreadOrderError`` for a thread that cannot be placed.
    Messages dated only relative to the day of copying take the phase's date from the
    others (input.clock.date, ``place_relative``)."""
    place_relative(parts)
    if len(parts) == 1:
        return parts[0].reading.messages, [Named(VILLAGE, "")], []
    named = [name_thread(p.export, cfg, roster) for p in parts]
    gm_keys = {gm_key(g) for g in cfg.gm}
    diags: list[Diagnostic] = []
    threads: list[list[ChatLine]] = []
    for part, nm in zip(parts, named, strict=True):
        th = nm.thread
        at = f"{source}:{part.export.first}"
        if nm.guessed:
            diags.append(Diagnostic(level="warning" if th.kind == "group" and not th.members
                                    else "info", code="thread_named", source=at,
                                    message=f"chat {th.name!r} read as {th.kind}",
                                    reason_ja=nm.why))
        taken: dict[str, int] = {}
        msgs: list[ChatLine] = []
        for m in part.reading.messages:
            speaker = m.speaker
            if th.kind == "private" and th.player and speaker and gm_key(speaker) not in gm_keys:
                if speaker != th.player:
                    taken.setdefault(speaker, m.lineno)
                speaker = th.player
            msgs.append(moved(m, speaker=speaker, thread=th))
        for shown, lineno in taken.items():
            diags.append(Diagnostic(
                level="info", code="thread_owner", source=f"{source}:{lineno}", speaker=shown,
                message=f"in the 1:1 chat with {th.player!r}, {shown!r} is read as "
                f"{th.player!r} (input.thread.owner)",
                reason_ja=f"{th.player}さんとの個別チャットなので、「{shown}」の発言を"
                f"{th.player}さんの発言として読みました"))
        threads.append(msgs)
    merged = merge(threads, [nm.thread.name or f"{n + 1}つ目のチャット"
                             for n, nm in enumerate(named)], phase_date, source)
    return merged, named, diags
