"""``adjudicator bot`` end to end against local fakes of Discord (no network): the REST
fake (tests/discord/fake.py) and the gateway fake (tests/discord/fake_gateway.py), a
websocket server on 127.0.0.1 with HELLO, IDENTIFY, READY, heartbeats, dispatches, a
dropped connection and RESUME."""

from __future__ import annotations

import asyncio
import base64
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("hikari", reason="the Discord extra is not installed")

from adjudicator.discord_ import DiscordError  # noqa: E402
from tests.discord.botgame import (  # noqa: E402
    GM_CHANNEL,
    GM_UID,
    GUEST_UID,
    PLAYERS,
    PRIVATE,
    UID,
    VILLAGE,
    WOLVES,
    Line,
    make_game,
    night,
)
from tests.discord.fake import BOT, Fake  # noqa: E402
from tests.discord.fake_gateway import FakeGateway  # noqa: E402

#: a token of the shape hikari's gateway bot reads (the bot's id in base64, then two parts)
TOKEN = base64.b64encode(BOT["id"].encode()).decode().rstrip("=") + ".fake.token"


def until(cond: Callable[[], bool], timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return
        time.sleep(0.05)
    raise AssertionError("timed out")


class Running:
    """The bot in a thread of its own, stopped by ``stop()``."""

    def __init__(self, root: Path, api: str) -> None:
        self.root, self.api = root, api
        self.said: list[str] = []
        self.error: BaseException | None = None
        self.ready = threading.Event()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.stop_event: asyncio.Event | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        from adjudicator.discord_.gateway import run

        async def go() -> None:
            self.loop = asyncio.get_running_loop()
            self.stop_event = asyncio.Event()
            await run(self.root, TOKEN, self.api, self.said.append, self.stop_event,
                      ready=self.ready.set)

        try:
            asyncio.run(go())
        except BaseException as e:  # noqa: BLE001 - the test reads it
            self.error = e
        finally:
            self.ready.set()

    def start(self) -> Running:
        self.thread.start()
        assert self.ready.wait(30)
        if self.error is not None:
            raise self.error
        return self

    def stop(self) -> None:
        if self.loop is not None and self.stop_event is not None and self.thread.is_alive():
            self.loop.call_soon_threadsafe(self.stop_event.set)
        self.thread.join(30)
        assert not self.thread.is_alive()
        if self.error is not None:
            raise self.error


@pytest.fixture
def discord() -> Iterator[tuple[Fake, FakeGateway]]:
    fake = Fake().start()
    fake.token = TOKEN
    for k, name in enumerate(PLAYERS, 1):
        fake.add_user(UID[name], f"user{k}", None, nick=name)
        fake.add_channel(PRIVATE[name], f"{name}-個別")
    fake.add_user(GM_UID, "gm_master", "ゲームマスター", nick="GM")
    fake.add_user(GUEST_UID, "suzuki", "見学のすずき", nick=None)
    fake.add_channel(WOLVES, "人狼部屋")
    fake.add_channel(GM_CHANNEL, "gm-控室")
    gw = FakeGateway(fake).start()
    yield fake, gw
    gw.stop()
    fake.stop()


def type_line(gw: FakeGateway, ln: Line) -> None:
    gw.create(ln.channel, ln.uid, ln.when, ln.text, int(ln.id) & 0xFFF, nick=ln.who)


def answers(fake: Fake) -> list[tuple[str, str]]:
    return [(m["channel_id"], m["content"]) for m in fake.sent]


def test_a_scripted_night_gets_its_receipts_in_the_right_places(
        discord: tuple[Fake, FakeGateway], tmp_path: Path) -> None:
    fake, gw = discord
    root = make_game(tmp_path)
    bot = Running(root, fake.api).start()
    try:
        lines = night()
        for ln in lines:
            type_line(gw, ln)
        until(lambda: len(fake.sent) >= 16)
        time.sleep(0.3)
    finally:
        bot.stop()
    sent = answers(fake)
    assert len(sent) == 16
    assert all(ch in PRIVATE.values() for ch, _t in sent)  # never the village
    mine = dict(sent)
    assert mine[PRIVATE["たろう"]].startswith("受け付けました：予想@じろう 3万ドル")
    assert "締め切り後" in mine[PRIVATE["こうじ"]]
    assert gw.identifies == 1 and gw.heartbeats >= 1
    assert (root / "logs" / "night1.txt").is_file()
    assert any("起動しました" in s for s in bot.said)


def test_a_drop_and_resume_lose_and_duplicate_nothing(
        discord: tuple[Fake, FakeGateway], tmp_path: Path) -> None:
    fake, gw = discord
    root = make_game(tmp_path)
    bot = Running(root, fake.api).start()
    lines = night()
    try:
        for ln in lines[:8]:
            type_line(gw, ln)
        until(lambda: len(fake.sent) >= 6)
        gw.drop()
        for ln in lines[8:14]:  # typed while the bot is away: replayed on RESUME
            type_line(gw, ln)
        until(lambda: gw.resumes >= 1, 30)
        for ln in lines[14:]:
            type_line(gw, ln)
        until(lambda: len(fake.sent) >= 16, 30)
        time.sleep(0.5)
    finally:
        bot.stop()
    assert gw.identifies == 1
    assert len(answers(fake)) == 16
    assert len({m["nonce"] for m in fake.sent}) == 16


def test_a_restart_mid_night_catches_up_and_answers_once(
        discord: tuple[Fake, FakeGateway], tmp_path: Path) -> None:
    fake, gw = discord
    root = make_game(tmp_path)
    lines = night()
    bot = Running(root, fake.api).start()
    try:
        for ln in lines[:8]:
            type_line(gw, ln)
        until(lambda: len(fake.sent) >= 6)
        time.sleep(0.3)
    finally:
        bot.stop()
    for ln in lines[8:14]:  # typed while the bot is stopped: only in the channels' history
        fake.say(ln.uid, ln.when, ln.text, int(ln.id) & 0xFFF, channel=ln.channel)
    bot = Running(root, fake.api).start()
    try:
        for ln in lines[14:]:
            type_line(gw, ln)
        until(lambda: len(fake.sent) >= 16, 30)
        time.sleep(0.5)
    finally:
        bot.stop()
    assert len(answers(fake)) == 16
    text = (root / "logs" / "night1.txt").read_text(encoding="utf-8")
    for ln in lines:
        assert text.count(f'"id": "{ln.id}"') == 1, ln


def test_without_the_message_content_intent_it_says_so(
        discord: tuple[Fake, FakeGateway], tmp_path: Path) -> None:
    fake, gw = discord
    gw.deny_content = True
    root = make_game(tmp_path)
    bot = Running(root, fake.api)
    with pytest.raises(DiscordError, match="Message Content Intent"):
        bot.start()
        bot.stop()


def test_an_application_without_the_intent_says_so(
        discord: tuple[Fake, FakeGateway], tmp_path: Path) -> None:
    fake, _gw = discord
    fake.app_flags = 0  # the switch is off in the Developer Portal
    bot = Running(make_game(tmp_path), fake.api)
    with pytest.raises(DiscordError, match="Message Content Intent がオフです"):
        bot.start()
        bot.stop()


def test_a_refused_dm_goes_to_the_gm(discord: tuple[Fake, FakeGateway],
                                      tmp_path: Path) -> None:
    fake, gw = discord
    root = make_game(tmp_path, dm=True)
    fake.blocked.add(UID["たろう"])
    bot = Running(root, fake.api).start()
    try:
        lines = night(dm=True)
        for ln in lines[:7]:
            type_line(gw, ln) if ln.channel in (VILLAGE, WOLVES) else gw.create(
                ln.channel, ln.uid, ln.when, ln.text, int(ln.id) & 0xFFF, guild=False)
        until(lambda: any(m["channel_id"] == GM_CHANNEL for m in fake.sent))
    finally:
        bot.stop()
    to_gm = [m["content"] for m in fake.sent if m["channel_id"] == GM_CHANNEL]
    assert "DMを送れない" in to_gm[0] and "予想@じろう" in to_gm[0]


def test_morning_then_two_confirms_send_once(discord: tuple[Fake, FakeGateway],
                                             tmp_path: Path) -> None:
    from datetime import timedelta

    fake, gw = discord
    root = make_game(tmp_path)
    bot = Running(root, fake.api).start()
    lines = night()
    try:
        for ln in lines:
            type_line(gw, ln)
        until(lambda: len(fake.sent) >= 16)
        at = lines[-1].when
        for k, word in enumerate(["朝", "送信", "送信"], 1):
            when = at + timedelta(minutes=k)
            gw.create(GM_CHANNEL, GM_UID, when, word, 0, nick="GM")
            if word == "朝":
                until(lambda: any("「送信」" in m["content"] for m in fake.sent))
            else:
                n = k - 1
                until(lambda n=n: sum("送信：" in m["content"] for m in fake.sent) >= n)
    finally:
        bot.stop()
    reports = [m["content"] for m in fake.sent if m["content"].startswith("送信：")]
    assert reports[0] != "送信：0件" and reports[1].startswith("送信：0件")
    to_village = [m for m in fake.sent if m["channel_id"] == VILLAGE]
    assert len(to_village) == 1 and "2日目の朝" in to_village[0]["content"]
    assert (root / "discord" / "sent.json").is_file()


def test_ctrl_c_stops_the_bot_cleanly(discord: tuple[Fake, FakeGateway],
                                      tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import sys

    fake, _gw = discord
    root = make_game(tmp_path)
    env = dict(os.environ, ADJUDICATOR_DISCORD_TOKEN=TOKEN, ADJUDICATOR_DISCORD_API=fake.api,
               PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "adjudicator", "bot", str(root)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    assert proc.stdout is not None
    first = proc.stdout.readline()
    assert "起動しました" in first
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert "Traceback" not in err and "Traceback" not in out
    assert "止めました" in out + err


def test_an_edit_and_a_delete_through_the_gateway_are_recorded(
        discord: tuple[Fake, FakeGateway], tmp_path: Path) -> None:
    from datetime import timedelta

    fake, gw = discord
    root = make_game(tmp_path)
    lines = night()
    bot = Running(root, fake.api).start()
    log = root / "logs" / "night1.txt"
    try:
        sent: dict[str, dict[str, Any]] = {}
        for ln in lines[:8]:
            sent[ln.id] = gw.create(ln.channel, ln.uid, ln.when, ln.text, int(ln.id) & 0xFFF,
                                    nick=ln.who)
        until(lambda: len(fake.sent) >= 6)
        taro = next(ln for ln in lines[:8] if ln.who == "たろう")
        gw.edit(sent[taro.id], "予想@じろう 4万", taro.when + timedelta(seconds=20))
        until(lambda: any("4万" in m["content"] for m in fake.sent))
        bite = next(ln for ln in lines[:8] if ln.text.startswith("噛み"))
        gw.delete(sent[bite.id])
        until(lambda: "deletedContent" in log.read_text(encoding="utf-8"))
    finally:
        bot.stop()
    text = log.read_text(encoding="utf-8")
    assert "予想@じろう 4万" in text and '"timestampEdited": "2026' in text


def test_a_rate_limit_is_waited_out_and_said(discord: tuple[Fake, FakeGateway],
                                             tmp_path: Path) -> None:
    fake, gw = discord
    root = make_game(tmp_path)
    bot = Running(root, fake.api).start()
    try:
        fake.rate_limit_posts = 1  # the first receipt's POST: 429, retry after 0.6 s
        for ln in night()[:3]:
            type_line(gw, ln)
        until(lambda: len(fake.sent) >= 1)
    finally:
        bot.stop()
    assert fake.throttled >= 1 and len(fake.sent) == 1
    assert any("回数制限" in s for s in bot.said)
