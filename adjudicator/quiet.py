"""The shortcut of ``parser.command_hint`` for the bulk of chat: no '@' sign, and a first
character that opens no command once normalized.  Kept apart from the parser (which is
at its size limit); the reader's loop writes the test out (``PhaseReader.read``)."""

from __future__ import annotations

import unicodedata

#: every character whose NFKC form holds an '@' (U+0040, U+FE6B small, U+FF20 fullwidth):
#: a text holding none of them holds no '@' once normalized, for NFKC never composes an
#: '@' away (tests/reading/test_hint_fast.py checks every code point)
AT_SIGNS = ("@", "\ufe6b", "\uff20")


class QuietHeads(dict[str, bool]):
    """First character of a line -> True when no line opening with it can open a command
    once normalized, for the first characters ``firsts`` of a variant's commands (see
    ``parser.quiet_heads``).

    A text with none of ``AT_SIGNS`` whose first character ``c`` has ``heads[c]`` true is
    no command.  Why it is exact: NFKD of ``c`` opens with a starter ``b`` (combining
    class 0, not whitespace: が -> か, ｽ -> ス) that no reordering moves, so NFKC of the
    text opens with ``b`` or with a composition of ``b`` and the marks after it, whose
    decomposition opens with ``b``; ``b`` is none of the command words' first characters
    (nor a digit, for a bare share count) nor the first character of one's decomposition,
    so ``command_hint``'s first-character test fails, and with no '@' it answers False.
    Each character is decided once, on first sight (``__missing__``): no text is
    remembered, only the few thousand characters chat opens with."""

    def __init__(self, firsts: frozenset[str]) -> None:
        super().__init__({"": True})  # an empty text is no command
        self.firsts = firsts
        # a first character that a composition could turn into a command word's first one
        self.bases = frozenset(unicodedata.normalize("NFD", f)[0] for f in firsts)

    def __missing__(self, ch: str) -> bool:
        base = unicodedata.normalize("NFKD", ch)[:1]  # が -> か, ｽ -> ス, ３ -> 3
        quiet = (base != "" and not base.isspace() and unicodedata.combining(base) == 0
                 and base not in self.firsts and base not in self.bases)
        self[ch] = quiet
        return quiet
