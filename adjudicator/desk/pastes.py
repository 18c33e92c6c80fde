"""Pastes the desk keeps in memory for a while, so that a long night's page need not
carry its chatter, and a page can be shown again after a change (an alias added).

- The key is a hash of what was pasted (game, phase, format, text): the same paste gets
  the same key, and a key says nothing of where a file is (no path ever comes from a URL:
  an entry is found by its key and must belong to the game named in the URL).
- The cache is bounded (entries and characters); the oldest entry goes first.  A page
  whose entry is gone says so and asks for the paste again: nothing is stored here that
  is not also in the GM's browser (the paste box) or in the game folder.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass

KEY_RE = re.compile(r"[0-9a-f]{32}")
MAX_ENTRIES = 8
MAX_CHARS = 40_000_000  # text plus its chatter rows, all entries together


@dataclass(frozen=True)
class Paste:
    name: str  # the game
    phase: str
    fmt: str
    text: str
    chatter: str  # the chatter rows (escaped HTML <tr>…</tr>), built with the page
    n_chatter: int

    @property
    def size(self) -> int:
        return len(self.text) + len(self.chatter)


def key_of(name: str, phase: str, fmt: str, text: str) -> str:
    h = hashlib.sha256()
    for part in (name, phase, fmt, text):
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()[:32]


class PasteCache:
    def __init__(self, max_entries: int = MAX_ENTRIES, max_chars: int = MAX_CHARS) -> None:
        self.max_entries = max_entries
        self.max_chars = max_chars
        self._items: OrderedDict[str, Paste] = OrderedDict()
        self._lock = threading.Lock()

    def put(self, paste: Paste) -> str:
        key = key_of(paste.name, paste.phase, paste.fmt, paste.text)
        with self._lock:
            self._items.pop(key, None)
            if paste.size > self.max_chars:
                return key  # too big to keep: its page says so when asked
            self._items[key] = paste
            total = sum(p.size for p in self._items.values())
            while len(self._items) > self.max_entries or total > self.max_chars:
                _k, old = self._items.popitem(last=False)
                total -= old.size
        return key

    def get(self, name: str, key: str) -> Paste | None:
        """The entry of ``key`` if it is one of ``name``'s pastes."""
        if not KEY_RE.fullmatch(key):
            return None
        with self._lock:
            p = self._items.get(key)
            if p is None or p.name != name:
                return None
            self._items.move_to_end(key)
            return p

    def __len__(self) -> int:
        return len(self._items)
