"""``adjudicator serve [DIR] [--port N] [--host H]``: the desk over a folder of games."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from ..errors import UsageError


def cmd_serve(args: argparse.Namespace) -> int:
    root = Path(args.dir)
    if not root.is_dir():
        raise UsageError(f"{args.dir!r} is not a folder: give the folder that holds your games")
    try:
        import uvicorn
    except ImportError:  # pragma: no cover - uvicorn is a dependency
        raise UsageError("the desk needs uvicorn: pip install uvicorn") from None
    from .app import LOOPBACK_HOSTS, create_app

    hosts = LOOPBACK_HOSTS if args.host in LOOPBACK_HOSTS else (*LOOPBACK_HOSTS, args.host)
    app = create_app(root, hosts=hosts)
    shown = f"[{args.host}]" if ":" in args.host else args.host
    sys.stdout.write(f"adjudicator desk: http://{shown}:{args.port}/  (folder {root.resolve()};"
                     " Ctrl-C stops it)\n")
    sys.stdout.flush()
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0


def add_serve_command(add: Callable[[str, str, str], argparse.ArgumentParser]) -> None:
    s = add("serve", "the GM's desk in the browser over a folder of games (loopback only "
            "unless --host says otherwise)", "adjudicator serve mygames --port 8765")
    s.add_argument("dir", nargs="?", default=".", help="folder of games (default: here)")
    s.add_argument("--port", type=int, default=8765)
    s.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this computer only)")
    s.set_defaults(func=cmd_serve)
