"""``adjudicator guide GAME | --variant V [--json]``: the players' command sheet on the
command line, for all six games; the game's own options in words; bad usage is exit 2
with a message, a broken game.toml exit 1, never a traceback."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from adjudicator.games import REGISTRY
from adjudicator.guide import TITLES
from tests.support import SAMPLES
from tests.support.cli import run


@pytest.mark.parametrize("variant", sorted(REGISTRY))
def test_every_variant_has_a_sheet_without_a_game(capsys: pytest.CaptureFixture[str],
                                                  variant: str) -> None:
    code, out, err = run(capsys, "guide", "--variant", variant)
    assert code == 0, err
    assert out.startswith(f"【{TITLES[variant]} コマンド一覧】\n")
    assert "例：" in out and "書き方：" in out


@pytest.mark.parametrize("variant", sorted(REGISTRY))
def test_a_game_folder_gives_its_own_names(capsys: pytest.CaptureFixture[str],
                                           variant: str) -> None:
    code, out, _err = run(capsys, "guide", str(SAMPLES / variant))
    assert code == 0
    import tomllib
    raw = tomllib.loads((SAMPLES / variant / "game.toml").read_text("utf-8"))
    names = [p["name"] for p in raw.get("players", [])] or \
        [m for t in raw.get("teams", []) for m in t["members"]] + [t["name"] for t in raw["teams"]]
    if variant != "majora":  # majora's examples name only placeholders
        assert any(n in out for n in names)


def test_the_options_change_the_sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "g"
    shutil.copytree(SAMPLES / "derby-stock", game)
    _c, before, _e = run(capsys, "guide", str(game))
    assert "狩人の連続護衛：あり" in before
    assert "1日目の夜の噛み：あり" in before
    toml = game / "game.toml"
    toml.write_text(toml.read_text("utf-8").replace(
        "[options]", "[options]\nhunter_repeat = false\nfirst_bite = false\nno_bite = \"none\""),
        "utf-8")
    _c, after, _e = run(capsys, "guide", str(game))
    assert "狩人の連続護衛：なし（2夜続けて同じ人は護衛できません）" in after
    assert "2夜続けて同じ人を護衛することはできません" in after  # the guard's own rule
    assert "1日目の夜の噛み：なし" in after
    assert "誰も噛まれません" in after
    assert "hunter_repeat" not in after and "false" not in after


def test_json_holds_the_text_and_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "guide", "--variant", "splatoon", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["variant"] == "splatoon"
    words = {w for c in data["commands"] for w in c["words"]}
    assert {"シューター", "スーパーセンサー", "センサー", "投票", "吊り"} <= words
    code, text, _err = run(capsys, "guide", "--variant", "splatoon")
    assert data["text"] == text


@pytest.mark.parametrize("args", [["guide"], ["guide", "x", "--variant", "genpei"],
                                  ["guide", "--variant", "chess"]])
def test_bad_usage_is_exit_2(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == "" and "Traceback" not in err and err


def test_a_missing_folder_and_a_broken_game_toml(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    code, _o, err = run(capsys, "guide", str(tmp_path / "nothing"))
    assert code == 2 and "ゲームのフォルダ「" in err and "」が見つかりません" in err
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "game.toml").write_text('variant = "genpei"\nseed = true\n', "utf-8")
    code, _o, err = run(capsys, "guide", str(tmp_path / "g"))
    assert code == 1 and "シード" in err and "Traceback" not in err
