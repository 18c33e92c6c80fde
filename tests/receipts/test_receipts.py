"""Each kind of receipt (adjudicator/receipts.py, docs/receipts.md): what a player is told
as they type, in which words, and what they are never told."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from adjudicator.checkline import check_line
from adjudicator.errors import UsageError
from adjudicator.receipts import NOT_READ, READ, UNKNOWN_TEXT, Incoming, Receipts
from adjudicator.render import full_stop
from adjudicator.rooms import Thread
from tests.support import FIXTURES, registered
from tests.support.lint import problems

VILLAGE = Thread("人狼村", "village")
WOLVES = Thread("人狼部屋", "group", None, ("じろう", "みゆき", "ひろし"), "人狼")


def private(player: str) -> Thread:
    return Thread(f"{player}🍣", "private", player)


def opened(tmp_path: Path, fixture: str, keep: tuple[str, ...]) -> Path:
    """A copy of a fixture game with only the logs of ``keep`` stored."""
    root = tmp_path / fixture
    shutil.copytree(FIXTURES / fixture, root, ignore=shutil.ignore_patterns("expected", "out"))
    for log in (root / "logs").iterdir():
        if log.stem not in keep:
            log.unlink()
    return root


@pytest.fixture
def night(tmp_path: Path) -> Receipts:
    """ダービー＆ストック村 (its threaded fixture) with night 1 open."""
    return Receipts(opened(tmp_path, "derby-threads", ("day1",)), "night1")


@pytest.fixture
def day(tmp_path: Path) -> Receipts:
    """普通村 with day 1 open."""
    return Receipts(opened(tmp_path, "plain-werewolf-masons", ()), "day1")


def say(r: Receipts, thread: Thread, author: str, text: str, time: str = "") -> Any:
    return r.take(Incoming(thread=thread, author=author, text=text, time=time))


# ------------------------------------------------------------------ accepted, rewritten
def test_an_accepted_command_is_read_back_with_the_right_to_rewrite(night: Receipts) -> None:
    got = say(night, private("たろう"), "たろう🍣", "予想＠次郎　３万")
    assert got.kind == "accepted" and got.player == "たろう" and got.private
    assert got.react is None
    assert got.text == "受け付けました：予想@じろう 3万ドル（締め切りまでは書き直せます）"


def test_a_rewrite_says_it_replaced_the_earlier_one(night: Receipts) -> None:
    say(night, private("たろう"), "たろう🍣", "予想@じろう 3万")
    got = say(night, private("たろう"), "たろう🍣", "予想@はなこ 2万")
    assert got.text == ("受け付けました：予想@はなこ 2万ドル（前の「予想@じろう 3万ドル」と"
                        "置き換えました。締め切りまでは書き直せます）")


def test_a_final_command_promises_no_rewrite(night: Receipts) -> None:
    """A price inquiry waits for its share count and locks the night (ds.night.inquiry):
    its receipt does not say it can be rewritten, and the count completes it."""
    first = say(night, private("はなこ"), "はなこ", "購入@たろうの株")
    assert first.text == "受け付けました：購入@たろうの株（株価の問い合わせ）"
    assert say(night, private("はなこ"), "GM", "たろうさんの株は平常株、1株10万ドルです") is None
    done = say(night, private("はなこ"), "はなこ", "1株")
    assert done.text == "受け付けました：購入@たろうの株 1株"


def test_kakunin_after_an_inquiry_promises_no_rewrite(night: Receipts) -> None:
    say(night, private("はなこ"), "はなこ", "購入@たろうの株")
    got = say(night, private("はなこ"), "はなこ", "確認")
    assert got.text == ("1日目 夜にいま受け付けているはなこさんの行動：\n"
                        "・購入@たろうの株（株価の問い合わせ）")


# ------------------------------------------------------------------ rejected
def test_a_rejection_gives_the_reason_of_check_and_an_example(night: Receipts) -> None:
    line = "予想@はなこ 300万"
    got = say(night, private("たろう"), "たろう🍣", line)
    reason = check_line(night.game, line, "たろう", "night1").record.reason
    assert got.kind == "rejected" and reason
    assert got.text == (f"「{line}」は受け付けられませんでした：{full_stop(reason)}\n"
                        "書き方：予想@名前 金額（例：予想@あやか 3万、予想@女性 2万）")


def test_a_syntax_error_keeps_the_parser_s_own_example(night: Receipts) -> None:
    got = say(night, private("たろう"), "たろう🍣", "予想@ 3万")
    assert got.kind == "rejected"
    assert got.text.count("例：") == 1 and "予想@名前 金額 の形で書いてください" in got.text


# ------------------------------------------------------------------ late
def test_after_the_deadline_a_command_is_late(night: Receipts) -> None:
    assert say(night, VILLAGE, "GM", "締め切りは21:30です") is None
    assert night.deadline == "21:30" and not night.closed
    assert say(night, private("たろう"), "たろう🍣", "予想@じろう 3万").kind == "accepted"
    assert say(night, VILLAGE, "GM", "締め切り") is None
    got = say(night, private("たろう"), "たろう🍣", "予想@はなこ 2万")
    assert got.kind == "late"
    assert got.text == "「予想@はなこ 2万」は受け付けられませんでした：締め切り後の発言のため無効です。"


def test_a_deadline_in_one_chat_closes_that_chat_only(night: Receipts) -> None:
    say(night, private("たろう"), "GM", "締め切り")
    assert say(night, private("たろう"), "たろう🍣", "予想@じろう 3万").kind == "late"
    assert say(night, private("はなこ"), "はなこ", "予想@じろう 3万").kind == "accepted"


# ------------------------------------------------------------------ 確認
def test_kakunin_lists_the_player_s_own_standing_commands(night: Receipts) -> None:
    say(night, private("たろう"), "たろう🍣", "予想@じろう 3万")
    say(night, private("たろう"), "たろう🍣", "予想@はなこ 2万")
    say(night, private("はなこ"), "はなこ", "占い@じろう")
    for word in ("確認", "確認します", "かくにん"):
        got = say(night, private("たろう"), "たろう🍣", word)
        assert got.kind == "standing" and got.player == "たろう"
        assert got.text == ("1日目 夜にいま受け付けているたろうさんの行動：\n"
                            "・予想@はなこ 2万ドル\n（締め切りまでは書き直せます）")
    assert "占い" not in got.text


def test_kakunin_with_nothing_yet_and_only_in_the_private_place(night: Receipts) -> None:
    got = say(night, private("さくら"), "さくら", "確認")
    assert got.text.startswith("1日目 夜にいま受け付けているさくらさんの行動はまだありません。")
    assert say(night, VILLAGE, "さくら", "確認") is None
    assert say(night, WOLVES, "じろう", "確認") is None


def test_kakunin_of_a_wolf_shows_the_pack_s_bite_to_a_wolf_only(night: Receipts) -> None:
    say(night, WOLVES, "じろう", "噛み@ゆい")
    got = say(night, WOLVES, "ひろし", "噛み@えみ")
    # the later wolf is not told whose bite it replaced
    assert got.text == "受け付けました：噛み@えみ（締め切りまでは書き直せます）"
    assert "噛み@えみ（ひろしさん）" in say(night, private("じろう"), "じろう", "確認").text
    for other in ("みゆき", "はなこ"):  # a wolf who has not bitten, a seer
        assert "噛み" not in say(night, private(other), other, "確認").text


# ------------------------------------------------------------------ unknown speaker
def test_someone_not_on_the_roster_is_told_nothing_of_the_game(night: Receipts) -> None:
    got = say(night, VILLAGE, "だれか", "噛み@ゆい")
    assert got.kind == "unknown_speaker" and got.player is None and got.text == UNKNOWN_TEXT
    names = [p.name for p in night.game.cfg.players]
    assert not any(n in got.text for n in names) and "@" not in got.text
    assert say(night, VILLAGE, "だれか", "こんばんは") is None


# ------------------------------------------------------------------ public day votes
def test_a_public_day_vote_gets_a_reaction(day: Receipts) -> None:
    ok = say(day, VILLAGE, "あきら", "投票@いずみ")
    assert (ok.kind, ok.react, ok.text) == ("accepted", READ, "")
    bad = say(day, VILLAGE, "あきら", "投票@だれでもない")
    assert (bad.kind, bad.react, bad.text) == ("rejected", NOT_READ, "")
    assert "受け付けられませんでした" in bad.detail
    # the same vote sent in a private place is answered in words
    mine = say(day, private("あきら"), "あきら", "投票@いずみ")
    assert mine.react is None and mine.text.startswith("受け付けました：投票@いずみ")


# ------------------------------------------------------------------ threads
def test_a_private_chat_s_messages_are_its_player_s(night: Receipts) -> None:
    got = say(night, private("たろう"), "Taro#1234", "予想@じろう 3万")
    assert got.player == "たろう" and got.kind == "accepted"


def test_a_share_count_pairs_only_in_the_thread_of_its_inquiry(night: Receipts) -> None:
    say(night, private("はなこ"), "はなこ", "購入@たろうの株")
    assert say(night, VILLAGE, "はなこ", "1株") is None  # chatter in the village
    assert say(night, private("はなこ"), "はなこ", "1株").kind == "accepted"


def test_a_night_command_in_the_village_counts_and_the_player_is_told(night: Receipts) -> None:
    got = say(night, VILLAGE, "さくら", "護衛@はなこ")
    assert got.kind == "accepted" and got.private and got.player == "さくら"
    assert "村のチャットに書かれたため、村の全員が読めました" in got.text


def test_a_bite_outside_the_room_for_bites_is_refused(tmp_path: Path) -> None:
    root = opened(tmp_path, "derby-threads", ("day1",))
    toml = root / "game.toml"
    toml.write_text(toml.read_text("utf-8").replace("[threads.chats]",
                                                    '[threads]\nbites = "人狼"\n\n[threads.chats]'),
                    "utf-8")
    r = Receipts(root, "night1")
    got = say(r, private("じろう"), "じろう", "噛み@ゆい")
    assert got.kind == "rejected" and "噛みは人狼の部屋で送ってください" in got.text


# ------------------------------------------------------------------ never said
def test_the_gm_and_chatter_get_nothing(night: Receipts) -> None:
    assert say(night, VILLAGE, "GM", "代理@たろう 予想@じろう 3万") is None
    assert say(night, private("たろう"), "たろう🍣", "占いCOします") is None
    assert say(night, private("たろう"), "たろう🍣", "おやすみ") is None


@pytest.mark.parametrize("variant", registered())
def test_receipts_speak_the_village_s_words(variant: str) -> None:
    """In every village: an accepted command is read back as the notices write it
    (``describe``), a refusal quotes the line and gives the reader's reason, and no
    receipt shows the program's inside (a rule id, a Python value, a file)."""
    from adjudicator.engine import resolve_game
    from tests.receipts.test_equivalence import incoming, messages
    from tests.support import fixtures_of

    seen = set()
    for name in fixtures_of(variant):
        game = resolve_game(FIXTURES / name)
        for res in game.phases:
            r = Receipts(game.root, res.id, game=game)
            for m in messages(game, res.id):
                got = r.take(incoming(m))
                if got is None or not got.text:
                    continue
                seen.add(got.kind)
                assert not problems(got.text, game.variant, allowed=[m.text]), got.text
                assert "logs/" not in got.text and "night" not in got.text
                if got.kind == "accepted":
                    assert got.text.startswith("受け付けました：")
                elif got.kind in ("rejected", "late"):
                    assert "は受け付けられませんでした：" in got.text
    assert "accepted" in seen


def test_no_outcome_of_the_morning_in_a_whole_night(tmp_path: Path) -> None:
    """Night 1 of the threaded derby, message by message: no receipt names a death, a
    bite's or a race's result, a divination's answer or a payout."""
    from adjudicator.engine import resolve_game
    from tests.receipts.test_equivalence import incoming, messages

    game = resolve_game(FIXTURES / "derby-threads")
    r = Receipts(game.root, "night1", game=game)
    texts = [got.text for m in messages(game, "night1")
             if (got := r.take(incoming(m))) is not None]
    assert texts
    for word in ("死亡", "襲撃され", "人狼でした", "人間でした", "配当", "当たり", "的中", "株価が"):
        assert not any(word in t for t in texts), word


def test_no_phase_to_open_is_a_usage_error(tmp_path: Path) -> None:
    root = opened(tmp_path, "derby-threads", ("day1",))
    with pytest.raises(UsageError):
        Receipts(root, "night3")


def test_a_receipt_never_resolves_the_phase(night: Receipts, monkeypatch: Any) -> None:
    """Point 5: a receipt is decided from the phase read so far, never by resolving."""
    def refuse(*_a: Any, **_k: Any) -> None:
        raise AssertionError("resolved")

    monkeypatch.setattr(type(night.variant), "resolve", refuse)
    monkeypatch.setattr("adjudicator.engine.resolve_game", refuse)
    for i in range(50):
        say(night, private("たろう"), "たろう🍣", f"予想@じろう {i % 9 + 1}万")
    assert night.count == 50
