"""The Discord connector stays optional: without hikari the core imports, runs and says
which pip command installs the extra; only the command line and the desk's route module
know the connector's package."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.cli.main import main
from adjudicator.config.load import load_config
from adjudicator.errors import ConfigError
from adjudicator.resources import data_dir

PKG = Path(__file__).resolve().parents[2] / "adjudicator"
ALLOWED = {"cli/main.py", "desk/discord_routes.py"}


def _game(tmp: Path, extra: str = "") -> Path:
    root = tmp / "g"
    (root / "logs").mkdir(parents=True)
    sample = data_dir("samples") / "derby-stock"
    toml = (sample / "game.toml").read_text(encoding="utf-8") + extra
    (root / "game.toml").write_text(toml, encoding="utf-8")
    shutil.copy(sample / "logs" / "day1.txt", root / "logs" / "day1.txt")
    return root


def test_without_the_extra_the_command_names_the_pip_command(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "hikari", None)  # `import hikari` fails
    root = _game(tmp_path)
    assert main(["discord", "pull", str(root), "night1", "--channel", "123"]) == 1
    err = capsys.readouterr().err
    assert "pip install 'adjudicator[discord]'" in err and "Traceback" not in err
    assert not (root / "logs" / "night1.json").exists()


def test_without_the_extra_the_bot_names_the_pip_command(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "hikari", None)  # `import hikari` fails
    root = _game(tmp_path, '\n[discord]\nchannel = "123"\ngm = ["456"]\n')
    assert main(["bot", str(root)]) == 1
    err = capsys.readouterr().err
    assert "pip install 'adjudicator[discord]'" in err and "Traceback" not in err
    assert not (root / "discord").exists()


def test_the_core_does_not_load_the_discord_library() -> None:
    code = ("import sys, adjudicator.cli.main, adjudicator.desk.app, adjudicator.engine\n"
            "adjudicator.cli.main.build_parser()\n"
            "bad = [m for m in ('hikari', 'aiohttp') if m in sys.modules]\n"
            "assert not bad, bad\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_only_the_cli_and_the_desk_route_module_import_the_connector() -> None:
    for path in PKG.rglob("*.py"):
        rel = path.relative_to(PKG).as_posix()
        if rel.startswith("discord_/") or rel in ALLOWED:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""] + [a.name for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            assert not any("discord_" in n.split(".") or n.startswith("hikari") for n in names), rel


def test_game_toml_takes_discord_keys(tmp_path: Path) -> None:
    root = _game(tmp_path, '\n[discord]\nchannel = "123456789012345678"\ngm = ["gm_user"]\n')
    toml = (root / "game.toml").read_text(encoding="utf-8")
    (root / "game.toml").write_text(toml.replace('name = "たろう"\n',
                                                 'name = "たろう"\ndiscord = "taro"\n', 1),
                                    encoding="utf-8")
    cfg = load_config(root / "game.toml")
    assert cfg.discord is not None and cfg.discord.channel == "123456789012345678"
    assert cfg.players[0].discord == "taro"
    (root / "game.toml").write_text(toml.replace('"123456789012345678"', '"general"'),
                                    encoding="utf-8")
    with pytest.raises(ConfigError, match="discord.channel"):
        load_config(root / "game.toml")


def test_send_preview_needs_no_token_and_sends_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("ADJUDICATOR_DISCORD_TOKEN", raising=False)
    monkeypatch.setitem(sys.modules, "hikari", None)
    root = _game(tmp_path, '\n[discord]\nchannel = "123"\n')
    assert main(["discord", "send", str(root), "day1"]) == 0
    out = capsys.readouterr().out
    assert "公開投稿" in out and "--yes" in out
    assert not (root / "discord").exists()


def test_the_desk_without_the_extra_says_whom_to_ask(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 41: no button, and no command to type (the GM of a desk may never have used
    a terminal): what to ask whoever installed the desk, on the page and from the route."""
    from starlette.testclient import TestClient

    from adjudicator.desk.app import CSRF_COOKIE, create_app

    monkeypatch.setitem(sys.modules, "hikari", None)
    _game(tmp_path, '\n[discord]\nchannel = "123"\n')
    c = TestClient(create_app(tmp_path, hosts=("testserver",)))
    page = c.get("/g/g").text
    assert "Discordから取り込む" not in page and "デスクを入れた人" in page
    r = c.post("/g/g/discord/pull", data={"csrf": c.cookies.get(CSRF_COOKIE),
                                          "phase": "night1"})
    assert r.status_code == 503 and "デスクを入れた人" in r.text and "pip" not in r.text
