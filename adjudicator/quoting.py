"""input.quote: a command that is quoted is chatter.  Decided here, in ``quoted`` alone;
``parser._locate_command`` asks it of every command it finds in a line, so the reader,
``check``, ``status`` and the desk all read a quoted command the same way: as no command
(no notice, no diagnostic).

A command is quoted when it stands inside 「」, 『』, “”, ‘’, "" or ''; when its line is a
reply quote (opens with ``>``, LINE's and Discord's quoted reply); or when it is reported
speech: followed on its line by って, と書いて or と言って (と言ってた), unless the command
opens the line (after spaces and the decorations ・ ■ ★ 【).  So 「まさとさんが 予想@けい 3万
って書いてたけど」 is chatter, while 「けいさん 予想@まさと 3万」 (a command standing alone
after a name's honorific) and 「【予想@けい 3万】」 are commands.

Texts here are NFKC already (＞ is ``>``, ＂ is ``"``, ｢ is 「).
"""

from __future__ import annotations

#: opening bracket -> its closing one
_PAIRS = {"「": "」", "『": "』", "“": "”", "‘": "’"}
#: quotes that open and close alike
_SAME = "\"'"
#: what may stand before a command that opens its line
DECORATION = " \t\u3000\u00a0・■★【"
#: reported speech after a command: って, と書いて, と言って (と言ってた)
_REPORTED = ("って", "と書いて", "と言って")


def quoted(norm: str, start: int, at: int) -> bool:
    """Whether the command starting at ``start`` of the NFKC line ``norm`` (its '@' at
    ``at``, or ``at == start`` for a command word without one) is quoted (input.quote)."""
    if norm.lstrip().startswith(">"):
        return True
    before, after = norm[:at], norm[at:]  # (a typo's word may hold the bracket: 「予相@)
    for opening, closing in _PAIRS.items():
        if opening in before and before.count(opening) > before.count(closing):
            return True
    for mark in _SAME:
        if before.count(mark) % 2 and mark in after:
            return True
    if not norm[:start].strip(DECORATION):  # the command opens the line: the speaker's own
        return False
    return any(word in after for word in _REPORTED)


def command_text(norm: str, offset: int) -> str:
    """The text of the command at ``offset`` of the NFKC line ``norm``: to the end of the
    line, or to the 】 that closes a 【 it opens after (「【予想@けい 3万】」)."""
    text = norm[offset:]
    if "【" in norm[:offset] and "】" in text:
        return text.replace("】", " ", 1)
    return text
