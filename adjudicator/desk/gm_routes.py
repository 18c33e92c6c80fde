"""The desk's pages of the GM's tools: 途中集計 from the paste page (nothing stored), and
the 配役 and its seal (deal, verify).  ``routes(wrap, forms)`` gives the routes;
``create_app`` adds them, handing over its form readers (``Forms``) so that this module
does not import the app.  The same code as the command line (adjudicator.status, .deal,
.seal)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from . import service as S


@dataclass(frozen=True)
class Forms:
    """The app's readers of a posted form: the paste, one field, the format, the phase."""

    paste: Callable[..., Any]
    field: Callable[..., str]
    fmt: Callable[..., str | None]
    phase: Callable[..., str]


async def status(forms: Forms, desk: Any, request: Request) -> Response:
    """POST /g/{name}/status: the 途中集計 of the pasted log (or the stored one)."""
    from ..report.sections import phase_label
    from ..status import phase_status

    name = request.path_params["name"]
    root = S.game_dir(desk.root, name)
    form = await desk.form(request)
    phase, fmt = forms.phase(form), forms.fmt(form)
    text = await forms.paste(form, desk.max_paste)
    try:
        st = phase_status(root, phase, text if text.strip() else None, "貼り付けたログ", fmt=fmt)
    except Exception as e:  # UsageError (no such phase, no log yet): a page, not a 500
        from ..errors import AdjudicatorError

        if isinstance(e, AdjudicatorError):
            raise S.DeskError(f"途中集計できません: {e}", 422) from None
        raise
    return desk.page(request, "status.html.j2", title=f"{name} {phase_label(phase)} の途中集計",
                     name=name, st=st, phase=phase, stored=not text.strip())


async def seal_page(forms: Forms, desk: Any, request: Request) -> Response:
    """GET /g/{name}/seal: the seal's state, the verify field and the deal form (before
    the deal: the players and the composition the lot deals for that number)."""
    from ..config.load import load_config
    from ..seal import check

    name = request.path_params["name"]
    root = S.game_dir(desk.root, name)
    digest = (request.query_params.get("digest") or "").strip()
    verified: tuple[bool, list[str]] | None = None
    try:
        cfg = load_config(root / "game.toml")
    except Exception:  # an undealt game.toml fails its variant's checks: deal it first
        cfg = None
    if cfg is not None and (digest or cfg.seal is not None):
        from ..seal import verify_game

        verified = verify_game(root, digest or None) if cfg.seal is not None else check(cfg)
    return desk.page(request, "seal.html.j2", title=f"{name} の配役と封印", name=name, cfg=cfg,
                     digest=digest, verified=verified, dealt=None, plan=S.deal_plan(root),
                     undealt=S.game_undealt(root), created=request.query_params.get("new") == "1")


async def deal(forms: Forms, desk: Any, request: Request) -> Response:
    """POST /g/{name}/deal: deal and seal; the result page is the GM's only."""
    from ..deal import deal_game
    from ..errors import ConfigError

    name = request.path_params["name"]
    root = S.game_dir(desk.root, name)
    form = await desk.form(request)
    raw = forms.field(form, "seed").strip()
    if raw and not raw.lstrip("-").isdigit():
        raise S.DeskError("種は整数で書いてください（空欄なら毎回ちがう配役になります）", 400)
    try:
        r = deal_game(root, seed=int(raw) if raw else None,
                      force=forms.field(form, "force") == "1")
    except ConfigError as e:  # the command line's words for its flag: the desk's checkbox
        raise S.DeskError("配役を決められません。次の点を直してください", 422,
                          [p.replace("（配り直すなら --force を付けてください）",
                                     "（配り直すなら「すでにある配役を配り直す」にチェックしてください）")
                           for p in e.problems_ja]) from None
    return desk.page(request, "seal.html.j2", title=f"{name} の配役と封印", name=name, cfg=None,
                     digest="", verified=None, dealt=r, seeded=bool(raw))


def routes(wrap: Callable[[Any], Any], forms: Forms) -> list[Route]:
    return [
        Route("/g/{name}/status", wrap(partial(status, forms)), methods=["POST"]),
        Route("/g/{name}/seal", wrap(partial(seal_page, forms)), methods=["GET"]),
        Route("/g/{name}/deal", wrap(partial(deal, forms)), methods=["POST"]),
    ]
