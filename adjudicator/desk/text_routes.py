"""The desk's text pages: 経緯の説明 (explain, a player's own view by default) and the
1行チェック (how one line would be read now; an unknown speaker gets its closest names,
each with a one-click alias button).  The same code as the command line."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..engine import resolve_game
from ..errors import AdjudicatorError, ConfigError
from ..phases import phase_label
from . import service as S


def load_game(desk: Any, name: str) -> tuple[Path, Any]:
    path = S.game_dir(desk.root, name)
    try:
        return path, resolve_game(path)
    except ConfigError as e:
        raise S.DeskError("ゲームの設定に問題があります。直してから開き直してください", 422,
                          e.problems_ja) from None
    except AdjudicatorError as e:
        raise S.DeskError(f"このゲームを解決できません: {e}", 422) from None


def _ja(e: AdjudicatorError) -> str:
    """The error's Japanese message (a plain Japanese sentence when it has none)."""
    return e.ja or "指定された内容が見つかりません。選び直してください"


def _line_ref(game: Any, line: str, phase: str | None) -> str:
    """``7`` with a phase chosen is line 7 of that phase's log; ``night1:7`` the same;
    ``logs/night1.txt:7`` as the command line writes it."""
    import re

    m = re.fullmatch(r"(?:([a-z0-9-]+)\s*[:：]\s*)?([0-9]+)(?:行目?)?", line)
    if not m:
        return line
    pid = m.group(1) or phase or ""
    ph = next((r for r in game.phases if r.id == pid), None)
    if ph is None or not ph.lines:
        return line
    return ph.lines[0].ref.rsplit(":", 1)[0] + ":" + m.group(2)


_CITED = re.compile(r"［[A-Za-z0-9_.:/\\-]+］")
_RULE_ID = re.compile(r"［([a-z]{2,}\.[a-z0-9_.]+)］")


def with_rule_ids(page: str, cited: str) -> Any:
    """The GM's explain page (``page``, explain's desk mode) as HTML with each rule's id
    in a quiet trailing label, taken from the command line's GM view (``cited``, the same
    lines with the ids in brackets).  The label's text is a CSS ``attr()``, so that the
    copy button copies the page's text unchanged; a line that does not match its cited
    twin gets no label."""
    from markupsafe import Markup, escape

    twins = cited.splitlines()
    out = []
    for i, line in enumerate(page.splitlines()):
        shown = str(escape(line))
        twin = twins[i] if i < len(twins) else ""
        if _CITED.sub("", twin) == line:
            shown += "".join(f'<small class="rid" data-rid="{escape(rid)}"></small>'
                             for rid in _RULE_ID.findall(twin))
        out.append(shown)
    return Markup("\n".join(out) + ("\n" if page.endswith("\n") else ""))


def _players(game: Any) -> list[str]:
    return [n for n, _a in game.variant.roster_entries()]


async def explain(desk: Any, request: Request) -> Response:
    name = request.path_params["name"]
    _path, game = load_game(desk, name)
    from ..explain import explain_text
    from ..explain_ja import explain_line
    from ..views import View

    player = request.query_params.get("player") or None
    phase = request.query_params.get("phase") or None
    gm = request.query_params.get("gm") == "1"
    line = (request.query_params.get("line") or "").strip()
    ref = _line_ref(game, line, phase)
    if line and not gm and not player:
        raise S.DeskError("行の経緯は、プレイヤーを選ぶか「GM用」にチェックして表示してください",
                          400)
    try:  # a player's page is that player's own view (secrets of others are not in it)
        if line:  # one chat line: what it caused, and why (a player: their own lines only)
            from ..explain import resolve_player

            view = View.gm() if gm else View.of(resolve_player(game, player or ""))
            body = explain_line(game, ref, view=view, desk=True)
        else:  # the page defaults to what a player may read, never the GM's view
            body = explain_text(game, player=player, phase=phase, desk=True,
                                view=View.gm() if gm else None if player else View.public())
        if gm:  # the GM's page: each rule's id in a quiet label (never in a player's)
            cited = (explain_line(game, ref, view=View.gm()) if line
                     else explain_text(game, player=player, phase=phase, view=View.gm()))
            body = with_rule_ids(body, cited)
    except AdjudicatorError as e:
        if line:
            raise S.DeskError(f"「{line}」の行は見つかりません。フェーズを選んで、そのログの行番号"
                              "（例: 7）を入れてください", 404) from None
        raise S.DeskError(_ja(e), 404) from None
    return desk.page(request, "text.html.j2", title=f"{name}：経緯", name=name, body=body,
                     form_kind="explain", players=_players(game), phases=[r.id for r in game.phases],
                     player=player or "", phase=phase or "", gm=gm, line=line)


async def check(desk: Any, request: Request) -> Response:
    from ..checkline import check_phases

    name = request.path_params["name"]
    _path, game = load_game(desk, name)
    line = request.query_params.get("line", "")
    speaker = request.query_params.get("speaker") or None
    phase = request.query_params.get("phase") or None
    body = ""
    unknown: list[dict[str, Any]] = []
    if line.strip():
        if len(line) > 2000:
            raise S.DeskError("1行チェックは2000文字までです", 413)
        if speaker and len(speaker) > 80:
            raise S.DeskError("発言者の名前は80文字までです", 413)
        from ..checkline import check_line

        who = speaker or (_players(game)[0] if _players(game) else
                          (game.cfg.gm[0] if game.cfg.gm else "GM"))
        try:
            r = check_line(game, line, who, phase)
        except AdjudicatorError as e:
            raise S.DeskError(e.ja or f"フェーズ「{phase_label(phase or '')}」はまだありません",
                              400) from None
        from ..checkline import check_text

        out = [check_text(game, r, r.speaker)]
        body = "\n".join(out) + "\n"
        from .alias_routes import unknown_candidates

        unknown = unknown_candidates(game.variant, r.diagnostics)
    from .alias_routes import added_note

    return desk.page(request, "text.html.j2", title=f"{name}：1行チェック", name=name,
                     body=body, form_kind="check", players=_players(game) + list(game.cfg.gm),
                     phases=check_phases(game)[1], line=line, speaker=speaker or "",
                     phase=phase or "", unknown=unknown, back="check",
                     added=added_note(game.cfg, request.query_params.get("added", "")))


def routes(wrap: Callable[[Any], Callable[[Request], Awaitable[Response]]]) -> list[Route]:
    return [
        Route("/g/{name}/explain", wrap(explain), methods=["GET"]),
        Route("/g/{name}/check", wrap(check), methods=["GET"]),
    ]
