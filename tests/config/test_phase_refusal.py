"""A phase the game cannot take is refused in Japanese, from one rendering
(engine.PhaseRefusal): the desk without phase ids, the CLI with the ids the GM types."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.cli.main import main
from adjudicator.desk.guards import refusal
from adjudicator.engine import phase_refusal
from tests.support import FIXTURES
from tests.support.derby_stock import ALL_VOTE_SHIN, write_game


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return write_game(tmp_path / "g", {"day1": ALL_VOTE_SHIN})


@pytest.mark.parametrize("phase, desk", [
    ("day5", "5日目 昼はまだ先です。次に保存するのは1日目 夜のログです"),
    ("round1", "この村に「第1ラウンド」というフェーズはありません"
               "（この村のフェーズ：1日目 昼・1日目 夜・2日目 昼・2日目 夜…）"),
    ("night1-chat", "1日目 夜に観戦チャットのログはありません（この村の観戦チャットは昼だけです）"),
])
def test_the_desk_and_the_cli_say_the_same_sentence(game: Path, phase: str, desk: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    why = phase_refusal(game, phase)
    assert why is not None
    assert refusal(game, phase) == desk == why.ja()
    assert main(["add", str(game), phase, str(game / "logs" / "day1.txt")]) == 2
    err = capsys.readouterr().err
    assert why.ja(ids=True) in err
    # the CLI's sentence is the desk's with the ids the GM types beside the words
    for word in ("まだ先です", "というフェーズはありません", "のログはありません"):
        assert (word in desk) == (word in err)
    assert not any(w in desk for w in ("day", "night", "round", "ahead", "phase"))


def test_no_english_reaches_the_desk_from_a_village_without_extra_logs(tmp_path: Path) -> None:
    root = tmp_path / "tw"
    (root / "logs").mkdir(parents=True)
    (root / "game.toml").write_bytes((FIXTURES / "trapword-win" / "game.toml").read_bytes())
    assert refusal(root, "round1-chat") == ("第1ラウンドに観戦チャットのログはありません"
                                            "（この村に観戦チャットはありません）")
    assert refusal(root, "day1") == ("この村に「1日目 昼」というフェーズはありません"
                                     "（この村のフェーズ：第1ラウンド・第2ラウンド・第3ラウンド・"
                                     "第4ラウンド…）")
    assert phase_refusal(root, "round1") is None


def test_the_english_stays_for_developers(game: Path) -> None:
    why = phase_refusal(game, "day9")
    assert why is not None and why.en() == ("day9 is ahead of the game: the next phase to "
                                            "add is night1")
