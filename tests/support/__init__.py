"""What the tests share: the places, the fixture games and their golden outputs, one
resolved-game cache, the per-rule-id pins, the hostile game, the HTML tree, the browser.

Each game's own helpers (writing a small game, playing one phase from command text) are
beside this module, one per game package: ``tests/support/<game>.py``; the lint of the
program's words in text for people is ``tests/support/lint.py``.

Golden outputs: ``UPDATE_EXPECTED=1 .venv/bin/python -m pytest tests/test_golden.py``
rewrites every ``tests/fixtures/<game>/expected/`` (then read the diff before committing);
the golden explain texts follow the same switch (``tests/explain/``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tomllib
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
FIXTURES = TESTS / "fixtures"
DATA = TESTS / "data"
SAMPLES = ROOT / "samples"
SAMPLE = SAMPLES / "derby-stock"
RULES = ROOT / "adjudicator" / "rules"
UPDATE = os.environ.get("UPDATE_EXPECTED") == "1"


# ---------------------------------------------------------------- each game's own
def registered() -> list[str]:
    """Every registered variant (adjudicator.games.REGISTRY): the shared tests run over
    these, never over a list of their own."""
    from adjudicator.games import REGISTRY

    return list(REGISTRY)


def game_support(variant: str) -> Any:
    """The game's own test helpers, ``tests/support/<package>.py`` (its package's name
    in the registry): a registered game without one fails here, not silently."""
    from importlib import import_module

    from adjudicator.games import REGISTRY

    return import_module(f"tests.support.{REGISTRY[variant][0]}")


def hook(variant: str, name: str) -> Any:
    """The game's own hook ``name`` of ``tests/support/<package>.py``: every game declares
    each hook the shared tests read (empty, or a reason, where it has nothing of the kind),
    so a new game without it fails here instead of being skipped in silence."""
    from adjudicator.games import REGISTRY

    helpers = game_support(variant)
    assert hasattr(helpers, name), (
        f"tests/support/{REGISTRY[variant][0]}.py has no {name}: every game declares it "
        "(docs/architecture.md's Adding a game)")
    return getattr(helpers, name)


def form_fixture(variant: str) -> str:
    """The fixture game the shared tests take as the variant's (its ``FORM_FIXTURE``)."""
    name = game_support(variant).FORM_FIXTURE
    assert (FIXTURES / name / "game.toml").is_file(), f"{variant}: no fixture {name}"
    assert fixture_variant(FIXTURES / name) == variant, f"{name} is not a {variant} game"
    return str(name)


def _clone(root: Path) -> Path:
    """The clone this checkout belongs to: ``root`` itself, or for a ``git worktree``
    (``.git`` is a file naming ``<clone>/.git/worktrees/<name>``) the clone it came from."""
    dot_git = root / ".git"
    if dot_git.is_file():
        gitdir = Path(dot_git.read_text("utf-8").removeprefix("gitdir:").strip())
        if gitdir.parent.name == "worktrees" and gitdir.parents[1].name == ".git":
            return gitdir.parents[2]
    return root


#: the project's shared folder (rules, seeds, research), beside the clone as CI has it
SHARED = _clone(ROOT).parent / "shared"


# ---------------------------------------------------------------- fixture games
def fixture_games() -> list[Path]:
    """Every tests/fixtures/<name>/ holding a game.toml (discovered, sorted)."""
    return sorted(p.parent for p in FIXTURES.glob("*/game.toml"))


def fixture_variant(root: Path) -> str:
    return str(tomllib.loads((root / "game.toml").read_text("utf-8"))["variant"])


def fixtures_of(variant: str) -> list[str]:
    """The names of the fixture games of one variant."""
    return [p.name for p in fixture_games() if fixture_variant(p) == variant]


def all_games() -> list[Path]:
    """samples/derby-stock plus every fixture game: the report, archive, explain and lint
    tests run over these."""
    return [SAMPLE, *fixture_games()]


def game_ids() -> list[str]:
    return [p.name if p != SAMPLE else "sample-derby-stock" for p in all_games()]


def expected_json(name: str) -> dict[str, Any]:
    """The golden game.json of a fixture game."""
    return json.loads((FIXTURES / name / "expected" / "game.json").read_text("utf-8"))  # type: ignore[no-any-return]


@cache
def resolved(root: Path) -> Any:
    """A game folder resolved once per session (read it, never change it)."""
    from adjudicator.engine import resolve_game

    return resolve_game(root)


def candidates_of(v: Any, st: Any, phase: str, lines: list[tuple[str, str]], gm: str
                  ) -> tuple[list[Any], list[tuple[str, str, str]]]:
    """Parse and validate ``(actor, text)`` lines of a werewolf village as the engine does
    (``gm``: the GM's name in its roster); the last valid command of a slot replaces the
    earlier one.  Returns (accepted candidates, [(actor, code, rule)] rejected)."""
    from adjudicator.errors import CommandError
    from adjudicator.games.base import Candidate
    from adjudicator.parser import parse_command
    from adjudicator.roster import Roster

    roster = Roster(v.roster_entries(), extra={gm: "GM"})
    held: dict[tuple[str, str], Candidate] = {}
    rejected: list[tuple[str, str, str]] = []
    for i, (actor, text) in enumerate(lines, 1):
        try:
            action = parse_command(text, roster, v.name, transformer=v.transformer)
            action = v.validate(st, phase, actor, action, {})
        except CommandError as e:
            rejected.append((actor, getattr(e, "code", ""), getattr(e, "rule", "")))
            continue
        slot = v.slot(action, actor)
        assert slot is not None
        held[(slot[0], slot[1])] = Candidate(ref=f"logs/{phase}.txt:{i}", actor=actor,
                                             action=action, order=i)
    return sorted(held.values(), key=lambda c: c.order), rejected


def phase(game: Any, pid: str) -> Any:
    """The resolved phase ``pid`` of ``game``."""
    return next(p for p in game.phases if p.id == pid)


def record(game: Any, ref: str) -> Any:
    """The line record of ``ref`` (``logs/night1.txt:3``) in ``game``."""
    return next(r for p in game.phases for r in p.lines if r.ref == ref)


def played(write: Callable[..., Path], tmp_path: Path, logs: dict[str, str], **kw: Any) -> Any:
    """A small game written by a game's own ``write(root, logs, **kw)``, resolved."""
    from adjudicator.engine import resolve_game

    return resolve_game(write(tmp_path / "game", logs, **kw))


def kinds(events: list[Any], kind: str) -> list[Any]:
    """The events of ``kind`` among ``events`` (an Emitter's or a phase's), in order."""
    return [e for e in events if e.kind == kind]


@cache
def exported(root: Path) -> dict[str, Any]:
    """The JSON export of ``resolved(root)``, once per session (read it, never change it)."""
    from adjudicator.export import export_game

    return export_game(resolved(root))  # type: ignore[no-any-return]


# ---------------------------------------------------------------- golden outputs
def read_tree(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def compact_layout(expected: Path) -> bool:
    """A fixture whose expected/ holds ``<phase>.post.txt`` files keeps the compact layout
    (game.json, each phase's post and ledger) instead of the whole out/ tree."""
    return any(expected.glob("*.post.txt"))


def outputs(root: Path, tmp: Path, compact: bool) -> dict[str, str]:
    """What a fixture game's expected/ is compared with, in its layout."""
    from adjudicator.cli.main import write_outputs
    from adjudicator.export import dumps, export_game

    game = resolved(root)
    if compact:
        got = {"game.json": dumps(export_game(game))}
        for ph in game.phases:
            got[f"{ph.id}.post.txt"] = ph.public_post
            got[f"{ph.id}.ledger.txt"] = ph.ledger
        return got
    return read_tree(write_outputs(game, export_game(game), tmp / "out"))


def assert_fixture_game(root: Path, tmp: Path) -> None:
    """Resolve a fixture game and compare every output file with ``expected/`` exactly
    (with UPDATE_EXPECTED=1, write them instead: read the diff before committing)."""
    expected = root / "expected"
    compact = expected.exists() and compact_layout(expected)
    got = outputs(root, tmp, compact)
    if UPDATE:
        if expected.exists():
            shutil.rmtree(expected)
        for rel, text in got.items():
            (expected / rel).parent.mkdir(parents=True, exist_ok=True)
            (expected / rel).write_text(text, encoding="utf-8")
    want = read_tree(expected)
    assert sorted(got) == sorted(want), "the set of output files changed"
    for rel in want:
        assert got[rel] == want[rel], f"{root.name}/expected/{rel} differs"


# ---------------------------------------------------------------- rule ids
def rule_ids(*files: str) -> set[str]:
    """Every rule id written in ``adjudicator/rules/<file>`` (a word ``xx.name`` with the
    file's own prefix, ``ds`` for derby-stock.md, ``ww`` for werewolf.md…)."""
    ids: set[str] = set()
    for name in files:
        text = (RULES / name).read_text("utf-8")
        own = Counter(m.group(1) for m in re.finditer(r"(?<![\w.`])([a-z]{2})\.[a-z_]+", text))
        assert own, f"{name}: no rule id"
        pre = own.most_common(1)[0][0]
        ids |= {i.rstrip(".:") for i in
                re.findall(rf"(?<![\w.]){pre}\.[a-z0-9_.]*[a-z0-9_]", text)}
    return ids


class RulePins:
    """The per-rule-id decorator of a game's rule tests: ``@pins("ds.derby.bet")`` marks
    a test as the one pinning that rule; ``pins.unpinned()`` lists the rule ids of the
    rule files that no test pins (each game asserts it is empty)."""

    def __init__(self, *files: str) -> None:
        self.files = files
        self.pinned: set[str] = set()

    def __call__(self, *ids: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        self.pinned.update(ids)
        return lambda f: f

    def ids(self) -> set[str]:
        return rule_ids(*self.files)

    def unpinned(self) -> set[str]:
        return self.ids() - self.pinned


# ---------------------------------------------------------------- hostile input
EVIL = [
    "<script>window.__pwned=1</script>",
    '"onerror=window.__pwned=2 x="',
    "</style><b>bold</b>",
    "<img src=x onerror=window.__pwned=3>",
    "&amp;lt;",
    "'><svg onload=window.__pwned=4>",
]


def write_evil_game(root: Path) -> Path:
    """A 12-player derby-stock game whose names, lines and GM text are hostile HTML."""
    roles = ["人狼", "人狼", "狂人", "占い師", "霊能者", "狩人", "共有者", "共有者",
             "村人", "村人", "村人", "村人"]
    names = EVIL + [f"村人{i}" for i in range(len(roles) - len(EVIL))]
    root.mkdir(parents=True, exist_ok=True)
    toml = ['variant = "derby-stock"', "seed = 3", 'gm = ["GM</script>"]']
    for i, (name, role) in enumerate(zip(names, roles, strict=True)):
        toml += ["[[players]]", f"name = {json.dumps(name)}",
                 f'gender = "{"male" if i % 2 else "female"}"', f'role = "{role}"']
    (root / "game.toml").write_text("\n".join(toml) + "\n", encoding="utf-8")
    logs = root / "logs"
    logs.mkdir(exist_ok=True)
    day1 = ["GM</script>: <iframe src=javascript:window.__pwned=5></iframe> 議論開始"]
    day1 += [f"{n}: {EVIL[i % len(EVIL)]} こんにちは" for i, n in enumerate(names)]
    day1 += [f"{n}: 投票@{names[8] if n != names[8] else names[9]}" for n in names]
    day1 += [f"{names[0]}: 投票@</textarea><script>window.__pwned=6</script>"]
    (logs / "day1.txt").write_text("\n".join(day1) + "\n", encoding="utf-8")
    night1 = [f"{names[1]}: 噛み@{names[10]}", f"{names[3]}: 占い@{names[0]}",
              f"{names[4]}: 予想@{names[2]} 1万", f"{names[5]}: 購入@{names[3]}の株 1株",
              f"{names[6]}: 予想@<b>x</b> 1万"]
    (logs / "night1.txt").write_text("\n".join(night1) + "\n", encoding="utf-8")
    return root


# ---------------------------------------------------------------- HTML
class Tree(HTMLParser):
    """Just enough of a DOM: every element with its attributes, parent chain and text."""

    VOID = {"meta", "br", "img", "input", "hr", "link", "line", "circle", "path"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[dict[str, Any]] = []
        self.stack: list[dict[str, Any]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        el = {"tag": tag, "attrs": dict(attrs), "parents": [p["tag"] for p in self.stack],
              "classes": [c for p in self.stack for c in (p["attrs"].get("class") or "").split()],
              "text": []}
        self.elements.append(el)
        if tag not in self.VOID:
            self.stack.append(el)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i]["tag"] == tag:
                del self.stack[i:]
                break

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self.stack:
            self.stack[-1]["text"].append(data)

    def find(self, tag: str, cls: str | None = None, **attrs: str) -> list[dict[str, Any]]:
        out = []
        for el in self.elements:
            if el["tag"] != tag:
                continue
            if cls and cls not in (el["attrs"].get("class") or "").split():
                continue
            if all(el["attrs"].get(k.replace("_", "-")) == v for k, v in attrs.items()):
                out.append(el)
        return out


def parse(html: str) -> Tree:
    t = Tree()
    t.feed(html)
    t.close()
    return t





# ---------------------------------------------------------------- the desk's form
def roster_lines(game: Path) -> str:
    cfg = tomllib.loads((game / "game.toml").read_text(encoding="utf-8"))
    rows = []
    for p in cfg["players"]:
        row = f"{p['name']}, {p['gender']}, {p['role']}"
        if p.get("aliases"):
            row += ", 別名=" + "/".join(p["aliases"])
        rows.append(row)
    return "\n".join(rows)


# ---------------------------------------------------------------- the browser
#: Headless Chromium (Debian's package) through Playwright, for the browser tests: one
#: launcher, skipped with the reason where either is missing (.ci/extra-setup installs both)
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
#: without the background-networking flags Chromium dials out (refused on this machine)
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@contextmanager
def chromium() -> Iterator[Any]:
    if not Path(CHROMIUM).is_file():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium; see .ci/extra-setup)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("playwright is not installed (pip install playwright; see .ci/extra-setup)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


def screenshot(name: str) -> Path:
    """Where a browser test's picture ``name`` goes: the folder ``DESK_SCREENSHOTS`` names
    (``DESK_SCREENSHOTS=docs`` refreshes the pictures of the docs, then read them before
    committing), else a temporary folder; a run never rewrites docs/ by itself."""
    import tempfile

    folder = os.environ.get("DESK_SCREENSHOTS")
    where = Path(folder) if folder else Path(tempfile.gettempdir()) / "adjudicator-shots"
    where.mkdir(parents=True, exist_ok=True)
    return where / name


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def watch(page: Any, problems: list[str], origin: str | None = None) -> None:
    """Collect the page's console errors and warnings, page errors and (with ``origin``)
    every request that leaves it, into ``problems``: a browser test ends asserting none."""
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}")
            if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    if origin is not None:
        page.on("request", lambda r: problems.append(f"request: {r.url}")
                if not r.url.startswith(origin) else None)


def csrf(client: Any) -> str:
    """The desk's CSRF token from a TestClient's cookies (set by its first page)."""
    from adjudicator.desk.app import CSRF_COOKIE

    return str(client.cookies.get(CSRF_COOKIE))


def desk_page(browser: Any, base: str, width: int = 1100,
              height: int = 900) -> tuple[Any, Any, list[str]]:
    """A watched page of the desk at ``base`` whose clipboard may be read:
    (context, page, problems)."""
    ctx = browser.new_context(viewport={"width": width, "height": height})
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    page = ctx.new_page()
    problems: list[str] = []
    watch(page, problems, base)
    return ctx, page, problems


@contextmanager
def desk_server(root: Path, port: int) -> Iterator[str]:
    """The desk over ``root`` served by uvicorn on 127.0.0.1:``port`` in a thread, for the
    browser tests: yields its base URL; stopped on exit."""
    import threading
    import time

    import uvicorn

    from adjudicator.desk.app import create_app

    srv = uvicorn.Server(uvicorn.Config(create_app(root), host="127.0.0.1", port=port,
                                        log_level="warning"))
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    deadline = time.monotonic() + 10
    while not srv.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert srv.started, "the desk did not start"
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        th.join(timeout=10)


@contextmanager
def small_disk_at(folder: Path, size: str) -> Iterator[Path]:
    """A tmpfs of ``size`` (``"2m"``) mounted at ``folder/disk`` for the full-disk tests,
    unmounted afterwards; the test is skipped, with the reason, where it cannot be mounted
    (not root, no ``mount``)."""
    import subprocess

    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    if shutil.which("mount") is None:
        pytest.skip("no mount command")
    disk = folder / "disk"
    disk.mkdir()
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(disk)],
                       capture_output=True, text=True)
    if r.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {r.stderr.strip()}")
    try:
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], capture_output=True)


def fill_disk(disk: Path) -> None:
    """Fill ``disk`` to the last byte."""
    for name, size in (("ballast", 65536), ("ballast2", 1)):
        try:
            fd = os.open(disk / name, os.O_WRONLY | os.O_CREAT, 0o644)
        except OSError:
            return  # not even an inode left
        try:
            while True:
                os.write(fd, b"\0" * size)
        except OSError:
            pass
        finally:
            os.close(fd)
