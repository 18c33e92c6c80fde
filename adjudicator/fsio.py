"""Writing files so that nothing is ever half-written or lost.

- ``write_atomic(path, data)``: the bytes go to a temporary file beside ``path`` and are
  renamed over it (``os.replace``), so a reader sees the old file or the new one, never a
  part; a failure leaves the old file as it was.
- ``swap_folder(dest, fill)``: a whole folder (``GAME/out/``) is built in a temporary
  folder beside ``dest`` and swapped in by two renames; concurrent runs each build their
  own and the last swap wins; a failure part-way leaves the last good ``dest``.
- ``swap_tree(dest, files)``: the same for a folder given as its files' texts, and no
  write at all when ``dest`` already holds exactly those bytes (a re-run with nothing
  changed leaves ``GAME/out/`` untouched: mtimes and inodes as they were).
- ``keep_history(logs, path)``: before a stored log is replaced, its bytes are copied to
  ``logs/.history/<name>.<n>`` (n counts up, never reused); ``history(logs)`` lists them.
- ``os_error_message(e)``: an ``OSError`` as one Japanese line: what is wrong, the path,
  what to do.
- ``read_capped(path, limit)``: a file's bytes, only if it is a regular file and at most
  ``limit`` bytes (a link to /dev/zero, a pipe or a device is refused, never read).
- ``cache_dir()``, ``read_cached(path)``, ``write_cached(path, data)``: the user's private
  cache folder, and a cached file kept with the digest of its content beside it, so that
  a damaged one is rebuilt, never used (``sound_cache`` and ``seal_cache`` for a file a
  library writes and reads itself: Lark's parse tables).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path

HISTORY = ".history"
#: a log file larger than this is refused, not read (/dev/zero); here, not in the engine,
#: so that reading a paste (``read``, ``add``) never imports the engine
MAX_LOG_BYTES = 50_000_000


def write_atomic(path: Path, data: bytes | str, durable: bool = True) -> None:
    """Write ``data`` to ``path`` through a temporary file beside it and a rename;
    ``durable``: flushed to the disk before the rename (a stored log; not a cache)."""
    path = Path(path)
    blob = data.encode("utf-8") if isinstance(data, str) else data
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name[:40]}.", suffix=".tmp",
                                   dir=path.parent)
    except OSError as e:
        raise _at(e, path) from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(blob)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.chmod(tmp, 0o644 & ~_umask())
        os.replace(tmp, path)
    except OSError as e:  # a full disk names the file it was writing, not nothing
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if e.filename is None or e.filename == tmp:
            raise _at(e, path) from None
        raise
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


#: the folders of a game whose files are its input or its record: never an output path
GAME_INPUT_FOLDERS = ("logs", "deal", "discord")
#: what an earlier report starts with (report.html's generator line, in its first bytes)
REPORT_MARK = b'<meta name="generator" content="adjudicator'


def game_input(path: Path | str) -> str | None:
    """Why ``path`` must not be written over (None: it may be an output): a game's
    ``game.toml`` (or another ``.toml`` beside it: majora's scenario), or anything under a game folder's ``logs/``, ``deal/`` or ``discord/``
    (links followed, so ``g/../g/logs/x`` and a linked folder are caught too).  A Japanese
    phrase, for the caller's message."""
    path = Path(path)
    try:
        real = Path(os.path.realpath(path.parent)) / path.name
        if path.is_symlink():
            real = Path(os.path.realpath(path))
    except (OSError, ValueError):
        return None
    if real.name == "game.toml" or (real.suffix == ".toml"
                                    and (real.parent / "game.toml").exists()):
        return "ゲームの設定のファイルです"
    for folder in (real, *real.parents):  # the folder itself (an output folder) too
        if folder.name in GAME_INPUT_FOLDERS and (folder.parent / "game.toml").exists():
            what = {"logs": "ログ", "deal": "配役の記録", "discord": "Discordへの送信の記録"}
            return f"ゲーム「{folder.parent.name}」の{what[folder.name]}のフォルダの中です"
    return None


def earlier_report(path: Path | str) -> bool:
    """Whether the regular file ``path`` is a report this tool wrote (its first bytes hold
    the generator line), so that writing a new report over it loses nothing."""
    try:
        head = read_head(path, 4096)
    except OSError:
        return False
    return head.startswith(b"<!DOCTYPE html>") and REPORT_MARK in head


def read_head(path: Path | str, n: int) -> bytes:
    """The first ``n`` bytes of a regular file (a pipe or a device is refused unread)."""
    import stat

    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegularFile(errno.EINVAL, "普通のファイルではありません", os.fspath(path))
        return os.read(fd, n)
    finally:
        os.close(fd)


def odd_game_toml(root: Path | str) -> str | None:
    """Why ``root/game.toml`` is there but cannot be read as a game (a FIFO, a device, a
    folder, a link to nothing), in Japanese; None when it is a regular file or absent
    (absent: the caller says 「ゲームがありません」)."""
    import stat

    path = Path(root) / "game.toml"
    try:
        os.lstat(path)
    except OSError:
        return None
    try:
        st = os.stat(path)
    except OSError:
        return f"「{path}」は行き先のないリンクです：普通のファイルの game.toml を置いてください"
    if stat.S_ISREG(st.st_mode):
        return None
    what = "フォルダです" if stat.S_ISDIR(st.st_mode) else "普通のファイルではありません（パイプ・装置など）"
    return f"「{path}」は{what}：ゲームの設定として読めません。普通のファイルとして書き直してください"


class NotRegularFile(OSError):
    """``read_capped``: the path is a pipe, a device, a socket or a folder."""


class TooLarge(OSError):
    """``read_capped``: the file is larger than the limit."""


def read_capped(path: Path | str, limit: int) -> bytes:
    """The bytes of ``path`` if it is a regular file (links followed) of at most ``limit``
    bytes.  Opened without blocking (a pipe with no writer would hang ``open``) and checked
    with ``fstat`` on the open file, so what is checked is what is read."""
    import stat

    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError(errno.EISDIR, "フォルダです", os.fspath(path))
        if not stat.S_ISREG(st.st_mode):
            raise NotRegularFile(errno.EINVAL, "普通のファイルではありません", os.fspath(path))
        if st.st_size > limit:
            raise TooLarge(errno.EFBIG, f"{limit:,} バイトより大きいファイルです", os.fspath(path))
        chunks: list[bytes] = []
        got = 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
            if got > limit:  # it grew while being read
                raise TooLarge(errno.EFBIG, f"{limit:,} バイトより大きいファイルです", os.fspath(path))
        return b"".join(chunks)
    finally:
        os.close(fd)


def _at(e: OSError, path: Path) -> OSError:
    """The same error, naming ``path`` (not the temporary name beside it)."""
    return type(e)(e.errno, e.strerror or str(e), str(path))


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def swap_folder(dest: Path, fill: Callable[[Path], None]) -> Path:
    """Build a folder with ``fill(tmp)`` in a temporary folder beside ``dest``, then put it
    in ``dest``'s place.  ``dest`` may be absent or a folder; a file or a link there is an
    ``OSError`` (the caller says what to do)."""
    dest = Path(dest)
    if dest.is_symlink() or (dest.exists() and not dest.is_dir()):
        raise IsADirectoryError(errno.EEXIST, "フォルダではないものがあります", str(dest))
    clean_stale(dest)
    try:
        tmp = Path(tempfile.mkdtemp(prefix=f".{dest.name}.new-{_run_tag()}-", dir=dest.parent))
    except OSError as e:
        raise _at(e, dest) from None
    try:
        try:
            fill(tmp)
        except OSError as e:  # a full disk mid-way: name the folder, not nothing
            if e.filename is None:
                raise _at(e, dest) from None
            raise
        os.chmod(tmp, 0o777 & ~_umask())
        if dest.is_dir() and not dest.is_symlink() and _exchange(tmp, dest):
            shutil.rmtree(tmp, ignore_errors=True)  # tmp now holds the old one
            return dest
        for _attempt in range(50):
            old = dest.parent / f".{dest.name}.old-{_run_tag()}-{_attempt}"
            try:
                os.rename(dest, old)
            except FileNotFoundError:
                old = None  # type: ignore[assignment]
            except OSError as e:
                if e.errno in (errno.ENOTEMPTY, errno.EEXIST):
                    continue
                raise
            try:
                os.rename(tmp, dest)
            except OSError as e:
                if e.errno in (errno.ENOTEMPTY, errno.EEXIST):  # another run swapped first
                    if old is not None:
                        shutil.rmtree(old, ignore_errors=True)
                    continue
                if old is not None:
                    try:
                        os.rename(old, dest)  # put the last good one back
                    except OSError:
                        pass
                raise _at(e, dest) from None
            if old is not None:
                shutil.rmtree(old, ignore_errors=True)
            return dest
        raise OSError(errno.EBUSY, "ほかの実行が置き換え続けています", str(dest))
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)


def swap_tree(dest: Path, files: Mapping[str, str], dirs: Iterable[str] = ()) -> Path:
    """Make ``dest`` hold exactly ``files`` (relative POSIX path -> UTF-8 text) and the
    folders ``dirs`` (and those the files sit in).  When it already does, byte for byte,
    nothing is written (a re-run with nothing changed leaves every file, its mtime and
    inode as they were); otherwise the whole folder is rebuilt and swapped in
    (``swap_folder``)."""
    dest = Path(dest)
    nl = os.linesep  # the bytes ``Path.write_text`` writes
    data = {rel: (text if nl == "\n" else text.replace("\n", nl)).encode("utf-8")
            for rel, text in files.items()}
    folders: set[str] = set()  # every folder, its parents too
    for rel in [*(d + "/" for d in dirs), *data]:
        parts = rel.split("/")[:-1]
        folders.update("/".join(parts[: k + 1]) for k in range(len(parts)))
    if not dest.is_symlink() and dest.is_dir() and _holds_exactly(dest, data, folders):
        clean_stale(dest)
        return dest

    def fill(tmp: Path) -> None:
        for rel in sorted(folders, key=lambda r: r.count("/")):
            (tmp / rel).mkdir(exist_ok=True)
        for rel, text in files.items():
            (tmp / rel).write_text(text, encoding="utf-8")

    return swap_folder(dest, fill)


def _holds_exactly(dest: Path, files: Mapping[str, bytes], folders: set[str]) -> bool:
    """Whether the folder ``dest`` holds these files (same bytes) and folders, and no
    other entry (a link anywhere counts as a difference)."""
    n_files = n_dirs = 0
    try:
        for root, dnames, fnames in os.walk(dest):
            base = os.path.relpath(root, dest).replace(os.sep, "/")
            prefix = "" if base == "." else base + "/"
            for d in dnames:
                if prefix + d not in folders or os.path.islink(os.path.join(root, d)):
                    return False
                n_dirs += 1
            for f in fnames:
                want = files.get(prefix + f)
                path = os.path.join(root, f)
                if want is None or os.path.islink(path):
                    return False
                if os.path.getsize(path) != len(want):
                    return False
                with open(path, "rb") as fh:
                    if fh.read() != want:
                        return False
                n_files += 1
    except OSError:
        return False
    return n_files == len(files) and n_dirs == len(folders)


_STALE_RE = re.compile(
    r"^\.(?P<name>.+)\.(?:new|old)-(?P<pid>[0-9]+)@(?P<host>[A-Za-z0-9-]*)-[^/]*$")


def _host() -> str:
    import socket

    return re.sub(r"[^A-Za-z0-9-]", "-", socket.gethostname())[:24]


def _run_tag() -> str:
    """``<pid>@<host>``: whose half-built folder it is (a shared folder may be written
    from two computers; a pid means something only on its own)."""
    return f"{os.getpid()}@{_host()}"


def clean_stale(dest: Path) -> list[Path]:
    """Remove the half-built ``.<dest>.new-<pid>@<host>-*`` (and ``.old-…``) folders that
    a run killed mid-way (``kill -9``) left beside ``dest``: only folders of that pattern,
    made on this computer, owned by this user, whose process is gone.  A live run's folder (its pid is alive) is
    never touched.  Returns what was removed."""
    dest = Path(dest)
    removed: list[Path] = []
    try:
        entries = list(dest.parent.iterdir())
    except OSError:
        return removed
    import stat

    for p in entries:
        m = _STALE_RE.match(p.name)
        if (m is None or m["name"] != dest.name or m["host"] != _host()
                or _alive(int(m["pid"]))):
            continue
        try:
            st = os.lstat(p)
        except OSError:
            continue
        if not stat.S_ISDIR(st.st_mode) or not _owned(st):
            continue
        shutil.rmtree(p, ignore_errors=True)
        if not p.exists():
            removed.append(p)
    return removed


def _alive(pid: int) -> bool:
    """True when a process ``pid`` exists (or may: another user's, or we cannot tell)."""
    if pid <= 0 or pid == os.getpid():
        return pid == os.getpid()
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders in one step (Linux ``renameat2(RENAME_EXCHANGE)``): ``b`` is never
    absent, not even for an instant.  False where the system cannot (then two renames)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    rc = renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange)
    return bool(rc == 0)


@contextlib.contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold ``folder/.lock`` (an advisory lock) while storing: two ``add`` runs at once
    each keep the version they replace, none is lost between them."""
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks; the renames stay atomic
        yield
        return
    fd = os.open(folder / ".lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


class Stored:
    """What ``store_log`` did: the file written, the versions kept, or nothing (same bytes).
    A plain slotted class, not a dataclass (a dataclass's definition costs about half a
    millisecond of every start, ``resolve``'s too)."""

    __slots__ = ("path", "kept", "unchanged")

    def __init__(self, path: Path, kept: list[Path], unchanged: bool = False) -> None:
        self.path = path
        self.kept = kept
        self.unchanged = unchanged


def store_log(logs: Path, phase: str, suffix: str, data: bytes,
              suffixes: tuple[str, ...], fmt: str | None = None,
              append: Callable[[bytes], bytes] | None = None, keep: bool = True) -> Stored:
    """Store ``data`` as ``logs/<phase><suffix>`` the one way both ``add`` and the desk do:
    under ``logs/.lock``, every log it replaces (any of ``suffixes``) kept in the history
    first, the new bytes written atomically, the replaced files removed; the same bytes
    again change nothing.  Other files (``night1.txt.bak``) are never touched.

    ``fmt`` (the chat format the GM named) is remembered beside the log
    (``logs/.<phase>.format``, see ``remembered_format``); storing with none forgets it.

    ``append`` (``add --append``: one more chat of the phase, input.thread): the bytes
    stored are ``append(the stored log's bytes)`` (``data`` when there is none), read
    under the same lock, so that two appends never lose one.

    ``keep=False`` (``bot``, a message added to the log it wrote): the replaced log is not
    copied to the history, since the new one holds every message of it (a night of
    thousands of messages would otherwise keep thousands of copies).

    The log, its format note and the removal of the logs it replaces are one step: a
    journal (``logs/.<phase>.store``: the new log's name, SHA-256 and format) is written
    first and removed last, and a run killed in between is finished or undone by the next
    ``settle`` (every ``store_log`` and every scan of the logs calls it): the new log and
    its note, or the old ones, never a mix (a new log read with the old note, or
    ``night3.json`` beside the ``night3.txt`` it replaced)."""
    import hashlib
    import json

    logs.mkdir(exist_ok=True)
    _refuse_link_out(logs)
    dest = logs / f"{phase}{suffix}"
    with locked(logs):
        _settle_locked(logs, suffixes)
        olds = _olds(logs, phase, suffixes)
        before: bytes | None = None  # the stored log's bytes, when read for ``append``
        if append is not None:
            stored = [p for p in olds if p.is_file() and not p.is_symlink()]
            if len(stored) == 1:
                before = stored[0].read_bytes()
                data = append(before)
                if stored[0] != dest:
                    before = None
        same = [dest] == olds and dest.is_file() and (
            before if before is not None else dest.read_bytes()) == data
        if same and remembered_format(dest) == fmt:
            return Stored(dest, [], unchanged=True)
        journal = logs / f".{phase}{JOURNAL}"
        write_atomic(journal, json.dumps({"log": dest.name, "format": fmt,
                                          "sha256": hashlib.sha256(data).hexdigest()}))
        # a link is removed, not copied: its target stays where it is (and a link out of
        # the game folder must not bring an outside file into the history)
        kept = [] if same else [k for p in olds if (keep or p != dest)
                                and p.is_file() and not p.is_symlink()
                                and (k := keep_history(logs, p)) is not None]
        if not same:
            write_atomic(dest, data)
        _finish(logs, phase, dest, fmt, suffixes)
        journal.unlink()
    return Stored(dest, kept)


#: the suffix of ``store_log``'s journal (``logs/.night3.store``)
JOURNAL = ".store"


def _olds(logs: Path, phase: str, suffixes: tuple[str, ...]) -> list[Path]:
    return [p for p in sorted(logs.glob(f"{phase}.*"))
            if p.stem == phase and p.suffix.lower() in suffixes
            and (p.is_file() or p.is_symlink())]


def _finish(logs: Path, phase: str, dest: Path, fmt: str | None,
            suffixes: tuple[str, ...]) -> None:
    """The last steps of a store, once ``dest`` holds the new log: its note, and the
    logs it replaced removed (each safe to do twice)."""
    _remember_format(logs, phase, fmt)
    for old in _olds(logs, phase, suffixes):
        if old != dest:
            old.unlink()


def settle(logs: Path, suffixes: tuple[str, ...]) -> None:
    """Finish (or undo) a ``store_log`` that was killed mid-way (see there); nothing to
    do, and nothing written, when no journal is left.  An unwritable folder is left as
    it is (the reader then sees what is there)."""
    try:
        if not any(n.startswith(".") and n.endswith(JOURNAL) for n in os.listdir(logs)):
            return
        _refuse_link_out(logs)  # never written through a link out of the game folder
        with locked(logs):
            _settle_locked(logs, suffixes)
    except OSError:
        return


def _settle_locked(logs: Path, suffixes: tuple[str, ...]) -> None:
    import hashlib
    import json

    for journal in sorted(logs.glob(f".*{JOURNAL}")):
        phase = journal.name[1: -len(JOURNAL)]
        try:
            doc = json.loads(journal.read_bytes()[:4096])
            name, fmt, sha = doc["log"], doc["format"], doc["sha256"]
            assert isinstance(name, str) and Path(name).stem == phase and "/" not in name
            assert fmt is None or isinstance(fmt, str)
        except (OSError, ValueError, KeyError, TypeError, AssertionError):
            journal.unlink(missing_ok=True)  # half-written: the store never began
            continue
        dest = logs / name
        try:
            done = (dest.is_file() and not dest.is_symlink()
                    and hashlib.sha256(dest.read_bytes()).hexdigest() == sha)
        except OSError:
            done = False
        if done:  # the new log is in place: finish what the killed run began
            _finish(logs, phase, dest, fmt, suffixes)
        journal.unlink(missing_ok=True)  # else the old log and its note still stand


def _refuse_link_out(logs: Path) -> None:
    """``logs/`` and ``logs/.history`` must be folders of the game itself: a link that
    points out of the game folder would write the log (or its kept versions) elsewhere."""
    game = Path(os.path.realpath(logs.parent))
    for folder in (logs, logs / HISTORY):
        if folder.is_symlink():
            real = Path(os.path.realpath(folder))
            if real != game and game not in real.parents:
                raise IsADirectoryError(errno.EXDEV, "ゲームのフォルダの外を指すリンクです"
                                        "（書き込むとゲームの外のファイルが変わります。"
                                        "リンクをやめて普通のフォルダにしてください）",
                                        str(folder))


def format_file(logs: Path, stem: str) -> Path:
    """Where the chat format named for ``logs/<stem>.*`` is remembered (hidden: no log)."""
    return logs / f".{stem}.format"


def _remember_format(logs: Path, stem: str, fmt: str | None) -> None:
    side = format_file(logs, stem)
    if fmt:
        write_atomic(side, fmt + "\n")
    else:
        with contextlib.suppress(FileNotFoundError):
            side.unlink()


def remembered_format(log: Path) -> str | None:
    """The chat format ``add --format`` (or the desk) named for this log, or None."""
    side = format_file(log.parent, log.stem)
    try:
        if side.is_symlink() or not side.is_file():
            return None
        with open(side, "rb") as f:
            word = f.read(64).decode("ascii", "replace").strip()
    except OSError:
        return None
    return word or None


_HIST_RE = re.compile(r"^(?P<name>.+)\.(?P<n>[0-9]+)$")


def keep_history(logs: Path, path: Path) -> Path | None:
    """Copy ``path`` into ``logs/.history/<name>.<n>`` (next free n); None if it is empty."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    if not data.strip():
        return None
    folder = logs / HISTORY
    folder.mkdir(exist_ok=True)
    n = 1 + max((int(m["n"]) for p in folder.iterdir()
                 if (m := _HIST_RE.match(p.name)) and m["name"] == path.name), default=0)
    while True:
        target = folder / f"{path.name}.{n}"
        try:
            fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:  # a concurrent `add` took this number
            n += 1
            continue
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
        except OSError as e:  # a full disk: no empty or cut version is left behind
            with contextlib.suppress(OSError):
                os.unlink(target)
            raise _at(e, target) from None
        return target


def history(logs: Path, phase: str | None = None) -> list[tuple[str, int, Path]]:
    """``(stored name, version, path)`` of every kept version, oldest first per name."""
    folder = logs / HISTORY
    if not folder.is_dir():
        return []
    rows = []
    for p in folder.iterdir():
        m = _HIST_RE.match(p.name)
        if m is None or not p.is_file() or p.stat().st_size == 0:
            continue  # an empty file is no kept version (keep_history never writes one)
        name = m["name"]
        if phase is not None and name.rsplit(".", 1)[0] != phase:
            continue
        rows.append((name, int(m["n"]), p))
    rows.sort(key=lambda r: (r[0], r[1]))
    return rows


#: what went wrong and what to do, in the GM's words, by errno
_WHAT_TO_DO: dict[int, tuple[str, str]] = {
    errno.EACCES: ("使う権限がありません", "ファイルやフォルダの権限を確かめてください"),
    errno.EPERM: ("使う権限がありません", "ファイルやフォルダの権限を確かめてください"),
    errno.EROFS: ("読み出し専用の場所です", "書き込める場所を選んでください"),
    errno.ENOSPC: ("ディスクの空き容量が足りません", "空きを作ってからもう一度実行してください"),
    errno.EDQUOT: ("ディスクの割り当て容量を使い切りました",
                   "空きを作ってからもう一度実行してください"),
    errno.ENAMETOOLONG: ("名前が長すぎます", "短い名前にしてください"),
    errno.EISDIR: ("フォルダです", "ファイルを指定してください"),
    errno.ENOTDIR: ("途中にフォルダでなくファイルがあります", "パスを確かめてください"),
    errno.ENOENT: ("見つかりません", "パスを確かめてください"),
    errno.EEXIST: ("じゃまなものがあります", "どかしてください"),
    errno.ELOOP: ("リンクが輪になっています", "リンクを直すか消してください"),
    errno.EBUSY: ("使用中です", "もう一度実行してください"),
    errno.EIO: ("読み書きに失敗しました（ディスクや装置の故障かもしれません）",
                "別の場所で試してください"),
    errno.EFBIG: ("ファイルが大きすぎます", "小さなファイルにしてください"),
    errno.EINVAL: ("使えない名前か、できない操作です", "パスを確かめてください"),
}


def os_error_message(e: OSError) -> str:
    """An ``OSError`` as one Japanese line: what is wrong, the path, what to do
    (``ディスクの空き容量が足りません：g/out（空きを作ってからもう一度実行してください）``).
    A message of our own (a Japanese ``strerror``) is kept; an errno we do not know
    says the system's words in brackets."""
    path = os.fsdecode(e.filename) if e.filename is not None else None
    own = e.strerror if e.strerror and not e.strerror.isascii() else None
    problem, todo = _WHAT_TO_DO.get(e.errno or 0, (None, None))
    detail = ""
    if problem is None:
        problem = "ファイルを読み書きできませんでした"
        system = (e.strerror or str(e) or type(e).__name__).strip()
        detail = f"（システムの説明：{system}）" if not own else ""
    line = own or problem
    if path is not None:
        line += f"：{path}"
    if e.filename2 is not None:
        line += f"（と {os.fsdecode(e.filename2)}）"
    return line + detail + (f"（{todo}）" if todo else "")


def os_error_reason(e: OSError) -> str:
    """``os_error_message`` without the path, for a sentence that names the file itself
    (「使う権限がありません（ファイルやフォルダの権限を確かめてください）」)."""
    return os_error_message(OSError(e.errno, e.strerror)) if e.errno else os_error_message(e)


# ------------------------------------------------------------------ the private cache
def cache_dir() -> Path | None:
    """The user's own cache folder for adjudicator (platformdirs: ``~/.cache/adjudicator``
    on Linux, honouring ``XDG_CACHE_HOME``), created 0700; None when it cannot be made
    private (not ours, a link, writable by others, HOME read-only): then nothing is
    cached, and nothing is ever loaded from a place another user could have written."""
    from platformdirs import user_cache_dir

    try:
        folder = Path(user_cache_dir("adjudicator", appauthor=False))
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = os.lstat(folder)
    except (OSError, RuntimeError):
        return None
    import stat

    if not stat.S_ISDIR(st.st_mode) or not _owned(st):
        return None
    if st.st_mode & 0o077:
        try:
            os.chmod(folder, 0o700)
        except OSError:
            return None
    return folder


def _owned(st: os.stat_result) -> bool:
    getuid = getattr(os, "getuid", None)
    return getuid is None or st.st_uid == getuid()


def trusted_file(path: Path) -> bool:
    """True when ``path`` is a regular file (not a link) owned by this user, writable by
    no one else, in a folder of the same kind."""
    import stat

    try:
        st = os.lstat(path)
        parent = os.lstat(Path(path).parent)
    except OSError:
        return False
    if not stat.S_ISREG(st.st_mode) or not _owned(st) or st.st_mode & 0o022:
        return False
    return stat.S_ISDIR(parent.st_mode) and _owned(parent) and not parent.st_mode & 0o022


def digest_file(path: Path) -> Path:
    """Where the digest of a cached file is kept: beside it, ``<name>.sha256``."""
    path = Path(path)
    return path.with_name(path.name + ".sha256")


def _digest(data: bytes) -> bytes:
    import hashlib

    return hashlib.sha256(data).hexdigest().encode("ascii")


def read_cached(path: Path) -> bytes | None:
    """The bytes kept at ``path`` by ``write_cached``, when they are what was written:
    the file and its digest are both this user's own (``trusted_file``) and the SHA-256
    of the bytes is the digest.  None otherwise (missing, damaged, half-written, from
    another user): the caller builds the thing anew and keeps it again."""
    path = Path(path)
    digest = digest_file(path)
    if not (trusted_file(path) and trusted_file(digest)):
        return None
    try:
        data = path.read_bytes()
        want = digest.read_bytes()
    except OSError:
        return None
    return data if _digest(data) == want.strip() else None


def write_cached(path: Path, data: bytes | str) -> None:
    """Keep ``data`` at ``path`` and its digest beside it (each written atomically, the
    digest last, readable by this user only).  A cache: a failure keeps nothing and is
    never an error."""
    path = Path(path)
    blob = data.encode("utf-8") if isinstance(data, str) else data
    try:
        write_atomic(path, blob, durable=False)
        os.chmod(path, 0o600)
        write_atomic(digest_file(path), _digest(blob), durable=False)
        os.chmod(digest_file(path), 0o600)
    except OSError:
        for stale in (path, digest_file(path)):
            with contextlib.suppress(OSError):
                os.unlink(stale)


def sound_cache(path: Path) -> bool | None:
    """For a file a library writes and reads itself (Lark's parse tables): True when it
    is there and matches its digest.  Otherwise it is removed with its digest, so that
    the library builds it anew: False (the caller then ``seal_cache``s what the library
    wrote), or None when it cannot be removed (the library must not be given it)."""
    path = Path(path)
    if read_cached(path) is not None:
        return True
    for stale in (path, digest_file(path)):
        try:
            os.unlink(stale)
        except FileNotFoundError:
            pass
        except OSError:
            return None
    return False


def seal_cache(path: Path) -> None:
    """Write the digest of the file a library has just written at ``path`` beside it
    (nothing when it wrote none: an unwritable folder)."""
    path = Path(path)
    if not trusted_file(path):
        return
    try:
        data = path.read_bytes()
        write_atomic(digest_file(path), _digest(data), durable=False)
        os.chmod(digest_file(path), 0o600)
    except OSError:
        pass
