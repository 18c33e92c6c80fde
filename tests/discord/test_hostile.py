"""Issue 46.2: the Discord connector against a hostile API (tests/discord/fake.py's hostile
behaviours, on 127.0.0.1): every rate-limit wait bounded, every page loop bounded and
never fed the same page twice, every request with a timeout, and every unreadable answer,
odd ``--api`` or odd token one Japanese line, never a traceback."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("hikari", reason="the Discord extra is not installed "
                    "(pip install -e '.[discord]')")

from adjudicator.cli.main import main  # noqa: E402
from adjudicator.discord_ import DiscordError, client  # noqa: E402
from tests.discord.fake import Fake  # noqa: E402
from tests.discord.test_discord import GM_UID, START, TOKEN, UID, _fill, _game  # noqa: E402


class Hung(Exception):
    pass


@contextmanager
def within(seconds: int) -> Iterator[None]:
    """A hang (or a loop without end) is a failed test, not a hung suite."""
    def alarm(_sig: int, _frame: Any) -> None:
        raise Hung(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("ADJUDICATOR_DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setattr(client, "MIN_WAIT", 0.05)  # a 429 of 0 s is retried after 50 ms
    return tmp_path


def _pull(fake: Fake, root: Path, capsys: Any, *extra: str,
          phase: str = "night1") -> tuple[int, str, str]:
    with within(60):
        code = main(["discord", "pull", str(root), phase, "--api", fake.api, *extra])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and TOKEN not in out + err
    return code, out, err


def _one_japanese_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert any("\u3040" <= c <= "\u30ff" for c in lines[0]), err
    return lines[0]


def _reads(fake: Fake) -> int:
    return sum(1 for m, path in fake.requests if m == "GET" and path.endswith("/messages"))


BUCKET = {"X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0",
          "X-RateLimit-Reset-After": "100000", "X-RateLimit-Bucket": "hostile",
          "X-RateLimit-Reset": "9999999999"}


@pytest.mark.parametrize("limit, said", [
    ({"retry_after": 100000}, "ごろ"),
    ({"retry_after": 100000, "headers": BUCKET}, "ごろ"),
    ({"retry_after": 100000, "headers": {**BUCKET, "X-RateLimit-Scope": "user"}}, "ごろ"),
    ({"retry_after": 100000, "global": True, "headers": {"X-RateLimit-Global": "true",
                                                         "X-RateLimit-Scope": "global"}}, "ごろ"),
    ({"retry_after": -5}, "読めない"),
    ({"retry_after": -5, "global": True}, "読めない"),
    ({"body": '{"message": "x", "retry_after": NaN, "global": false}'}, "読めない"),
    ({"retry_after": "soon"}, "読めない"),
    ({"retry_after": None}, "読めない"),
    ({"body": "slow down", "headers": {"Content-Type": "text/plain",
                                        "Retry-After": "100000"}}, "ごろ"),
    ({"body": "", "headers": {"Content-Type": "text/plain"}}, "読めない"),
    ({"retry_after": 0, "headers": {**BUCKET, "X-RateLimit-Reset-After": "0",
                                    "X-RateLimit-Scope": "user"}}, "続いた"),
    ({"retry_after": 0, "global": True}, "続いた"),
])
def test_a_rate_limit_never_loops_and_says_when_to_try_again(
        fake: Fake, env: Path, capsys: Any, limit: dict[str, Any], said: str) -> None:
    _fill(fake)
    root = _game(env, "g", fake.channel_id)
    fake.limit_every = limit
    code, _out, err = _pull(fake, root, capsys)
    assert code == 1
    line = _one_japanese_line(err)
    assert "回数制限" in line and "もう一度実行" in line and said in line
    assert _reads(fake) <= client.MAX_IN_A_ROW + 1  # not 130–350 a second, forever
    assert not (root / "logs" / "night1.json").exists()


def test_a_429_with_only_a_retry_after_header_is_waited_out(fake: Fake, env: Path,
                                                            capsys: Any) -> None:
    """No JSON body: still a rate limit (waited, retried), never 「つながりません」."""
    _fill(fake)
    root = _game(env, "g", fake.channel_id)
    fake.limit_every = {"body": "", "headers": {"Content-Type": "text/plain",
                                                "Retry-After": "1"}}
    fake.limit_times = 1
    code, out, err = _pull(fake, root, capsys)
    assert code == 0, err
    assert "回数制限" in out and "つながりません" not in out + err
    assert (root / "logs" / "night1.json").exists()


def _many(fake: Fake, n: int) -> None:
    """A night of ``n`` messages (more than one page of 100)."""
    _fill(fake)
    for k in range(n):
        fake.say(UID["たろう"], START + timedelta(minutes=5, seconds=k % 60), f"{k}", n=k + 100)


@pytest.mark.parametrize("mode, phase", [(["--after", "1"], "night1"),
                                         ([], "day1")])  # back from now: no opener found
def test_a_server_that_answers_the_same_page_is_caught(fake: Fake, env: Path, capsys: Any,
                                                       mode: list[str], phase: str) -> None:
    _many(fake, 150)
    root = _game(env, "g", fake.channel_id)
    fake.same_page = True
    code, _out, err = _pull(fake, root, capsys, *mode, phase=phase)
    assert code == 1
    assert "繰り返し" in _one_japanese_line(err)
    assert _reads(fake) <= 3
    assert not (root / "logs" / f"{phase}.json").exists()


def test_after_has_a_page_limit(fake: Fake, env: Path, capsys: Any,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    from adjudicator.discord_ import pull

    monkeypatch.setattr(pull, "MAX_SCAN", 120)
    _many(fake, 150)
    root = _game(env, "g", fake.channel_id)
    code, _out, err = _pull(fake, root, capsys, "--after", "1")
    assert code == 1 and "--before" in _one_japanese_line(err)


def test_a_server_that_never_answers_times_out(fake: Fake, env: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from adjudicator.discord_.cli import run_pull

    monkeypatch.setattr(client, "REQUEST_TIMEOUT", 0.5)
    _fill(fake)
    root = _game(env, "g", fake.channel_id)
    fake.silent = True
    with within(60), pytest.raises(DiscordError) as e:
        run_pull(root, "night1", fake.channel_id, None, None, fake.api, say=lambda _t: None,
                 max_retries=1)
    assert "答えません" in str(e.value) and "\n" not in str(e.value)
    assert not (root / "logs" / "night1.json").exists()


@pytest.mark.parametrize("broken", ["truncated", "short", "object"])
def test_an_answer_that_cannot_be_read_is_one_line(fake: Fake, env: Path, capsys: Any,
                                                   broken: str) -> None:
    _fill(fake)
    root = _game(env, "g", fake.channel_id)
    fake.broken = broken
    code, _out, err = _pull(fake, root, capsys)
    assert code == 1
    line = _one_japanese_line(err)
    assert "Discord" in line
    assert not (root / "logs" / "night1.json").exists()


@pytest.mark.parametrize("api", ["ftp://127.0.0.1/api", "127.0.0.1:9/api", "http://",
                                 "http://[::1", "http://127.0.0.1:99999/api",
                                 "javascript:alert(1)", "http://exa mple/"])
def test_an_api_that_is_no_http_address_is_one_line(env: Path, capsys: Any, api: str) -> None:
    root = _game(env, "g", "800000000000000002")
    with within(60):
        code = main(["discord", "pull", str(root), "night1", "--api", api])
    out, err = capsys.readouterr()
    assert code == 1 and "Traceback" not in out + err
    assert "http://" in _one_japanese_line(err)


@pytest.mark.parametrize("token", ["test\ntoken", "test token", "test\rtoken", "テスト"])
def test_a_token_with_a_newline_is_one_line_never_shown(fake: Fake, env: Path, capsys: Any,
                                                        monkeypatch: pytest.MonkeyPatch,
                                                        token: str) -> None:
    monkeypatch.setenv("ADJUDICATOR_DISCORD_TOKEN", token)
    root = _game(env, "g", fake.channel_id)
    with within(60):
        code = main(["discord", "pull", str(root), "night1", "--api", fake.api])
    out, err = capsys.readouterr()
    assert code == 1 and "Traceback" not in out + err
    assert "トークン" in _one_japanese_line(err) and token not in err
    assert not fake.requests  # nothing sent with it


def test_send_under_a_long_rate_limit_stops_and_says_what_was_sent(
        fake: Fake, env: Path, capsys: Any) -> None:
    import shutil

    from adjudicator.resources import data_dir

    src = data_dir("samples") / "derby-stock"
    root = env / "s"
    shutil.copytree(src, root)
    with (root / "game.toml").open("a", encoding="utf-8") as f:
        f.write(f'\n[discord]\nchannel = "{fake.channel_id}"\ngm = ["{GM_UID}"]\n')
    _fill(fake)
    fake.limit_every = {"retry_after": 100000, "global": True}
    fake.limit_scope = "all"
    with within(60):
        code = main(["discord", "send", str(root), "day1", "--api", fake.api, "--yes"])
    out, err = capsys.readouterr()
    assert code == 1 and "Traceback" not in out + err
    assert "回数制限" in err and "ごろ" in err
    assert len(fake.requests) <= client.MAX_IN_A_ROW + 2
