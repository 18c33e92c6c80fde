"""game.toml: loading and validating a game's setup (pydantic), every problem at once."""

# No ``from __future__ import annotations`` here: pydantic would evaluate each model
# field's annotation string (a compile and an eval apiece) as the models are defined at
# every start; written as objects they cost nothing (about 5 M instructions a derby run
# over these modules).

import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    StrictInt,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from ..errors import ConfigError
from ..games import REGISTRY
from ..vocab import ROLE_NAMES

#: the registered variants (adjudicator.games.REGISTRY, the only list of games)
VARIANTS = tuple(REGISTRY)


def _snowflake_or_none(v: str | None) -> str | None:
    """A Discord id as written (digits only, spaces stripped), or None."""
    if v is not None and not (v.strip().isdigit() and v.strip().isascii()):
        raise PydanticCustomError(
            "channel_id", "a channel id is a number (copy it with Discord's 「IDをコピー」)")
    return v.strip() if v is not None else None


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
    #: the player's Discord account (user id or username), for ``adjudicator discord``
    discord: str | None = None
    #: the player's private channel with the GM (個別チャンネル: its id), for ``discord pull``
    #: and ``bot`` (input.thread.kinds: a 1:1 chat with this player)
    channel: str | None = None

    @field_validator("channel")
    @classmethod
    def _player_channel(cls, v: str | None) -> str | None:
        return _snowflake_or_none(v)

    @field_validator("name")
    @classmethod
    def _strip(cls, v: str) -> str:
        v = v.strip()
        if not v:
            raise PydanticCustomError("blank_name", "a name cannot be blank")
        return v


class TeamConfig(BaseModel):
    """One ``[[teams]]`` entry (Trap Word)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    members: list[str] = Field(min_length=1)
    first: bool = False


class RecruitChanceConfig(BaseModel):
    """secret-society ``[recruit_chance]``: the day-2 question and its accepted answers."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    question: str = ""
    answers: list[str] = []


class DiscordConfig(BaseModel):
    """``[discord]``: the game's channel and the GM's accounts (``adjudicator discord``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    channel: str | None = None  # the channel id the phases are played in
    gm: list[str] = []  # the GM's Discord accounts (user id or username)
    #: group channels (input.thread.kinds: a group): a group's name (「人狼」, or a group of
    #: ``[threads] groups``) -> its channel id
    groups: dict[str, str] = {}
    #: the GM's own channel for ``adjudicator bot``'s controls (集計, 締め切り, 朝): read
    #: by no player; without it the GM gives them in a DM with the bot
    gm_channel: str | None = None
    #: minutes before a day's deadline at which ``bot`` posts who has not voted (0: never)
    remind: int = Field(0, ge=0, le=180)

    @field_validator("channel", "gm_channel")
    @classmethod
    def _snowflake(cls, v: str | None) -> str | None:
        return _snowflake_or_none(v)

    @model_validator(mode="after")
    def _gm_channel_apart(self) -> "DiscordConfig":
        """The GM's channel is no channel players read (the village, a group's)."""
        if self.gm_channel is not None and (self.gm_channel == self.channel
                                            or self.gm_channel in self.groups.values()):
            raise PydanticCustomError(
                "gm_channel_public", "gm_channel must be a channel no player reads, not the "
                "village's or a group's")
        return self

    @field_validator("groups")
    @classmethod
    def _group_channels(cls, v: dict[str, str]) -> dict[str, str]:
        return {name: str(_snowflake_or_none(cid)) for name, cid in v.items()}


class ThreadsConfig(BaseModel):
    """``[threads]``: how the chats of a phase that came as several (input.thread) are
    named where their exports do not say: ``chats`` maps a chat's or channel's name to a
    player (that player's 1:1 chat with the GM), to 「村」 (the village), to 「人狼」 (the
    wolves' room) or to a group of ``groups`` (a group's name -> its members); ``bites``
    names the room bites must be sent from (「人狼」, or a group)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    chats: dict[str, str] = {}
    groups: dict[str, list[str]] = {}
    bites: str | None = None


class SealConfig(BaseModel):
    """``[seal]``: the salt of the 配役's seal (adjudicator deal) and the digest it gave."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    salt: str = Field(pattern=r"^[0-9a-f]{32,128}$")
    digest: str = Field("", pattern=r"^([0-9a-f]{64})?$")


class ReplacementConfig(BaseModel):
    """One ``[[replacements]]`` entry (代役): ``new`` takes over ``old``'s seat from
    ``phase`` on."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    phase: str = Field(pattern=r"^(day|night|round)[1-9][0-9]*$")
    old: str = Field(min_length=1)
    new: str = Field(min_length=1)


class GameConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    variant: str  # a registered variant (validated against the registry, as a Literal)
    seed: StrictInt = 0  # `seed = true` is no seed
    gm: list[str] = ["GM"]
    options: dict[str, Any] = {}
    players: list[PlayerConfig] = []
    teams: list[TeamConfig] = []
    scenario: str | None = None
    recruit_chance: RecruitChanceConfig | None = None  # secret-society
    discord: DiscordConfig | None = None  # adjudicator discord (optional extra)
    setup: dict[str, StrictInt] = {}  # role counts for `adjudicator deal` (derby-stock)
    seal: SealConfig | None = None  # the 配役's seal (adjudicator deal)
    replacements: list[ReplacementConfig] = []  # 代役
    threads: ThreadsConfig = ThreadsConfig()  # the chats of a phase (input.thread)
    #: the folder of game.toml, for the files it names (majora's ``scenario``); set by
    #: load_config, None for a config built in memory (paths then count from the cwd)
    _folder: Path | None = PrivateAttr(None)

    @property
    def folder(self) -> Path:
        return self._folder if self._folder is not None else Path(".")

    @field_validator("variant", mode="before")
    @classmethod
    def _registered(cls, v: Any) -> Any:
        """One of the registry's variants: the error is a ``Literal``'s (its type and
        wording), so that every message about it reads the same."""
        if isinstance(v, str) and v in REGISTRY:
            return v
        names = [repr(n) for n in REGISTRY]
        expected = " or ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 \
            else "".join(names)
        raise PydanticCustomError("literal_error", "Input should be {expected}",
                                  {"expected": expected})

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
                    out += f" ({_shown(name)})"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


#: characters that make two names look alike or reorder text: zero-width, joiners,
#: bidirectional controls, soft hyphen, BOM, and every other control character
_INVISIBLE = re.compile("[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064"
                        "\u2066-\u206f\ufeff\ufff9-\ufffb\x00-\x1f\x7f-\x9f]")


def _shown(name: str) -> str:
    """A name as the terminal may show it: quoted with escapes if it holds invisible or
    direction-changing characters (which would reorder the rest of the line)."""
    return name if _invisible(name) is None else repr(name)


def _invisible(text: str) -> str | None:
    m = _INVISIBLE.search(text)
    return None if m is None else f"U+{ord(m.group()):04X}"


def raw_problems(raw: dict[str, Any]) -> list[str]:
    """Problems of names read straight from the TOML, so that they are listed even when
    other keys fail validation: invisible or bidirectional characters in names, aliases,
    GM names and teams; empty aliases; an alias equal to a GM name (each a
    ``config.problems.Problem``, in English and Japanese)."""
    from ..names_shown import shown
    from ..normalize import name_key
    from .problems import Problem, place_ja

    problems: list[str] = []

    def add(where: str, en: str, ja: str) -> None:
        problems.append(Problem(f"{where}: {en}", f"{place_ja(where)}：{ja}",
                                "player" if where.startswith("players") else "setup"))

    def invisible(where: str, value: str, bad: str) -> None:
        add(where, f"{value!r} holds an invisible or direction-changing character ({bad}); "
            "remove it", f"「{shown(value)}」に見えない文字（{bad}）が入っています。"
            "消してください")

    gms = raw.get("gm", ["GM"])
    gm_list = [g for g in gms if isinstance(g, str)] if isinstance(gms, list) else []
    gm_keys = {name_key(g): g for g in gm_list}
    for k, g in enumerate(gm_list, 1):
        if not g.strip():
            add(f"gm[{k}]", "a GM name cannot be blank", "空の名前があります")
        elif (bad := _invisible(g)) is not None:
            invisible(f"gm[{k}]", g, bad)
    players = raw.get("players", [])
    for i, p in enumerate(players if isinstance(players, list) else [], 1):
        if not isinstance(p, dict):
            continue
        name = p.get("name")
        who = f"players[{i}]" + (f" ({_shown(name)})" if isinstance(name, str)
                                 and name.strip() else "")
        if isinstance(name, str) and (bad := _invisible(name)) is not None:
            invisible(f"{who}.name", name, bad)
        aliases = p.get("aliases", [])
        for j, alias in enumerate(aliases if isinstance(aliases, list) else [], 1):
            if not isinstance(alias, str):
                continue
            if not alias.strip():
                add(f"{who}.aliases[{j}]", "an alias cannot be empty", "空の別名があります")
            elif (bad := _invisible(alias)) is not None:
                invisible(f"{who}.aliases[{j}]", alias, bad)
            elif name_key(alias) in gm_keys:
                gm = gm_keys[name_key(alias)]
                add(f"{who}.aliases[{j}]", f"{alias!r} is the GM name {gm!r}: the GM's lines "
                    "would be read as this player's",
                    f"「{alias}」はGMの名前「{gm}」と同じです"
                    "（GMの発言がこの参加者の発言として読まれます）")
    teams = raw.get("teams", [])
    for i, t in enumerate(teams if isinstance(teams, list) else [], 1):
        if not isinstance(t, dict):
            continue
        members = t.get("members", [])
        for label, value in [("name", t.get("name")),
                             *((f"members[{j}]", m) for j, m in enumerate(
                                 members if isinstance(members, list) else [], 1))]:
            if isinstance(value, str) and (bad := _invisible(value)) is not None:
                invisible(f"teams[{i}].{label}", value, bad)
    return problems


def common_problems(cfg: GameConfig) -> list[str]:
    """Problems every variant shares: duplicate names, clashing aliases, unknown roles
    (each a ``config.problems.Problem``, in English and Japanese)."""
    from ..normalize import name_key
    from .problems import Problem, place_ja

    problems: list[str] = []

    def add(where: str, en: str, ja: str, kind: str = "player") -> None:
        problems.append(Problem(f"{where}: {en}", f"{place_ja(where)}：{ja}", kind))

    # A name must be unique, and no alias may equal another player's name.  Two players
    # may share an alias (けんた and けんじ both called けん): using it is then an
    # "ambiguous name" diagnostic listing both, as DESIGN.md asks.
    names: dict[str, str] = {}
    seen: dict[str, str] = {}
    for i, p in enumerate(cfg.players, 1):
        key = name_key(p.name)
        if key in names:
            add(f"players[{i}] ({_shown(p.name)})",
                f"name {p.name!r} is already used by {names[key]!r}",
                f"名前「{p.name}」は「{names[key]}」と同じです（名前は1人に1つ）")
        names.setdefault(key, p.name)
        seen.setdefault(key, p.name)
    for i, p in enumerate(cfg.players, 1):
        for alias in p.aliases:
            owner = names.get(name_key(alias))
            if owner is not None and owner != p.name:
                add(f"players[{i}] ({_shown(p.name)})", f"alias {alias!r} is the name of {owner!r}",
                    f"別名「{alias}」は「{owner}」の名前です")
        if p.role is not None and p.role not in ROLE_NAMES and _werewolf_roles(cfg.variant):
            roles = sorted({k for k in ROLE_NAMES if not k.isascii()})
            add(f"players[{i}] ({_shown(p.name)}).role",
                f"unknown role {p.role!r}; expected one of " + " ".join(roles),
                f"「{p.role}」という役職はありません（使えるのは {'・'.join(roles)}）")
    for g in cfg.gm:
        if name_key(g) in seen:
            add("gm", f"{g!r} is also a player",
                f"「{g}」はGMの名前で、参加者の名前にもなっています（別の名前に）", "setup")
    problems += thread_problems(cfg)
    return problems


#: the rooms ``[threads]`` may name besides its groups and the players
VILLAGE_WORDS = ("村", "village")
WOLVES_WORDS = ("人狼", "wolves")


def thread_problems(cfg: GameConfig) -> list[str]:
    """``[threads]``: every chat maps to a player, the village, the wolves or a group of
    ``groups``; every member of a group is a player; ``bites`` names a room; every
    group channel of ``[discord] groups`` is the wolves' or a group of ``groups``."""
    from ..normalize import name_key
    from .problems import Problem

    t = cfg.threads
    known = {name_key(p.name) for p in cfg.players} | {
        name_key(a) for p in cfg.players for a in p.aliases}
    groups = {name_key(g) for g in t.groups}
    rooms = "、".join(["村", "人狼", *t.groups])
    out: list[str] = []
    for chat, who in t.chats.items():
        k = name_key(who)
        if who in VILLAGE_WORDS or who in WOLVES_WORDS or k in groups or k in known:
            continue
        out.append(Problem(
            f"threads.chats.{chat}: {who!r} is neither a player nor a room",
            f"チャットの対応表（[threads.chats]）の「{chat}」：「{who}」は参加者の名前でも部屋の"
            f"名前でもありません（参加者の名前か、{rooms}のどれかを書いてください）"))
    for group, members in t.groups.items():
        for m in members:
            if name_key(m) not in known:
                out.append(Problem(
                    f"threads.groups.{group}: {m!r} is no player",
                    f"グループの表（[threads.groups]）の「{group}」：「{m}」は参加者にいません"))
    if t.bites is not None and not (t.bites in WOLVES_WORDS or name_key(t.bites) in groups):
        out.append(Problem(
            f"threads.bites: {t.bites!r} is no room (人狼 or a group of threads.groups)",
            f"噛みを送る部屋（[threads] の bites）：「{t.bites}」という部屋はありません"
            f"（「人狼」か、[threads.groups] に書いたグループの名前を書いてください）"))
    for group in (cfg.discord.groups if cfg.discord is not None else {}):
        if group in WOLVES_WORDS or name_key(group) in groups:
            continue
        out.append(Problem(
            f"discord.groups.{group}: {group!r} is no group (人狼 or a group of threads.groups)",
            f"Discordのグループのチャンネル（[discord.groups]）の「{group}」：そういうグループは"
            f"ありません（「人狼」か、[threads.groups] に書いたグループの名前を書いてください）"))
    return out


def _werewolf_roles(variant: str) -> bool:
    """Whether the variant's roles are the base werewolf ones (its ``werewolf_roles``)."""
    from ..games import get_variant

    return variant in REGISTRY and bool(get_variant(variant).werewolf_roles)


def _partial_problems(raw: dict[str, Any]) -> list[str]:
    """``common_problems`` over the players that validate on their own, so that a bad key
    elsewhere does not hide a duplicate name (every problem at once)."""
    players = []
    listed = raw.get("players")
    for k, p in enumerate(listed if isinstance(listed, list) else []):
        try:
            players.append(PlayerConfig.model_validate(p))
        except ValidationError:  # keep its place (the numbering), with what is readable
            d = p if isinstance(p, dict) else {}
            name = d.get("name")
            name = name if isinstance(name, str) else f"\ue000{k}"
            aliases = [a for a in d.get("aliases", []) if isinstance(a, str) and a.strip()] \
                if isinstance(d.get("aliases"), list) else []
            players.append(PlayerConfig.model_construct(name=name.strip() or f"\ue000{k}",
                                                        aliases=aliases))
    gm = raw.get("gm", ["GM"])
    if not isinstance(gm, list) or not all(isinstance(g, str) for g in gm):
        gm = []
    variant = _variant_of(raw)  # "" (unknown): no game's own check
    partial = GameConfig.model_construct(variant=variant, gm=gm, players=players)
    try:
        return common_problems(partial)
    except Exception:  # a partial setup must never hide the real problems
        return []


MAX_CONFIG_BYTES = 5_000_000  # a game.toml is a few kB; a link to /dev/zero is refused


def load_config(path: Path, overrides: Mapping[str, Any] | None = None) -> GameConfig:
    """Read and validate game.toml; raise ConfigError listing every problem.
    ``overrides`` (``resolve --what-if``) sets keys as if game.toml said so: a dotted key
    is a path (``options.tie``), a bare one a top-level key if game.toml has it (``seed``),
    else an option; nothing is written."""
    shown = str(path)
    from ..fsio import NotRegularFile, TooLarge, read_capped

    try:
        text = read_capped(path, MAX_CONFIG_BYTES).decode("utf-8-sig")
    except FileNotFoundError:
        raise _error(shown, ["file not found (run `adjudicator new` to write one)"]) from None
    except UnicodeDecodeError as e:
        raise _error(shown, [f"not UTF-8 text ({e.reason} at byte {e.start})"]) from None
    except NotRegularFile:
        raise _error(shown, ["普通のファイルではありません（パイプ・装置へのリンクなど）："
                                  "game.toml を普通のファイルとして書き直してください"
                                  "（not a regular file）"]) from None
    except TooLarge:
        raise _error(shown, [f"大きすぎます（{MAX_CONFIG_BYTES // 1_000_000} MBまで）："
                                  "game.toml ではないファイルのようです（too large）"]) from None
    except OSError as e:
        from ..fsio import os_error_reason

        raise ConfigError(shown, [f"cannot read: {e.strerror}"],
                          [f"読めません：{os_error_reason(e)}"]) from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise _error(shown, [f"not valid TOML: {e}"]) from None
    except RecursionError:
        raise _error(shown, ["入れ子が深すぎて読めません（[ や { の入れ子を減らしてください）"
                                  "（nested too deeply）"]) from None
    from .words import translate

    for key, value in (overrides or {}).items():
        where = key.split(".") if "." in key else (
            [key] if key in raw or key in ("seed", "variant") else ["options", key])
        node = raw
        for part in where[:-1]:
            node = node.setdefault(part, {}) if isinstance(node, dict) else {}
        if isinstance(node, dict):
            node[where[-1]] = value
    raw = translate(raw)
    early = raw_problems(raw)
    try:
        cfg = GameConfig.model_validate(raw)
    except ValidationError as e:
        from .problems import validation_problem

        variant = _variant_of(raw)
        problems: list[str] = [validation_problem(err, _loc(tuple(err["loc"]), raw), variant)
                               for err in e.errors()]
        raise _error(shown, problems + early + _partial_problems(raw) + _count(raw),
                     _variant_of(raw)) from None
    from ..games import get_variant

    cfg._folder = path.parent
    game = get_variant(cfg.variant, shown)
    problems = (early + common_problems(cfg) + game.unused_player_fields(cfg)
                + game.config_problems(cfg))
    if problems:
        raise _error(shown, problems, cfg.variant)
    return cfg


def _error(path: str, problems: list[str], variant: str = "") -> ConfigError:
    """Every problem, the roster's count first (the GM fixes it first), with the same
    problems in Japanese."""
    from .problems import is_count, problem_ja

    ordered = sorted(problems, key=lambda p: not is_count(p))
    return ConfigError(path, ordered, [problem_ja(p, variant) for p in ordered])


def _variant_of(raw: dict[str, Any]) -> str:
    v = raw.get("variant")
    return v if isinstance(v, str) and v in VARIANTS else ""


def _count(raw: dict[str, Any]) -> list[str]:
    """The roster's count and the options' problems when other keys fail validation: the
    variant's own check over a setup of bare names and the options as written (so that a
    typo in the roster hides neither a wrong count nor a wrong option)."""
    variant = _variant_of(raw)
    players = raw.get("players")
    options = raw.get("options")
    if not variant:
        return []
    from ..games import get_variant
    from .problems import Problem

    bare = [PlayerConfig.model_construct(name=f"\ue000{k}", aliases=[])
            for k in range(len(players) if isinstance(players, list) else 0)]
    partial = GameConfig.model_construct(variant=variant, gm=["GM"], players=bare,
                                         options=options if isinstance(options, dict) else {},
                                         teams=[], scenario=None)
    try:
        found = get_variant(variant).config_problems(partial)
    except Exception:  # a partial setup must never hide the real problems
        return []
    teams = bool(get_variant(variant).plays_in_teams)  # no [[players]] to count
    keep = ("options",) if teams or not isinstance(players, list) else (
        "count", "options")
    return [p for p in found if isinstance(p, Problem) and p.kind in keep]
