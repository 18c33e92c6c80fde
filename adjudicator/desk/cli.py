"""``adjudicator serve [DIR] [--port N] [--host H]``: the desk over a folder of games."""

from __future__ import annotations

import argparse
import errno
import socket
import sys
from collections.abc import Callable
from pathlib import Path

from ..errors import UsageError


def port_number(text: str) -> int:
    """``--port``: a whole number from 0 to 65535 (0: any free port), else a usage error."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"ポート番号は整数です（{text!r}）") from None
    if not 0 <= n <= 65535:
        raise argparse.ArgumentTypeError(f"ポート番号は 0 から 65535 までです（{text!r}）")
    return n


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``, bound before anything is announced: a port in
    use, or an address this computer does not have, is one line naming it."""
    from ..errors import AdjudicatorError

    shown = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError, ValueError) as e:
        raise UsageError(f"アドレス {host!r} が見つかりません（{e}）：--host に"
                         "このコンピュータのアドレスを指定してください") from None
    family, kind, proto, _canon, addr = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(addr)
        sock.listen(128)
    except OSError as e:
        sock.close()
        if e.errno == errno.EADDRINUSE:
            raise AdjudicatorError(f"{shown} は使用中です（別のプログラムかデスクが使っています）："
                                   "--port で別の番号を指定してください") from None
        if e.errno in (errno.EACCES, errno.EPERM):
            raise AdjudicatorError(f"{shown} を使う権限がありません（1024 未満のポートは管理者"
                                   "専用です）：--port で 1024 以上の番号を指定してください"
                                   ) from None
        raise AdjudicatorError(f"{shown} で待ち受けできません：{e.strerror or e}"
                               "（--host と --port を確かめてください）") from None
    return sock


def loopback(sock: socket.socket) -> bool:
    """Whether ``sock`` listens on a loopback address only (0.0.0.0 and :: listen on
    every interface)."""
    import ipaddress

    try:
        return ipaddress.ip_address(sock.getsockname()[0].split("%", 1)[0]).is_loopback
    except ValueError:
        return False


def cmd_serve(args: argparse.Namespace) -> int:
    root = Path(args.dir)
    if not root.is_dir():
        raise UsageError(f"「{args.dir}」はフォルダではありません：ゲームを入れたフォルダを指定して"
                         "ください")
    try:
        import uvicorn
    except ImportError:  # pragma: no cover - uvicorn is a dependency
        raise UsageError("デスクには uvicorn が必要です：pip install uvicorn") from None
    from .app import LOOPBACK_HOSTS, create_app

    if not args.host.strip():  # "" would listen on every interface, and print http://:PORT/
        raise UsageError("--host が空です：このコンピュータからだけなら 127.0.0.1（既定）、ほかの"
                         "コンピュータからも開くならそのアドレスか 0.0.0.0 を指定してください")
    args.host = args.host.strip()
    hosts = LOOPBACK_HOSTS if args.host in LOOPBACK_HOSTS else (*LOOPBACK_HOSTS, args.host)
    app = create_app(root, hosts=hosts)
    sock = bind(args.host, args.port)
    port = sock.getsockname()[1]
    shown = f"[{args.host}]" if ":" in args.host else args.host
    sys.stdout.write(f"adjudicator のデスク：http://{shown}:{port}/  （フォルダ "
                     f"{root.resolve()}。Ctrl-C で止まります）\n")
    sys.stdout.flush()
    if not loopback(sock):
        sys.stderr.write(f"注意：デスクは {shown} で、このコンピュータの外からも開けます。デスクには"
                         "ログインがないため、このネットワークのだれでもゲームを見て、ログを書き換え"
                         "られます。信頼できるネットワークでだけ使ってください\n")
        sys.stderr.flush()
    config = uvicorn.Config(app, host=args.host, port=port, log_level="warning")
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()
    return 0


def add_serve_command(add: Callable[[str, str, str], argparse.ArgumentParser]) -> None:
    s = add("serve", "ゲームのフォルダを、ブラウザで使うGMのデスクとして開きます（--host で"
            "指定しない限り、このコンピュータからだけ）", "adjudicator serve mygames --port 8765")
    s.add_argument("dir", nargs="?", default=".", help="ゲームを入れたフォルダ（既定：今のフォルダ）")
    s.add_argument("--port", type=port_number, default=8765,
                   help="待ち受けるポート、0 から 65535（既定 8765。0 なら空いているポート）")
    s.add_argument("--host", default="127.0.0.1",
                   help="待ち受けるアドレス（既定 127.0.0.1：このコンピュータからだけ）")
    s.set_defaults(func=cmd_serve)
