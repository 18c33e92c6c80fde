"""The bot stores its phase after every message from parts kept in memory
(adjudicator/discord_/bot.py ``Chat``; ``layout.heads``/``piece``/``document``/``joined``):
the bytes are exactly the whole ``layout.phase_text`` of the same threads (what ``discord
pull`` writes), after new messages, edits and deletes, and one more message costs its
own serialization, not the phase's (issue 44, point 5)."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.config.load import load_config
from adjudicator.discord_.bot import Chat, PhaseLog, Places, dump, encoded
from adjudicator.discord_.dce import export_json
from adjudicator.discord_.layout import (
    KINDS,
    ThreadLog,
    document,
    heads,
    joined,
    phase_text,
    piece,
)
from adjudicator.rooms import Thread
from tests.discord.botgame import PRIVATE, UID, VILLAGE, WOLVES, make_game

TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | TEXT
VALUES = st.recursive(SCALARS, lambda kids: st.lists(kids, max_size=3)
                      | st.dictionaries(TEXT, kids, max_size=3), max_leaves=10)


@st.composite
def messages(draw: Any) -> list[dict[str, Any]]:
    """Messages of random shape (ids may repeat a number: ``"7"`` and ``"07"``)."""
    out: dict[str, dict[str, Any]] = {}
    for _ in range(draw(st.integers(0, 6))):
        n = draw(st.integers(0, 30))
        mid = draw(st.sampled_from([str(n), f"0{n}"]))
        extra = draw(st.dictionaries(TEXT.filter(lambda k: k != "id"), VALUES, max_size=4))
        out[mid] = {"id": mid, **extra}
    return list(out.values())


@given(threads=st.lists(st.tuples(TEXT, st.sampled_from(KINDS), TEXT, TEXT, st.booleans(),
                                  messages()), max_size=4))
@settings(max_examples=200, deadline=None)
def test_the_parts_join_to_the_whole_layout(
        threads: list[tuple[str, str, str, str, bool, list[dict[str, Any]]]]) -> None:
    """A message's piece is its own ``json.dumps`` moved in two levels: the document and
    the stored log joined from parts are ``export_json`` and ``phase_text``'s bytes."""
    logs, parts = [], []
    for name, kind, cid, cname, dm, rows in threads:
        guild = ("0", "Direct Messages") if dm else ("", "")
        whole = export_json(guild, (cid, cname), rows, None, None)
        plain, named = heads(guild, (cid, cname), name, kind)
        pieces = [piece(r) for r in sorted(rows, key=lambda r: int(r["id"]))]
        assert b"".join(document(plain, b",\n".join(pieces), len(pieces))) == whole
        logs.append(ThreadLog(name, kind, whole))
        parts.append((name, kind, len(rows),
                      lambda declared, plain=plain, named=named, pieces=pieces:
                      document(named if declared else plain, b",\n".join(pieces),
                               len(pieces))))
    assert joined(parts) == phase_text(logs).encode("utf-8")


# ------------------------------------------------------------------ the bot's PhaseLog
@pytest.fixture(scope="module")
def places(tmp_path_factory: pytest.TempPathFactory) -> Places:
    root = make_game(tmp_path_factory.mktemp("store"))
    return Places(load_config(root / "game.toml"))


DM = str(int(UID["はなこ"]) + 1)  # はなこ's DM with the bot: a second chat of her thread
CHANNELS = {VILLAGE: Thread("", "village"), PRIVATE["たろう"]: Thread("たろう", "private", "たろう"),
            WOLVES: None, DM: Thread("はなこ", "private", "はなこ"),
            "900000000000000001": Thread("見学のすずき", "group", None, ())}


def _row(mid: int, text: str, kind: str = "Default") -> dict[str, Any]:
    r: dict[str, Any] = {
        "id": str(mid), "type": kind, "timestamp": "2026-03-01T21:00:00.000+09:00",
        "timestampEdited": None, "isPinned": False, "content": text,
        "author": {"id": "700000000000000001", "name": "user-001", "discriminator": "0",
                   "nickname": "たろう", "isBot": False}, "attachments": [], "mentions": []}
    if kind == "Deleted":
        r["deletedContent"] = text
    return r


@contextmanager
def _game() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "logs").mkdir()
        yield Path(tmp)


OPS = st.lists(st.tuples(st.sampled_from(["put", "edit", "delete", "restart"]),
                         st.sampled_from(sorted(CHANNELS)), st.integers(1, 40), TEXT,
                         st.booleans()), min_size=1, max_size=25)


@given(ops=OPS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_every_store_writes_the_whole_layout_of_its_chats(
        places: Places, ops: list[tuple[str, str, int, str, bool]]) -> None:
    """Random puts (new messages in any order, a number seen again, edits, deletes, a
    restart reading the log back): after each, the stored bytes are ``phase_text`` of
    the chats' messages re-written whole."""
    with _game() as root:
        log = PhaseLog(root, "night1", places)
        for op, channel, n, text, keep in ops:
            if op == "restart":
                log = PhaseLog(root, "night1", places)
                continue
            thread = CHANNELS[channel] or places.channels[int(channel)]
            mid = 800000000000000000 + n
            if op != "put" and str(mid) in log:  # an edit or a delete of a stored message
                old = log.get(str(mid))
                assert old is not None
                thread = log.thread_of(str(mid)) or thread
                channel = log.where[str(mid)]
                r = dict(old, content=text, timestampEdited="2026-03-01T21:05:00.000+09:00")
                if op == "delete":
                    r = dict(old, type="Deleted", deletedContent=old["content"], content="取消")
            else:
                r = _row(mid, text)
            log.put(thread, int(channel), r, keep=keep)
            (path,) = (root / "logs").glob("night1.*")
            whole = dump(log.chats.values())
            assert path.read_bytes() == whole.encode("utf-8")
            assert path.suffix == (".json" if whole.startswith("{") else ".txt")
            fresh = [Chat(c.thread, c.channel, dict(c.rows)) for c in log.chats.values()]
            assert encoded(fresh) == path.read_bytes()


def test_a_log_stored_meanwhile_is_merged_into_the_same_bytes(places: Places) -> None:
    """Someone else stored the phase between two messages: every message of both is kept,
    and the parts rebuilt give the whole layout again."""
    with _game() as root:
        log = PhaseLog(root, "night1", places)
        log.put(CHANNELS[VILLAGE], int(VILLAGE), _row(800000000000000005, "おはよう"))
        other = PhaseLog(root, "night1", places)
        other.put(CHANNELS[DM], int(DM), _row(800000000000000003, "占い@じろう"))
        log.put(CHANNELS[VILLAGE], int(VILLAGE), _row(800000000000000009, "草"))
        (path,) = (root / "logs").glob("night1.*")
        assert sorted(log.where) == ["800000000000000003", "800000000000000005",
                                     "800000000000000009"]
        assert path.read_bytes() == dump(log.chats.values()).encode("utf-8")
        log.put(CHANNELS[DM], int(DM), _row(800000000000000010, "確認"))
        (path,) = (root / "logs").glob("night1.*")
        assert path.read_bytes() == dump(log.chats.values()).encode("utf-8")


def test_one_more_message_serializes_that_message_only(places: Places,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Storing the 401st message of a phase writes the whole log, but serializes (JSON)
    only the new message and parses nothing: its cost does not grow with the phase."""
    with _game() as root:
        log = PhaseLog(root, "night1", places)
        for n in range(400):
            channel = VILLAGE if n % 4 else PRIVATE["たろう"]
            log.put(CHANNELS[channel], int(channel), _row(800000000000000000 + n, f"発言{n}"))
        dumped: list[int] = []
        loads: list[int] = []
        real_dumps, real_loads = json.dumps, json.loads

        def dumps(obj: Any, *a: Any, **k: Any) -> str:
            out = real_dumps(obj, *a, **k)
            dumped.append(len(out))
            return out

        def count_loads(*a: Any, **k: Any) -> Any:
            loads.append(1)
            return real_loads(*a, **k)

        monkeypatch.setattr(json, "dumps", dumps)
        monkeypatch.setattr(json, "loads", count_loads)
        r = _row(800000000000000400, "最後の発言")
        log.put(CHANNELS[VILLAGE], int(VILLAGE), r)
        monkeypatch.undo()
        one = len(real_dumps(r, ensure_ascii=False, indent=2))
        size = (root / "logs" / "night1.txt").stat().st_size
        assert size > 100 * one
        assert loads == []
        assert sum(dumped) < 2 * one + 1000  # the message, and the store's small journal
