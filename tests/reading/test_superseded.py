"""A superseded line tells the player which later line replaced it, in words a player
reads: the later line's time and text (and the partner who wrote it), no file names."""

from __future__ import annotations

import shutil
from pathlib import Path

from adjudicator.engine import resolve_game
from tests.support import FIXTURES


def game(tmp_path: Path, night1: str) -> Path:
    g = tmp_path / "g"
    (g / "logs").mkdir(parents=True)
    shutil.copy(FIXTURES / "derby16" / "game.toml", g / "game.toml")
    shutil.copy(FIXTURES / "derby16" / "logs" / "day1.txt", g / "logs" / "day1.txt")
    (g / "logs" / "night1.txt").write_text(night1, encoding="utf-8")
    return g


def test_own_and_partner_replacements_are_quoted(tmp_path: Path) -> None:
    g = resolve_game(game(tmp_path, "[21:00] たろう: 予想@じろう 1万\n"
                                    "[21:05] たろう: 予想@はなこ 2万\n"
                                    "[21:06] じろう: 噛み@ゆい\n"
                                    "[21:07] ひろし: 噛み@たろう\n"))
    recs = {r.text: r for r in g.phases[1].lines}
    assert recs["予想@じろう 1万"].reason == "21:05の「予想@はなこ 2万」で置き換えられました（後の発言が有効です）"
    assert recs["噛み@ゆい"].reason == "ひろしさんの21:07の「噛み@たろう」で置き換えられました（後の発言が有効です）"
    assert not [r for r in g.phases[1].lines if r.reason and "logs/" in r.reason]
