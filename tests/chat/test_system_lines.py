"""A chat app's own system line (speaker "": joins, unsent messages, invitations) is
chatter: never a player's command, never an unknown speaker, even when it holds "@"."""

from __future__ import annotations

import shutil
from pathlib import Path

from adjudicator.engine import resolve_game
from tests.support import FIXTURES

LINE_LOG = """[LINE] 村のトーク履歴
保存日時：2024/03/01 21:00

2024/03/01(金)
12:00\tたろう\t投票@はなこ
12:01\t\tたろうがメッセージの送信を取り消しました
12:02\t\tGMが投票@じろう をグループに招待しました
"""


def test_system_lines_are_chatter(tmp_path: Path) -> None:
    game = tmp_path / "g"
    (game / "logs").mkdir(parents=True)
    shutil.copy(FIXTURES / "derby16" / "game.toml", game / "game.toml")
    (game / "logs" / "day1.txt").write_text(LINE_LOG, encoding="utf-8")
    g = resolve_game(game)
    recs = g.phases[0].lines
    system = [r for r in recs if r.speaker == ""]
    assert len(system) == 2 and {r.disposition for r in system} == {"chatter"}
    assert not [d for d in g.phases[0].diagnostics if d.code == "unknown_speaker"]
    assert [r.disposition for r in recs if r.speaker == "たろう"] == ["accepted"]


def test_a_guess_of_the_reader_is_an_info_diagnostic(tmp_path: Path) -> None:
    game = tmp_path / "g"
    (game / "logs").mkdir(parents=True)
    shutil.copy(FIXTURES / "derby16" / "game.toml", game / "game.toml")
    shutil.copy(FIXTURES / "chat" / "line_date_default.txt", game / "logs" / "day1.txt")
    g = resolve_game(game)
    guesses = [d for d in g.phases[0].diagnostics if d.code == "read_guess"]
    assert [(d.level, d.source) for d in guesses] == [("info", "logs/day1.txt:3")]
    assert "date order" in guesses[0].message
    assert not g.has_errors
