"""The Discord connector (``adjudicator discord pull|send`` and the desk's buttons) against
a local fake of Discord's REST API (tests/discord/fake.py) on 127.0.0.1: no network."""

from __future__ import annotations

import json
import re
import shutil
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("hikari", reason="the Discord extra is not installed "
                    "(pip install -e '.[discord]')")

from adjudicator.cli.main import main  # noqa: E402
from adjudicator.discord_.dce import JST  # noqa: E402
from adjudicator.engine import resolve_game  # noqa: E402
from adjudicator.resources import data_dir  # noqa: E402
from tests.discord.fake import Fake  # noqa: E402

SAMPLE = data_dir("samples") / "derby-stock"
LINE = re.compile(r"^\[(\d\d):(\d\d)\] ([^:]+): (.*)$")
TOKEN = "test-token"
START = datetime(2026, 3, 1, 23, 50, tzinfo=JST)  # the night runs across midnight


def _ids(name: str, k: int) -> str:
    return str(700000000000000000 + k)


PLAYERS = ["たろう", "はなこ", "じろう", "さくら", "けんた", "みゆき", "だいすけ", "あやか", "しょう",
           "ゆい", "りょう", "まい", "こうじ", "なな", "ひろし", "えみ"]
UID = {name: _ids(name, k) for k, name in enumerate(PLAYERS, 1)}
GM_UID, GUEST_UID = "700000000000000100", "700000000000000101"


def _night_lines() -> list[tuple[str, str]]:
    """The sample's night 1 as (speaker, text), the GM's opening line first and a
    spectator's line last."""
    rows = [("GM", "1日目夜です")]
    for line in (SAMPLE / "logs" / "night1.txt").read_text(encoding="utf-8").splitlines():
        m = LINE.match(line)
        assert m, line
        rows.append((m[3], m[4]))
    rows.append(("見学のすずき", "スクショです"))
    return rows


def _game(tmp: Path, name: str, channel: str | None = None) -> Path:
    root = tmp / name
    (root / "logs").mkdir(parents=True)
    toml = (SAMPLE / "game.toml").read_text(encoding="utf-8")
    # たろう by user id, じろう by username; the others by the name the channel shows
    toml = toml.replace('name = "たろう"\n', f'name = "たろう"\ndiscord = "{UID["たろう"]}"\n', 1)
    toml = toml.replace('name = "じろう"\n', 'name = "じろう"\ndiscord = "jiro_2026"\n', 1)
    if channel:
        toml += f'\n[discord]\nchannel = "{channel}"\ngm = ["{GM_UID}"]\n'
    (root / "game.toml").write_text(toml, encoding="utf-8")
    shutil.copy(SAMPLE / "logs" / "day1.txt", root / "logs" / "day1.txt")
    return root


def _fill(fake: Fake) -> list[tuple[str, str, datetime]]:
    """The channel: the end of day 1, night 1 (edits, a reply, mentions, an attachment,
    across midnight), then day 2's opening.  Returns night 1 as (speaker, text, time)."""
    for name, uid in UID.items():
        if name == "じろう":
            fake.add_user(uid, "jiro_2026", "ジロー", nick="ジロ")  # mapped by username
        elif name == "はなこ":
            fake.add_user(uid, "hanako.k", "はなこ", nick=None)  # global name only
        elif name == "けんた":
            fake.add_user(uid, "kenta99", "けんた", member=False)  # left the server
        elif name == "たろう":
            fake.add_user(uid, "taro", "Taro", nick="たろ")  # mapped by id
        else:
            fake.add_user(uid, f"user{uid[-2:]}", None, nick=name)
    fake.add_user(GM_UID, "gm_master", "ゲームマスター", nick="GM")
    fake.add_user(GUEST_UID, "suzuki", "見学のすずき", nick=None)
    uid_of = dict(UID, GM=GM_UID, 見学のすずき=GUEST_UID)
    day1 = START - timedelta(hours=1)
    fake.say(UID["たろう"], day1, "昼はおつかれさまでした")
    fake.say(GM_UID, day1 + timedelta(minutes=1), "1日目の夜に発表します")  # opens nothing
    night: list[tuple[str, str, datetime]] = []
    last: dict[str, Any] = {}
    for k, (who, text) in enumerate(_night_lines()):
        when = START + timedelta(minutes=k)
        content, mentions = text, []
        for target in PLAYERS:  # "噛み@ゆい" typed with Discord's mention picker
            if text.endswith(f"@{target}") and who != "GM":
                content, mentions = text[: -len(target) - 1] + f"<@{uid_of[target]}>", [
                    uid_of[target]]
        extra: dict[str, Any] = {}
        if who == "はなこ" and text == "3株":
            extra["reply_to"] = last["GM"]  # answers the GM's price
        if who == "あやか":
            extra["edited"] = when + timedelta(seconds=40)  # corrected in place
        if who == "見学のすずき":
            extra["attachments"] = [{"id": "1", "filename": "スクショ.png", "size": 12345,
                                     "url": "https://cdn.discordapp.com/attachments/1/2/x.png",
                                     "proxy_url": "https://media.discordapp.net/x.png",
                                     "content_type": "image/png", "width": 10, "height": 10}]
        msg = fake.say(uid_of[who], when, content, mentions=mentions, **extra)
        last[who] = msg
        night.append((who, text, when))
    after = START + timedelta(minutes=len(night) + 2)
    fake.say(GM_UID, after, "【2日目】です！")
    fake.say(UID["はなこ"], after + timedelta(minutes=1), "おはようございます")
    return night


def _text_game(tmp: Path, night: list[tuple[str, str, datetime]]) -> Path:
    """The same night pasted as text ("[HH:MM:SS] name: text": DiscordChatExporter's JSON
    keeps the seconds, and a notice quotes a line's time as read)."""
    root = _game(tmp, "pasted")
    text = "\n".join(f"[{w:%H:%M:%S}] {who}: {t}" for who, t, w in night) + "\n"
    (root / "logs" / "night1.txt").write_text(text, encoding="utf-8")
    return root


def _posts(root: Path, phase: str) -> tuple[str, dict[str, list[str]]]:
    game = resolve_game(root)
    ph = next(p for p in game.phases if p.id == phase)
    return ph.public_post, ph.private


# ------------------------------------------------------------------ pull
def test_pull_then_resolve_gives_the_posts_of_the_pasted_night(fake: Fake, env: Path,
                                                               capsys: Any) -> None:
    night = _fill(fake)
    root = _game(env, "pulled", fake.channel_id)
    rc = main(["discord", "pull", str(root), "night1", "--api", fake.api])
    out = capsys.readouterr()
    assert rc == 0, out.err
    stored = root / "logs" / "night1.json"
    assert TOKEN not in stored.read_text(encoding="utf-8")
    doc = json.loads(stored.read_text(encoding="utf-8"))
    msgs = doc["messages"]
    assert [m["content"] for m in msgs][0] == "1日目夜です"
    assert len(msgs) == len(night)  # day 1's talk and day 2 are left out
    assert msgs[0]["timestamp"] == "2026-03-01T23:50:00.000+09:00"
    assert msgs[-1]["timestamp"].startswith("2026-03-02T00:")  # after midnight, in JST
    names = {m["author"]["nickname"] for m in msgs}
    assert {"たろう", "じろう", "はなこ", "けんた", "GM", "見学のすずき"} <= names
    assert "噛み@ゆい" in [m["content"] for m in msgs]  # a mention as the channel shows it
    reply = next(m for m in msgs if m["type"] == "Reply")
    price = next(m for m in msgs if m["content"].startswith("たろうさんの株は"))
    assert reply["content"] == "3株" and reply["reference"]["messageId"] == price["id"]
    assert any(m["timestampEdited"] for m in msgs)
    assert any(a["fileName"] == "スクショ.png" for m in msgs for a in m["attachments"])
    # every author the roster cannot place is listed
    assert "見学のすずき" in out.out and GUEST_UID in out.out
    assert "ジロ" not in out.out.split("結び付かなかった")[-1]
    assert TOKEN not in out.out + out.err
    # the same night pasted as text gives the same posts and notices
    assert _posts(root, "night1") == _posts(_text_game(env, night), "night1")
    # the players' ids (for the DMs) come from the stored log; nothing else is written
    from adjudicator.config.load import load_config
    from adjudicator.discord_.pull import known_ids

    ids = known_ids(root, load_config(root / "game.toml"))
    assert ids["さくら"] == UID["さくら"] and ids["じろう"] == UID["じろう"]
    assert "見学のすずき" not in ids and not (root / "discord").exists()


def test_pull_again_keeps_the_replaced_version(fake: Fake, env: Path, capsys: Any) -> None:
    _fill(fake)
    root = _game(env, "g", fake.channel_id)
    assert main(["discord", "pull", str(root), "night1", "--api", fake.api]) == 0
    assert main(["discord", "pull", str(root), "night1", "--api", fake.api]) == 0
    assert "変更なし" in capsys.readouterr().out
    fake.say(UID["えみ"], START + timedelta(minutes=20, seconds=30), "おやすみ")
    assert main(["discord", "pull", str(root), "night1", "--api", fake.api]) == 0
    assert "以前の版" in capsys.readouterr().out
    assert list((root / "logs" / ".history").iterdir())


def test_pull_with_after_and_before(fake: Fake, env: Path, capsys: Any) -> None:
    _fill(fake)
    root = _game(env, "g", fake.channel_id)
    ordered = sorted(fake.messages, key=lambda m: int(m["id"]))
    first, stop = ordered[3], ordered[8]
    assert main(["discord", "pull", str(root), "night1", "--api", fake.api,
                 "--after", first["id"], "--before", stop["id"]]) == 0
    doc = json.loads((root / "logs" / "night1.json").read_text(encoding="utf-8"))
    assert [m["id"] for m in doc["messages"]] == [m["id"] for m in ordered[4:8]]


def test_pull_without_the_opening_message_stores_nothing(fake: Fake, env: Path,
                                                         capsys: Any) -> None:
    fake.add_user(GM_UID, "gm_master", None, nick="GM")
    fake.say(GM_UID, START, "こんばんは")
    root = _game(env, "g", fake.channel_id)
    assert main(["discord", "pull", str(root), "night1", "--api", fake.api]) == 1
    err = capsys.readouterr().err
    assert "見つかりません" in err and "--after" in err and "Traceback" not in err
    assert not (root / "logs" / "night1.json").exists()


def test_pull_network_error_stores_nothing(fake: Fake, env: Path, capsys: Any) -> None:
    _fill(fake)
    root = _game(env, "g", fake.channel_id)
    fake.down_after_creates = 0  # every request: the connection closes
    from adjudicator.discord_ import DiscordError
    from adjudicator.discord_.cli import run_pull

    with pytest.raises(DiscordError, match="つながりません"):
        run_pull(root, "night1", fake.channel_id, None, None, fake.api, say=lambda _s: None,
                 max_retries=0)
    assert not (root / "logs" / "night1.json").exists()


def test_heading_defines_what_opens_a_phase() -> None:
    from adjudicator.discord_.pull import heading

    assert heading("1日目夜です") == "night1"
    assert heading("【２日目】です！\n今日の予定…") == "day2"
    assert heading("3日目 昼") == "day3"
    assert heading("2日目の夜") == "night2" and heading("2夜目開始") == "night2"
    assert heading("第3ラウンド") == "round3" and heading("ラウンド4スタート") == "round4"
    assert heading("1日目の夜に発表します") is None
    assert heading("2日目の投票は22時まで") is None
    assert heading("こんばんは") is None


# ------------------------------------------------------------------ send
def _pulled_game(fake: Fake, env: Path, capsys: Any) -> Path:
    _fill(fake)
    root = _game(env, "g", fake.channel_id)
    assert main(["discord", "pull", str(root), "night1", "--api", fake.api]) == 0
    capsys.readouterr()
    return root


def _expected(root: Path) -> tuple[str, dict[str, str]]:
    public, private = _posts(root, "night1")
    return public.rstrip("\n"), {n: "\n".join(v) for n, v in private.items()}


def _received(fake: Fake) -> tuple[list[str], dict[str, list[str]]]:
    public = [m["content"] for m in fake.sent if m["channel_id"] == fake.channel_id]
    dms: dict[str, list[str]] = {}
    name_of = {uid: n for n, uid in UID.items()}
    for m in fake.sent:
        if m["channel_id"] in fake.dm_of:
            dms.setdefault(name_of[fake.dm_of[m["channel_id"]]], []).append(m["content"])
    return public, dms


def test_send_shows_first_then_posts_exactly_once(fake: Fake, env: Path, capsys: Any) -> None:
    root = _pulled_game(fake, env, capsys)
    assert main(["discord", "send", str(root), "night1", "--api", fake.api]) == 0
    shown = capsys.readouterr().out
    public, private = _expected(root)
    assert public in shown and all(t in shown for t in private.values())
    assert "--yes" in shown and fake.sent == []  # nothing sent without --yes
    assert main(["discord", "send", str(root), "night1", "--api", fake.api, "--yes"]) == 0
    got_public, got_dms = _received(fake)
    assert got_public == [public]
    assert got_dms == {n: [t] for n, t in private.items()}
    record = json.loads((root / "discord" / "sent.json").read_text(encoding="utf-8"))
    assert set(record["phases"]["night1"]) == {"public"} | {f"dm:{n}" for n in private}
    assert TOKEN not in (root / "discord" / "sent.json").read_text(encoding="utf-8")
    n = len(fake.sent)
    capsys.readouterr()
    assert main(["discord", "send", str(root), "night1", "--api", fake.api, "--yes"]) == 0
    assert len(fake.sent) == n  # a second run sends nothing
    assert "送信済み" in capsys.readouterr().out


def test_a_blocked_dm_is_listed_for_the_gm(fake: Fake, env: Path, capsys: Any) -> None:
    root = _pulled_game(fake, env, capsys)
    fake.blocked.add(UID["はなこ"])
    assert main(["discord", "send", str(root), "night1", "--api", fake.api, "--yes"]) == 1
    out = capsys.readouterr().out
    assert "送れなかったDM" in out and "はなこさんへのDM" in out.split("送れなかったDM")[1]
    record = json.loads((root / "discord" / "sent.json").read_text(encoding="utf-8"))
    assert "dm:はなこ" not in record["phases"]["night1"]
    fake.blocked.clear()  # she opens her DMs: the next run sends hers only
    n = len(fake.sent)
    assert main(["discord", "send", str(root), "night1", "--api", fake.api, "--yes"]) == 0
    assert len(fake.sent) == n + 1 and fake.dm_of[fake.sent[-1]["channel_id"]] == UID["はなこ"]


@pytest.mark.parametrize("scope", ["shared", "user"])
def test_a_429_is_waited_on_and_said(fake: Fake, env: Path, capsys: Any, scope: str) -> None:
    """Discord answers 429 until ``retry_after`` has passed: the send waits, says so, and
    every message still arrives once."""
    root = _pulled_game(fake, env, capsys)
    fake.rate_limit_posts = 1
    fake.rate_limit_scope = scope
    t0 = time.monotonic()
    assert main(["discord", "send", str(root), "night1", "--api", fake.api, "--yes"]) == 0
    took = time.monotonic() - t0
    out = capsys.readouterr().out
    assert "回数制限" in out and fake.rate_limit_posts == 0
    assert 1 <= fake.throttled <= 3, fake.throttled  # waited, not hammering
    assert took >= fake.retry_after * 0.9
    public, private = _expected(root)
    got_public, got_dms = _received(fake)
    assert got_public == [public] and len(got_dms) == len(private)


def test_a_lost_answer_is_not_sent_twice(fake: Fake, env: Path, capsys: Any) -> None:
    """The connection drops after Discord created the 3rd message: hikari retries with the
    same nonce and Discord answers with the message it has (enforce_nonce)."""
    root = _pulled_game(fake, env, capsys)
    fake.drop_after_create = 3
    from adjudicator.discord_.cli import run_send

    game = resolve_game(root)
    run_send(root, game, "night1", fake.channel_id, fake.api, say=lambda _s: None,
             max_retries=1)
    assert fake.drop_after_create == 0  # the answer to the 3rd was lost
    public, private = _expected(root)
    got_public, got_dms = _received(fake)
    assert got_public == [public] and got_dms == {n: [t] for n, t in private.items()}


def test_a_connection_lost_mid_send_leaves_the_record_right(fake: Fake, env: Path,
                                                            capsys: Any) -> None:
    root = _pulled_game(fake, env, capsys)
    fake.down_after_creates = 4  # Discord takes 4 messages, then nothing gets through
    from adjudicator.discord_ import DiscordError
    from adjudicator.discord_.cli import run_send

    game = resolve_game(root)
    with pytest.raises(DiscordError, match="記録済み"):
        run_send(root, game, "night1", fake.channel_id, fake.api, say=lambda _s: None,
                 max_retries=0)
    record = json.loads((root / "discord" / "sent.json").read_text(encoding="utf-8"))
    recorded = {mid for e in record["phases"]["night1"].values() for mid in e["parts"]}
    assert recorded == {m["id"] for m in fake.sent} and len(recorded) == 4
    fake.down_after_creates = None  # back online: the rest, once
    run_send(root, game, "night1", fake.channel_id, fake.api, say=lambda _s: None)
    public, private = _expected(root)
    got_public, got_dms = _received(fake)
    assert got_public == [public] and got_dms == {n: [t] for n, t in private.items()}


def test_long_posts_go_in_parts_between_lines() -> None:
    from adjudicator.discord_.send import split_message

    text = "\n".join(f"{k}行目：" + "あ" * 90 for k in range(60))
    parts = split_message(text)
    assert all(len(p) <= 2000 for p in parts) and len(parts) > 1
    assert "\n".join(parts) == text
    assert split_message("い" * 4500) == ["い" * 2000, "い" * 2000, "い" * 500]


# ------------------------------------------------------------------ token
def test_token_file_must_be_private(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from adjudicator.discord_ import DiscordError
    from adjudicator.discord_.token import load_token, token_file

    monkeypatch.delenv("ADJUDICATOR_DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    with pytest.raises(DiscordError, match="トークンがありません"):
        load_token()
    path = token_file()
    path.parent.mkdir(parents=True)
    path.write_text("secret-abc\n", encoding="utf-8")
    path.chmod(0o644)
    with pytest.raises(DiscordError, match="chmod 600") as e:
        load_token()
    assert "secret-abc" not in str(e.value)
    path.chmod(0o600)
    assert load_token() == "secret-abc"


def test_a_wrong_token_is_a_message(fake: Fake, env: Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: Any) -> None:
    _fill(fake)
    root = _game(env, "g", fake.channel_id)
    monkeypatch.setenv("ADJUDICATOR_DISCORD_TOKEN", "wrong-secret")
    assert main(["discord", "pull", str(root), "night1", "--api", fake.api]) == 1
    err = capsys.readouterr().err
    assert "トークン" in err and "wrong-secret" not in err and "Traceback" not in err


# ------------------------------------------------------------------ the desk
def _desk(fake: Fake, folder: Path) -> Any:
    from starlette.testclient import TestClient

    from adjudicator.desk.app import CSRF_COOKIE, create_app

    app = create_app(folder, hosts=("testserver",))
    app.state.discord_api = fake.api
    c = TestClient(app, raise_server_exceptions=True)
    c.get("/")
    return c, c.cookies.get(CSRF_COOKIE)


def _textarea(html: str) -> str:
    import html as h

    m = re.search(r'<textarea id="log" name="log"[^>]*>(.*?)</textarea>', html, re.S)
    assert m
    return h.unescape(m[1])


def test_desk_pull_shows_the_preview_then_stores_as_add(fake: Fake, env: Path) -> None:
    _fill(fake)
    folder = env / "games"
    folder.mkdir()
    root = _game(folder, "g", fake.channel_id)
    _game(folder, "plain")  # no channel: no Discord button
    c, csrf = _desk(fake, folder)
    assert "Discordから取り込む" in c.get("/g/g").text
    assert "Discordから取り込む" not in c.get("/g/plain").text
    r = c.post("/g/g/discord/pull", data={"csrf": "x" * 40, "phase": "night1"})
    assert r.status_code == 403 and not fake.requests  # the CSRF guard, as every POST
    r = c.post("/g/g/discord/pull", data={"csrf": csrf, "phase": "night1"},
               headers={"Origin": "https://evil.example"})
    assert r.status_code == 403 and not fake.requests  # and the Origin guard
    r = c.post("/g/g/discord/pull", data={"csrf": csrf, "phase": "night1"})
    assert r.status_code == 200, r.text
    assert "Discordから" in r.text and "見学のすずき" in r.text and TOKEN not in r.text
    assert not (root / "logs" / "night1.json").exists()  # a preview stores nothing
    text = _textarea(r.text)
    r = c.post("/g/g/store", data={"csrf": csrf, "phase": "night1", "format": "dce-json",
                                   "log": text}, follow_redirects=False)
    assert r.status_code == 303
    stored = (root / "logs" / "night1.json").read_bytes()
    cli_root = _game(env, "cli", fake.channel_id)
    assert main(["discord", "pull", str(cli_root), "night1", "--api", fake.api]) == 0
    assert stored == (cli_root / "logs" / "night1.json").read_bytes()


def test_desk_send_previews_confirms_and_sends_once(fake: Fake, env: Path,
                                                   capsys: Any) -> None:
    _fill(fake)
    folder = env / "games"
    folder.mkdir()
    root = _game(folder, "g", fake.channel_id)
    assert main(["discord", "pull", str(root), "night1", "--api", fake.api]) == 0
    c, csrf = _desk(fake, folder)
    page = c.get("/g/g?phase=night1").text
    assert "Discordに送信" in page
    r = c.post("/g/g/discord/send-preview", data={"csrf": csrf, "phase": "night1"})
    assert r.status_code == 200 and fake.sent == []
    public, private = _expected(root)
    import html as h

    assert h.escape(public, quote=False) in r.text
    fp = re.search(r'name="fingerprint" value="([0-9a-f]+)"', r.text)
    assert fp
    r = c.post("/g/g/discord/send", data={"csrf": csrf, "phase": "night1",
                                          "fingerprint": "0" * 64})
    assert r.status_code == 409 and fake.sent == []  # not what the GM confirmed
    r = c.post("/g/g/discord/send", data={"csrf": csrf, "phase": "night1",
                                          "fingerprint": fp[1]})
    assert r.status_code == 200, r.text
    got_public, got_dms = _received(fake)
    assert got_public == [public] and got_dms == {n: [t] for n, t in private.items()}
    r = c.post("/g/g/discord/send-preview", data={"csrf": csrf, "phase": "night1"})
    assert "送るものはありません" in r.text
    r = c.post("/g/g/discord/send", data={"csrf": csrf, "phase": "night1",
                                          "fingerprint": fp[1]})
    assert r.status_code == 409 and len(fake.sent) == 1 + len(private)


def _correct_by_hand(root: Path) -> None:
    log = root / "logs" / "night1.json"
    doc = json.loads(log.read_text(encoding="utf-8"))
    for m in doc["messages"]:
        if m["content"] == "3株":
            m["content"] = "2株"  # the GM corrects the log by hand
    log.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")


def test_a_changed_text_gets_its_correction_once(fake: Fake, env: Path, capsys: Any) -> None:
    """After a send (which marks the phase published), a corrected log changes はなこ's
    notice: the next send DMs her the 訂正 notice (adjudicator.corrections) and nothing
    else; a third send sends nothing."""
    from adjudicator.corrections import compare, load, private_correction
    from adjudicator.engine import resolve_game

    root = _pulled_game(fake, env, capsys)
    assert main(["discord", "send", str(root), "night1", "--api", fake.api, "--yes"]) == 0
    assert (root / "published" / "night1.json").is_file()
    n = len(fake.sent)
    _correct_by_hand(root)
    (change,) = compare(resolve_game(root), load(root))
    expected = private_correction(change, "はなこ").rstrip("\n")
    capsys.readouterr()
    assert main(["discord", "send", str(root), "night1", "--api", fake.api, "--yes"]) == 0
    out = capsys.readouterr().out
    assert "訂正を送ります" in out.split("はなこさんへのDM（訂正）")[1].split("\n")[0]
    assert len(fake.sent) == n + 1 and fake.sent[-1]["content"] == expected
    assert expected.startswith("【訂正】1日目 夜のはなこさんへの通知に誤りがありました。")
    assert main(["discord", "send", str(root), "night1", "--api", fake.api, "--yes"]) == 0
    assert len(fake.sent) == n + 1
    assert compare(resolve_game(root), load(root)) == []  # the correction is published


def test_a_changed_text_without_a_published_record_is_left_to_the_gm(
        fake: Fake, env: Path, capsys: Any) -> None:
    """A phase sent before sends kept a published record: shown as changed and left to
    the GM; nothing is sent twice."""
    import shutil

    root = _pulled_game(fake, env, capsys)
    assert main(["discord", "send", str(root), "night1", "--api", fake.api, "--yes"]) == 0
    shutil.rmtree(root / "published")
    n = len(fake.sent)
    _correct_by_hand(root)
    capsys.readouterr()
    assert main(["discord", "send", str(root), "night1", "--api", fake.api, "--yes"]) == 0
    out = capsys.readouterr().out
    assert len(fake.sent) == n
    assert "その後内容が変わりました" in out.split("はなこさんへのDM")[1].split("\n")[0]


def test_the_bots_own_posts_are_kept_but_not_listed_as_players(fake: Fake, env: Path,
                                                               capsys: Any) -> None:
    root = _pulled_game(fake, env, capsys)
    assert main(["discord", "send", str(root), "night1", "--api", fake.api, "--yes"]) == 0
    fake.messages.append(dict(fake.sent[0], channel_id=fake.channel_id))  # the morning post
    capsys.readouterr()
    ordered = sorted(fake.messages, key=lambda m: int(m["id"]))
    assert main(["discord", "pull", str(root), "day2", "--api", fake.api,
                 "--after", ordered[-2]["id"]]) == 0
    out = capsys.readouterr().out
    assert "ボットの投稿" in out and "adjudicator-bot" not in out.split("ボットの投稿")[0]


def test_a_phase_add_would_refuse_is_refused_before_discord(fake: Fake, env: Path,
                                                            capsys: Any) -> None:
    _fill(fake)
    root = _game(env, "g", fake.channel_id)
    assert main(["discord", "pull", str(root), "night3", "--api", fake.api]) == 2
    assert fake.requests == [] and "Traceback" not in capsys.readouterr().err


def test_without_the_message_content_intent_nothing_is_stored(fake: Fake, env: Path,
                                                              capsys: Any) -> None:
    """Discord blanks every message's content for a bot without the intent."""
    _fill(fake)
    for m in fake.messages:
        m["content"] = ""
    root = _game(env, "g", fake.channel_id)
    ordered = sorted(fake.messages, key=lambda m: int(m["id"]))
    for after in ([], ["--after", ordered[0]["id"]]):  # no opener to find / a given range
        assert main(["discord", "pull", str(root), "night1", "--api", fake.api, *after]) == 1
        assert "Message Content Intent" in capsys.readouterr().err
        assert not (root / "logs" / "night1.json").exists()


def test_a_look_alike_of_a_player_known_by_account_is_not_that_player(
        fake: Fake, env: Path, capsys: Any) -> None:
    """たろう is known by his user id: another account that shows the name 「たろう」 is
    stored as that account's (「たろう（別のアカウント …）」), listed for the GM, and its
    command is not たろう's (the bot does the same: ``pull.Authors.written``)."""
    from datetime import timedelta

    _fill(fake)
    imposter = "700000000000000102"
    fake.add_user(imposter, "not_taro", None, nick="たろう")
    fake.say(imposter, START + timedelta(minutes=5, seconds=30), "予想@じろう 5万")
    root = _game(env, "pulled", fake.channel_id)
    assert main(["discord", "pull", str(root), "night1", "--api", fake.api]) == 0
    out = capsys.readouterr().out
    assert imposter in out.split("結び付かなかった")[-1]
    doc = json.loads((root / "logs" / "night1.json").read_text(encoding="utf-8"))
    shown = [m["author"]["nickname"] for m in doc["messages"] if m["author"]["id"] == imposter]
    assert shown == ["たろう（別のアカウント not_taro）"]
    game = resolve_game(root)
    rec = next(r for p in game.phases for r in p.lines if r.text == "予想@じろう 5万")
    assert rec.speaker != "たろう" and rec.disposition != "accepted"
