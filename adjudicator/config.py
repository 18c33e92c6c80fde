"""game.toml: loading and validating a game's setup (pydantic), every problem at once."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .errors import ConfigError
from .vocab import ROLE_NAMES

VARIANTS = ("derby-stock", "secret-society", "splatoon", "genpei", "majora", "trapword")


class PlayerConfig(BaseModel):
    """One ``[[players]]`` entry.  Fields beyond name/aliases belong to some variants only."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    aliases: list[str] = []
    gender: Literal["male", "female"] | None = None
    role: str | None = None
    # secret-society
    society: Literal["ninja", "pirates", "chrono", "secret"] | None = None
    leader: bool = False
    # splatoon
    colour: Literal["orange", "purple"] | None = None
    weapon: str | None = None
    special: str | None = None
    # genpei
    faction: Literal["genji", "heike", "emperor"] | None = None

    @field_validator("name")
    @classmethod
    def _strip(cls, v: str) -> str:
        v = v.strip()
        if not v:
            raise ValueError("a name cannot be blank")
        return v


class TeamConfig(BaseModel):
    """One ``[[teams]]`` entry (Trap Word)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    members: list[str] = Field(min_length=1)
    first: bool = False


class GameConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    variant: Literal["derby-stock", "secret-society", "splatoon", "genpei", "majora", "trapword"]
    seed: int = 0
    gm: list[str] = ["GM"]
    options: dict[str, Any] = {}
    players: list[PlayerConfig] = []
    teams: list[TeamConfig] = []
    scenario: str | None = None

    def player(self, name: str) -> PlayerConfig:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)


def _loc(loc: tuple[Any, ...], raw: dict[str, Any]) -> str:
    """`('players', 3, 'role')` -> `players[3] (はなこ).role`."""
    out = ""
    for i, part in enumerate(loc):
        if isinstance(part, int):
            out += f"[{part + 1}]"
            if i > 0 and loc[i - 1] == "players":
                try:
                    name = raw["players"][part]["name"]
                except (KeyError, IndexError, TypeError):
                    name = ""
                if isinstance(name, str) and name.strip():
                    out += f" ({name})"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


def common_problems(cfg: GameConfig) -> list[str]:
    """Problems every variant shares: duplicate names, clashing aliases, unknown roles."""
    problems: list[str] = []
    from .normalize import name_key

    # A name must be unique, and no alias may equal another player's name.  Two players
    # may share an alias (けんた and けんじ both called けん): using it is then an
    # "ambiguous name" diagnostic listing both, as DESIGN.md asks.
    names: dict[str, str] = {}
    seen: dict[str, str] = {}
    for i, p in enumerate(cfg.players, 1):
        key = name_key(p.name)
        if key in names:
            problems.append(f"players[{i}] ({p.name}): name {p.name!r} is already used by "
                            f"{names[key]!r}")
        names.setdefault(key, p.name)
        seen.setdefault(key, p.name)
    for i, p in enumerate(cfg.players, 1):
        for alias in p.aliases:
            owner = names.get(name_key(alias))
            if owner is not None and owner != p.name:
                problems.append(f"players[{i}] ({p.name}): alias {alias!r} is the name of "
                                f"{owner!r}")
        if p.role is not None and p.role not in ROLE_NAMES and cfg.variant in ("derby-stock",):
            problems.append(
                f"players[{i}] ({p.name}).role: unknown role {p.role!r}; expected one of "
                + " ".join(sorted({k for k in ROLE_NAMES if not k.isascii()}))
            )
    for g in cfg.gm:
        if name_key(g) in seen:
            problems.append(f"gm: {g!r} is also a player")
    return problems


def load_config(path: Path) -> GameConfig:
    """Read and validate game.toml; raise ConfigError listing every problem."""
    shown = str(path)
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except FileNotFoundError:
        raise ConfigError(shown, ["file not found (run `adjudicator new` to write one)"]) from None
    except UnicodeDecodeError as e:
        raise ConfigError(shown, [f"not UTF-8 text ({e.reason} at byte {e.start})"]) from None
    except OSError as e:
        raise ConfigError(shown, [f"cannot read: {e.strerror}"]) from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(shown, [f"not valid TOML: {e}"]) from None
    try:
        cfg = GameConfig.model_validate(raw)
    except ValidationError as e:
        problems = []
        for err in e.errors():
            where = _loc(tuple(err["loc"]), raw)
            msg = err["msg"]
            if err["type"] == "missing":
                msg = "required key is missing"
            elif err["type"] == "extra_forbidden":
                msg = "unknown key"
            elif err["type"] == "literal_error":
                msg = f"got {err.get('input')!r}; {msg.lower()}"
            problems.append(f"{where}: {msg}")
        raise ConfigError(shown, problems) from None
    from .games import get_variant

    problems = common_problems(cfg) + get_variant(cfg.variant, shown).config_problems(cfg)
    if problems:
        raise ConfigError(shown, problems)
    return cfg
