"""An unknown speaker made an alias of a player in one click, and a long night's chatter
sent only when asked.

- ``POST /g/{name}/alias`` (alias, player, csrf; ``back`` says which page to return to:
  ``check`` with its line/speaker/phase, or ``paste`` with the key of a kept paste) adds
  the alias to that player's ``[[players]]`` block of game.toml, line by line so that the
  GM's comments and layout stay, checks that the file then reads as before plus the one
  alias and that the game still loads, keeps the previous game.toml in ``.history/``, and
  answers 303 to the page the GM came from (the warning gone).
- ``GET /g/{name}/paste?key=K``: a kept paste judged again (nothing stored).
- ``GET /g/{name}/chatter?key=K``: the chatter rows of a kept paste; ``&part=1`` (the
  page's script) gives the rows alone, to put in the page's table.
- ``GET /g/{name}/pasted?key=K``: a kept paste's text (a long paste is not in its page:
  the store and re-judge forms send its key; the paste box is filled when opened).
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from ..errors import ConfigError
from ..phases import phase_label
from . import service as S

ALIAS_MAX = 80
_TABLE = re.compile(r"^\s*\[")
_PLAYERS = re.compile(r"^\s*\[\[\s*players\s*\]\]\s*(#.*)?$")
_NAME = re.compile(r"^\s*name\s*=")
_ALIASES = re.compile(r"^(\s*)aliases\s*=\s*\[[^\]\n]*\]\s*(#.*)?$")


def _q(name: str) -> str:
    return quote(name, safe="")


# ------------------------------------------------------------------ the candidates
def unknown_candidates(variant: Any, diagnostics: list[Any]) -> list[dict[str, Any]]:
    """For every speaker the reading warned about as neither a player nor a GM (in the
    order first met): ``speaker``, the name as ``shown`` (invisible characters made
    visible) and the ``close`` players; none for a game without a ``[[players]]`` list
    (Trap Word's teams have no aliases) or a speaker close to nobody."""
    from ..names_shown import shown

    if not getattr(variant.cfg, "players", None):
        return []
    players = {p.name for p in variant.cfg.players}
    roster = variant.make_roster()
    out: dict[str, list[str]] = {}
    for d in diagnostics:
        if d.code == "unknown_speaker" and d.speaker and d.speaker not in out:
            out[d.speaker] = [c for c in roster.suggestions(d.speaker) if c in players]
    return [{"speaker": s, "shown": shown(s), "close": c} for s, c in out.items() if c]


# ------------------------------------------------------------------ game.toml
def _edited(text: str, index: int, aliases: list[str]) -> str:
    """``text`` with the ``index``-th ``[[players]]`` block's aliases line written as
    ``aliases`` (added after its name line when it has none); every other line kept."""
    new = "aliases = " + json.dumps(aliases, ensure_ascii=False)
    out: list[str] = []
    k = -1
    in_players = False
    done = False
    lines = text.splitlines(keepends=True)
    for line in lines:
        if _TABLE.match(line):
            in_players = bool(_PLAYERS.match(line))
            if in_players:
                k += 1
        here = in_players and k == index and not done
        m = _ALIASES.match(line) if here else None
        if m:
            tail = f"  {m.group(2)}" if m.group(2) else ""
            out.append(f"{m.group(1)}{new}{tail}\n")
            done = True
            continue
        out.append(line)
        if here and _NAME.match(line) and not _has_aliases(lines, index):
            if not line.endswith("\n"):
                out[-1] = line + "\n"
            out.append(new + "\n")
            done = True
    return "".join(out)


def _has_aliases(lines: list[str], index: int) -> bool:
    k = -1
    in_players = False
    for line in lines:
        if _TABLE.match(line):
            in_players = bool(_PLAYERS.match(line))
            if in_players:
                k += 1
        if in_players and k == index and re.match(r"^\s*aliases\s*=", line):
            return True
    return False


def add_alias(game: Path, player: str, alias: str) -> Path | None:
    """Add ``alias`` to ``player``'s aliases in ``game/game.toml``; the path of the kept
    previous version.  DeskError (nothing written) when it cannot be done safely."""
    from ..config.load import load_config
    from ..fsio import keep_history, locked, write_atomic
    from ..names_shown import shown

    alias = alias.strip()
    if not alias or len(alias) > ALIAS_MAX:
        raise S.DeskError(f"別名は1〜{ALIAS_MAX}文字で書いてください", 400)
    path = game / "game.toml"
    with locked(game):
        try:
            text = path.read_bytes().decode("utf-8-sig")
            raw = tomllib.loads(text)
        except (UnicodeDecodeError, tomllib.TOMLDecodeError):
            raise S.DeskError("ゲームの設定が読めないため、別名を書き足せません", 422) from None
        cfg = load_config(path)
        players = raw.get("players")
        names = [p.name for p in cfg.players]
        if player not in names or not isinstance(players, list):
            raise S.DeskError(f"「{player}」さんは名簿にいません", 400)
        taken = set(names) | set(cfg.gm) | {a for p in cfg.players for a in p.aliases}
        if alias in taken:
            raise S.DeskError(f"「{shown(alias)}」はすでに名簿の名前か別名です", 409)
        index = names.index(player)
        old = players[index].get("aliases", [])
        want = dict(raw)
        want["players"] = [dict(p) for p in players]
        want["players"][index]["aliases"] = [*(old if isinstance(old, list) else []), alias]
        new_text = _edited(text, index, want["players"][index]["aliases"])
        try:
            got = tomllib.loads(new_text)
        except tomllib.TOMLDecodeError:
            got = None
        if got != want:
            raise S.DeskError(f"ゲームの設定の書き方のため、自動では書き足せませんでした。「{player}」"
                              f"さんの項目の別名に「{shown(alias)}」を手で書き足してください", 409)
        tmp = game / ".game.toml.alias"
        write_atomic(tmp, new_text)
        try:
            load_config(tmp)
        except ConfigError as e:
            raise S.DeskError(f"「{shown(alias)}」は別名にできません", 400, e.problems_ja) from None
        finally:
            tmp.unlink(missing_ok=True)
        kept = keep_history(game, path)
        write_atomic(path, new_text)
    return kept


# ------------------------------------------------------------------ routes
class Helpers:
    def __init__(self, field: Callable[..., str], preview_page: Callable[..., Response]) -> None:
        self.field = field
        self.preview_page = preview_page


_h: Helpers


async def alias(desk: Any, request: Request) -> Response:
    name = request.path_params["name"]
    root = S.game_dir(desk.root, name)
    form = await desk.form(request)
    f = _h.field
    added = f(form, "alias").strip()
    add_alias(root, f(form, "player").strip(), added)
    back = f(form, "back")
    if back == "paste":
        key = f(form, "key")
        if desk.pastes.get(name, key) is not None:
            return RedirectResponse(f"/g/{_q(name)}/paste?{urlencode({'key': key, 'added': added})}",
                                    status_code=303)
    if back == "check":
        query = {k: f(form, k) for k in ("line", "speaker", "phase")}
        return RedirectResponse(f"/g/{_q(name)}/check?{urlencode({**query, 'added': added})}",
                                status_code=303)
    return RedirectResponse(f"/g/{_q(name)}?{urlencode({'added': added})}", status_code=303)


def added_note(cfg: Any, added: str) -> str:
    """The notice after an alias was added (only when it really is one now)."""
    for p in getattr(cfg, "players", []) or []:
        if added and added in p.aliases:
            return (f"「{added}」を「{p.name}」さんの別名として登録しました"
                    "（変更前の設定は履歴に残してあります）。")
    return ""


def _kept(desk: Any, request: Request) -> Any:
    name = request.path_params["name"]
    S.game_dir(desk.root, name)
    p = desk.pastes.get(name, request.query_params.get("key", ""))
    if p is None:
        raise S.DeskError("この貼り付けはもう手元にありません（デスクを起動し直したか、ほかの"
                          "貼り付けが多く続きました）。ゲームのページでもう一度貼り付けて判定してください",
                          404)
    return p


async def paste_again(desk: Any, request: Request) -> Response:
    p = _kept(desk, request)
    from ..config.load import load_config

    note = added_note(load_config(S.game_dir(desk.root, p.name) / "game.toml"),
                      request.query_params.get("added", ""))
    return _h.preview_page(desk, request, p.name, p.phase, p.text, p.fmt or None, added=note)


async def chatter(desk: Any, request: Request) -> Response:
    site = request.headers.get("sec-fetch-site")
    if site and site not in ("same-origin", "none"):
        raise S.DeskError("他のサイトからは開けません", 403)
    p = _kept(desk, request)
    if request.query_params.get("part") == "1":
        resp = HTMLResponse(p.chatter)
        desk.secure(resp, "default-src 'none'; frame-ancestors 'none'")
        return resp
    from markupsafe import Markup

    return desk.page(request, "chatter.html.j2",
                     title=f"{p.name}：{phase_label(p.phase)}の雑談（{p.n_chatter}行）", name=p.name,
                     rows=Markup(p.chatter), n=p.n_chatter, key=request.query_params["key"])


async def pasted_text(desk: Any, request: Request) -> Response:
    """The kept paste's text (for the paste box, filled when the GM opens it)."""
    site = request.headers.get("sec-fetch-site")
    if site and site not in ("same-origin", "none"):
        raise S.DeskError("他のサイトからは開けません", 403)
    p = _kept(desk, request)
    from starlette.responses import PlainTextResponse

    resp = PlainTextResponse(p.text)
    desk.secure(resp, "default-src 'none'; frame-ancestors 'none'")
    return resp


def routes(wrap: Callable[[Any], Callable[[Request], Awaitable[Response]]],
           field: Callable[..., str], preview_page: Callable[..., Response]) -> list[Route]:
    global _h
    _h = Helpers(field, preview_page)
    return [
        Route("/g/{name}/alias", wrap(alias), methods=["POST"]),
        Route("/g/{name}/paste", wrap(paste_again), methods=["GET"]),
        Route("/g/{name}/chatter", wrap(chatter), methods=["GET"]),
        Route("/g/{name}/pasted", wrap(pasted_text), methods=["GET"]),
    ]
