"""Engine-side guard rails (CLI and desk both show them): a GM directive from a speaker
close to a GM name is a warning; an unknown speaker gets the closest names; an invisible
character in a name is shown visibly."""

from __future__ import annotations

import shutil
from pathlib import Path

from adjudicator.engine import resolve_game
from adjudicator.names_shown import shown
from tests.support import FIXTURES


def _game(tmp_path: Path, lines: str) -> object:
    game = tmp_path / "g"
    shutil.copytree(FIXTURES / "derby12", game, ignore=shutil.ignore_patterns("expected", "out"))
    day1 = game / "logs" / "day1.txt"
    text = day1.read_text(encoding="utf-8").rstrip("\n")
    day1.write_text(text + "\n\n" + lines, encoding="utf-8")
    return resolve_game(game)


def _diag(game: object, code: str) -> list[str]:
    return [d.reason_ja or "" for d in game.phases[0].diagnostics  # type: ignore[attr-defined]
            if d.code == code]


def test_directive_from_a_look_alike_gm_is_a_warning(tmp_path: Path) -> None:
    game = _game(tmp_path, "[2026/03/01 21:59] ゲームマスタ\n締め切り\n\n"
                           "[2026/03/01 21:59] ゲームマスタ\nおつかれさまです\n")
    got = _diag(game, "near_gm")
    assert len(got) == 1  # the directive only, not the chatter
    assert "「ゲームマスター」に似ています" in got[0] and "締め切り" in got[0]


def test_unknown_speaker_gets_candidates_and_visible_characters(tmp_path: Path) -> None:
    game = _game(tmp_path, "[2026/03/01 21:59] えい\u200bじ\n投票@あきら\n")
    got = _diag(game, "unknown_speaker")
    assert got and "「えい[ゼロ幅スペース]じ」" in got[0] and "近い名前：えいじ" in got[0]


def test_shown_names_odd_characters() -> None:
    assert shown("はな\u200bこ") == "はな[ゼロ幅スペース]こ"
    assert shown("hаna") == "h[キリル文字の「а」]na"  # a Cyrillic а among Latin letters
    assert shown("Алекс") == "Алекс"  # a name all in Cyrillic is a name
    assert shown("はなこ") == "はなこ"
