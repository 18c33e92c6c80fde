"""Every branch of every game's ``config_problems`` speaks Japanese at the source (the
seed's words, the game's value names), keeps its English for ``--lang en``, and every
problem is listed at once with the roster's count first, options included even when
another key fails validation."""

from __future__ import annotations

import copy
import re
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest

from adjudicator.cli.main import main
from adjudicator.config.load import load_config
from adjudicator.config.problems import Problem
from adjudicator.errors import ConfigError
from adjudicator.games import get_variant
from tests.support import FIXTURES, form_fixture, hook, registered
from tests.support.game_toml import Edit, Raw, drop, every, opt, setp
from tests.support.secret_society import second_leader


def _raw(variant: str) -> Raw:
    return tomllib.loads((FIXTURES / form_fixture(variant) / "game.toml").read_text("utf-8"))


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_toml(k)} = {_toml(v)}" for k, v in value.items()) + " }"
    return str(value)


def _write(raw: Raw, folder: Path) -> Path:
    lines = []
    for key, value in raw.items():
        if not isinstance(value, (dict, list)) or key == "gm":
            lines.append(f"{key} = {_toml(value)}")
    for key, value in raw.items():
        if isinstance(value, dict):
            lines.append(f"[{key}]")
            lines += [f"{k} = {_toml(v)}" for k, v in value.items()]
        elif isinstance(value, list) and key != "gm":
            for row in value:
                lines.append(f"[[{key}]]")
                lines += [f"{k} = {_toml(v)}" for k, v in row.items()]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.toml").write_text("\n".join(lines) + "\n", "utf-8")
    return folder / "game.toml"


def problems(variant: str, change: Edit, tmp: Path,
             scenario: str | None = None) -> ConfigError:
    raw = copy.deepcopy(_raw(variant))
    change(raw)
    path = _write(raw, tmp / "g")
    src = FIXTURES / form_fixture(variant) / "scenario.toml"
    if src.exists():  # a scenario beside it (ムジュラの仮面村)
        text = src.read_text("utf-8") if scenario is None else scenario
        (tmp / "g" / "scenario.toml").write_text(text, "utf-8")
    with pytest.raises(ConfigError) as e:
        load_config(path)
    return e.value


#: what every village with [[players]] checks the same way (config.common_problems), made
#: in the game's own fixture: (case, edit, the problems it gives, from the roster's names)
def _common(variant: str) -> list[tuple[str, Edit, list[str]]]:
    names = [p["name"] for p in _raw(variant)["players"]]
    return [
        ("same-name", setp(1, name=names[0]),
         [f"名簿の2人目（{names[0]}）：名前「{names[0]}」は「{names[0]}」と同じです（名前は1人に1つ）"]),
        ("alias-is-a-name", setp(1, aliases=[names[3]]),
         [f"名簿の2人目（{names[1]}）：別名「{names[3]}」は「{names[3]}」の名前です"]),
        ("gm-is-a-player", lambda raw: raw.update(gm=["GM", names[2]]),
         [f"GMの名前：「{names[2]}」はGMの名前で、参加者の名前にもなっています（別の名前に）"]),
    ]


#: every village's own cases (its CONFIG_PROBLEMS), then the common ones in each village
#: that has [[players]] (a village without declares ``player_fields = None``)
CASES: list[tuple[str, str, Edit, list[str]]] = [
    (case, variant, change, want) for variant in registered()
    for case, change, want in hook(variant, "CONFIG_PROBLEMS")
] + [
    (f"{case}-{variant}", variant, change, want) for variant in registered()
    if get_variant(variant).player_fields is not None
    for case, change, want in _common(variant)
]
#: the game.toml syntax a GM's message may quote (keys and values the GM types)
TOML_WORDS = re.compile(r"「[^」]*」|\[\[?[a-z.]+\]\]?|first = true|game\.toml|`[^`]*`|"
                        r"(?:[a-z_]+ = )?\"[^\"]*\"|[a-z_]+\.toml|true|false|Splatoon|GM")


@pytest.mark.parametrize("case, variant, change, want", CASES, ids=[c[0] for c in CASES])
def test_each_problem_in_japanese(case: str, variant: str, change: Edit,
                                  want: list[str], tmp_path: Path) -> None:
    e = problems(variant, change, tmp_path)
    shown = "\n".join(e.problems_ja)
    for w in want:
        assert w in shown, f"{w!r} not in:\n{shown}"
    for ja in e.problems_ja:
        rest = TOML_WORDS.sub("", ja)
        assert not re.search(r"[A-Za-z]{2,}", rest), ja
        assert not re.search(r"\b[a-z]{2}\.[a-z]", ja), ja  # no rule id
        assert "players[" not in ja and "options." not in ja.replace("[options.deck", ""), ja
    # the English stays for --lang en, one to one
    assert len(e.problems) == len(e.problems_ja)
    assert sum(isinstance(p, Problem) for p in e.problems) >= len(want) - 1


def test_the_count_comes_first_and_every_problem_at_once(tmp_path: Path) -> None:
    e = problems("secret-society", every(drop(17), setp(0, role="村人"), opt(tie="x")),
                 tmp_path)
    assert e.problems_ja[0] == "名簿：17人います。秘密結社村は18人で遊びます（GMは別）"
    assert any("はやて）の役職" in p for p in e.problems_ja)
    assert any("オプションの「tie」" in p for p in e.problems_ja)
    assert all(isinstance(p, Problem) for p in e.problems)


def test_options_are_listed_with_validation_errors(tmp_path: Path) -> None:
    """A roster value the schema refuses does not hide a wrong option (nor the count)."""
    e = problems("splatoon", every(setp(0, colour="みどり"), drop(15), opt(tie="coin")),
                 tmp_path)
    shown = "\n".join(e.problems_ja)
    assert e.problems_ja[0].startswith("名簿：15人います"), shown
    assert "「みどり」は使えません（使えるのは オレンジ・ムラサキ）" in shown
    assert "オプションの「tie」：「coin」は使えません（使えるのは 抽選・なし）" in shown
    e = problems("trapword", every(lambda raw: raw.update(seed="x"), opt(trap_mode="fast")),
                 tmp_path / "tw")
    assert any("オプションの「trap_mode」" in p for p in e.problems_ja), e.problems_ja


def test_the_cli_says_it_in_japanese_and_in_english_with_lang_en(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "g"
    shutil.copytree(FIXTURES / "secret-society-main", root,
                    ignore=shutil.ignore_patterns("expected"))
    raw = _raw("secret-society")
    second_leader(raw)
    _write(raw, root)
    assert main(["resolve", str(root), "--no-write"]) == 1
    err = capsys.readouterr().err
    assert "忍びの里のリーダーはちょうど1人必要です（いま2人：はやて・かすみ）" in err
    assert "society" not in err
    assert main(["check", str(root), "投票@かすみ", "--speaker", "はやて", "--lang", "en"]) != 0
    err = capsys.readouterr().err
    assert "society 'ninja' needs exactly one leader" in err


def test_every_village_refuses_the_player_keys_it_does_not_read() -> None:
    """Each village declares the [[players]] keys it reads (``Variant.player_fields``);
    the base refuses every other key set, in every village with [[players]]."""
    from adjudicator.config.load import GameConfig, PlayerConfig
    from adjudicator.games import REGISTRY, get_variant
    from adjudicator.games.base import EVERY_PLAYER_FIELD

    values = {"gender": "male", "role": "村人", "society": "ninja", "leader": True,
              "colour": "orange", "weapon": "シューター", "special": "ジェットパック",
              "faction": "genji"}
    assert set(PlayerConfig.model_fields) == EVERY_PLAYER_FIELD | set(values)
    for variant in REGISTRY:
        cls = get_variant(variant)
        if cls.player_fields is None:
            continue
        assert cls.player_fields <= set(values), variant
        for key, value in values.items():
            cfg = GameConfig.model_construct(variant=variant, gm=["GM"], options={},
                                             teams=[], scenario=None,
                                             players=[PlayerConfig(name="あ", **{key: value})])
            got = [p.ja for p in cls.unused_player_fields(cfg)]
            if key in cls.player_fields:
                assert got == [], (variant, key)
            else:
                assert len(got) == 1 and got[0].endswith("この村では使いません（消してください）"), (
                    variant, key, got)
