"""The GM's side in the GM's words (review 3, issue 45: G13/L1, L2, Dg1, T1, T2, R3).

Over every fixture game (and the bundled derby game): the GM ledger of every phase and
diagnostics.txt hold no rule id, file path, phase id, option key or English value (a
line is placed as 「1日目夜のログ 12行目」 and a rule named 【投票】); the game.toml
``adjudicator new`` writes for every variant has Japanese comments and Japanese values
where the game reads them (and still loads); the report's state block says each fact
with its unit, never 「位置 赤: 3」.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from adjudicator.cli.main import diagnostics_text
from adjudicator.config.load import load_config
from adjudicator.config.skeletons import game_toml
from adjudicator.config.words import table
from adjudicator.games import REGISTRY, get_variant
from adjudicator.report.html import build_context
from tests.support import SAMPLES, all_games, fixture_variant, game_ids, hook, registered, resolved
from tests.support.japanese_share import ALLOWED, program_words
from tests.support.lint import enum_words

GAMES = all_games()
#: a rule cited by its id, 「[ww.vote]」 or 「［ww.vote］」
RULE_ID = re.compile(r"[\[［][a-z]+(?:\.[a-z_0-9]+)+[\]］]")
#: what a GM reads in a comment of game.toml besides Japanese: the values true/false
COMMENT_OK = ("true", "false", "leader", "society", *ALLOWED)


def _said(game: Any) -> list[str]:
    """The players' own words (lines, speakers, names) and the GM's secret words: the
    ledger quotes them, and they are not the program's."""
    out = {x for ph in game.phases for r in ph.lines for x in (r.text, r.speaker)}
    out |= {p.name for p in game.cfg.players} | {m for t in game.cfg.teams for m in t.members}
    return sorted((x for x in out if x and len(x) >= 2), key=len, reverse=True)


def _cut(text: str, said: list[str]) -> str:
    for s in said:
        text = text.replace(s, " ")
    return text


@cache
def gm_texts(root: Path) -> dict[str, str]:
    game = resolved(root)
    said = _said(game)
    return {"ledger": _cut("\n".join(ph.ledger for ph in game.phases), said),
            "diagnostics": _cut(diagnostics_text(game), said),
            "_variant": game.variant.name}


def internals(text: str, variant: str) -> list[str]:
    """The program's words in ``text``: rule ids, paths, phase ids, option keys, the
    English values a game has Japanese words for."""
    found = program_words(text)
    found += [f"rule id {m.group(0)}" for m in RULE_ID.finditer(text)]
    found += [f"dotted key {m.group(0)}" for m in re.finditer(r"\boptions\.[a-z_]+", text)]
    words = enum_words(get_variant(variant))
    words |= {"short_breath", "genji", "heike", "sand_golem"}
    for w in sorted(words, key=len, reverse=True):
        found += [f"English value {w}" for _ in re.finditer(
            rf"(?<![A-Za-z_]){re.escape(w)}(?![A-Za-z_])", text)]
    return found


@pytest.mark.parametrize("root", GAMES, ids=game_ids())
def test_the_ledger_speaks_the_gms_words(root: Path) -> None:
    texts = gm_texts(root)
    found = internals(texts["ledger"], texts["_variant"])
    assert not found, found[:10]


@pytest.mark.parametrize("root", GAMES, ids=game_ids())
def test_diagnostics_speak_the_gms_words(root: Path) -> None:
    texts = gm_texts(root)
    found = internals(texts["diagnostics"], texts["_variant"])
    assert not found, found[:10]


def test_the_lint_fires_on_what_the_review_saw() -> None:
    """The review's own lines are caught (a lint that cannot fail pins nothing)."""
    for text in ("[ww.vote] たろうさんがしょうさんに投票しました。（logs/day1.txt:8・公開）",
                 "注意：1日目夜のログ 12行目：所持金を超えます［logs/night1.txt:12］",
                 "1日目の夜の暗殺権：平氏（options.first_assassin）",
                 "抽選：1日目の夜に暗殺権を持つ陣営を抽選 → genji（候補：genji、heike）",
                 "注意：ログに時刻がないため時間を判定できません［round1］"):
        assert internals(text, "genpei"), text
    assert internals("呪い「short_breath」が部屋1へ移りました。", "trapword")


def test_a_ledger_line_names_its_place_and_rule_in_words() -> None:
    """L1: 「【投票】…（1日目昼のログ 4行目・公開）」; the rule id stays in --json."""
    root = next(r for r in GAMES if r.name == "genpei-emperor")
    ledger = resolved(root).phases[0].ledger
    assert "【投票】なつさんがみおさんに投票（1日目昼のログ 4行目・公開）" in ledger
    assert "1日目昼のログ 4行目 なつ「投票@みお」→ 受理" in ledger


def test_diagnostics_name_the_log_in_words() -> None:
    """Dg1: no trailing 「［logs/…:N］」, and a round's log is 「第1ラウンドのログ」."""
    root = next(r for r in GAMES if r.name == "trapword-lose")
    text = diagnostics_text(resolved(root))
    assert "注意：第1ラウンドのログ：ログに時刻がないため時間を判定できません" in text
    assert "［" not in text


# ---------------------------------------------------------------- game.toml (T1)
def _comments(text: str) -> list[str]:
    """Every comment's words: the part after 「#」, less a setting shown at its default
    (「# tie = "抽選"」) and a quoted string (a value the GM types)."""
    out = []
    for line in text.splitlines():
        code, _hash, note = line.partition("#")
        if not _hash or code.count('"') % 2:
            continue
        note = re.sub(r"^\s*[a-z_]+\s*=\s*(\"[^\"]*\"|\[[^\]]*\]|\{[^}]*\}|\S+)", "", note)
        if "#" in note:  # a default shown, then what it means
            note = note.split("#", 1)[1]
        out.append(note)
    return out


def assert_japanese_toml(text: str, variant: str) -> None:
    """A game.toml written for a GM: Japanese comments, Japanese values where the game
    reads them."""
    for note in _comments(text):
        rest = note
        for ok in COMMENT_OK:
            rest = re.sub(rf"(?<![A-Za-z]){ok}(?![A-Za-z])", " ", rest)
        assert not re.search(r"[A-Za-z]", rest), note
        assert not program_words(note.replace("game.toml", "")), note
    words = table(variant)
    for key in words:
        field = key.split(".", 1)[1]
        for m in re.finditer(rf'^#?\s*{field}\s*=\s*"([^"]*)"', text, re.M):
            assert not m.group(1).isascii(), f"{field} = {m.group(1)!r}"
    assert not re.search(r'^#?\s*monster\s*=\s*"[a-z_]+"', text, re.M)


@pytest.mark.parametrize("variant", registered())
def test_every_sample_speaks_japanese_in_its_game_toml(variant: str) -> None:
    """The bundled samples, as ``new`` writes game.toml (issue 45: 普通村's was English)."""
    assert_japanese_toml((SAMPLES / variant / "game.toml").read_text(encoding="utf-8"), variant)


def test_the_toml_check_sees_english() -> None:
    with pytest.raises(AssertionError):
        assert_japanese_toml('tie = "random"  # ww.vote.tie: drawn\n', "plain-werewolf")
    with pytest.raises(AssertionError):
        assert_japanese_toml('tie = "random"\n', "plain-werewolf")


@pytest.mark.parametrize("variant", sorted(REGISTRY))
def test_new_writes_japanese_comments_and_values(variant: str, tmp_path: Path) -> None:
    text = game_toml(variant)
    assert_japanese_toml(text, variant)
    (tmp_path / "logs").mkdir()
    (tmp_path / "game.toml").write_text(text, encoding="utf-8")
    if get_variant(variant).has_scenario:  # the sample's scenario beside it
        from adjudicator.resources import data_dir

        (tmp_path / "scenario.toml").write_bytes(
            (data_dir("samples") / variant / "scenario.toml").read_bytes())
    load_config(tmp_path / "game.toml")  # the loader reads the Japanese values


def test_every_option_shown_is_uncommented_into_a_valid_game(tmp_path: Path) -> None:
    """Each setting ``new`` shows commented out, set as shown, still loads (the comment's
    value is one the game takes)."""
    from adjudicator.games import REGISTRY, get_variant

    for variant in [v for v in REGISTRY if get_variant(v).toml_options]:
        text = game_toml(variant)
        opened = re.sub(r"^# ([a-z_]+ = )", r"\1", text, flags=re.M)
        root = tmp_path / variant
        (root / "logs").mkdir(parents=True)
        (root / "game.toml").write_text(opened, encoding="utf-8")
        load_config(root / "game.toml")


# ---------------------------------------------------------------- report (R3)
@pytest.mark.parametrize("root", GAMES, ids=game_ids())
def test_the_reports_state_block_is_no_dump(root: Path) -> None:
    rows = build_context(resolved(root))["extra"]
    for label, text in rows:
        assert text.strip() and text != "—", (label, text)
        assert not re.search(r"\S: \S", text), (label, text)  # 「赤: 3」
        assert not re.fullmatch(r"\d+", text), (label, text)  # a number without its unit


@pytest.mark.parametrize("variant", registered())
def test_the_state_block_in_words(variant: str) -> None:
    """Each village's state block on one of its fixture games (its ``STATE_BLOCK``)."""
    name, want = hook(variant, "STATE_BLOCK")
    root = next(r for r in GAMES if r.name == name)
    assert fixture_variant(root) == variant
    assert build_context(resolved(root))["extra"] == want


def test_majora_state_by_loop_and_empty_rows_hidden() -> None:
    root = next(r for r in GAMES if r.name == "majora-win")
    rows = dict(build_context(resolved(root))["extra"])
    assert rows["進み具合"] == "2周目・2日目で終了"
    assert "開いた仕掛け" not in rows and "開けた扉" not in rows
    for name in ("secret-society-main", "secret-society-secret"):
        root = next(r for r in GAMES if r.name == name)
        assert "タイムボム" not in dict(build_context(resolved(root))["extra"])
