"""The small cache of recent readings (the desk reads a paste to show it and again to
resolve it): a repeat gives the same reading, and a caller cannot change the cached one."""

from __future__ import annotations

from adjudicator.chatlog import _RECENT, forget_readings, read_chat


def test_a_long_text_read_twice_is_read_once_and_stays_intact() -> None:
    forget_readings()
    text = "".join(f"[21:{i % 60:02d}] たろう: こんばんは {i}\n" for i in range(2000))
    first = read_chat(text, "logs/night1.txt")
    assert len(_RECENT) == 1
    first.messages.clear()
    again = read_chat(text.encode("utf-8"), "logs/night1.txt")  # bytes: the same text
    assert len(again.messages) == 2000 and len(_RECENT) == 1
    assert read_chat(text, "logs/night2.txt").messages[0].source == "logs/night2.txt"
    forget_readings()
    assert not _RECENT


def test_short_texts_are_not_kept() -> None:
    forget_readings()
    read_chat("たろう: 投票@はなこ\n", "logs/day1.txt")
    assert not _RECENT
