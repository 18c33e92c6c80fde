"""A night as it reaches the GM (input.thread): many private chats, one phase.

Every fixture game (and the derby-stock sample) is played again with its nights cut into
LINE chats (the village group, the wolves' room, one 1:1 chat per player,
``tests/support/threads.py``): as one paste per night, and as one file per chat added
with ``adjudicator add GAME nightN FILE…``.  Both resolve to the same posts, notices,
money and ledger (but for the lines it cites) as the same nights merged by hand into one
log.  Then the rules one by one, on small games."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from adjudicator.cli.main import main
from adjudicator.config.load import load_config
from adjudicator.engine import Game, resolve_game
from adjudicator.errors import ConfigError
from adjudicator.export import export_game
from adjudicator.views import View
from tests.support import SAMPLE, fixture_games
from tests.support.derby_stock import write_game
from tests.support.threads import WOLVES, display, line_export, thread_game

GAMES = [SAMPLE, *(g for g in fixture_games() if not g.name.endswith("-threads"))]
_REF = re.compile(r"logs/night\d+\.txt:\d+(?:\.\d+)?|\d+日目夜のログ \d+行目")


def outcome(game: Game) -> list[Any]:
    """What the players get and the money: every post and notice, the final export of
    the players, the ledger with the cited lines taken out (a chat's lines are not the
    merged log's)."""
    return [[(p.id, p.public_post, p.private, _REF.sub("…", p.ledger)) for p in game.phases],
            export_game(game)["players"], export_game(game)["winners"]]


@pytest.mark.parametrize("src", GAMES, ids=[p.name for p in GAMES])
def test_a_game_whose_nights_came_as_chats_resolves_as_the_nights_merged_by_hand(
        src: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    thread_game(src, tmp_path / "merged", "merged")
    thread_game(src, tmp_path / "paste", "paste")
    pending = thread_game(src, tmp_path / "files", "files")
    for pid, files in sorted(pending.items(), key=lambda kv: int(kv[0][5:])):
        assert main(["add", str(tmp_path / "files"), pid, *map(str, files)]) == 0
    capsys.readouterr()
    merged = resolve_game(tmp_path / "merged")
    paste = resolve_game(tmp_path / "paste")
    files_game = resolve_game(tmp_path / "files")
    assert outcome(paste) == outcome(merged)
    assert outcome(files_game) == outcome(merged)
    if not src.name.startswith("trapword"):  # (Trap Word plays rounds, not nights)
        threaded = [p for p in paste.phases if p.threads]
        assert threaded, "no night came as chats"
        assert "private" in {t.kind for p in threaded for t in p.threads.values()}


def test_the_derby_sample_in_chats_is_its_own_game(tmp_path: Path) -> None:
    """The sample's nights as chats resolve to the sample's own posts and money (its
    nights have no two chats at one minute that the merge would reorder)."""
    thread_game(SAMPLE, tmp_path / "g", "paste")
    mine, theirs = resolve_game(tmp_path / "g"), resolve_game(SAMPLE)
    assert [(p.public_post, p.private) for p in mine.phases] == [
        (p.public_post, p.private) for p in theirs.phases]
    assert export_game(mine)["players"] == export_game(theirs)["players"]


# --- small games ---------------------------------------------------------------------------
DAY1 = "\n".join(f"[20:0{i % 10}] {n}: よろしく" for i, n in enumerate(
    ["たろう", "じろう", "はなこ", "さくら"]))


def chat(title: str, rows: list[tuple[str, str, str]], one: bool = True,
         date: str = "2026-03-01") -> str:
    from adjudicator.chatlog import ChatLine

    msgs = [(ChatLine("x", 1, who, text, text, date, time), who) for time, who, text in rows]
    return line_export(title, one, msgs, "2026/03/01 23:59")


def night(tmp_path: Path, *chats: str, toml: str = "") -> Game:
    root = write_game(tmp_path / "g", {"day1": DAY1})
    (root / "logs" / "night1.txt").write_text("".join(chats), "utf-8")
    if toml:
        with open(root / "game.toml", "a", encoding="utf-8") as f:
            f.write("\n" + toml + "\n")
    return resolve_game(root)


VILLAGE = chat("人狼村", [("21:00", "GM", "夜です"), ("21:30", "GM", "締め切り")], one=False)


def rec(game: Game, text: str) -> Any:
    return next(r for p in game.phases for r in p.lines if r.text == text)


def diag(game: Game, code: str) -> list[Any]:
    return [d for p in game.phases for d in p.diagnostics if d.code == code]


def test_a_late_line_in_a_one_to_one_chat_after_the_villages_deadline_is_late(
        tmp_path: Path) -> None:
    game = night(tmp_path, VILLAGE,
                 chat("さくら", [("21:10", "さくら", "占い@じろう")]),
                 chat("はなこ", [("21:31", "はなこ", "予想@しん 1万")]))
    assert rec(game, "占い@じろう").disposition == "accepted"
    late = rec(game, "予想@しん 1万")
    assert (late.disposition, late.code) == ("rejected", "late")


def test_a_one_to_one_chat_is_its_player_whatever_name_it_shows(tmp_path: Path) -> None:
    game = night(tmp_path, VILLAGE,
                 chat("さくら", [("21:10", "Sakura🌸", "占い@じろう"),
                               ("21:11", "Sakura🌸", "よろしく")]))
    line = rec(game, "占い@じろう")
    assert (line.speaker, line.disposition) == ("さくら", "accepted")
    owners = diag(game, "thread_owner")
    assert len(owners) == 1  # once per display name
    assert "「Sakura🌸」" in (owners[0].reason_ja or "") and "さくらさん" in (
        owners[0].reason_ja or "")
    divined = [e for p in game.phases for e in p.events if e.kind == "divine"]
    assert divined and divined[0].player == "さくら"


def test_the_gm_in_a_one_to_one_chat_stays_the_gm(tmp_path: Path) -> None:
    game = night(tmp_path, VILLAGE, chat("はなこ", [
        ("21:05", "はなこ", "購入@たろうの株"), ("21:06", "GM", "たろうさんの株は平常株、1株10万ドルです"),
        ("21:07", "はなこ", "1株")]))
    assert rec(game, "たろうさんの株は平常株、1株10万ドルです").speaker == "GM"
    assert rec(game, "1株").disposition == "accepted"


def test_a_share_count_pairs_with_the_inquiry_of_its_own_chat_only(tmp_path: Path) -> None:
    """input.thread.dialogue: 「1株」 in the village is no answer to an inquiry asked in
    the 1:1 chat, whatever the minute."""
    village = chat("人狼村", [("21:00", "GM", "夜です"), ("21:07", "はなこ", "1株"),
                            ("21:30", "GM", "締め切り")], one=False)
    game = night(tmp_path, village, chat("はなこ", [
        ("21:05", "はなこ", "購入@たろうの株"), ("21:06", "GM", "たろうさんの株は平常株、1株10万ドルです")]))
    assert rec(game, "1株").disposition == "chatter"
    buys = [e for p in game.phases for e in p.events if e.kind == "buy"]
    assert not buys


def test_a_night_action_in_the_village_counts_and_the_gm_is_told(tmp_path: Path) -> None:
    village = chat("人狼村", [("21:00", "GM", "夜です"), ("21:05", "さくら", "占い@じろう"),
                            ("21:30", "GM", "締め切り")], one=False)
    game = night(tmp_path, village, chat("はなこ", [("21:06", "はなこ", "予想@しん 1万")]))
    assert rec(game, "占い@じろう").disposition == "accepted"
    (told,) = diag(game, "public_command")
    assert "村の全員が読めました" in (told.reason_ja or "")
    assert told.level == "warning"


def test_a_single_log_night_is_not_told_about_the_village(tmp_path: Path) -> None:
    root = write_game(tmp_path / "g", {"day1": DAY1, "night1": "[21:05] さくら: 占い@じろう"})
    assert not diag(resolve_game(root), "public_command")


def test_a_bite_outside_the_wolves_room_is_refused_when_game_toml_says_so(
        tmp_path: Path) -> None:
    wolves = chat(WOLVES, [("21:02", "じろう", "噛み@はなこ")], one=False)
    taro = chat("たろう", [("21:03", "たろう", "噛み@さくら")])
    table = f'[threads]\nbites = "人狼"\n[threads.chats]\n"{WOLVES}" = "人狼"'
    game = night(tmp_path, VILLAGE, wolves, taro, toml=table)
    assert rec(game, "噛み@はなこ").disposition == "accepted"
    refused = rec(game, "噛み@さくら")
    assert (refused.disposition, refused.code) == ("rejected", "wrong_room")
    assert "噛みは人狼の部屋で送ってください" in (refused.reason or "")
    # without the key, a bite from a wolf's own chat counts
    (tmp_path / "g").rename(tmp_path / "old")
    game = night(tmp_path, VILLAGE, wolves, taro, toml=f'[threads.chats]\n"{WOLVES}" = "人狼"')
    assert rec(game, "噛み@さくら").disposition in ("accepted", "superseded")


def test_a_players_view_shows_no_other_players_private_chat(tmp_path: Path) -> None:
    wolves = chat(WOLVES, [("21:02", "じろう", "噛み@はなこ"), ("21:03", "GM", "了解です")],
                  one=False)
    game = night(tmp_path, VILLAGE, wolves,
                 chat("さくら", [("21:10", "さくら", "占い@じろう"), ("21:11", "GM", "受け付けました")]),
                 chat("はなこ", [("21:12", "はなこ", "予想@しん 1万"), ("21:13", "GM", "はなこさん了解")]),
                 toml=f'[threads.chats]\n"{WOLVES}" = "人狼"')
    night1 = next(p for p in game.phases if p.id == "night1")
    seen = {n: {r.text for r in View.of(n).lines(night1)} for n in ("さくら", "はなこ", "たろう")}
    assert seen["さくら"] == {"占い@じろう", "受け付けました"}  # her chat, the GM's answer too
    assert seen["はなこ"] == {"予想@しん 1万", "はなこさん了解"}
    assert seen["たろう"] == {"噛み@はなこ", "了解です"}  # the wolves' room: his partner's bite
    assert View.public().lines(night1) == []
    assert {r.text for r in View.gm().lines(night1)} >= seen["さくら"] | seen["はなこ"]


def test_explain_as_a_player_keeps_other_chats_out(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    night(tmp_path, VILLAGE,
          chat("さくら", [("21:10", "さくら", "占い@じろう"), ("21:11", "GM", "さくらさん受付")]),
          chat("はなこ", [("21:12", "はなこ", "予想@しん 1万"), ("21:13", "GM", "はなこさん受付")]))
    assert main(["explain", str(tmp_path / "g"), "--as", "はなこ"]) == 0
    out = capsys.readouterr().out
    assert "予想@しん" in out and "占い@じろう" not in out and "さくらさん受付" not in out


def test_chats_are_named_from_game_toml(tmp_path: Path) -> None:
    game = night(tmp_path, VILLAGE, chat("Sakura🌸", [("21:10", "Sakura🌸", "占い@じろう")]),
                 chat("秘密の部屋", [("21:11", "じろう", "噛み@はなこ")], one=False),
                 toml='[threads.chats]\n"Sakura🌸" = "さくら"\n"秘密の部屋" = "人狼"')
    night1 = next(p for p in game.phases if p.id == "night1")
    kinds = {(t.name, t.kind, t.player, t.group) for t in night1.threads.values()}
    assert ("Sakura🌸", "private", "さくら", "") in kinds
    assert ("秘密の部屋", "group", None, "人狼") in kinds
    assert rec(game, "占い@じろう").speaker == "さくら"


def test_a_one_to_one_chat_with_no_player_of_that_name_is_the_gms_only(
        tmp_path: Path) -> None:
    game = night(tmp_path, VILLAGE, chat("だれか", [("21:10", "だれか", "占い@じろう")]))
    (named,) = [d for d in diag(game, "thread_named") if "だれか" in (d.reason_ja or "")]
    assert named.level == "warning" and "[threads.chats]" in (named.reason_ja or "")
    night1 = next(p for p in game.phases if p.id == "night1")
    assert all(not View.of(n).lines(night1) for n in ("さくら", "はなこ"))


def test_a_chat_whose_times_cannot_be_placed_is_an_error_naming_it(tmp_path: Path) -> None:
    from tests.support.threads import separator_free

    game = night(tmp_path, VILLAGE, separator_free("はなこ", "はなこ: 予想@しん 1万\n"))
    errors = [d for p in game.phases for d in p.diagnostics if d.level == "error"]
    assert any("「はなこ」" in (d.reason_ja or d.message) for d in errors)


@pytest.mark.parametrize(("toml", "word"), [
    ('[threads.chats]\n"Taro" = "たろ"', "「たろ」は参加者の名前でも部屋の名前でもありません"),
    ('[threads.groups]\n"忍者" = ["たろう", "だれ"]', "「だれ」は参加者にいません"),
    ('[threads]\nbites = "狼部屋"', "「狼部屋」という部屋はありません"),
])
def test_the_threads_table_is_checked_in_japanese(tmp_path: Path, toml: str, word: str) -> None:
    root = write_game(tmp_path / "g", {})
    with open(root / "game.toml", "a", encoding="utf-8") as f:
        f.write("\n" + toml + "\n")
    with pytest.raises(ConfigError) as got:
        load_config(root / "game.toml")
    assert any(word in p for p in got.value.problems_ja)


def test_add_append_adds_a_chat_and_keeps_the_version_before(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_game(tmp_path / "g", {"day1": DAY1})
    first = tmp_path / "village.txt"
    first.write_text(VILLAGE, "utf-8")
    more = tmp_path / "さくら.txt"
    more.write_text(chat(display("さくら"), [("21:10", "さくら", "占い@じろう")]), "utf-8")
    assert main(["add", str(root), "night1", str(first)]) == 0
    assert main(["add", str(root), "night1", "--append", str(more)]) == 0
    out = capsys.readouterr().out
    assert "加えました" in out and "前の版" in out
    stored = (root / "logs" / "night1.txt").read_text("utf-8")
    assert stored.startswith(VILLAGE) and "=== スレッド：さくら ===" in stored
    assert list((root / "logs" / ".history").iterdir())
    game = resolve_game(root)
    assert rec(game, "占い@じろう").speaker == "さくら"  # the file's name names the chat


def test_add_several_files_at_once_says_how_many_chats(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_game(tmp_path / "g", {"day1": DAY1})
    files = []
    for name, text in (("村", VILLAGE), ("さくら", chat("さくら", [("21:10", "さくら", "占い@じろう")]))):
        f = tmp_path / f"{name}.txt"
        f.write_text(text, "utf-8")
        files.append(str(f))
    assert main(["add", str(root), "night1", *files]) == 0
    assert "チャット 2 つ" in capsys.readouterr().out
    assert rec(resolve_game(root), "占い@じろう").disposition == "accepted"


def test_read_shows_each_chat_and_how_it_was_taken(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_game(tmp_path / "g", {"day1": DAY1})
    paste = tmp_path / "paste.txt"
    paste.write_text(VILLAGE + chat("Sakura🌸", [("21:10", "Sakura🌸", "占い@じろう")])
                     + chat("さくら", [("21:11", "さくら", "予想@しん 1万")]), "utf-8")
    assert main(["read", str(paste), "--game", str(root)]) == 0
    out = capsys.readouterr().out
    assert "チャット 3 つ" in out
    assert "=== チャット 3：「さくら」" in out and "さくらさんとの個別チャットとしました" in out
    assert "「Sakura🌸」との個別チャットですが、参加者にその名前がありません" in out
    assert main(["read", str(paste), "--json"]) == 0
    import json

    doc = json.loads(capsys.readouterr().out)
    assert [t["name"] for t in doc["threads"]] == ["人狼村", "Sakura🌸", "さくら"]
    assert doc["threads"][2]["reading"]["messages"][0]["text"] == "予想@しん 1万"


def test_the_secret_leaders_invitation_is_a_text_to_forward_without_the_senders_name() -> None:
    """ss.recruit.secret in a night of chats: the GM is handed the notice to paste into
    the target's 1:1 chat; it names neither the leader nor anyone else."""
    from tests.support import FIXTURES, resolved

    game = resolved(FIXTURES / "secret-society-threads")
    relays = [(p, d) for p in game.phases for d in p.diagnostics if d.code == "relay"]
    assert relays
    players = set(export_game(game)["players"])
    for ph, d in relays:
        line = next(r for r in ph.lines if r.ref == d.source)
        target = line.action.split("@", 1)[1]
        forwarded = (d.reason_ja or "").split("：", 1)[1]
        assert (d.reason_ja or "").startswith(f"{target}さんとの個別チャットに")
        assert "シークレットから匿名の勧誘が届きました" in forwarded
        assert not any(name in forwarded for name in players)
        assert line.speaker not in (d.reason_ja or "")
    # one log of the same night: no relay (a single-log phase resolves as before)
    assert not [d for p in resolved(FIXTURES / "secret-society-main").phases
                for d in p.diagnostics if d.code == "relay"]


def test_the_running_status_of_a_night_of_chats_counts_each_chat_as_its_player(
        tmp_path: Path) -> None:
    """途中集計 (status) of a night pasted as chats: a 1:1 chat's display name is its
    player, and the village's 締め切り closes the night."""
    from adjudicator.status import phase_status

    root = write_game(tmp_path / "g", {"day1": DAY1})
    paste = VILLAGE.replace("21:30\tGM\t締め切り\n", "") + chat(
        "さくら", [("21:10", "Sakura🌸", "占い@じろう")])
    st = phase_status(root, "night1", paste.encode())
    assert "さくら" not in st.waiting
    assert not st.closed and st.messages == 2
    st = phase_status(root, "night1", (VILLAGE + chat("さくら", [("21:10", "Sakura🌸", "占い@じろう")])).encode())
    assert st.closed


def test_a_line_written_seconds_before_the_villages_deadline_in_its_minute_is_not_late(
        tmp_path: Path) -> None:
    """input.deadline: the village's 締め切り closes every chat at its time; the merge puts
    a private chat's line after it when both are in one minute (input.thread.order
    compares minutes), but a line written before it, to the second, is not late."""
    from adjudicator.chatlog.threads import separator

    village = f"{separator('村')}\n[21:00:00] GM: 夜です\n[21:28:40] GM: 締め切り\n"
    sakura = f"{separator('さくら')}\n[21:28:10] さくら: 占い@じろう\n"
    hanako = f"{separator('はなこ')}\n[21:28:50] はなこ: 予想@しん 1万\n"
    game = night(tmp_path, village, sakura, hanako)
    assert rec(game, "占い@じろう").disposition == "accepted"
    late = rec(game, "予想@しん 1万")
    assert (late.disposition, late.code) == ("rejected", "late")
