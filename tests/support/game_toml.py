"""Edits of a game.toml read as a dict (``tomllib``'s ``raw``), for the tests that make a
setup problem in a fixture game: each game's cases (``CONFIG_PROBLEMS`` in
``tests/support/<package>.py``) are written with these."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Raw = dict[str, Any]
Edit = Callable[[Raw], Any]


def player(raw: Raw, i: int) -> dict[str, Any]:
    """The ``i``-th [[players]] row (from 0)."""
    return raw["players"][i]  # type: ignore[no-any-return]


def setp(i: int, **kw: Any) -> Edit:
    """Set the keys of the ``i``-th player (``None`` removes a key)."""
    def do(raw: Raw) -> None:
        for k, v in kw.items():
            if v is None:
                player(raw, i).pop(k, None)
            else:
                player(raw, i)[k] = v
    return do


def opt(**kw: Any) -> Edit:
    """Set [options] keys."""
    return lambda raw: raw.setdefault("options", {}).update(kw)


def drop(i: int) -> Edit:
    """Remove the ``i``-th player."""
    return lambda raw: raw["players"].pop(i)


def every(*fs: Edit) -> Edit:
    """All of ``fs``, in order."""
    def do(raw: Raw) -> None:
        for f in fs:
            f(raw)
    return do


def who(raw: Raw, **match: Any) -> list[int]:
    """The indexes of the players whose keys are ``match``."""
    return [i for i, p in enumerate(raw["players"])
            if all(p.get(k) == v for k, v in match.items())]
