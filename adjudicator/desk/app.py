"""The desk's routes (Starlette): server-rendered pages from ``reports/desk/`` through
the same Jinja environment, engine and models as the command line.

Safety, in one place:
- every game name from a URL goes through ``service.game_dir`` (one segment, never
  outside the served folder, links resolved);
- every state-changing request is a POST carrying the CSRF token of its page (a random
  token in a SameSite=Strict cookie, repeated in the form), and a request whose
  ``Origin`` or ``Sec-Fetch-Site`` says it came from another site is refused;
- the ``Host`` header must name this server (no DNS rebinding);
- bodies above the paste limit are refused with 413 before they are parsed;
- every page has a Content-Security-Policy: no external asset, the one inline script
  and style allowed by their hashes;
- every error is a page with a fitting status (400, 403, 404, 409, 413, 422, 507), never a
  500 for bad input; an error nobody foresaw is a 500 page in Japanese (with the CSP) that
  tells the GM what to do, and its traceback goes to the server's log only
  (``logging.getLogger("adjudicator.desk")``), never to the page.
"""

from __future__ import annotations

import base64
import errno
import hashlib
import hmac
import logging
import secrets
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any

from markupsafe import Markup
from starlette.applications import Starlette
from starlette.datastructures import FormData, UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from ..chatlog import FORMATS
from ..config.load import load_config
from ..errors import AdjudicatorError, ConfigError
from ..phases import phase_label
from ..render import environment
from ..replacement import addressee
from ..resources import data_dir
from . import discord_routes
from . import guards as G
from . import service as S
from . import wording as W
from .cheers import cheers
from .cheers import is_extra as cheers_of_phase
from .guide import routes as guide_routes
from .pastes import Paste, PasteCache
from .rows import message_rows, place
from .text_routes import load_game as _load
from .text_routes import routes as text_routes

CSRF_COOKIE = "adjudicator_desk_csrf"
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")
log = logging.getLogger("adjudicator.desk")
UNEXPECTED = ("予期しないエラーが起きました。保存済みのログとゲームはそのままです。ページを開き直すか、"
              "少し待ってからもう一度試してください。続くときは、デスクを起動した端末に出ている"
              "記録（エラーの詳細）を開発者に送ってください")


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


class Desk:
    """The app's state: the served folder and the inline assets with their CSP."""

    def __init__(self, root: Path, hosts: tuple[str, ...] = LOOPBACK_HOSTS,
                 max_paste: int = S.MAX_PASTE) -> None:
        self.root = Path(root)
        self.hosts = hosts
        self.max_paste = max_paste
        self.pastes = PasteCache()  # a long night's chatter, sent when asked (pastes.py)
        folder = data_dir("reports") / "desk"
        self.css = (folder / "desk.css").read_text(encoding="utf-8")
        self.js = (folder / "desk.js").read_text(encoding="utf-8")
        self.csp = ("default-src 'none'; "
                    f"style-src {_sha256(self.css)}; script-src {_sha256(self.js)}; "
                    "img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; "
                    "frame-ancestors 'none'")

    # -------------------------------------------------------------- responses
    def page(self, request: Request, template: str, status: int = 200, **ctx: Any) -> Response:
        token = request.cookies.get(CSRF_COOKIE) or ""
        fresh = not _good_token(token)
        if fresh:
            token = secrets.token_urlsafe(32)
        html = environment().get_template(f"desk/{template}").render(**{
            "css": Markup(self.css), "js": Markup(self.js), "csrf": token,
            "phase_ja": phase_label, "format_ja": W.format_ja, "skip_ja": W.skip_ja,
            "guess_ja": W.guess_ja, "level_ja": {"error": "エラー", "warning": "注意"}, **ctx})
        resp = HTMLResponse(html, status_code=status)
        self.secure(resp)
        if fresh:
            resp.set_cookie(CSRF_COOKIE, token, httponly=True, samesite="strict", path="/")
        return resp

    def secure(self, resp: Response, csp: str | None = None) -> None:
        resp.headers["Content-Security-Policy"] = csp or self.csp
        resp.headers["X-Content-Type-Options"] = "nosniff"
        # same-origin: with no-referrer, Chromium sends ``Origin: null`` on our own form posts
        resp.headers["Referrer-Policy"] = "same-origin"
        resp.headers["X-Frame-Options"] = "DENY"
        resp.headers["Cache-Control"] = "no-store"

    def error(self, request: Request, message: str, status: int,
              problems: list[str] | None = None, back: str = "/",
              resume: dict[str, str] | None = None) -> Response:
        title = {400: "入力に問題があります", 403: "この操作は受け付けられません",
                 404: "見つかりません", 405: "この方法では使えません",
                 409: "すでにあります", 413: "大きすぎます",
                 422: "読み取れません", 500: "デスクの内部エラー",
                 503: "この機能は使えません", 507: "ディスクがいっぱいです"}.get(status, "エラー")
        try:
            return self.page(request, "error.html.j2", status=status, title=title,
                             message=W.desk_message(message),
                             problems=[W.desk_message(p) for p in problems or []], back=back,
                             resume=resume)
        except Exception:  # noqa: BLE001 - the error page itself failed: a plain one
            log.exception("the desk's error page failed")
            from html import escape

            resp = HTMLResponse(
                f'<!doctype html><html lang="ja"><meta charset="utf-8"><title>{escape(title)}'
                f"</title><h1>{escape(title)}</h1><p>{escape(message)}</p>"
                '<p><a href="/">ゲーム一覧へ戻る</a></p></html>', status_code=status)
            self.secure(resp)
            return resp

    # -------------------------------------------------------------- requests
    async def form(self, request: Request) -> FormData:
        """The POST body (at most the paste limit plus room for the other fields), parsed,
        after the CSRF and origin checks."""
        site = request.headers.get("sec-fetch-site")
        if site and site not in ("same-origin", "none"):
            raise S.DeskError("他のサイトからの送信は受け付けません", 403)
        origin = request.headers.get("origin")
        if origin and origin != "null" and origin.split("://", 1)[-1] != request.headers.get("host"):
            raise S.DeskError("他のサイトからの送信は受け付けません", 403)
        if origin == "null":
            raise S.DeskError("他のサイトからの送信は受け付けません", 403)
        limit = self.max_paste + 64_000
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            raise S.DeskError(f"送信が大きすぎます（ログは{self.max_paste // 1_000_000} MBまで）", 413)
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                raise S.DeskError(f"送信が大きすぎます（ログは{self.max_paste // 1_000_000} MBまで）", 413)
        request._body = bytes(body)  # parsed below from this copy
        try:
            form = await request.form(max_files=1, max_fields=40, max_part_size=limit)
        except Exception as e:  # noqa: BLE001 - python-multipart's errors, mapped here
            raise S.DeskError(f"フォームが読めません（{type(e).__name__}）", 400) from None
        token = request.cookies.get(CSRF_COOKIE, "")
        sent = form.get("csrf")
        if not (isinstance(sent, str) and _good_token(token)
                and hmac.compare_digest(sent.encode(), token.encode())):
            raise S.DeskError("ページの有効期限が切れたか、他のサイトからの送信です。"
                              "ページを開き直してからもう一度送ってください", 403)
        return form


def _good_token(token: str) -> bool:
    return 20 <= len(token) <= 100 and token.replace("-", "").replace("_", "").isalnum()


def _field(form: FormData, key: str, default: str = "") -> str:
    v = form.get(key, default)
    if not isinstance(v, str):
        raise S.DeskError(f"フォームの項目 {key} が文字ではありません", 400)
    return v


async def _paste(form: FormData, limit: int) -> str:
    """The pasted text, or the dropped file's text when a file was given."""
    f = form.get("file")
    if isinstance(f, UploadFile) and f.filename:
        data = await f.read(limit + 1)
        if len(data) > limit:
            raise S.DeskError(f"ファイルが大きすぎます（{limit // 1_000_000} MBまで）", 413)
        from ..chatlog import decode

        try:
            return decode(data, f.filename)
        except AdjudicatorError as e:
            raise S.DeskError(f"ファイルが読めません: {e}", 422) from None
    return _field(form, "log").replace("\r\n", "\n")


def _kept_text(desk: Desk, name: str, form: FormData, text: str) -> str:
    """``text``, or, when nothing was pasted and the form names a paste the desk keeps
    (a long one: its page does not carry it), that paste's text."""
    key = _field(form, "key")
    if text.strip() or not key:
        return text
    kept = desk.pastes.get(name, key)
    if kept is None:
        raise S.DeskError("このログはもう手元にありません（デスクを起動し直したか、ほかの貼り付けが"
                          "多く続きました）。ゲームのページでもう一度貼り付けてください", 404)
    return kept.text


def _fmt(form: FormData) -> str | None:
    fmt = _field(form, "format")
    if fmt and fmt not in FORMATS:
        raise S.DeskError(f"形式「{fmt}」はありません（選べる形式: "
                          f"{'、'.join(W.format_ja(f) for f in FORMATS)}）", 400)
    return fmt or None


# ------------------------------------------------------------------ handlers
Handler = Callable[[Desk, Request], Awaitable[Response]]


async def index(desk: Desk, request: Request) -> Response:
    games = S.list_games(desk.root)
    return desk.page(request, "index.html.j2", title="ゲーム一覧", games=games,
                     folder=str(desk.root.resolve()), variant_ja=_names_ja())


def _new_form(variant: str) -> dict[str, str]:
    return {"name": "", "variant": variant, "seed": "1", "gm": "GM", "roster": ""}


def _names_ja() -> dict[str, str]:
    from ..games import names_ja

    return names_ja()


def _variants() -> list[tuple[str, str]]:
    """Every registered game and its Japanese name, in the registry's order."""
    return list(_names_ja().items())


async def new_form(desk: Desk, request: Request) -> Response:
    variant = request.query_params.get("variant", _variants()[0][0])
    if variant not in dict(_variants()):
        raise S.DeskError(f"未対応の村です: {variant!r}", 400)
    return desk.page(request, "new.html.j2", title="新しいゲーム", form=_new_form(variant),
                     variants=_variants(), roster_help=S.roster_help(variant), problems=[],
                     message="", **_new_extras({}))


def _new_extras(sent: dict[str, str]) -> dict[str, Any]:
    """What the form's script switches with the 村 (hints, each village's settings, the
    scenario box); ``sent``: the settings posted, shown again with a problem."""
    from ..games import get_variant

    info = {v: {"hint": S.roster_help(v),
                "scenario": bool(get_variant(v).has_scenario)} for v, _ja in _variants()}
    # the games whose game.toml names a scenario file (the upload box says which)
    scenario_games = "・".join(ja for v, ja in _variants() if info[v]["scenario"])
    return {"variant_info": info, "scenario_games": scenario_games,
            "controls": S.option_fields(), "sent": sent}


async def _scenario_upload(form: FormData) -> bytes | None:
    f = form.get("scenario_file")
    if isinstance(f, UploadFile) and f.filename:
        data = await f.read(1_000_001)
        if len(data) > 1_000_000:
            raise S.DeskError("シナリオのファイルが大きすぎます（1 MBまで）", 413)
        return data
    return None


async def new_post(desk: Desk, request: Request) -> Response:
    form = await desk.form(request)
    values = {k: _field(form, k) for k in ("name", "variant", "seed", "gm", "roster")}
    # the chosen village's settings (the other villages' controls are disabled: not sent)
    sent = {c.name: _field(form, c.name) for c in S.option_controls(values["variant"])
            if c.name in form}
    try:
        chosen, problems = S.options_from_form(values["variant"], sent)
        path = S.create_game(desk.root, values["name"].strip(), values["variant"],
                             values["seed"], values["gm"], chosen, values["roster"],
                             await _scenario_upload(form), option_problems=problems)
    except S.DeskError as e:
        return desk.page(request, "new.html.j2", status=e.status, title="新しいゲーム",
                         form=values, variants=_variants(),
                         roster_help=S.roster_help(values["variant"]),
                         problems=[W.desk_message(p) for p in e.problems or [str(e)]],
                         message=W.desk_message(str(e)), **_new_extras(sent))
    if S.game_undealt(path):  # names only: the next step is the 配役 by lot
        return RedirectResponse(f"/g/{_q(values['name'].strip())}/seal?new=1", status_code=303)
    return RedirectResponse(f"/g/{_q(values['name'].strip())}", status_code=303)


def labels(game: Any) -> Callable[[str], str]:
    """The desk's phase names for ``game``: 「5日目 昼」, and beside it the variant's own
    name when it has another (ムジュラ: 「5日目 昼（2周目・2日目 昼）」), so that the post's
    heading 【2周目・2日目】 and the desk's label are seen to be the same phase."""
    from ..phases import game_phase_label

    def label(pid: str) -> str:
        plain = phase_label(pid)
        try:
            own = game_phase_label(game, pid)
        except Exception:  # noqa: BLE001 - a phase the hook cannot name: the plain name
            return plain
        return plain if own == plain else f"{plain}（{own}）"

    return label


def _q(name: str) -> str:
    from urllib.parse import quote

    return quote(name, safe="")


async def game_page(desk: Desk, request: Request) -> Response:
    name = request.path_params["name"]
    if S.game_undealt(S.game_dir(desk.root, name)):  # no roles yet: the 配役 comes first
        return RedirectResponse(f"/g/{_q(name)}/seal", status_code=303)
    return game_view(desk, request, name, request.query_params.get("phase"),
                     stored=request.query_params.get("stored"),
                     added=request.query_params.get("added", ""))


def game_view(desk: Desk, request: Request, name: str, want: str | None, stored: str | None = None,
              paste: str = "", paste_phase: str = "", paste_fmt: str = "",
              added: str = "") -> Response:
    """The game's page; ``paste`` (with its phase and format) is a pasted text brought
    back from an error page, put again in the paste box."""
    path, game = _load(desk, name)
    ids = [r.id for r in game.phases]
    logs = S.scan_logs(path)[0]
    chat, later = None, ""
    if want and cheers_of_phase(want) and want in logs:  # a stored spectators' chat
        chat = cheers(game, want)  # its day, with the cheers it counted
        base = want.partition("-")[0]
        if chat is None:
            later = f"声援は{phase_label(base)}のログを保存すると数えます。"
        want = chat.base if chat is not None else None
    if want and want not in ids:
        odd = [W.diag_ja(d) for d in game.diagnostics
               if d.code in ("log_unreadable", "two_logs")
               and d.source.rsplit("/", 1)[-1].split(".")[0] == want]
        if odd:  # a FIFO, a device, two logs: there is one, it cannot be read
            raise S.DeskError(f"{phase_label(want)}のログを読めません", 422, odd)
        raise S.DeskError(f"{phase_label(want)}のログはまだありません", 404)
    shown = next((r for r in game.phases if r.id == want), None) if want else (
        game.phases[-1] if game.phases else None)
    problems = [W.diag_ja(d) for d in game.diagnostics if d.level == "error"]
    problems += [W.diag_ja(d) for r in game.phases for d in r.diagnostics if d.level == "error"]
    note = f"{phase_label(stored)}のログを保存しました。{later}" if stored and stored in logs else ""
    if added:  # back from the alias button with no page to return to
        from .alias_routes import added_note

        note += added_note(game.cfg, added)
    finished = bool(game.variant.finished(game.state))
    nxt = S.next_phase(game)
    from .corrections_routes import published_of

    return desk.page(request, "game.html.j2", threads=S.stored_threads(path, game, shown.id)
                     if shown is not None else [], title=name, name=name,
                     variant_ja=_names_ja().get(game.cfg.variant, game.cfg.variant),
                     phases=G.offered_phases(game),
                     next_phase=paste_phase or (nxt if not finished and nxt else
                                                (ids[-1] if ids else "")),
                     stored_phases=set(logs), results=game.phases, finished=finished,
                     shown=shown, problems=problems, formats=FORMATS, stored=note,
                     discord_channel=discord_routes.channel(game.cfg),
                     discord_missing=discord_routes.MISSING if not discord_routes.installed()
                     else "",
                     versions=G.versions(path), paste=paste, paste_fmt=paste_fmt,
                     published=published_of(path, shown.id) if shown else None,
                     addr=partial(addressee, game), cheers=chat, phase_ja=labels(game))


def _phase(form: FormData) -> str:
    phase = _field(form, "phase").strip()
    if not phase:
        raise S.DeskError("フェーズを選んでください", 400)
    return phase


async def preview(desk: Desk, request: Request) -> Response:
    name = request.path_params["name"]
    S.game_dir(desk.root, name)
    form = await desk.form(request)
    phase, fmt = _phase(form), _fmt(form)
    pasted = _field(form, "log").replace("\r\n", "\n")
    text = _kept_text(desk, name, form, await _paste(form, desk.max_paste))
    file_name = getattr(form.get("file"), "filename", "") or ""
    if pasted.strip() and text != pasted:  # a file chosen and text pasted: which one?
        return desk.page(request, "choose.html.j2", title=f"{name}：どちらのログを使いますか",
                         name=name, phase=phase, fmt=fmt or "", file_text=text,
                         pasted=pasted, file_name=file_name)
    if _field(form, "append") == "1":  # 「スレッドを追加」: one more chat of a stored phase
        label = _field(form, "thread").strip()[:S.NAME_MAX] or Path(file_name).stem
        chat = text
        return kept(desk, request, name, phase, fmt, chat, lambda: preview_page(
            desk, request, name, phase, S.appended(desk.root, name, phase, chat, label), fmt,
            appended=W.appended_note(phase, label, phase in S.scan_logs(
                S.game_dir(desk.root, name))[0])))
    return kept(desk, request, name, phase, fmt, text,
                lambda: preview_page(desk, request, name, phase, text, fmt))


def kept(desk: Desk, request: Request, name: str, phase: str, fmt: str | None, text: str,
         make: Callable[[], Response]) -> Response:
    """``make()``, or its error as a page whose 「戻る」 brings the pasted text back."""
    try:
        return make()
    except S.DeskError as e:
        return desk.error(request, str(e), e.status, e.problems, back=f"/g/{_q(name)}",
                          resume={"action": f"/g/{_q(name)}/resume", "phase": phase,
                                  "format": fmt or "", "log": text})


def preview_page(desk: Desk, request: Request, name: str, phase: str, text: str,
                 fmt: str | None, **extra: Any) -> Response:
    """The preview of ``text`` as ``phase`` (nothing stored), with its store button."""
    p = S.preview(desk.root, name, phase, text, fmt, desk.max_paste)
    by_line: dict[int, Any] = {}
    for rec in (p.result.lines if p.result else []):
        try:
            by_line[int(rec.ref.rsplit(":", 1)[1])] = rec
        except (ValueError, IndexError):
            continue
    rows = []
    for rec in (p.result.lines if p.result else []):
        if rec.disposition in ("rejected", "superseded"):
            rows.append({"lineno": rec.ref.rsplit(":", 1)[-1], "speaker": rec.speaker,
                         "text": rec.text, "disposition": rec.disposition, "reason": rec.reason})
    for d in (p.result.diagnostics if p.result else []):
        if d.level in ("error", "warning") and not any(
                r["lineno"] == d.source.rsplit(":", 1)[-1] for r in rows):
            where, _, tail = d.source.rpartition(":")
            # a line of this paste (an edited command…): its speaker and text, as the others
            rec = by_line.get(int(tail)) if tail.isdigit() and where == f"logs/{phase}.txt" \
                else None
            rows.append({"lineno": tail if tail.isdigit() else "",
                         "speaker": d.speaker or (rec.speaker if rec is not None else ""),
                         "text": d.text or (rec.text if rec is not None else place(d.source)),
                         "disposition": d.level, "reason": d.reason_ja or d.message})
    messages, chatter, n_chatter = message_rows(p.reading.messages, by_line, p.threads)
    # the chatter stays here until asked (a button fetches it): the page is the rest
    key = desk.pastes.put(Paste(name, phase, fmt or "", text, str(chatter), n_chatter))
    from .alias_routes import unknown_candidates

    kept = desk.pastes.get(name, key) is not None  # else (too big to keep) the page has it
    unknown = unknown_candidates(p.game.variant, p.result.diagnostics) if (
        p.game is not None and p.result is not None) else []
    addr: dict[str, Any] = {"addr": partial(addressee, p.game), "phase_ja": labels(p.game)} \
        if p.game is not None else {}
    return desk.page(request, "preview.html.j2", title=f"{name}：{phase_label(phase)}の判定", name=name, p=p,
                     rows=rows, shown=p.result, messages=messages, n_chatter=n_chatter,
                     chatter="" if kept else chatter, text=text, fmt=fmt or "", key=key,
                     unknown=unknown, kept=kept, cheers=cheers(p.game, phase), **addr,
                     **extra)


async def store(desk: Desk, request: Request) -> Response:
    name = request.path_params["name"]
    S.game_dir(desk.root, name)
    form = await desk.form(request)
    phase, fmt = _phase(form), _fmt(form)
    text = _kept_text(desk, name, form, await _paste(form, desk.max_paste))
    confirmed = _field(form, "confirm") == "1"

    def done() -> Response:
        S.store(desk.root, name, phase, text, fmt, desk.max_paste, confirmed=confirmed)
        return Response(status_code=204)

    answer = kept(desk, request, name, phase, fmt, text, done)
    if answer.status_code != 204:
        return answer
    anchor = "#chat" if cheers_of_phase(phase) else "#outputs"
    url = f"/g/{_q(name)}?phase={_q(phase)}&stored={_q(phase)}{anchor}"
    if request.headers.get("x-desk-replace") == "1":  # the store button's script: it goes
        # there itself (location.replace), so the game page is loaded once, not followed
        return Response(status_code=204, headers={"X-Desk-Location": url})
    return RedirectResponse(url, status_code=303)


async def report(desk: Desk, request: Request) -> Response:
    name = request.path_params["name"]
    _path, game = _load(desk, name)
    from ..report.html import render_report

    html = render_report(game)
    # the way back to the game's page, first in the report's table of contents
    toc = '<nav class="toc" aria-label="目次">\n'
    back = f'<a href="/g/{_q(name)}" id="back-to-game">← ゲームのページ</a>'
    html = html.replace(toc, toc + back, 1) if toc in html else html.replace(
        "<body>", f"<body>\n<p>{back}</p>", 1)
    resp = HTMLResponse(html)
    # the report is self-contained: its own inline style, no script
    desk.secure(resp, "default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
                      "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
    return resp


def os_error_page(desk: Desk, request: Request, e: OSError) -> Response:
    """An operating-system error as a page: a full disk is 507, a permission 403, the
    rest 409 (the file system is in a state the GM must change), each saying what to do."""
    from ..fsio import os_error_message

    where = f"（{os_error_message(e)}）"
    if e.errno in (errno.ENOSPC, errno.EDQUOT):
        return desk.error(request, "ディスクがいっぱいで保存できません。空きを作ってからもう一度"
                          "送ってください。保存済みのログはそのままです" + where, 507)
    if e.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return desk.error(request, "ファイルに書けません（アクセス権か、読み取り専用の場所）。"
                          "フォルダの権限を確かめてください" + where, 403)
    return desk.error(request, "ファイルを扱えません。フォルダの中を確かめてください" + where, 409)


# ------------------------------------------------------------------ the app
def create_app(root: Path | str = ".", hosts: tuple[str, ...] = LOOPBACK_HOSTS,
               max_paste: int = S.MAX_PASTE) -> Starlette:
    """The desk over the games in ``root`` (each a folder with a game.toml)."""
    desk = Desk(Path(root), hosts=hosts, max_paste=max_paste)

    def wrap(fn: Handler) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            host = (request.headers.get("host") or "").rsplit(":", 1)[0] \
                if not (request.headers.get("host") or "").startswith("[") else \
                (request.headers.get("host") or "").split("]")[0] + "]"
            if desk.hosts and host not in desk.hosts:
                return desk.error(request, "このアドレスでは開けません（Host が違います）", 400)
            try:
                return await fn(desk, request)
            except S.DeskError as e:
                return desk.error(request, str(e), e.status, e.problems)
            except ConfigError as e:
                return desk.error(request, "ゲームの設定に問題があります", 422, e.problems_ja)
            except AdjudicatorError as e:
                return desk.error(request, str(e), 422)
            except OSError as e:
                return os_error_page(desk, request, e)
            except RecursionError:
                return desk.error(request, "入力の入れ子が深すぎて読めません。括弧や表の入れ子を"
                                  "減らして、もう一度送ってください", 422)
            except MemoryError:
                return desk.error(request, "入力が大きすぎて扱えません。小さく分けて送ってください",
                                  413)
            except Exception:  # noqa: BLE001 - the traceback is for the server's log only
                log.exception("unexpected error on %s %s", request.method, request.url.path)
                return desk.error(request, UNEXPECTED, 500)
        return endpoint

    async def not_found(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        if status >= 500:
            log.error("error %s on %s %s: %r", status, request.method, request.url.path, exc)
        msg = {404: "このページはありません", 405: "この方法では使えません（フォームから送ってください）",
               413: "送信が大きすぎます"}.get(status, UNEXPECTED if status >= 500 else
                                          "このリクエストは受け付けられません")
        return desk.error(request, msg, status)

    routes = [
        Route("/", wrap(index), methods=["GET"]),
        Route("/favicon.ico", lambda _r: Response(status_code=204), methods=["GET"]),
        Route("/new", wrap(new_form), methods=["GET"]),
        Route("/new", wrap(new_post), methods=["POST"]),
        Route("/g/{name}", wrap(game_page), methods=["GET"]),
        Route("/g/{name}/preview", wrap(preview), methods=["POST"]),
        Route("/g/{name}/store", wrap(store), methods=["POST"]),
        Route("/g/{name}/report", wrap(report), methods=["GET"]),
        *text_routes(wrap),  # 経緯の説明, 1行チェック
        *discord_routes.routes(wrap, preview_page),  # optional extra: shown with a channel
        *guide_routes(wrap),
    ]
    from .gm_routes import Forms
    from .gm_routes import routes as gm_routes  # 途中集計, 配役と封印

    routes += gm_routes(wrap, Forms(paste=_paste, field=_field, fmt=_fmt, phase=_phase))
    from .history_routes import routes as history_routes  # 戻る, 履歴, 復元

    routes += history_routes(wrap, game_view, _field, _phase)
    from .corrections_routes import routes as corrections_routes  # 投稿しました, 訂正

    routes += corrections_routes(wrap, _field)
    from .alias_routes import routes as alias_routes  # 別名の登録, 雑談の表示

    routes += alias_routes(wrap, _field, preview_page)
    app = Starlette(routes=routes, exception_handlers={HTTPException: not_found})
    app.state.desk = desk
    return app


__all__ = ["create_app", "Desk", "load_config"]
