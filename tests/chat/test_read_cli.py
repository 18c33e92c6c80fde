"""``adjudicator read FILE|-`` shows how a paste is read; ``add`` reads the same way and
names the input (not the destination) in its errors."""

from __future__ import annotations

import io
import json
import shutil
import sys
from pathlib import Path

import pytest

from adjudicator.cli import main
from tests.support import TESTS

ROOT = TESTS
CHAT = ROOT / "fixtures" / "chat"
DERBY16 = ROOT / "fixtures" / "derby16"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


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
        f"{path}: line (detected): LINE talk history export (.txt): date lines, then "
        "'time<TAB>name<TAB>text'\n"
        "2 messages (0 system lines), 3 lines skipped, 1 guess\n"
        "dates read month-first: default (no date settles it)\n"
        "\n"
        "messages (line, date, time, speaker: text):\n"
        "        4  2021-03-06  21:00     たろう: こんばんは\n"
        "        6  2021-03-07  21:05     花子: 投票@たろう\n"
        "\n"
        "skipped (line, why: text):\n"
        "        1  header: [LINE] Chat history in 人狼村\n"
        "        3  date line: 3/6/2021\n"
        "        5  date line: 3/7/2021\n"
        "\n"
        "guesses:\n"
        "        3  date order: no date in this file says whether it is month-first or "
        "day-first: read month-first (the default)\n"
    )


def test_read_shows_residue_and_system_lines(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "read", str(CHAT / "discord_residue.txt"))
    assert code == 0
    assert "       17  reply preview: @Taro 予想@Hanako 3万\n" in out
    assert "        7  attachment size: 18 KB\n" in out
    assert "       20  -           21:45     Jiro: 購入@Taroの株 1株\n" in out
    code, out, _ = run(capsys, "read", str(CHAT / "line_system_ja.txt"))
    assert "11 messages (9 system lines)" in out
    assert "       12  2026-03-01  21:07     (system): ☎ 通話時間 1:23\n" in out


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
    assert code == 0 and data["source"] == "standard input"
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
    assert "山田 太郎: 予想@はなこ 3万" in out and "\nguesses:" not in out
    assert "ゲスト [not in the roster]: 投票@たろう" in out
    assert out.endswith("speakers not in the roster: ゲスト\n")
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
    assert code == 2 and "no file at" in err
    code, _o, err = run(capsys, "read", str(tmp_path))
    assert code == 2 and "folder" in err
    bad = tmp_path / "paste.txt"
    bad.write_text("こんばんは みなさん\n", "utf-8")
    code, _o, err = run(capsys, "read", str(bad))
    assert code == 1 and f"{bad}:1: no chat format fits this line" in err
    assert "Traceback" not in err
    stdin(monkeypatch, b"ok\n\x81\x20\n")
    code, _o, err = run(capsys, "read", "-", "--format", "plain")
    assert code == 1 and "standard input:2: cannot decode" in err
    code, _o, err = run(capsys, "read", str(bad), "--game", str(tmp_path / "nogame"))
    assert code == 2 and "no game at" in err


def test_add_reads_like_read_and_names_the_input(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = game_with_spaced_alias(tmp_path)
    bad = tmp_path / "paste.txt"
    bad.write_text("2026/03/01(日)\nこんばんは\n", "utf-8")
    code, _o, err = run(capsys, "add", str(game), "day1", str(bad), "--format", "line")
    assert code == 1 and f"cannot read log: {bad}:2: " in err and "logs/day1" not in err
    assert not (game / "logs" / "day1.txt").exists()
    stdin(monkeypatch, "こんばんは みなさん\n".encode())
    code, _o, err = run(capsys, "add", str(game), "day1", "-")
    assert code == 1 and "cannot read log: standard input:1: " in err
    good = tmp_path / "good.txt"
    shutil.copy(CHAT / "discord_residue.txt", good)
    code, out, _ = run(capsys, "add", str(game), "day1", str(good))
    assert code == 0 and "6 messages" in out  # the residue is no message
    stdin(monkeypatch, "2026.03.01 日曜日\n21:03 山田 太郎 予想@はなこ 3万\n".encode())
    code, out, _ = run(capsys, "add", str(game), "night1", "-")
    assert code == 0 and "1 message" in out


def test_read_help_has_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "read", "--help")
    assert code == 0 and "example: pbpaste | adjudicator read - --game mygame" in out


def test_read_paste_uses_the_roster_and_tolerates_a_broken_setup(tmp_path: Path) -> None:
    from adjudicator.errors import ConfigError
    from adjudicator.read_cli import read_paste

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
    assert code == 0 and "9 messages (6 system lines), 0 lines skipped" in out
    assert "messages (message number, date, time, speaker: text):" in out
    assert "        4  2026-03-01  21:03:00  (system): 2日目\n" in out
