"""The command line: every subcommand, exit codes 0/1/2, and bad input of every kind."""

from __future__ import annotations

import io
import json
import re
import shutil
import sys
from pathlib import Path

import pytest

from tests.support import FIXTURES
from tests.support.cli import run
from tests.support.derby_stock import write_game


def test_demo_writes_and_resolves_the_sample(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, _err = run(capsys, "demo", str(tmp_path / "demo"))
    assert code == 0
    assert "優勝：たろう" in out
    assert (tmp_path / "demo" / "out" / "game.json").is_file()


def test_resolve_json_matches_contract(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, "resolve", str(FIXTURES / "derby12"), "--json", "--no-write")
    assert code == 0
    data = json.loads(out)
    assert set(data) >= {"variant", "seed", "finished", "winners", "phases", "players"}
    ph = data["phases"][1]
    assert set(ph) >= {"id", "deaths", "executed", "public_post", "private", "events",
                       "diagnostics"}
    p = data["players"]["しずか"]
    assert set(p) >= {"alive", "role", "cash", "stock", "final_money"}
    assert all(set(e) >= {"kind", "rule", "cause"} for e in ph["events"])


def test_resolve_exit_code_1_on_gm_errors(capsys) -> None:  # type: ignore[no-untyped-def]
    code, _out, err = run(capsys, "resolve", str(FIXTURES / "derby-rejections"), "--no-write")
    assert code == 1 and "活躍@だれか" not in err and "「だれか」という参加者はいません" in err


def test_new_add_check_explain_schema(tmp_path: Path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    game = tmp_path / "g"
    assert run(capsys, "new", str(game), "--variant", "derby-stock")[0] == 0
    assert "プレイヤー16" in (game / "game.toml").read_text("utf-8")
    assert run(capsys, "new", str(game))[0] == 2  # exists
    shutil.copy(FIXTURES / "derby16" / "game.toml", game / "game.toml")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(
        "たろう: 投票@じろう\nはなこ: 投票@じろう\n".encode())))
    code, out, _ = run(capsys, "add", str(game), "day1", "-")
    assert code == 0 and "発言 2 件を" in out and "保存しました" in out
    assert (game / "logs" / "day1.txt").is_file()
    code, out, _ = run(capsys, "check", str(game), "予想@さくら 3万", "--speaker", "はなこ")
    assert code == 0 and "の扱い：受理" in out and "予想@さくら 3万ドル" in out
    code, out, _ = run(capsys, "check", str(game), "予想@さくら 15000", "--speaker", "はなこ")
    assert "の扱い：却下" in out and "1万ドル単位" in out and "ルール「ダービーの予想」" in out
    code, out, _ = run(capsys, "explain", str(game), "--player", "じろう")  # じろう's view
    assert code == 0 and "ルール「投票」" in out and "この村のルール：" in out
    assert "ww.vote" not in out  # a player's view holds no rule id
    code, out, _ = run(capsys, "schema")
    assert code == 0 and json.loads(out)["title"] == "adjudicator resolve --json"


def test_usage_errors_exit_2(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert run(capsys, "resolve", str(tmp_path / "nowhere"))[0] == 2
    assert run(capsys, "bogus")[0] == 2
    assert run(capsys)[0] == 2
    game = write_game(tmp_path / "g", {})
    code, _o, err = run(capsys, "add", str(game), "noon1", "-")
    assert code == 2 and "「noon1」は日の書き方ではありません" in err


def test_help_has_an_example(capsys) -> None:  # type: ignore[no-untyped-def]
    for cmd in ("new", "add", "resolve", "check", "explain", "schema", "demo"):
        code, out, _ = run(capsys, cmd, "--help")
        assert code == 0 and re.search(r"\n例：.*adjudicator ", out), cmd


BROKEN_TOML = {
    "missing key": ('seed = 1\n', "村：書かれていません"),
    "not toml": ('variant = "derby-stock\n', "TOMLとして読めません"),
    "unknown variant": ('variant = "chess"\n', "村：「chess」は使えません（使えるのは ダービー"),
}


@pytest.mark.parametrize("case", sorted(BROKEN_TOML))
def test_broken_game_toml_is_one_clear_error(tmp_path: Path, capsys, case: str) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "game.toml").write_text(BROKEN_TOML[case][0], encoding="utf-8")
    code, _out, err = run(capsys, "resolve", str(tmp_path))
    assert code == 1 and BROKEN_TOML[case][1] in err and "Traceback" not in err


def test_game_toml_lists_every_problem(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    roster = [(f"p{i}", "male", "村人") for i in range(16)] + [("p0", "male", "魔法使い")]
    write_game(tmp_path, {}, roster=roster, options={"tie": "coin"})
    code, _out, err = run(capsys, "resolve", str(tmp_path))
    assert code == 1
    for needle in ("名簿：17人います", "「p0」と同じです", "「魔法使い」という役職はありません",
                   "オプションの「tie」：「coin」は使えません（使えるのは 抽選・なし）"):
        assert needle in err, needle
    assert err.index("17人います") < err.index("魔法使い")  # the count first


def test_unreadable_log_names_file_and_line(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    game = write_game(tmp_path / "g", {})
    (game / "logs" / "day1.txt").write_bytes(b"\xff\xfe\x00garbage\x81\x82")
    (game / "logs" / "night1.json").write_text('{"messages": [', encoding="utf-8")
    code, _out, err = run(capsys, "resolve", str(game), "--no-write")
    assert code == 1
    # named as the GM names them (review 3, Dg1: no file path in what the GM reads)
    assert "1日目昼のログ 1行目" in err and "1日目夜のログ 1行目" in err
    assert "Traceback" not in err and "logs/" not in err


def test_check_tells_the_live_price(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, "check", str(FIXTURES / "derby16"), "購入@たろうの株",
                       "--speaker", "えみ", "--phase", "night3")
    assert code == 0 and "の扱い：受理" in out
    assert "たろうの株: 最高株 1株 50万ドル" in out and "えみの所持金: 8万ドル" in out


def test_archive_and_report_help_have_examples(capsys) -> None:  # type: ignore[no-untyped-def]
    for args in (["report"], ["archive"], *[["archive", c] for c in
                                              ("add", "list", "show", "export", "replay", "remove")]):
        code, out, _ = run(capsys, *args, "--help")
        assert code == 0 and "\n例：adjudicator " in out, args


def test_resolve_prints_any_phase(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, "resolve", str(FIXTURES / "derby16"), "--phase", "night1",
                       "--no-write")
    assert code == 0 and "【2日目の朝】" in out and "占い結果：じろうさんは【人狼】です。" in out
    code, _out, err = run(capsys, "resolve", str(FIXTURES / "derby16"), "--phase", "night9",
                          "--no-write")
    assert code == 2 and "フェーズ：day1（1日目 昼）、night1（1日目 夜）" in err
