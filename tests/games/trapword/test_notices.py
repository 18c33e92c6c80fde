"""Trap Word private notices: the secret word (to the hint-giver and the trap-setters),
the accepted trap words (to the setting team) and the reason a hint failed the turn
(to the hint-giver).  Pinned texts from the fixtures, properties over every fixture,
and small games for the GM's rulings (不正@, トラップ成立) and ``trap_mode = "auto"``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adjudicator.engine import resolve_game
from adjudicator.export import export_game
from tests.support import FIXTURES, exported, fixtures_of
from tests.support.trapword import all_events

GAMES = fixtures_of("trapword")




def notices(data: dict[str, Any], phase: str, player: str) -> list[str]:
    ph = next(p for p in data["phases"] if p["id"] == phase)
    return list(ph["private"].get(player, []))


def test_round1_notices_pinned() -> None:
    data = exported(FIXTURES / "trapword-win")
    assert notices(data, "round1", "たろう") == [
        "【第1ラウンド開始時】\n"
        "あなたが赤チームの出題者です。秘密のワードは「りんご」です。\n"
        "このワードやその一部を言わずに、ヒントでチームのみなさんに当ててもらってください。"
        "相手チームのトラップワード（3個まで）にも気をつけてください。",
        "青チーム（出題者：さくらさん）の秘密のワードは「バスケットボール」です。\n"
        "このワードのヒントに出てきそうなトラップワードを3個まで決めてください"
        "（例：トラップ@果物、赤い）。",
        "赤チームのトラップワードを受け付けました（3個／3個まで）：スポーツ、ボール、シュート\n"
        "青チームのヒントにこれらの言葉が出たら、10秒以内に「トラップ」と書いてください。",
    ]
    # さくら: trapper against 赤, giver of 青, setter of 青's traps, and her illegal hint
    sakura = notices(data, "round1", "さくら")
    assert sakura[-1] == (
        "【第1ラウンド終了後】\n"
        "あなたのヒント「バスケットにシュートする」は不正なヒントと判定されました。\n"
        "理由：秘密のワードを含んでいます（「バスケット」は「バスケットボール」の一部です）。\n"
        "青チームのこの手番は失敗です。")
    assert "秘密のワードは「バスケットボール」です" in sakura[1]
    # けんた: the secret word first, then the accepted traps, then his trap line rejected
    # over the count, quoted with its time (no file name, no rule id)
    kenta = notices(data, "round1", "けんた")
    assert kenta[0].startswith("【第1ラウンド開始時】\n赤チーム（出題者：たろうさん）の秘密のワード")
    assert kenta[1].endswith("果物、赤い、青森\n赤チームのヒントにこれらの言葉が出たら、"
                             "10秒以内に「トラップ」と書いてください。")
    assert kenta[2] == ("21:00:40の「トラップ@ジュース」は受け付けられませんでした："
                        "青チームはすでに上限の3個（果物、赤い、青森）を設定済みです。")


def test_sprung_trap_tells_the_hint_giver() -> None:
    data = exported(FIXTURES / "trapword-win")
    assert notices(data, "round2", "はなこ")[-1] == (
        "【第2ラウンド終了後】\n"
        "あなたのヒント「サイエンスの授業で習う」がトラップワード「サイエンス」に当たり、トラップが"
        "発動しました（コール：さくらさん）。\n理由：「サイエンス」そのものを含みます。\n"
        "赤チームのこの手番は失敗です。")


def test_drawn_secret_is_told_from_the_draw() -> None:
    data = exported(FIXTURES / "trapword-lose")
    told = [e for e in all_events(data, "secret_told") if e["cause"] == "rng"]
    assert told, "trapword-lose draws its secret words from options.words"
    drawn = {(e["target"], e["word"]) for p in data["phases"] for e in p["events"]
             if e["kind"] == "secret_set" and e["source"] == "words"}
    assert {(e["target"], e["word"]) for e in told} == drawn


@pytest.mark.parametrize("name", GAMES)
def test_secret_goes_to_giver_and_trappers_only(name: str) -> None:
    data = exported(FIXTURES / name)
    teams = {p["team"] for p in data["players"].values()}
    members = {t: [n for n, p in data["players"].items() if p["team"] == t] for t in teams}
    for ph in data["phases"]:
        sets = [e for e in ph["events"] if e["kind"] == "secret_set"]
        starts = {e["target"]: e["player"] for e in ph["events"] if e["kind"] == "turn_started"}
        for s in sets:
            team, word = s["target"], s["word"]
            other = next(t for t in teams if t != team)
            giver = starts[team]
            want = {giver, *members[other]}
            got = {n for n, texts in ph["private"].items()
                   if any(f"「{word}」" in t and "秘密のワード" in t for t in texts)}
            assert got == want, (ph["id"], team)
            # the answerers never learn their own word from a notice
            for n in members[team]:
                if n != giver:
                    assert not any(word in t for t in ph["private"].get(n, [])), (ph["id"], n)


@pytest.mark.parametrize("name", GAMES)
def test_accepted_traps_told_to_the_setting_team(name: str) -> None:
    data = exported(FIXTURES / name)
    for ph in data["phases"]:
        accepted: dict[str, list[str]] = {}
        for e in ph["events"]:
            if e["kind"] == "traps_set":
                accepted.setdefault(e["target"], []).extend(e["words"])
        told = [e for e in ph["events"] if e["kind"] == "traps_told"]
        for team, words in accepted.items():
            mine = [e for e in told if e["team"] == team]
            assert {e["to"] for e in mine} == {
                n for n, p in data["players"].items() if p["team"] == team}
            assert all(e["words"] == words and e["audience"] == "player" for e in mine)
            for e in mine:
                assert any("、".join(words) in t for t in ph["private"][e["to"]])


@pytest.mark.parametrize("name", GAMES)
def test_every_hint_failure_is_told(name: str) -> None:
    data = exported(FIXTURES / name)
    for ph in data["phases"]:
        failed = [e for e in ph["events"] if e["kind"] == "turn_result"
                  and e["reason"] in ("illegal", "foul", "trap")]
        ruled = [e for e in ph["events"] if e["kind"] == "hint_ruled"]
        assert [(e["player"], e["target"]) for e in failed] == [
            (e["to"], e["target"]) for e in ruled]


# ------------------------------------------------------------ small games: GM rulings
def small_game(root: Path, log: str, **options: Any) -> dict[str, Any]:
    opts = "\n".join(f"{k} = {v!r}" if not isinstance(v, str) else f'{k} = "{v}"'
                     for k, v in options.items())
    root.mkdir(parents=True, exist_ok=True)
    (root / "game.toml").write_text(
        'variant = "trapword"\nseed = 1\ngm = ["GM"]\n[options]\ncurses = 0\n'
        f'monster = "sand_golem"\n{opts}\n'
        '[[teams]]\nname = "赤"\nmembers = ["a", "b"]\nfirst = true\n'
        '[[teams]]\nname = "青"\nmembers = ["c", "d"]\n', encoding="utf-8")
    (root / "logs").mkdir(exist_ok=True)
    (root / "logs" / "round1.txt").write_text(log, encoding="utf-8")
    return export_game(resolve_game(root))


def test_gm_foul_tells_the_reason(tmp_path: Path) -> None:
    data = small_game(tmp_path / "g", "\n".join([
        "[20:00:00] GM: 秘密@赤 犬", "[20:00:01] GM: 秘密@青 猫",
        "[20:00:05] GM: 開始@赤", "[20:00:10] a: ワンと鳴くチワワ", "[20:00:12] GM: 不正@実例です",
        "[20:01:00] GM: 開始@青", "[20:01:05] c: ニャーと鳴く", "[20:01:10] d: 猫",
    ]) + "\n")
    assert notices(data, "round1", "a")[-1] == (
        "【第1ラウンド終了後】\n"
        "あなたのヒント「ワンと鳴くチワワ」はGMにより不正なヒントと判定されました。\n"
        "理由：実例です。\n赤チームのこの手番は失敗です。")
    assert not any("不正" in t or "発動" in t for t in notices(data, "round1", "c"))


def test_gm_confirms_a_trap(tmp_path: Path) -> None:
    data = small_game(tmp_path / "g", "\n".join([
        "[20:00:00] GM: 秘密@赤 犬", "[20:00:01] GM: 秘密@青 猫",
        "[20:00:02] c: トラップ@散歩", "[20:00:05] GM: 開始@赤",
        "[20:00:10] a: お手をする動物", "[20:00:12] c: トラップ", "[20:00:14] GM: トラップ成立",
    ]) + "\n")
    # the judge finds nothing plausible: the notice says the GM ruled it, names no word
    assert notices(data, "round1", "a")[-1] == (
        "【第1ラウンド終了後】\n"
        "あなたのヒント「お手をする動物」でトラップが発動しました（GMの判定）。\n"
        "理由：GMがトラップと判定しました。\n赤チームのこの手番は失敗です。")
    ev = all_events(data, "hint_ruled")[0]
    assert ev["rule"] == "tw.trap.gm" and ev["by_gm"] is True
    result = all_events(data, "turn_result")[0]
    assert result["detail"] == "トラップ発動（GM判定）：ヒント「お手をする動物」"
    assert "関係する語は見つかりません" not in result["detail"]


def test_auto_mode_trap_notices(tmp_path: Path) -> None:
    data = small_game(tmp_path / "g", "\n".join([
        "[20:00:00] GM: 秘密@赤 犬", "[20:00:01] GM: 秘密@青 猫",
        "[20:00:02] c: トラップ@散歩", "[20:00:05] GM: 開始@赤",
        "[20:00:10] a: 散歩が好き",
    ]) + "\n", trap_mode="auto")
    assert notices(data, "round1", "c")[-1] == (
        "青チームのトラップワードを受け付けました（1個／3個まで）：散歩\n"
        "赤チームのヒントにこれらの言葉がそのまま出ればトラップは自動で発動します。"
        "言い換えなどは10秒以内に「トラップ」と書いてください。")
    assert "（自動判定）" in notices(data, "round1", "a")[-1]
    # b answers for 赤: it must not learn 犬 from any notice
    assert not any("犬" in t for t in notices(data, "round1", "b"))
