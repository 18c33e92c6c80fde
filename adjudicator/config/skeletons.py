"""game.toml skeletons written by ``adjudicator new`` (one per variant)."""

from __future__ import annotations

_DERBY_ROLES = ["人狼", "人狼", "人狼", "狂人", "占い師", "霊能者", "狩人", "共有者", "共有者",
                "村人", "村人", "村人", "村人", "村人", "村人", "村人"]


def game_toml(variant: str) -> str:
    head = f'''# adjudicator game setup. Every key is checked when the game is resolved.
variant = "{variant}"
seed = 1            # every random draw (ties, random bites…) follows from it
gm = ["GM"]         # chat names whose lines are GM directives

[options]
# tie = "random"        # ww.vote.tie: "random" (drawn and recorded) or "none"
# no_bite = "random"    # ww.bite: no bite given -> "random" living non-wolf, or "none"
# hunter_repeat = true  # ww.guard: may the hunter guard the same player two nights running
# first_bite = true     # ww.night.first_bite: wolves bite from night1
'''
    if variant != "derby-stock":
        from ..resources import data_dir

        sample = data_dir("samples") / variant / "game.toml"
        if sample.is_file():  # a complete, commented example of that village to edit
            return ("# adjudicator game setup, from the bundled sample: change the players,\n"
                    "# keep the shape. Every key is checked when the game is resolved.\n"
                    + sample.read_text(encoding="utf-8"))
        return head + '''
# Fill in [[players]] as the rules of this village say (see docs/games/ in the adjudicator sources).
[[players]]
name = "プレイヤー1"
aliases = []
'''
    body = ["# chance_pays_dead = true  # ds.chance.dead: a Super Chance hitter who died is paid",
            "", "# 12 to 16 players (ds.setup.roles). Roles: 人狼 狂人 占い師 霊能者 狩人 共有者 村人",
            "# (or 狼 狂 占 霊 狩 共 村). gender is male or female (ds.setup.gender)."]
    for i, role in enumerate(_DERBY_ROLES, 1):
        body += ["", "[[players]]", f'name = "プレイヤー{i}"',
                 'aliases = []          # other spellings players use in chat',
                 f'gender = "{"male" if i % 2 else "female"}"', f'role = "{role}"']
    return head + "\n".join(body) + "\n"
