"""Robustness of the desk's routes (issue 25): generated folders of games (some broken:
garbage or deeply nested game.toml, a FIFO, a log linking out, logs/ as a file) and
generated requests (methods, paths, odd names, query strings, forms with and without the
page's token, odd Host/Origin headers) drive the Starlette app, and every answer must

- never be a 500 (an unexpected error would be one), never carry a traceback;
- be an HTML page with the Content-Security-Policy whenever it is a page;
- never show a line of a file outside the served folder.

A bounded run is part of the suite; ``benchmarks/fuzz_cli.py --desk`` runs it longer.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support import registered
from tests.support.derby_stock import ALL_VOTE_SHIN, write_game

pytest.importorskip("starlette")
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
from starlette.testclient import TestClient  # noqa: E402

from adjudicator.desk.app import CSRF_COOKIE, create_app  # noqa: E402

SECRET = "OUTSIDE-SECRET-4b1d"
NAMES = ["g", "g", "g", "broken", "nope", "..", ".", "%2e%2e", "g%2Fx", "ｇ", "g ", " g",
         "a" * 200, "\u202eg", "g\x00", "日本語", "..%2F..%2Fetc", "%ff", "g?x=1", "g#x"]
ROUTES = ["/", "/new", "/new?variant={v}", "/g/{n}", "/g/{n}?phase={p}", "/g/{n}/report",
          "/g/{n}/explain", "/g/{n}/explain?player={t}&phase={p}",
          "/g/{n}/explain?gm=1&line={t}", "/g/{n}/explain?line=logs/{p}.txt:{k}",
          "/g/{n}/check?line={t}&speaker={t}&phase={p}", "/g/{n}/check?line={t}",
          "/g/{n}/preview", "/g/{n}/store", "/favicon.ico", "/{t}", "/g/{n}/alias",
          "/g/{n}/chatter?key={t}", "/g/{n}/chatter?key={t}&part=1", "/g/{n}/paste?key={t}",
          "/g/{n}/pasted?key={t}",
          # issue 46: the seal and the deal over odd game.tomls, a store over odd logs/
          "/g/{n}/seal", "/g/{n}/seal?digest={t}", "/g/{n}/deal", "/g/{n}?phase=night1"]
PHASES = ["day1", "night1", "day2", "night9", "x", "", "day1-chat", "round1", "%00"]
VARIANTS = [*registered(), "nope", ""]
BROKEN = ["fine", "garbage", "deep", "fifo", "zero", "logs-file", "link-out", "missing",
          # issue 46
          "variant-list", "all-wolves", "toml-link", "log-fifo", "logs-link-out",
          "history-link-out", "journal-half"]


@dataclass
class Request:
    broken: str
    method: str
    url: str
    form: dict[str, str] | None
    token: str  # "good", "none", "wrong"
    headers: dict[str, str]


texts = st.one_of(st.sampled_from(["投票@たろう", "たろう", "GM", "締め切り", "", "<script>",
                                   "{" * 50, "[" * 3000, "x" * 3000]),
                  st.text(max_size=20))


@st.composite
def requests(draw: st.DrawFn) -> Request:
    from urllib.parse import quote

    route = draw(st.sampled_from(ROUTES))
    url = route.format(n=quote(draw(st.sampled_from(NAMES)), safe="%?#=&"), p=draw(st.sampled_from(PHASES)),
                       t=quote(draw(texts), safe=""), v=draw(st.sampled_from(VARIANTS)),
                       k=draw(st.integers(-1, 99)))
    post = route in ("/new", "/g/{n}/preview", "/g/{n}/store", "/g/{n}/alias", "/g/{n}/deal")
    method = draw(st.sampled_from(["POST", "POST", "GET", "PUT"] if post else
                                  ["GET", "GET", "GET", "POST", "HEAD"]))
    form = None
    if method == "POST":
        keys = ["name", "variant", "seed", "gm", "roster", "options", "phase", "format", "log",
                "alias", "player", "back", "key", "line", "speaker"]
        form = {k: draw(texts) for k in draw(st.lists(st.sampled_from(keys), max_size=6,
                                                      unique=True))}
        if draw(st.booleans()):
            form.update(phase=draw(st.sampled_from(PHASES)), log=draw(st.sampled_from(
                [ALL_VOTE_SHIN, "たろう: 噛み@なお", "", "\ud800"[:0] + "x: y"])))
        if route == "/g/{n}/alias" and draw(st.booleans()):
            form.update(alias=draw(texts), player=draw(st.sampled_from(["たろう", "なお", "GM", ""])),
                        back=draw(st.sampled_from(["check", "paste", "", "http://evil.example"])))
        if draw(st.booleans()):
            form.update(name=draw(st.sampled_from(["new1", "g", "..", "a/b", ""])),
                        variant=draw(st.sampled_from(VARIANTS)), seed="1", gm="GM",
                        roster="たろう, 男, 人狼",
                        options=draw(st.sampled_from(["", "a = " + "[" * 4000 + "]" * 4000,
                                                      "x = {", "yen = 5"])))
    headers = draw(st.sampled_from([{}, {}, {"origin": "http://evil.example"},
                                    {"sec-fetch-site": "cross-site"}, {"host": "evil"},
                                    {"content-length": "abc"}, {"origin": "null"}]))
    return Request(broken=draw(st.sampled_from(BROKEN)), method=method, url=url, form=form,
                   token=draw(st.sampled_from(["good", "good", "none", "wrong"])),
                   headers=headers)


def _folder(box: Path, broken: str) -> Path:
    root = box / "games"
    write_game(root / "g", {"day1": ALL_VOTE_SHIN, "night1": "たろう: 噛み@なお"})
    b = write_game(root / "broken", {"day1": ALL_VOTE_SHIN})
    (box / "outside.txt").write_text(f"たろう: 噛み@なお {SECRET}\n", "utf-8")
    toml = b / "game.toml"
    if broken == "garbage":
        toml.write_bytes(b"\xff\xfe[[[ = \x00")
    elif broken == "deep":
        toml.write_text("a = " + "[" * 5000 + "]" * 5000 + "\n", "utf-8")
    elif broken in ("fifo", "zero"):
        toml.unlink()
        if broken == "fifo":
            os.mkfifo(toml)
        else:
            toml.symlink_to("/dev/zero")
    elif broken == "logs-file":
        shutil.rmtree(b / "logs")
        (b / "logs").write_text("x", "utf-8")
    elif broken == "link-out":
        (b / "logs" / "night1.txt").symlink_to(box / "outside.txt")
        (root / "g" / "logs" / "day2.txt").symlink_to(box / "outside.txt")
    elif broken == "missing":
        toml.unlink()
    elif broken in ("variant-list", "all-wolves"):  # issue 46
        text = toml.read_text("utf-8")
        text = (text.replace('variant = "derby-stock"', 'variant = ["derby-stock"]')
                if broken == "variant-list" else
                "\n".join(x for x in text.splitlines() if not x.startswith("role = "))
                + '\n[setup]\n"人狼" = 12\n')
        toml.write_text(text, "utf-8")
    elif broken == "toml-link":
        toml.rename(box / "linked-game.toml")
        toml.symlink_to(box / "linked-game.toml")
    elif broken == "log-fifo":
        (b / "logs" / "night1.txt").unlink(missing_ok=True)
        os.mkfifo(b / "logs" / "night1.txt")
    elif broken == "logs-link-out":
        (b / "logs").rename(box / "outside-logs")
        (b / "logs").symlink_to(box / "outside-logs")
    elif broken == "history-link-out":
        (box / "outside-history").mkdir()
        (b / "logs" / ".history").symlink_to(box / "outside-history")
    elif broken == "journal-half":
        (b / "logs" / ".day1.store").write_bytes(b'{"log": "day1.tx')
    return root


def _outside(box: Path) -> dict[str, bytes]:
    """Every file beside the served folder (links out of it point here), with its bytes."""
    out = {}
    for p in sorted(box.rglob("*")):
        if "games" in p.relative_to(box).parts[:1] or p.is_symlink() or not p.is_file():
            continue
        out[str(p.relative_to(box))] = p.read_bytes()
    return out


def check_request(req: Request, codes: Counter[Any] | None = None) -> list[str]:
    """Send one request to a fresh folder; every broken promise (empty: all kept)."""
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="adj-desk-fuzz-") as tmp:
        root = _folder(Path(tmp), req.broken)
        outside = _outside(Path(tmp))
        client = TestClient(create_app(root, hosts=("testserver",)),
                            raise_server_exceptions=True, follow_redirects=False)
        try:
            if req.token != "none":
                client.get("/")
            data = dict(req.form or {})
            if req.method == "POST":
                data["csrf"] = (str(client.cookies.get(CSRF_COOKIE)) if req.token == "good"
                                else "x" * 40)
            r = client.request(req.method, req.url, data=data or None, headers=req.headers)
        except BaseException as e:  # noqa: BLE001 - the point is to see anything escape
            import traceback

            problems.append(f"raised {type(e).__name__}: {e}\n"
                            + "".join(traceback.format_exception(e))[-1500:])
            return [repr(req), *problems]
        if codes is not None:
            codes[r.status_code] += 1
        if r.status_code >= 500:
            problems.append(f"status {r.status_code}")
        where = r.headers.get("location", "")
        if r.status_code == 303 and not (where.startswith("/") and not where.startswith("//")):
            problems.append(f"a redirect out of the desk: {where}")
        body = r.text if req.method != "HEAD" else ""
        if "Traceback" in body:
            problems.append("traceback in the page")
        if SECRET in body:
            problems.append("a file outside the served folder was shown")
        if _outside(Path(tmp)) != outside:  # issue 46: never written through a link out
            problems.append("a file outside the served folder was changed")
        if r.headers.get("content-type", "").startswith("text/html"):
            if "default-src 'none'" not in r.headers.get("content-security-policy", ""):
                problems.append(f"a page without the CSP (status {r.status_code})")
        elif r.headers.get("content-type", "").startswith("text/plain") and "/pasted?" in req.url:
            if "default-src 'none'" not in r.headers.get("content-security-policy", ""):
                problems.append("a kept paste's text without the CSP")
        elif r.status_code not in (204, 303):
            problems.append(f"not a page: {r.status_code} {r.headers.get('content-type')}")
    return [repr(req), *problems] if problems else []


@settings(max_examples=int(os.environ.get("ADJ_FUZZ_DESK_EXAMPLES", "60")), deadline=None,
          derandomize=True, suppress_health_check=list(HealthCheck))
@given(requests())
def test_the_desk_keeps_its_promises(req: Request) -> None:
    problems = check_request(req)
    assert not problems, "\n".join(problems)


def test_the_desk_checker_sees_a_broken_promise(monkeypatch: pytest.MonkeyPatch) -> None:
    """The property can fail: a route that shows an outside file, and a page without the
    CSP, are both caught."""
    import adjudicator.desk.app as app_module

    async def leak(desk: Any, request: Any) -> Any:
        from starlette.responses import HTMLResponse

        outside = Path(desk.root).parent / "outside.txt"
        return HTMLResponse(outside.read_text("utf-8"))

    monkeypatch.setattr(app_module, "index", leak)
    req = Request(broken="fine", method="GET", url="/", form=None, token="none", headers={})
    problems = "\n".join(check_request(req))
    assert "a file outside the served folder was shown" in problems
    assert "a page without the CSP" in problems
