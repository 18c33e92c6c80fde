"""Issue 25 (trust, round two), items 3 and 6 to 10: odd ports, odd output paths, odd
files where game.toml and the logs belong, logs/ as a file, and what a killed run or a
full disk leaves behind.  Each case in a temporary folder; the full disk in a small tmpfs
mounted by the test when it runs as root (skipped elsewhere, with the reason)."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator import engine, fsio
from tests.support import fill_disk, small_disk_at
from tests.support.cli import run
from tests.support.derby_stock import ALL_VOTE_SHIN, write_game

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def run_cli(*args: str, timeout: float = 30) -> subprocess.CompletedProcess[str]:
    """The real command line in a child process: a hang is a failed test, not a hung suite."""
    return subprocess.run([sys.executable, "-m", "adjudicator", *args], capture_output=True,
                          text=True, timeout=timeout, cwd=ROOT)


# ------------------------------------------------------------------ 3. serve's port
@pytest.mark.parametrize("port", ["99999", "65536", "-1", "http", "80.5", ""])
def test_a_bad_port_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                     port: str) -> None:
    code, out, err = run(capsys, "serve", str(tmp_path), "--port", port)
    assert code == 2 and out == ""
    assert "ポート番号" in err and "Traceback" not in err


def test_a_port_in_use_is_one_line_naming_it_and_nothing_announced(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen(1)
    port = holder.getsockname()[1]
    try:
        code, out, err = run(capsys, "serve", str(tmp_path), "--port", str(port))
    finally:
        holder.close()
    assert code == 1 and out == ""  # no "adjudicator のデスク：http://…" as if serving
    assert err.count("\n") == 1 and f"127.0.0.1:{port}" in err and "使用中" in err


def test_an_unknown_host_is_a_usage_error(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "serve", str(tmp_path), "--host", "no-such-host.invalid")
    assert code == 2 and out == "" and "no-such-host.invalid" in err


def test_serve_announces_only_once_it_listens(tmp_path: Path) -> None:
    """A real server on a free port: the address printed is the one that answers."""
    proc = subprocess.Popen([sys.executable, "-m", "adjudicator", "serve", str(tmp_path),
                             "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=ROOT)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("adjudicator のデスク：http://127.0.0.1:"), line
        port = int(line.split("127.0.0.1:")[1].split("/")[0])
        assert port > 0
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            s.sendall(b"GET / HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
            assert s.recv(100).startswith(b"HTTP/1.1 200")
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    assert "Traceback" not in (proc.stderr.read() if proc.stderr else "")


# ------------------------------------------------------------------ 6. report -o
def _odd_outputs(tmp_path: Path) -> dict[str, Path]:
    target = tmp_path / "precious.txt"
    target.write_text("keep me", "utf-8")
    link = tmp_path / "link.html"
    link.symlink_to(target)
    dangling = tmp_path / "dangling.html"
    dangling.symlink_to(tmp_path / "nowhere.html")
    fifo = tmp_path / "fifo.html"
    os.mkfifo(fifo)
    return {"link": link, "dangling": dangling, "fifo": fifo,
            "missing-folder": tmp_path / "no" / "such" / "r.html"}


@pytest.mark.parametrize("kind", ["link", "dangling", "fifo", "missing-folder", "device"])
def test_report_refuses_anything_but_a_regular_or_new_file(
        game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    if kind == "device":
        out_path = Path("/dev/null")
        before = os.stat(out_path)
    else:
        out_path = _odd_outputs(tmp_path)[kind]
        before = os.lstat(out_path) if out_path.is_symlink() or out_path.exists() else None
    code, out, err = run(capsys, "report", str(game), "--gm", "-o", str(out_path))
    assert code == 1 and out == "" and err.count("\n") == 1 and str(out_path) in err
    if kind == "device":
        after = os.stat(out_path)
        assert (after.st_mode, after.st_rdev, after.st_ino) == (
            before.st_mode, before.st_rdev, before.st_ino)
    elif kind == "missing-folder":
        assert not (tmp_path / "no").exists()  # no folder made
    else:
        assert before is not None
        after = os.lstat(out_path)
        assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)
    if kind != "device":
        assert (tmp_path / "precious.txt").read_text("utf-8") == "keep me"


def test_report_writes_a_regular_file_or_a_new_one(game: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    old = tmp_path / "old.html"
    old.write_text("old", "utf-8")
    # a file that is no earlier report is replaced only with --force (issue 46.1)
    assert run(capsys, "report", str(game), "--gm", "-o", str(old))[0] == 1
    assert old.read_text("utf-8") == "old"
    for target, force in ((old, ["--force"]), (tmp_path / "new.html", []), (old, [])):
        code, out, _err = run(capsys, "report", str(game), "--gm", "-o", str(target), *force)
        assert code == 0 and str(target) in out
        assert target.read_text("utf-8").startswith("<!DOCTYPE html>")


def test_report_refuses_a_linked_default_output(game: Path, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("keep me", "utf-8")
    (game / "report.html").symlink_to(elsewhere)
    code, _out, err = run(capsys, "report", str(game), "--gm")
    assert code == 1 and "リンク" in err
    assert (game / "report.html").is_symlink() and elsewhere.read_text("utf-8") == "keep me"


# ------------------------------------------------------------------ 7. capped, regular only
@pytest.mark.parametrize("kind", ["zero", "fifo", "urandom"])
def test_a_game_toml_that_is_not_a_regular_file_is_refused_at_once(
        tmp_path: Path, kind: str) -> None:
    g = write_game(tmp_path / "g", {"day1": ALL_VOTE_SHIN})
    toml = g / "game.toml"
    toml.unlink()
    if kind == "fifo":
        os.mkfifo(toml)
    else:
        toml.symlink_to(f"/dev/{kind}")
    started = time.perf_counter()
    for argv in (["resolve", str(g)], ["explain", str(g)], ["report", str(g), "--gm"],
                 ["check", str(g), "投票@たろう"]):
        r = run_cli(*argv)
        assert r.returncode == 1, (argv, r.stderr)
        assert "Traceback" not in r.stderr and "game.toml" in r.stderr
        assert "普通のファイルではありません" in r.stderr
    assert time.perf_counter() - started < 60


def test_a_huge_game_toml_is_refused_unread(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    g = write_game(tmp_path / "g", {"day1": ALL_VOTE_SHIN})
    import adjudicator.config.load as config

    monkeypatch.setattr(config, "MAX_CONFIG_BYTES", 100)
    code, _out, err = run(capsys, "resolve", str(g), "--no-write")
    assert code == 1 and "大きすぎます" in err


@pytest.mark.parametrize("kind", ["zero", "fifo"])
def test_a_log_that_is_not_a_regular_file_is_refused_and_the_rest_resolves(
        tmp_path: Path, kind: str) -> None:
    g = write_game(tmp_path / "g", {"day1": ALL_VOTE_SHIN})
    night = g / "logs" / "night1.txt"
    if kind == "fifo":
        os.mkfifo(night)
    else:
        night.symlink_to("/dev/zero")
    for argv in (["resolve", str(g), "--no-write"], ["add", str(g), "--history"],
                 ["read", str(night)], ["add", str(g), "night1", str(night)]):
        r = run_cli(*argv)
        assert r.returncode in (0, 1, 2) and "Traceback" not in r.stderr, (argv, r.stderr)
        if argv[0] in ("read", "add") and len(argv) == 4 or argv[0] == "read":
            assert r.returncode == 2 and "普通のファイルではありません" in r.stderr + r.stdout, (argv, r.stderr)
    r = run_cli("resolve", str(g), "--no-write")
    assert r.returncode == 1 and "night1.txt" in r.stderr and "=== 1日目 昼" in r.stdout


def test_a_log_read_is_capped_even_when_it_grew_after_the_scan(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    g = write_game(tmp_path / "g", {"day1": ALL_VOTE_SHIN, "night1": "たろう: 噛み@なお"})
    monkeypatch.setattr(engine, "MAX_LOG_BYTES", 200)
    code, _out, err = run(capsys, "resolve", str(g), "--no-write")
    assert code == 1 and "1日目昼のログ" in err and "大きすぎます" in err


def test_read_capped_checks_what_it_opened(tmp_path: Path) -> None:
    f = tmp_path / "f"
    f.write_bytes(b"x" * 10)
    assert fsio.read_capped(f, 10) == b"x" * 10
    with pytest.raises(fsio.TooLarge):
        fsio.read_capped(f, 9)
    with pytest.raises(IsADirectoryError):
        fsio.read_capped(tmp_path, 10)
    with pytest.raises(fsio.NotRegularFile):
        fsio.read_capped("/dev/zero", 10)
    fifo = tmp_path / "p"
    os.mkfifo(fifo)
    with pytest.raises(fsio.NotRegularFile):  # returns at once: no writer is waited for
        fsio.read_capped(fifo, 10)


# ------------------------------------------------------------------ 8. links out, for logs
def test_a_log_linking_out_of_the_game_folder_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g = write_game(tmp_path / "g", {"day1": ALL_VOTE_SHIN})
    secret = tmp_path / "secret.txt"
    secret.write_text("たろう: 噛み@なお\nTOP-SECRET-LINE\n", "utf-8")
    (g / "logs" / "night1.txt").symlink_to(secret)
    code, out, err = run(capsys, "resolve", str(g), "--no-write")
    assert code == 1 and "night1.txt" in err and "外を指すリンク" in err
    assert "TOP-SECRET" not in out + err
    code, out, err = run(capsys, "explain", str(g), "--gm")
    assert "TOP-SECRET" not in out + err
    code, out, err = run(capsys, "report", str(g), "--gm", "-o", str(tmp_path / "r.html"))
    assert "TOP-SECRET" not in (tmp_path / "r.html").read_text("utf-8")


def test_a_log_linking_inside_the_game_folder_is_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g = write_game(tmp_path / "g", {"day1": ALL_VOTE_SHIN})
    (g / "saved").mkdir()
    (g / "saved" / "n1.txt").write_text("たろう: 噛み@なお\n", "utf-8")
    (g / "logs" / "night1.txt").symlink_to(g / "saved" / "n1.txt")
    code, out, _err = run(capsys, "resolve", str(g), "--no-write")
    assert code == 0 and "=== 1日目 夜" in out


def test_the_desk_shows_no_log_that_links_out(tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from adjudicator.desk.app import create_app

    root = tmp_path / "games"
    g = write_game(root / "g", {"day1": ALL_VOTE_SHIN})
    (g / "logs" / "night1.txt").symlink_to("/etc/passwd")
    secret = Path("/etc/passwd").read_text("utf-8", "replace").splitlines()[0]
    c = TestClient(create_app(root, hosts=("testserver",)))
    for url in ("/g/g", "/g/g/report", "/g/g/explain?gm=1", "/g/g/explain?gm=1&phase=night1",
                "/g/g/check?line=x"):
        r = c.get(url)
        assert r.status_code in (200, 404, 422), url
        assert secret not in r.text, url
        assert "root:" not in r.text, url


# ------------------------------------------------------------------ 9. logs/ is a file
def test_logs_as_a_file_is_an_error_not_no_logs_yet(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    g = write_game(tmp_path / "g", {})
    shutil.rmtree(g / "logs")
    (g / "logs").write_text("たろう: 投票@しん\n", "utf-8")
    code, out, err = run(capsys, "resolve", str(g))
    assert code == 1
    assert "no logs yet" not in out and "logs" in err and "フォルダではなくファイル" in err
    assert (g / "logs").read_text("utf-8") == "たろう: 投票@しん\n"  # left as it was


def test_logs_missing_is_still_no_logs_yet(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    g = write_game(tmp_path / "g", {})
    shutil.rmtree(g / "logs")
    code, out, _err = run(capsys, "resolve", str(g), "--no-write")
    assert code == 0 and "まだログがありません" in out


# ------------------------------------------------------------------ 10. leftovers
HALF_BUILT = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from adjudicator.fsio import swap_folder

    def fill(tmp):
        (tmp / "game.json").write_text("{}")
        Path(sys.argv[2]).write_text(str(tmp))  # tell the test where it is building
        time.sleep(60)

    swap_folder(Path(sys.argv[1]), fill)
""")


def _start_half_built(out: Path, ready: Path) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([sys.executable, "-c", HALF_BUILT, str(out), str(ready)],
                            cwd=ROOT)
    for _ in range(300):
        if ready.exists() and ready.read_text():
            return proc
        time.sleep(0.05)
    proc.kill()
    raise AssertionError("the child never started building")


def test_a_run_killed_mid_build_leaves_a_folder_the_next_run_removes(
        game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = game / "out"
    assert run(capsys, "resolve", str(game))[0] == 0
    good = (out / "game.json").read_bytes()
    killed = _start_half_built(out, tmp_path / "ready-1")
    left = Path((tmp_path / "ready-1").read_text())
    killed.send_signal(signal.SIGKILL)
    killed.wait()
    assert left.is_dir() and f".out.new-{killed.pid}@" in left.name  # what kill -9 leaves
    assert (out / "game.json").read_bytes() == good  # out/ itself is the old version
    live = _start_half_built(out, tmp_path / "ready-2")  # another run, still building
    building = Path((tmp_path / "ready-2").read_text())
    try:
        assert run(capsys, "resolve", str(game))[0] == 0
        assert not left.exists()  # the dead run's folder is gone
        assert building.is_dir()  # the live run's folder is not touched
    finally:
        live.kill()
        live.wait()
    assert run(capsys, "resolve", str(game))[0] == 0
    assert not building.exists()
    assert sorted(p.name for p in game.iterdir()) == ["game.toml", "logs", "out"]


def test_clean_stale_touches_only_its_own_pattern(tmp_path: Path) -> None:
    dest = tmp_path / "out"
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    host = fsio._host()
    mine = [tmp_path / f".out.new-{dead.pid}@{host}-abc",
            tmp_path / f".out.old-{dead.pid}@{host}-0"]
    others = [tmp_path / f".report.new-{dead.pid}@{host}-abc",  # another folder's
              tmp_path / ".out.new-abc",  # no pid: cannot tell whose, left alone
              tmp_path / f".out.new-{dead.pid}@other-computer-abc",  # its pid means nothing here
              tmp_path / f".out.new-{os.getpid()}@{host}-x"]  # this very process: in use
    for p in mine + others:
        p.mkdir()
    as_file = tmp_path / f".out.new-{dead.pid}@{host}-file"
    as_file.write_text("a file, not ours")
    removed = fsio.clean_stale(dest)
    assert sorted(removed) == sorted(mine)
    assert all(p.exists() for p in [*others, as_file])


# ------------------------------------------------------------------ 10. a full disk
@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 2 MB tmpfs at tmp_path/disk (root only), unmounted afterwards."""
    with small_disk_at(tmp_path, "2m") as disk:
        yield disk


def test_a_full_disk_during_add_names_the_path_and_keeps_no_empty_version(
        small_disk: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    g = write_game(small_disk / "g", {"day1": ALL_VOTE_SHIN, "night1": "たろう: 噛み@なお"})
    night = g / "logs" / "night1.txt"
    first = night.read_bytes()
    fill_disk(small_disk)
    code, out, err = run(capsys, "add", str(g), "night1", "-",
                         stdin="たろう: 噛み@めい\n".encode() * 200, monkeypatch=monkeypatch)
    assert code == 1 and err.count("\n") == 1
    assert str(g / "logs") in err and "ディスクの空き容量が足りません" in err  # names the path
    assert night.read_bytes() == first  # the stored log is the old one, whole
    history = g / "logs" / ".history"
    assert not history.exists() or all(p.stat().st_size > 0 for p in history.iterdir())
    code, out, _err = run(capsys, "add", str(g), "--history")
    assert code == 0 and " 0 B" not in out
    for p in small_disk.glob("ballast*"):
        p.unlink()
    code, out, _err = run(capsys, "add", str(g), "night1", "-",
                          stdin="たろう: 噛み@めい\n".encode(), monkeypatch=monkeypatch)
    assert code == 0 and (history / "night1.txt.1").read_bytes() == first


def test_a_full_disk_during_resolve_names_out_and_keeps_the_last_good_one(
        small_disk: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g = write_game(small_disk / "g", {"day1": ALL_VOTE_SHIN, "night1": "たろう: 噛み@なお"})
    assert run(capsys, "resolve", str(g))[0] == 0
    good = (g / "out" / "game.json").read_bytes()
    with (g / "logs" / "day1.txt").open("a", encoding="utf-8") as f:  # a change: there
        f.write("\nたろう: おやすみ\n")  # are outputs to write (an unchanged run writes none)
    fill_disk(small_disk)
    code, _out, err = run(capsys, "resolve", str(g))
    assert code == 1 and "ディスクの空き容量が足りません" in err and str(g) in err
    assert (g / "out" / "game.json").read_bytes() == good
    assert sorted(p.name for p in g.iterdir()) == ["game.toml", "logs", "out"]


def test_an_empty_history_file_is_not_listed(game: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    history = game / "logs" / ".history"
    history.mkdir()
    (history / "night1.txt.1").write_bytes(b"")  # what an older version left on a full disk
    (history / "night1.txt.2").write_text("たろう: 噛み@めい\n", "utf-8")
    code, out, _err = run(capsys, "add", str(game), "--history")
    assert code == 0 and "第2版" in out and "第1版" not in out
