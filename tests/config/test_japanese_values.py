"""game.toml in the GM's words: every entry of every game's vocabulary table is
accepted, and a game written with the Japanese values resolves byte-identically to the
same game written with the English ones (the JSON contract keeps its values)."""

from __future__ import annotations

import re
import shutil
import typing
from pathlib import Path

import pytest

from adjudicator.config.load import GameConfig, PlayerConfig, load_config
from adjudicator.config.words import KEPT_AS_WRITTEN, table, translate
from adjudicator.errors import ConfigError
from adjudicator.games import REGISTRY
from tests.support import FIXTURES, SHARED, hook, outputs, registered


#: the value sets the engine understands, per key (the pydantic Literals, the options)
def _allowed(variant: str, key: str) -> set[str]:
    kind, field = key.split(".")
    if kind == "players":
        hint = PlayerConfig.model_fields[field].annotation
        args = {a for a in typing.get_args(hint) if a is not type(None)}
        literal = {x for a in args for x in typing.get_args(a)}
        if literal:
            return literal
        if field == "role":  # the base werewolf roles, or the game's own (state.ROLE_JA)
            import importlib

            from adjudicator.games import get_variant
            from adjudicator.vocab import ROLES
            if get_variant(variant).werewolf_roles:
                return set(ROLES)
            state = importlib.import_module(f"adjudicator.games.{REGISTRY[variant][0]}.state")
            return set(state.ROLE_JA)
        from adjudicator.games.splatoon.state import WEAPONS
        return {"special", *WEAPONS}
    module, _cls = REGISTRY[variant]
    import importlib
    rules = importlib.import_module(f"adjudicator.games.{module}.rules")
    opts = getattr(rules, "OPTIONS", None)
    if opts is None:
        from adjudicator.games.trapword.options import CHOICES as opts  # type: ignore
    return {v for v in opts[field] if isinstance(v, str)}


ENTRIES = [(v, key, word, value) for v in REGISTRY for key, words in table(v).items()
           for word, value in words.items()]


def test_every_game_has_a_table_with_japanese_words() -> None:
    for v in REGISTRY:
        assert table(v), v
        assert any(not w.isascii() for words in table(v).values() for w in words), v


@pytest.mark.parametrize("variant,key,word,value", ENTRIES,
                         ids=[f"{v}-{k}-{w}" for v, k, w, _ in ENTRIES])
def test_every_entry(variant: str, key: str, word: str, value: str) -> None:
    assert value in _allowed(variant, key)
    kind, field = key.split(".")
    raw = {"variant": variant, "players": [{"name": "たろう", field: f" {word} "}]} \
        if kind == "players" else {"variant": variant, "options": {field: word}}
    got = translate(raw)
    if key in KEPT_AS_WRITTEN:  # the game reads these words itself
        assert got == raw
        _game_reads(variant, field, word, value)
    elif kind == "players":
        assert got["players"][0][field] == value
        PlayerConfig.model_validate(got["players"][0])
    else:
        assert got["options"][field] == value
    assert raw != got or word == value or key in KEPT_AS_WRITTEN


def _game_reads(variant: str, field: str, word: str, value: str) -> None:
    """The game's own table reads the word: the base werewolf roles (``ROLE_NAMES``) for
    a game on them, else its state module's ``<FIELD>_WORDS`` (``ROLE_WORDS``…)."""
    import importlib

    from adjudicator.games import get_variant
    from adjudicator.vocab import ROLE_NAMES

    if field == "role" and get_variant(variant).werewolf_roles:
        words = ROLE_NAMES
    else:
        state = importlib.import_module(f"adjudicator.games.{REGISTRY[variant][0]}.state")
        words = getattr(state, f"{field.upper()}_WORDS")
    assert words[word] == value, (variant, field, word)


def test_unknown_word_is_left_for_validation() -> None:
    raw = {"variant": "splatoon", "players": [{"name": "あ", "colour": "みどり"}]}
    assert translate(raw) == raw


# ---------------------------------------------------------------- held-out style games
#: each village's held-out games (its JAPANESE_VALUES): fixture -> the Japanese words
JA = {name: words for variant in registered() for name, words in hook(variant, "JAPANESE_VALUES")}
_TIE = {"random": "ランダム", "none": "なし"}


def _japanese(text: str, words: dict[str, dict[str, str]]) -> str:
    def sub(m: re.Match[str]) -> str:
        key, value = m.group(1), m.group(2)
        if key == "tie":
            return f'{key} = "{_TIE.get(value, value)}"'
        return f'{key} = "{words.get(key, {}).get(value, value)}"'
    return re.sub(r'^(\w+) = "([^"]*)"', sub, text, flags=re.M)


@pytest.mark.parametrize("name", sorted(JA))
def test_japanese_game_resolves_byte_identically(name: str, tmp_path: Path) -> None:
    src = FIXTURES / name
    (tmp_path / "en").mkdir()
    (tmp_path / "ja").mkdir()
    en = outputs(src, tmp_path / "en", compact=False)
    work = tmp_path / name
    shutil.copytree(src, work, ignore=shutil.ignore_patterns("expected", "out"))
    text = (work / "game.toml").read_text(encoding="utf-8")
    ja_text = _japanese(text, JA[name])
    changed = sum(a != b for a, b in zip(text.splitlines(), ja_text.splitlines(), strict=True))
    assert changed >= (5 if JA[name] else 1), "the translation must change the values"
    assert not re.search(r'^(colour|society|faction|gender) = "[a-z]+"', ja_text, re.M)
    (work / "game.toml").write_text(ja_text, encoding="utf-8")
    ja = outputs(work, tmp_path / "ja", compact=False)
    assert sorted(ja) == sorted(en)
    for rel in en:
        assert ja[rel] == en[rel], rel


def test_review_case_with_a_japanese_society_resolves(tmp_path: Path) -> None:
    case = SHARED / "research" / "review-2-cases" / "ss"
    assert case.is_dir(), f"the second review's case is missing: {case} (../shared, beside the clone)"
    cfg = load_config(case / "game.toml")
    assert cfg.players[0].society == "ninja"


def test_a_wrong_word_names_the_japanese_ones(tmp_path: Path) -> None:
    (tmp_path / "game.toml").write_text(
        'variant = "splatoon"\n[[players]]\nname = "あおい"\ncolour = "みどり"\n'
        'weapon = "シューター"\n', encoding="utf-8")
    with pytest.raises(ConfigError) as e:
        load_config(tmp_path / "game.toml")
    text = "\n".join(e.value.problems_ja)
    assert "みどり" in text and "オレンジ" in text and "ムラサキ" in text
    assert "input should be" not in text


def test_contract_keeps_english_values() -> None:
    cfg = GameConfig.model_validate(translate(
        {"variant": "genpei", "players": [{"name": "あ", "faction": "源氏", "role": "大将"}]}))
    assert cfg.players[0].faction == "genji"
