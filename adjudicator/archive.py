"""The replay archive: finished games in one SQLite file.

Each game is stored whole: its inputs (game.toml, the logs, a scenario file) byte for
byte with a SHA-256 of each, the derived JSON (``export_game``), and the version of
adjudicator that derived it.  A game's identity is the hash of its inputs, so adding
the same game twice stores it once.  ``export`` writes the inputs back as a game folder
that resolves to the same JSON.

Every write is one transaction (``BEGIN IMMEDIATE``; concurrent writers wait on the
lock, up to ``timeout`` seconds).  A file that is not SQLite, or is SQLite but not an
adjudicator archive, is an ``ArchiveError`` naming the file.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from . import __version__
from .errors import AdjudicatorError

APP_ID = 0x41444A55  # "ADJU": PRAGMA application_id of an adjudicator archive
SCHEMA_VERSION = 1
ENV_VAR = "ADJUDICATOR_ARCHIVE"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    digest TEXT NOT NULL UNIQUE,      -- sha256 over the inputs' paths and hashes
    name TEXT NOT NULL,               -- the game folder's name
    variant TEXT NOT NULL,
    seed INTEGER NOT NULL,
    finished INTEGER NOT NULL,
    winners TEXT NOT NULL,            -- JSON list
    phases INTEGER NOT NULL,
    has_errors INTEGER NOT NULL,
    tool_version TEXT NOT NULL,
    added_at TEXT NOT NULL,
    result TEXT NOT NULL              -- the JSON export
);
CREATE TABLE IF NOT EXISTS counters (  -- the last id ever given: ids are never reused
    name TEXT PRIMARY KEY,
    value INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS files (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    path TEXT NOT NULL,               -- relative, posix
    sha256 TEXT NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY (game_id, path)
);
"""


class ArchiveError(AdjudicatorError):
    """The archive file is unusable (corrupted, foreign) or an id is unknown."""


@dataclass(frozen=True)
class GameRow:
    id: int
    name: str
    variant: str
    seed: int
    finished: bool
    winners: list[str]
    phases: int
    has_errors: bool
    tool_version: str
    added_at: str
    digest: str


def default_path() -> Path:
    """``$ADJUDICATOR_ARCHIVE``, else ``archive.sqlite3`` in the user's data directory."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("adjudicator", appauthor=False)) / "archive.sqlite3"


def game_inputs(root: Path) -> dict[str, bytes]:
    """The files a game is derived from: game.toml, logs/**, and a scenario file."""
    root = Path(root)
    files: dict[str, bytes] = {}
    toml = root / "game.toml"
    if not toml.is_file():
        raise ArchiveError(f"no game.toml in {str(root)!r}: not a game folder")
    files["game.toml"] = toml.read_bytes()
    logs = root / "logs"
    if logs.is_dir():
        for path in sorted(logs.rglob("*")):
            hidden = any(part.startswith(".") for part in path.relative_to(logs).parts)
            if path.is_file() and not hidden:  # logs/.history/ is no input
                files[path.relative_to(root).as_posix()] = path.read_bytes()
    import tomllib

    try:
        scenario = tomllib.loads(files["game.toml"].decode("utf-8")).get("scenario")
    except (tomllib.TOMLDecodeError, UnicodeDecodeError):
        scenario = None
    if isinstance(scenario, str) and (root / scenario).is_file():
        rel = Path(scenario).as_posix()
        if not rel.startswith("../") and not Path(rel).is_absolute():
            files[rel] = (root / scenario).read_bytes()
    return files


def digest_of(files: dict[str, bytes]) -> tuple[str, dict[str, str]]:
    hashes = {p: hashlib.sha256(b).hexdigest() for p, b in sorted(files.items())}
    whole = hashlib.sha256("".join(f"{p}\0{h}\n" for p, h in hashes.items()).encode())
    return whole.hexdigest(), hashes


class Archive:
    """An open archive.  Use as a context manager, or call ``close()``."""

    def __init__(self, path: Path | str | None = None, timeout: float = 60.0) -> None:
        self.path = Path(path) if path is not None else default_path()
        where = repr(str(self.path))
        if path is not None and not self.path.parent.is_dir():
            raise ArchiveError(f"no folder {str(self.path.parent)!r} for the archive {where}: "
                               "create it first, or give another --db")
        if self.path.is_dir():
            raise ArchiveError(f"{where} is a folder: give the archive's file (--db)")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise ArchiveError(f"cannot create the archive's folder "
                               f"{str(self.path.parent)!r}: {e.strerror or e} (set "
                               f"${ENV_VAR} or use --db)") from None
        fresh = not self.path.exists() or self.path.stat().st_size == 0
        try:
            self.db = sqlite3.connect(self.path, timeout=timeout, isolation_level=None)
        except sqlite3.Error as e:
            raise ArchiveError(f"cannot open archive {str(self.path)!r}: {e}") from e
        try:
            self._check(fresh)
        except BaseException:
            self.db.close()
            raise

    def _check(self, fresh: bool) -> None:
        where = repr(str(self.path))
        try:
            self.db.execute("PRAGMA busy_timeout = 60000")
            app = self.db.execute("PRAGMA application_id").fetchone()[0]
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in self.db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
        except sqlite3.OperationalError as e:
            if "unable to open" in str(e) or "readonly" in str(e) or "locked" in str(e):
                raise ArchiveError(f"cannot open archive {where}: {e} (check the file's and "
                                   "its folder's permissions)") from None
            raise ArchiveError(f"{where} is not an adjudicator archive: the file is not "
                               f"an SQLite database or is corrupted ({e})") from None
        except sqlite3.DatabaseError as e:
            raise ArchiveError(f"{where} is not an adjudicator archive: the file is not "
                               f"an SQLite database or is corrupted ({e})") from e
        if fresh or (app == 0 and not tables):
            with self.transaction():
                # a racing process may have created it meanwhile: re-check under the lock
                app = self.db.execute("PRAGMA application_id").fetchone()[0]
                if app == 0:
                    for stmt in _SCHEMA.split(";"):
                        if stmt.strip():
                            self.db.execute(stmt)
                    self.db.execute(f"PRAGMA application_id = {APP_ID}")
                    self.db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            try:
                self.db.execute("PRAGMA journal_mode = WAL")
            except sqlite3.OperationalError:
                pass
            return
        if app != APP_ID:
            raise ArchiveError(f"{where} is an SQLite database but not an adjudicator "
                               "archive (its application_id is not adjudicator's); "
                               "choose another file with --db")
        if version > SCHEMA_VERSION:
            raise ArchiveError(f"{where} was written by a newer adjudicator (archive "
                               f"schema {version}, this one reads {SCHEMA_VERSION})")
        if not {"games", "files"} <= tables:
            raise ArchiveError(f"{where} is damaged: tables games/files are missing")

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Archive:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.DatabaseError as e:
            raise ArchiveError(f"cannot write to {str(self.path)!r}: {e}") from None
        try:
            yield self.db
        except sqlite3.Error as e:
            self._rollback()
            raise ArchiveError(f"cannot write to {str(self.path)!r}: {e} (is the file or "
                               "its folder read-only?)") from None
        except BaseException:
            self._rollback()
            raise
        else:
            try:
                self.db.execute("COMMIT")
            except sqlite3.Error as e:
                self._rollback()
                raise ArchiveError(f"cannot write to {str(self.path)!r}: {e}") from None

    def _rollback(self) -> None:
        try:
            self.db.execute("ROLLBACK")
        except sqlite3.Error:
            pass

    @staticmethod
    def _last_id(db: sqlite3.Connection) -> int:
        """The highest id ever given (removed games included): a new id is above it."""
        db.execute("CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, "
                   "value INTEGER NOT NULL)")
        row = db.execute("SELECT value FROM counters WHERE name = 'last_id'").fetchone()
        top = db.execute("SELECT COALESCE(MAX(id), 0) FROM games").fetchone()[0]
        return max(int(row[0]) if row else 0, int(top))

    @staticmethod
    def _set_last_id(db: sqlite3.Connection, gid: int) -> None:
        db.execute("INSERT INTO counters (name, value) VALUES ('last_id', ?) ON CONFLICT(name) "
                   "DO UPDATE SET value = MAX(value, excluded.value)", (gid,))

    def _q(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        try:
            return self.db.execute(sql, args).fetchall()
        except sqlite3.DatabaseError as e:
            raise ArchiveError(f"archive {str(self.path)!r} is corrupted: {e}") from e

    # ------------------------------------------------------------ writing
    def add(self, root: Path) -> tuple[int, bool]:
        """Store the game at ``root``; (id, True if newly added, False if already there)."""
        from .engine import resolve_game
        from .export import export_game

        root = Path(root)
        files = game_inputs(root)
        digest, hashes = digest_of(files)
        found = self._q("SELECT id FROM games WHERE digest = ?", (digest,))
        if found:
            return int(found[0][0]), False
        game = resolve_game(root)
        data = export_game(game)
        result = json.dumps(data, ensure_ascii=False, sort_keys=True)
        now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        with self.transaction() as db:
            again = db.execute("SELECT id FROM games WHERE digest = ?", (digest,)).fetchone()
            if again:
                return int(again[0]), False
            gid = self._last_id(db) + 1
            db.execute(
                "INSERT INTO games (id, digest, name, variant, seed, finished, winners, phases, "
                "has_errors, tool_version, added_at, result) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (gid, digest, root.resolve().name, data["variant"], data["seed"],
                 int(data["finished"]), json.dumps(data["winners"], ensure_ascii=False),
                 len(data["phases"]), int(game.has_errors), __version__, now, result))
            self._set_last_id(db, gid)
            db.executemany("INSERT INTO files (game_id, path, sha256, data) VALUES (?,?,?,?)",
                           [(gid, p, hashes[p], files[p]) for p in sorted(files)])
        return gid, True

    def remove(self, gid: int) -> None:
        self.get(gid)
        with self.transaction() as db:
            self._set_last_id(db, max(self._last_id(db), gid))
            db.execute("DELETE FROM files WHERE game_id = ?", (gid,))
            db.execute("DELETE FROM games WHERE id = ?", (gid,))

    # ------------------------------------------------------------ reading
    _COLS = ("id, name, variant, seed, finished, winners, phases, has_errors, tool_version, "
             "added_at, digest")

    @staticmethod
    def _row(r: Any) -> GameRow:
        return GameRow(id=r[0], name=r[1], variant=r[2], seed=r[3], finished=bool(r[4]),
                       winners=json.loads(r[5]), phases=r[6], has_errors=bool(r[7]),
                       tool_version=r[8], added_at=r[9], digest=r[10])

    def list(self) -> list[GameRow]:
        return [self._row(r) for r in self._q(f"SELECT {self._COLS} FROM games ORDER BY id")]

    def get(self, gid: int) -> GameRow:
        rows = self._q(f"SELECT {self._COLS} FROM games WHERE id = ?", (gid,))
        if not rows:
            raise ArchiveError(f"no game with id {gid} in {str(self.path)!r} "
                               "(see `adjudicator archive list`)")
        return self._row(rows[0])

    def files(self, gid: int) -> dict[str, tuple[str, bytes]]:
        self.get(gid)
        rows = self._q("SELECT path, sha256, data FROM files WHERE game_id = ? ORDER BY path",
                       (gid,))
        out = {}
        for path, sha, data in rows:
            if hashlib.sha256(data).hexdigest() != sha:
                raise ArchiveError(f"archive {str(self.path)!r} is corrupted: stored "
                                   f"{path!r} of game {gid} does not match its hash")
            out[path] = (sha, bytes(data))
        return out

    def result(self, gid: int) -> dict[str, Any]:
        self.get(gid)
        (text,) = self._q("SELECT result FROM games WHERE id = ?", (gid,))[0]
        try:
            data: dict[str, Any] = json.loads(text)
        except json.JSONDecodeError as e:
            raise ArchiveError(f"stored result of game {gid} is corrupted: {e}") from e
        return data

    def export(self, gid: int, dest: Path) -> Path:
        """Write game ``gid`` back as a game folder at ``dest`` (must be empty or new)."""
        dest = Path(dest)
        if dest.exists() and not dest.is_dir():
            raise ArchiveError(f"{str(dest)!r} is a file: give a new or empty folder")
        if dest.exists() and any(dest.iterdir()):
            raise ArchiveError(f"{str(dest)!r} exists and is not empty")
        files = self.files(gid)
        for rel, (_sha, data) in files.items():
            target = (dest / rel).resolve()
            if dest.resolve() not in target.parents:
                raise ArchiveError(f"stored path {rel!r} leaves the game folder")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        return dest


def find_games(paths: list[Path]) -> list[Path]:
    """Game folders among ``paths``: each path is a game, or a folder of games."""
    out: list[Path] = []
    for p in paths:
        p = Path(p)
        if (p / "game.toml").is_file():
            out.append(p)
        elif p.is_dir():
            subs = sorted(d for d in p.iterdir() if (d / "game.toml").is_file())
            if not subs:
                raise ArchiveError(f"{str(p)!r} holds no game.toml, nor folders with one")
            out.extend(subs)
        else:
            raise ArchiveError(f"no game folder at {str(p)!r}")
    return out
