"""Compiled regular expressions kept from one run to the next (the private cache).

``re.compile`` parses a pattern and generates its matching code in Python
(``re._parser``, ``re._compiler``): some 5,000 to 25,000 instructions a character, and
a start compiles the same patterns every time — Lark's lexer its per-state alternations
of the grammar's terminals (about 60 M instructions for a derby game), the chat readers
theirs (``lazyre``, about 50 M).  Only the last step is C: ``_sre.compile`` makes the
pattern object from the generated code.  This module keeps, per pattern and flags, what
that step is given (the flags, the code, the group count and names), in one marshalled
file of the user's private cache folder, and later runs make the pattern from it
directly.

What keeps it equal to ``re.compile``:
- a miss runs ``re._compiler.compile``'s own steps (``_parser.parse``, ``_code``, the
  group maps), so a pattern from here compares equal (``==``: CPython compares flags,
  pattern and code) to ``re.compile``'s; a test holds it so for every pattern kept;
- the file is named by Python's exact version and ``_sre``'s magic and code size (the
  code format belongs to one build), read only when ``fsio.trusted_file`` vouches for it
  (marshal data is trusted input, as Jinja's bytecode), and anything unexpected in it
  (or a Python whose ``re`` internals differ) falls back to ``re.compile``;
- only patterns that do not depend on the input are kept (the grammar's, the readers'),
  at most ``LIMIT``; the file is written once, as the command finishes, and only when a
  pattern was new.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

#: patterns kept at most (the package's own come to about a hundred)
LIMIT = 1000

_Entry = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]
_kept: dict[tuple[str, int], _Entry] | None = None
_added = False


def cache_file() -> Path | None:
    """Where the compiled patterns of this Python are kept; None: no cache folder."""
    import _sre
    import hashlib

    from .privcache import cache_dir

    folder = cache_dir()
    if folder is None:
        return None
    key = hashlib.sha256(f"{sys.version}\0{_sre.MAGIC}\0{_sre.CODESIZE}".encode()
                         ).hexdigest()[:16]
    return folder / f"re-{key}.marshal"


def _load() -> dict[tuple[str, int], _Entry]:
    global _kept
    if _kept is None:
        _kept = {}
        try:
            path = cache_file()
            from .privcache import trusted_file

            if path is not None and trusted_file(path):
                import marshal

                with open(path, "rb") as f:
                    data = marshal.loads(f.read())
                if isinstance(data, dict):
                    _kept = data
        except Exception:  # no cache, or a damaged one: patterns are compiled anew
            _kept = {}
    return _kept


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


def compile(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)`` for a ``str`` pattern, from the kept code when
    this Python kept it before."""
    import _sre

    flags = int(flags)
    if not isinstance(pattern, str) or flags & re.DEBUG:
        return re.compile(pattern, flags)
    kept = _load()
    entry = kept.get((pattern, flags))
    if entry is not None:
        try:
            return _sre.compile(pattern, *entry)  # type: ignore[no-any-return]
        except Exception:  # not this build's code after all
            del kept[(pattern, flags)]
    try:
        entry = _generate(pattern, flags)
        compiled = _sre.compile(pattern, *entry)
    except re.error:
        raise
    except Exception:  # re's internals are not what this module knows
        return re.compile(pattern, flags)
    if len(kept) < LIMIT:
        kept[(pattern, flags)] = entry
        _keep_at_finish()
    return compiled  # type: ignore[no-any-return]


def match(pattern: str, string: str, flags: int = 0) -> re.Match[str] | None:
    """``re.match``, the pattern from ``compile``."""
    return compile(pattern, flags).match(string)


def _keep_at_finish() -> None:
    global _added
    if not _added:
        _added = True
        from .finish import at_finish

        at_finish(_write)


def _write() -> None:
    """The kept patterns, written through a temporary file beside the cache and a
    rename (``fsio.write_atomic``'s way; ``fsio`` itself uses ``lazyre``, which uses
    this module)."""
    import marshal
    import tempfile

    path = cache_file()
    if path is None or not _kept:
        return
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(marshal.dumps(_kept))
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


class ReModule:
    """The ``re`` module with ``compile`` and ``match`` from this cache: what Lark's
    lexer is given as its regular-expression module (``larkrt``); every other name is
    ``re``'s own."""

    compile = staticmethod(compile)
    match = staticmethod(match)

    def __getattr__(self, name: str) -> Any:
        return getattr(re, name)


RE = ReModule()
