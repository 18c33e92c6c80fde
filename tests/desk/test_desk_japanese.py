"""Every desk page in Japanese: each page of a fixture game of each registered variant
(the game, every phase, the preview of every stored log, explain for the public, every
player and the GM, the check page, the error pages) shows no English word outside the
chat text and the names.  The words a page may carry are the ones in the game's logs,
its roster and a short list (GM, LINE, Discord, CO…)."""

from __future__ import annotations

import re
import shutil
import tomllib
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.support import FIXTURES, form_fixture, registered

pytest.importorskip("starlette")
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
from starlette.testclient import TestClient  # noqa: E402

from adjudicator.chatlog import FORMATS  # noqa: E402
from adjudicator.desk.app import CSRF_COOKIE, create_app  # noqa: E402
from adjudicator.desk.wording import FORMAT_JA, GUESS_JA, SKIP_JA  # noqa: E402

#: one fixture game of each registered game (its FORM_FIXTURE)
GAMES = [form_fixture(v) for v in registered()]
#: words a Japanese page may show: product and service names, and what players type
ALLOWED = {"gm", "line", "discord", "co", "adjudicator", "toml", "csv", "json", "pc", "mb",
           "id", "url", "ok", "txt", "vs", "ng"}
WORD = re.compile(r"[A-Za-z][A-Za-z'_-]+")


class Visible(HTMLParser):
    """The text a person sees: text nodes, placeholders and button values; no script or
    style."""

    def __init__(self) -> None:
        super().__init__()
        self.out: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.skip += 1
        for k, v in attrs:
            if k in ("placeholder", "title", "aria-label") and v:
                self.out.append(v)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.out.append(data)


def english(html: str, allowed: set[str]) -> list[str]:
    p = Visible()
    p.feed(html)
    words = {w for w in WORD.findall("\n".join(p.out))}
    return sorted(w for w in words if w.lower() not in allowed and w not in allowed)


def game_words(game: Path) -> set[str]:
    """Every word of the game's logs, names and scenario (what players and the GM wrote)."""
    words: set[str] = set()
    for f in [*(game / "logs").iterdir(), game / "scenario.toml"]:
        if f.is_file():
            words |= set(WORD.findall(f.read_text("utf-8", errors="replace")))
    cfg = tomllib.loads((game / "game.toml").read_text("utf-8"))
    for item in [*cfg.get("players", []), *cfg.get("teams", [])]:
        for v in [item.get("name", ""), *item.get("aliases", []), *item.get("members", [])]:
            words |= set(WORD.findall(str(v)))
    for g in cfg.get("gm", []):
        words |= set(WORD.findall(g))
    return words


def test_every_format_has_a_japanese_name() -> None:
    assert set(FORMAT_JA) == set(FORMATS)
    for table in (FORMAT_JA, SKIP_JA, GUESS_JA):
        for v in table.values():
            assert not (set(WORD.findall(v)) - {"LINE", "Discord", "CSV", "JSON", "xx"}), v


def test_every_skip_reason_and_guess_kind_of_the_reader_is_in_the_tables() -> None:
    src = "\n".join(p.read_text("utf-8") for p in
                    (Path(__file__).parents[2] / "adjudicator" / "chatlog").glob("*.py"))
    whys = set(re.findall(r"skip\([^,]+, [^,]+, \"([^\"]+)\"\)", src))
    whys |= set(re.findall(r"why(?:, \w+)* = \"([^\"]+)\"", src)) - {"", "a system line names it"}
    kinds = set(re.findall(r"guess\([^,]+, \"([^\"]+)\"", src)) | {"text"}
    assert whys and kinds
    assert whys <= set(SKIP_JA), whys - set(SKIP_JA)
    assert kinds <= set(GUESS_JA), kinds - set(GUESS_JA)


@pytest.mark.parametrize("fixture", GAMES)
def test_no_english_on_any_desk_page(tmp_path: Path, fixture: str) -> None:
    root = tmp_path / "games"
    root.mkdir()
    src = FIXTURES / fixture
    game = root / "g"
    shutil.copytree(src, game, ignore=shutil.ignore_patterns("expected"))
    allowed = ALLOWED | game_words(game) | set(WORD.findall(str(root.resolve())))
    allowed |= {"Splatoon"}  # the village's own name (Splatoon！！村)
    allowed |= {"zz", "logs", "txt", "nothing", "here"}  # what this test types into the forms
    c = TestClient(create_app(root, hosts=("testserver",)))
    c.get("/")
    csrf = c.cookies.get(CSRF_COOKIE)
    cfg = tomllib.loads((game / "game.toml").read_text("utf-8"))
    players = [p["name"] for p in cfg.get("players", [])] or [
        m for t in cfg.get("teams", []) for m in t["members"]]
    logs = sorted((game / "logs").glob("*.txt"))
    pages: dict[str, str] = {}

    def get(url: str, **params: str) -> None:
        r = c.get(url, params=params)
        assert r.status_code < 500, url
        pages[f"{url} {params}"] = r.text

    get("/")
    get("/g/g")
    for log in logs:
        get("/g/g", phase=log.stem)
    get("/g/g/explain")
    get("/g/g/explain", gm="1")
    for p in players[:4]:
        get("/g/g/explain", player=p)
    get("/g/g/explain", player="だれでもない")
    get("/g/g/explain", line="logs/zz.txt:1", gm="1")
    get("/g/g/check")
    get("/g/g/check", line="はやてー", speaker=players[0])
    get("/g/g/check", line="なにか", speaker=players[0], phase="zz")
    get("/g/g/nope")
    for log in logs[:3]:
        r = c.post("/g/g/preview", data={"csrf": csrf, "phase": log.stem,
                                         "log": log.read_text("utf-8")})
        assert r.status_code < 500
        pages[f"preview {log.stem}"] = r.text
    for text in ("", "\x00\x01\x02", "nothing: here\n" * 3):
        r = c.post("/g/g/preview", data={"csrf": csrf, "phase": logs[0].stem, "log": text})
        pages[f"preview {text!r}"] = r.text
    r = c.post("/g/g/preview", data={"csrf": "x", "phase": logs[0].stem, "log": "a"})
    pages["csrf"] = r.text
    # the pages of a kept paste: its chatter, the paste judged again; an unknown speaker's
    # alias buttons on the check page (a line of the first player's, from an alias-like name)
    import re

    for k, v in list(pages.items()):
        if (key := re.search(r"chatter\?key=([0-9a-f]{32})", v)) is not None:
            pages[f"{k} chatter"] = c.get(f"/g/g/chatter?key={key.group(1)}").text
            pages[f"{k} again"] = c.get(f"/g/g/paste?key={key.group(1)}").text
    said = next((m.group(1) for log in logs[:3] for line in log.read_text("utf-8").splitlines()
                 if (m := re.search(re.escape(players[0]) + r"\s*[:：]\s*(.+)$", line))), None)
    if said is not None:
        r = c.get("/g/g/check", params={"line": said, "speaker": players[0] + "ー"})
        pages["check, unknown speaker"] = r.text
    bad = {k: w for k, v in pages.items() if (w := english(v, allowed))}
    assert not bad, "\n".join(f"{k}: {' '.join(w)}" for k, w in bad.items())
