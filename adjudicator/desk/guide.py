"""The desk's page of the players' command sheet (``/g/{name}/guide``): the sheet of
``adjudicator guide`` for this game, with a copy button, to paste at the start of a game.

Only game.toml is read (names and options): the sheet needs no log, and a game whose logs
have problems still has its sheet."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..config.load import load_config
from ..errors import ConfigError
from ..guide import build_guide, render_text
from . import service as S


async def guide_page(desk: Any, request: Request) -> Response:
    """``desk`` is the app's ``Desk`` (not imported here: the app imports this module)."""
    name = request.path_params["name"]
    path = S.game_dir(desk.root, name)
    try:
        cfg = load_config(path / "game.toml")
    except ConfigError as e:
        raise S.DeskError("ゲームの設定に問題があります。直してから開き直してください", 422,
                          e.problems_ja) from None
    guide = build_guide(cfg.variant, cfg)
    return desk.page(request, "guide.html.j2", title=f"{name}：コマンド一覧", name=name,
                     sheet_title=guide.title, body=render_text(guide))


def routes(wrap: Callable[[Any], Any]) -> list[Route]:
    """The routes of this module, each through the app's ``wrap`` (Host check, errors)."""
    return [Route("/g/{name}/guide", wrap(guide_page), methods=["GET"])]
