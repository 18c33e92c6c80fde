"""Who is who across games: ``players.toml`` beside the archive ties the names, aliases
and Discord ids of different games to one person, and names who asked out (opt-out).

```toml
[[person]]
name = "たろう"                    # shown on the site
aliases = ["太郎", "Taro🍣"]        # names used in games (folded as the roster folds)
discord = ["123456789012345678"]   # Discord user ids
opt_out = false                    # true: 「匿名」 everywhere, no page
```

A player of a game is matched by Discord id first, then by any of the game's names for
them (the seat's name and the game's aliases) folded as the roster folds names
(``normalize.name_key``: width, case, spaces, katakana and hiragana); one not in the file
is a person of their own, keyed by the folded name.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import UsageError
from ..normalize import name_key

ANONYMOUS = "匿名"


@dataclass(frozen=True, slots=True)
class Person:
    key: str  # stable: the folded display name
    name: str
    aliases: tuple[str, ...] = ()
    discord: tuple[str, ...] = ()
    opt_out: bool = False

    @property
    def slug(self) -> str:
        """The page's file name: ASCII, stable, never the name itself (a name may hold
        characters a host mangles)."""
        return "p-" + hashlib.sha256(self.key.encode("utf-8")).hexdigest()[:12]

    @property
    def shown(self) -> str:
        return ANONYMOUS if self.opt_out else self.name


@dataclass
class People:
    """The people of ``players.toml`` and the opt-outs of the command line."""

    listed: list[Person] = field(default_factory=list)
    opt_out: set[str] = field(default_factory=set)  # folded names
    _by_key: dict[str, Person] = field(default_factory=dict)
    _by_discord: dict[str, Person] = field(default_factory=dict)
    _seen: dict[str, Person] = field(default_factory=dict)
    _memo: dict[tuple[tuple[str, ...], str], Person] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for p in self.listed:
            for n in (p.name, *p.aliases):
                self._by_key.setdefault(name_key(n), p)
            for d in p.discord:
                self._by_discord.setdefault(d, p)

    def find(self, names: list[str], discord: str = "") -> Person:
        """The person a game's player is (their names in that game, their Discord id)."""
        memo = (tuple(names), discord)
        hit = self._memo.get(memo)
        if hit is not None and not (not hit.opt_out and self._seen.get(hit.key, hit).opt_out):
            return hit
        p = self._find(names, discord)
        self._memo[memo] = p
        return p

    def _find(self, names: list[str], discord: str) -> Person:
        p = self._by_discord.get(discord) if discord else None
        if p is None:
            p = next((self._by_key[k] for k in map(name_key, names) if k in self._by_key), None)
        if p is None:
            key = name_key(names[0])
            p = self._seen.get(key)
            if p is None:
                p = self._seen[key] = Person(key=key, name=names[0])
        if not p.opt_out and any(name_key(n) in self.opt_out for n in (p.name, *p.aliases,
                                                                        *names)):
            p = Person(key=p.key, name=p.name, aliases=p.aliases, discord=p.discord,
                       opt_out=True)
            for k in (p.key, *map(name_key, p.aliases)):
                self._by_key[k] = p
            self._seen[p.key] = p
        return p

    @property
    def hiding(self) -> bool:
        """Anyone asked out (no name needs replacing otherwise)."""
        return bool(self.opt_out) or any(p.opt_out for p in self.listed)

    def digest(self) -> str:
        """What the pages depend on of the mapping (a change rebuilds every page)."""
        text = repr(sorted((p.key, p.name, p.aliases, p.discord, p.opt_out) for p in self.listed))
        return hashlib.sha256((text + repr(sorted(self.opt_out))).encode("utf-8")).hexdigest()


def _strings(v: Any, where: str) -> tuple[str, ...]:
    if v is None:
        return ()
    if isinstance(v, str):
        return (v,)
    if isinstance(v, list) and all(isinstance(x, str | int) for x in v):
        return tuple(str(x) for x in v)
    raise UsageError(f"players.toml: {where} must be a list of strings",
                     f"players.toml の{where}は文字の一覧で書いてください")


def load_people(path: Path | None, opt_out: Iterable[str] = ()) -> People:
    """``players.toml`` (absent: nobody listed) and the command line's opt-outs; a problem
    is one Japanese line naming the entry."""
    listed: list[Person] = []
    if path is not None and path.is_file():
        try:
            raw = tomllib.loads(path.read_text(encoding="utf-8-sig"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
            raise UsageError(f"players.toml is not valid TOML: {err}",
                             f"players.toml が読めません（TOMLの書き方の誤り）：{err}") from None
        entries = raw.get("person", [])
        if not isinstance(entries, list):
            raise UsageError("players.toml: [[person]] entries expected",
                             "players.toml は [[person]] の並びで書いてください")
        for i, e in enumerate(entries, 1):
            where = f"{i}人目"
            if not isinstance(e, dict) or not isinstance(e.get("name"), str) or not \
                    e["name"].strip():
                raise UsageError(f"players.toml: person {i} has no name",
                                 f"players.toml の{where}に name がありません")
            unknown = set(e) - {"name", "aliases", "discord", "opt_out"}
            if unknown:
                raise UsageError(f"players.toml: person {i}: unknown keys {sorted(unknown)}",
                                 f"players.toml の{where}（{e['name']}）に使えないキーがあります："
                                 + "、".join(sorted(unknown)))
            if not isinstance(e.get("opt_out", False), bool):
                raise UsageError(f"players.toml: person {i}: opt_out is true or false",
                                 f"players.toml の{where}（{e['name']}）の opt_out は true か "
                                 "false で書いてください")
            name = e["name"].strip()
            listed.append(Person(key=name_key(name), name=name,
                                 aliases=_strings(e.get("aliases"), f"{where}の aliases"),
                                 discord=_strings(e.get("discord"), f"{where}の discord"),
                                 opt_out=bool(e.get("opt_out", False))))
    return People(listed=listed, opt_out={name_key(n) for n in opt_out if n.strip()})
