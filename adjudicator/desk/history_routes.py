"""The desk's routes for a paste brought back and for the history of stored logs:
「戻る」 from an error page (the game page with the pasted text kept), one kept version
shown, and a kept version restored (through ``fsio.store_log``, so nothing is lost)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from ..errors import AdjudicatorError
from ..phases import phase_label
from . import guards as G
from . import service as S


@dataclass
class _Helpers:
    game_view: Callable[..., Response]
    field: Callable[..., str]
    phase: Callable[..., str]


_h: _Helpers


def _q(name: str) -> str:
    from urllib.parse import quote

    return quote(name, safe="")


async def resume(desk: Any, request: Request) -> Response:
    """「戻る」 from an error page: the game's page with the pasted text kept."""
    name = request.path_params["name"]
    S.game_dir(desk.root, name)
    form = await desk.form(request)
    return _h.game_view(desk, request, name, None, paste=_h.field(form, "log"),
                     paste_phase=_h.field(form, "phase"), paste_fmt=_h.field(form, "format"))


async def history_page(desk: Any, request: Request) -> Response:
    """One kept version of a stored log, as text (nothing changes)."""
    name = request.path_params["name"]
    phase = request.query_params.get("phase", "")
    try:
        number = int(request.query_params.get("v", ""))
    except ValueError:
        raise S.DeskError("版の番号がありません", 400) from None
    src = G.version_path(S.game_dir(desk.root, name), phase, number)
    if src is None:
        raise S.DeskError("その版は履歴にありません", 404)
    from ..chatlog import decode

    try:
        body = decode(src.read_bytes(), src.name)
    except AdjudicatorError:
        raise S.DeskError("この版は文字として読めません", 422) from None
    return desk.page(request, "text.html.j2", title=f"{name}：{phase_label(phase)}のログ（第{number}版）",
                     name=name, body=body, form_kind="history", phase=phase, number=number)


async def restore(desk: Any, request: Request) -> Response:
    name = request.path_params["name"]
    S.game_dir(desk.root, name)
    form = await desk.form(request)
    phase = _h.phase(form)
    try:
        number = int(_h.field(form, "version"))
    except ValueError:
        raise S.DeskError("版の番号がありません", 400) from None
    if G.restore(S.game_dir(desk.root, name), phase, number) is None:
        raise S.DeskError("その版は履歴にありません", 404)
    return RedirectResponse(f"/g/{_q(name)}?stored={_q(phase)}#history", status_code=303)


def routes(wrap: Callable[[Any], Callable[[Request], Awaitable[Response]]],
           game_view: Callable[..., Response], field: Callable[..., str],
           phase: Callable[..., str]) -> list[Route]:
    global _h
    _h = _Helpers(game_view, field, phase)
    return [
        Route("/g/{name}/resume", wrap(resume), methods=["POST"]),
        Route("/g/{name}/restore", wrap(restore), methods=["POST"]),
        Route("/g/{name}/history", wrap(history_page), methods=["GET"]),
    ]
