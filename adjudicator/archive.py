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

import builtins
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
from .fsio import os_error_message

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


class DamagedRow(ArchiveError):
    """One stored game cannot be read (a column holds what it should not): ``gid`` and
    ``column`` name it; the rest of the archive stays usable."""

    def __init__(self, path: Path, gid: Any, column: str, why: str) -> None:
        self.gid = gid
        self.column = column
        super().__init__(
            f"保存されたゲーム #{gid} は壊れています（{column}：{why}）：このゲームは読めません。"
            f"`adjudicator archive remove {gid}` で消せます。ほかのゲームは使えます"
            f"（アーカイブ {path}）")


MAX_ID = 2**63 - 1  # SQLite's largest integer: a larger id is no id


def disk_full(e: BaseException, path: Path | None = None) -> bool:
    """True when an SQLite or OS error says the disk (or quota) is full; an SQLite
    "disk I/O error" (it cannot grow its shared-memory file) counts when the disk that
    holds ``path`` has no room left."""
    import errno

    if isinstance(e, OSError):
        return e.errno in (errno.ENOSPC, errno.EDQUOT)
    code = getattr(e, "sqlite_errorcode", None)
    if code == 13 or "disk is full" in str(e):  # SQLITE_FULL
        return True
    if path is not None and (code is not None and code & 0xFF == 10 or "I/O error" in str(e)):
        return no_room(path.parent)
    return False


def no_room(folder: Path) -> bool:
    """The file system of ``folder`` has (almost) no free space or no free inode."""
    try:
        vfs = os.statvfs(folder)
    except (OSError, AttributeError):
        return False
    return vfs.f_bavail * vfs.f_frsize < 256 * 1024 or (vfs.f_files > 0 and vfs.f_favail == 0)


def _not_archive(where: str, e: BaseException) -> str:
    return (f"{where}はアーカイブではありません：SQLite のデータベースでないか、壊れています"
            f"（{e}）。--db で別のファイルを指定してください")


def _full_message(path: Path) -> str:
    return (f"ディスクの空き容量が足りません：アーカイブ「{path}」を開けない・書けません。空きを"
            "作ってからもう一度実行してください。アーカイブ自体は壊れていません")


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
        raise ArchiveError(f"「{root}」に game.toml がありません：ゲームのフォルダではありません")
    from .config.load import MAX_CONFIG_BYTES
    from .engine import MAX_LOG_BYTES
    from .fsio import read_capped

    files["game.toml"] = read_capped(toml, MAX_CONFIG_BYTES)
    logs = root / "logs"
    base = root.resolve()
    if logs.is_dir() and logs.resolve().is_relative_to(base):
        for path in sorted(logs.rglob("*")):
            hidden = any(part.startswith(".") for part in path.relative_to(logs).parts)
            if hidden or not path.is_file():  # logs/.history/ is no input
                continue
            if not path.resolve().is_relative_to(base):  # a link out is no input either
                continue  # (resolve refuses it too)
            files[path.relative_to(root).as_posix()] = read_capped(path, MAX_LOG_BYTES)
    import tomllib

    try:
        scenario = tomllib.loads(files["game.toml"].decode("utf-8")).get("scenario")
    except (tomllib.TOMLDecodeError, UnicodeDecodeError):
        scenario = None
    if isinstance(scenario, str) and (root / scenario).is_file():
        rel = Path(scenario).as_posix()
        if (not rel.startswith("../") and not Path(rel).is_absolute()
                and (root / scenario).resolve().is_relative_to(base)):
            files[rel] = read_capped(root / scenario, MAX_CONFIG_BYTES)
    return files


def digest_of(files: dict[str, bytes]) -> tuple[str, dict[str, str]]:
    hashes = {p: hashlib.sha256(b).hexdigest() for p, b in sorted(files.items())}
    whole = hashlib.sha256("".join(f"{p}\0{h}\n" for p, h in hashes.items()).encode())
    return whole.hexdigest(), hashes


class Archive:
    """An open archive.  Use as a context manager, or call ``close()``."""

    def __init__(self, path: Path | str | None = None, timeout: float = 60.0) -> None:
        self.path = Path(path) if path is not None else default_path()
        where = f"「{self.path}」"
        if path is not None and not self.path.parent.is_dir():
            raise ArchiveError(f"アーカイブ{where}のフォルダ「{self.path.parent}」がありません："
                               "先に作るか、--db で別の場所を指定してください")
        if self.path.is_dir():
            raise ArchiveError(f"{where}はフォルダです：--db にアーカイブのファイルを指定してください")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise ArchiveError(f"アーカイブのフォルダ「{self.path.parent}」を作れません："
                               f"{os_error_message(e)}（${ENV_VAR} か --db で別の場所を指定して"
                               "ください）") from None
        fresh = self._fresh()
        try:
            self.db = sqlite3.connect(self.path, timeout=timeout, isolation_level=None)
        except sqlite3.Error as e:
            if disk_full(e, self.path):
                raise ArchiveError(_full_message(self.path)) from None
            raise ArchiveError(f"アーカイブ「{self.path}」を開けません：{e}") from e
        try:
            self._check(fresh)
        except BaseException:
            self.db.close()
            raise

    def _fresh(self) -> bool:
        """True when there is no file yet or it is empty (a new archive is made there);
        a file that is not empty must start as an SQLite database does, else it is not
        ours to write into (a 1-byte file is not "empty")."""
        import stat

        where = f"「{self.path}」"
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return True
        except OSError as e:
            raise ArchiveError(f"アーカイブ{where}を開けません：{os_error_message(e)}") from None
        if not stat.S_ISREG(st.st_mode):
            raise ArchiveError(f"{where}は普通のファイルではありません：アーカイブにできません。"
                               "--db で別のファイルを指定してください")
        if st.st_size == 0:
            return True
        try:
            with open(self.path, "rb") as f:
                head = f.read(16)
        except OSError as e:
            if disk_full(e, self.path):
                raise ArchiveError(_full_message(self.path)) from None
            raise ArchiveError(f"アーカイブ{where}を開けません：{os_error_message(e)}"
                               "（ファイルとそのフォルダの権限を確かめてください）") from None
        if head != b"SQLite format 3\x00":
            raise ArchiveError(f"{where}はアーカイブではありません（{st.st_size} バイトの、SQLite "
                               "でないファイル）：上書きしません。--db で別のファイルを指定して"
                               "ください")
        return False

    def _check(self, fresh: bool) -> None:
        where = f"「{self.path}」"
        try:
            self.db.execute("PRAGMA busy_timeout = 60000")
            app = self.db.execute("PRAGMA application_id").fetchone()[0]
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in self.db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
        except sqlite3.OperationalError as e:
            if disk_full(e, self.path):
                raise ArchiveError(_full_message(self.path)) from None
            if "unable to open" in str(e) or "readonly" in str(e) or "locked" in str(e):
                raise ArchiveError(f"アーカイブ{where}を開けません：{e}（ファイルとその"
                                   "フォルダの権限を確かめてください）") from None
            raise ArchiveError(_not_archive(where, e)) from None
        except sqlite3.DatabaseError as e:
            if disk_full(e, self.path):
                raise ArchiveError(_full_message(self.path)) from None
            raise ArchiveError(_not_archive(where, e)) from None
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
            raise ArchiveError(f"{where}は SQLite のデータベースですが、adjudicator の"
                               "アーカイブではありません：--db で別のファイルを指定してください")
        if version > SCHEMA_VERSION:
            raise ArchiveError(f"{where}は新しい版の adjudicator が書いたアーカイブです（形式 "
                               f"{version}、この版が読めるのは {SCHEMA_VERSION} まで）："
                               "adjudicator を新しくしてください")
        if not {"games", "files"} <= tables:
            raise ArchiveError(f"{where}は壊れています：ゲームを入れる表（games・files）が"
                               "ありません")

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
            raise self._write_error(e) from None
        try:
            yield self.db
        except sqlite3.Error as e:
            self._rollback()
            raise self._write_error(e, "（ファイルかそのフォルダが読み出し専用では？）") from None
        except BaseException:
            self._rollback()
            raise
        else:
            try:
                self.db.execute("COMMIT")
            except sqlite3.Error as e:
                self._rollback()
                raise self._write_error(e) from None

    def _write_error(self, e: sqlite3.Error, hint: str = "") -> ArchiveError:
        if disk_full(e, self.path):
            return ArchiveError(_full_message(self.path))
        return ArchiveError(f"アーカイブ「{self.path}」に書けません：{e}{hint}")

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
        top = top if isinstance(top, int) and not isinstance(top, bool) else 0
        value = row[0] if row else 0
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_ID:
            # a damaged counter (text, bytes, a number out of range): rebuilt from the
            # games there are (every caller holds the write transaction)
            db.execute("UPDATE counters SET value = ? WHERE name = 'last_id'", (top,))
            value = top
        return max(value, top)

    @staticmethod
    def _set_last_id(db: sqlite3.Connection, gid: int) -> None:
        db.execute("INSERT INTO counters (name, value) VALUES ('last_id', ?) ON CONFLICT(name) "
                   "DO UPDATE SET value = MAX(value, excluded.value)", (gid,))

    def _q(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        try:
            return self.db.execute(sql, args).fetchall()
        except OverflowError:
            raise ArchiveError(f"アーカイブ「{self.path}」にその番号のゲームはありません"
                               f"（番号は {MAX_ID} まで）") from None
        except sqlite3.DatabaseError as e:
            if disk_full(e, self.path):
                raise ArchiveError(_full_message(self.path)) from None
            raise ArchiveError(f"アーカイブ「{self.path}」は壊れています：{e}") from None

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
        if not -MAX_ID - 1 <= data["seed"] <= MAX_ID:  # SQLite's integers are 64-bit
            raise ArchiveError(f"「{root}」の種が大きすぎて保存できません：アーカイブに"
                               f"保存できるのは {-MAX_ID - 1} から {MAX_ID} までの種のゲームです")
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
        """Delete game ``gid``; a damaged row can be removed too (that is how it goes)."""
        if not self._q("SELECT 1 FROM games WHERE id = ?", (_id(gid),)):
            raise ArchiveError(f"アーカイブ「{self.path}」に番号 {gid} のゲームはありません"
                               "（`adjudicator archive list` で番号を確かめてください）")
        with self.transaction() as db:
            self._set_last_id(db, max(self._last_id(db), gid))
            db.execute("DELETE FROM files WHERE game_id = ?", (gid,))
            db.execute("DELETE FROM games WHERE id = ?", (gid,))

    # ------------------------------------------------------------ reading
    _COLS = ("id, name, variant, seed, finished, winners, phases, has_errors, tool_version, "
             "added_at, digest")

    def _row(self, r: Any) -> GameRow:
        """A row as read, each column checked: a DamagedRow names the first bad one."""
        gid = r[0]

        def bad(column: str, why: str) -> DamagedRow:
            return DamagedRow(self.path, gid, column, why)

        if not isinstance(gid, int) or isinstance(gid, bool):
            raise bad("id", "整数ではありません")
        texts = {"name": r[1], "variant": r[2], "tool_version": r[8], "added_at": r[9],
                 "digest": r[10]}
        for column, value in texts.items():
            if not isinstance(value, str):
                raise bad(column, "文字ではありません")
        ints = {"seed": r[3], "finished": r[4], "phases": r[6], "has_errors": r[7]}
        for column, value in ints.items():
            if not isinstance(value, int):
                raise bad(column, "数ではありません")
        if not isinstance(r[5], str):
            raise bad("winners", "文字ではありません")
        try:
            winners = json.loads(r[5])
        except (ValueError, RecursionError):
            raise bad("winners", "JSON として読めません") from None
        if not isinstance(winners, list) or not all(isinstance(w, str) for w in winners):
            raise bad("winners", "名前の一覧ではありません")
        return GameRow(id=gid, name=r[1], variant=r[2], seed=r[3], finished=bool(r[4]),
                       winners=winners, phases=r[6], has_errors=bool(r[7]),
                       tool_version=r[8], added_at=r[9], digest=r[10])

    def list(self) -> list[GameRow]:
        """Every readable game; the damaged ones are skipped (see ``damaged``)."""
        return self.scan()[0]

    def scan(self) -> tuple[builtins.list[GameRow], builtins.list[DamagedRow]]:
        """(every readable game, every damaged one named by id and column)."""
        good: builtins.list[GameRow] = []
        damaged: builtins.list[DamagedRow] = []
        for r in self._q(f"SELECT {self._COLS} FROM games ORDER BY id"):
            try:
                good.append(self._row(r))
            except DamagedRow as e:
                damaged.append(e)
        return good, damaged

    def get(self, gid: int) -> GameRow:
        rows = self._q(f"SELECT {self._COLS} FROM games WHERE id = ?", (_id(gid),))
        if not rows:
            raise ArchiveError(f"アーカイブ「{self.path}」に番号 {gid} のゲームはありません"
                               "（`adjudicator archive list` で番号を確かめてください）")
        return self._row(rows[0])

    def files(self, gid: int) -> dict[str, tuple[str, bytes]]:
        self.get(gid)
        rows = self._q("SELECT path, sha256, data FROM files WHERE game_id = ? ORDER BY path",
                       (gid,))
        out = {}
        for path, sha, data in rows:
            if not isinstance(path, str) or not path or "\x00" in path:
                raise DamagedRow(self.path, gid, "files.path", "ファイル名ではありません")
            if not isinstance(sha, str):
                raise DamagedRow(self.path, gid, "files.sha256", "文字ではありません")
            if not isinstance(data, bytes | str):
                raise DamagedRow(self.path, gid, "files.data", "中身がありません")
            blob = data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data
            if hashlib.sha256(blob).hexdigest() != sha:
                raise ArchiveError(f"アーカイブ「{self.path}」は壊れています：ゲーム #{gid} の"
                                   f"「{path}」が保存したときの中身と違います")
            out[path] = (sha, bytes(blob))
        return out

    def result(self, gid: int) -> dict[str, Any]:
        """The stored JSON export, checked to have the shape every reader relies on."""
        self.get(gid)
        (text,) = self._q("SELECT result FROM games WHERE id = ?", (gid,))[0]
        if not isinstance(text, str | bytes):
            raise DamagedRow(self.path, gid, "result", "文字ではありません")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise DamagedRow(self.path, gid, "result", "JSON として読めません") from None
        if not _result_shape(data):
            raise DamagedRow(self.path, gid, "result", "ゲームの結果の形ではありません")
        out: dict[str, Any] = data
        return out

    def export(self, gid: int, dest: Path) -> Path:
        """Write game ``gid`` back as a game folder at ``dest`` (must be empty or new)."""
        dest = Path(dest)
        if dest.exists() and not dest.is_dir():
            raise ArchiveError(f"「{dest}」はファイルです：新しいフォルダか空のフォルダを指定して"
                               "ください")
        if dest.exists() and any(dest.iterdir()):
            raise ArchiveError(f"「{dest}」はもうあり、空ではありません：新しいフォルダか空の"
                               "フォルダを指定してください")
        from .fsio import game_input

        why = game_input(dest)  # as `report -o`: never into a game's own logs/ or deal/
        if why is not None:
            raise ArchiveError(f"「{dest}」は{why}：ゲームのファイルに混ぜないよう、書き出しません。"
                               "ゲームのフォルダの外を指定してください")
        if not dest.parent.is_dir():  # as `report -o`: a mistyped path makes no folders
            raise ArchiveError(f"「{dest}」に書き出せません：フォルダ「{dest.parent}」がありません。"
                               "先に作るか、あるフォルダの中を指定してください")
        files = self.files(gid)
        dest.mkdir(exist_ok=True)
        for rel, (_sha, data) in files.items():
            target = (dest / rel).resolve()
            if dest.resolve() not in target.parents:
                raise ArchiveError(f"保存されたファイル名「{rel}」がゲームのフォルダの外を"
                                   "指しています：書き出しません")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        return dest


def _id(gid: int) -> int:
    if not isinstance(gid, int) or not 0 <= gid <= MAX_ID:
        raise ArchiveError(f"番号 {gid} のゲームはありません（番号は {MAX_ID} までの整数）")
    return gid


def _result_shape(data: Any) -> bool:
    """The keys show and replay read, with the types they expect."""
    if not isinstance(data, dict) or not isinstance(data.get("phases"), list):
        return False
    if not isinstance(data.get("winners", []), list):
        return False
    for ph in data["phases"]:
        if not isinstance(ph, dict) or not isinstance(ph.get("id"), str):
            return False
        if not isinstance(ph.get("public_post"), str):
            return False
        for key in ("deaths", "lines", "events"):
            if not isinstance(ph.get(key, []), list):
                return False
        for key in ("private", "line_counts"):
            if not isinstance(ph.get(key, {}), dict):
                return False
        if not all(isinstance(notes, list) for notes in ph.get("private", {}).values()):
            return False
        if not all(isinstance(x, dict) for x in ph.get("lines", []) + ph.get("events", [])):
            return False
    return True


def find_games(paths: list[Path]) -> list[Path]:
    """Game folders among ``paths``: each path is a game, or a folder of games."""
    out: list[Path] = []
    for p in paths:
        p = Path(p)
        from .fsio import odd_game_toml

        if (odd := odd_game_toml(p)) is not None:
            raise ArchiveError(odd)
        if (p / "game.toml").is_file():
            out.append(p)
        elif p.is_dir():
            subs = sorted(d for d in p.iterdir() if (d / "game.toml").is_file())
            if not subs:
                raise ArchiveError(f"「{p}」には game.toml も、game.toml のあるフォルダも"
                                   "ありません")
            out.extend(subs)
        else:
            raise ArchiveError(f"ゲームのフォルダ「{p}」が見つかりません")
    return out
