"""``adjudicator site ARCHIVE OUT``: a static site of every finished game in an archive.

Pages (all under OUT, relative links only, no external asset; each page carries the
report's Content-Security-Policy with ``script-src 'self'`` for the search box alone):

- ``index.html`` and ``all-N.html``: every game, newest first, 200 a page, with the
  villages and months to filter by (each its own page: no script needed);
- ``month/YYYY-MM.html``, ``village/VARIANT.html`` (the village's sides and roles' win
  rates, then its games), ``players.html`` and ``player/p-….html`` (a person's games,
  roles and results, per role the win rate beside the role's base rate in the same
  villages);
- ``game/gN.html``: the public end of a game (roster with roles, results, every public
  post), never the GM's view;
- ``search/``: a folded-name index sharded by character (``search.js`` reads the one
  shard the query needs).

A person who asked out is 「匿名」 on every page (their names are replaced in every text,
titles and posts included) and has no page.  A rebuild writes only the files whose bytes
change (the others keep their mtime) and renders only the game pages whose game, people
or tool changed (a build cache holds the summaries and page keys); files of
an earlier build that are no longer produced (an opted-out player's page) are removed.
The cache lives in the user's private cache folder, never in OUT.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache, partial
from pathlib import Path
from typing import Any

from .. import __version__
from ..archive import Archive
from ..errors import UsageError
from ..normalize import name_key
from .people import ANONYMOUS, People, Person
from .records import Record, Seat, Summary, base_rates, public_posts, rows, summarize

PER_PAGE = 200
FORMAT = 2  # the cache's format; the tool's version is part of every page key
SITE_FOLDERS = ("game", "player", "month", "village", "search")


def _cache_path(out: Path) -> Path | None:
    """The build cache of ``out`` in the user's private cache folder (never in OUT: it
    holds every name, and an opted-out name must leave no trace in OUT)."""
    from ..fsio import cache_dir

    folder = cache_dir()
    if folder is None:
        return None
    tag = hashlib.sha256(str(out.resolve()).encode("utf-8", "surrogatepass")).hexdigest()[:24]
    return folder / "site" / f"{tag}.json"


def _read_cache(path: Path | None) -> dict[str, Any]:
    """The cache when it is what was written (``fsio.read_cached``: this user's own, its
    digest holds); else a full build."""
    from ..fsio import read_cached

    blob = read_cached(path) if path is not None else None
    if blob is None:
        return {}
    try:
        data = json.loads(blob.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return {}
    return data if isinstance(data, dict) and data.get("format") == FORMAT else {}


def _write_cache(path: Path | None, data: dict[str, Any]) -> None:
    if path is None:
        return
    from ..fsio import write_cached

    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return  # no cache: the next build renders everything again
    write_cached(path, json.dumps({"format": FORMAT, **data}, ensure_ascii=False))


@dataclass
class BuildReport:
    games: int = 0
    people: int = 0
    written: int = 0
    unchanged: int = 0
    removed: int = 0
    rendered_games: int = 0
    skipped_running: int = 0
    damaged: list[str] = field(default_factory=list)


def _template_digest() -> str:
    from ..resources import data_dir

    h = hashlib.sha256()
    for p in sorted((data_dir("reports") / "site").glob("*")):
        h.update(p.name.encode() + b"\0" + p.read_bytes())
    return h.hexdigest()


class _Writer:
    """Writes a file only when its bytes change; remembers what this build produced."""

    def __init__(self, out: Path, report: BuildReport) -> None:
        self.out = out
        self.report = report
        self.made: set[str] = set()

    def keep(self, rel: str) -> None:
        self.made.add(rel)
        self.report.unchanged += 1

    def write(self, rel: str, data: str | bytes) -> None:
        blob = data.encode("utf-8") if isinstance(data, str) else data
        self.made.add(rel)
        path = self.out / rel
        try:
            if path.stat().st_size == len(blob) and path.read_bytes() == blob:
                self.report.unchanged += 1
                return
        except FileNotFoundError:
            pass
        from ..fsio import write_atomic

        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, blob, durable=False)
        self.report.written += 1


class _Names:
    """Opted-out names replaced with 「匿名」 in a game's texts (longest first, so an
    alias inside a longer name goes with the name)."""

    def __init__(self, hidden: Iterable[str]) -> None:
        names = sorted({n for n in hidden if n.strip()}, key=lambda n: (-len(n), n))
        self.pattern = re.compile("|".join(map(re.escape, names))) if names else None
        self.key = "\x1f".join(names)

    def __call__(self, text: str) -> str:
        return self.pattern.sub(ANONYMOUS, text) if self.pattern else text


def _village_ja(variant: str) -> str:
    from ..games import name_ja

    return name_ja(variant)


def _chunks(base: str, games: list[Summary]) -> list[tuple[int, str, str, str,
                                                           list[Summary]]]:
    """The numbered pages of ``games`` (oldest first): (number, file, first date, last
    date, the games)."""
    stem = base.removesuffix(".html")
    out = []
    for i in range(0, len(games), PER_PAGE):
        chunk = games[i:i + PER_PAGE]
        out.append((i // PER_PAGE + 1, f"{stem}-{i // PER_PAGE + 1}.html", chunk[0].date,
                    chunk[-1].date, chunk))
    return out


def _render_list(tpl: Any, ctx: dict[str, Any], games: list[Summary],
                 row: Callable[[Summary], dict[str, Any]]) -> str:
    return str(tpl.render(games=[row(g) for g in games], **ctx))


def _row_of(row: Callable[[Summary, Seat], dict[str, Any]], seat_of: dict[int, Seat],
            g: Summary) -> dict[str, Any]:
    return row(g, seat_of[g.id])


def _percent(counts: tuple[int, int]) -> str:
    seats, wins = counts
    return f"{round(100 * wins / seats)}%" if seats else "—"


def build_site(archive: Path, out: Path, people: People, include_running: bool = False,
               say: Callable[[str], None] = lambda _s: None) -> BuildReport:
    from ..render import environment

    report = BuildReport()
    if out.exists() and not out.is_dir():
        raise UsageError(f"{out} is a file", f"「{out}」はファイルです：サイトを書き出すフォルダを"
                                             "指定してください")
    if not out.parent.is_dir():
        raise UsageError(f"no folder {out.parent}", f"「{out}」に書き出せません：フォルダ"
                                                    f"「{out.parent}」がありません")
    from ..fsio import game_input

    if (why := game_input(out)) is not None:  # never into a game's logs/, deal/, discord/
        raise UsageError(f"{out} is inside a game's own files",
                         f"「{out}」は{why}：サイトは別の空のフォルダに書き出してください")
    out.mkdir(exist_ok=True)
    if (out / "game.toml").exists() or (out / "logs").is_dir():
        raise UsageError(f"{out} is a game folder", f"「{out}」はゲームのフォルダです："
                                                   "サイトは別の空のフォルダに書き出してください")
    cache_path = _cache_path(out)
    cache = _read_cache(cache_path)
    old_summaries: dict[str, Any] = cache.get("summaries", {})
    old_pages: dict[str, str] = cache.get("pages", {})

    summaries: list[Summary] = []
    with Archive(archive) as arch:
        good, damaged = arch.scan()
        report.damaged = [str(d) for d in damaged]
        for row in rows(good):
            if not row.finished and not include_running:
                report.skipped_running += 1
                continue
            hit = old_summaries.get(row.digest)
            summaries.append(Summary.from_json(hit) if hit and hit[0] == row.id
                             else summarize(arch, row))
        summaries.sort(key=lambda g: (g.date, g.id))  # oldest first: pages fill in order
        report.games = len(summaries)

        # who is who
        person_of: dict[tuple[int, str], Person] = {}
        left_of: dict[tuple[int, str], list[Person]] = {}
        records: dict[str, Record] = defaultdict(Record)
        persons: dict[str, Person] = {}
        for g in summaries:
            for s in g.seats:
                p = people.find(list(s.names), s.discord)
                person_of[(g.id, s.seat)] = p
                persons[p.key] = p
                records[p.key].games.append((g, s))
                gone = [people.find([n]) for n in s.earlier] if s.earlier else []
                left_of[(g.id, s.seat)] = gone
                for q in gone:
                    persons[q.key] = q
                    records[q.key].left.append((g, s))
        if people.hiding:
            persons = {k: p if p.opt_out else people.find([p.name]) for k, p in persons.items()}
        shown = {k: p for k, p in persons.items() if not p.opt_out}
        report.people = len(shown)

        def hidden_names(g: Summary) -> list[str]:
            out_: list[str] = []
            for s in g.seats:
                for p in [person_of[(g.id, s.seat)], *left_of[(g.id, s.seat)]]:
                    if persons.get(p.key, p).opt_out:
                        out_ += [p.name, *p.aliases, *s.names, s.seat, *s.earlier]
            for name in g.gm:
                p = people.find([name])
                if p.opt_out:
                    out_ += [name, p.name, *p.aliases]
            return out_

        nobody = _Names(())
        hide_of = {g.id: _Names(hidden_names(g)) if people.hiding else nobody
                   for g in summaries}
        team_of = {g.id: _team(g) for g in summaries}
        env = environment()
        w = _Writer(out, report)
        key_base = f"{__version__}|{FORMAT}|{people.digest()}|{_template_digest()}"
        pages: dict[str, str] = {}
        rates = base_rates(summaries)

        def page(rel: str, key: str, make: Callable[[], str]) -> bool:
            """Write ``rel`` from ``make()`` unless its key (what it shows, as cheap text)
            is the last build's and the file is there; True when rendered."""
            digest = hashlib.sha256(f"{key_base}|{key}".encode("utf-8", "surrogatepass")
                                    ).hexdigest()
            pages[rel] = digest
            if old_pages.get(rel) == digest and (out / rel).is_file():
                w.keep(rel)
                return False
            w.write(rel, make())
            return True

        def person_link(p: Person) -> tuple[str, str | None]:
            p = persons.get(p.key, p)
            return (p.shown, None if p.opt_out else f"player/{p.slug}.html")

        # game pages: rendered only when their game (or the names hidden in it) changed
        game_tpl = env.get_template("site/game.html.j2")
        for g in summaries:

            def make(g: Summary = g) -> str:
                hide = hide_of[g.id]
                seats = [{"seat": hide(s.seat),
                          "person": person_link(person_of[(g.id, s.seat)]),
                          "earlier": [person_link(q)[0] for q in left_of[(g.id, s.seat)]],
                          "role": s.role, "won": s.won, "alive": s.alive,
                          "facts": [(k, hide(v)) for k, v in s.facts]} for s in g.seats]
                posts = [(pid, hide(text or "")) for pid, text in public_posts(arch, g.id)]
                return game_tpl.render(root="../", title=hide(g.title), g=g,
                                       village=_village_ja(g.variant),
                                       gm=[hide(x) for x in g.gm], seats=seats, posts=posts,
                                       team=team_of[g.id])

            if page(f"game/{g.slug}.html", f"{g.digest}|{g.id}|{hide_of[g.id].key}", make):
                report.rendered_games += 1

    # the lists: pages of 200 in the order games were played (a new game changes the
    # last page and the front page only), each shown newest first; the front page
    # (``base``) is the newest 200
    def game_row(g: Summary) -> dict[str, Any]:
        hide = hide_of[g.id]
        return {"href": f"game/{g.slug}.html", "title": hide(g.title), "date": g.date,
                "village": _village_ja(g.variant), "variant": g.variant,
                "gm": "、".join(hide(x) for x in g.gm), "players": len(g.seats),
                "winner": _winner(g, hide, team_of[g.id]), "finished": g.finished}

    villages = sorted({g.variant for g in summaries}, key=lambda v: _village_ja(v))
    months = sorted({g.month for g in summaries}, reverse=True)
    nav = {"villages": [(v, _village_ja(v)) for v in villages], "months": months}
    nav_key = repr(nav)
    list_tpl = env.get_template("site/list.html.j2")

    def games_key(chunk: list[Summary]) -> str:
        return ",".join(f"{g.id}:{g.digest[:16]}:{hide_of[g.id].key}" for g in chunk)

    def paged(base: str, title: str, games: list[Summary], root: str,
              extra: dict[str, Any] | None = None) -> None:
        links = _chunks(base, games)
        pages_nav = [(n, root + rel, first, last) for n, rel, first, last, _c in links]
        newest = games[-PER_PAGE:][::-1]
        ctx = dict(root=root, title=title, nav=nav, pages=pages_nav, page=0,
                   total=len(games), **(extra or {}))
        page(base, f"{title}|{nav_key}|{pages_nav}|{extra}|{games_key(newest)}",
             lambda: list_tpl.render(games=[game_row(g) for g in newest], **ctx))
        if len(links) > 1:
            for n, rel, _first, _last, chunk in links:
                sub = {**ctx, "page": n, "title": f"{title}（{n}ページ目）"}
                page(rel, f"{title}|{n}|{nav_key}|{pages_nav}|{games_key(chunk)}",
                     partial(_render_list, list_tpl, sub, chunk[::-1], game_row))

    paged("index.html", "ゲーム一覧", summaries, "")
    for m in months:
        paged(f"month/{m}.html", f"{m[:4]}年{int(m[5:])}月のゲーム",
              [g for g in summaries if g.month == m], "../")
    for v in villages:
        role_rates = sorted(((r, n, k) for (vv, r), (n, k) in rates.items() if vv == v),
                            key=lambda t: (-t[1], t[0]))
        sides: dict[str, int] = defaultdict(int)
        for g in summaries:
            if g.variant == v:
                sides[team_of[g.id] or "—"] += 1
        paged(f"village/{v}.html", _village_ja(v), [g for g in summaries if g.variant == v],
              "../", extra={"village_stats": {"roles": role_rates, "sides": sorted(
                  sides.items(), key=lambda t: -t[1])}})

    # people: the newest 200 games on the person's page, every game on numbered pages
    player_tpl = env.get_template("site/player.html.j2")

    def player_row(g: Summary, s: Seat) -> dict[str, Any]:
        hide = hide_of[g.id]
        return {"href": f"../game/{g.slug}.html", "title": hide(g.title), "date": g.date,
                "village": _village_ja(g.variant), "role": s.role, "won": s.won,
                "facts": [(a, hide(b)) for a, b in s.facts], "replaced": bool(s.earlier),
                "alive": s.alive}

    listing = []
    for key, p in sorted(shown.items(), key=lambda kv: name_key(kv[1].name)):
        rec = records[key]
        # the base rate is shown in whole percent: one more game elsewhere seldom moves it,
        # so a person's pages are not rendered again for every game added
        roles = [(v, _village_ja(v), r, n, k, _percent(rates.get((v, r), (0, 0))))
                 for v, r, n, k in rec.roles()]
        wins = sum(1 for _g, s in rec.games if s.won)
        listing.append({"href": f"player/{p.slug}.html", "name": p.name,
                        "games": len(rec.games), "wins": wins})
        base = f"player/{p.slug}.html"
        played = [g for g, _s in rec.games]
        seat_of = {g.id: s for g, s in rec.games}
        links = _chunks(base, played)
        pages_nav = [(n, "../" + rel, first, last) for n, rel, first, last, _c in links]
        left = [{"href": f"../game/{g.slug}.html", "title": hide_of[g.id](g.title),
                 "date": g.date, "village": _village_ja(g.variant),
                 "player": person_link(person_of[(g.id, s.seat)])[0]} for g, s in rec.left]
        left_key = ",".join(f"{g.id}:{s.seat}" for g, s in rec.left)
        ctx = dict(root="../", title=p.name, name=p.name, roles=roles, total=len(played),
                   wins=wins, left=left, pages=pages_nav, page=0)
        newest = played[-PER_PAGE:][::-1]
        page(base, f"{p.name}|{roles}|{wins}|{pages_nav}|{left_key}|{games_key(newest)}",
             partial(_render_list, player_tpl, ctx, newest,
                     partial(_row_of, player_row, seat_of)))
        if len(links) > 1:
            for n, rel, _first, _last, chunk in links:
                sub = {**ctx, "page": n}
                page(rel, f"{p.name}|{n}|{roles}|{wins}|{pages_nav}|{left_key}|"
                          f"{games_key(chunk)}",
                     partial(_render_list, player_tpl, sub, chunk[::-1],
                             partial(_row_of, player_row, seat_of)))
    players_ctx = dict(root="", title="参加者", players=listing, nav=nav)
    page("players.html", repr(listing),
         partial(env.get_template("site/players.html.j2").render, **players_ctx))

    # search and assets
    _search(w, summaries, shown, villages, hide_of)
    from ..resources import data_dir

    for asset in ("site.css", "search.js"):
        w.write(asset, (data_dir("reports") / "site" / asset).read_bytes())

    # what an earlier build made and this one did not (an opted-out player's page, a
    # game no longer in the archive): removed; files of the host's own are left alone
    for path in sorted(out.rglob("*")):
        rel = path.relative_to(out).as_posix()
        ours = rel.split("/")[0] in SITE_FOLDERS or (
            "/" not in rel and path.suffix in (".html", ".css", ".js"))
        if path.is_file() and ours and rel not in w.made:
            path.unlink()
            report.removed += 1
    for folder in SITE_FOLDERS:
        d = out / folder
        if d.is_dir() and not any(d.iterdir()):
            d.rmdir()
    fresh = {g.digest for g in summaries} != set(old_summaries) or pages != old_pages
    if fresh:
        _write_cache(cache_path, {"summaries": {
            g.digest: old_summaries.get(g.digest) or g.to_json() for g in summaries},
            "pages": pages})
    say(f"サイトを書き出しました：ゲーム{report.games}件、参加者{report.people}人"
        f"（書いたファイル{report.written}、変わらなかったファイル{report.unchanged}、"
        f"消したファイル{report.removed}）")
    return report


def _team(g: Summary) -> str:
    return _team_of(g.variant, g.team_won) if g.team_won else ""


@cache
def _team_of(variant: str, team_won: str) -> str:
    from ..games import REGISTRY, get_variant
    from ..report.html import TEAM_JA, team_line
    from ..report.sections import value_ja

    game = get_variant(variant) if variant in REGISTRY else None
    values = value_ja(game)
    label = values.get("team_won", {}).get(team_won, TEAM_JA.get(team_won, team_won))
    return team_line(game, team_won, label) or ""


def _winner(g: Summary, hide: Callable[[str], str], team: str) -> str:
    if not g.finished:
        return "進行中"
    won = [hide(s.player) for s in g.seats if s.won]
    names = "、".join(dict.fromkeys(won))
    return "：".join(x for x in (team, names) if x) or "—"


def _search(w: _Writer, summaries: list[Summary], shown: dict[str, Person],
            villages: list[str], hide_of: dict[int, _Names]) -> None:
    """The search index: entries (folded key, label, kind, href) sharded by every
    character their key holds; ``manifest.json`` gives each shard's size so that the
    browser fetches the smallest shard of the query's characters."""
    entries: list[tuple[str, str, str, str]] = []
    for p in shown.values():
        for n in dict.fromkeys((p.name, *p.aliases)):
            entries.append((name_key(n), p.name, "参加者", f"player/{p.slug}.html"))
    for v in villages:
        entries.append((name_key(_village_ja(v)), _village_ja(v), "村", f"village/{v}.html"))
    for g in summaries:
        title = hide_of[g.id](g.title)
        entries.append((name_key(title), title, f"{g.date} {_village_ja(g.variant)}",
                        f"game/{g.slug}.html"))
    shards: dict[str, list[int]] = defaultdict(list)
    for i, (key, *_rest) in enumerate(entries):
        for ch in set(key):
            shards[ch].append(i)
    manifest = {}
    for ch, idx in sorted(shards.items()):
        name = f"{ord(ch):x}"
        manifest[ch] = [name, len(idx)]
        w.write(f"search/{name}.json", json.dumps(
            [entries[i] for i in idx], ensure_ascii=False, separators=(",", ":")))
    w.write("search/manifest.json", json.dumps(manifest, ensure_ascii=False,
                                               separators=(",", ":")))


def default_players_file(archive: Path) -> Path:
    return archive.parent / "players.toml" if not archive.is_dir() else archive / "players.toml"


def archive_file(path: Path) -> Path:
    """ARCHIVE may name the SQLite file or the folder holding ``archive.sqlite3``."""
    if path.is_dir():
        path = path / "archive.sqlite3"
    if not path.is_file():
        raise UsageError(f"no archive at {path}", f"アーカイブ「{path}」がありません"
                                                  "（adjudicator archive add で作ります）")
    return path


