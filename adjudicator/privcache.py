"""The user's private cache folder, and which files in it may be loaded.

Every cache (Lark's tables and runtime, Jinja's bytecode, compiled patterns, Sudachi's
answers) is kept in one folder only this user can write, and a file is loaded only when
no other user could have written it (unpickling, unmarshalling and executing run what
the file says).  Here, not in ``fsio``, so that ``recache`` (which ``lazyre``, which
``fsio`` uses) can ask without an import cycle; ``fsio`` re-exports both.
"""

from __future__ import annotations

import os
from pathlib import Path


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
    no one else, in a folder of the same kind: safe to unpickle."""
    import stat

    try:
        st = os.lstat(path)
        parent = os.lstat(Path(path).parent)
    except OSError:
        return False
    if not stat.S_ISREG(st.st_mode) or not _owned(st) or st.st_mode & 0o022:
        return False
    return stat.S_ISDIR(parent.st_mode) and _owned(parent) and not parent.st_mode & 0o022
