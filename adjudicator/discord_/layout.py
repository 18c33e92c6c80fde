"""How a phase pulled from Discord is stored (input.thread): the one function pair that
writes a phase's threads as the stored log's text (``phase_text``) and reads back the
last message id of each thread from a stored log (``last_ids``).  ``discord pull`` and
the bot store through these, so that a phase stored by either is read the same way.

The layout:
- the village alone (no other thread has a message in the phase's window): the village
  channel's DiscordChatExporter JSON document, byte for byte what ``dce.export_json``
  wrote (stored as ``logs/<phase>.json``, as a pull of one channel always was);
- else each thread (the village first, then the given order) as the separator line
  ``=== スレッド：NAME ===`` (``chatlog.threads.separator``) followed by its JSON document,
  which names its thread in a ``"thread": {"name": NAME, "kind": KIND}`` entry after
  ``"channel"`` (stored as ``logs/<phase>.txt``).  ``chatlog.threads`` reads that entry
  as the export's name and kind, and ``adjudicator.threads.name_thread`` takes it: a
  ``private`` thread named by a player's name is that player's 1:1 chat (their private
  channel 「たろう-個別」 or the bot's DM with them, whatever the channel is called), a
  ``group`` thread named 「人狼」 or by a group of ``[threads] groups`` is that group, the
  ``village`` thread is the village.  A thread with no message in the window is left out.

Names: the village thread is always named ``VILLAGE`` (「村」); a 1:1 chat by the
player's name; a group by its name as ``[discord] groups`` writes it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..chatlog.threads import cut, separator

#: the village thread's name (a stored log of the village alone: its key in ``last_ids``)
VILLAGE = "村"
KINDS = ("village", "private", "group")


@dataclass(frozen=True, slots=True)
class ThreadLog:
    """One thread of a phase as pulled: ``name`` (``VILLAGE``, a player's name, a group's
    name), ``kind`` (``village`` | ``private`` | ``group``) and ``data``, its messages as
    one DiscordChatExporter JSON document (``dce.export_json``'s bytes)."""

    name: str
    kind: str
    data: bytes

    def messages(self) -> int:
        doc = json.loads(self.data)
        return len(doc.get("messages") or [])


def _declared(data: bytes, name: str, kind: str) -> str:
    """The document with its thread named after ``"channel"`` (the keys' order kept)."""
    doc = json.loads(data)
    out: dict[str, Any] = {}
    for key, value in doc.items():
        if key == "thread":
            continue
        out[key] = value
        if key == "channel":
            out["thread"] = {"name": name, "kind": kind}
    if "thread" not in out:
        out["thread"] = {"name": name, "kind": kind}
    return json.dumps(out, ensure_ascii=False, indent=2) + "\n"


def phase_text(threads: Sequence[ThreadLog]) -> str:
    """The stored log's text of a phase pulled as ``threads`` (see the module's docstring):
    the village's document alone when no other thread has a message, else every thread
    with a message after its separator line, the village first."""
    for t in threads:
        if t.kind not in KINDS:
            raise ValueError(f"unknown thread kind {t.kind!r}")
    village = [t for t in threads if t.kind == "village"]
    others = [t for t in threads if t.kind != "village" and t.messages()]
    if len(village) == 1 and not others:
        return village[0].data.decode("utf-8")
    parts = []
    for t in village + others:
        name = VILLAGE if t.kind == "village" else t.name
        parts.append(separator(name) + "\n" + _declared(t.data, name, t.kind))
    return "".join(parts)


# ------------------------------------------------------------------ the same bytes, by parts
# The bot stores its phase after every message; re-writing every document from its
# messages each time made the 5,000th message of a night cost 50 times the 10th (issue
# 44, point 5).  These build the bytes ``phase_text`` (over ``dce.export_json``'s
# documents) writes from parts a caller keeps: a document's head (all before its
# messages, in either form: as exported, or declared with its thread entry), one piece
# per message, and the stored log joined from the documents.  ``json.dumps`` with an
# indent writes a value nested at depth d as its own dumps with every line break followed
# by d times the indent (a string never holds a raw line break: JSON escapes it), so a
# message's piece is its own dumps moved in by two levels (tests/discord/test_layout.py
# holds the equality over random messages).

#: a document's part: a caller's kept body may be a bytearray it adds to
Bytes = bytes | bytearray
_TAIL = '\n  "messages": [],\n  "messageCount": 0\n}'


def heads(guild: tuple[str, str], channel: tuple[str, str], name: str,
          kind: str) -> tuple[bytes, bytes]:
    """The bytes of a document (``dce.export_json``) before its first message: as
    exported, and declared as thread ``name`` of ``kind`` (``phase_text``'s form: the
    village is always ``VILLAGE``)."""
    out = []
    for thread in (None, {"name": VILLAGE if kind == "village" else name, "kind": kind}):
        doc: dict[str, Any] = {"guild": {"id": guild[0], "name": guild[1]},
                               "channel": {"id": channel[0], "type": "GuildTextChat",
                                           "name": channel[1]}}
        if thread is not None:
            doc["thread"] = thread
        doc.update({"dateRange": {"after": None, "before": None}, "messages": [],
                    "messageCount": 0})
        text = json.dumps(doc, ensure_ascii=False, indent=2)
        assert text.endswith(_TAIL)
        out.append((text[:-len(_TAIL)] + '\n  "messages": [').encode("utf-8"))
    return out[0], out[1]


def piece(message: dict[str, Any]) -> bytes:
    """One message as its document writes it in ``"messages"`` (without the comma)."""
    return ("    " + json.dumps(message, ensure_ascii=False, indent=2)
            .replace("\n", "\n    ")).encode("utf-8")


def document(head: bytes, body: Bytes, count: int) -> list[Bytes]:
    """A document's bytes as parts to join: its head (``heads``), the body (its
    ``count`` messages' pieces in its order, joined by ``b",\\n"``: a caller may keep it
    and add the next piece to its end) and its tail."""
    tail = b',\n  "messageCount": %d\n}\n' % count
    return [head, b"\n", body, b"\n  ]", tail] if count else [head, b"]", tail]


def joined(threads: Sequence[tuple[str, str, int, Callable[[bool], list[Bytes]]]]) -> bytes:
    """``phase_text`` encoded, from each thread's (name, kind, number of messages, its
    document's parts: as exported, or declared when called with True): the same choice
    and order, each document made only if it is written, joined once."""
    for _, kind, _, _ in threads:
        if kind not in KINDS:
            raise ValueError(f"unknown thread kind {kind!r}")
    village = [t for t in threads if t[1] == "village"]
    others = [t for t in threads if t[1] != "village" and t[2]]
    if len(village) == 1 and not others:
        return b"".join(village[0][3](False))
    parts: list[Bytes] = []
    for name, kind, _, doc in village + others:
        parts += [separator(VILLAGE if kind == "village" else name).encode("utf-8"), b"\n"]
        parts += doc(True)
    return b"".join(parts)


def suffix(text: str) -> str:
    """The stored log's suffix: ``.json`` for one document (the village alone), else ``.txt``."""
    return ".json" if text.lstrip("\ufeff").startswith("{") else ".txt"


def documents(text: str) -> list[tuple[str, dict[str, Any]]]:
    """(thread name, JSON document) of every DiscordChatExporter JSON document of a stored
    log, in order: a document alone is the village's; in a text of several, a document's
    own ``thread`` entry names it, else the separator before it, else its channel's name.
    Parts that are no JSON document (a LINE export beside them) are left out."""
    text = text.lstrip("\ufeff")
    if text.startswith("{"):
        doc = _load(text)
        return [(VILLAGE, doc)] if doc is not None else []
    out: list[tuple[str, dict[str, Any]]] = []
    for ex in cut(text.replace("\r\n", "\n")):
        if not ex.text.lstrip().startswith("{"):
            continue
        doc = _load(ex.text)
        if doc is None:
            continue
        thread, channel = doc.get("thread"), doc.get("channel")
        name = thread.get("name") if isinstance(thread, dict) else None
        if not isinstance(name, str) or not name:
            name = ex.label or (channel.get("name") if isinstance(channel, dict) else "") or ""
        out.append((name, doc))
    return out


def _load(text: str) -> dict[str, Any] | None:
    try:
        doc = json.loads(text)
    except ValueError:
        return None
    return doc if isinstance(doc, dict) else None


def last_ids(text: str) -> dict[str, str]:
    """Each thread's last message id in a stored log (``phase_text``'s layout, or a GM's
    own DiscordChatExporter JSON export: the village): thread name -> the greatest
    message id of its document.  A thread without messages is absent."""
    out: dict[str, str] = {}
    for name, doc in documents(text):
        messages = doc.get("messages")
        ids = [int(m["id"]) for m in messages if isinstance(m, dict)
               and isinstance(m.get("id"), str) and m["id"].isdigit()] \
            if isinstance(messages, list) else []
        if ids:
            best = max(ids)
            if name not in out or int(out[name]) < best:
                out[name] = str(best)
    return out


__all__ = ["KINDS", "VILLAGE", "ThreadLog", "document", "documents", "heads", "joined",
           "last_ids", "phase_text", "piece", "suffix"]
