"""Variant registry: variant name -> the module and class that implement it (imported
only when a game of that variant is resolved).

This table is the only list of villages in the program: everything else that differs
between them (the Japanese name, the deal, the seal, the desk's roster columns…) is an
attribute or hook of the Variant class, kept in the game's own package.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from ..errors import ConfigError

#: variant name -> (package under adjudicator.games, Variant class name)
REGISTRY: dict[str, tuple[str, str]] = {
    "derby-stock": ("derby_stock", "DerbyStock"),
    "secret-society": ("secret_society", "SecretSociety"),
    "splatoon": ("splatoon", "Splatoon"),
    "genpei": ("genpei", "Genpei"),
    "majora": ("majora", "Majora"),
    "trapword": ("trapword", "TrapWord"),
    "plain-werewolf": ("plain_werewolf", "PlainWerewolf"),
}
IMPLEMENTED = tuple(REGISTRY)


def get_variant(name: str, source: str = "game.toml") -> Any:
    """The Variant class registered under ``name``; ConfigError naming ``source`` if none."""
    try:
        module, cls = REGISTRY[name]
    except KeyError:
        raise ConfigError(source, [
            f"variant: {name!r} is not implemented yet (implemented: {', '.join(IMPLEMENTED)})"
        ]) from None
    return getattr(import_module(f".{module}", __name__), cls)


def name_ja(name: str) -> str:
    """The Japanese name of variant ``name`` (its Variant's ``name_ja``), as a host writes
    it in a title; an unregistered name is returned as it is."""
    return str(get_variant(name).name_ja) if name in REGISTRY else name


def names_ja() -> dict[str, str]:
    """Every registered variant -> its Japanese name, in the registry's order."""
    return {v: name_ja(v) for v in REGISTRY}
