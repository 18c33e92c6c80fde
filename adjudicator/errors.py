"""The one exception tree of adjudicator.

Third-party errors (lark, pydantic, tomllib, UnicodeDecodeError) are mapped to these
at the boundary of the module that calls the library, so callers only ever see::

    AdjudicatorError
    ├── ConfigError            game.toml is missing, unreadable or invalid (lists every problem)
    ├── ChatFormatError        a log cannot be read: undecodable bytes, or no format fits
    ├── CommandError           one chat line cannot become an action
    │   ├── CommandSyntaxError     the words do not parse (`予想@` with nothing after it)
    │   ├── IllegalActionError     it parses but the rules forbid it now (bet above cash)
    │   ├── UnknownNameError       a name fits no player (carries suggestions)
    │   ├── AmbiguousNameError     a name fits several players (carries the candidates)
    │   └── AmountError            an amount is not a number (`3まん`)
    └── UsageError             bad command-line use (exit code 2)

Messages of the engine's errors are lowercase English for developers; each carries the
input quoted with ``!r`` and the context.  Player-facing reasons (Japanese) travel
separately in ``CommandError.reason_ja``; an error the GM meets at the command line
carries its Japanese message in ``ja`` (the CLI prints it, and the English only with
``--lang en`` where a command has it), or is raised in Japanese to begin with (the CLI
modules' own errors).  ``ChatFormatError.ja`` says a chat reader's reason in Japanese.
"""

from __future__ import annotations


class AdjudicatorError(Exception):
    """Base of every error adjudicator raises on purpose; ``ja``: the message in Japanese
    for the GM, where there is one."""

    ja: str = ""


class ConfigError(AdjudicatorError):
    """game.toml is invalid; ``problems`` lists every problem found, one line each."""

    def __init__(self, path: str, problems: list[str],
                 problems_ja: list[str] | None = None) -> None:
        self.path = path
        self.problems = list(problems)
        #: the same problems in the GM's words (CLI and desk; adjudicator.config.problems)
        self.problems_ja = list(problems_ja) if problems_ja is not None else list(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"invalid game setup {path!r}:\n{lines}")
        lines_ja = "\n".join(f"  - {p}" for p in self.problems_ja)
        self.ja = f"ゲームの設定（{path}）に問題があります：\n{lines_ja}"


class ChatFormatError(AdjudicatorError):
    """A chat log cannot be read.  ``detail_ja``, when set, says it in Japanese for the
    GM's screens (the desk)."""

    def __init__(self, source: str, message: str, lineno: int | None = None) -> None:
        self.source = source
        self.lineno = lineno
        self.detail = message
        self.detail_ja: str | None = None
        where = f"{source}:{lineno}" if lineno is not None else source
        super().__init__(f"{where}: {message}")

    @property  # type: ignore[override]
    def ja(self) -> str:
        """The error for the GM's command line: the log, the line, what is wrong."""
        where = self.source if self.detail_ja or self.lineno is None else (
            f"{self.source}（{self.lineno}行目）")
        return f"{where}：{self.detail_ja or chat_detail_ja(self.detail)}"

    @ja.setter
    def ja(self, text: str) -> None:
        self.detail_ja = text


#: the chat readers' reasons (adjudicator.chatlog), by how they begin, in Japanese
_CHAT_DETAIL_JA: tuple[tuple[str, str], ...] = (
    ("cannot decode: neither", "文字コードを読めません（UTF-8 でも Shift_JIS でもありません）："
     "UTF-8 で保存し直してください"),
    ("cannot decode", "文字コードを読めません（壊れた UTF-16・UTF-32）：UTF-8 で保存し直して"
     "ください"),
    ("cannot read file", "ファイルを読めません"),
    ("cannot read a log from", "ログとして読める値ではありません"),
    ("invalid CSV", "CSV として読めません"),
    ("CSV record has fewer", "CSV の行の列が足りません（4列以上が必要です）"),
    ("not a DiscordChatExporter CSV", "DiscordChatExporter の CSV の見出しではありません"),
    ("invalid JSON", "JSON として読めません"),
    ("not a DiscordChatExporter JSON", "DiscordChatExporter の JSON ではありません（messages の"
     "一覧がありません）"),
    ("message #", "発言の名前か本文が読めません"),
    ("no 'name", "Discord の「名前 — 時刻」の見出しがありません"),
    ("unknown chat format", "対応していない形式です"),
    ("no chat format fits", "どのチャット形式にも合わない行です"),
    ("line fits no", "指定した形式に合わない行です"),
)


def chat_detail_ja(detail: str) -> str:
    """A chat reader's English reason in the GM's words (the line itself, when quoted,
    follows in 「」)."""
    ja = next((j for en, j in _CHAT_DETAIL_JA if detail.startswith(en)), "ログを読めません")
    quoted = detail.rpartition(": ")[2] if ": '" in detail or ': "' in detail else ""
    return f"{ja}：{quoted[1:-1]}" if len(quoted) >= 2 and quoted[0] in "'\"" else ja


class CommandError(AdjudicatorError):
    """A chat line cannot become an action.

    ``code`` is a stable machine label (``syntax``, ``unknown_name``…), ``reason_ja`` the
    reason shown to the player.
    """

    code = "command"

    def __init__(self, message: str, reason_ja: str | None = None) -> None:
        super().__init__(message)
        self.reason_ja = reason_ja or message


class CommandSyntaxError(CommandError):
    code = "syntax"


class IllegalActionError(CommandError):
    """Parses, but the rules forbid it now.  ``rule`` is the rule id that forbids it."""

    code = "illegal"

    def __init__(
        self, message: str, reason_ja: str | None = None, code: str = "illegal", rule: str = ""
    ) -> None:
        super().__init__(message, reason_ja)
        self.code = code
        self.rule = rule


class UnknownNameError(CommandError):
    code = "unknown_name"

    def __init__(self, name: str, suggestions: list[str] | None = None) -> None:
        self.name = name
        self.suggestions = list(suggestions or [])
        hint = f"; did you mean {', '.join(self.suggestions)}?" if self.suggestions else ""
        ja_hint = f"（候補：{'、'.join(self.suggestions)}）" if self.suggestions else ""
        super().__init__(
            f"unknown name: {name!r}{hint}",
            f"「{name}」という参加者はいません{ja_hint}",
        )


class AmbiguousNameError(CommandError):
    code = "ambiguous_name"

    def __init__(self, name: str, candidates: list[str], end: int | None = None) -> None:
        self.name = name
        self.candidates = list(candidates)
        self.end = end  # characters of the text the name took (from Roster.match_prefix)
        super().__init__(
            f"ambiguous name: {name!r} fits {', '.join(self.candidates)}",
            f"「{name}」が誰のことか特定できません（候補：{'、'.join(self.candidates)}）",
        )


class AmountError(CommandError):
    code = "amount"

    def __init__(self, text: str, why: str = "not an amount") -> None:
        self.text = text
        ja = "（1ドル未満の端数は使えません）" if why == "not whole dollars" else ""
        super().__init__(f"{why}: {text!r}", f"金額「{text}」が読めません{ja}")


class UsageError(AdjudicatorError):
    """Bad command-line use; the CLI exits with code 2.  ``ja``: the message in Japanese."""

    def __init__(self, message: str, ja: str = "") -> None:
        super().__init__(message)
        self.ja = ja
