"""``discord pull`` of a night played in threads (issue 39, input.thread): the village
channel, each player's private channel, the wolves' channel and the bot's DMs, read for
the window the GM's heading opens in the village, against the local fake of Discord's
REST API (tests/discord/fake.py).  The night is the derby-threads fixture's night 1
(tests/fixtures/derby-threads), so that the same night added from exports is its twin."""

from __future__ import annotations

import json
import re
import shutil
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("hikari", reason="the Discord extra is not installed "
                    "(pip install -e '.[discord]')")

from adjudicator.chatlog import read_threads  # noqa: E402
from adjudicator.cli.main import main  # noqa: E402
from adjudicator.discord_.dce import JST  # noqa: E402
from adjudicator.engine import resolve_game  # noqa: E402
from tests.discord.fake import BOT, Fake  # noqa: E402

FIXTURE = Path(__file__).parents[1] / "fixtures" / "derby-threads"
TOKEN = "test-token"
PLAYERS = ["たろう", "はなこ", "じろう", "さくら", "けんた", "みゆき", "だいすけ", "あやか", "しょう",
           "ゆい", "りょう", "まい", "こうじ", "なな", "ひろし", "えみ"]
UID = {name: str(710000000000000000 + 10 * k) for k, name in enumerate(PLAYERS, 1)}
GM_UID = "710000000000000999"
PRIVATE = {"たろう": "720000000000000001", "はなこ": "720000000000000002",
           "こうじ": "720000000000000003"}  # their private channels (個別チャンネル)
WOLVES_CH = "720000000000000009"
DM = ["さくら", "だいすけ", "けんた", "みゆき", "あやか", "ゆい", "りょう", "まい", "えみ"]  # by the bot's DM
DAY = datetime(2026, 3, 1, tzinfo=JST)


def _night() -> list[tuple[str, str, str, str]]:
    """The fixture's night 1 as (chat, speaker shown, HH:MM, text), its chats in order: the
    village (with the GM's heading first), the wolves' room, the 1:1 chats."""
    text = (FIXTURE / "logs" / "night1.txt").read_text(encoding="utf-8")
    rows = [("人狼村", "GM", "21:19", "1日目夜です")]
    for part in read_threads(text, "night1"):
        rows += [(part.export.title, m.speaker, (m.time or "")[:5], m.text)
                 for m in part.reading.messages]
    return rows


def _chat_of(title: str) -> str:
    return {"人狼村": "village", "人狼部屋": "wolves"}.get(title, title)


def _when(hhmm: str, k: int) -> datetime:
    h, m = hhmm.split(":")
    return DAY + timedelta(hours=int(h), minutes=int(m), milliseconds=k)


def _base(tmp: Path, name: str) -> Path:
    root = tmp / name
    (root / "logs").mkdir(parents=True)
    shutil.copy(FIXTURE / "game.toml", root / "game.toml")
    shutil.copy(FIXTURE / "logs" / "day1.txt", root / "logs" / "day1.txt")
    return root


def _pulled_game(tmp: Path, fake: Fake, name: str = "pulled") -> Path:
    """The fixture's game with its Discord setup: the village channel, the private
    channels, the wolves' channel, the players' user ids (for the DMs)."""
    root = _base(tmp, name)
    toml = (root / "game.toml").read_text(encoding="utf-8")
    for who in PLAYERS:
        keys = ""
        if who in PRIVATE:
            keys += f'channel = "{PRIVATE[who]}"\n'
        if who in DM:
            keys += f'discord = "{UID[who]}"\n'
        toml = toml.replace(f'name = "{who}"\n', f'name = "{who}"\n{keys}', 1)
    toml += (f'\n[discord]\nchannel = "{fake.channel_id}"\ngm = ["{GM_UID}"]\n'
             f'\n[discord.groups]\n"人狼" = "{WOLVES_CH}"\n')
    (root / "game.toml").write_text(toml, encoding="utf-8")
    return root


def _fill(fake: Fake) -> None:
    """The server: every player (in a 1:1 chat the fixture shows them as 「はなこ🍣」: the
    private channels' authors are server members of that nickname, not on the roster),
    the GM, the channels; the night in them; before and after the window, lines that
    are not the night's."""
    for who, uid in UID.items():
        fake.add_user(uid, f"user{uid[-3:]}", None, nick=f"{who}🍣" if who in PRIVATE else who)
    fake.add_user(GM_UID, "gm_master", "ゲームマスター", nick="GM")
    fake.users[BOT["id"]] = BOT
    for who, cid in PRIVATE.items():
        fake.add_channel(cid, f"{who}-個別")
    fake.add_channel(WOLVES_CH, "wolves-den")
    by_name = {f"{p}🍣": p for p in PLAYERS} | {p: p for p in PLAYERS}
    for k, (title, speaker, hhmm, text) in enumerate(_night()):
        chat = _chat_of(title)
        uid = GM_UID if speaker == "GM" else UID[by_name[speaker]]
        if chat == "village":
            channel = fake.channel_id
        elif chat == "wolves":
            channel = WOLVES_CH
        elif chat in PRIVATE:
            channel = PRIVATE[chat]
        else:
            channel = fake.dm_channel(UID[chat])
        fake.say(uid, _when(hhmm, k), text, channel=channel)
    # outside the window: day 1's last words, a line before the heading, day 2
    fake.say(UID["たろう"], _when("21:10", 0), "占い@けんた", channel=PRIVATE["たろう"])
    fake.say(GM_UID, _when("21:40", 0), "【2日目】です！")
    fake.say(UID["はなこ"], _when("21:41", 0), "おはよう")
    fake.say(UID["こうじ"], _when("21:45", 0), "予想@はなこ 1万", channel=PRIVATE["こうじ"])


def _exported_game(tmp: Path) -> Path:
    """The same night added from exports, one file per chat (``add GAME night1 FILE…``),
    each named by its chat as the fixture's game.toml maps it; times with their seconds
    as Discord keeps them."""
    root = _base(tmp, "exported")
    files: dict[str, list[str]] = {}
    for k, (title, speaker, hhmm, text) in enumerate(_night()):
        files.setdefault(title, []).append(f"[{_when(hhmm, k):%H:%M:%S}] {speaker}: {text}")
    paths = []
    for title, lines in files.items():
        path = tmp / "exports" / f"{title}.txt"
        path.parent.mkdir(exist_ok=True)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths.append(str(path))
    assert main(["add", str(root), "night1", *paths]) == 0
    return root


def _posts(root: Path, phase: str = "night1") -> tuple[str, dict[str, list[str]]]:
    game = resolve_game(root)
    ph = next(p for p in game.phases if p.id == phase)
    return ph.public_post, ph.private


def _pull(root: Path, fake: Fake, *extra: str) -> int:
    return main(["discord", "pull", str(root), "night1", "--api", fake.api, *extra])


def test_a_night_pulled_as_threads_resolves_as_the_same_night_added_from_exports(
        fake: Fake, env: Path, capsys: Any) -> None:
    _fill(fake)
    root = _pulled_game(env, fake)
    assert _pull(root, fake) == 0
    out = capsys.readouterr().out
    stored = root / "logs" / "night1.txt"
    assert stored.is_file() and not (root / "logs" / "night1.json").exists()
    text = stored.read_text(encoding="utf-8")
    assert TOKEN not in text
    heads = re.findall(r"^=== スレッド：(.+) ===$", text, re.M)
    # the village, the wolves, then per player their channel or DM (the empty DMs left out)
    assert heads == ["村", "人狼", "たろう", "はなこ", "さくら", "けんた", "みゆき", "あやか", "ゆい",
                     "りょう", "まい", "こうじ", "えみ"]
    assert "おはよう" not in text and "占い@けんた" not in text and "予想@はなこ" not in text
    for line in ("村：2件", "グループ「人狼」のチャンネル：2件", "たろうさんの個別チャンネル：1件",
                 "はなこさんの個別チャンネル：5件", "こうじさんの個別チャンネル：1件",
                 "さくらさんとのDM：1件", "だいすけさんとのDM：0件（この日の発言なし）"):
        assert line in out, out
    exported = _exported_game(env)
    pulled_posts, exported_posts = _posts(root), _posts(exported)
    assert pulled_posts == exported_posts
    # and the posts are the fixture's (the night merged by hand, as the GM would)
    expected = FIXTURE / "expected" / "night1"
    assert pulled_posts[0] == (expected / "public.txt").read_text(encoding="utf-8")
    assert set(pulled_posts[1]) == {p.stem for p in (expected / "private").iterdir()}
    # the players' ids (for `send`'s DMs) are read from every thread of the stored log
    from adjudicator.config.load import load_config
    from adjudicator.discord_.pull import known_ids

    ids = known_ids(root, load_config(root / "game.toml"))
    assert ids["じろう"] == UID["じろう"] and ids["ひろし"] == UID["ひろし"]  # the wolves'
    assert ids["けんた"] == UID["けんた"]  # his DM


def test_a_display_name_not_on_the_roster_in_a_private_channel_is_that_players(
        fake: Fake, env: Path, capsys: Any) -> None:
    _fill(fake)
    root = _pulled_game(env, fake)
    assert _pull(root, fake) == 0
    out = capsys.readouterr().out
    assert "はなこ🍣" not in out.split("結び付かなかった")[-1] or "結び付かなかった" not in out
    game = resolve_game(root)
    night = next(p for p in game.phases if p.id == "night1")
    assert any("占い結果：じろうさんは【人狼】です。" in t for t in night.private["はなこ"])
    told = [d for d in night.diagnostics if d.code == "thread_owner"]
    assert any(d.speaker == "はなこ🍣" and "はなこさんの発言として" in (d.reason_ja or "")
               for d in told)
    # nothing of the pulled threads was guessed: each is what game.toml made it
    assert night.diagnostics and not [d for d in night.diagnostics
                                      if d.code == "thread_named"]


def test_a_late_line_in_a_private_channel_after_the_village_deadline_is_late(
        fake: Fake, env: Path, capsys: Any) -> None:
    _fill(fake)
    root = _pulled_game(env, fake)
    assert _pull(root, fake) == 0
    _public, private = _posts(root)
    assert private["こうじ"] == ["21:29の「予想@じろう 1万」は受け付けられませんでした："
                                 "締め切り後の発言のため無効です。"]


def test_a_channel_the_bot_cannot_read_stores_nothing(fake: Fake, env: Path,
                                                      capsys: Any) -> None:
    _fill(fake)
    root = _pulled_game(env, fake)
    fake.forbidden.add(PRIVATE["こうじ"])
    assert _pull(root, fake) == 1
    err = capsys.readouterr().err
    assert "こうじさんの個別チャンネル" in err and PRIVATE["こうじ"] in err
    assert "権限" in err and "何も保存していません" in err and "Traceback" not in err
    assert not list((root / "logs").glob("night1.*"))
    fake.forbidden.clear()
    fake.channels.pop(WOLVES_CH)  # deleted, or an id that is no channel
    assert _pull(root, fake) == 1
    err = capsys.readouterr().err
    assert "グループ「人狼」のチャンネル" in err and "見つかりません" in err
    assert not list((root / "logs").glob("night1.*"))


def test_a_dm_that_cannot_be_opened_is_a_warning(fake: Fake, env: Path, capsys: Any) -> None:
    _fill(fake)
    root = _pulled_game(env, fake)
    fake.no_dm.add(UID["みゆき"])
    assert _pull(root, fake) == 0
    out = capsys.readouterr().out
    assert "注意：みゆきさんとのDMを開けませんでした" in out and "読まずに" in out
    text = (root / "logs" / "night1.txt").read_text(encoding="utf-8")
    assert "=== スレッド：みゆき ===" not in text and "=== スレッド：けんた ===" in text


def test_pulling_again_changes_nothing(fake: Fake, env: Path, capsys: Any) -> None:
    _fill(fake)
    root = _pulled_game(env, fake)
    assert _pull(root, fake) == 0
    first = (root / "logs" / "night1.txt").read_bytes()
    capsys.readouterr()
    assert _pull(root, fake) == 0
    assert "変更なし" in capsys.readouterr().out
    assert (root / "logs" / "night1.txt").read_bytes() == first
    assert not (root / "logs" / ".history").exists() or not list(
        (root / "logs" / ".history").iterdir())
    # a new line in a DM inside the window: a new version, the old one kept
    fake.say(UID["まい"], _when("21:27", 500), "よろしく", channel=fake.dm_channel(UID["まい"]))
    assert _pull(root, fake) == 0
    assert "以前の版" in capsys.readouterr().out
    assert "よろしく" in (root / "logs" / "night1.txt").read_text(encoding="utf-8")


def test_the_bots_own_posts_in_a_dm_are_the_gms(fake: Fake, env: Path, capsys: Any) -> None:
    """The bot speaks for the GM in a DM (the notices ``send`` sent, the bot's answers):
    never read as the player's; a DM with nothing but the bot's posts is left out."""
    _fill(fake)
    root = _pulled_game(env, fake)
    dm = fake.dm_channel(UID["なな"])  # なな has no DM in the night: only the bot's post
    fake.dm_of[dm] = UID["なな"]
    fake.say(BOT["id"], _when("21:21", 900), "占い@じろう のような書き方で送ってください",
             channel=dm)
    fake.say(BOT["id"], _when("21:21", 901), "噛み@なな", channel=fake.dm_channel(UID["えみ"]))
    assert _pull(root, fake) == 0
    text = (root / "logs" / "night1.txt").read_text(encoding="utf-8")
    assert "=== スレッド：なな ===" not in text
    emi = text.split("=== スレッド：えみ ===")[1]
    doc = json.loads(emi.split("=== スレッド")[0])
    bot = [m for m in doc["messages"] if m["author"]["isBot"]]
    assert [m["author"]["nickname"] for m in bot] == ["GM"]
    _public, private = _posts(root)
    assert private["えみ"] == _posts(_exported_game(env))[1]["えみ"]


def test_one_channel_stores_as_before(fake: Fake, env: Path, capsys: Any) -> None:
    """No private channel, group or DM: the village's JSON alone, as a pull always stored."""
    _fill(fake)
    root = _base(env, "one")
    toml = (root / "game.toml").read_text(encoding="utf-8")
    toml += f'\n[discord]\nchannel = "{fake.channel_id}"\ngm = ["{GM_UID}"]\n'
    (root / "game.toml").write_text(toml, encoding="utf-8")
    assert _pull(root, fake) == 0
    assert "スレッドごと" not in capsys.readouterr().out
    doc = json.loads((root / "logs" / "night1.json").read_text(encoding="utf-8"))
    assert "thread" not in doc and [m["content"] for m in doc["messages"]] == [
        "1日目夜です", "締め切り"]
    assert ("GET", "/api/v10/users/@me") not in fake.requests  # nothing else asked


def test_a_group_channel_must_be_a_group(env: Path, fake: Fake, capsys: Any) -> None:
    root = _pulled_game(env, fake)
    path = root / "game.toml"
    path.write_text(path.read_text(encoding="utf-8") + '"結社" = "720000000000000010"\n',
                    encoding="utf-8")
    assert main(["resolve", str(root)]) != 0
    err = capsys.readouterr()
    assert "[discord.groups]" in err.out + err.err and "「結社」" in err.out + err.err


def test_the_desk_previews_each_thread_then_stores_as_the_cli(fake: Fake, env: Path) -> None:
    from starlette.testclient import TestClient

    from adjudicator.desk.app import CSRF_COOKIE, create_app

    _fill(fake)
    folder = env / "games"
    folder.mkdir()
    root = _pulled_game(folder, fake, "g")
    app = create_app(folder, hosts=("testserver",))
    app.state.discord_api = fake.api
    c = TestClient(app, raise_server_exceptions=True)
    c.get("/")
    csrf = c.cookies.get(CSRF_COOKIE)
    r = c.post("/g/g/discord/pull", data={"csrf": csrf, "phase": "night1"})
    assert r.status_code == 200, r.text
    threads = re.search(r'<ul id="discord-threads">(.*?)</ul>', r.text, re.S)
    assert threads and "はなこさんの個別チャンネル：5件" in threads[1]
    assert "グループ「人狼」のチャンネル：2件" in threads[1] and "さくらさんとのDM：1件" in threads[1]
    import html as h

    m = re.search(r'<textarea id="log" name="log"[^>]*>(.*?)</textarea>', r.text, re.S)
    assert m
    fmt = re.search(r'name="format" value="([^"]*)"', r.text)
    assert fmt and fmt[1] == ""
    r = c.post("/g/g/store", data={"csrf": csrf, "phase": "night1", "format": fmt[1],
                                   "log": h.unescape(m[1]), "confirm": "1"},
               follow_redirects=False)
    assert r.status_code == 303, r.text
    stored = (root / "logs" / "night1.txt").read_bytes()
    cli = _pulled_game(env, fake, "cli")
    assert _pull(cli, fake) == 0
    assert stored == (cli / "logs" / "night1.txt").read_bytes()
