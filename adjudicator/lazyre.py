"""Regular expressions compiled on their first use, not when their module is imported.

``lazy(pattern, flags)`` stands for ``re.compile(pattern, flags)``: the first time one of
the pattern's methods or attributes is asked for, the expression is compiled (through
``recache.compile``: ``re.compile``'s pattern, from the code kept in the private cache
when an earlier run compiled it; its errors are ``re``'s) and the compiled
pattern's methods are kept on the object, so later calls cost what a compiled pattern's
do.  For the patterns of the chat formats a command may never meet (a plain-text game
never needs LINE's or Discord's date shapes).
"""

from __future__ import annotations

import re
from typing import Any, cast

_KEPT = ("match", "fullmatch", "search", "sub", "subn", "findall", "finditer", "split",
         "scanner", "pattern", "flags", "groups", "groupindex")


class _Lazy:
    def __init__(self, pattern: str, flags: int) -> None:
        self._source = (pattern, flags)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):  # never compile for a copy's or a pickle's probes
            raise AttributeError(name)
        from .recache import compile

        compiled = compile(*self._source, group="lazy")
        for attr in _KEPT:
            setattr(self, attr, getattr(compiled, attr))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy({self._source[0]!r}, {self._source[1]!r})"


def lazy(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, done on first use."""
    return cast("re.Pattern[str]", _Lazy(pattern, flags))
