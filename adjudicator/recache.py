"""Compiled regular expressions kept from one run to the next (the private cache).

``re.compile`` parses a pattern and generates its matching code in Python
(``re._parser``, ``re._compiler``): some 5,000 to 25,000 instructions a character, and
a start compiles the same patterns every time — Lark's lexer its per-state alternations
of the grammar's terminals (about 60 M instructions for a derby game), the chat readers
theirs (``lazyre``, about 50 M).  Only the last step is C: ``_sre.compile`` makes the
pattern object from the generated code.  This module keeps, per pattern and flags, what
that step is given (the flags, the code, the group count and names), in one marshalled
file a group in the user's private cache folder, and later runs make the pattern
from it directly.

What keeps it equal to ``re.compile``:
- a miss is compiled by ``re.compile`` itself (that pattern is the one used), then the
  same steps are run again by hand (``_parser.parse``, ``_code``, the group maps) and
  their result is kept only when it compares equal (``==``: CPython compares flags,
  pattern and code) to ``re.compile``'s: a Python whose internals differ keeps nothing;
  a test holds every pattern kept so;
- the file is named by Python's exact version and ``_sre``'s magic and code size (the
  code format belongs to one build), read only when ``fsio.trusted_file`` vouches for it
  (marshal data is trusted input, as Jinja's bytecode), and anything unexpected in it
  (or a Python whose ``re`` internals differ) falls back to ``re.compile``;
- only patterns that do not depend on the input are kept (the grammar's, the readers'),
  at most ``LIMIT`` a group, a file a group (``lazy`` for ``lazyre``'s, ``parser``,
  ``lark-<variant>`` for a variant's lexer), so that a command reads only what it uses;
  a file is written once, as the command finishes, and only when a pattern was new.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
from pathlib import Path
from typing import Any

#: patterns kept at most, a group (the package's own come to a few dozen a group)
LIMIT = 1000

_Entry = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]
#: group -> (pattern, flags) -> entry; a group is read from its file on its first use
_kept: dict[str, dict[tuple[str, int], _Entry]] = {}
_dirty: set[str] = set()
_added = False


def cache_file(group: str) -> Path | None:
    """Where a group's compiled patterns of this Python are kept (one file a group, so
    that a command reads only the groups it compiles from: ``read`` never reads Lark's);
    None: no cache folder."""
    import _sre
    import zlib  # not hashlib: ``read`` imports no hashlib (OpenSSL's, ~11 M instructions)

    from .privcache import cache_dir

    folder = cache_dir()
    if folder is None:
        return None
    key = zlib.crc32(f"{sys.version}\0{_sre.MAGIC}\0{_sre.CODESIZE}".encode())
    return folder / f"re-{key:08x}-{group}.marshal"


def _load(group: str) -> dict[tuple[str, int], _Entry]:
    kept = _kept.get(group)
    if kept is None:
        kept = _kept[group] = {}
        try:
            path = cache_file(group)
            from .privcache import trusted_file

            if path is not None and trusted_file(path):
                import marshal

                with open(path, "rb") as f:
                    data = marshal.loads(f.read())
                if isinstance(data, dict):
                    kept = _kept[group] = data
        except Exception:  # no cache, or a damaged one: patterns are compiled anew
            pass
    return kept


def _generate(pattern: str, flags: int) -> _Entry:
    """What ``re._compiler.compile`` hands ``_sre.compile`` for a str pattern."""
    from re import _compiler, _parser  # type: ignore[attr-defined]

    parsed = _parser.parse(pattern, flags)
    code = _compiler._code(parsed, flags)
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, i in groupindex.items():
        indexgroup[i] = name
    # the opcodes are int subclasses (``_NamedIntConstant``): plain ints for marshal
    return (int(flags | parsed.state.flags), [int(c) for c in code],
            int(parsed.state.groups - 1), groupindex, tuple(indexgroup))


def compile(pattern: str, flags: int = 0, group: str = "misc") -> re.Pattern[str]:
    """``re.compile(pattern, flags)`` for a ``str`` pattern, from the code kept in
    ``group``'s file when this Python kept it before."""
    import _sre

    flags = int(flags)
    if not isinstance(pattern, str) or flags & re.DEBUG:
        return re.compile(pattern, flags)
    kept = _load(group)
    entry = kept.get((pattern, flags))
    if entry is not None:
        try:
            return _sre.compile(pattern, *entry)  # type: ignore[no-any-return]
        except Exception:  # not this build's code after all
            del kept[(pattern, flags)]
    # a miss: the pattern is re's own; what is kept is checked equal to it first, so a
    # Python whose re internals generate something else keeps nothing (and loses nothing)
    compiled = re.compile(pattern, flags)
    try:
        entry = _generate(pattern, flags)
        if _sre.compile(pattern, *entry) != compiled:
            return compiled
    except Exception:  # re's internals are not what this module knows
        return compiled
    if len(kept) < LIMIT:
        kept[(pattern, flags)] = entry
        _dirty.add(group)
        _keep_at_finish()
    return compiled  # type: ignore[no-any-return]


def _keep_at_finish() -> None:
    global _added
    if not _added:
        _added = True
        from .finish import at_finish

        at_finish(_write)


def _write() -> None:
    """The groups that gained a pattern, each written through a temporary file beside
    it and a rename (``fsio.write_atomic``'s way; ``fsio`` itself uses ``lazyre``,
    which uses this module)."""
    import marshal
    import tempfile

    for group in sorted(_dirty):
        path = cache_file(group)
        if path is None:
            return
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp",
                                       dir=path.parent)
        except OSError:  # a cache folder that cannot be written: the patterns stay unkept
            return
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(marshal.dumps(_kept[group]))
            os.replace(tmp, path)
        except OSError:  # disk full, a folder made read-only meanwhile: nothing is kept
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    _dirty.clear()


class ReModule:
    """The ``re`` module with ``compile`` and ``match`` from this cache's ``group``:
    what Lark's lexer is given as its regular-expression module (``larkrt``, a group a
    variant); every other name is ``re``'s own."""

    def __init__(self, group: str) -> None:
        self.group = group

    def compile(self, pattern: str, flags: int = 0) -> re.Pattern[str]:
        return compile(pattern, flags, self.group)

    def match(self, pattern: str, string: str, flags: int = 0) -> re.Match[str] | None:
        return compile(pattern, flags, self.group).match(string)

    def __getattr__(self, name: str) -> Any:
        return getattr(re, name)
