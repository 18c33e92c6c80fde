"""The players' command sheet (adjudicator.guide) is built from the grammar and stays true:
every command word a game's grammar accepts on a player's line is shown; every example
line is read by ``check`` as accepted in the bundled sample game of its variant, at the
phase the sheet gives; every common mistake it shows is rejected; the sheet is Japanese
with no program words; the game's own options change its sentences."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

from adjudicator.checkline import check_line, check_phases
from adjudicator.games import REGISTRY, get_variant
from adjudicator.guide import (
    build_guide,
    grammar_commands,
    player_words,
    render_text,
    to_json,
)
from tests.support import SAMPLES, registered, resolved

VARIANTS = sorted(REGISTRY)


@cache
def _sample(variant: str) -> Any:
    return resolved(SAMPLES / variant)


def _speakers(game: Any) -> list[str]:
    if game.cfg.players:
        return [p.name for p in game.cfg.players]
    return [m for t in game.cfg.teams for m in t.members]


def _phases(game: Any, phase: str) -> list[str]:
    ids, upto = check_phases(game)
    every = list(dict.fromkeys(ids + upto))
    if re.fullmatch(r"(day|night|round)", phase):
        return [p for p in every if re.fullmatch(phase + r"[0-9]+", p)]
    return [p for p in every if p == phase]


def _readings(game: Any, line: str, phase: str) -> list[tuple[str, str, str, str]]:
    """(phase, speaker, disposition, code) of ``line`` for every speaker at every phase it
    may be meant for, stopping at the first acceptance."""
    out = []
    for ph in _phases(game, phase):
        for who in _speakers(game):
            rec = check_line(game, line, who, ph).record
            out.append((ph, who, rec.disposition, rec.code or ""))
            if rec.disposition == "accepted":
                return out
    return out


def _example_cases() -> list[tuple[str, str, str]]:
    out = []
    for v in VARIANTS:
        guide = build_guide(v, _sample(v).cfg)
        out += [(v, x.line, x.phase, x.refused) for _c, x in guide.examples()]
    return out


def _mistake_cases() -> list[tuple[str, str, str]]:
    out = []
    for v in VARIANTS:
        guide = build_guide(v, _sample(v).cfg)
        out += [(v, m.line, m.phase, m.code) for _c, m in guide.mistakes()]
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_player_command_word_of_the_grammar_is_on_the_sheet(variant: str) -> None:
    text = render_text(build_guide(variant))
    words = player_words(variant)
    assert words, "the grammar has player commands"
    missing = [w for w in words if not any(f"{a}{w}{b}" in text for a, b in
                                           (("「", ""), ("", "@"), ("書き方：", "\n"),
                                                                ("書き方：", "（")))]
    assert missing == []


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_sheet_lists_the_grammar_commands_in_order(variant: str) -> None:
    guide = build_guide(variant)
    assert [e.command for e in guide.entries] == [c for c, _w in grammar_commands(variant)]
    for e in guide.entries:
        assert e.text.examples, f"{e.command} has no example"


@pytest.mark.parametrize(("variant", "line", "phase", "refused"), _example_cases())
def test_every_example_is_accepted_in_the_sample_game(variant: str, line: str, phase: str,
                                                      refused: str) -> None:
    """Accepted for some player at some phase the sheet gives; an example whose names are
    placeholders (majora's items) is refused for that documented reason only."""
    game = _sample(variant)
    readings = _readings(game, line, phase)
    assert readings, f"the sample game has no phase {phase}"
    if refused and readings[-1][2] != "accepted":
        codes = {(d, c) for _p, _w, d, c in readings if d == "rejected"}
        assert ("rejected", refused) in codes, f"{line!r}: {sorted(codes)}"
        return
    assert readings[-1][2] == "accepted", f"{line!r} is never accepted: {readings[:6]}"


@pytest.mark.parametrize(("variant", "line", "phase", "code"), _mistake_cases())
def test_every_mistake_shown_is_rejected(variant: str, line: str, phase: str,
                                         code: str) -> None:
    """Nobody gets it accepted, and it is refused for the reason the sheet gives."""
    game = _sample(variant)
    readings = _readings(game, line, phase)
    kinds = {d for _p, _w, d, _c in readings}
    assert "accepted" not in kinds, f"{line!r} is accepted: {readings[-1]}"
    assert ("rejected", code) in {(d, c) for _p, _w, d, c in readings}, \
        f"{line!r} is never refused as {code}: {sorted({c for *_x, c in readings})}"


#: Latin letters a player may read on a sheet: GM and CO, nothing else
_LATIN = re.compile(r"[A-Za-z]+")


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_sheet_is_japanese_with_no_program_words(variant: str) -> None:
    for cfg in (None, _sample(variant).cfg):
        text = render_text(build_guide(variant, cfg))
        latin = set(_LATIN.findall(text)) - {"GM", "CO"}
        if variant == "splatoon":
            latin -= {"Splatoon"}  # the village's own name
        assert latin == set(), latin
        assert not re.search(r"\b[a-z]+\.[a-z_.]+\b|[a-z]+_[a-z]+|\.toml|logs/", text)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_json_holds_the_same_sheet(variant: str) -> None:
    guide = build_guide(variant)
    data = to_json(guide)
    assert data["text"] == render_text(guide)
    assert [c["command"] for c in data["commands"]] == [e.command for e in guide.entries]
    for c in data["commands"]:
        for x in c["examples"]:
            assert x["line"] in data["text"]


def test_a_rule_without_a_japanese_text_keeps_the_sheets_own_sentence() -> None:
    from adjudicator.guide import rule_text_ja

    assert rule_text_ja("xx.no_such_rule", "genpei", {}, "ふつうの文。") == "ふつうの文。"


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_command_cites_a_rule_of_its_game(variant: str) -> None:
    from adjudicator.rulebook import rules

    guide = build_guide(variant)
    for e in guide.entries:
        assert e.text.rule in rules(), f"{e.command}: {e.text.rule} is no rule id"
        assert e.rule_ja
    for t in guide.free:
        assert t.rule in rules(), f"{t.title}: {t.rule} is no rule id"


@pytest.mark.parametrize("variant", [v for v in registered() if get_variant(v).sealed_fields])
def test_the_sheet_tells_nothing_of_the_roles_nor_the_roster_order(variant: str) -> None:
    """The sheet is pasted to everyone: the same whatever the order of the roster (a
    roster written from a template lists roles in a known order) and whoever holds which
    role, society, colour or faction."""
    cfg = _sample(variant).cfg
    text = render_text(build_guide(variant, cfg))
    players = list(cfg.players)
    reordered = cfg.model_copy(update={"players": players[::-1]})
    assert render_text(build_guide(variant, reordered)) == text
    secret = ("role", "society", "leader", "colour", "weapon", "faction", "gender")
    shifted = [p.model_copy(update={k: getattr(players[(i + 1) % len(players)], k)
                                    for k in secret})
               for i, p in enumerate(players)]
    assert render_text(build_guide(variant, cfg.model_copy(update={"players": shifted}))) == text
