"""The shortcut of ``parser.command_hint`` for the bulk of chat: no '@' sign, and a first
character that opens no command once normalized.  The test is written once, in
``command_hint``, which every reader of chat asks."""

from __future__ import annotations

import unicodedata

#: every character whose NFKC form holds an '@' (U+0040, U+FE6B small, U+FF20 fullwidth):
#: a text holding none of them holds no '@' once normalized, for NFKC never composes an
#: '@' away (tests/reading/test_hint_fast.py checks every code point)
AT_SIGNS = ("@", "\ufe6b", "\uff20")
_DIGITS = frozenset("0123456789")


class QuietHeads(dict[str, bool]):
    """First character of a line -> True when no line opening with it can open a command
    once normalized, for the first characters ``words`` of a variant's command words (see
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

    def __init__(self, words: frozenset[str]) -> None:
        super().__init__({"": True})  # an empty text is no command
        firsts = self.firsts = words | _DIGITS  # ``words``: the command words' first ones
        # a first character that a composition could turn into a command word's first one
        self.bases = frozenset(unicodedata.normalize("NFD", f)[0] for f in firsts)
        word_bases = frozenset(unicodedata.normalize("NFD", f)[0] for f in words)
        # the digits in every width (３, ①) whose base opens no command word: such a line
        # can only be a bare share count (see counts)
        self.count_only = _DIGITS - words - word_bases
        self.digit_heads: dict[str, bool] = {}
        self.spoils: dict[str, bool] = {}

    def counts(self, text: str) -> bool:
        """False when ``text`` (with no '@' sign) surely is no bare share count and no
        command, without normalizing it: it opens with a digit in any width (３万, １票)
        that opens no command word, and its second character's NFKD opens with a
        starter that is neither a digit, whitespace nor 株 (万, 時, く), which NFKC keeps
        or composes into a character that is none of those either, so ``_COUNT_RE``
        (digits, spaces and 株 alone) cannot match.  True: the hint must look."""
        return not (self._digit_head(text[:1]) and self._spoils(text[1:2]))

    def _digit_head(self, ch: str) -> bool:
        hit = self.digit_heads.get(ch)
        if hit is None:
            hit = self.digit_heads[ch] = (
                ch != "" and unicodedata.normalize("NFKD", ch)[:1] in self.count_only)
        return hit

    def _spoils(self, ch: str) -> bool:
        hit = self.spoils.get(ch)
        if hit is None:
            base = unicodedata.normalize("NFKD", ch)[:1]
            hit = self.spoils[ch] = (base != "" and not base.isspace() and base != "株"
                                     and unicodedata.combining(base) == 0
                                     and base not in _DIGITS)
        return hit

    def __missing__(self, ch: str) -> bool:
        base = unicodedata.normalize("NFKD", ch)[:1]  # が -> か, ｽ -> ス, ３ -> 3
        quiet = (base != "" and not base.isspace() and unicodedata.combining(base) == 0
                 and base not in self.firsts and base not in self.bases)
        self[ch] = quiet
        return quiet
