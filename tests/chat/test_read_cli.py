"""``adjudicator read FILE|-`` shows how a paste is read; ``add`` reads the same way and
names the input (not the destination) in its errors."""

from __future__ import annotations

import io
import json
import shutil
import sys
from pathlib import Path

import pytest

from tests.support import TESTS
from tests.support.cli import run

ROOT = TESTS
CHAT = ROOT / "fixtures" / "chat"
DERBY16 = ROOT / "fixtures" / "derby16"


def stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))


def game_with_spaced_alias(tmp_path: Path) -> Path:
    game = tmp_path / "g"
    (game / "logs").mkdir(parents=True)
    toml = (DERBY16 / "game.toml").read_text("utf-8")
    assert 'aliases = ["太郎", "タロウ"]' in toml
    toml = toml.replace('aliases = ["太郎", "タロウ"]', 'aliases = ["太郎", "タロウ", "山田 太郎"]')
    (game / "game.toml").write_text(toml, "utf-8")
    return game


def test_read_prints_format_messages_skipped_and_guesses(capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    path = str(CHAT / "line_date_default.txt")
    code, out, err = run(capsys, "read", path)
    assert code == 0 and err == ""
    assert out == (
        f"{path}：line（自動判定）：LINE のトーク履歴の書き出し（.txt）：日付の行のあとに"
        "「時刻<TAB>名前<TAB>本文」\n"
        "発言 2 件（うちシステムの行 0 件）、飛ばした行 3 行、推測 1 件\n"
        "日付の並びは月が先（月/日/年）と読みました（どの日付からも決まらないので、既定の並び）\n"
        "\n"
        "発言（行、日付、時刻、発言者：本文）：\n"
        "        4  2021-03-06  21:00     たろう: こんばんは\n"
        "        6  2021-03-07  21:05     花子: 投票@たろう\n"
        "\n"
        "飛ばした行（行、理由：内容）：\n"
        "        1  見出しの行: [LINE] Chat history in 人狼村\n"
        "        3  日付の行: 3/6/2021\n"
        "        5  日付の行: 3/7/2021\n"
        "\n"
        "推測：\n"
        "        3  日付の並び: 月が先か日が先かを決める日付がこのファイルにないので、月が先"
        "（既定）として読みました\n"
    )


def test_read_shows_residue_and_system_lines(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "read", str(CHAT / "discord_residue.txt"))
    assert code == 0
    assert "       17  返信元のプレビュー: @Taro 予想@Hanako 3万\n" in out
    assert "        7  添付ファイルの大きさ: 18 KB\n" in out
    assert "       20  -           21:45     Jiro: 購入@Taroの株 1株\n" in out
    code, out, _ = run(capsys, "read", str(CHAT / "line_system_ja.txt"))
    assert "発言 11 件（うちシステムの行 9 件）" in out
    assert "       12  2026-03-01  21:07     （システム）: ☎ 通話時間 1:23\n" in out


def test_read_json_keeps_residue_in_raw(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "read", str(CHAT / "discord_residue.txt"), "--json")
    data = json.loads(out)
    assert code == 0 and data["format"] == "discord" and data["detected"] is True
    taro = data["messages"][1]
    assert (taro["line"], taro["speaker"], taro["time"], taro["text"]) == (4, "Taro", "21:42",
                                                                            "投票@Jiro")
    assert taro["raw"] == "[9:42 PM]\n投票@Jiro\nImage\nnotes.txt\n18 KB\n👍\n3\nExpand"
    assert data["messages"][4]["raw"] == "@Taro 予想@Hanako 3万\n売却@"
    assert {"line": 5, "why": "image placeholder", "text": "Image"} in data["skipped"]
    assert "known" not in taro and "unknown_speakers" not in data


def test_read_stdin_with_a_forced_format(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    stdin(monkeypatch, "21:03 たろう 予想@はなこ 3万\n".encode())
    code, out, _ = run(capsys, "read", "-", "--format", "line-pc", "--json")
    data = json.loads(out)
    assert code == 0 and data["source"] == "標準入力"
    assert data["format"] == "line-pc" and data["detected"] is False
    assert [(m["speaker"], m["text"]) for m in data["messages"]] == [("たろう", "予想@はなこ 3万")]


def test_read_with_game_splits_roster_names_and_marks_strangers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = game_with_spaced_alias(tmp_path)
    paste = tmp_path / "night1.txt"
    paste.write_text("2026.03.01 日曜日\n21:03 山田 太郎 予想@はなこ 3万\n21:04 はなこ 売却@\n"
                     "21:05 ゲスト 投票@たろう\n", "utf-8")
    code, out, _ = run(capsys, "read", str(paste), "--game", str(game))
    assert code == 0
    assert "山田 太郎: 予想@はなこ 3万" in out and "\n推測：" not in out
    assert "ゲスト［参加者にいない名前］: 投票@たろう" in out
    assert out.endswith("参加者にいない発言者：ゲスト\n")
    code, out, _ = run(capsys, "read", str(paste), "--game", str(game), "--json")
    data = json.loads(out)
    assert data["unknown_speakers"] == ["ゲスト"]
    assert [m["known"] for m in data["messages"]] == [True, True, False]
    # without the roster, one word is the name
    code, out, _ = run(capsys, "read", str(paste))
    assert "山田: 太郎 予想@はなこ 3万" in out


def test_read_errors_name_the_input(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    code, _o, err = run(capsys, "read", str(tmp_path / "nope.txt"))
    assert code == 2 and "が見つかりません" in err and "nope.txt" in err
    code, _o, err = run(capsys, "read", str(tmp_path))
    assert code == 2 and "はフォルダです" in err
    bad = tmp_path / "paste.txt"
    bad.write_text("こんばんは みなさん\n", "utf-8")
    code, _o, err = run(capsys, "read", str(bad))
    assert code == 1 and f"{bad}：対応していない形式です: 1行目「こんばんは みなさん」" in err
    assert "Traceback" not in err
    stdin(monkeypatch, b"ok\n\x81\x20\n")
    code, _o, err = run(capsys, "read", "-", "--format", "plain")
    assert code == 1 and "標準入力（2行目）：文字コードを読めません" in err
    code, _o, err = run(capsys, "read", str(bad), "--game", str(tmp_path / "nogame"))
    assert code == 2 and "にゲームがありません" in err


def test_add_reads_like_read_and_names_the_input(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = game_with_spaced_alias(tmp_path)
    bad = tmp_path / "paste.txt"
    bad.write_text("2026/03/01(日)\nこんばんは\n", "utf-8")
    code, _o, err = run(capsys, "add", str(game), "day1", str(bad), "--format", "line")
    assert code == 1 and f"ログを読めません：{bad}（2行目）：" in err and "logs/day1" not in err
    assert not (game / "logs" / "day1.txt").exists()
    stdin(monkeypatch, "こんばんは みなさん\n".encode())
    code, _o, err = run(capsys, "add", str(game), "day1", "-")
    assert code == 1 and "ログを読めません：標準入力：対応していない形式です: 1行目「" in err
    good = tmp_path / "good.txt"
    shutil.copy(CHAT / "discord_residue.txt", good)
    code, out, _ = run(capsys, "add", str(game), "day1", str(good))
    assert code == 0 and "発言 6 件を" in out  # the residue is no message
    stdin(monkeypatch, "2026.03.01 日曜日\n21:03 山田 太郎 予想@はなこ 3万\n".encode())
    code, out, _ = run(capsys, "add", str(game), "night1", "-")
    assert code == 0 and "発言 1 件を" in out


def test_read_help_has_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "read", "--help")
    assert code == 0 and "例：pbpaste | adjudicator read - --game mygame" in out


def test_read_paste_uses_the_roster_and_tolerates_a_broken_setup(tmp_path: Path) -> None:
    from adjudicator.cli.read import read_paste
    from adjudicator.errors import ConfigError

    game = game_with_spaced_alias(tmp_path)
    data = "2026.03.01 日曜日\n21:03 山田 太郎 予想@はなこ 3万\n".encode()
    assert read_paste(data, "p", None, game).messages[0].speaker == "山田 太郎"
    assert read_paste(data, "p").messages[0].speaker == "山田"
    (game / "game.toml").write_text("variant = 3\n", "utf-8")
    assert read_paste(data, "p", None, game).messages[0].speaker == "山田"  # add goes on
    with pytest.raises(ConfigError):
        read_paste(data, "p", None, game, strict=True)


def test_read_json_export_counts_messages_and_system_types(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "read", str(CHAT / "dce_types.json"))
    assert code == 0 and "発言 9 件（うちシステムの行 6 件）、飛ばした行 0 行" in out
    assert "発言（発言の番号、日付、時刻、発言者：本文）：" in out
    assert "        4  2026-03-01  21:03:00  （システム）: 2日目\n" in out
