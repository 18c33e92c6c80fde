"""The new-game form filled in as a Japanese GM does: every value in the seed's words
(no English), from a fixture game's game.toml.  The columns are the game's own
(``roster_columns``) and each value's word comes from the game's own table
(``config_words``): nothing here names a game."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from adjudicator.games import get_variant
from tests.support import form_fixture, registered

#: one fixture game per variant, the form is filled in from (each game's FORM_FIXTURE)
FORM_GAMES = {v: form_fixture(v) for v in registered()}


def _word(game: Any, column: str, value: Any) -> str:
    """A roster cell in the seed's words: the first Japanese word of the game's table
    for ``value`` (a value already Japanese stays as written); ○ for a true flag."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "○" if value else ""
    text = str(value)
    if not text.isascii():
        return text
    words = game.config_words.get(f"players.{column}", {})
    return next((w for w, v in words.items() if v == text and not w.isascii()), text)


def _value(game: Any, p: dict[str, Any], column: str) -> Any:
    """The player's value of ``column``; a key the deal also strips stands in for it
    (a special written in the weapon's place)."""
    if column in p:
        return next((p[k] for k in game.deal_strips if p.get(k)), p[column])
    return next((p[k] for k in game.deal_strips if p.get(k)), None)


def japanese_form(fixture: Path) -> dict[str, str]:
    """``variant``, ``gm`` and ``roster`` of the form, in Japanese only."""
    cfg = tomllib.loads((fixture / "game.toml").read_text(encoding="utf-8"))
    variant = cfg["variant"]
    game = get_variant(variant)
    rows = []
    if game.plays_in_teams:
        rows = [f"{t['name']}: " + ", ".join(t["members"]) for t in cfg["teams"]]
    for p in cfg.get("players", []):
        cells = [p["name"]]
        cells += [_word(game, c, _value(game, p, c)) for c in game.roster_columns]
        if p.get("aliases"):
            cells.append("別名=" + "/".join(p["aliases"]))
        rows.append(", ".join(cells))
    return {"variant": variant, "gm": ", ".join(cfg.get("gm", ["GM"])),
            "roster": "\n".join(rows), "seed": str(cfg.get("seed", 1))}


def names_form(fixture: Path) -> dict[str, str]:
    """The form of ``japanese_form`` with the roster's dealt columns left empty (the
    game's ``sealed_fields`` and ``deal_strips``): names, and what the deal needs besides
    (a derby player's gender), for the 配役 by lot after the creation.  A game with
    nothing to deal keeps its roster (Trap Word's teams)."""
    form = japanese_form(fixture)
    cfg = tomllib.loads((fixture / "game.toml").read_text(encoding="utf-8"))
    game = get_variant(cfg["variant"])
    if not game.sealed_fields:
        return form
    dealt = {*game.sealed_fields, *game.deal_strips}
    rows = []
    for p in cfg.get("players", []):
        cells = [p["name"]]
        cells += ["" if c in dealt else _word(game, c, _value(game, p, c))
                  for c in game.roster_columns]
        while len(cells) > 1 and not cells[-1]:
            cells.pop()
        rows.append(", ".join(cells))
    return {**form, "roster": "\n".join(rows)}
