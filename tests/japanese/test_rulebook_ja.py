"""The rulebook in Japanese (issue 27): every rule has its Japanese name and text,
written for players (no Latin letters beyond the words everyone uses, no option key,
no rule id); every seed quote is verbatim in its seed; and what players read of the
fixture games (explain --as, explain --line, the report) is Japanese: at most 1% Latin
letters outside names and chat text, and no rule id, file path, phase id or option key.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator import seedquotes as SQ
from adjudicator.engine import resolve_game
from adjudicator.explain_ja import explain_line
from adjudicator.rulebook import ENGINE_RULES, rules
from adjudicator.views import View
from tests.support import hook, registered
from tests.support.japanese_share import (
    ALLOWED,
    fixture_games,
    measure,
    option_keys,
    program_words,
    rule_ids,
)

ALLOWED_RE = re.compile(r"(?<![A-Za-z])(?:" + "|".join(ALLOWED) + r")(?![A-Za-z])")


def _latin_beyond_allowed(text: str) -> list[str]:
    return re.findall(r"[A-Za-zＡ-Ｚａ-ｚ]+", ALLOWED_RE.sub(" ", text))


def _entries() -> list[SQ.SeedQuote]:
    return [q for entries in SQ.files().values() for q in entries.values()]


def _texts(q: SQ.SeedQuote) -> list[str]:
    return [q.title, q.ja or q.choice, SQ.note_text(q.note), *(t for _c, t in q.when)]


def test_every_rule_id_has_a_japanese_name_and_text() -> None:
    ids = (set(rules()) | set(ENGINE_RULES)) - {"werewolf.md"}
    missing = sorted(rid for rid in ids if SQ.seed_quote(rid) is None
                     or not SQ.rule_title(rid) or not SQ.rule_ja(rid))
    assert missing == []
    # an entry's own text, not only a parent's
    bare = sorted(q.rule for q in SQ.table().values() if not q.title or not (q.ja or q.choice))
    assert bare == []


@pytest.mark.parametrize("q", _entries(), ids=lambda q: f"{q.origin}:{q.rule}")
def test_a_japanese_text_holds_no_program_word(q: SQ.SeedQuote) -> None:
    for text in _texts(q):
        if not text:
            continue
        assert _latin_beyond_allowed(text) == [], (q.rule, text)
        assert not any(rid in text for rid in rule_ids() if "." in rid), (q.rule, text)
        keys = [k for k in option_keys() if re.search(rf"(?<![A-Za-z_]){k}(?![A-Za-z_])", text)]
        assert keys == [], (q.rule, text)
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text), (q.rule, text)


def test_the_checker_of_texts_catches_program_words() -> None:
    assert _latin_beyond_allowed("同票は抽選（設定 tie = \"none\" で処刑なし）") == ["tie", "none"]
    assert _latin_beyond_allowed("GMがCOを確かめます") == []
    found = set(program_words("ルール原文（ww.vote）：logs/day1.txt:9（day1）設定 hunter_repeat"))
    assert found == {"rule id ww.vote", "path logs/", "path day1.txt:9", "phase id day1",
                     "option key hunter_repeat"}
    assert program_words("1日目昼のログ 9行目（21:08 はなこ「投票@しょう」）") == []


def test_the_when_table_names_real_settings() -> None:
    """A per-setting text names a game.toml option the rules know, with a value."""
    for q in _entries():
        for cond, _text in q.when:
            key, _, value = cond.partition("=")
            assert key in option_keys() and value, (q.rule, cond)


def test_a_text_follows_the_games_setting() -> None:
    base = SQ.rule_ja("ww.role.hunter")
    strict = SQ.rule_ja("ww.role.hunter", options={"hunter_repeat": False})
    assert "連続護衛なし" in strict and "連続護衛なし" not in base
    assert SQ.rule_ja("ww.vote.tie", options={"tie": "none"}).startswith("この村の設定により")
    assert SQ.rule_ja("ww.vote.tie", options={"tie": "random"}) == SQ.rule_ja("ww.vote.tie")


def test_every_mapping_file_is_right_including_a_variants_base_rules() -> None:
    """Every quote of every file verbatim in its seed, below its section (a variant's
    own quote for a base rule, ww.vote in splatoon.seed.toml, included)."""
    for stem, entries in SQ.files().items():
        assert SQ.problems(entries) == [], stem


def _norm(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("variant", registered())
def test_a_variant_quotes_its_own_seed_for_the_vote(variant: str) -> None:
    """A village seed that speaks of the vote and of 吊り is the vote's quote (its
    ``VOTE_QUOTE_WORD``), and the ruling says in one sentence what it adds; a village whose
    seed is silent quotes none and says the vote is the standard rule."""
    word = hook(variant, "VOTE_QUOTE_WORD")
    q = SQ.seed_quote("ww.vote", variant)
    assert q is not None and SQ.rule_title("ww.vote", variant) == "投票"
    if not word:
        assert not q.quote and q.standard, variant
        return
    assert q.quote and any(word in s for s in q.quote), variant
    assert q.note
    seed = _norm(SQ.seed_text(q.seed))
    assert all(_norm(s) in seed for s in q.quote)


def test_the_sources_are_named_as_a_person_would() -> None:
    for rid in SQ.table():
        for line in SQ.seed_lines(rid):
            assert not re.search(r"\.(md|txt|toml)|DESIGN|README|rules/", line), (rid, line)
    assert SQ.section_ja("ダービー＆ストック村へようこそ！＜所持金の増やし方：基本編＞・スーパーチャンス") == (
        "ダービー＆ストック村・所持金の増やし方：基本編・スーパーチャンス")


def test_a_ruling_that_differs_from_the_seed_says_so() -> None:
    assert "所持金の範囲内" in (SQ.seed_quote("ds.stock.buy") or SQ.SeedQuote("", "")).note
    call = SQ.seed_quote("tw.trap.call")
    assert call is not None and "3秒" in call.note
    assert "10秒" in SQ.note_text(call.note)  # the default call window
    assert "15秒以内" in SQ.note_text(call.note, {"call_window_seconds": 15})  # the game's
    assert "{" not in SQ.note_text(call.note, {})


GAMES = fixture_games()


@pytest.mark.parametrize("root", GAMES, ids=lambda p: p.name)
def test_what_players_read_is_japanese(root: Path) -> None:
    """Every player's explain, every ``--line`` answer on a player's own lines, the desk's
    explain pages and the report: at most 1% Latin, no program word, and the desk's page
    of a player is the command line's answer word for word."""
    fig = measure(root)
    for kind in fig.letters:
        print(f"{root.name} {kind}: {100 * fig.share(kind):.2f}% Latin "
              f"({fig.latin[kind]} of {fig.letters[kind]} letters)")
        assert fig.share(kind) <= 0.01, (kind, fig.latin[kind], fig.letters[kind])
    assert {"explain --as", "desk explain"} <= set(fig.letters)
    assert fig.words == []
    assert fig.differ == []


@pytest.mark.parametrize("root", GAMES, ids=lambda p: p.name)
def test_every_line_answer_quotes_the_seed_verbatim_or_says_it_is_silent(root: Path) -> None:
    game = resolve_game(root)
    seeds = {name: _norm(SQ.seed_text(name)) for name in ("seed-1.txt", "seed-2.txt")}
    for ph in game.phases:
        for rec in ph.lines:
            if rec.disposition not in ("accepted", "rejected"):
                continue
            view = View.of(rec.speaker) if rec.speaker not in game.cfg.gm else View.gm()
            text = explain_line(game, rec.ref, view)
            blocks = text.split("ルール「")[1:]
            for block in blocks:
                if "上に引用しました" in block.split("\n", 1)[0]:
                    continue
                body = block.split("\n")
                assert any(x.strip().startswith("原文") for x in body), block
                quotes = [x.strip()[1:-1] for x in body if x.startswith(" " * 4) and
                          x.strip().startswith("「") and x.strip().endswith("」")]
                silent = any("原文：記載なし" in x for x in body)
                assert quotes or silent, block
                for s in quotes:
                    assert any(_norm(s) in seed for seed in seeds.values()), s


def test_a_line_is_found_by_the_name_explain_gives_it() -> None:
    """A GM who reads 「1日目夜のログ 3行目」 can ask about that line in those words."""
    from adjudicator.explain_ja import find_line
    from adjudicator.wording import line_place

    game = resolve_game(GAMES[0])
    rec = next(r for ph in game.phases for r in ph.lines if r.disposition != "chatter")
    stem = rec.ref.rsplit("/", 1)[-1].split(".")[0]
    for asked in (rec.ref, line_place(rec.ref), f"{stem}:{rec.ref.rpartition(':')[2]}"):
        assert find_line(game, asked)[1] is rec, asked
