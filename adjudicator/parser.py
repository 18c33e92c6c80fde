"""From one chat line to a typed action: normalize, mark names, Lark LALR, transform.

``parse_command()`` raises (CommandSyntaxError, UnknownNameError, AmbiguousNameError,
AmountError); the engine calls it per line and turns the error into a diagnostic.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Collection, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lark import Lark, Token, Transformer, UnexpectedInput, v_args
from lark.exceptions import VisitError

from . import actions as A
from .errors import AmbiguousNameError, CommandError, CommandSyntaxError, UnknownNameError
from .normalize import nfkc, parse_amount
from .quoting import quoted
from .resources import grammar_text
from .roster import Roster

if TYPE_CHECKING:
    from .quiet import QuietHeads

MARK_OPEN, MARK_CLOSE = "\ue000", "\ue001"


_MARK_RE = re.compile("\ue000([0-9]+)\ue001")
_LITERAL = re.compile(r"[^\\()\[\]*+?.^$]+")
#: positions after which a name may stand
_NAME_STARTS = ("@", ",", "、", "・", "と")


def _cache_file(variant: str) -> Path | None:
    """Where Lark keeps the LALR tables of a variant (its ``cache`` option): the user's
    private cache folder (``fsio.cache_dir``), named by grammar, lark and Python versions;
    None: no cache."""
    import hashlib
    import sys

    from lark import __version__

    from .fsio import cache_dir

    folder = cache_dir()
    if folder is None:
        return None
    key = hashlib.sha256((grammar_text(variant) + __version__ + sys.version).encode()
                         ).hexdigest()[:16]
    return folder / f"{variant}-{key}.lark"


@cache
def build_parser(variant: str) -> Lark:
    """The LALR parser of a variant (common.lark + <variant>.lark), built once.

    Lark keeps the tables it builds in the private cache (``cache=``: its file holds a
    digest of the grammar and options, and lark rebuilds the tables when they differ);
    the file is given to lark only when it matches the digest of its content written
    beside it (``fsio.sound_cache``), else it is removed and lark writes it anew."""
    from .fsio import seal_cache, sound_cache

    path = _cache_file(variant)
    sound = sound_cache(path) if path is not None else None
    built = Lark(
        grammar_text(variant),
        parser="lalr",
        lexer="contextual",
        start=["player_line", "gm_line"],
        maybe_placeholders=False,
        cache=str(path) if path is not None and sound is not None else False,
    )
    if path is not None and sound is False:
        seal_cache(path)
    return built


@cache
def command_words(variant: str) -> tuple[str, ...]:
    """Every literal command word of a variant's grammar (for spotting command-like lines)."""
    words: set[str] = set()
    skip = {"SEP", "KABU", "STOCK_OF", "NAME", "WORD", "INT", "TAIL", "AMOUNT", "DEADLINE", "WS",
            "NEW_HOLDER"}
    for term in build_parser(variant).terminals:
        if term.name in skip or term.name.startswith("__") or term.name.startswith("_"):
            continue
        pat = term.pattern
        if pat.type == "str":
            words.add(pat.value)
        else:
            body = pat.value
            if body.startswith("(?:") and body.endswith(")"):
                body = body[3:-1]
            for alt in body.split("|"):
                if alt and _LITERAL.fullmatch(alt):
                    words.add(alt)
    words.discard("@")
    return tuple(sorted(words, key=lambda w: (-len(w), w)))


class Marked:
    """A command's text with its names marked.  A plain slotted class, not a dataclass:
    nothing compares or copies one, and defining a dataclass costs about half a
    millisecond of every start (docs/development.md, "Speed")."""

    __slots__ = ("text", "names", "errors")

    def __init__(self, text: str, names: tuple[str, ...],
                 errors: dict[int, CommandError] | None = None) -> None:
        self.text = text  # NFKC text with names replaced by markers
        self.names = names  # canonical name of each marker ("" for a name in error)
        #: marker index -> why that name names no one (an ambiguous name of the slot's kind)
        self.errors: dict[int, CommandError] = {} if errors is None else errors


#: the characters a command word is made of, read back from an "@"
_WORD_BEFORE_AT = re.compile(r"([^\s@,、・\ue000\ue001]+)\s*$")

SlotKinds = Callable[[str], Collection[str]]


def mark_names(text: str, roster: Roster, slot: SlotKinds | None = None) -> Marked:
    """Replace each roster name standing after '@' or a separator with a marker.

    ``slot(word)`` gives the kinds of target the slot after ``word@`` takes (a player, a
    society…): a name two targets share is read as the one of that kind.  A name still
    ambiguous is marked as an error of its own (a list keeps its other names)."""
    out: list[str] = []
    names: list[str] = []
    errors: dict[int, CommandError] = {}
    kinds: Collection[str] | None = None
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        out.append(ch)
        i += 1
        if ch in _NAME_STARTS and (ch == "@" or names):
            if ch == "@" and slot is not None:
                before = _WORD_BEFORE_AT.search(text, 0, i - 1)
                kinds = slot(before.group(1)) if before else None
            try:
                hit = roster.match_prefix(text[i:], kinds)
            except AmbiguousNameError as e:
                used = e.end if e.end is not None else len(e.name)
                if not _ends_name(text, i + used):
                    continue
                errors[len(names)] = e
                hit = ("", used)
            if hit is not None and _ends_name(text, i + hit[1]):
                canonical, used = hit
                lead = len(text[i : i + used]) - len(text[i : i + used].lstrip())
                out.append(text[i : i + lead])
                out.append(f"{MARK_OPEN}{len(names)}{MARK_CLOSE}")
                names.append(canonical)
                i += used
    return Marked("".join(out), tuple(names), errors)


#: characters that may follow a name directly: amounts, の株/株, list separators
_AFTER_NAME = set("〇零一二三四五六七八九十百千万億兆壱弐参拾株の、,・と$")


def _ends_name(text: str, j: int) -> bool:
    """A matched name must end at a boundary: `えりこ` is not `えり` plus `こ`."""
    if j >= len(text):
        return True
    ch = text[j]
    return ch.isspace() or ch in _AFTER_NAME or not unicodedata.category(ch).startswith("L")


def unmark(text: str, names: Sequence[str]) -> str:
    return _MARK_RE.sub(lambda m: names[int(m.group(1))], text)


def _targeted(cls: type[A.Targeted]) -> Any:
    @v_args(inline=True)
    def rule(self: Any, _kw: Token, target: str) -> A.Action:
        return cls(target=target)

    return rule


def _listed(cls: type[A.Listed]) -> Any:
    @v_args(inline=True)
    def rule(self: Any, _kw: Token, targets: tuple[str, ...]) -> A.Action:
        return cls(targets=targets)

    return rule


class _BadName:
    """A name's place that names no one (kept until the rule it stands in is built); a
    plain slotted class, as ``Marked``."""

    __slots__ = ("error",)

    def __init__(self, error: CommandError) -> None:
        self.error = error


class CommandTransformer(Transformer[Token, Any]):
    """Trees to actions.  Variants subclass it and add their own command rules."""

    def __init__(self, marked: Marked, roster: Roster) -> None:
        super().__init__()
        self.marked = marked
        self.roster = roster
        #: names of a list that named no one, each with its error (the rest of the list
        #: stands: see ``target_list``)
        self.dropped: list[CommandError] = []

    def _call_userfunc(self, tree: Any, new_children: Any = None) -> Any:
        """A name in error (unknown, ambiguous) fails the rule it stands in, except in a
        list, where each name stands alone (``target_list``)."""
        children = new_children if new_children is not None else tree.children
        if tree.data != "target_list":
            bad = next((c for c in children if isinstance(c, _BadName)), None)
            if bad is not None:
                raise bad.error
        return super()._call_userfunc(tree, new_children)

    # terminals
    def NAME(self, tok: Token) -> Any:  # noqa: N802 (lark names terminal callbacks so)
        idx = int(tok[1:-1])
        if idx in self.marked.errors:
            return _BadName(self.marked.errors[idx])
        return self.marked.names[idx]

    def WORD(self, tok: Token) -> Any:  # noqa: N802
        word = unmark(str(tok), self.marked.names)
        return _BadName(UnknownNameError(word, self.roster.suggestions(word)))

    def AMOUNT(self, tok: Token) -> int:  # noqa: N802
        return parse_amount(str(tok))

    def INT(self, tok: Token) -> int:  # noqa: N802
        return int(str(tok))

    # lines
    @v_args(inline=True)
    def player_line(self, command: A.Action, *_tail: Any) -> A.Action:
        return command

    @v_args(inline=True)
    def gm_line(self, directive: A.Action, *_tail: Any) -> A.Action:
        return directive

    @v_args(inline=True)
    def gm_command(self, command: A.Action, *_tail: Any) -> A.Action:
        return A.GmCommand(action=command)

    @v_args(inline=True)
    def follow_up(self, count: tuple[int]) -> A.Action:
        return A.FollowUp(shares=count[0])

    def count(self, children: list[Any]) -> tuple[int]:
        return (children[0],)

    def target_list(self, children: list[Any]) -> tuple[str, ...]:
        names = [c for c in children if not isinstance(c, Token)]
        bad = [c.error for c in names if isinstance(c, _BadName)]
        good = tuple(c for c in names if not isinstance(c, _BadName))
        if bad and not good:
            raise bad[0]
        self.dropped.extend(bad)
        return good

    # one-target commands and GM lists: one rule method each, made from the action type
    vote = _targeted(A.Vote)
    bite = _targeted(A.Bite)
    divine = _targeted(A.Divine)
    guard = _targeted(A.Guard)
    activity = _listed(A.Activity)
    no_activity = _listed(A.NoActivity)
    cheer = _listed(A.Cheer)
    no_cheer = _listed(A.NoCheer)

    def deadline(self, _children: list[Any]) -> A.Action:
        return A.Deadline()

    @v_args(inline=True)
    def proxy(self, _kw: Token, player: str, command: A.Action) -> A.Action:
        return A.Proxy(player=player, action=command)

    @v_args(inline=True)
    def replace(self, _kw: Token, seat: str, new: Token) -> A.Action:
        return A.Replace(seat=seat, new=re.sub(r"^(?:→|->|⇒|=>)\s*", "", str(new)).strip())


#: what a GM reads when a command does not parse, by the command word that starts it
SYNTAX_HINTS: dict[str, str] = {
    "投票": "投票@名前 の形で書いてください（例：投票@たろう）",
    "噛み": "噛み@名前 の形で書いてください（例：噛み@たろう）",
    "占い": "占い@名前 の形で書いてください（例：占い@たろう）",
    "護衛": "護衛@名前 の形で書いてください（例：護衛@たろう）",
    "予想": "予想@名前 金額 の形で書いてください（例：予想@たろう 3万、予想@女性 2万）",
    "購入": "購入@名前の株 株数 の形で書いてください（例：購入@たろうの株 5株）",
    "売却": "売却@ または 売却@名前の株 の形で書いてください",
    "チャンス": "チャンス@名前 の形で書いてください（例：チャンス@GM）",
    "活躍": "活躍@名前 の形で書いてください",
    "声援": "声援@名前 の形で書いてください",
    "代理": "代理@名前 コマンド の形で書いてください（例：代理@たろう 投票@はなこ）",
    # Trap Word (R5): the longer words first, a word is matched by its start
    "トラップ成立": "トラップ成立 または トラップ成立@トラップワード の形で書いてください",
    "トラップ不成立": "トラップ不成立 の形で書いてください",
    "トラップ設定": "トラップ設定@チーム名 トラップワード の形で書いてください"
                "（例：トラップ設定@赤 果物、赤い）",
    "トラップ": "トラップ@の後にトラップワードを書いてください（例：トラップ@果物、赤い）",
    "秘密": "秘密@チーム名 秘密のワード の形で書いてください（例：秘密@赤 りんご）",
    "開始": "開始@チーム名 の形で書いてください（例：開始@赤）",
    "勝者": "勝者@チーム名 の形で書いてください（例：勝者@赤）",
    "不正": "不正@理由 の形で書いてください（例：不正@秘密のワードを含む）",
}


def _hint(text: str, words: Sequence[str]) -> str:
    for w in words:
        if text.startswith(w):
            hint = (SYNTAX_HINTS.get(w)
                    or next((h for k, h in SYNTAX_HINTS.items() if w.startswith(k)), None)
                    or next((h for k, h in SYNTAX_HINTS.items() if k.startswith(w)), None))
            if hint:
                return hint
    return "コマンドの形が読めません"


_N = f"{MARK_OPEN}0{MARK_CLOSE}"  # a marked name, as the parser sees one

#: what went wrong, told by example (lark's match_examples): label -> malformed lines.
#: Only the examples whose command word the variant's grammar has are used.
SYNTAX_EXAMPLES: dict[str, list[str]] = {
    "@の後に名前がありません": ["投票@", "噛み@", "占い@", "護衛@", "予想@", "購入@", "チャンス@",
                          "活躍@", "声援@", "代理@"],
    "金額がありません": [f"予想@{_N}"],
    "金額が読めません（3万、30000 のように書いてください）": [f"予想@{_N} 3まん", f"予想@{_N} 3万 5千"],
    "「の株」が抜けています": [f"購入@{_N} 5株", f"購入@{_N} 5"],
    "株数が読めません": [f"購入@{_N}の株 5株 5株"],
    "代理の後にコマンドがありません": [f"代理@{_N}", f"代理@{_N} よろしく"],
}


@cache
def _examples(variant: str, start: str) -> dict[str, list[str]]:
    words = command_words(variant)
    return {label: [x for x in xs if x.startswith(words)]
            for label, xs in SYNTAX_EXAMPLES.items()}


@cache
def _example_error(variant: str, start: str, example: str) -> UnexpectedInput | None:
    """The error an example of ``SYNTAX_EXAMPLES`` raises (None: it parses), found once
    per process: ``match_examples`` parses the examples for every malformed line, and
    the examples and the grammar do not change.  The error is only read (its state,
    token and accepted terminals), never changed."""
    try:
        build_parser(variant).parse(example, start=start)
    except UnexpectedInput as e:
        return e
    return None


def _parse_example(variant: str, start: str) -> Callable[[str], Any]:
    """``match_examples``'s parse function over the remembered errors."""
    def parse(example: str) -> None:
        err = _example_error(variant, start, example)
        if err is not None:
            raise err.with_traceback(None)
    return parse


def _label(e: UnexpectedInput, variant: str, gm: bool) -> str | None:
    """The label of the closest malformed example (lark's match_examples), or None."""
    start = "gm_line" if gm else "player_line"
    examples = {k: v for k, v in _examples(variant, start).items() if v}
    if not examples:
        return None
    try:
        label = e.match_examples(_parse_example(variant, start), examples,
                                 token_type_match_fallback=True)
    except Exception:  # an example that itself misbehaves must not hide the real error
        return None
    return str(label) if label else None


def _describe_unexpected(e: UnexpectedInput, marked: Marked) -> str:
    tok = getattr(e, "token", None)
    if tok is not None and getattr(tok, "type", "") == "$END":
        return "unexpected end of line"
    if tok is not None:
        return f"unexpected {unmark(str(tok), marked.names)!r}"
    char = getattr(e, "char", None)
    if char is not None:
        return f"unexpected {unmark(str(char), marked.names)!r}"
    return "cannot parse"


def parse_command(
    text: str,
    roster: Roster,
    variant: str,
    *,
    gm: bool = False,
    transformer: type[CommandTransformer] = CommandTransformer,
    slot: SlotKinds | None = None,
    dropped: list[CommandError] | None = None,
) -> A.Action:
    """Parse one (already isolated) command text.  Raises a CommandError subclass.

    ``slot``: the kinds of target each command word's slot takes (``mark_names``).
    ``dropped``: given, a list's names that name no one are appended there (each with
    its error) and the action keeps the others; not given, such a name fails the line."""
    norm = nfkc(text).strip()
    marked = mark_names(norm, roster, slot)
    parser = build_parser(variant)
    try:
        tree = parser.parse(marked.text, start="gm_line" if gm else "player_line")
    except UnexpectedInput as e:
        if marked.errors:  # the name is the first thing to fix
            raise next(iter(marked.errors.values())) from None
        what = _describe_unexpected(e, marked)
        hint = _hint(norm, command_words(variant))
        label = _label(e, variant, gm)
        raise CommandSyntaxError(
            f"cannot read command {text!r}: {what}", f"{label}。{hint}" if label else hint
        ) from None
    reader = transformer(marked, roster)
    try:
        result = reader.transform(tree)
    except VisitError as e:
        inner = e.orig_exc
        if isinstance(inner, CommandError):
            raise inner from None
        raise CommandSyntaxError(f"cannot read command {text!r}: {inner}") from None
    if not isinstance(result, A.Action):
        raise CommandSyntaxError(f"cannot read command {text!r}")
    if reader.dropped:
        if dropped is None:
            raise reader.dropped[0]
        dropped.extend(reader.dropped)
    return result


#: the GM's own directive words (a failure to parse one of these is the GM's error)
GM_WORDS = ("活躍", "声援", "代理", "代行")


def suggest_word(word: str, variant: str) -> str | None:
    """The player command word a mistyped ``word`` most likely meant (「予相」→「予想」), or
    None: the closest by difflib among the variant's player words, half the letters alike."""

    words = [w for w in command_words(variant) if not w.startswith(GM_WORDS)]
    close = difflib.get_close_matches(nfkc(word).strip(), words, n=1, cutoff=0.5)
    return close[0] if close else None


def is_gm_word(text: str) -> bool:
    return text.lstrip().startswith(GM_WORDS)


_COUNT_RE = re.compile(r"^\s*[0-9]+\s*株?\s*$")


@cache
def quiet_heads(variant: str) -> QuietHeads:
    """The shortcut of ``command_hint`` for the bulk of chat (``quiet.QuietHeads``): a
    text with no '@' sign whose first character maps to True is no command.  Asked in
    ``command_hint`` only; tests hold the hint equal to the hint without it."""
    from .quiet import QuietHeads

    return QuietHeads(frozenset(w[0] for w in command_words(variant)))


@cache
def _hint_firsts(variant: str) -> frozenset[str]:
    """The first characters a command can open with once normalized (its words', a digit)."""
    return frozenset(w[0] for w in command_words(variant)) | frozenset("0123456789")


@cache
def command_hint(variant: str) -> Callable[[str], bool]:
    """A cheap test, True exactly when _locate_command would find something: the same
    three triggers ('@', a command word opening the line, a bare share count) in one
    compiled search over the NFKC text, normalizing only lines that are not NFKC already
    (most chat is), after the shortcuts of ``quiet.QuietHeads`` (no '@' sign and a first
    character that opens no command, or a digit that only a share count opens followed by
    a character no count holds: most chat).  It runs on every chat line; the tests
    hold it equal to the slow path."""
    _before_at, opening = _command_regexes(variant)
    starts = re.compile(f"(?:{opening.pattern})|{_COUNT_RE.pattern}").match
    from .quiet import AT_SIGNS

    firsts = _hint_firsts(variant)
    heads = quiet_heads(variant)
    at, at_small, at_wide = AT_SIGNS
    normalized = unicodedata.is_normalized
    normalize = unicodedata.normalize

    def hint(text: str) -> bool:
        if at not in text and at_wide not in text and at_small not in text and (
                heads[text[:1]] or not heads.counts(text)):
            return False
        if not normalized("NFKC", text):
            text = normalize("NFKC", text)
        if "@" in text:
            return True
        s = text.lstrip()  # the alternation is slow to fail: look at the first char first
        return bool(s) and s[0] in firsts and starts(s) is not None

    return hint


def find_command(text: str, variant: str) -> tuple[int, str] | None:
    """Where a command starts in a line, and why it counts as command-like.

    Returns ``(offset, how)`` with how in ``keyword`` (a command word before '@'),
    ``unknown_word`` (a short unknown word before '@', likely a typo), ``bare_keyword``
    (a command word with no '@'), ``count`` (a bare share count); None for chatter.
    """
    if not command_hint(variant)(text):
        return None
    return _locate_command(text, variant)


@cache
def _command_regexes(variant: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(a command word ending the text before '@', a command word opening the line)."""
    alts = "|".join(re.escape(w) for w in command_words(variant))  # longest first
    return re.compile(f"(?:{alts})\\s*$"), re.compile(f"\\s*(?:{alts})(?:\\s|$)")


def _locate_command(text: str, variant: str) -> tuple[int, str] | None:
    """find_command without the cheap pre-check (the tests hold the two equal)."""
    norm = nfkc(text)
    before_at, opening = _command_regexes(variant)
    at = norm.find("@")
    while at >= 0:
        m = before_at.search(norm, 0, at)
        found: tuple[int, str] | None = (m.start(), "keyword") if m is not None else None
        stripped = norm[:at].strip()
        if found is None and stripped and len(stripped) <= 6 and not re.search(r"\s", stripped):
            found = (len(norm[:at]) - len(norm[:at].lstrip()), "unknown_word")
        if found is None:
            break
        if not quoted(norm, found[0], at):
            return found
        at = norm.find("@", at + 1)  # input.quote: chatter; a later command may be one
    if opening.match(norm):
        return (len(norm) - len(norm.lstrip()), "bare_keyword")
    if _COUNT_RE.match(norm):
        return (0, "count")
    return None
