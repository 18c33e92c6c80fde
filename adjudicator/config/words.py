"""game.toml in the GM's words: every enumerated value (a player's gender, society,
colour, faction, role; an option's choice) may be written with the seed's word or the
English value.

Each game keeps its vocabulary table on its Variant class (``config_words``: key such as
``players.colour`` or ``options.tie`` -> {word: value}); the value is what the JSON
contract and the engine use.  :func:`translate` rewrites a raw game.toml (as tomllib
read it) before validation, so a game written in Japanese resolves byte-identically to
the same game written with the English values.  A word not in the table is left alone
(validation then names what is accepted, in Japanese: adjudicator.config.problems).
"""

from __future__ import annotations

from typing import Any

Table = dict[str, dict[str, str]]
#: keys the game reads in either language itself, kept as written (the 配役's seal is
#: made over the roles as game.toml spells them): listed for the messages and the test
KEPT_AS_WRITTEN = frozenset({"players.role", "players.weapon"})


def table(variant: str) -> Table:
    """The vocabulary of ``variant`` (empty for an unknown variant)."""
    from ..games import REGISTRY, get_variant

    if variant not in REGISTRY:
        return {}
    words: Table = get_variant(variant).config_words
    return words


def translate(raw: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``raw`` with every word of the variant's table turned into its value."""
    variant = raw.get("variant")
    words = table(variant) if isinstance(variant, str) else {}
    if not words:
        return raw
    out = dict(raw)

    def one(key: str, value: Any) -> Any:
        known = words.get(key)
        if known is None or key in KEPT_AS_WRITTEN or not isinstance(value, str):
            return value
        return known.get(value.strip(), value)

    players = raw.get("players")
    if isinstance(players, list):
        out["players"] = [{k: one(f"players.{k}", v) for k, v in p.items()}
                          if isinstance(p, dict) else p for p in players]
    options = raw.get("options")
    if isinstance(options, dict):
        out["options"] = {k: one(f"options.{k}", v) for k, v in options.items()}
    return out


def word_for(variant: str, key: str, value: Any) -> Any:
    """The Japanese word game.toml is written with for ``value`` of ``key``
    (``players.faction``, "heike" -> 「平氏」): the table's first word that is not the
    English value; ``value`` itself when the table has none (a number, a bool, a word
    already Japanese)."""
    if not isinstance(value, str):
        return value
    for word, v in table(variant).get(key, {}).items():
        if v == value and not word.isascii():
            return word
    return value


def value_of(variant: str, key: str, word: Any) -> Any:
    """The engine's value of a word of ``key`` (either language): 「平氏」 -> "heike"."""
    if not isinstance(word, str):
        return word
    return table(variant).get(key, {}).get(word.strip(), word)
