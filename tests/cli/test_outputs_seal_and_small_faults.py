"""Issue 46 (trust, round three), points 1 and 4 to 6: no output over a game's input,
the seal over everything that decides an outcome, 代役 names, and the smaller faults
(variant as a list, a killed `add`, archive integers, `serve --host`, links out of
logs/, a linked game.toml, FIFOs, a bad or unplayable [setup]).  The Discord connector
under a hostile API (point 2) is tests/discord/test_hostile.py."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests.support.cli import run
from tests.support.derby_stock import ALL_VOTE_SHIN, write_game


def _tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and not p.is_symlink()}


# ------------------------------------------------------------------ 1. no input overwritten
@pytest.mark.parametrize("target", ["game.toml", "logs/night1.txt", "logs/new.html",
                                    "logs/.history/x.html", "deal/seal.txt",
                                    "scenario.toml", "../g/logs/day1.txt"])
def test_report_never_writes_over_a_games_input(game: Path, capsys: pytest.CaptureFixture[str],
                                               target: str) -> None:
    (game / "logs" / ".history").mkdir()
    (game / "deal").mkdir()
    (game / "deal" / "seal.txt").write_text("配役の封印：x\n", encoding="utf-8")
    before = _tree(game)
    for force in ([], ["--force"]):
        code, out, err = run(capsys, "report", str(game), "--gm", "-o", str(game / target), *force)
        assert code == 1 and out == ""
        assert "上書きしない" in err or "書きませんでした" in err
        assert _tree(game) == before


def test_report_into_another_games_logs_is_refused(game: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    other = write_game(tmp_path / "other", {"day1": ALL_VOTE_SHIN})
    code, _out, err = run(capsys, "report", str(game), "--gm", "-o",
                          str(other / "logs" / "day1.txt"))
    assert code == 1 and "ログのフォルダ" in err
    assert (other / "logs" / "day1.txt").read_text(encoding="utf-8").startswith("たろう")


def test_a_linked_logs_folder_is_seen_through(game: Path, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "via").symlink_to(game / "logs")
    code, _out, err = run(capsys, "report", str(game), "--gm", "-o", str(tmp_path / "via" / "x.html"))
    assert code == 1 and "ログのフォルダ" in err
    assert not (game / "logs" / "x.html").exists()


def test_an_existing_file_that_is_no_report_needs_force(game: Path, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("大事なメモ\n", encoding="utf-8")
    code, _out, err = run(capsys, "report", str(game), "--gm", "-o", str(notes))
    assert code == 1 and "--force" in err
    assert notes.read_text(encoding="utf-8") == "大事なメモ\n"
    code, _out, _err = run(capsys, "report", str(game), "--gm", "-o", str(notes), "--force")
    assert code == 0 and notes.read_bytes().startswith(b"<!DOCTYPE html>")


def test_an_earlier_report_is_replaced_without_force(game: Path, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.html"
    assert run(capsys, "report", str(game), "--gm", "-o", str(out))[0] == 0
    first = out.read_bytes()
    out.write_bytes(first.replace(b"</body>", b"<!-- edited --></body>"))
    assert run(capsys, "report", str(game), "--gm", "-o", str(out))[0] == 0
    assert out.read_bytes() == first
    assert run(capsys, "report", str(game), "--gm")[0] == 0  # the default GAME/report.html
    assert run(capsys, "report", str(game), "--gm")[0] == 0


def test_archive_export_never_into_a_games_logs(game: Path, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "a.sqlite"
    done = write_game(tmp_path / "done", {"day1": ALL_VOTE_SHIN})
    code, _o, err = run(capsys, "archive", "add", "--db", str(db), str(done), "-q")
    assert code == 0, err
    code, out, err = run(capsys, "archive", "export", "--db", str(db), "1",
                         str(game / "logs" / "restored"))
    assert code == 1 and "ログのフォルダ" in err
    assert not (game / "logs" / "restored").exists()


# ------------------------------------------------------------------ 4. the seal covers the draw
def _dealt(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, str]:
    root = write_game(tmp_path / "d", {})
    text = (root / "game.toml").read_text(encoding="utf-8")
    (root / "game.toml").write_text("\n".join(line for line in text.splitlines()
                                              if not line.startswith("role = ")) + "\n",
                                    encoding="utf-8")
    code, out, err = run(capsys, "deal", str(root), "--seed", "5", "--json")
    assert code == 0, err
    import json

    digest = json.loads(out)["digest"]
    assert run(capsys, "verify", str(root), "--digest", digest)[0] == 0
    return root, digest


@pytest.mark.parametrize("old, new, said", [
    ("seed = 1\n", "seed = 2\n", "種"),
    ('gender = "male"\n', 'gender = "female"\n', "性別"),
    ("[options]\n", '[options]\ntie = "none"\n', "オプション"),
])
def test_changing_what_decides_an_outcome_breaks_the_seal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str,
        said: str) -> None:
    root, digest = _dealt(tmp_path, capsys)
    path = root / "game.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    code, _out, err = run(capsys, "verify", str(root), "--digest", digest)
    assert code == 1 and "一致しません" in err
    assert said in err  # deal/dealt.json says what changed


def test_what_decides_nothing_keeps_the_seal(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """An alias, a Discord account or a 代役 added during the game leave the seal whole."""
    root, digest = _dealt(tmp_path, capsys)
    path = root / "game.toml"
    text = path.read_text(encoding="utf-8").replace(
        'name = "たろう"\n', 'name = "たろう"\naliases = ["たろちゃん"]\ndiscord = "123"\n', 1)
    text = text.replace('gm = ["GM"]', 'gm = ["GM", "ゲームマスター"]')
    text += '\n[[replacements]]\nphase = "day2"\nold = "はなこ"\nnew = "ゆきこ"\n'
    path.write_text(text, encoding="utf-8")
    assert run(capsys, "verify", str(root), "--digest", digest)[0] == 0


@pytest.mark.parametrize("digest", ["", " ", "xyz", "0" * 63, "g" * 64])
def test_an_empty_or_malformed_digest_is_a_usage_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], digest: str) -> None:
    root, _digest = _dealt(tmp_path, capsys)
    code, out, err = run(capsys, "verify", str(root), "--digest", digest)
    assert code == 2 and out == "" and "封印の値" in err


# ------------------------------------------------------------------ 5. 代役 names
def _swap_game(tmp_path: Path, day2: str, toml: str = "") -> object:
    from adjudicator.engine import resolve_game

    root = write_game(tmp_path / "r", {"day1": ALL_VOTE_SHIN, "night1": "たろう: 噛み@なお",
                                       "day2": day2})
    if toml:
        with (root / "game.toml").open("a", encoding="utf-8") as f:
            f.write(toml)
    return resolve_game(root)


def _day2(game: object) -> object:
    return next(p for p in game.phases if p.id == "day2")  # type: ignore[attr-defined]


@pytest.mark.parametrize("line, why", [
    ("GM: 交代@はなこ→ゆ\u200bきこ", "見えない文字"),
    ("GM: 交代@はなこ→ゆきこ\u202e", "見えない文字"),
    ("GM: 交代@はなこ→はなこ", "同じ人"),
    ("GM: 交代@はなこ→はなこさん", "同じ人"),
    ("GM: 交代@しん→ゆきこ", "死亡"),  # しん was executed on day 1
    ("GM: 交代@なお→ゆきこ", "死亡"),  # なお was bitten on night 1
])
def test_a_bad_replacement_line_is_refused_with_its_reason(tmp_path: Path, line: str,
                                                           why: str) -> None:
    day2 = _day2(_swap_game(tmp_path, line + "\nたろう: 投票@はなこ"))
    rec = next(r for r in day2.lines if "交代@" in r.text)  # type: ignore[attr-defined]
    assert rec.disposition == "rejected" and why in (rec.reason or "")
    assert not any(e.kind == "replacement" for e in day2.events)  # type: ignore[attr-defined]


def test_a_second_seat_for_the_same_newcomer_is_refused_not_dropped(tmp_path: Path) -> None:
    day2 = _day2(_swap_game(tmp_path, "GM: 交代@はなこ→ゆきこ\nGM: 交代@りく→ゆきこ"))
    recs = [r for r in day2.lines if "交代@" in r.text]  # type: ignore[attr-defined]
    assert recs[0].disposition == "gm"
    assert recs[1].disposition == "rejected" and "はなこさんの席の代役" in (recs[1].reason or "")
    swaps = [e for e in day2.events if e.kind == "replacement"]  # type: ignore[attr-defined]
    assert [(e.player, e.target) for e in swaps] == [("はなこ", "ゆきこ")]


@pytest.mark.parametrize("old, new, why", [
    ("はなこ", "ゆ\u200dきこ", "見えない文字"),
    ("はなこ", "はなこ", "同じ人"),
    ("しん", "ゆきこ", "死亡"),
])
def test_a_bad_replacement_in_game_toml_is_an_error(tmp_path: Path, old: str, new: str,
                                                    why: str) -> None:
    toml = f'\n[[replacements]]\nphase = "day2"\nold = "{old}"\nnew = "{new}"\n'
    day2 = _day2(_swap_game(tmp_path, "たろう: 投票@はなこ", toml))
    assert any(d.code == "bad_replacement" and why in d.reason_ja  # type: ignore[attr-defined]
               for d in day2.diagnostics)  # type: ignore[attr-defined]
    assert not any(e.kind == "replacement" for e in day2.events)  # type: ignore[attr-defined]


def test_two_seats_for_one_newcomer_in_game_toml_is_an_error(tmp_path: Path) -> None:
    toml = ('\n[[replacements]]\nphase = "day2"\nold = "はなこ"\nnew = "ゆきこ"\n'
            '\n[[replacements]]\nphase = "day2"\nold = "りく"\nnew = "ゆきこ"\n')
    day2 = _day2(_swap_game(tmp_path, "たろう: 投票@はなこ", toml))
    assert any(d.code == "bad_replacement" and "はなこさんの席の代役" in d.reason_ja  # type: ignore[attr-defined]
               for d in day2.diagnostics)  # type: ignore[attr-defined]


# ------------------------------------------------------------------ 6. smaller faults
class Killed(BaseException):
    """A run killed at this point: nothing after it runs (no finally of ours catches it
    into a clean-up, as kill -9 would not either)."""


SUFFIXES = (".txt", ".csv", ".json", ".log")


def _kill_at(monkeypatch: pytest.MonkeyPatch, name: str, when: object = None) -> None:
    from adjudicator import fsio

    real = getattr(fsio, name)

    def dying(*a: object, **k: object) -> object:
        if when is None or when(*a):  # type: ignore[operator]
            raise Killed
        return real(*a, **k)

    monkeypatch.setattr(fsio, name, dying)


def test_add_killed_after_the_log_before_its_note(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from adjudicator import engine, fsio

    root = write_game(tmp_path / "k", {})
    logs = root / "logs"
    fsio.store_log(logs, "night1", ".txt", "たろう: 噛み@なお\n".encode(), SUFFIXES, fmt="plain")
    with monkeypatch.context() as m:
        _kill_at(m, "_finish")
        with pytest.raises(Killed):
            fsio.store_log(logs, "night1", ".txt", b"[22:00] x: y\n", SUFFIXES, fmt=None)
    engine.scan_logs(root)  # what resolve does first
    assert (logs / "night1.txt").read_bytes() == b"[22:00] x: y\n"
    assert fsio.remembered_format(logs / "night1.txt") is None  # the new log's, not "plain"
    assert not list(logs.glob(".*.store"))


def test_add_killed_before_the_log_keeps_the_old_log_and_note(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from adjudicator import engine, fsio

    root = write_game(tmp_path / "k", {})
    logs = root / "logs"
    fsio.store_log(logs, "night1", ".txt", "たろう: 噛み@なお\n".encode(), SUFFIXES, fmt="plain")
    with monkeypatch.context() as m:
        _kill_at(m, "write_atomic", lambda path, *a: Path(path).name == "night1.txt")
        with pytest.raises(Killed):
            fsio.store_log(logs, "night1", ".txt", b"[22:00] x: y\n", SUFFIXES, fmt="line-pc")
    engine.scan_logs(root)
    assert (logs / "night1.txt").read_text(encoding="utf-8") == "たろう: 噛み@なお\n"
    assert fsio.remembered_format(logs / "night1.txt") == "plain"
    assert not list(logs.glob(".*.store"))


def test_add_killed_between_the_json_and_removing_the_txt(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from adjudicator import engine, fsio

    root = write_game(tmp_path / "k", {"day1": ALL_VOTE_SHIN, "night1": "たろう: 噛み@なお"})
    logs = root / "logs"
    with monkeypatch.context() as m:
        m.setattr(Path, "unlink", lambda self, missing_ok=False: (_ for _ in ()).throw(Killed())
                  if self.name == "night1.txt" else os.unlink(self))
        with pytest.raises(Killed):
            fsio.store_log(logs, "night1", ".json", b'{"messages": []}', SUFFIXES)
    assert (logs / "night1.txt").exists() and (logs / "night1.json").exists()
    found, broken, problems = engine.scan_logs(root)
    assert found["night1"].name == "night1.json" and not broken and not problems
    assert not (logs / "night1.txt").exists()
    assert [h[0] for h in fsio.history(logs, "night1")] == ["night1.txt"]  # kept, not lost


def test_a_half_written_journal_is_dropped(tmp_path: Path) -> None:
    from adjudicator import engine

    root = write_game(tmp_path / "k", {"day1": ALL_VOTE_SHIN})
    (root / "logs" / ".day1.store").write_bytes(b'{"log": "day1.tx')
    found, _broken, problems = engine.scan_logs(root)
    assert "day1" in found and not problems
    assert not (root / "logs" / ".day1.store").exists()


@pytest.mark.parametrize("which", ["logs", "logs/.history"])
def test_a_logs_folder_linking_out_is_never_written_through(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        which: str) -> None:
    root = write_game(tmp_path / "g", {"day1": ALL_VOTE_SHIN})
    outside = tmp_path / "outside"
    outside.mkdir()
    if which == "logs":
        for p in (root / "logs").iterdir():
            p.rename(outside / p.name)
        (root / "logs").rmdir()
    (root / which).symlink_to(outside)
    before = sorted(p.name for p in outside.iterdir())
    code, out, err = run(capsys, "add", str(root), "day1", "-", stdin="たろう: 投票@しん\n".encode(),
                         monkeypatch=monkeypatch)
    assert code == 1 and "外を指すリンク" in err
    assert sorted(p.name for p in outside.iterdir()) == before


def _undealt(tmp_path: Path, name: str = "u", roster_roles: bool = False) -> Path:
    root = write_game(tmp_path / name, {})
    text = (root / "game.toml").read_text(encoding="utf-8")
    if not roster_roles:
        text = "\n".join(x for x in text.splitlines() if not x.startswith("role = ")) + "\n"
    (root / "game.toml").write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize("variant", ['["derby-stock"]', '{ name = "derby-stock" }', "7"])
def test_a_variant_that_is_no_word_is_a_problem_not_a_crash(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], variant: str) -> None:
    root = _undealt(tmp_path)
    path = root / "game.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('"derby-stock"', variant, 1),
                    encoding="utf-8")
    before = path.read_bytes()
    for cmd in (["deal", str(root)], ["resolve", str(root), "--no-write"], ["verify", str(root)]):
        code, _out, err = run(capsys, *cmd)
        assert code in (1, 2) and err.strip(), cmd
    assert path.read_bytes() == before


def test_the_desks_deal_page_with_a_variant_list_is_no_500(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from adjudicator.desk.app import CSRF_COOKIE, create_app

    folder = tmp_path / "games"
    root = _undealt(folder, "new")
    path = root / "game.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('"derby-stock"', '["derby-stock"]', 1),
                    encoding="utf-8")
    c = TestClient(create_app(folder, hosts=("testserver",)), raise_server_exceptions=False)
    c.get("/")
    for r in (c.get("/g/new/seal"),
              c.post("/g/new/deal", data={"csrf": c.cookies[CSRF_COOKIE], "seed": "5"})):
        assert r.status_code < 500, r.text[:300]
        assert "予期しないエラー" not in r.text


@pytest.mark.parametrize("setup, said", [
    ('"人狼" = 12', "村人陣営"),
    ('"人狼" = 11\n"狂人" = 1', "村人陣営"),
    ('"人狼" = 6\n"村人" = 6', "人狼がそれ以外の人数以上"),
    ('"人狼" = 5\n"狂人" = 2\n"村人" = 5', None),  # 5 wolves against 7: playable
    ('"人狼" = 2\n"村人" = 5', "合計"),  # counts that do not add up: game.toml's problem
    ('"騎士" = 12', "役職ではありません"),
])
def test_a_bad_or_unplayable_setup_is_games_problem(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str],
                                                   setup: str, said: str | None) -> None:
    root = _undealt(tmp_path)
    with (root / "game.toml").open("a", encoding="utf-8") as f:
        f.write(f"\n[setup]\n{setup}\n")
    code, _out, err = run(capsys, "deal", str(root), "--seed", "1")
    if said is None:
        assert code == 0, err
        return
    assert code == 1 and said in err  # exit 1: game.toml to fix, not a usage error
    assert "[seal]" not in (root / "game.toml").read_text(encoding="utf-8")


def test_an_all_wolf_roster_is_refused_by_resolve(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    root = write_game(tmp_path / "w", {"day1": ALL_VOTE_SHIN},
                      roster=[(f"p{i}", "male", "人狼") for i in range(12)])
    code, _out, err = run(capsys, "resolve", str(root), "--no-write")
    assert code == 1 and "村人陣営" in err


def test_deal_never_replaces_a_linked_game_toml(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    src = _undealt(tmp_path, "src")
    root = tmp_path / "linked"
    (root / "logs").mkdir(parents=True)
    (root / "game.toml").symlink_to(src / "game.toml")
    before = (src / "game.toml").read_bytes()
    code, _out, err = run(capsys, "deal", str(root))
    assert code == 1 and "リンク" in err
    assert (root / "game.toml").is_symlink() and (src / "game.toml").read_bytes() == before


@pytest.mark.parametrize("cmd", [["status", "{g}", "day1"], ["deal", "{g}"], ["verify", "{g}"],
                                 ["guide", "{g}"], ["resolve", "{g}"],
                                 ["archive", "add", "--db", "{db}", "{g}"]])
def test_a_fifo_as_game_toml_is_named_not_missing(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str],
                                                  cmd: list[str]) -> None:
    root = tmp_path / "f"
    (root / "logs").mkdir(parents=True)
    os.mkfifo(root / "game.toml")
    args = [a.format(g=root, db=tmp_path / "a.sqlite") for a in cmd]
    code, _out, err = run(capsys, *args)
    assert code == 1, err
    assert "ゲームがありません" not in err and "もありません" not in err
    assert "普通のファイルではありません" in err


def test_a_fifo_as_the_log_is_named_not_missing(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    root = write_game(tmp_path / "g", {"day1": ALL_VOTE_SHIN})
    (root / "logs" / "day1.txt").unlink()
    os.mkfifo(root / "logs" / "day1.txt")
    code, _out, err = run(capsys, "status", str(root), "day1")
    assert code == 1 and "まだありません" not in err and "普通のファイルではありません" in err


def test_the_desk_names_a_fifo_game_toml_and_log(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from adjudicator.desk.app import create_app

    folder = tmp_path / "games"
    (folder / "f" / "logs").mkdir(parents=True)
    os.mkfifo(folder / "f" / "game.toml")
    g = write_game(folder / "g", {"day1": ALL_VOTE_SHIN})
    (g / "logs" / "day1.txt").unlink()
    os.mkfifo(g / "logs" / "day1.txt")
    c = TestClient(create_app(folder, hosts=("testserver",)), raise_server_exceptions=False)
    r = c.get("/g/f")
    assert r.status_code == 422 and "普通のファイルではありません" in r.text
    r = c.get("/g/g?phase=day1")
    assert r.status_code == 422 and "まだありません" not in r.text


def test_archive_add_of_a_huge_seed_and_remove_over_a_damaged_counter(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import sqlite3

    db = tmp_path / "a.sqlite"
    huge = write_game(tmp_path / "huge", {"day1": ALL_VOTE_SHIN}, seed=2**70)
    code, _out, err = run(capsys, "archive", "add", "--db", str(db), str(huge))
    assert code == 1 and "種が大きすぎ" in err
    ok = write_game(tmp_path / "ok", {"day1": ALL_VOTE_SHIN})
    assert run(capsys, "archive", "add", "--db", str(db), str(ok), "-q")[0] == 0
    seen = set()
    for bad in ("'abc'", "x'00'", "-5", "1e300"):
        with sqlite3.connect(db) as con:
            con.execute(f"UPDATE counters SET value = {bad} WHERE name = 'last_id'")
            (gid,) = con.execute("SELECT id FROM games").fetchone()
        seen.add(gid)
        code, _out, err = run(capsys, "archive", "remove", "--db", str(db), str(gid))
        assert code == 0, (bad, err)
        assert run(capsys, "archive", "add", "--db", str(db), str(ok), "-q")[0] == 0
        with sqlite3.connect(db) as con:
            (new,) = con.execute("SELECT id FROM games").fetchone()
        assert new not in seen  # a removed game's number is not given again
    with sqlite3.connect(db) as con:
        con.execute("UPDATE counters SET value = 'abc' WHERE name = 'last_id'")
    code, out, _err = run(capsys, "archive", "list", "--db", str(db))
    assert code == 0


def test_serve_with_an_empty_host_is_a_usage_error(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    for host in ("", " "):
        code, out, err = run(capsys, "serve", str(tmp_path), "--host", host, "--port", "0")
        assert code == 2 and out == "" and "--host" in err


def test_serve_beyond_loopback_warns_that_the_desk_has_no_login(tmp_path: Path) -> None:
    import subprocess
    import time

    proc = subprocess.Popen([sys.executable, "-m", "adjudicator", "serve", str(tmp_path),
                             "--host", "0.0.0.0", "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        line = proc.stdout.readline()  # type: ignore[union-attr]
        assert "http://0.0.0.0:" in line
        err = ""
        while "ログイン" not in err and time.monotonic() < deadline:
            err += proc.stderr.readline()  # type: ignore[union-attr]
        assert "ログインがない" in err
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_site_never_writes_into_a_games_logs(game: Path, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "a.sqlite"
    done = write_game(tmp_path / "done", {"day1": ALL_VOTE_SHIN})
    assert run(capsys, "archive", "add", "--db", str(db), str(done), "-q")[0] == 0
    before = _tree(game)
    for out in (game / "logs", game / "logs" / "site", game / "deal"):
        code, _out, err = run(capsys, "site", str(db), str(out))
        assert code == 2 and ("ログ" in err or "配役" in err), err
    assert _tree(game) == before and not (game / "deal").exists()
