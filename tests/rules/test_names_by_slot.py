"""Names as each place expects them (issue 26): a speaker is looked up among the players,
a target among the kinds its command's slot takes, each name of a list stands alone,
a name two kinds share where one slot takes both is a setup warning; and lines are
accounted as the rulings say (a refused nomination is 却下, 「トラップ！」 is a call).

The renamed fixture games are the hidden-style check: a player renamed after a word of
the game (クロノ, 赤, 月) must leave every line's disposition and every event as in the
original game."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from adjudicator.engine import resolve_game
from adjudicator.roster import Roster
from tests.support import FIXTURES, fixture_variant, hook, registered


def renamed(name: str, old: str, new: str, tmp: Path) -> Path:
    """A copy of fixture game ``name`` with the player ``old`` renamed ``new``."""
    src, dst = FIXTURES / name, tmp / f"{name}-{new}"
    (dst / "logs").mkdir(parents=True)
    for p in src.iterdir():
        if p.is_file():
            text = p.read_text(encoding="utf-8")
            (dst / p.name).write_text(text.replace(old, new) if p.suffix in (".toml", ".txt")
                                      else text, encoding="utf-8")
    for p in sorted((src / "logs").iterdir()):
        (dst / "logs" / p.name).write_text(p.read_text(encoding="utf-8").replace(old, new),
                                           encoding="utf-8")
    return dst


def signature(game: Any, old: str = "", new: str = "") -> list[Any]:
    """Every line's disposition and every event, with ``old`` written ``new`` (the
    renamed game's words)."""
    def back(s: str | None) -> str | None:
        return s.replace(old, new) if (s and old) else s

    return [(ph.id, [(r.ref, back(r.speaker), r.disposition, r.code, back(r.action))
                     for r in ph.lines],
             [(e.kind, e.rule, back(e.player), back(e.target)) for e in ph.events])
            for ph in game.phases]


@pytest.mark.parametrize("variant", registered())
def test_a_player_named_after_a_word_of_the_game_plays_the_same_game(
        variant: str, tmp_path: Path) -> None:
    """Each village's ``NAMED_AFTER_A_WORD``: a player who speaks or is named in the logs,
    renamed after a word of the game."""
    fixture, old, new = hook(variant, "NAMED_AFTER_A_WORD")
    assert fixture_variant(FIXTURES / fixture) == variant
    assert any(old in p.read_text(encoding="utf-8") for p in (FIXTURES / fixture / "logs").iterdir())
    original = resolve_game(FIXTURES / fixture)
    game = resolve_game(renamed(fixture, old, new, tmp_path))
    assert len(game.phases) == len(original.phases) > 0
    assert signature(game) == signature(original, old, new)
    assert not [d for ph in game.phases for d in ph.diagnostics
                if d.code in ("ambiguous_name", "unknown_speaker")]


def test_the_speaker_kuromo_votes_and_the_society_kuromo_is_still_applied_for(
        tmp_path: Path) -> None:
    root = renamed("secret-society-main", "トキオ", "クロノ", tmp_path)
    (root / "logs" / "day1.txt").write_text(
        "[21:00] GM: 1日目の昼です。\n"
        "[21:01] GM: 【投票時間です】\n"
        "[21:02] クロノ: 投票@アン\n"
        "[21:03] あおい: 投票@クロノ\n", encoding="utf-8")
    for p in (root / "logs").iterdir():
        if p.name != "day1.txt":
            p.unlink()
    game = resolve_game(root)
    recs = {r.text: r for r in game.phases[0].lines}
    assert recs["投票@アン"].disposition == "accepted" and recs["投票@アン"].speaker == "クロノ"
    assert recs["投票@クロノ"].action == "投票@クロノ"
    votes = {(e.player, e.target) for e in game.phases[0].events if e.kind == "vote"}
    assert ("クロノ", "アン") in votes and ("あおい", "クロノ") in votes


def test_a_slot_that_takes_a_society_reads_kuromo_as_the_society() -> None:
    roster = Roster([("クロノ", [])], extra={"クロノマター": "chrono", "クロノ": "chrono"},
                    kinds={"chrono": "society"})
    assert roster.resolve("クロノ", kinds=("player",)) == "クロノ"
    assert roster.resolve("クロノ", kinds=("society",)) == "chrono"
    assert roster.match_prefix("クロノ", kinds=("society",)) == ("chrono", 3)
    assert roster.match_prefix("クロノさん", kinds=("player",)) == ("クロノ", 5)
    from adjudicator.errors import AmbiguousNameError

    with pytest.raises(AmbiguousNameError):  # with no kind asked, both fit
        roster.match_prefix("クロノ")


def test_each_name_of_a_list_stands_alone(tmp_path: Path) -> None:
    root = renamed("secret-society-main", "トキオ", "クロノ", tmp_path)
    day1 = (root / "logs" / "day1.txt").read_text(encoding="utf-8").replace(
        "課題成功@はやて、かすみ、ドレイク、アン、クロエ",
        "課題成功@はやて,かすみ,ドレイク,アン,クロノ,ナゾ")
    (root / "logs" / "day1.txt").write_text(day1, encoding="utf-8")
    game = resolve_game(root)
    ph = game.phases[0]
    line = next(r for r in ph.lines if "課題成功@" in r.text)
    assert line.disposition == "gm" and "ナゾ" in (line.reason or "")
    assert line.action == "課題成功@はやて、かすみ、ドレイク、アン、クロノ"
    counted = {e.player for e in ph.events if e.kind == "task_day" and e.cause == line.ref
               and e.data["results"][0] is True}
    assert counted == {"はやて", "かすみ", "ドレイク", "アン", "クロノ"}
    bad = [d for d in ph.diagnostics if d.source == line.ref]
    assert len(bad) == 1 and bad[0].code == "unknown_name" and "ナゾ" in bad[0].message
    assert "ナゾ" in (bad[0].reason_ja or "")


def test_an_ambiguous_name_in_a_list_is_its_own_diagnostic_naming_the_candidates(
        tmp_path: Path) -> None:
    root = renamed("secret-society-main", "トキオ", "クロノ", tmp_path)
    toml = (root / "game.toml").read_text(encoding="utf-8").replace(
        'name = "あおい"', 'name = "あおい"\naliases = ["あお"]').replace(
        'name = "いつき"', 'name = "いつき"\naliases = ["あお"]')
    (root / "game.toml").write_text(toml, encoding="utf-8")
    day1 = (root / "logs" / "day1.txt").read_text(encoding="utf-8").replace(
        "課題成功@はやて、かすみ、ドレイク、アン、クロエ", "課題成功@はやて、あお、クロノ")
    (root / "logs" / "day1.txt").write_text(day1, encoding="utf-8")
    ph = resolve_game(root).phases[0]
    line = next(r for r in ph.lines if "課題成功" in r.text)
    assert line.disposition == "gm" and line.action is not None
    assert "はやて" in line.action and "クロノ" in line.action and "あお" not in line.action
    bad = [d for d in ph.diagnostics if d.source == line.ref]
    assert [d.code for d in bad] == ["ambiguous_name"]
    assert "あおい" in bad[0].message and "いつき" in bad[0].message


def test_a_player_named_like_a_gender_is_a_setup_warning_and_each_way_is_named(
        tmp_path: Path) -> None:
    src = FIXTURES / "derby16"
    root = tmp_path / "derby"
    shutil.copytree(src, root, ignore=shutil.ignore_patterns("expected"))
    toml = (root / "game.toml").read_text(encoding="utf-8").replace(
        'name = "たろう"\naliases = ["太郎", "タロウ"]', 'name = "男"\naliases = ["たろう"]', 1)
    (root / "game.toml").write_text(toml, encoding="utf-8")
    game = resolve_game(root)
    warn = [d for d in game.diagnostics if d.code == "name_clash"]
    assert len(warn) == 1  # once, at setup
    ja = warn[0].reason_ja or ""
    assert "「男」" in ja and "予想@たろう" in ja and "予想@男性" in ja
    assert "game.toml" not in ja and "gender" not in ja
    # the line itself stays a diagnostic that names both candidates
    from adjudicator.checkline import check_line

    res = check_line(game, "予想@男 1万", "はなこ", "night1")
    assert res.record.disposition == "rejected" and res.record.code == "ambiguous_name"
    by_alias = check_line(game, "予想@たろう 1万", "はなこ", "night1").record
    assert by_alias.disposition == "accepted" and by_alias.action == "予想@男 1万ドル"
    gender = check_line(game, "予想@男性 1万", "はなこ", "night1").record
    assert gender.disposition == "accepted" and gender.action == "予想@男性 1万ドル"
    # a game with no such name has no warning
    assert not [d for d in resolve_game(src).diagnostics if d.code == "name_clash"]


def test_resolve_prints_the_setup_warning_in_japanese(tmp_path: Path) -> None:
    root = tmp_path / "derby"
    shutil.copytree(FIXTURES / "derby16", root, ignore=shutil.ignore_patterns("expected"))
    toml = (root / "game.toml").read_text(encoding="utf-8").replace(
        'name = "たろう"\naliases = ["太郎", "タロウ"]', 'name = "女"', 1)
    (root / "game.toml").write_text(toml, encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "adjudicator", "resolve", str(root),
                          "--no-write"], capture_output=True, text=True, timeout=120)
    text = out.stdout + out.stderr
    assert "「女」は" in text and "別名を登録してください" in text
    assert "予想@女性" in text  # the gender still has a clear spelling


def test_a_nomination_while_the_successor_lives_is_rejected_on_its_line() -> None:
    game = resolve_game(FIXTURES / "genpei-side")
    ph = next(p for p in game.phases if p.id == "night3")
    rec = next(r for r in ph.lines if r.text == "指名@たえ")
    refused = [e for e in ph.events if e.kind == "nomination_refused" and e.cause == rec.ref]
    assert refused, "the fixture's night3 nomination is refused by the rules"
    assert rec.disposition == "rejected" and rec.code == "successor_alive"
    assert "生存" in (rec.reason or "") and "たえ" in (rec.reason or "")
    assert "却下 指名@たえ" in ph.ledger and "受理 指名@たえ" not in ph.ledger


def test_a_nomination_the_rules_take_stays_accepted() -> None:
    game = resolve_game(FIXTURES / "genpei-side")
    taken = [(ph, e) for ph in game.phases for e in ph.events if e.kind == "nominated"]
    assert taken
    for ph, e in taken:
        rec = next(r for r in ph.lines if r.ref == e.cause)
        assert rec.disposition in ("accepted", "gm")


@pytest.mark.parametrize("said", ["トラップ！", "トラップ!!", "「トラップ」", "トラップっ"])
def test_trap_called_by_a_member_is_a_call_never_a_hint(said: str) -> None:
    from adjudicator.checkline import check_line

    game = resolve_game(FIXTURES / "trapword-win")
    for member in ("たろう", "さくら"):
        rec = check_line(game, said, member, "round1").record
        assert rec.action == "トラップ", (said, member, rec.action)
    # a hint that merely mentions a trap is still a hint (or an answer)
    rec = check_line(game, "トラップに気をつけて", "たろう", "round1").record
    assert rec.action != "トラップ"


def test_the_fixture_call_is_a_call_in_ledger_and_explain() -> None:
    from adjudicator.explain import explain_text

    game = resolve_game(FIXTURES / "trapword-win")
    ph = game.phases[0]
    rec = next(r for r in ph.lines if r.text == "トラップ！")
    assert rec.action == "トラップ"
    assert "ヒント「トラップ！」" not in ph.ledger
    assert "ヒント「トラップ！」" not in explain_text(game, phase="round1")
