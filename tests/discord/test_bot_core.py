"""``adjudicator bot``'s own logic (adjudicator/discord_/bot.py) without the gateway: a
scripted night message by message, what is stored, what is answered and where."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("hikari", reason="the Discord extra is not installed")

from adjudicator.discord_.bot import BotCore, Msg, Post, React, User  # noqa: E402
from adjudicator.engine import resolve_game  # noqa: E402
from tests.discord.botgame import (  # noqa: E402
    BOT_ID,
    GM_CHANNEL,
    GM_UID,
    GUEST_UID,
    PRIVATE,
    UID,
    VILLAGE,
    Line,
    make_game,
    night,
    pasted_night,
)
from tests.discord.test_discord import _posts as posts  # noqa: E402


def msg(ln: Line, dm: bool = False) -> Msg:
    user = User(int(ln.uid), "gm_master" if ln.who == "GM" else f"user-{ln.uid[-3:]}",
                ln.who if ln.uid == GUEST_UID else None)
    return Msg(int(ln.id), int(ln.channel), user, ln.text, ln.when, dm=dm)


DMS = {str(int(u) + 1) for u in UID.values()}  # the bot's DM channel with each player


def run(core: BotCore, lines: list[Line]) -> list[Any]:
    outs: list[Any] = []
    for ln in lines:
        got = core.on_create(msg(ln, ln.channel in DMS))
        for o in got:
            core.done(o)
        outs += got
    return outs


def test_a_night_gets_each_receipt_in_its_senders_private_channel(tmp_path: Path) -> None:
    root = make_game(tmp_path)
    core = BotCore(root, me=BOT_ID)
    outs = run(core, night())
    answers = [o for o in outs if isinstance(o, Post)]
    by_channel = {str(o.channel): o.text for o in answers}
    assert all(o.user is None and str(o.channel) != VILLAGE for o in answers)
    assert by_channel[PRIVATE["たろう"]].startswith("受け付けました：予想")
    assert "締め切りまでは書き直せます" in by_channel[PRIVATE["たろう"]]
    # こうじ wrote after the GM's 締め切り: late, said so in his own channel only
    assert "締め切り" in by_channel[PRIVATE["こうじ"]]
    assert not by_channel[PRIVATE["こうじ"]].startswith("受け付けました")
    # the guest (not on the roster) and the GM are never answered
    assert not [o for o in answers if str(o.channel) in (GM_CHANNEL,)]
    assert not [o for o in outs if isinstance(o, React)]  # no public vote at night
    # every message stored, once, in its thread
    assert core.log is not None
    assert len(core.log.where) == len(night())
    stored = list((root / "logs").glob("night1.*"))
    assert [p.name for p in stored] == ["night1.txt"]


def test_the_stored_threads_resolve_as_the_same_night_pasted(tmp_path: Path) -> None:
    lines = night()
    bot_root = make_game(tmp_path, "bot")
    run(BotCore(bot_root, me=BOT_ID), lines)
    pasted_root = make_game(tmp_path, "pasted")
    (pasted_root / "logs" / "night1.txt").write_text(pasted_night(lines), encoding="utf-8")
    got, want = posts(bot_root, "night1"), posts(pasted_root, "night1")
    assert want[0] and want[1]
    assert got == want


def test_a_message_seen_twice_is_stored_and_answered_once(tmp_path: Path) -> None:
    root = make_game(tmp_path)
    core = BotCore(root, me=BOT_ID)
    lines = night()
    first = run(core, lines[:8])
    again = run(core, lines[:8])
    assert first and again == []
    assert len(core.log.where) == 8  # type: ignore[union-attr]


def test_a_restart_between_storing_and_answering_answers_once(tmp_path: Path) -> None:
    lines = night()
    whole = make_game(tmp_path, "whole")
    want = run(BotCore(whole, me=BOT_ID), lines)

    root = make_game(tmp_path, "crashed")
    core = BotCore(root, me=BOT_ID)
    outs = run(core, lines[:6])
    k = 6
    stored_only = core.on_create(msg(lines[k]))  # stored; the bot dies before answering
    assert stored_only
    del core
    core = BotCore(root, me=BOT_ID)  # a new start: the log read back, the answer owed
    owed = core.start()
    assert owed == stored_only
    for o in owed:
        core.done(o)
    assert BotCore(root, me=BOT_ID).start() == []  # answered: never again
    outs += owed + run(core, lines[:k + 1]) + run(core, lines[k + 1:])
    assert outs == want
    assert (root / "logs" / "night1.txt").read_bytes() == \
        (whole / "logs" / "night1.txt").read_bytes()


def test_an_edit_and_a_delete_are_recorded_never_lost(tmp_path: Path) -> None:
    from dataclasses import replace
    from datetime import timedelta

    from adjudicator.fsio import history

    root = make_game(tmp_path)
    core = BotCore(root, me=BOT_ID)
    lines = night()
    run(core, lines[:8])
    taro = next(ln for ln in lines if ln.who == "たろう")
    m = msg(taro)
    edited = replace(m, text="予想@じろう 4万", edited=m.time + timedelta(seconds=30))
    outs = core.on_edit(edited)
    assert [o.text for o in outs if isinstance(o, Post)][0].startswith("受け付けました：予想")
    assert "4万" in (root / "logs" / "night1.txt").read_text(encoding="utf-8")
    assert any("3万" in p.read_text(encoding="utf-8")
               for _n, _k, p in history(root / "logs", "night1"))
    assert core.on_edit(edited) == []  # the same edit again: nothing new
    core.on_delete(int(taro.channel), int(taro.id))
    text = (root / "logs" / "night1.txt").read_text(encoding="utf-8")
    assert "メッセージの送信を取り消しました" in text and '"deletedContent"' in text
    game = resolve_game(root)
    ph = next(p for p in game.phases if p.id == "night1")
    assert any(d.code == "unsent" for d in ph.diagnostics)


def test_a_stranger_is_stored_but_never_answered(tmp_path: Path) -> None:
    root = make_game(tmp_path)
    core = BotCore(root, me=BOT_ID)
    lines = night()
    run(core, lines[:2])
    # someone not on the roster, named like a player, types a command in the village
    fake = User(int(GUEST_UID), "impostor", "たろう")
    m = Msg(int(lines[2].id) + 7, int(VILLAGE), fake, "予想@じろう 3万", lines[2].when)
    assert core.on_create(m) == []
    assert str(m.id) in core.log  # type: ignore[operator]
    # stored under a name the roster cannot take for たろう's: the morning ignores it
    assert core.log.get(str(m.id))["author"]["nickname"] == "たろう（別のアカウント impostor）"  # type: ignore[union-attr,index]
    game = resolve_game(root)
    ph = next(p for p in game.phases if p.id == "night1")
    assert [(d.code, d.speaker) for d in ph.diagnostics] == [
        ("unknown_speaker", "たろう（別のアカウント impostor）")]
    # and in a private channel that is not theirs: stored as that channel's, no answer
    # to anyone but its owner
    m2 = Msg(int(lines[2].id) + 9, int(PRIVATE["はなこ"]), User(int(UID["たろう"]), "taro"),
             "確認", lines[2].when)
    assert core.on_create(m2) == []


def test_the_gm_controls_only_answer_the_gm_in_the_gm_channel(tmp_path: Path) -> None:
    root = make_game(tmp_path)
    core = BotCore(root, me=BOT_ID)
    lines = night()
    run(core, lines[:10])
    at = lines[10].when
    gm = User(int(GM_UID), "gm_master")
    player = User(int(UID["たろう"]), "taro")
    assert core.on_create(Msg(int(lines[9].id) + 1, int(GM_CHANNEL), player, "集計", at)) == []
    outs = core.on_create(Msg(int(lines[9].id) + 2, int(GM_CHANNEL), gm, "集計", at))
    assert outs and all(isinstance(o, Post) and o.gm and str(o.channel) == GM_CHANNEL
                        for o in outs)
    assert "途中集計" in outs[0].text


def test_close_makes_later_commands_late(tmp_path: Path) -> None:
    root = make_game(tmp_path)
    core = BotCore(root, me=BOT_ID)
    lines = [ln for ln in night() if ln.text != "締め切り"]
    run(core, lines[:5])
    gm = User(int(GM_UID), "gm_master")
    outs = core.on_create(Msg(int(lines[5].id) - 1, int(GM_CHANNEL), gm, "締め切り",
                              lines[4].when))
    assert "締め切りました" in outs[0].text
    late = run(core, lines[5:6])
    assert late and not late[0].text.startswith("受け付けました")


def _day2(tmp_path: Path, remind: int = 10) -> tuple[BotCore, Path, list[Line]]:
    """Night 1 through the bot, then the GM opens day 2 with a deadline at 22:00."""
    from datetime import timedelta

    from tests.discord.fake import snowflake

    root = make_game(tmp_path, remind=remind)
    core = BotCore(root, me=BOT_ID)
    lines = night()
    run(core, lines)
    start = lines[-1].when + timedelta(minutes=10)
    day = [Line(VILLAGE, "GM", "2日目", start, snowflake(start)),
           Line(VILLAGE, "GM", "投票の締め切りは22:00です", start + timedelta(seconds=5),
                snowflake(start + timedelta(seconds=5)))]
    for k, voter in enumerate(["はなこ", "たろう", "じろう"], 1):
        at = start + timedelta(minutes=k)
        day.append(Line(VILLAGE, voter, "投票@じろう" if voter != "じろう" else "投票@はなこ",
                        at, snowflake(at)))
    return core, root, day


def test_a_public_day_vote_gets_a_reaction_not_a_reply(tmp_path: Path) -> None:
    core, _root, day = _day2(tmp_path)
    outs = run(core, day)
    assert core.phase == "day2"
    reacts = [o for o in outs if isinstance(o, React)]
    assert [r.emoji for r in reacts] == ["✅", "✅", "✅"]
    assert all(str(r.channel) == VILLAGE for r in reacts)
    assert not [o for o in outs if isinstance(o, Post)]


def test_the_day_reminder_names_who_has_not_voted_once_before_the_deadline(
        tmp_path: Path) -> None:
    from datetime import datetime

    from adjudicator.discord_.dce import JST

    core, _root, day = _day2(tmp_path, remind=10)
    run(core, day)
    assert core.due(datetime(2026, 3, 1, 21, 49, tzinfo=JST)) == []  # too early
    outs = core.due(datetime(2026, 3, 1, 21, 51, tzinfo=JST))
    assert len(outs) == 1 and str(outs[0].channel) == VILLAGE
    assert "未投票" in outs[0].text and "さくら" in outs[0].text
    assert "たろう" not in outs[0].text  # voted
    assert core.due(datetime(2026, 3, 1, 21, 52, tzinfo=JST)) == []  # once


def test_no_reminder_at_night(tmp_path: Path) -> None:
    from datetime import datetime

    from adjudicator.discord_.dce import JST
    from tests.discord.fake import snowflake

    root = make_game(tmp_path, remind=30)
    core = BotCore(root, me=BOT_ID)
    lines = night()
    at = lines[1].when
    lines.insert(2, Line(VILLAGE, "GM", "締め切りは21:40です", at, snowflake(at, 99)))
    run(core, lines[:8])
    assert core.state.deadline == "21:40"
    assert core.due(datetime(2026, 3, 1, 21, 30, tzinfo=JST)) == []


def test_morning_shows_everything_and_sends_only_after_the_gm_confirms(
        tmp_path: Path) -> None:
    from adjudicator.discord_.bot import SendMorning

    root = make_game(tmp_path)
    core = BotCore(root, me=BOT_ID)
    lines = night()
    run(core, lines)
    gm = User(int(GM_UID), "gm_master")
    at = lines[-1].when
    base = int(lines[-1].id)
    early = core.on_create(Msg(base + 1, int(GM_CHANNEL), gm, "送信", at))
    assert not [o for o in early if isinstance(o, SendMorning)]
    shown = core.on_create(Msg(base + 2, int(GM_CHANNEL), gm, "朝", at))
    text = "\n".join(o.text for o in shown)
    public, private = posts(root, "night1")
    assert public.strip().splitlines()[0] in text
    assert all(n.splitlines()[0] in text for notes in private.values() for n in notes)
    assert "「送信」" in text
    assert all(o.gm and str(o.channel) == GM_CHANNEL for o in shown)
    go = core.on_create(Msg(base + 3, int(GM_CHANNEL), gm, "送信", at))
    assert go == [SendMorning("night1", f"gm:{base + 3}")]


def test_a_phase_that_cannot_be_read_yet_is_stored_and_the_gm_told(tmp_path: Path) -> None:
    root = make_game(tmp_path)
    core = BotCore(root, me=BOT_ID)
    lines = night()
    heading = Line(VILLAGE, "GM", "3日目", lines[0].when, lines[0].id)  # day 2 never stored
    outs = run(core, [heading] + lines[1:6])
    told = [o for o in outs if isinstance(o, Post) and o.gm]
    assert len(told) == 1 and "受付を返せません" in told[0].text
    assert str(told[0].channel) == GM_CHANNEL
    assert not [o for o in outs if isinstance(o, Post) and not o.gm]
    assert len(core.log.where) == 6  # type: ignore[union-attr]


def test_a_night_of_adds_keeps_no_copy_per_message_in_the_history(tmp_path: Path) -> None:
    from adjudicator.fsio import history

    root = make_game(tmp_path)
    run(BotCore(root, me=BOT_ID), night())
    kept = history(root / "logs", "night1")
    # one copy: the village alone (night1.json) when the first private line made it a
    # log of several threads (night1.txt); none for the messages added after
    assert [p.name.split(".")[1] for _n, _k, p in kept] == ["json"]


def test_the_gm_channel_must_be_one_no_player_reads(tmp_path: Path) -> None:
    from adjudicator.config.load import load_config
    from adjudicator.errors import ConfigError

    root = make_game(tmp_path)
    toml = (root / "game.toml").read_text(encoding="utf-8")
    (root / "game.toml").write_text(toml.replace(f'gm_channel = "{GM_CHANNEL}"',
                                                 f'gm_channel = "{VILLAGE}"'), encoding="utf-8")
    with pytest.raises(ConfigError) as e:
        load_config(root / "game.toml")
    assert any("GM用チャンネルには、参加者が読めないチャンネルを指定してください" in p
               for p in e.value.problems_ja)
