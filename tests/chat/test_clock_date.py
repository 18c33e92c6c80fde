"""input.clock.date: a relative date (今日, 昨日) with no date line above it takes the
phase's date, and the GM is told which: from the phase's other messages (another chat of
the phase, or the same chat's dated headers), else from the phase stored before it, else
from the phase stored after it; with none of them, the messages stay undated and the GM
is told so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from adjudicator.chatlog import ChatLine, read_chat, read_threads
from adjudicator.chatlog.threads import place_relative, separator
from adjudicator.engine import Game, resolve_game
from tests.support.derby_stock import write_game
from tests.support.threads import line_export

#: a Discord copy of a 1:1 chat with no date divider: 昨日 late, then 今日 after midnight
COPY = "はなこ — 昨日 23:50\n予想@しん 1万\nはなこ — 今日 0:10\nおやすみ\n"
DAY1 = "GM — 2026/03/01 20:00\n昼です\nたろう — 2026/03/01 20:05\nよろしく\n"


def guesses(game: Game, pid: str) -> list[str]:
    ph = next(p for p in game.phases if p.id == pid)
    return [d.reason_ja or d.message for d in ph.diagnostics if d.code == "read_guess"]


def dates(text: str, **kw: Any) -> list[str | None]:
    parts = read_threads(text, "t")
    place_relative(parts, **kw)
    return [m.date for p in parts for m in p.reading.messages]


def test_the_reader_alone_leaves_them_undated_and_says_so() -> None:
    r = read_chat(COPY, "t")
    assert [m.date for m in r.messages] == [None, None]
    assert r.relative is not None and r.relative.days == ((0, 1), (1, 0))
    assert any("日付なしで読みました" in g.ja for g in r.guesses)


def test_another_chat_of_the_phase_gives_the_date() -> None:
    village = line_export("人狼村", False, [
        (ChatLine("x", 1, "GM", "夜です", "夜です", "2026-03-01", "21:00"), "GM"),
        (ChatLine("x", 2, "GM", "締め切り", "締め切り", "2026-03-02", "00:30"), "GM")],
        "2026/03/02 01:00")
    parts = read_threads(village + separator("はなこ") + "\n" + COPY, "t")
    place_relative(parts)
    copy = parts[1].reading
    assert [m.date for m in copy.messages] == ["2026-03-01", "2026-03-02"]
    told = [g.ja for g in copy.guesses if g.kind == "date"]
    assert told == ["「はなこ — 昨日 23:50」はコピーした日から数えた日（今日・昨日）で、どの日かを"
                    "決める日付の区切りが上にないため、このフェーズのほかの発言の日付から"
                    "2026年3月1日として読みました"]
    assert copy.relative is None


def test_the_phase_before_gives_the_date_and_the_day_after_midnight() -> None:
    before = ("2026-03-01", "20:05", "前のフェーズ（1日目 昼）のログ")
    assert dates(COPY, before=before) == ["2026-03-01", "2026-03-02"]
    # a first message long before the moment before it is the next day
    assert dates("はなこ — 今日 0:10\nx\n", before=before) == ["2026-03-02"]


def test_the_phase_after_gives_the_date() -> None:
    after = ("2026-03-02", "20:00", "次のフェーズ（2日目 昼）のログ")
    assert dates(COPY, after=after) == ["2026-03-01", "2026-03-02"]
    assert dates("はなこ — 今日 23:10\nx\n", after=after) == ["2026-03-01"]


def test_the_phase_itself_comes_first_then_before_then_after() -> None:
    before = ("2026-02-01", "20:00", "前")
    after = ("2026-04-01", "20:00", "次")
    own = "GM — 2026/03/01 23:00\n夜です\n" + COPY
    assert dates(own, before=before, after=after)[1:] == ["2026-03-01", "2026-03-02"]
    assert dates(COPY, before=before, after=after) == ["2026-02-01", "2026-02-02"]


def _game(tmp_path: Path, logs: dict[str, str]) -> Game:
    root = write_game(tmp_path / "g", {})
    for pid, text in logs.items():
        (root / "logs" / f"{pid}.txt").write_text(text, encoding="utf-8")
    return resolve_game(root)


def test_a_night_copied_without_a_date_takes_the_day_before_it(tmp_path: Path) -> None:
    game = _game(tmp_path, {"day1": DAY1, "night1": COPY})
    told = guesses(game, "night1")
    assert any("前のフェーズ（1日目 昼）のログの日付から2026年3月1日として読みました" in t
               for t in told), told
    assert not any("日付なしで読みました" in t for t in told), told


def test_a_chat_copied_without_a_date_takes_the_date_of_the_phases_other_chats(
        tmp_path: Path) -> None:
    village = line_export("人狼村", False, [
        (ChatLine("x", 1, "GM", "夜です", "夜です", "2026-03-05", "21:00"), "GM")],
        "2026/03/06 01:00")
    game = _game(tmp_path, {"day1": DAY1, "night1": village + separator("はなこ") + "\n" + COPY})
    told = guesses(game, "night1")
    assert any("このフェーズのほかの発言の日付から2026年3月5日として読みました" in t
               for t in told), told
    assert not any("日付なしで読みました" in t for t in told), told
    night1 = next(p for p in game.phases if p.id == "night1")
    assert [r.text for r in night1.lines] == ["夜です", "予想@しん 1万", "おやすみ"]


def test_a_day_copied_without_a_date_takes_the_night_after_it(tmp_path: Path) -> None:
    night1 = "GM — 2026/03/01 21:00\n夜です\n"
    game = _game(tmp_path, {"day1": "たろう — 今日 20:05\nよろしく\n", "night1": night1})
    told = guesses(game, "day1")
    assert any("次のフェーズ（1日目 夜）のログの日付から2026年3月1日として読みました" in t
               for t in told), told


def test_with_no_date_anywhere_the_gm_is_told_they_are_undated(tmp_path: Path) -> None:
    game = _game(tmp_path, {"day1": "たろう — 今日 20:05\nよろしく\n",
                            "night1": "[21:00] GM: 夜です\n"})
    told = guesses(game, "day1")
    assert any("日付なしで読みました" in t for t in told), told
