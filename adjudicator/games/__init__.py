"""Variant registry: variant name -> the module and class that implement it (imported
only when a game of that variant is resolved)."""

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
    "trapword": ("trapword", "TrapWord"),
    "majora": ("majora", "Majora"),
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
