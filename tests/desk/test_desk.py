"""The GM's desk (``adjudicator serve``): every page and every error path, through
Starlette's TestClient.  Bad input is a page with a fitting status, never a 500; names
from URLs never leave the served folder; state changes need the page's CSRF token."""

from __future__ import annotations

import re
import shutil
import threading
import tomllib
from pathlib import Path

import pytest

from tests.support import FIXTURES, roster_lines

pytest.importorskip("starlette")
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
from starlette.testclient import TestClient  # noqa: E402

from adjudicator.desk.app import CSRF_COOKIE, create_app  # noqa: E402
from adjudicator.engine import resolve_game  # noqa: E402

DERBY = FIXTURES / "derby16"


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    folder = tmp_path / "games"
    folder.mkdir()
    game = folder / "g"
    game.mkdir()
    shutil.copy(DERBY / "game.toml", game / "game.toml")
    (game / "logs").mkdir()
    shutil.copy(DERBY / "logs" / "day1.txt", game / "logs" / "day1.txt")
    return folder


def client_for(root: Path, **kw: object) -> TestClient:
    return TestClient(create_app(root, hosts=("testserver",), **kw), raise_server_exceptions=True)


@pytest.fixture()
def client(root: Path) -> TestClient:
    return client_for(root)


def token(c: TestClient) -> str:
    if not c.cookies.get(CSRF_COOKIE):
        c.get("/")
    value = c.cookies.get(CSRF_COOKIE)
    assert value
    return value


def pre(html: str, ident: str) -> str:
    m = re.search(rf'<pre id="{re.escape(ident)}">(.*?)</pre>', html, re.S)
    assert m, f"no <pre id={ident}>"
    import html as h

    return h.unescape(m.group(1))


# ------------------------------------------------------------------ pages
def test_index_lists_games_with_state_and_problems(root: Path, client: TestClient) -> None:
    broken = root / "broken"
    broken.mkdir()
    (broken / "game.toml").write_text('variant = "derby-stock"\nseed = "x"\n', encoding="utf-8")
    r = client.get("/")
    assert r.status_code == 200
    assert "ダービー＆ストック村" in r.text and "1日目 昼まで" in r.text
    assert "要修正" in r.text
    assert r.headers["content-security-policy"].startswith("default-src 'none'")
    assert "sha256-" in r.headers["content-security-policy"]


def test_game_page_shows_outputs_with_copy_buttons(client: TestClient) -> None:
    r = client.get("/g/g")
    assert r.status_code == 200
    assert 'data-copy="post-day1"' in r.text
    game = resolve_game(Path(client.app.state.desk.root) / "g")  # type: ignore[attr-defined]
    assert pre(r.text, "post-day1") == game.phases[0].public_post


def test_unknown_game_phase_and_route_are_404(client: TestClient) -> None:
    assert client.get("/g/nope").status_code == 404
    r = client.get("/g/g?phase=night9")
    assert r.status_code == 404 and "9日目 夜" in r.text  # the phase in words
    assert client.get("/nothing/here").status_code == 404


@pytest.mark.parametrize("path", [
    "/g/..", "/g/%2e%2e", "/g/..%2Fgames", "/g/%2Fetc%2Fpasswd", "/g/.hidden",
    "/g/g%2F..%2F..", "/g/%5C..%5C", "/g/..%5Cg",
])
def test_names_never_leave_the_folder(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert "<main>" in r.text  # our page, not a traceback
    if r.url.path == "/":  # the client itself folded the dot segments: the game list
        return
    assert r.status_code in (400, 404)


def test_a_link_out_of_the_folder_is_not_followed(root: Path, client: TestClient,
                                                  tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.copy(DERBY / "game.toml", outside / "game.toml")
    (root / "evil").symlink_to(outside, target_is_directory=True)
    assert client.get("/g/evil").status_code == 404
    assert "evil" not in client.get("/").text
    r = client.post("/g/evil/store", data={"csrf": token(client), "phase": "day1", "log": "a: b"})
    assert r.status_code == 404
    assert not (outside / "logs").exists()


def test_a_foreign_host_header_is_refused(client: TestClient) -> None:
    r = client.get("/", headers={"host": "evil.example"})
    assert r.status_code == 400


def test_get_on_a_form_target_is_405_page(client: TestClient) -> None:
    r = client.get("/g/g/store")
    assert r.status_code == 405 and "<main>" in r.text


def test_report_explain_and_check_pages(client: TestClient) -> None:
    r = client.get("/g/g/report")
    assert r.status_code == 200 and "<html" in r.text
    assert "script-src" not in r.headers["content-security-policy"]
    r = client.get("/g/g/explain")
    assert r.status_code == 200
    r = client.get("/g/g/explain", params={"player": "だれでもない"})
    assert r.status_code == 404
    r = client.get("/g/g/check", params={"line": "予想@たろう 3万", "speaker": "はなこ",
                                          "phase": "night1"})
    assert r.status_code == 200
    assert "受理" in pre(r.text, "text")
    # a speaker not on the roster is read as the reader would: refused, with the reason
    r = client.get("/g/g/check", params={"line": "予想@たろう 3万", "speaker": "誰か"})
    assert r.status_code == 200 and "却下" in pre(r.text, "text")
    assert "「誰か」は参加者として登録されていません" in pre(r.text, "text")
    r = client.get("/g/g/check", params={"line": "予想@たろう 3万", "speaker": "x" * 81})
    assert r.status_code == 413
    r = client.get("/g/g/check", params={"line": "x" * 3000, "speaker": "はなこ"})
    assert r.status_code == 413


# ------------------------------------------------------------------ CSRF and origin
def test_posts_need_the_csrf_token(client: TestClient) -> None:
    log = (DERBY / "logs" / "night1.txt").read_text(encoding="utf-8")
    assert client.post("/g/g/preview", data={"phase": "night1", "log": log}).status_code == 403
    token(client)
    r = client.post("/g/g/preview", data={"csrf": "x" * 40, "phase": "night1", "log": log})
    assert r.status_code == 403
    r = client.post("/g/g/store", data={"phase": "night1", "log": log})
    assert r.status_code == 403
    assert not (Path(client.app.state.desk.root) / "g" / "logs" / "night1.txt").exists()  # type: ignore[attr-defined]


def test_requests_from_another_site_are_refused(client: TestClient) -> None:
    t = token(client)
    log = (DERBY / "logs" / "night1.txt").read_text(encoding="utf-8")
    for headers in ({"origin": "https://evil.example"}, {"origin": "null"},
                    {"sec-fetch-site": "cross-site"}):
        r = client.post("/g/g/store", data={"csrf": t, "phase": "night1", "log": log},
                        headers=headers)
        assert r.status_code == 403, headers
    r = client.post("/g/g/store", data={"csrf": t, "phase": "night1", "log": log},
                    headers={"origin": "http://testserver", "sec-fetch-site": "same-origin"},
                    follow_redirects=False)
    assert r.status_code == 303


# ------------------------------------------------------------------ preview and store
def test_preview_reads_resolves_and_stores_nothing(root: Path, client: TestClient) -> None:
    log = (DERBY / "logs" / "night1.txt").read_text(encoding="utf-8")
    r = client.post("/g/g/preview", data={"csrf": token(client), "phase": "night1", "log": log})
    assert r.status_code == 200
    assert "形式: <strong>" in r.text
    assert not (root / "g" / "logs" / "night1.txt").exists()
    # the post is the one `resolve` gives once the log is stored
    shutil.copy(DERBY / "logs" / "night1.txt", root / "g" / "logs" / "night1.txt")
    game = resolve_game(root / "g")
    assert pre(r.text, "post-night1") == game.phases[1].public_post
    for i, (_who, notes) in enumerate(game.phases[1].private.items(), 1):
        assert pre(r.text, f"notice-night1-{i}") == "\n".join(notes) + "\n"


def test_preview_lists_rejected_lines_with_reasons(client: TestClient) -> None:
    log = "[22:00] はなこ: 予想@たろう 3万\n[22:01] たろう: 予想@はなこ 999万\n[22:02] じろう: 噛み@だれか\n"
    r = client.post("/g/g/preview", data={"csrf": token(client), "phase": "night1", "log": log})
    assert r.status_code == 200
    assert 'class="rejected"' in r.text
    assert "所持金" in r.text  # the reason a bet above cash was refused


def test_preview_errors_are_pages(root: Path) -> None:
    c = client_for(root, max_paste=2000)
    t = token(c)
    cases = [
        ({"csrf": t, "phase": "night1", "log": "   \n"}, 400),
        ({"csrf": t, "phase": "night1", "log": "a: b\n" * 1000}, 413),
        ({"csrf": t, "phase": "night1", "log": "not json", "format": "dce-json"}, 422),
        ({"csrf": t, "phase": "night1", "log": "a: b", "format": "fax"}, 400),
        ({"csrf": t, "phase": "day99", "log": "たろう: 投票@はなこ"}, 400),
        ({"csrf": t, "phase": "", "log": "たろう: 投票@はなこ"}, 400),
        ({"csrf": t, "phase": "round1", "log": "たろう: 投票@はなこ"}, 400),
    ]
    for data, status in cases:
        r = c.post("/g/g/preview", data=data)
        assert r.status_code == status, (data.get("phase"), data.get("format"), r.text[:500])
        assert "<main>" in r.text


def test_a_malformed_form_is_400(client: TestClient) -> None:
    t = token(client)
    r = client.post("/g/g/preview", content=b"--x\r\nbroken",
                    headers={"content-type": "multipart/form-data; boundary=x"})
    assert r.status_code in (400, 403)
    r = client.post("/g/g/preview", content=b"csrf=" + t.encode() + b"&phase=night1&log=%FF%FE",
                    headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code in (200, 400, 422)


def test_a_dropped_file_is_read(client: TestClient) -> None:
    data = (DERBY / "logs" / "night1.txt").read_bytes()
    r = client.post("/g/g/preview", data={"csrf": token(client), "phase": "night1", "log": ""},
                    files={"file": ("night1.txt", data, "text/plain")})
    assert r.status_code == 200 and "post-night1" in r.text


def test_store_keeps_the_previous_version(root: Path, client: TestClient) -> None:
    t = token(client)
    day1 = root / "g" / "logs" / "day1.txt"
    before = day1.read_bytes()
    r = client.post("/g/g/store", data={"csrf": t, "phase": "day1",
                                         "log": "[12:00] たろう: 投票@はなこ\n"},
                    follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/g/g?phase=day1")
    assert day1.read_text(encoding="utf-8") == "[12:00] たろう: 投票@はなこ\n"
    kept = sorted((root / "g" / "logs" / ".history").iterdir())
    assert [k.read_bytes() for k in kept] == [before]
    page = client.get(r.headers["location"])
    assert "保存しました" in page.text


def test_an_empty_store_changes_nothing(root: Path, client: TestClient) -> None:
    day1 = root / "g" / "logs" / "day1.txt"
    before = day1.read_bytes()
    r = client.post("/g/g/store", data={"csrf": token(client), "phase": "day1", "log": " \n"})
    assert r.status_code == 400
    assert day1.read_bytes() == before


def test_two_saves_at_once_lose_neither(root: Path, client: TestClient) -> None:
    t = token(client)
    texts = [f"[12:0{i}] たろう: 投票@{who}\n" for i, who in enumerate(("はなこ", "じろう"))]
    codes: list[int] = []

    def save(text: str) -> None:
        c = client_for(root)
        c.cookies.set(CSRF_COOKIE, t)
        codes.append(c.post("/g/g/store", data={"csrf": t, "phase": "night1", "log": text},
                            follow_redirects=False).status_code)

    threads = [threading.Thread(target=save, args=(x,)) for x in texts]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert codes == [303, 303]
    final = (root / "g" / "logs" / "night1.txt").read_text(encoding="utf-8")
    kept = [p.read_text(encoding="utf-8") for p in (root / "g" / "logs" / ".history").iterdir()]
    assert final in texts and sorted([final, *kept]) == sorted(texts)


def test_replacing_an_earlier_phase_shows_what_changes_later(root: Path, client: TestClient
                                                             ) -> None:
    for pid in ("night1", "day2"):
        shutil.copy(DERBY / "logs" / f"{pid}.txt", root / "g" / "logs" / f"{pid}.txt")
    old = (DERBY / "logs" / "night1.txt").read_text(encoding="utf-8")
    new = re.sub(r"噛み@\S+", "噛み@たろう", old)
    assert new != old
    r = client.post("/g/g/preview", data={"csrf": token(client), "phase": "night1", "log": new})
    assert r.status_code == 200
    assert "後のフェーズで変わること" in r.text and "2日目 昼" in r.text


# ------------------------------------------------------------------ new game
def test_new_game_form_writes_a_game_that_resolves(root: Path, client: TestClient) -> None:
    r = client.get("/new", params={"variant": "derby-stock"})
    assert r.status_code == 200 and "同票のとき" in r.text
    form = {"csrf": token(client), "name": "新しい村", "variant": "derby-stock", "seed": "7",
            "gm": "GM", "roster": roster_lines(DERBY), "opt.tie": '"抽選"'}
    r = client.post("/new", data=form, follow_redirects=False)
    assert r.status_code == 303, r.text[:2000]
    made = tomllib.loads((root / "新しい村" / "game.toml").read_text(encoding="utf-8"))
    want = tomllib.loads((DERBY / "game.toml").read_text(encoding="utf-8"))
    assert made["players"] == want["players"] and made["seed"] == want["seed"]
    assert made["options"]["tie"] == "抽選" and made["gm"] == want["gm"]
    assert client.get(r.headers["location"]).status_code == 200
    again = client.post("/new", data=form)
    assert again.status_code == 409


def test_new_game_lists_every_problem_at_once(root: Path, client: TestClient) -> None:
    form = {"csrf": token(client), "name": "bad", "variant": "derby-stock", "seed": "x",
            "gm": "", "roster": "たろう, 男性, 魔王\nはなこ, female, 村人", "opt.tie": "["}
    r = client.post("/new", data=form)
    assert r.status_code == 422
    for word in ("シード：", "GMの名前：", "同票のとき："):
        assert word in r.text
    assert not (root / "bad").exists()
    r = client.post("/new", data={**form, "seed": "1", "gm": "GM", "opt.tie": '"なし"'})
    assert r.status_code == 422 and "魔王" in r.text


@pytest.mark.parametrize("name", ["..", "a/b", ".x", "", "a\u202eb", "x" * 81])
def test_new_game_names_are_one_plain_segment(client: TestClient, name: str) -> None:
    r = client.post("/new", data={"csrf": token(client), "name": name, "variant": "derby-stock",
                                  "seed": "1", "gm": "GM", "roster": "a, male, 村人"})
    assert r.status_code == 400


def test_new_trapword_game_from_team_lines(root: Path, client: TestClient) -> None:
    r = client.get("/new", params={"variant": "trapword"})
    assert r.status_code == 200
    form = {"csrf": token(client), "name": "tw", "variant": "trapword", "seed": "3", "gm": "GM",
            "roster": "赤: たろう, はなこ\n青: さくら, けんた"}
    r = client.post("/new", data=form, follow_redirects=False)
    assert r.status_code == 303, r.text[:2000]
    made = tomllib.loads((root / "tw" / "game.toml").read_text(encoding="utf-8"))
    assert made["teams"][0] == {"name": "赤", "members": ["たろう", "はなこ"], "first": True}


def test_unknown_variant_in_the_form(client: TestClient) -> None:
    assert client.get("/new", params={"variant": "chess"}).status_code == 400


# ------------------------------------------------------------------ escaping
def test_untrusted_names_and_lines_are_escaped(root: Path, client: TestClient) -> None:
    text = (root / "g" / "game.toml").read_text(encoding="utf-8")
    (root / "g" / "game.toml").write_text(text.replace('name = "たろう"',
                                                       'name = "<script>alert(1)</script>"'),
                                          encoding="utf-8")
    log = "[22:00] はなこ: <img src=x onerror=alert(1)> 予想@<script>alert(1)</script> 3万\n"
    r = client.post("/g/g/preview", data={"csrf": token(client), "phase": "night1", "log": log})
    assert r.status_code in (200, 400, 422)
    assert "<script>alert" not in r.text and "<img src=x" not in r.text
    assert "<script>alert" not in client.get("/g/g").text


def test_a_broken_game_toml_is_a_page(root: Path, client: TestClient) -> None:
    (root / "g" / "game.toml").write_text("variant = \n", encoding="utf-8")
    r = client.get("/g/g")
    assert r.status_code == 422 and "ゲームの設定に問題があります" in r.text and "game.toml" not in r.text


def test_a_players_explain_page_is_their_own_view(root: Path, client: TestClient) -> None:
    shutil.copy(DERBY / "logs" / "night1.txt", root / "g" / "logs" / "night1.txt")
    mine = pre(client.get("/g/g/explain", params={"player": "ゆい"}).text, "text")
    assert "GM専用" not in mine
    assert "噛み@ゆい" not in mine  # the wolves' lines that named her are not hers to see
    gm = pre(client.get("/g/g/explain", params={"player": "ゆい", "gm": "1"}).text, "text")
    assert "GM専用" in gm and "噛み@ゆい" in gm


def test_check_a_phase_not_reached_is_400(client: TestClient) -> None:
    r = client.get("/g/g/check", params={"line": "投票@はなこ", "speaker": "たろう",
                                          "phase": "day9"})
    assert r.status_code == 400 and "day9" in r.text


# ------------------------------------------------------------------ a night of chats
def test_one_paste_box_takes_several_chats(tmp_path: Path) -> None:
    """input.thread: the village and two 1:1 chats pasted one after another are read as
    three chats (not the second export's header glued onto the last message), previewed
    and stored as one night whose late line in a 1:1 chat is late."""
    from tests.support.threads import separator_free

    folder = tmp_path / "games"
    game = folder / "g"
    shutil.copytree(FIXTURES / "derby-threads", game,
                    ignore=shutil.ignore_patterns("expected", "night*", "day2*", "day3*", "day4*"))
    night1 = (FIXTURES / "derby-threads" / "logs" / "night1.txt").read_text("utf-8")
    log = night1 + separator_free("なな", "[21:40] なな: 予想@じろう 4万\n")
    c = client_for(folder)
    t = token(c)
    r = c.post("/g/g/preview", data={"csrf": t, "phase": "night1", "log": log})
    assert r.status_code == 200
    from adjudicator.desk.service import read_paste

    reading = read_paste(log, "paste", None, [])
    assert not [m for m in reading.messages if "トーク履歴" in m.text or "保存日時" in m.text]
    assert reading.messages[-1].text == "予想@じろう 4万"
    r = c.post("/g/g/store", data={"csrf": t, "phase": "night1", "log": log},
               follow_redirects=False)
    assert r.status_code == 303
    resolved = resolve_game(game)
    night = next(p for p in resolved.phases if p.id == "night1")
    late = next(r for r in night.lines if r.text == "予想@じろう 4万")
    assert (late.speaker, late.code) == ("なな", "late")
    assert len({t.name for t in night.threads.values()}) >= 10
