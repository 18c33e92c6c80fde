"""Issue 25, item 2: every error of the desk is a page in Japanese with the status that
fits and the Content-Security-Policy, telling the GM what to do; an error nobody
foresaw is a 500 page whose traceback goes to the server's log only."""

from __future__ import annotations

import errno
import logging
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.support import FIXTURES

pytest.importorskip("starlette")
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
from starlette.testclient import TestClient  # noqa: E402

import adjudicator.desk.app as app_module  # noqa: E402
import adjudicator.desk.service as service  # noqa: E402
import adjudicator.desk.text_routes as text_routes  # noqa: E402
from adjudicator.desk.app import CSRF_COOKIE  # noqa: E402

DERBY = FIXTURES / "derby16"
SECRET = "internal-detail-7f3a"  # what an exception says: never on the page


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    folder = tmp_path / "games"
    game = folder / "g"
    (game / "logs").mkdir(parents=True)
    shutil.copy(DERBY / "game.toml", game / "game.toml")
    shutil.copy(DERBY / "logs" / "day1.txt", game / "logs" / "day1.txt")
    return folder


def token(c: TestClient) -> str:
    if not c.cookies.get(CSRF_COOKIE):
        c.get("/")
    return str(c.cookies.get(CSRF_COOKIE))


def assert_error_page(r: Any, status: int, *words: str) -> None:
    assert r.status_code == status, (r.status_code, r.text[:500])
    assert r.headers["content-type"].startswith("text/html")
    assert "default-src 'none'" in r.headers["content-security-policy"]
    assert r.headers["x-content-type-options"] == "nosniff"
    assert '<html lang="ja"' in r.text
    assert "Traceback" not in r.text and SECRET not in r.text
    for w in words:
        assert w in r.text, (w, r.text[:2000])


NEW_FORM = {"name": "deep", "variant": "derby-stock", "seed": "1", "gm": "GM",
            "roster": "たろう, 男, 人狼"}


def test_deeply_nested_settings_on_new_are_a_problem_listed_not_a_500(
        client: TestClient, root: Path) -> None:
    deep = "[" * 5000 + "]" * 5000
    r = client.post("/new", data={**NEW_FORM, "opt.no_bite": deep, "csrf": token(client)})
    assert_error_page(r, 422, "人狼が噛み先を書かなかった夜：選べるのは")
    assert not (root / "deep").exists()


def test_deeply_nested_game_toml_is_a_422_page(client: TestClient, root: Path) -> None:
    (root / "g" / "game.toml").write_text("a = " + "{b = " * 3000 + "1" + "}" * 3000 + "\n",
                                          "utf-8")
    for url in ("/g/g", "/g/g/report", "/g/g/explain", "/g/g/check?line=x"):
        assert_error_page(client.get(url), 422, "ゲームの設定", "入れ子が深すぎ")
    r = client.get("/")
    assert r.status_code == 200 and "要修正 1件" in r.text  # listed as needing a fix


@pytest.mark.parametrize("url,target", [
    ("/", "list_games"), ("/g/g", "resolve_game"), ("/g/g/report", "resolve_game"),
    ("/g/g/explain", "resolve_game"), ("/g/g/check?line=x", "resolve_game"),
])
def test_an_unexpected_error_is_a_japanese_500_page_and_a_logged_traceback(
        client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
        url: str, target: str) -> None:
    def boom(*_a: Any, **_k: Any) -> Any:
        raise ValueError(SECRET)

    module = service if target == "list_games" else text_routes  # every game page loads there
    monkeypatch.setattr(module, target, boom)
    if target == "list_games":
        monkeypatch.setattr(app_module.S, "list_games", boom)
    with caplog.at_level(logging.ERROR, logger="adjudicator.desk"):
        r = client.get(url)
    assert_error_page(r, 500, "予期しないエラー", "開き直す", "端末")
    logged = [rec for rec in caplog.records if rec.name == "adjudicator.desk"]
    assert logged and logged[0].exc_info is not None
    assert SECRET in caplog.text and "Traceback" in caplog.text  # the server's side has it


@pytest.mark.parametrize("exc", [RecursionError(SECRET), MemoryError(SECRET),
                                 KeyError(SECRET), TypeError(SECRET), AssertionError(SECRET)])
def test_every_unforeseen_exception_on_store_is_a_page(
        client: TestClient, root: Path, monkeypatch: pytest.MonkeyPatch,
        exc: BaseException) -> None:
    def boom(*_a: Any, **_k: Any) -> Any:
        raise exc

    monkeypatch.setattr(service, "store_log", boom)
    before = (root / "g" / "logs" / "day1.txt").read_bytes()
    r = client.post("/g/g/store", data={"phase": "day1", "log": "たろう: 投票@じろう",
                                        "csrf": token(client)})
    status = {RecursionError: 422, MemoryError: 413}.get(type(exc), 500)
    assert_error_page(r, status)
    assert (root / "g" / "logs" / "day1.txt").read_bytes() == before


@pytest.mark.parametrize("code,status,words", [
    (errno.ENOSPC, 507, ("ディスクがいっぱい", "空きを作って")),
    (errno.EDQUOT, 507, ("ディスクがいっぱい",)),
    (errno.EACCES, 403, ("権限",)),
    (errno.EROFS, 403, ("読み取り専用",)),
    (errno.EIO, 409, ("フォルダの中を確かめて",)),
])
def test_an_os_error_on_store_is_a_page_with_what_to_do(
        client: TestClient, monkeypatch: pytest.MonkeyPatch, code: int, status: int,
        words: tuple[str, ...]) -> None:
    def boom(*_a: Any, **_k: Any) -> Any:
        raise OSError(code, "simulated", "logs/day1.txt")

    monkeypatch.setattr(service, "store_log", boom)
    r = client.post("/g/g/store", data={"phase": "day1", "log": "たろう: 投票@じろう",
                                        "csrf": token(client)})
    assert_error_page(r, status, *words)


def test_a_failing_error_page_falls_back_to_a_plain_one_with_the_csp(
        client: TestClient, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    real = app_module.Desk.page

    def page(self: Any, request: Any, template: str, *a: Any, **k: Any) -> Any:
        if template == "error.html.j2":
            raise RuntimeError(SECRET)
        return real(self, request, template, *a, **k)

    monkeypatch.setattr(app_module.Desk, "page", page)
    with caplog.at_level(logging.ERROR, logger="adjudicator.desk"):
        r = client.get("/g/nope")
    assert_error_page(r, 404, "ゲーム「nope」はありません", "ゲーム一覧へ戻る")
    assert SECRET in caplog.text


@pytest.mark.parametrize("method,url,status", [
    ("GET", "/no/such/page", 404), ("DELETE", "/", 405), ("PUT", "/new", 405),
    ("GET", "/g/%2e%2e", 400), ("GET", "/g/g/explain?line=../../etc/passwd:1", 400),
    ("POST", "/g/g/store", 403), ("GET", "/g/" + "x" * 5000, 400),
])
def test_routing_errors_are_pages_too(client: TestClient, method: str, url: str,
                                      status: int) -> None:
    assert_error_page(client.request(method, url), status)
