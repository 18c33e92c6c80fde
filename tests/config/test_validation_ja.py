"""Every validation error a GM can make in game.toml, a Trap Word deck or a Majora
scenario reads in Japanese through ``adjudicator check`` and ``resolve``: built from
pydantic's structured error (never its English ``msg``), the key named in the GM's
words, the value as the GM wrote it, no English sentence, no Python value."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from adjudicator.cli.main import main
from adjudicator.config.problems import validation_message_ja
from adjudicator.games import get_variant
from tests.support import FIXTURES, form_fixture, hook, registered

#: a run of three English words, a Python repr ('orange') or None
ENGLISH = re.compile(r"[A-Za-z]+(?:[ ,;]+[A-Za-z]+){2,}")
PYTHON = re.compile(r"'[^'\s]*'|\bNone\b|\bTrue\b|\bFalse\b")


def _edit(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def _common(variant: str) -> list[tuple[str, str, str, str, str]]:
    """The errors every game.toml can hold, in the village's own fixture: its seed and the
    tables every game reads; in a village with [[players]], its first player's keys."""
    text = (FIXTURES / form_fixture(variant) / "game.toml").read_text("utf-8")
    seed = re.search(r"^seed = \d+", text, re.M)
    assert seed, form_fixture(variant)
    s = seed.group(0)
    cases = [
        ("game.toml", s, 'seed = "three"', "int_type", "シード：「three」ではなく整数"),
        ("game.toml", s, f"{s}\ndiscord = 5", "model_type", "Discord：「5」ではなく表"),
        ("game.toml", s, f'{s}\n[seal]\nsalt = "zz"\n', "string_pattern_mismatch",
         "封印のソルト：「zz」は書き方が違います"),
        ("game.toml", s, f'{s}\n[discord]\nchannel = "あ"\n', "channel_id",
         "Discordのチャンネル：チャンネルIDは数字です"),
    ]
    if "[recruit_chance]" not in text:
        cases.append(("game.toml", s, f"{s}\nrecruit_chance = 5", "model_type",
                      "勧誘チャンス：「5」ではなく表"))
    if get_variant(variant).player_fields is None:
        return cases
    first = re.search(r'^\[\[players\]\]\nname = "([^"]+)"\n', text, re.M)
    assert first, form_fixture(variant)
    name = first.group(1)
    line = f'name = "{name}"\n'
    block = re.split(r"\n(?=\n|\[)", text[first.end():], maxsplit=1)[0] + "\n"

    def key(k: str, value: str) -> tuple[str, str]:
        """(old, new): the first player's ``k`` set to ``value`` (its line, if it has one)."""
        have = re.search(rf"^{k} = .*\n", block, re.M)
        return (line + block, line + block.replace(have.group(0), f"{k} = {value}\n")) if have \
            else (line, f"{line}{k} = {value}\n")

    return cases + [
        ("game.toml", line, "", "missing", "名簿の1人目の名前：書かれていません"),
        ("game.toml", line, f"{line}colr = 1\n", "extra_forbidden",
         f"名簿の1人目（{name}）の「colr」：この項目は使えません"),
        ("game.toml", *key("leader", '"maybe"'), "bool_parsing",
         f"名簿の1人目（{name}）のリーダー：「maybe」ではなく「true」か「false」"),
        ("game.toml", *key("aliases", '"あ"'), "list_type",
         f"名簿の1人目（{name}）の別名：「あ」ではなくリスト"),
        ("game.toml", line, 'name = "  "\n', "blank_name", "名簿の1人目の名前：空にはできません"),
    ]


#: (fixture, file, old, new, pydantic error type, the Japanese the problem must hold): the
#: common ones in every village, then each village's own (its VALIDATION_CASES)
CASES = [(form_fixture(v), *case) for v in registered()
         for case in _common(v) + list(hook(v, "VALIDATION_CASES"))]


@pytest.mark.parametrize("fixture,file,old,new,kind,want", CASES,
                         ids=[f"{c[4]}-{i}" for i, c in enumerate(CASES)])
@pytest.mark.parametrize("command", ["check", "resolve"])
def test_each_error_type_in_the_gms_words(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          fixture: str, file: str, old: str, new: str,
                                          kind: str, want: str, command: str) -> None:
    game = tmp_path / "g"
    shutil.copytree(FIXTURES / fixture, game, ignore=shutil.ignore_patterns("expected*"))
    (game / file).write_text(_edit((game / file).read_text("utf-8"), old, new), "utf-8")
    args = [command, str(game)] + (["パス"] if command == "check" else [])
    assert main(args) != 0
    err = capsys.readouterr().err
    problems = [line[4:] for line in err.splitlines() if line.startswith("  - ")]
    assert problems, err
    assert any(want in p for p in problems), (want, problems)
    for p in problems:
        assert ENGLISH.search(p) is None, p
        assert PYTHON.search(p) is None, p
    if kind == "greater_than_equal":
        assert any("使える回数：「0」は使えません（1以上の数で書いてください）" in p
                   for p in problems), problems


@pytest.mark.parametrize("err,want", [
    ({"type": "less_than", "input": 9, "ctx": {"lt": 5}, "loc": ("n",)},
     "「9」は使えません（5より小さい数で書いてください）"),
    ({"type": "less_than_equal", "input": 9, "ctx": {"le": 5.0}, "loc": ("n",)},
     "「9」は使えません（5以下の数で書いてください）"),
    ({"type": "string_too_long", "input": "ああ", "ctx": {"max_length": 1}, "loc": ("n",)},
     "長すぎます（1文字まで）"),
    ({"type": "too_short", "input": [1], "ctx": {"min_length": 2}, "loc": ("n",)},
     "2つ以上書いてください"),
    ({"type": "enum", "input": "x", "ctx": {"expected": "'a' or 'b'"}, "loc": ("n",)},
     "「x」は使えません（使えるのは a・b）"),
    ({"type": "float_parsing", "input": "x", "loc": ("n",)}, "「x」ではなく数で書いてください"),
    # a type no table knows still names the value, in Japanese
    ({"type": "url_parsing", "input": "x", "msg": "Input should be a valid URL",
      "loc": ("n",)}, "「x」は使えません"),
    ({"type": "missing", "input": {"a": 1}, "loc": ("n",)}, "書かれていません"),
])
def test_the_other_error_types(err: dict[str, object], want: str) -> None:
    assert validation_message_ja(err) == want


def test_invisible_characters_and_gm_aliases_in_japanese(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "g"
    shutil.copytree(FIXTURES / "splatoon-win", game, ignore=shutil.ignore_patterns("expected*"))
    text = (game / "game.toml").read_text("utf-8")
    text = _edit(text, 'name = "あおい"', 'name = "あ\u200bおい"\naliases = ["", "ジャッジくん"]')
    text = _edit(text, 'gm = ["ジャッジくん"]', 'gm = ["ジャッジくん", " "]')
    (game / "game.toml").write_text(text, "utf-8")
    assert main(["resolve", str(game)]) != 0
    err = capsys.readouterr().err
    for want in ("名簿の1人目（あ[", "の名前：「あ[", "U+200B", "の別名の1つ目：空の別名があります",
                 "の別名の2つ目：「ジャッジくん」はGMの名前「ジャッジくん」と同じです",
                 "GMの名前の2つ目：空の名前があります"):
        assert want in err, (want, err)
    for line in err.splitlines()[1:]:
        assert ENGLISH.search(line) is None and PYTHON.search(line) is None, line
