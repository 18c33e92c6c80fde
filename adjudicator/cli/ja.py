"""The command line in Japanese: argparse's own words and the chat formats' descriptions.

argparse passes every string it prints itself ("usage: ", "positional arguments", "the
following arguments are required: %s", ...) through gettext (``argparse._`` and
``argparse.ngettext``, looked up when the string is used; see the Python "argparse"
HOWTO, "How to translate the argparse output").  ``japanese_argparse()`` installs this
module's translation table as those two lookups for the length of one command (and puts
the previous ones back), so the GM reads 「使い方：」 and 「次の引数が必要です」 whatever the
locale of the computer, and a library user importing ``argparse`` is left alone.
"""

from __future__ import annotations

import argparse
import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

#: argparse's strings (Python 3.11-3.13) in Japanese; a string missing here stays as is
ARGPARSE_JA: dict[str, str] = {
    "usage: ": "使い方：",
    "positional arguments": "引数",
    "options": "オプション",
    "optional arguments": "オプション",
    "subcommands": "サブコマンド",
    "show this help message and exit": "この説明を表示して終わります",
    "show program's version number and exit": "バージョンを表示して終わります",
    "%(prog)s: error: %(message)s\n": "%(prog)s：エラー：%(message)s\n",
    "argument %(argument_name)s: %(message)s": "%(argument_name)s：%(message)s",
    "the following arguments are required: %s": "次の引数が必要です：%s",
    "unrecognized arguments: %s": "知らない引数です：%s",
    "invalid choice: %(value)r (choose from %(choices)s)":
        "%(value)r は選べません（選べるのは %(choices)s）",
    "invalid %(type)s value: %(value)r": "%(value)r は使えない値です",
    "expected one argument": "値を1つ指定してください",
    "expected at most one argument": "値は1つまでです",
    "expected at least one argument": "値を1つ以上指定してください",
    "ambiguous option: %(option)s could match %(matches)s":
        "%(option)s がどのオプションか決まりません（候補：%(matches)s）",
    "not allowed with argument %s": "%s と一緒には使えません",
    "ignored explicit argument %r": "%r は使われませんでした",
    "one of the arguments %s is required": "%s のどれかが必要です",
    "unexpected option string: %s": "思いがけないオプションです：%s",
    "unknown parser %(parser_name)r (choices: %(choices)s)":
        "%(parser_name)r というコマンドはありません（あるのは %(choices)s）",
    "can't open '%(filename)s': %(error)s": "「%(filename)s」を開けません：%(error)s",
    "cannot have multiple subparser arguments": "サブコマンドは1つだけです",
}

#: ngettext's singular/plural pairs (the count is always a number in the message)
ARGPARSE_JA_PLURAL: dict[str, str] = {
    "expected %s argument": "値を %s 個指定してください",
    "conflicting option string: %s": "オプションが重なっています：%s",
}

class JapaneseArgparse(gettext.NullTranslations):
    """The translation table above as a gettext translation (untranslated: unchanged)."""

    def gettext(self, message: str) -> str:
        if message is None:  # argparse asks for the description of subparsers, maybe None
            return message
        return ARGPARSE_JA.get(message, message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        ja = ARGPARSE_JA_PLURAL.get(msgid1)
        if ja is not None:
            return ja
        return msgid1 if n == 1 else msgid2


_TABLE = JapaneseArgparse()


@contextmanager
def japanese_argparse() -> Iterator[None]:
    """argparse speaks Japanese inside the block (usage, help, usage errors)."""
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._ = _TABLE.gettext  # type: ignore[attr-defined]
    argparse.ngettext = _TABLE.ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


_KINSOKU = "、。，．）」』】：；！？ー…"  # never at the start of a line
_OPENERS = "（「『【"  # never at the end of one


def display_width(text: str) -> int:
    """Columns ``text`` takes on a terminal (a wide or full-width character: two)."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def wrap_ja(text: str, width: int) -> list[str]:
    """Lines of at most ``width`` columns: Japanese breaks between any two characters
    (never before 、。」…), a run of ASCII (an option, a path) is never cut."""
    import re

    lines: list[str] = []
    line, used = "", 0
    for token in re.findall(r"[\x21-\x7e]+|\s+|.", text):
        w = display_width(token)
        if token.isspace():
            if line:
                line, used = line + " ", used + 1
            continue
        if line and used + w > width and token[0] not in _KINSOKU:
            carry = line[-1] if line[-1] in _OPENERS else ""  # （ never ends a line
            lines.append(line[:len(line) - len(carry)].rstrip())
            line, used = carry, display_width(carry)
        line, used = line + token, used + w
    if line.strip():
        lines.append(line.rstrip())
    return lines or [""]


class JapaneseHelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Help laid out for Japanese: lines wrapped by terminal columns, not by spaces (a
    Japanese sentence has none); a description's own line breaks are kept, and the
    examples (「例：」 and the indented lines after it) are never cut."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._headings: list[str] = []

    def start_section(self, heading: str | None) -> None:
        if heading:
            self._headings.append(heading)
        super().start_section(heading)

    def format_help(self) -> str:
        """A section's title ends in a full-width colon (「オプション：」), as Japanese
        writes it; argparse itself writes an ASCII one."""
        import re

        text = super().format_help()
        for heading in set(self._headings):
            text = re.sub(rf"(?m)^( *){re.escape(heading)}:$", rf"\g<1>{heading}：", text)
        return text

    def _split_lines(self, text: str, width: int) -> list[str]:
        return wrap_ja(" ".join(text.split()), width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + row for line in text.splitlines()
                         for row in ([line] if line.startswith(("例：", " ")) else
                                     wrap_ja(line, width - len(indent))))


class Parser(argparse.ArgumentParser):
    """Options may come after positional arguments: a (sub)command without subcommands of
    its own parses intermixed (``add GAME PHASE --format plain FILE``)."""

    _mixing = False

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        if self._mixing or self._subparsers is not None:
            return super().parse_known_args(args, namespace)
        self._mixing = True
        saved = self.usage
        if saved is None:  # argparse would cut len("usage: ") off the translated usage line
            prefix = argparse._("usage: ")  # type: ignore[attr-defined]
            self.usage = self.format_usage().removeprefix(prefix).strip()
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._mixing = False
            self.usage = saved
