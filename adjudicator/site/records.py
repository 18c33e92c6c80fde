"""What the site knows of each archived game, and each person's record across games.

A game's summary is read from the archive without resolving anything: the stored JSON
export's players, winners and side result (SQLite's ``json_extract``, in C), game.toml's
GM names, aliases and Discord ids, and the 代役 events.  ``Summary`` is plain data,
kept in the site's build cache by the game's digest, so a rebuild reads only new games.

Records: a seat counts for the person who played it at the end; a seat that changed
hands (代役) is marked, and counts for its last player only (docs/site.md).  A role's
base rate is the share of that role's seats that won, over every game of the villages a
person played that role in.
"""

from __future__ import annotations

import json
import tomllib
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..archive import Archive


@dataclass(frozen=True, slots=True)
class Seat:
    seat: str  # the seat's name in the game (the export's key)
    player: str  # who played it at the end (the newcomer after a 代役)
    earlier: tuple[str, ...]  # who held it before, oldest first
    names: tuple[str, ...]  # every name the game knew the last player by
    discord: str
    role: str
    won: bool
    alive: bool
    facts: tuple[tuple[str, str], ...]  # the village's own facts (society, colour, money…)


@dataclass(frozen=True, slots=True)
class Summary:
    id: int
    digest: str
    title: str
    variant: str
    date: str  # YYYY-MM-DD (the day the game was archived)
    gm: tuple[str, ...]
    finished: bool
    team_won: str
    seats: tuple[Seat, ...]

    @property
    def month(self) -> str:
        return self.date[:7]

    @property
    def slug(self) -> str:
        return f"g{self.id}"

    def to_json(self) -> list[Any]:
        """Positional, for the build cache (``from_json`` reads it back)."""
        return [self.id, self.digest, self.title, self.variant, self.date, list(self.gm),
                self.finished, self.team_won,
                [[s.seat, s.player, list(s.earlier), list(s.names), s.discord, s.role, s.won,
                  s.alive, [list(f) for f in s.facts]] for s in self.seats]]

    @staticmethod
    def from_json(d: list[Any]) -> Summary:
        gid, digest, title, variant, date, gm, finished, team_won, seats = d
        return Summary(gid, digest, title, variant, date, tuple(gm), finished, team_won, tuple(
            Seat(seat, player, tuple(earlier), tuple(names), discord, role, won, alive,
                 tuple((a, b) for a, b in facts))
            for seat, player, earlier, names, discord, role, won, alive, facts in seats))


@dataclass(frozen=True, slots=True)
class Row:
    """One archived game as listed, before its summary is read."""

    id: int
    digest: str
    name: str
    variant: str
    finished: bool
    added_at: str


def rows(found: Iterable[Any]) -> list[Row]:
    """The archive's readable games (``Archive.scan()[0]``) as the site lists them."""
    return [Row(id=r.id, digest=r.digest, name=r.name, variant=r.variant,
                finished=r.finished, added_at=r.added_at) for r in found]


def _facts(variant: str, fields: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    from ..games import REGISTRY, get_variant
    from ..report.html import _field
    from ..report.sections import FIELD_JA, value_ja

    values = value_ja(get_variant(variant) if variant in REGISTRY else None)
    shown = ((FIELD_JA.get(k, k), _field(k, v, values)) for k, v in fields.items()
             if k not in ("alive", "role") and v is not None and not isinstance(v, dict | list))
    return tuple((k, v) for k, v in shown if v not in ("—", ""))


def summarize(arch: Archive, row: Row) -> Summary:
    """A game's summary from the archive (no resolving)."""
    (players_json, winners_json, team_won) = arch.db.execute(
        "SELECT json_extract(result, '$.players'), json_extract(result, '$.winners'), "
        "json_extract(result, '$.team_won') FROM games WHERE id = ?", (row.id,)).fetchone()
    players: dict[str, Any] = json.loads(players_json) if players_json else {}
    winners = set(json.loads(winners_json) if winners_json else [])
    toml_row = arch.db.execute("SELECT data FROM files WHERE game_id = ? AND path = 'game.toml'",
                               (row.id,)).fetchone()
    try:
        setup = tomllib.loads(bytes(toml_row[0]).decode("utf-8-sig")) if toml_row else {}
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, TypeError):
        setup = {}
    known: dict[str, dict[str, Any]] = {}
    for p in setup.get("players", []) if isinstance(setup.get("players"), list) else []:
        if isinstance(p, dict) and isinstance(p.get("name"), str):
            known[p["name"]] = p
    for t in setup.get("teams", []) if isinstance(setup.get("teams"), list) else []:
        for m in t.get("members", []) if isinstance(t, dict) else []:
            if isinstance(m, str):
                known.setdefault(m, {"name": m})
    chain: dict[str, list[str]] = defaultdict(list)
    for seat, new, old in arch.db.execute(
            "SELECT json_extract(e.value, '$.player'), json_extract(e.value, '$.target'), "
            "coalesce(json_extract(e.value, '$.old'), json_extract(e.value, '$.data.old')) "
            "FROM games, json_each(games.result, '$.phases') AS p, "
            "json_each(p.value, '$.events') AS e WHERE games.id = ? "
            "AND json_extract(e.value, '$.kind') = 'replacement'", (row.id,)):
        if isinstance(seat, str) and isinstance(new, str):
            chain[seat].append(old if isinstance(old, str) else seat)
            chain[seat].append(new)
    # a game ranked by money (ダービー＆ストック村's 最終所持金): each seat's place
    money = {n: f["final_money"] for n, f in players.items() if isinstance(f, dict)
             and isinstance(f.get("final_money"), int)}
    places = {n: 1 + sum(1 for m in money.values() if m > v) for n, v in money.items()}
    seats = []
    for name, fields in players.items():
        if not isinstance(fields, dict):
            continue
        hands = chain.get(name, [])
        last = hands[-1] if hands else name
        earlier = tuple(dict.fromkeys(h for h in hands[:-1] if h != last)) if hands else ()
        cfg = known.get(last, known.get(name, {})) if not hands else known.get(last, {})
        aliases = cfg.get("aliases", []) if isinstance(cfg.get("aliases"), list) else []
        discord = cfg.get("discord", "")
        seats.append(Seat(seat=name, player=last, earlier=earlier,
                          names=tuple(dict.fromkeys([last, *[a for a in aliases
                                                             if isinstance(a, str)]])),
                          discord=str(discord) if isinstance(discord, str | int) else "",
                          role=str(fields.get("role", "") or ""), won=name in winners,
                          alive=bool(fields.get("alive", True)),
                          facts=((("順位", f"{places[name]}位"),) if name in places else ())
                          + _facts(row.variant, fields)))
    gm = setup.get("gm", [])
    return Summary(id=row.id, digest=row.digest, title=row.name, variant=row.variant,
                   date=row.added_at[:10], gm=tuple(g for g in (gm if isinstance(gm, list)
                                                                 else [gm])
                                                    if isinstance(g, str)),
                   finished=row.finished, team_won=str(team_won or ""), seats=tuple(seats))


def public_posts(arch: Archive, gid: int) -> Iterator[tuple[str, str]]:
    """(phase id, public post) of each phase of game ``gid``, in order."""
    yield from arch.db.execute(
        "SELECT json_extract(p.value, '$.id'), json_extract(p.value, '$.public_post') "
        "FROM games, json_each(games.result, '$.phases') AS p WHERE games.id = ? "
        "ORDER BY CAST(p.key AS INTEGER)", (gid,))


@dataclass
class Record:
    """One person's games and results."""

    games: list[tuple[Summary, Seat]] = field(default_factory=list)
    left: list[tuple[Summary, Seat]] = field(default_factory=list)  # seats they left (代役)

    def roles(self) -> list[tuple[str, str, int, int]]:
        """(variant, role, seats, wins) per role played, most played first."""
        count: Counter[tuple[str, str]] = Counter()
        wins: Counter[tuple[str, str]] = Counter()
        for g, s in self.games:
            count[(g.variant, s.role)] += 1
            wins[(g.variant, s.role)] += int(s.won)
        return [(v, r, n, wins[(v, r)]) for (v, r), n in sorted(
            count.items(), key=lambda kv: (-kv[1], kv[0]))]


def base_rates(summaries: Iterable[Summary]) -> dict[tuple[str, str], tuple[int, int]]:
    """(seats, wins) of every role in every village, over all published games."""
    out: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for g in summaries:
        for s in g.seats:
            c = out[(g.variant, s.role)]
            c[0] += 1
            c[1] += int(s.won)
    return {k: (v[0], v[1]) for k, v in out.items()}
