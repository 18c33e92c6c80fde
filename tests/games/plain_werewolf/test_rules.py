"""One test (at least) per rule id of werewolf.md and plain-werewolf.md, as 普通村 plays
them.  Each test is tagged with the rule ids it pins (``@rules(...)``); the last test
checks that every rule id of the two files is pinned by some test."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from adjudicator.config.load import load_config
from adjudicator.deal import deal_game
from adjudicator.errors import ConfigError, UsageError
from adjudicator.games.plain_werewolf.setup import PLAIN
from tests.support import RulePins
from tests.support.plain_werewolf import (
    NAMES,
    alive_after,
    day_votes,
    events,
    phase,
    play,
    record,
    write_game,
)

rules = RulePins("werewolf.md", "plain-werewolf.md")  # @rules(...) pins a rule id


@rules("ww.role.wolf", "ww.bite")
def test_the_last_valid_bite_of_any_wolf_kills(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"),
                        "night1": "たろう: 噛み@しん\nじろう: 噛み@じろう\nじろう: 噛み@なお"})
    assert phase(g, "night1").deaths == ["なお"]
    assert record(g, "logs/night1.txt:1").disposition == "superseded"
    assert record(g, "logs/night1.txt:2").code == "wolf_target"


@rules("ww.role.madman", "ww.role.seer", "ww.divine")
def test_the_seer_sees_wolf_and_madman(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"), "night1": "さくら: 占い@はなこ",
                        "day2": day_votes("そら", alive_after("めい")),
                        "night2": "さくら: 占い@たろう\nはなこ: 占い@たろう"})
    assert phase(g, "night1").private["さくら"] == ["占い結果：はなこさんは【人間】です。"]
    assert "占い結果：たろうさんは【人狼】です。" in phase(g, "night2").private["さくら"]
    assert record(g, "logs/night2.txt:2").code == "not_role"


@rules("ww.role.medium", "ww.medium")
def test_the_medium_learns_the_executed(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("たろう"), "night1": "じろう: 噛み@しん"})
    assert phase(g, "night1").private["けんた"] == ["霊能結果：処刑されたたろうさんは【人狼】でした。"]


@rules("ww.role.hunter", "ww.guard")
def test_the_guard_saves_and_the_repeat_option(tmp_path: Path) -> None:
    logs = {"day1": day_votes("めい"), "night1": "たろう: 噛み@さくら\nみか: 護衛@さくら",
            "day2": day_votes("そら", alive_after("めい")),
            "night2": "たろう: 噛み@さくら\nみか: 護衛@さくら"}
    g = play(tmp_path, logs)
    assert phase(g, "night1").deaths == [] and phase(g, "night2").deaths == []
    assert "昨晩の犠牲者はいませんでした。" in phase(g, "night1").public_post
    g = play(tmp_path / "no", logs, options={"hunter_repeat": False})
    assert record(g, "logs/night2.txt:2").code == "repeat_guard"
    assert phase(g, "night2").deaths == ["さくら"]


@rules("ww.role.mason", "ww.role.villager")
def test_every_role_is_told_at_the_start_masons_each_other(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい")})
    told = phase(g, "day1").private
    assert told["ゆう"] == ["あなたは共有者です。相方はあいさんです。"]
    assert told["たろう"][0].startswith("あなたは人狼です。仲間はじろうさんです。")
    assert told["しん"] == ["あなたは村人です。"]
    assert set(told) == set(NAMES)


@rules("ww.phase.order")
def test_phases_run_day_night_and_the_night_shows_next_morning(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"), "night1": "たろう: 噛み@しん",
                        "day2": day_votes("そら", alive_after("めい", "しん"))})
    assert [p.id for p in g.phases] == ["day1", "night1", "day2"]
    assert phase(g, "night1").public_post.startswith("【2日目の朝】")
    assert "しんさん" in phase(g, "night1").public_post
    g = play(tmp_path / "x", {"day1": "さくら: 占い@たろう"})  # a night command by day
    assert record(g, "logs/day1.txt:1").code == "wrong_phase"


@rules("ww.night.first_bite")
def test_no_bite_on_night1_when_first_bite_is_off(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("めい"), "night1": "たろう: 噛み@しん"},
             options={"first_bite": False})
    assert record(g, "logs/night1.txt:1").code == "no_first_bite"
    assert phase(g, "night1").deaths == []


@rules("ww.vote", "ww.vote.post")
def test_the_vote_executes_the_most_voted_and_lists_every_vote(tmp_path: Path) -> None:
    votes = day_votes("めい").replace("そら: 投票@めい\n", "").replace("\nそら: 投票@めい", "")
    g = play(tmp_path, {"day1": votes + "\nたろう: 投票@たろう"})
    post = phase(g, "day1").public_post
    assert phase(g, "day1").executed == "めい"
    assert "たろうさん → めいさん" in post and "未投票：そらさん" in post
    assert record(g, f"logs/day1.txt:{len(NAMES)}").code == "self_target"


@rules("ww.vote.tie")
def test_a_tie_is_drawn_or_nobody(tmp_path: Path) -> None:
    half = NAMES[:6]  # six for しん, six for なお, なお for めい
    votes = "\n".join(f"{n}: 投票@{'しん' if n in half else 'めい' if n == 'なお' else 'なお'}"
                      for n in NAMES)
    g = play(tmp_path, {"day1": votes})
    assert phase(g, "day1").executed in ("しん", "なお")
    assert events(g, "draw") and events(g, "draw")[0].rule == "ww.vote.tie"
    g = play(tmp_path / "none", {"day1": votes}, options={"tie": "none"})
    assert phase(g, "day1").executed is None
    assert "同票のため、本日は処刑なしです。" in phase(g, "day1").public_post


@rules("ww.win.village", "ww.win.check")
def test_the_village_wins_when_every_wolf_is_dead(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": day_votes("たろう"), "night1": "じろう: 噛み@しん",
                        "day2": day_votes("じろう", alive_after("たろう", "しん"))})
    assert g.state.finished and events(g, "team_win")[0].data["team"] == "village"
    assert "村人陣営の勝利です。" in phase(g, "day2").public_post
    assert set(g.state.winners) == set(NAMES) - {"たろう", "じろう", "はなこ"}


@rules("ww.win.wolves")
def test_the_wolves_win_at_parity_after_the_morning(tmp_path: Path) -> None:
    roster = [("たろう", "人狼"), ("はなこ", "狂人"), ("さくら", "占い師"), ("しん", "村人")]
    g = play(tmp_path, {"day1": "たろう: 投票@しん\nはなこ: 投票@しん\nさくら: 投票@しん\n"
                                "しん: 投票@はなこ",
                        "night1": "たろう: 噛み@さくら"}, roster=roster)
    assert not phase(g, "day1").public_post.count("ゲーム終了")  # one wolf, two others
    assert g.state.finished and events(g, "team_win")[0].data["team"] == "wolves"
    assert g.state.winners == ["たろう", "はなこ"]
    assert "人狼陣営の勝利です。" in phase(g, "night1").public_post


@rules("pw.setup.roles")
def test_the_setup_problems_and_the_deal(tmp_path: Path) -> None:
    bad = write_game(tmp_path / "bad", {}, roster=[("たろう", "人狼"), ("じろう", "人狼"),
                                                   ("しん", "村人"), ("なお", "勇者")])
    with pytest.raises(ConfigError) as caught:
        load_config(bad / "game.toml")
    assert any("勇者" in p for p in caught.value.problems_ja)
    wolves = write_game(tmp_path / "w", {}, roster=[("たろう", "人狼"), ("じろう", "人狼"),
                                                    ("しん", "村人"), ("なお", "村人")])
    with pytest.raises(ConfigError) as caught:
        load_config(wolves / "game.toml")
    assert any("同数以上" in p for p in caught.value.problems_ja)
    for n, counts in PLAIN.items():
        root = tmp_path / f"deal{n}"
        (root / "logs").mkdir(parents=True)
        (root / "game.toml").write_text('variant = "plain-werewolf"\nseed = 1\n' + "".join(
            f'\n[[players]]\nname = "p{i:02d}"\n' for i in range(n)), encoding="utf-8")
        deal_game(root, seed=3)
        cfg = load_config(root / "game.toml")  # the village's own checks pass
        assert Counter(p.role for p in cfg.players) == Counter(counts)
    with pytest.raises(UsageError, match="9 to 16"):
        root = tmp_path / "eight"
        (root / "logs").mkdir(parents=True)
        (root / "game.toml").write_text('variant = "plain-werewolf"\nseed = 1\n' + "".join(
            f'\n[[players]]\nname = "p{i:02d}"\n' for i in range(8)), encoding="utf-8")
        deal_game(root, seed=3)


def test_every_rule_id_is_pinned() -> None:
    assert rules.unpinned() == set()
