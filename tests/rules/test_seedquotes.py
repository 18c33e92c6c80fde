"""「ルール原文」: every rule id of every rules file maps to the seed sentences it comes
from (found verbatim in the seed) or is marked as a choice of ours with its source."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator import seedquotes as SQ
from adjudicator.rulebook import ENGINE_RULES, rules
from tests.support import FIXTURES, registered, rule_ids

RULE_FILES = sorted((Path(SQ.__file__).parent / "rules").glob("*.md"))

# an id as rulebook.py reads it (bullets, inline "(sp.same_team)", ids listed in a bullet)
_ID = re.compile(r"(?<![\w.])([a-z]+(?:\.[a-z_][a-z0-9_]*)+)")


def ids_of(path: Path) -> list[str]:
    """Every rule id the rulebook takes from this file (file names such as
    ``werewolf.md`` in parentheses are references, not rule ids)."""
    found = set(_ID.findall(path.read_text(encoding="utf-8")))
    return sorted(i for i in found if i in rules() and not i.endswith(".md"))


def test_ids_of_finds_bullets_inline_and_listed_ids() -> None:
    by_name = {p.stem: ids_of(p) for p in RULE_FILES}
    assert "ss.recruit.none_night2" in by_name["secret-society"]  # digits in an id
    assert "ss.p.reveal" in by_name["secret-society"]  # Precisions
    assert "gp.event.festival" in by_name["genpei"]  # listed in another bullet
    assert "tw.trap.paraphrase" in by_name["trapword"]  # inline, in parentheses
    assert "sp.same_team" in by_name["splatoon"]


@pytest.mark.parametrize("variant", registered())
def test_ids_of_finds_every_id_of_each_villages_rules(variant: str) -> None:
    """Every rule id of the village's own prefix written in its rules file (read another
    way, tests.support.rule_ids) is one the rulebook takes from it."""
    path = next(p for p in RULE_FILES if p.stem == variant)
    own = rule_ids(path.name)
    assert own and own <= set(ids_of(path)), sorted(own - set(ids_of(path)))


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: p.stem)
def test_every_rule_id_has_a_seed_entry(path: Path) -> None:
    mapping = path.with_name(f"{path.stem}.seed.toml")
    assert mapping.is_file(), f"{mapping.name} is missing"
    table = SQ.table()
    missing = [rid for rid in ids_of(path) if rid not in table]
    assert missing == [], f"{path.name}: no seed entry for {missing}"


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: p.stem)
def test_each_mapping_holds_only_ids_of_its_rules(path: Path) -> None:
    mapping = path.with_name(f"{path.stem}.seed.toml")
    entries = SQ.parse(mapping.read_text(encoding="utf-8"))
    known = set(rules()) | set(ENGINE_RULES)
    parents = {rid.rsplit(".", n)[0] for rid in known for n in range(1, rid.count(".") + 1)}
    stray = sorted(set(entries) - known - parents)
    assert stray == [], f"{mapping.name}: entries for ids no rules file has: {stray}"


def test_every_quote_is_verbatim_in_its_seed() -> None:
    bad = []
    for q in SQ.table().values():
        text = SQ.seed_text(q.seed)
        for sentence in q.quote:
            if sentence not in text:
                bad.append((q.rule, sentence))
    assert bad == []


def test_no_problems_in_any_mapping() -> None:
    """Quotes are single lines (or sentences within a line) standing below their
    section's headings; choices name their source."""
    assert SQ.problems(SQ.table()) == []


def test_every_entry_is_a_quote_or_a_choice_with_a_source() -> None:
    for q in SQ.table().values():
        assert bool(q.quote) != bool(q.choice), q.rule
        if q.quote:
            assert q.section, f"{q.rule}: a quote names its seed section"
        else:
            assert q.source, f"{q.rule}: a choice names where it is written down"
            assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", q.choice), q.rule


def test_seed_lines_in_japanese() -> None:
    lines = SQ.seed_lines("sp.weapon.bomb")
    assert lines[0].endswith("より") and "バレません" in lines[-1]
    assert SQ.seed_lines("ww.vote.tie") == ["原文に記載なし（一般的な人狼のルールに従います）"]
    assert SQ.seed_lines("input.unknown_name") == ["原文に記載なし（本ツールの判断です）"]
    assert SQ.seed_lines("no.such.rule") == []


_MADE_UP = """
seed = "seed-2.txt"

[rules."ds.derby.bet"]
section = "ダービー＆ストック村へようこそ！＜所持金の増やし方：基本編＞・ダービー"
quote = ["賭けることができるのは１万ドル単位で報酬は以下のとおりです。"]
"""


def test_the_checker_accepts_a_true_quote() -> None:
    assert SQ.problems(SQ.parse(_MADE_UP)) == []


@pytest.mark.parametrize(
    ("old", "new", "complaint"),
    [
        # a made-up sentence
        ("賭けることができるのは１万ドル単位で", "賭けることができるのは１０万ドル単位で", "not in seed-2.txt"),
        # half-width digits where the seed has full-width ones
        ("１万ドル", "1万ドル", "not in seed-2.txt"),
        # two lines stitched into one quote
        ("以下のとおりです。", "以下のとおりです。\\n個人名：８倍", "one non-empty line"),
        # a true sentence under the wrong section
        ("所持金の増やし方：基本編＞・ダービー", "所持金の増やし方：上級編＞・株投資", "not below its section"),
        # a section heading the seed does not have
        ("＜所持金の増やし方：基本編＞", "＜賭け方＞", "not found"),
        # a fragment cut out of a sentence
        ('"賭けることができるのは１万ドル単位で報酬は以下のとおりです。"', '"１万ドル単位で"',
         "not a whole line or sentence"),
        # a quote from the wrong seed
        ('seed = "seed-2.txt"', 'seed = "seed-1.txt"', "not in seed-1.txt"),
    ],
)
def test_the_checker_catches_a_made_up_quote(old: str, new: str, complaint: str) -> None:
    text = _MADE_UP.replace(old, new)
    assert text != _MADE_UP
    found = SQ.problems(SQ.parse(text))
    assert found and all(complaint in p or "section heading" in p for p in found), found
    assert any(complaint in p for p in found), found


def test_the_checker_catches_a_choice_without_source_or_an_empty_entry() -> None:
    entries = SQ.parse('seed = "seed-2.txt"\n[rules."ds.x"]\nchoice = "決めました。"\n'
                       '[rules."ds.y"]\nsection = "【秘密結社村】"\n')
    assert [p.split(":")[0] for p in SQ.problems(entries)] == ["ds.x", "ds.y"]


def test_every_rule_a_fixture_game_cites_has_seed_words() -> None:
    """What `explain` will show: every rule id cited in the fixture games' JSON, and every
    engine ruling, finds its entry (its own or its parent's)."""
    cited = set(ENGINE_RULES)
    for path in (FIXTURES).rglob("*.json"):
        cited |= set(re.findall(r'"rule":\s*"([a-z][a-z0-9_.]*)"',
                                path.read_text(encoding="utf-8", errors="replace")))
    assert len(cited) > 50
    assert sorted(rid for rid in cited if SQ.seed_quote(rid) is None) == []


def test_the_base_rules_quote_no_village_s_seed() -> None:
    """werewolf.seed.toml and engine.seed.toml hold no quote: a base rule is quoted by
    the village whose seed spells it out, in its own file, so that a new village built
    on them (its file silent) quotes no other village's seed."""
    for stem in SQ.BASE:
        quoted = [rid for rid, e in SQ.files().get(stem, {}).items() if e.quote]
        assert quoted == [], f"{stem}.seed.toml quotes a seed for {quoted}"
    silent = "a-new-village"  # a variant with no file of its own reads the base rules
    assert all(not e.quote for e in SQ.variant_table(silent).values() if e.origin in SQ.BASE)
