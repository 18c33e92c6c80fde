"""The desk's 訂正 (adjudicator.corrections; docs/gm-tools.md): 「投稿しました」 beside
the copy buttons keeps what the players were shown, and the corrections page says what a
fix changes, to whom, with the 訂正 post and notices to copy.  The same code as
``adjudicator posted`` and ``adjudicator corrections``."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from . import service as S


async def posted(field: Callable[..., str], desk: Any, request: Request) -> Response:
    """POST /g/{name}/posted: the phase's texts as published now (a note optional)."""
    from ..corrections import mark_posted
    from ..engine import resolve_game

    name = request.path_params["name"]
    root = S.game_dir(desk.root, name)
    form = await desk.form(request)
    phase = field(form, "phase").strip()
    if not phase:
        raise S.DeskError("フェーズを選んでください", 400)
    game = resolve_game(root)
    if phase not in {ph.id for ph in game.phases}:
        raise S.DeskError("その日のログはまだありません", 404)
    now = dt.datetime.now().astimezone().isoformat(timespec="seconds")
    mark_posted(root, game, phase, now, field(form, "note").strip()[:500])
    return RedirectResponse(f"/g/{quote(name, safe='')}?phase={quote(phase, safe='')}#outputs",
                            status_code=303)


async def corrections_page(desk: Any, request: Request) -> Response:
    """GET /g/{name}/corrections: what resolving now changes in the published phases."""
    from ..corrections import compare, load, private_correction, public_correction
    from ..engine import resolve_game

    name = request.path_params["name"]
    root = S.game_dir(desk.root, name)
    published = load(root)
    changes = compare(resolve_game(root), published) if published else []
    rows = []
    for c in changes:
        old = published.get(c.phase, [])
        rows.append({"change": c, "village": public_correction(c, old[-1].public if old else ""),
                     "notices": [(p, private_correction(c, p)) for p in c.players]})
    return desk.page(request, "corrections.html.j2", title=f"{name} の訂正", name=name,
                     published=published, rows=rows)


def routes(wrap: Callable[[Any], Any], field: Callable[..., str]) -> list[Route]:
    from functools import partial

    return [
        Route("/g/{name}/posted", wrap(partial(posted, field)), methods=["POST"]),
        Route("/g/{name}/corrections", wrap(corrections_page), methods=["GET"]),
    ]


def published_of(root: Any, phase: str) -> Any:
    """The last posting of ``phase`` (None: not posted), for the game's page."""
    from ..corrections import load

    try:
        versions = load(root).get(phase)
    except Exception:  # a damaged record: the corrections page names it
        return None
    return versions[-1] if versions else None
