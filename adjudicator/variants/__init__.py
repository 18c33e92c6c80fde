"""Variant registry: variant name -> class."""

from __future__ import annotations

from typing import Any

from ..errors import ConfigError


def get_variant(name: str) -> Any:
    """The Variant class registered under ``name``."""
    if name == "derby-stock":
        from .derby_stock import DerbyStock

        return DerbyStock
    if name == "splatoon":
        from .splatoon import Splatoon

        return Splatoon
    if name == "trapword":
        from .trapword import TrapWord

        return TrapWord
    raise ConfigError("game.toml", [f"variant: {name!r} is not implemented yet"])


IMPLEMENTED = ("derby-stock", "splatoon", "trapword")
