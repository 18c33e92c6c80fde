"""ムジュラの仮面村: one test (at least) per rule id of majora.md.

Each test is tagged with the rule ids it pins (``@rules(...)``); the last test checks that
every rule id of the bundled rule file is pinned by some test.  The games are the sample
setup (seed 12: in cycle 1 さつき starts with 古びたカギ and えま with 月の涙; the masks
are read from the state, not assumed).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adjudicator.config.load import load_config
from adjudicator.errors import ConfigError
from adjudicator.games.majora import Majora
from adjudicator.parser import parse_command
from adjudicator.roster import Roster
from tests.support import ROOT, RulePins
from tests.support.majora import (
    INSTRUMENT_MASKS,
    MOON,
    NAMES,
    events,
    lines,
    not_wearing,
    play,
    post,
    private,
    record,
    state,
    wearer,
    write_game,
)

rules = RulePins('majora.md')  # @rules(...) pins a rule id




def first_masks(tmp: Path) -> Any:
    """The state after an empty day 1 (the masks of cycle 1)."""
    return state(play(tmp / "probe", {"day1": ""}), "day1")


# ------------------------------------------------------------------ setup
@rules("mj.setup")
def test_setup_needs_eleven_villagers_and_one_moon(tmp_path: Path) -> None:
    root = write_game(tmp_path / "g", {"day1": ""})
    toml = (root / "game.toml").read_text("utf-8")
    (root / "game.toml").write_text(toml.replace('role = "仮面の村人"', 'role = "月"', 1)
                                    .replace('[[players]]\nname = "しのぶ"\nrole = "仮面の村人"\n', ""), "utf-8")
    with pytest.raises(ConfigError) as e:
        load_config(root / "game.toml")
    assert e.value.problems == [
        "players: 11 players; ムジュラの仮面村 takes 11 仮面の村人 and 1 月 (mj.setup)",
        'players: 2 players have role = "月"; the village has exactly 1 (mj.setup)']


@rules("mj.setup")
def test_the_moon_is_told_privately_and_never_announced_before_the_end(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": "", "night1": ""})
    assert private(g, "day1", MOON)[0].startswith("あなたは【月】です。")
    assert all(p[0].startswith("あなたは【仮面の村人】です。")
               for n in NAMES if n != MOON for p in [private(g, "day1", n)])
    assert "月の役" not in post(g, "day1") + post(g, "night1")
    assert g.cfg.player(MOON).role == "月"


@rules("mj.scenario")
def test_a_game_without_a_valid_scenario_does_not_start(tmp_path: Path) -> None:
    root = write_game(tmp_path / "g", {"day1": ""}, edits=(('give = ["巨人の剣"]',
                                                            'give = ["巨人の斧"]'),))
    with pytest.raises(ConfigError) as e:
        load_config(root / "game.toml")
    assert e.value.problems == [
        "scenario (scenario.toml): locks[1] (時計塔の扉).reward.give[1]: unknown item '巨人の斧'",
        "scenario (scenario.toml): items[4] (巨人の剣): no path reaches this giant item (it "
        "starts hidden and no reachable reward gives it): the players can never win"]
    toml = (root / "game.toml").read_text("utf-8")
    (root / "game.toml").write_text(toml.replace('scenario = "scenario.toml"', ""), "utf-8")
    with pytest.raises(ConfigError) as e:
        load_config(root / "game.toml")
    assert e.value.problems[0].startswith("scenario: required key is missing")


@rules("mj.scenario")
def test_scenario_items_named_for_players_must_be_players(tmp_path: Path) -> None:
    root = write_game(tmp_path / "g", {"day1": ""}, edits=(
        ('kind = "key"\ntarget = "lock"\nstart = "random"',
         'kind = "key"\ntarget = "lock"\nstart = "player:だれか"'),))
    with pytest.raises(ConfigError) as e:
        load_config(root / "game.toml")
    assert e.value.problems == ["scenario (scenario.toml): items[2] (古びたカギ).start: "
                                "'だれか' is not a player of game.toml"]


@rules("mj.scenario")
def test_starting_items_are_drawn_and_told_to_their_holder_only(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": ""})
    draws = [e for e in events(g, "day1", "draw") if e.rule == "mj.scenario"]
    assert [d.target for d in draws] == ["さつき", "えま"]
    starts = events(g, "day1", "item_start")
    assert [(e.to, e.target, e.audience) for e in starts] == [
        ("さつき", "古びたカギ", "player"), ("えま", "月の涙", "player")]
    assert "古びたカギ" not in post(g, "day1")
    assert private(g, "day1", "えま")[1] == "あなたは最初から「月の涙」を持っています（説明は公開されていません）。"


# ------------------------------------------------------------------ masks
@rules("mj.masks.deal")
def test_every_player_gets_one_mask_drawn_and_told_only_to_the_wearer(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": ""})
    st = state(g, "day1")
    masks = [p.mask for p in st.players.values()]
    assert None not in masks and len(set(masks)) == len(NAMES)
    deals = [e for e in events(g, "day1", "draw") if e.rule == "mj.masks.deal"]
    assert [d.target for d in deals] == masks
    assert len(deals[0].data["among"]) == 13 and len(deals[-1].data["among"]) == 2
    for e in events(g, "day1", "mask"):
        assert e.audience == "player" and e.to == e.player
    text = g.variant.scenario.mask(st.players["しのぶ"].mask).text
    assert any(text in n for n in private(g, "day1", "しのぶ"))
    assert all(text not in n for other in NAMES if other != "しのぶ"
               for n in private(g, "day1", other))
    assert text not in post(g, "day1")
    assert f"しのぶ（仮面の村人）：{st.players['しのぶ'].mask}" in g.phases[0].ledger


# ------------------------------------------------------------------ declarations
@rules("mj.declare")
def test_only_the_holder_uses_an_item_and_only_by_day(tmp_path: Path) -> None:
    g = play(tmp_path, {
        "day1": lines(("あかね", "使用@古びたカギ→時計塔の扉"), ("さつき", "使用@古びたｶｷﾞ　→　時計塔の扉"),
                      ("いぶき", "使用@ほうき"), ("えま", "回答@時計塔 とけいとう")),
        "night1": lines(("えま", "使用@時のオカリナ"), ("えま", "渡す@時のオカリナ→あかね"))})
    assert record(g, "logs/day1.txt:1").code == "not_holder"
    assert record(g, "logs/day1.txt:1").reason == "古びたカギを持っていません（アイテムを使えるのは持っている人だけです）"
    assert record(g, "logs/day1.txt:2").disposition == "accepted"
    assert record(g, "logs/day1.txt:2").action == "使用@古びたカギ→時計塔の扉"
    assert record(g, "logs/day1.txt:3").code == "unknown_item"
    assert [record(g, f"logs/night1.txt:{i}").code for i in (1, 2)] == ["wrong_phase"] * 2
    assert "さつきさんが古びたカギで「時計塔の扉」を開けました。" in post(g, "day1")


@rules("mj.declare")
def test_items_pass_by_declaration_and_work_at_once_in_the_same_day(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": lines(
        ("さつき", "渡す@古びたカギ→あかね"), ("さつき", "使用@古びたカギ→時計塔の扉"),
        ("あかね", "使用@古びたカギ→時計塔の扉"), ("あかね", "渡す@巨人の剣→あかね"),
        ("あかね", "渡す@巨人の剣→いぶきさん"), ("いぶき", "渡す@巨人の剣→だれか"))})
    assert record(g, "logs/day1.txt:1").disposition == "accepted"
    assert record(g, "logs/day1.txt:2").code == "not_holder"
    assert record(g, "logs/day1.txt:3").disposition == "accepted"
    assert record(g, "logs/day1.txt:4").code == "self_target"
    assert record(g, "logs/day1.txt:5").disposition == "accepted"
    assert record(g, "logs/day1.txt:6").code == "unknown_name"
    st = state(g, "day1")
    assert st.items["古びたカギ"].holder == "あかね" and st.items["巨人の剣"].holder == "いぶき"
    assert "さつきさんがあかねさんに「古びたカギ」を渡しました。" in post(g, "day1")


@rules("mj.declare")
def test_abilities_belong_to_the_mask_and_have_uses_per_cycle(tmp_path: Path) -> None:
    st = first_masks(tmp_path)
    peeker = wearer(st, "まことの仮面")
    plain = wearer(st, "ロマニーの仮面")
    g = play(tmp_path / "g", {"day1": lines(
        (plain, "能力@"), (peeker, "能力@"), (peeker, f"能力@{MOON}"), (peeker, "能力@あかね"))})
    assert record(g, "logs/day1.txt:1").code == "no_ability"
    assert record(g, "logs/day1.txt:2").code == "no_target"
    assert record(g, "logs/day1.txt:3").disposition == "accepted"
    assert record(g, "logs/day1.txt:4").code == "ability_spent"
    told = private(g, "day1", peeker)  # in log order: the peek (line 3), then line 4's refusal
    mask_name = st.players[peeker].mask
    assert told[-2] == f"【{mask_name}の能力】{MOON}さんの仮面は「{st.players[MOON].mask}」です。"
    assert told[-1].startswith("「能力@あかね」は受け付けられませんでした")
    assert events(g, "day1", "ability_used")[0].audience == "gm"


@rules("mj.declare")
def test_a_kill_in_the_scenario_is_a_death_the_morning_post_reports(tmp_path: Path) -> None:
    st = first_masks(tmp_path)
    oni = wearer(st, "鬼神の仮面")
    victim = next(n for n in NAMES if n != oni)
    g = play(tmp_path / "g", {"day1": lines((oni, f"能力@{victim}"), (victim, "回答@時計塔 とけい")),
                              "night1": ""})
    assert g.phases[0].deaths == [victim]
    assert record(g, "logs/day1.txt:2").code == "dead"
    assert f"昨日亡くなった人：{victim}さん" in post(g, "night1")
    assert not state(g, "night1").players[victim].alive


@rules("mj.declare")
def test_a_dead_player_s_command_cites_the_engine_s_rule_like_every_game(tmp_path: Path) -> None:
    """One rule id for a dead player's command (issue 40.5): majora's own check, for a
    player killed earlier the same day, cites engine.dead as the reader does."""
    st = first_masks(tmp_path)
    oni = wearer(st, "鬼神の仮面")
    victim = next(n for n in NAMES if n != oni)
    g = play(tmp_path / "g", {"day1": lines((oni, f"能力@{victim}"), (victim, "回答@時計塔 とけい"))})
    refused = [e for e in events(g, "day1", "rejected") if e.cause == "logs/day1.txt:2"]
    assert [e.rule for e in refused] == ["engine.dead"]


#: two clue items (no use effect) put in before 月の涙 in the sample scenario
CLUES = ('[[items]]\nname = "月の涙"',
         '[[items]]\nname = "銀の鈴"\nstart = "player:えま"\ntext = "澄んだ音のする鈴です。"\n\n'
         '[[items]]\nname = "古い地図"\npublic = false\nstart = "random"\n\n'
         '[[items]]\nname = "月の涙"')


@rules("mj.scenario")
def test_a_clue_item_with_no_use_is_valid_and_using_it_does_nothing(tmp_path: Path) -> None:
    """An item found and held, nothing more (銀の鈴, 古い地図): the scenario is valid;
    using it is accepted, and its holder is told that nothing happened."""
    g = play(tmp_path, {"day1": lines(("えま", "使用@銀の鈴"))}, edits=(CLUES,))
    assert record(g, "logs/day1.txt:1").disposition == "accepted"
    assert "【銀の鈴】使っても何も起きませんでした。" in private(g, "day1", "えま")
    assert "えまさんが「銀の鈴」を使いました。" in post(g, "day1")


@rules("mj.item.unannounced")
def test_an_unpublished_item_works_once_who_and_what_are_named(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": lines(("えま", "使用@月の涙"), ("えま", f"使用@月の涙→{MOON}"))})
    rec = record(g, "logs/day1.txt:1")
    assert rec.code == "no_target"
    assert rec.reason == "説明が公開されていないアイテムは、誰が誰に使うのかを明言してください（使用@月の涙→名前）"
    assert [e.rule for e in g.phases[0].events if e.kind == "rejected"] == ["mj.item.unannounced"]
    mask = state(g, "day1").players[MOON].mask
    assert private(g, "day1", "えま")[-1] == f"【月の涙】{MOON}さんの仮面は「{mask}」です。"
    assert "えまさんが「月の涙」をけいたさんに使いました。" in post(g, "day1")


# ------------------------------------------------------------------ riddles
@rules("mj.riddle")
def test_answers_are_folded_and_right_gives_the_reward_once(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": lines(
        ("あかね", "回答@時計塔 ときい"), ("いぶき", "回答@時計塔 ﾄｹｲ　トウ"),
        ("うしお", "回答@時計塔 とけいとう"), ("えま", "回答@謎9 x"), ("えま", "回答@時計塔"))})
    assert [e.kind for e in g.phases[0].events if e.kind.startswith("riddle")] == [
        "riddle_wrong", "riddle_solved"]
    assert record(g, "logs/day1.txt:3").code == "solved"
    assert record(g, "logs/day1.txt:4").code == "unknown_riddle"
    assert record(g, "logs/day1.txt:5").code == "syntax"
    assert state(g, "day1").items["時のオカリナ"].holder == "いぶき"
    assert "あかねさんの謎「時計塔」への回答「ときい」は不正解でした。" in post(g, "day1")


@rules("mj.riddle", "mj.items.keep")
def test_a_riddle_solved_again_after_a_rewind_gives_no_second_item(tmp_path: Path) -> None:
    st = first_masks(tmp_path)
    player = wearer(st, *INSTRUMENT_MASKS)
    day1 = lines((player, "回答@時計塔 とけいとう"), (player, "使用@時のオカリナ"))
    g = play(tmp_path / "g", {"day1": day1, "night1": ""})
    st2 = state(g, "night1")
    again = lines((NAMES[0], "回答@時計塔 とけいとう"))
    g = play(tmp_path / "g", {"day1": day1, "night1": "", "day2": again})
    assert [e.kind for e in events(g, "day2")][:2] == ["riddle_solved", "effect_text"]
    assert events(g, "day2", "already_found")[0].to == NAMES[0]
    assert state(g, "day2").items["時のオカリナ"].holder == player == st2.items["時のオカリナ"].holder


# ------------------------------------------------------------------ the instrument
@rules("mj.instrument")
def test_only_an_allowed_mask_plays_the_instrument(tmp_path: Path) -> None:
    st = first_masks(tmp_path)
    other = not_wearing(st, *INSTRUMENT_MASKS)[0]
    player = wearer(st, *INSTRUMENT_MASKS)
    g = play(tmp_path / "g", {"day1": lines(
        (other, "回答@時計塔 とけいとう"), (other, "使用@時のオカリナ"),
        (other, f"渡す@時のオカリナ→{player}"), (player, "使用@時のオカリナ→村"),
        ("さつき", "使用@古びたカギ→時計塔の扉"))})
    assert record(g, "logs/day1.txt:2").code == "wrong_mask"
    assert record(g, "logs/day1.txt:4").action == "使用@時のオカリナ"
    assert record(g, "logs/day1.txt:5").code == "rewound"
    st = state(g, "day1")
    assert (st.loop, st.day, st.instrument_uses_left) == (2, 1, 2)


@rules("mj.instrument", "mj.items.keep")
def test_a_rewind_revives_the_dead_redeals_masks_and_keeps_items(tmp_path: Path) -> None:
    st = first_masks(tmp_path)
    oni = wearer(st, "鬼神の仮面")
    player = wearer(st, *INSTRUMENT_MASKS)
    victim = next(n for n in NAMES if n not in (oni, player))
    day1 = lines((oni, f"能力@{victim}"), ("さつき", "使用@古びたカギ→時計塔の扉"),
                 (player, "回答@時計塔 とけいとう"))
    g = play(tmp_path / "g", {"day1": day1, "night1": "", "day2": lines(
        ("さつき", "使用@古びたカギ→時計塔の扉"), (player, "使用@時のオカリナ"))})
    before, after = state(g, "night1"), state(g, "day2")
    assert not before.players[victim].alive and after.players[victim].alive
    assert after.loop == 2 and after.day == 1 and after.solved == [] and after.opened == []
    assert after.items == before.items  # held items stay where they were
    deals = [e for e in events(g, "day2", "draw") if e.rule == "mj.masks.deal"]
    assert len(deals) == 12 and [e.data["loop"] for e in events(g, "day2", "mask")] == [2] * 12
    rewind = events(g, "day2", "rewind")[0]
    assert rewind.data["undone"] == {"solved": ["時計塔"], "opened": ["時計塔の扉"],
                                     "revived": [victim], "day": 2}
    assert events(g, "day2", "items_kept")[0].audience == "gm"
    assert events(g, "day2", "items_kept")[0].data["kept"] == {"時のオカリナ": player, "古びたカギ": "さつき", "月の涙": "えま",
                                   "巨人の剣": "さつき"}
    assert record(g, "logs/day2.txt:1").code == "opened"
    g = play(tmp_path / "g", {"day1": day1, "night1": "", "day2": lines(
        ("さつき", "使用@古びたカギ→時計塔の扉"), (player, "使用@時のオカリナ")), "night2": ""})
    assert post(g, "night2").startswith("【2周目・1日目】朝")
    assert "月の落下まで、あと3日（72時間）。" in post(g, "night2")


@rules("mj.loop.limit", "mj.instrument")
def test_three_rewinds_at_most_and_four_cycles_at_most(tmp_path: Path) -> None:
    logs: dict[str, str] = {}
    holder = None
    for n in range(1, 5):
        g = play(tmp_path / "g", {**logs, f"day{n}": ""})
        st = state(g, f"day{n}") if n == 1 else state(g, f"night{n - 1}")
        if n == 1:
            st = first_masks(tmp_path)
        player = wearer(st, *INSTRUMENT_MASKS)
        say = [(player, "回答@時計塔 とけいとう")] if holder is None else [
            (holder, f"渡す@時のオカリナ→{player}")] if holder != player else []
        logs[f"day{n}"] = lines(*say, (player, "使用@時のオカリナ"))
        logs[f"night{n}"] = ""
        holder = player
    g = play(tmp_path / "g", logs)
    assert [state(g, f"day{n}").loop for n in range(1, 5)] == [2, 3, 4, 4]
    assert state(g, "day4").instrument_uses_left == 0
    last = record(g, f"logs/day4.txt:{len(logs['day4'].splitlines())}")
    assert last.code == "no_uses"
    assert last.reason == "時のオカリナはもう使えません（時を戻せるのは3回、4周目が最後です）"
    assert [e.rule for e in events(g, "day4", "rejected")] == ["mj.loop.limit"]
    assert "（これが最後の周です）" in post(g, "night3")
    assert list(Majora(g.cfg).phase_ids())[-1] == "night12"


# ------------------------------------------------------------------ the loop
@rules("mj.loop")
def test_the_moon_falls_on_the_morning_of_day_four(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": "", "night1": "", "day2": "", "night2": "", "day3": "",
                        "night3": "", "day4": lines(("あかね", "回答@時計塔 とけい"))})
    assert [post(g, f"night{n}").splitlines()[1] for n in (1, 2)] == [
        "月の落下まで、あと2日（48時間）。", "月の落下まで、あと1日（24時間）。明日の朝には月が落ちてきます。"]
    assert g.state.finished and g.state.team_won == "moon" and g.state.winners == [MOON]
    assert "月が村に落ちてきました" in post(g, "night3")
    assert record(g, "logs/day4.txt:1").code == "game_over"
    assert events(g, "night3", "moon_fell")[0].rule == "mj.loop"


@rules("mj.loop")
def test_day_and_cycle_head_every_post(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": "", "night1": "", "day2": ""})
    # a day 1 stored before play is the opening alone (review 3, P1)
    assert post(g, "day1").startswith("【1周目・1日目】朝\n～") and "昼の結果" not in post(g, "day1")
    assert post(g, "night1").startswith("【1周目・2日目】朝")
    assert post(g, "day2").startswith("【1周目・2日目】昼の結果")


# ------------------------------------------------------------------ the key
@rules("mj.key")
def test_the_key_opens_its_lock_once_a_cycle(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": lines(
        ("さつき", "使用@古びたカギ"), ("さつき", "使用@古びたカギ→あかね"),
        ("さつき", "使用@古びたカギ→時計塔の扉"), ("さつき", "使用@古びたカギ→時計塔の扉"))},
        edits=(('name = "月の涙"\npublic = false\nstart = "random"',
                'name = "月の涙"\npublic = false\nstart = "player:さつき"'),))
    assert [record(g, f"logs/day1.txt:{i}").code for i in (1, 2, 4)] == [
        "no_target", "unknown_lock", "opened"]
    assert state(g, "day1").opened == ["時計塔の扉"]
    assert state(g, "day1").items["巨人の剣"].holder == "さつき"
    assert "～時計塔の扉がきしみながら開いた～" in post(g, "day1")


@rules("mj.key")
def test_a_lock_opens_only_to_its_own_key(tmp_path: Path) -> None:
    g = play(tmp_path, {"day1": lines(("あかね", "使用@合鍵→時計塔の扉"))}, edits=(
        ("[[items]]\nname = \"月の涙\"", "[[items]]\nname = \"合鍵\"\nkind = \"key\"\n"
         "target = \"lock\"\nstart = \"player:あかね\"\n\n[[items]]\nname = \"月の涙\""),))
    assert record(g, "logs/day1.txt:1").code == "wrong_key"
    assert record(g, "logs/day1.txt:1").reason == "合鍵では「時計塔の扉」は開きません"


# ------------------------------------------------------------------ the giants
@rules("mj.giants")
def test_giant_items_need_the_condition_break_and_four_win(tmp_path: Path) -> None:
    st = first_masks(tmp_path)
    goron = wearer(st, "ゴロンの仮面")
    day1 = lines(("さつき", "使用@古びたカギ→時計塔の扉"), (goron, "能力@"),
                 ("あかね", "回答@沼の歌 デクの花"), ("さつき", "使用@巨人の剣"))
    day2 = lines(("さつき", "使用@巨人の剣"), ("いぶき", "回答@月の詩 つき"),
                 ("さつき", "使用@巨人の剣"), ("さつき", "使用@巨人の剣"),
                 ("さつき", "渡す@巨人の剣→あかね"), ("いぶき", "使用@巨人の玉"),
                 (goron, "使用@巨人の盾"), ("あかね", "使用@巨人の鏡"), ("うしお", "回答@時計塔 とけい"))
    g = play(tmp_path / "g", {"day1": day1, "night1": "", "day2": day2})
    assert record(g, "logs/day1.txt:4").code == "condition"
    assert record(g, "logs/day1.txt:4").reason == (
        "まだ巨人の剣を使う条件が整っていません（2日目・3日目にしか使えません、"
        "謎「月の詩」がこの周でまだ解かれていません）")
    assert record(g, "logs/day2.txt:1").reason == ("まだ巨人の剣を使う条件が整っていません"
                                                  "（謎「月の詩」がこの周でまだ解かれていません）")
    assert [record(g, f"logs/day2.txt:{i}").code for i in (4, 5, 9)] == [
        "broken", "broken", "game_over"]
    st = g.state
    assert st.finished and st.team_won == "village" and MOON not in st.winners
    assert st.giants_used == ["巨人の剣", "巨人の玉", "巨人の盾", "巨人の鏡"]
    assert "仮面の村人の勝利です。月の正体はけいたさんでした。" in post(g, "day2")


@rules("mj.giants", "mj.items.keep")
def test_a_broken_giant_item_never_comes_back_through_a_rewind(tmp_path: Path) -> None:
    st = first_masks(tmp_path)
    player = wearer(st, *INSTRUMENT_MASKS)
    g = play(tmp_path / "g", {
        "day1": lines(("さつき", "使用@古びたカギ→時計塔の扉"), (player, "回答@時計塔 とけい")),
        "night1": "",
        "day2": lines(("さつき", "回答@月の詩 月"), ("さつき", "使用@巨人の剣"),
                      (player, "使用@時のオカリナ")),
        "night2": "",
        "day3": lines(("さつき", "使用@巨人の剣"), ("さつき", "使用@古びたカギ→時計塔の扉"))})
    st = state(g, "day3")
    assert st.giants_used == ["巨人の剣"] and st.items["巨人の剣"].status == "broken"
    assert record(g, "logs/day3.txt:1").code == "broken"
    assert events(g, "day3", "already_found")[0].target == "巨人の剣"


# ------------------------------------------------------------------ reading
def test_the_grammar_reads_every_declaration() -> None:
    v = Majora(load_config(ROOT / "samples" / "majora" / "game.toml"))
    roster = Roster(v.roster_entries())

    def read(text: str) -> str:
        return parse_command(text, roster, "majora", transformer=v.transformer).describe()

    assert read("使用@古びたカギ -> 時計塔の扉") == "使用@古びたカギ→時計塔の扉"
    assert read("使用＠巨人の剣") == "使用@巨人の剣"
    assert read("能力@ あかねさん") == "能力@あかね"
    assert read("能力@") == "能力@"
    assert read("渡す@カギ→あかね") == "渡す@カギ→あかね"
    assert read("解答@沼の歌 デクの 花") == "回答@沼の歌 デクの 花"


def test_every_rule_id_is_pinned() -> None:
    assert rules.unpinned() == set()
    assert "mj.items.keep" in rules.ids()


def test_every_rule_id_has_its_seed_words() -> None:
    from adjudicator.seedquotes import seed_quote, seed_text

    for rid in sorted(rules.ids()):
        q = seed_quote(rid)
        assert q is not None and q.rule == rid, rid
        assert q.quote or q.choice, rid
        for sentence in q.quote:
            assert sentence in seed_text(q.seed), (rid, sentence)


def test_checking_a_line_twice_gives_the_same_answer(tmp_path: Path) -> None:
    from adjudicator.checkline import check_line

    g = play(tmp_path, {"day1": "", "night1": ""})
    first = check_line(g, "回答@時計塔 とけいとう", "あかね", None)
    again = check_line(g, "回答@時計塔 とけいとう", "あかね", None)
    assert first.phase == "day2" and first.record.disposition == "accepted"
    assert again.record.disposition == "accepted"


@rules("mj.masks.deal")
def test_no_public_event_names_a_mask(tmp_path: Path) -> None:
    """A mask's name and text reach only its wearer (and the GM): no public event of the
    sample game holds one, though abilities announce, give items and kill there."""
    from tests.support.majora import SAMPLE

    g = play(tmp_path, {p.stem: p.read_text("utf-8")
                        for p in sorted((SAMPLE / "logs").glob("*.txt"))})
    masks = [m.name for m in g.variant.scenario.masks]
    kinds = set()
    for ph in g.phases:
        for e in ph.events:
            if e.audience == "public":
                kinds.add(e.kind)
                assert not any(m in str(e.flat()) for m in masks), e
        assert not any(m in ph.public_post for m in masks), ph.id
    assert {"announce", "item_found", "death", "rewind", "giants_called"} <= kinds
