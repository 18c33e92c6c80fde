"""The catch-up reads the game's channels one after another over REST while the gateway
goes on bringing messages: what came by the gateway meanwhile is taken in one order with
what was read (Discord's ids), so a private line written after the GM's 締め切り in the
village is answered as late even when the 締め切り came by the gateway during the read."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import pytest

pytest.importorskip("hikari", reason="the Discord extra is not installed")

from adjudicator.discord_.bot import Msg, User  # noqa: E402
from adjudicator.discord_.gateway import Glue  # noqa: E402

VILLAGE, PRIVATE = 100, 200
WHEN = datetime(2026, 3, 1, 21, 0, tzinfo=UTC)


def rest_message(mid: int, channel: int, text: str) -> Any:
    author = SimpleNamespace(id=7, username="u7", global_name=None, is_bot=False)
    return SimpleNamespace(id=mid, channel_id=channel, author=author, content=text,
                           timestamp=WHEN, edited_timestamp=None, user_mentions={},
                           message_reference=None)


class Core:
    """The part of ``BotCore`` the catch-up uses; it records the order it is fed in."""

    def __init__(self) -> None:
        self.phase = "night1"
        self.state = SimpleNamespace(opened="1")
        self.log = SimpleNamespace(last_ids=lambda: {})
        self.places = SimpleNamespace(channels={VILLAGE: None, PRIVATE: None},
                                      village=VILLAGE)
        self.fed: list[int] = []
        self.edited: list[int] = []

    def on_create(self, msg: Msg) -> list[Any]:
        self.fed.append(msg.id)
        return []

    def on_edit(self, msg: Msg) -> list[Any]:
        self.edited.append(msg.id)
        return []


class Rest:
    """The village is read first (before the 締め切り); while the private channel is
    read, the 締め切り (id 30) and an edit come by the gateway."""

    def __init__(self, glue: Glue) -> None:
        self.glue = glue

    async def fetch_messages(self, channel: int, after: Any = None) -> Any:
        if channel == VILLAGE:
            yield rest_message(10, VILLAGE, "夜です")
            return
        deadline = Msg(30, VILLAGE, User(1, "gm"), "締め切り", WHEN)
        self.glue.queue.put_nowait(("create", deadline))
        self.glue.queue.put_nowait(("edit", deadline))
        yield rest_message(20, PRIVATE, "占い@じろう")
        yield rest_message(40, PRIVATE, "予想@しん 1万")


def test_the_gateways_messages_during_the_catch_up_are_taken_in_discords_order() -> None:
    core = Core()
    glue = Glue(core, None, lambda _s: None)  # type: ignore[arg-type]
    glue.rest = Rest(glue)
    asyncio.run(glue.catch_up())
    assert core.fed == [10, 20, 30, 40]  # the 締め切り before the late line
    assert core.edited == [30]  # an edit that came meanwhile is taken after its message
    assert glue.queue.empty()
