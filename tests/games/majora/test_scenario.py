"""ムジュラの仮面村: the scenario validator (mj.scenario) on broken scenarios, each with
its full expected list of problems (every problem at once, each with its key path)."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from adjudicator.games.majora.scenario import (
    Scenario,
    load_scenario,
    parse_scenario,
    reachable,
    read_scenario,
)
from tests.support import ROOT

SAMPLE = ROOT / "samples" / "majora" / "scenario.toml"

#: the smallest valid scenario: one mask that plays the instrument, the four giants
BASE = '''
title = "テスト"
[[masks]]
name = "仮面A"
text = "A"
instrument = true
[[items]]
name = "時の楽器"
kind = "instrument"
[[items]]
name = "巨人の剣"
kind = "giant"
start = "random"
[[items]]
name = "巨人の玉"
kind = "giant"
start = "random"
[[items]]
name = "巨人の鏡"
kind = "giant"
start = "random"
[[items]]
name = "巨人の盾"
kind = "giant"
start = "random"
[[riddles]]
id = "謎1"
answers = ["こたえ"]
[riddles.reward]
give = ["時の楽器"]
'''


def problems(text: str) -> list[str]:
    sc, found = parse_scenario(tomllib.loads(text))
    assert (sc is None) == bool(found) or sc is not None
    return found


def test_the_base_and_the_sample_are_valid() -> None:
    assert problems(BASE) == []
    # a clue item: found and held, no use effect (mj.scenario names it no error)
    assert problems(BASE + '[[items]]\nname = "銀の鈴"\nstart = "random"\ntext = "鈴"\n') == []
    sc = load_scenario(SAMPLE)
    assert len(sc.masks) >= 11 and sum(m.instrument for m in sc.masks) >= 1
    assert len(sc.riddles) >= 3 and sc.locks and sc.instrument is not None
    assert {i.name for i in sc.items if i.kind == "giant"} == {"巨人の剣", "巨人の玉", "巨人の鏡",
                                                            "巨人の盾"}
    have, opened = reachable(sc)
    assert have == {i.name for i in sc.items} and opened == {lk.id for lk in sc.locks}


BROKEN: dict[str, tuple[str, list[str]]] = {
    "types and unknown keys": (
        BASE.replace('text = "A"', 'text = "A"\ncolour = "red"').replace(
            'title = "テスト"', 'title = 3').replace('kind = "instrument"', 'kind = "flute"'),
        ["title: got 3; input should be a valid string",
         "masks[1] (仮面A).colour: unknown key",
         "items[1] (時の楽器).kind: got 'flute'; input should be 'normal', 'key', "
         "'instrument' or 'giant'"]),
    "type errors and name errors together": (
        BASE.replace('text = "A"', 'text = 5') + '''
[[masks]]
name = "仮面B"
text = "B"
[masks.ability]
uses = 0
[[items]]
name = "石"
[items.effect]
give = ["巨人の斧"]
[[riddles]]
id = "謎1"
answers = ["x"]
[riddles.reward]
text = "y"
[giants]
solved = ["謎9"]
''',
        ["masks[1] (仮面A).text: got 5; input should be a valid string",
         "masks[2] (仮面B).ability.uses: got 0; input should be greater than or equal to 1",
         "riddles[2] (謎1).id: duplicate id '謎1' (also riddles[1])",
         "items[6] (石).effect.give[1]: unknown item '巨人の斧'",
         "giants.solved[1]: unknown riddle '謎9'"]),
    "missing keys": (
        BASE.replace('answers = ["こたえ"]\n', "").replace('title = "テスト"', ""),
        ["title: required key is missing",
         "riddles[1] (謎1).answers: required key is missing"]),
    "duplicate ids, folded": (
        BASE + '''
[[masks]]
name = "仮面Ａ"
text = "B"
[[riddles]]
id = "なぞ1"
answers = ["x"]
[riddles.reward]
text = "y"
[[riddles]]
id = "謎1"
answers = ["z"]
[riddles.reward]
text = "w"
''',
        ["masks[2] (仮面Ａ).name: duplicate name '仮面Ａ' (also masks[1])",
         "riddles[3] (謎1).id: duplicate id '謎1' (also riddles[1])"]),
    "unknown names and rewards that point nowhere": (
        BASE + '''
[[riddles]]
id = "謎2"
answers = [" "]
[riddles.reward]
give = ["巨人の斧", "巨人の剣"]
[[riddles]]
id = "謎3"
answers = ["b"]
[riddles.reward]
[[locks]]
id = "扉"
key = "時の楽器"
[locks.reward]
give = ["巨人の盾"]
[giants]
solved = ["謎9"]
masks = ["仮面Z"]
opened = ["窓"]
days = [0, 2]
''',
        ["riddles[2] (謎2).answers: no accepted answer",
         "riddles[2] (謎2).reward.give[1]: unknown item '巨人の斧'",
         "riddles[2] (謎2).reward.give[2]: item '巨人の剣' starts in play (start = 'random'); "
         "only a hidden item can be given",
         "riddles[3] (謎3).reward: the reward gives nothing (give, text, announce, peek or kill)",
         "locks[1] (扉).key: '時の楽器' is not a key (kind = \"key\")",
         "locks[1] (扉).reward.give[1]: item '巨人の盾' starts in play (start = 'random'); "
         "only a hidden item can be given",
         "giants.days[1]: got 0; a cycle has days 1 to 3",
         "giants.solved[1]: unknown riddle '謎9'",
         "giants.masks[1]: unknown mask '仮面Z'",
         "giants.opened[1]: unknown lock '窓'",
         "locks[1] (扉): no key that the players can get opens it"]),
    "a giant item no path reaches": (
        BASE.replace('name = "巨人の盾"\nkind = "giant"\nstart = "random"',
                     'name = "巨人の盾"\nkind = "giant"') + '''
[[items]]
name = "カギ"
kind = "key"
target = "lock"
[[locks]]
id = "宝箱"
key = "カギ"
[locks.reward]
give = ["巨人の盾"]
''',
        ["items[5] (巨人の盾): no path reaches this giant item (it starts hidden and no "
         "reachable reward gives it): the players can never win",
         "items[6] (カギ): no path reaches this item (it starts hidden and no reachable "
         "reward gives it)",
         "locks[1] (宝箱): no key that the players can get opens it"]),
    "giants and the instrument misdeclared": (
        BASE.replace('name = "巨人の鏡"\nkind = "giant"', 'name = "巨人の鏡"').replace(
            'instrument = true', '') + '''
[[items]]
name = "巨人の斧"
kind = "giant"
start = "random"
[[items]]
name = "第二の楽器"
kind = "instrument"
start = "random"
consumable = true
target = "player"
''',
        ["items[4] (巨人の鏡).kind: '巨人の鏡' is a giant item: write kind = \"giant\"",
         "items[6] (巨人の斧).kind: '巨人の斧' is not a giant item; the giant items are "
         "巨人の剣、巨人の玉、巨人の鏡、巨人の盾",
         "items[7] (第二の楽器).target: the instrument takes no target",
         "items[7] (第二の楽器).consumable: the instrument is never used up that way (the "
         "instrument has three uses, a giant item breaks)",
         "items: more than one instrument ('時の楽器', '第二の楽器'); the game has one",
         "masks: no mask may play the instrument (instrument = true on one)"]),
    "effects that need a player target": (
        BASE + '''
[[masks]]
name = "仮面B"
text = "B"
[masks.ability]
[masks.ability.effect]
peek = "mask"
kill = "target"
[[items]]
name = "石"
start = "player:"
[items.effect]
kill = "user"
[[items]]
name = "砂"
start = "somewhere"
[items.effect]
text = "さらさら"
''',
        ["masks[2] (仮面B).ability.effect.peek: needs a player target (target = \"player\")",
         "masks[2] (仮面B).ability.effect.kill: \"target\" needs a player target (target = "
         "\"player\")",
         "items[6] (石).start: \"player:\" needs a player's name",
         "items[7] (砂).start: got 'somewhere'; expected \"hidden\", \"random\", "
         "\"player:<name>\""]),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_scenario_lists_every_problem(name: str) -> None:
    text, want = BROKEN[name]
    assert problems(text) == want


def test_unreadable_files(tmp_path: Path) -> None:
    assert read_scenario(tmp_path / "none.toml") == (None, ["file not found"])
    bad = tmp_path / "bad.toml"
    bad.write_text("title = ", encoding="utf-8")
    sc, found = read_scenario(bad)
    assert sc is None and found[0].startswith("not valid TOML:")
    bad.write_bytes(b"\xff\xfe\x00")
    assert read_scenario(bad)[1][0].startswith("not UTF-8 text")
    assert read_scenario(tmp_path) == (None, ["is a folder, not a scenario file"])


def test_schema_command_prints_the_scenario_schema() -> None:
    out = subprocess.run([sys.executable, "-m", "adjudicator", "schema", "--scenario"],
                         capture_output=True, text=True, check=True).stdout
    schema = json.loads(out)
    assert schema["title"].startswith("ムジュラの仮面村 scenario")
    assert set(schema["properties"]) == set(Scenario.model_fields)
    assert {"Mask", "Item", "Riddle", "Lock", "Giants", "Effect", "Ability"} <= set(
        schema["$defs"])
