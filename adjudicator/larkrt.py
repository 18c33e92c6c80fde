"""Lark's LALR runtime without ``import lark`` at every start.

``import lark`` loads the whole library: the grammar compiler (``lark.load_grammar``,
which builds lark's own meta-grammar), the Earley and CYK parsers, and ``interegular``
when it is installed; a command that loads its LALR tables from the private cache
(``parser.build_parser``) needs none of that.  Lark's own stand-alone generator
(``python -m lark.tools.standalone``, ``lark.tools.standalone.gen_standalone``) writes
out exactly the part an LALR parser runs: the tree, visitors, exceptions, lexer and
LALR parser, and a ``Lark`` class that loads saved tables.  Here that code is generated
once, from the installed lark, into the user's private cache folder (``fsio.cache_dir``)
as a marshalled code object, and later starts execute it instead of importing lark.

- The grammars stay the single source of truth: the runtime holds no grammar (the
  generator's DATA and MEMO are cut out); each variant's tables are still the ones lark
  builds from ``grammars/*.lark`` and saves (``parser._cache_file``), loaded with the
  runtime's ``Lark.load`` (the same code as ``lark.Lark.load``).
- The file is named by a stamp of the installed lark (every ``.py`` file of the package
  by path, size and mtime) and of Python (version and bytecode magic): an upgraded or
  edited lark, or another Python, names another file, so a stale runtime is never run.
- It is executed only when ``fsio.trusted_file`` says no other user could have written
  it (the same rule as the pickled tables and Jinja's bytecode).
- Without a cache folder, on the first run, or when anything about the file is wrong,
  the names below are lark's own (``import lark``), and the runtime is written as the
  command finishes (``finish.at_finish``) for the next start.

Everything the package uses of lark comes through here (``parser`` re-exports it for
the variants' transformers), so that one process never mixes lark's classes with the
runtime's: a ``Token`` of one is not an instance of the other.  The generated code is
lark's, under the license its generator states (MPL 2.0); it is made on the user's
machine and never shipped.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

#: the name the runtime module is registered under (``sys.modules``)
RUNTIME = "adjudicator._lark_runtime"
#: where the generator's output stops being code and starts being one grammar's tables
_DATA_START = "import pickle, zlib, base64\nDATA = ("
_DATA_END = "\nShift = 0\nReduce = 1\n"


def lark_folder() -> Path | None:
    """The installed lark package's folder, found as ``import lark`` would find it,
    without importing it."""
    from importlib.machinery import PathFinder

    spec = PathFinder.find_spec("lark")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def stamp(folder: Path) -> str:
    """The installed lark (every ``.py`` file under ``folder``: path, size, mtime) and
    this Python (version and bytecode tag), as 16 hex digits."""
    import hashlib

    parts = [sys.version, sys.implementation.cache_tag or ""]
    todo = [str(folder)]
    while todo:
        with os.scandir(todo.pop()) as it:
            for entry in sorted(it, key=lambda e: e.name):
                if entry.is_dir(follow_symlinks=False) and entry.name != "__pycache__":
                    todo.append(entry.path)
                elif entry.name.endswith(".py"):
                    st = entry.stat()
                    parts.append(f"{entry.path}\0{st.st_size}\0{st.st_mtime_ns}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def runtime_file() -> Path | None:
    """Where the runtime of the installed lark is kept; None: no cache folder, or no
    lark installed."""
    from .fsio import cache_dir

    lark = lark_folder()
    folder = cache_dir() if lark is not None else None
    if folder is None or lark is None:
        return None
    return folder / f"lark-runtime-{stamp(lark)}.marshal"


def runtime_source(parser: Any) -> str:
    """Lark's stand-alone parser module for ``parser`` (a ``lark.Lark``), without its
    grammar: the generator's output with DATA and MEMO and the function that loads them
    cut out.  Raises ValueError when the output does not have the expected shape."""
    import io

    from lark.tools.standalone import gen_standalone

    out = io.StringIO()
    gen_standalone(parser, out=out)
    text = out.getvalue()
    start, end = text.find(_DATA_START), text.find(_DATA_END)
    tail = text.find("def Lark_StandAlone", end)
    if min(start, end, tail) < 0 or not start < end < tail:
        raise ValueError("lark's stand-alone generator wrote an unexpected module")
    keep = start + len(_DATA_START) - len("DATA = (")  # its imports stay: load() unpickles
    return text[:keep] + text[end:tail]


def write_runtime(parser: Any, path: Path) -> None:
    """Generate the runtime from lark's generator and keep its code object at ``path``
    (a cache: any failure leaves lark to be imported next time as well)."""
    import marshal

    from .fsio import write_atomic

    code = compile(runtime_source(parser), f"<lark runtime {path.name}>", "exec")
    write_atomic(path, marshal.dumps(code), durable=False)


def load_runtime(path: Path) -> ModuleType | None:
    """The runtime module kept at ``path``, executed; None when it is missing, not
    trusted (``fsio.trusted_file``) or does not run."""
    import marshal

    from .fsio import trusted_file

    if not trusted_file(path):
        return None
    module = ModuleType(RUNTIME)
    module.__file__ = str(path)
    sys.modules[RUNTIME] = module  # dataclasses and typing look classes' modules up
    try:
        with open(path, "rb") as f:
            code = marshal.loads(f.read())
        exec(code, module.__dict__)
        for name in ("Lark", "Token", "Transformer", "UnexpectedInput", "VisitError",
                     "v_args"):
            getattr(module, name)
    except Exception:  # damaged, or from another lark: lark itself is imported
        del sys.modules[RUNTIME]
        return None
    return module


def _api() -> tuple[ModuleType | None, Path | None]:
    """(the runtime, or None when lark's own classes are used; the runtime's file)."""
    try:
        path = runtime_file()
    except OSError:
        return None, None
    return (load_runtime(path) if path is not None else None), path


_RUNTIME, _RUNTIME_FILE = _api()

if TYPE_CHECKING or _RUNTIME is None:
    from lark import Lark, Token, Transformer, UnexpectedInput, v_args
    from lark import __version__ as version
    from lark.exceptions import VisitError
else:
    Lark = _RUNTIME.Lark
    Token = _RUNTIME.Token
    Transformer = _RUNTIME.Transformer
    UnexpectedInput = _RUNTIME.UnexpectedInput
    VisitError = _RUNTIME.VisitError
    v_args = _RUNTIME.v_args
    version = _RUNTIME.__version__


def load_tables(f: Any, variant: str) -> Any:
    """``Lark.load(f)``: a variant's saved tables.  With the runtime, its lexer's module
    for regular expressions (``LexerConf.re_module``, which ``Lark.load`` reads from the
    runtime's global ``re``) is ``re`` with the per-state alternations compiled from the
    code an earlier run kept (``recache``, a group a variant)."""
    if _RUNTIME is not None:
        from .recache import ReModule

        _RUNTIME.__dict__["re"] = ReModule(f"lark-{variant}")
    return Lark.load(f)


def from_runtime() -> bool:
    """True when this process runs the generated runtime, not lark itself."""
    return _RUNTIME is not None


_PENDING: list[Any] = []


def keep_runtime(parser: Any) -> None:
    """Ask for the runtime to be written as the command finishes, from a ``lark.Lark``
    this process built or loaded with lark itself (nothing to do when the runtime is
    what runs, or there is no cache folder)."""
    if _RUNTIME is not None or _RUNTIME_FILE is None or _PENDING:
        return
    from .finish import at_finish

    _PENDING.append(parser)
    at_finish(_write_pending)


def _write_pending() -> None:
    if _RUNTIME_FILE is not None and _PENDING and not _RUNTIME_FILE.exists():
        write_runtime(_PENDING[0], _RUNTIME_FILE)


def full_lark(grammar: str, **options: Any) -> Any:
    """A ``lark.Lark`` built from ``grammar`` by lark itself (the runtime cannot compile
    grammars), for building the tables."""
    import lark

    return lark.Lark(grammar, **options)


__all__ = ["Lark", "Token", "Transformer", "UnexpectedInput", "VisitError", "v_args",
           "version", "from_runtime", "keep_runtime", "full_lark", "load_tables"]
