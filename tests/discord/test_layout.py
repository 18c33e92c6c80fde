"""The stored layout of a phase pulled as threads (adjudicator/discord_/layout.py): what
``discord pull`` and the bot write, and how resolve names each thread from it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from adjudicator.chatlog import read_threads
from adjudicator.config.load import load_config
from adjudicator.discord_.dce import export_json
from adjudicator.discord_.layout import VILLAGE, ThreadLog, last_ids, phase_text, suffix
from adjudicator.resources import data_dir
from adjudicator.threads import name_thread

SAMPLE = data_dir("samples") / "derby-stock"
GROUPS = '\n[threads.groups]\n"結社" = ["たろう", "さくら"]\n'


def _msg(mid: int, who: str, hhmm: str, text: str) -> dict[str, Any]:
    return {"id": str(mid), "type": "Default",
            "timestamp": f"2026-03-01T{hhmm}:00.000+09:00", "timestampEdited": None,
            "isPinned": False, "content": text,
            "author": {"id": str(mid + 1000), "name": who, "discriminator": "0",
                       "nickname": who, "isBot": False}, "attachments": [], "mentions": []}


def _doc(channel: str, rows: list[dict[str, Any]], dm: bool = False) -> bytes:
    guild = ("0", "Direct Messages") if dm else ("1", "人狼サーバー")
    return export_json(guild, (str(len(channel)), channel), rows, None, None)


def _threads() -> list[ThreadLog]:
    return [
        ThreadLog(VILLAGE, "village", _doc("人狼ゲーム本会場", [
            _msg(100, "GM", "21:00", "1日目夜です"), _msg(190, "GM", "21:30", "締め切り")])),
        ThreadLog("たろう", "private", _doc("たろう-個別", [_msg(110, "Taro🍣", "21:05", "予想@じろう 1万")])),
        ThreadLog("はなこ", "private", _doc("hanako.k", [_msg(120, "はなこ", "21:06", "占い@じろう")],
                                         dm=True)),
        ThreadLog("人狼", "group", _doc("wolves-den", [_msg(130, "じろう", "21:07", "噛み@はなこ")])),
        ThreadLog("結社", "group", _doc("secret", [_msg(140, "さくら", "21:08", "よろしく")])),
        ThreadLog("さくら", "private", _doc("さくら-個別", [])),  # nothing in the window
    ]


def test_the_village_alone_is_the_document_as_a_pull_of_one_channel_wrote_it() -> None:
    village = _threads()[0]
    empty = _threads()[-1]
    text = phase_text([village, empty])
    assert text.encode("utf-8") == village.data and suffix(text) == ".json"
    assert last_ids(text) == {VILLAGE: "190"}


def test_each_thread_is_named_as_the_setup_made_it(tmp_path: Path) -> None:
    (tmp_path / "game.toml").write_text(
        (SAMPLE / "game.toml").read_text(encoding="utf-8") + GROUPS, encoding="utf-8")
    cfg = load_config(tmp_path / "game.toml")
    from adjudicator.games import get_variant

    roster = get_variant(cfg.variant)(cfg).make_roster()
    text = phase_text(_threads())
    assert suffix(text) == ".txt" and text.startswith("=== スレッド：村 ===\n{")
    assert last_ids(text) == {VILLAGE: "190", "たろう": "110", "はなこ": "120", "人狼": "130",
                              "結社": "140"}  # the empty thread is left out
    named = [name_thread(p.export, cfg, roster) for p in read_threads(text, "logs/night1.txt")]
    got = [(n.thread.kind, n.thread.player, n.thread.group, n.thread.members, n.guessed)
           for n in named]
    assert got == [("village", None, "", (), False),
                   ("private", "たろう", "", (), False),  # channel 「たろう-個別」
                   ("private", "はなこ", "", (), False),  # the bot's DM with her
                   ("group", None, "人狼", ("じろう", "みゆき", "ひろし"), False),  # channel 「wolves-den」
                   ("group", None, "結社", ("たろう", "さくら"), False)]
    # every document stays a DiscordChatExporter JSON export, its channel as Discord names it
    part = read_threads(text, "x")[1]
    doc = json.loads(part.export.text)
    assert doc["channel"]["name"] == "たろう-個別" and doc["thread"] == {
        "name": "たろう", "kind": "private"}
    assert list(doc)[:3] == ["guild", "channel", "thread"]


def test_a_thread_layout_is_stable() -> None:
    assert phase_text(_threads()) == phase_text(_threads())
