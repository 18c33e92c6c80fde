"""Names in chat → the roster's canonical names.

Every name, alias and extra target (``GM``, ``男性``…) is looked up by its
:func:`~adjudicator.normalize.name_key`, so full/half width, case, spaces and
katakana/hiragana differences do not matter.  One trailing honorific may follow a name.
A key shared by two targets is not an error until someone uses it.

Every target has a kind: ``player`` for the roster's entries, and for each extra target
the kind its variant gives (``society``, ``gender``, ``team``; ``gm`` for the GM token;
``word`` by default).  A lookup may name the kinds its place takes: a speaker is looked
up among players only, a command's slot among the kinds that slot takes, so that a
player named クロノ is never confused with the society クロノマター (short form クロノ)
where only a player can stand.  A name is ambiguous only among candidates of the kinds
asked for.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Collection, Iterator, Mapping, Sequence

from adjudicator.errors import AmbiguousNameError, UnknownNameError
from adjudicator.normalize import HONORIFICS, name_key, nfkc

__all__ = ["Roster", "PLAYER"]

PLAYER = "player"
_SHADOW = "\x00"  # the inner key of an extra target spelt like a player
_KIND_WORD = {"society": "結社", "gender": "性別", "team": "チーム", "gm": "GM",
              "word": "ことば"}

# Honorific keys, longest first (katakana forms fold onto the hiragana ones).
_HONORIFIC_KEYS: tuple[str, ...] = tuple(
    sorted({name_key(h) for h in HONORIFICS}, key=lambda k: (-len(k), k))
)


# Starters that canonically compose with the character before them (besides Hangul
# medial vowels and final consonants): a name key cannot be built char by char across them.
_JOINS_BACK = frozenset(
    chr(cp)
    for cp in (
        0x09BE, 0x09D7, 0x0B3E, 0x0B56, 0x0B57, 0x0BBE, 0x0BD7, 0x0CC2, 0x0CD5, 0x0CD6,
        0x0D3E, 0x0D57, 0x0DCF, 0x0DDF, 0x0FB5, 0x0FB7, 0x102E, 0x1B35, 0x11127, 0x1133E,
        0x11357, 0x114B0, 0x114BA, 0x114BD, 0x115AF, 0x11930,
    )
)  # fmt: skip
_PIECES: dict[str, tuple[str, bool]] = {}


def _piece(ch: str) -> tuple[str, bool]:
    """``(name_key(ch), joins)``; ``joins`` when NFKC may merge ``ch`` into what precedes it
    (ﾀ + ﾞ → ダ), so the key of ``text[:i]`` is not the keys of its characters joined."""
    found = _PIECES.get(ch)
    if found is None:
        first = nfkc(ch)[:1]
        joins = (
            not first
            or unicodedata.combining(first) != 0
            or first in _JOINS_BACK
            or "\u1161" <= first <= "\u1175"
            or "\u11a8" <= first <= "\u11c2"
        )
        found = (name_key(ch), joins)
        if len(_PIECES) < 20_000:
            _PIECES[ch] = found
    return found


def _prefix_keys(text: str, start: int) -> Iterator[tuple[int, str, bool]]:
    """For ``end`` = start+1, start+2…: ``(end, name_key(text[start:end]), cut_ok)``.

    Keys are built incrementally (exactly, falling back to :func:`name_key` after a
    joining character); ``cut_ok`` is false when the next character would merge into
    the last one, so ``text[start:end]`` is not a whole prefix (ﾀ|ﾞ).
    """
    key = ""
    for end in range(start + 1, len(text) + 1):
        piece, joins = _piece(text[end - 1])
        key = name_key(text[start:end]) if joins else key + piece
        yield end, key, end == len(text) or not _piece(text[end])[1]


class Roster:
    """The players' canonical names and aliases, plus fixed extra targets.

    ``entries`` are ``(canonical name, aliases)``; ``extra`` maps a key text to a fixed
    target token (``{"GM": "GM", "男性": "男性"}``).  Extras are targets like players:
    :meth:`resolve` and :meth:`match_prefix` return their token.
    """

    def __init__(
        self,
        entries: Sequence[tuple[str, Sequence[str]]],
        extra: Mapping[str, str] | None = None,
        kinds: Mapping[str, str] | None = None,
    ) -> None:
        self.names: tuple[str, ...] = tuple(name for name, _ in entries)
        #: the kind of every target (players: "player"; extras: ``kinds`` or "word")
        self.kind: dict[str, str] = {}
        players = set(self.names)
        # an extra whose token is also a player's name (a player named 男 in a village of
        # 男/女 bets) stays a target of its own: kept as _SHADOW + token, given back as token
        for token in (extra or {}).values():
            self.kind[_SHADOW + token if token in players else token] = (
                (kinds or {}).get(token, "word"))
        for name in self.names:
            self.kind[name] = PLAYER
        exact: dict[str, list[str]] = {}

        def add(text: str, target: str) -> None:
            key = name_key(text)
            if key and target not in exact.setdefault(key, []):
                exact[key].append(target)

        for name, aliases in entries:
            if not name_key(name):
                raise ValueError(f"empty player name: {name!r}")
            add(name, name)
            for alias in aliases:
                add(alias, name)
        for text, token in (extra or {}).items():
            add(text, _SHADOW + token if token in self.names else token)
        self._exact: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in exact.items()}
        # Every key with and without one honorific; an exact key wins over name+honorific.
        self._prefix: dict[str, tuple[str, ...]] = {}
        for key, targets in self._exact.items():
            for hon in _HONORIFIC_KEYS:
                composite = key + hon
                if composite not in self._exact:
                    merged = self._prefix.get(composite, ()) + targets
                    self._prefix[composite] = tuple(dict.fromkeys(merged))
        self._prefix.update(self._exact)
        self._max_key = max((len(k) for k in self._prefix), default=0)

    def _targets(self, key: str) -> tuple[str, ...]:
        if key in self._exact:
            return self._exact[key]
        for hon in _HONORIFIC_KEYS:
            if key.endswith(hon) and key[: -len(hon)] in self._exact:
                return self._exact[key[: -len(hon)]]
        return ()

    def _of_kinds(self, targets: tuple[str, ...], kinds: Collection[str] | None,
                  strict: bool) -> tuple[str, ...]:
        """``targets`` of the ``kinds`` asked for.  Not ``strict``: the kinds only break a
        tie (one name, two candidates: the one of the slot's kind is meant); a single
        candidate of another kind stays, for the rules to refuse with their reason."""
        if kinds is None or (not strict and len(targets) <= 1):
            return targets
        mine = tuple(t for t in targets if self.kind.get(t, PLAYER) in kinds)
        return mine if (strict or mine) else targets

    def resolve(self, text: str, kinds: Collection[str] | None = None) -> str:
        """The target the whole ``text`` names: exact key first, then one honorific stripped;
        with ``kinds``, only targets of those kinds (a speaker: ``{"player"}``).

        Raises :class:`UnknownNameError` (with suggestions) or :class:`AmbiguousNameError`.
        """
        targets = self._of_kinds(self._targets(name_key(text)), kinds, strict=True)
        if not targets:
            raise UnknownNameError(text, self.suggestions(text))
        if len(targets) > 1:
            raise AmbiguousNameError(text, self._shown(targets))
        return targets[0].removeprefix(_SHADOW)

    def match_prefix(self, text: str, kinds: Collection[str] | None = None
                     ) -> tuple[str, int] | None:
        """The longest name (or alias or extra, with one optional honorific) starting ``text``.

        Returns ``(target, consumed)`` where ``consumed`` counts characters of the original
        ``text``: leading whitespace and the honorific included, trailing whitespace not.
        ``None`` when no name starts the text; :class:`AmbiguousNameError` when the longest
        match fits several targets (of ``kinds``, when the slot's kinds are given).
        """
        start = len(text) - len(text.lstrip())
        best: tuple[int, tuple[str, ...]] | None = None
        for end, key, cut_ok in _prefix_keys(text, start):
            if len(key) > self._max_key:
                break
            targets = self._prefix.get(key)
            if targets and cut_ok:
                best = (end, targets)
        if best is None:
            return None
        end, targets = best
        targets = self._of_kinds(targets, kinds, strict=False)
        while text[end - 1].isspace():
            end -= 1
        if len(targets) > 1:
            raise AmbiguousNameError(text[start:end], self._shown(targets), end=end)
        return targets[0].removeprefix(_SHADOW), end

    def _shown(self, targets: tuple[str, ...]) -> list[str]:
        """Candidates as a person reads them: a word spelt like a player is marked so."""
        return sorted(f"{t[1:]}（{_KIND_WORD.get(self.kind.get(t, ''), 'ことば')}）"
                      if t.startswith(_SHADOW) else t for t in targets)

    def shared(self, kinds: Collection[str]) -> list[tuple[str, tuple[tuple[str, str], ...]]]:
        """The names (as keys) that fit two or more targets of ``kinds``, with each
        target as ``(token, kind)``."""
        out = []
        for key, targets in sorted(self._exact.items()):
            mine = tuple((t.removeprefix(_SHADOW), self.kind.get(t, PLAYER)) for t in targets
                         if self.kind.get(t, PLAYER) in kinds)
            if len(mine) > 1:
                out.append((key, mine))
        return out

    def suggestions(self, text: str) -> list[str]:
        """Up to three targets whose keys are close to ``text`` (for an error message)."""
        key = name_key(text)
        probes = [key] + [key[: -len(h)] for h in _HONORIFIC_KEYS if key.endswith(h)]
        found: list[str] = []
        for probe in probes:
            for close in difflib.get_close_matches(probe, self._exact, n=6, cutoff=0.6):
                found.extend(t.removeprefix(_SHADOW) for t in self._exact[close]
                             if t.removeprefix(_SHADOW) not in found)
        return found[:3]
