"""game.toml checks of Trap Word: [[teams]] instead of [[players]], and the options."""

from __future__ import annotations

from typing import Any

from ...config import GameConfig
from ...normalize import name_key

CHOICES: dict[str, tuple[Any, ...]] = {
    "advanced": (True, False), "answer_by_reading": (True, False),
    "trap_mode": ("call", "auto"), "strict_proper_nouns": (True, False),
    "single_winner": (True, False),
}
POSITIVE_INTS = ("curses", "hourglass_seconds", "call_window_seconds", "answer_limit")


def problems(cfg: GameConfig, defaults: dict[str, Any]) -> list[str]:
    """Every problem of a trapword game.toml, one line each, naming the key."""
    out: list[str] = []
    if cfg.players:
        out.append("players: trapword has no [[players]]; list members under [[teams]]")
    if len(cfg.teams) != 2:
        out.append(f"teams: {len(cfg.teams)} [[teams]]; トラップワード needs exactly 2 "
                   "(tw.setup.teams)")
    if sum(t.first for t in cfg.teams) > 1:
        out.append("teams: more than one team has first = true (tw.setup.teams)")
    seen: dict[str, str] = {}
    for i, t in enumerate(cfg.teams, 1):
        for m in t.members:
            key = name_key(m)
            if key in seen:
                out.append(f"teams[{i}] ({t.name}).members: {m!r} is already in team "
                           f"{seen[key]!r}")
            seen[key] = t.name
        if len(t.members) < 2:
            out.append(f"teams[{i}] ({t.name}).members: a team needs a hint-giver and at "
                       "least one answerer (2 members or more)")
    names = [t.name for t in cfg.teams]
    if len(set(names)) != len(names):
        out.append("teams: two teams share a name")
    for key, value in cfg.options.items():
        if key not in defaults:
            out.append(f"options.{key}: unknown option; expected one of "
                       + ", ".join(defaults))
        elif key in CHOICES and value not in CHOICES[key]:
            out.append(f"options.{key}: got {value!r}; expected one of "
                       + ", ".join(repr(v) for v in CHOICES[key]))
        elif key in POSITIVE_INTS and (not isinstance(value, int) or isinstance(value, bool)
                                       or value < (0 if key == "curses" else 1)):
            out.append(f"options.{key}: got {value!r}; expected a positive whole number")
    tiles = cfg.options.get("tiles", defaults["tiles"])
    if not (isinstance(tiles, list) and len(tiles) >= 2
            and all(isinstance(x, int) and x > 0 for x in tiles)):
        out.append(f"options.tiles: got {tiles!r}; expected a list of room numbers like "
                   "[3, 4, 5, 6, 7] (tw.setup.tiles)")
    words = cfg.options.get("words", [])
    if not (isinstance(words, list) and all(isinstance(w, str) and w.strip() for w in words)):
        out.append("options.words: expected a list of secret words")
    syn = cfg.options.get("synonyms", {})
    if not (isinstance(syn, dict) and all(isinstance(v, list) for v in syn.values())):
        out.append('options.synonyms: expected a table like { "科学" = ["SF"] }')
    deck = cfg.options.get("deck")
    if deck is not None:
        from .deck import parse_deck

        try:
            d = parse_deck(deck) if isinstance(deck, dict) else None
            if d is None:
                out.append("options.deck: expected a table ([options.deck]) with "
                           "[[options.deck.monsters]] and [[options.deck.curses]]")
        except ValueError as e:
            out.append(f"options.deck: {e}")
    monster = cfg.options.get("monster")
    if monster is not None:
        from .deck import parse_deck, sample_deck

        try:
            d = parse_deck(deck) if isinstance(deck, dict) else sample_deck()
            ids = [c.id for c in d.monsters]
            if monster not in ids:
                out.append(f"options.monster: {monster!r} is not a monster of the deck; "
                           "expected one of " + ", ".join(ids))
        except ValueError:
            pass
    return out
