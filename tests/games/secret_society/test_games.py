"""秘密結社村: what the whole games show (compared exactly in tests/test_golden.py), a test per rule id, hand-computed phases
for every ability.

Regenerate the expected outputs on purpose (after an intended change) with::

    UPDATE_EXPECTED=1 .venv/bin/python -m pytest tests/test_golden.py

then read the diff of ``tests/fixtures/secret-society-*/expected`` before committing it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.engine import resolve_game
from adjudicator.errors import CommandError
from adjudicator.games.secret_society.state import SOCIETY_WORDS, TECHNIQUE_WORDS
from adjudicator.parser import command_words, parse_command
from tests.support import FIXTURES, expected_json
from tests.support.secret_society import roster, variant


# ---------------------------------------------------------------- whole games
def test_main_game_is_won_by_the_ninja() -> None:
    data = expected_json("secret-society-main")
    assert data["finished"] and data["team_won"] == "ninja"
    # every ninja member at the end, dead ones (the traitor ドレイク) included, and the
    # living secret members; the excommunicated かすみ and the dead secret アン do not
    assert data["winners"] == ["はやて", "ドレイク", "ミスト", "あおい", "いつき", "えま", "かな"]
    players = data["players"]
    assert players["ドレイク"]["traitor"] and players["ドレイク"]["society"] == "ninja"
    assert players["かすみ"]["society"] is None and players["かすみ"]["excommunicated"]
    assert players["アン"]["traitor"] and not players["アン"]["alive"]
    assert players["おと"]["leader"] and not players["おと"]["alive"]
    assert all(isinstance(p["gold"], int) and p["gold"] >= 0 for p in players.values())
    assert "忍びの里の勝利です" in data["phases"][-1]["public_post"]


def test_secret_game_is_shared_by_the_surviving_secret_members() -> None:
    data = expected_json("secret-society-secret")
    assert data["finished"] and data["team_won"] == "pirates"
    # pirates at the end, living or dead (こたろう was roped in and is a traitor), and
    # the two secret members alive; くに (secret, executed) and the excommunicated いお do not
    assert data["winners"] == ["こたろう", "ロジャー", "ナミ", "シャドウ", "あき", "さえ"]
    players = data["players"]
    assert players["シャドウ"]["alive"] and players["あき"]["society"] == "secret"
    assert not players["くに"]["alive"] and players["くに"]["society"] == "secret"
    assert players["こたろう"]["traitor"] and players["こたろう"]["society"] == "pirates"
    assert players["いお"]["society"] is None and players["いお"]["excommunicated"]
    assert "シークレットの生存者（シャドウさん、あきさん）も勝利です" in data["phases"][-1]["public_post"]
    night4 = next(p for p in data["phases"] if p["id"] == "night4")
    assert "クロノバック" in night4["public_post"] and "昨晩は0人入社、0人裏切りました" in night4[
        "public_post"] and "タイムパス" in night4["public_post"]


# ---------------------------------------------------------------- grammar

#: (line, how it reads back): full-width ＠ and names, honorifics, every command word
LINES = [
    ("勧誘＠ドレイクさん", "勧誘@ドレイク"), ("勧誘@船長", "勧誘@ドレイク"),
    ("承諾", "承諾"), ("承諾＠海賊団", "承諾@海賊団"), ("拒否", "拒否"), ("拒否@クロノ", "拒否@クロノマター"),
    ("入会希望＠忍び", "入会希望@忍びの里"), ("解答@ ふじさん", "解答@ふじさん"),
    ("解答@はやて", "解答@はやて"), ("習得", "習得"), ("習得@影縫い", "習得@影縫いの術"),
    ("口寄せ＠アン様", "口寄せの術@アン"), ("口寄せの術@アン", "口寄せの術@アン"),
    ("影縫い@ｱﾝ", "影縫いの術@アン"), ("土遁", "土遁の術"), ("土遁の術", "土遁の術"),
    ("変わり身", "変わり身の術"), ("海賊旗", "海賊旗"), ("望遠鏡", "望遠鏡"),
    ("トレジャーハント", "トレジャーハント"), ("ピストル@はやてくん", "ピストル@はやて"),
    ("大縄@かすみ", "大縄とフック@かすみ"), ("大縄とフック＠かすみちゃん", "大縄とフック@かすみ"),
    ("タイムボム", "タイムボム"), ("クロノバック", "クロノバック"), ("タイムパス", "タイムパス"),
    ("投票＠ミスト", "投票@ミスト"),
]
GM_LINES = [
    ("課題成功@はやて、かすみ", "課題成功@はやて、かすみ"), ("課題成功＠はやて,アン", "課題成功@はやて、アン"),
    ("課題失敗＠アン", "課題失敗@アン"), ("正解@あおい", "正解@あおい"), ("投票時間", "投票時間"),
]


@pytest.mark.parametrize(("line", "read"), LINES)
def test_every_command_reads(line: str, read: str) -> None:
    v = variant()
    assert parse_command(line, roster(v), "secret-society",
                         transformer=v.transformer).describe() == read


@pytest.mark.parametrize(("line", "read"), GM_LINES)
def test_every_gm_judgment_reads(line: str, read: str) -> None:
    v = variant()
    assert parse_command(line, roster(v), "secret-society", gm=True,
                         transformer=v.transformer).describe() == read


def test_every_vocabulary_entry_is_read() -> None:
    v = variant()
    for word, sid in SOCIETY_WORDS.items():
        a = parse_command(f"承諾@{word}", roster(v), "secret-society", transformer=v.transformer)
        assert a.society == sid, word  # type: ignore[attr-defined]
    for word, tid in TECHNIQUE_WORDS.items():
        a = parse_command(f"習得@{word}", roster(v), "secret-society", transformer=v.transformer)
        assert a.technique == tid, word  # type: ignore[attr-defined]
    words = set(command_words("secret-society"))
    for w in ("勧誘", "承諾", "拒否", "入会希望", "解答", "習得", "口寄せ", "影縫い", "土遁", "変わり身",
              "海賊旗", "望遠鏡", "トレジャーハント", "ピストル", "大縄", "タイムボム", "クロノバック",
              "タイムパス", "課題成功", "課題失敗", "正解", "投票時間"):
        assert w in words, w


@pytest.mark.parametrize("line", ["勧誘@", "習得@口寄", "ピストル", "入会希望@たろう", "口寄せ@"])
def test_malformed_commands_are_errors_with_a_japanese_reason(line: str) -> None:
    v = variant()
    with pytest.raises(CommandError) as info:
        parse_command(line, roster(v), "secret-society", transformer=v.transformer)
    assert info.value.reason_ja


def test_any_line_in_any_phase_is_read_never_a_crash(tmp_path: Path) -> None:
    """Every command word from everyone (dead, unaffiliated, GM) in every phase."""
    import shutil

    words = [w for w, _ in LINES] + [w for w, _ in GM_LINES]
    speakers = ["はやて", "アン", "さら", "GM", "だれか"]
    game = tmp_path / "g"
    shutil.copytree(FIXTURES / "secret-society-main", game,
                    ignore=shutil.ignore_patterns("expected", "out"))
    for log in sorted((game / "logs").iterdir()):
        body = log.read_text("utf-8").splitlines()
        extra = [f"[23:00] {s}: {w}" for s in speakers for w in words]
        log.write_text("\n".join(body[:-1] + extra + body[-1:]) + "\n", "utf-8")
    g = resolve_game(game)
    for ph in g.phases:
        for rec in ph.lines:
            assert rec.disposition in ("accepted", "rejected", "superseded", "gm", "chatter")
            if rec.disposition == "rejected":
                assert rec.reason
    assert [p.id for p in g.phases][-1] == "day5"


def test_a_log_after_the_end_posts_only_that_the_game_is_over(tmp_path: Path) -> None:
    import shutil

    game = tmp_path / "g"
    shutil.copytree(FIXTURES / "secret-society-main", game,
                    ignore=shutil.ignore_patterns("expected", "out"))
    (game / "logs" / "night5.txt").write_text("[22:00] はやて: 勧誘@けい\n", "utf-8")
    g = resolve_game(game)
    last = g.phases[-1]
    assert last.id == "night5" and last.public_post == "ゲームはすでに終了しています。\n"
    assert [r.code for r in last.lines] == ["game_over"]
