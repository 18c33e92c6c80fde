"""game.toml skeletons written by ``adjudicator new``: the game's own (its Variant's
``skeleton``), else the bundled sample of that game, else a minimal one."""

from __future__ import annotations


def werewolf_head(variant: str) -> str:
    """The top of a werewolf village's game.toml: the keys every game has and the base
    werewolf options (werewolf.md), commented out at their defaults."""
    return f'''# adjudicator game setup. Every key is checked when the game is resolved.
variant = "{variant}"
seed = 1            # every random draw (ties, random bites…) follows from it
gm = ["GM"]         # chat names whose lines are GM directives

[options]
# tie = "random"        # ww.vote.tie: "random" (drawn and recorded) or "none"
# no_bite = "random"    # ww.bite: no bite given -> "random" living non-wolf, or "none"
# hunter_repeat = true  # ww.guard: may the hunter guard the same player two nights running
# first_bite = true     # ww.night.first_bite: wolves bite from night1
'''


def game_toml(variant: str) -> str:
    from ..games import REGISTRY, get_variant

    own = get_variant(variant).skeleton() if variant in REGISTRY else None
    if own is not None:
        return str(own)
    from ..resources import data_dir

    sample = data_dir("samples") / variant / "game.toml"
    if sample.is_file():  # a complete, commented example of that village to edit
        return ("# adjudicator game setup, from the bundled sample: change the players,\n"
                "# keep the shape. Every key is checked when the game is resolved.\n"
                + sample.read_text(encoding="utf-8"))
    return werewolf_head(variant) + '''
# Fill in [[players]] as the rules of this village say (see docs/games/ in the adjudicator sources).
[[players]]
name = "プレイヤー1"
aliases = []
'''
