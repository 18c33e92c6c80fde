"""The new-game form filled in as a Japanese GM does: every value in the seed's words
(no English), from a fixture game's game.toml."""

from __future__ import annotations

import tomllib
from pathlib import Path

from adjudicator.games.genpei.state import FACTION_JA
from adjudicator.games.genpei.state import ROLE_JA as GENPEI_ROLE_JA
from adjudicator.games.majora.state import ROLE_JA as MAJORA_ROLE_JA
from adjudicator.games.secret_society.state import SOCIETY_JA
from adjudicator.games.splatoon.state import COLOUR_JA, WEAPONS
from adjudicator.vocab import GENDERS, ROLES

#: one fixture game per variant, the form is filled in from
FORM_GAMES = {"derby-stock": "derby12", "secret-society": "secret-society-main",
              "splatoon": "splatoon-win", "genpei": "genpei-side", "majora": "majora-win",
              "trapword": "trapword-win"}


def _role(variant: str, role: str) -> str:
    if variant == "derby-stock":
        return ROLES[role][0] if role in ROLES else role
    table = GENPEI_ROLE_JA if variant == "genpei" else MAJORA_ROLE_JA
    return table.get(role, role)


def _weapon(p: dict[str, str]) -> str:
    w = p.get("special") or p["weapon"]
    return WEAPONS[w][0] if w in WEAPONS else w


def japanese_form(fixture: Path) -> dict[str, str]:
    """``variant``, ``gm`` and ``roster`` of the form, in Japanese only."""
    cfg = tomllib.loads((fixture / "game.toml").read_text(encoding="utf-8"))
    variant = cfg["variant"]
    rows = []
    if variant == "trapword":
        rows = [f"{t['name']}: " + ", ".join(t["members"]) for t in cfg["teams"]]
    for p in cfg.get("players", []):
        cells = [p["name"]]
        if variant == "derby-stock":
            cells += [GENDERS[p["gender"]], _role(variant, p["role"])]
        elif variant == "secret-society":
            cells += [SOCIETY_JA.get(p.get("society", ""), ""), "○" if p.get("leader") else ""]
        elif variant == "splatoon":
            cells += [COLOUR_JA.get(p.get("colour", ""), ""), _weapon(p)]
        elif variant == "genpei":
            cells += [FACTION_JA[p["faction"]], _role(variant, p.get("role", "帝"))]
        elif variant == "majora":
            cells += [_role(variant, p.get("role", "villager"))]
        if p.get("aliases"):
            cells.append("別名=" + "/".join(p["aliases"]))
        rows.append(", ".join(cells))
    return {"variant": variant, "gm": ", ".join(cfg.get("gm", ["GM"])),
            "roster": "\n".join(rows), "seed": str(cfg.get("seed", 1))}
