"""Every branch of every game's ``config_problems`` speaks Japanese at the source (the
seed's words, the game's value names), keeps its English for ``--lang en``, and every
problem is listed at once with the roster's count first, options included even when
another key fails validation."""

from __future__ import annotations

import copy
import re
import shutil
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from adjudicator.cli.main import main
from adjudicator.config.load import load_config
from adjudicator.config.problems import Problem
from adjudicator.errors import ConfigError
from tests.support import FIXTURES

BASE = {"derby-stock": "derby12", "secret-society": "secret-society-main",
        "genpei": "genpei-side", "majora": "majora-win", "splatoon": "splatoon-win",
        "trapword": "trapword-win"}
Raw = dict[str, Any]


def _raw(variant: str) -> Raw:
    return tomllib.loads((FIXTURES / BASE[variant] / "game.toml").read_text("utf-8"))


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


def problems(variant: str, change: Callable[[Raw], Any], tmp: Path,
             scenario: str | None = None) -> ConfigError:
    raw = copy.deepcopy(_raw(variant))
    change(raw)
    path = _write(raw, tmp / "g")
    src = FIXTURES / BASE[variant] / "scenario.toml"
    if variant == "majora" and src.exists():
        text = src.read_text("utf-8") if scenario is None else scenario
        (tmp / "g" / "scenario.toml").write_text(text, "utf-8")
    with pytest.raises(ConfigError) as e:
        load_config(path)
    return e.value


def _p(raw: Raw, i: int) -> dict[str, Any]:
    return raw["players"][i]  # type: ignore[no-any-return]


def _set(i: int, **kw: Any) -> Callable[[Raw], None]:
    def do(raw: Raw) -> None:
        for k, v in kw.items():
            if v is None:
                _p(raw, i).pop(k, None)
            else:
                _p(raw, i)[k] = v
    return do


def _opt(**kw: Any) -> Callable[[Raw], None]:
    return lambda raw: raw.setdefault("options", {}).update(kw)


def _drop(i: int) -> Callable[[Raw], None]:
    return lambda raw: raw["players"].pop(i)


def _all(*fs: Callable[[Raw], Any]) -> Callable[[Raw], None]:
    def do(raw: Raw) -> None:
        for f in fs:
            f(raw)
    return do


def _ss_second_leader(raw: Raw) -> None:
    _p(raw, 1)["leader"] = True  # かすみ, 忍びの里's first member


def _who(raw: Raw, **match: Any) -> list[int]:
    return [i for i, p in enumerate(raw["players"])
            if all(p.get(k) == v for k, v in match.items())]


def _gp_two_generals(raw: Raw) -> None:
    _p(raw, _who(raw, faction="genji", role="影武者")[0])["role"] = "大将"


def _gp_farmer_to_heike(raw: Raw) -> None:
    _p(raw, _who(raw, faction="genji", role="農民")[0])["faction"] = "heike"


def _gp_no_emperor(raw: Raw) -> None:
    _p(raw, _who(raw, faction="emperor")[0]).update(faction="genji", role="農民")


def _sp_colour_swap(raw: Raw) -> None:
    i = _who(raw, colour="orange")[0]
    _p(raw, i)["colour"] = "purple"


def _sp_two_tornadoes(raw: Raw) -> None:
    sp = [i for i, p in enumerate(raw["players"]) if p.get("weapon") in ("スペシャル", "special")]
    for i in sp[:2]:
        _p(raw, i)["special"] = "トルネード"


def _tw(**team: Any) -> Callable[[Raw], None]:
    def do(raw: Raw) -> None:
        raw["teams"][1].update(team)
    return do


CASES: list[tuple[str, str, Callable[[Raw], Any], list[str]]] = [
    # ダービー＆ストック村
    ("ds-count", "derby-stock", _all(_drop(11), _drop(10)),
     ["名簿：10人います。ダービー＆ストック村は12〜16人で遊びます"]),
    ("ds-role", "derby-stock", _set(2, role=None),
     ["名簿の3人目（うた）の役職：書かれていません（村人・人狼・占い師など）"]),
    ("ds-gender", "derby-stock", _set(2, gender=None),
     ["名簿の3人目（うた）の性別：書かれていません（男性か女性）"]),
    ("ds-not-used", "derby-stock", _set(0, society="ninja"),
     ["名簿の1人目（あきら）の結社：この村では使いません（消してください）"]),
    ("ds-leader", "derby-stock", _set(0, leader=True),  # read by 秘密結社村 only
     ["名簿の1人目（あきら）のリーダー：この村では使いません（消してください）"]),
    ("ds-no-wolf", "derby-stock", _all(_set(0, role="村人"), _set(1, role="村人")),
     ["名簿：人狼がいません（人狼は1人以上必要です）"]),
    ("ds-option", "derby-stock", _opt(tie="coin", first_bite="yes", colour="red"),
     ["オプションの「tie」：「coin」は使えません（使えるのは ランダム・なし）",
      "オプションの「first_bite」：「yes」は使えません（使えるのは true・false）",
      "オプションの「colour」：この村にないオプションです（使えるのは 「tie」・「no_bite」・"
      "「hunter_repeat」・「first_bite」・「chance_pays_dead」）"]),
    ("ds-role-unknown", "derby-stock", _set(2, role="占い"),
     ["名簿の3人目（うた）の役職：「占い」という役職はありません（使えるのは "]),
    # every village (config.common_problems)
    ("same-name", "derby-stock", _set(1, name="あきら"),
     ["名簿の2人目（あきら）：名前「あきら」は「あきら」と同じです（名前は1人に1つ）"]),
    ("alias-is-a-name", "derby-stock", _set(1, aliases=["えいじ"]),
     ["名簿の2人目（いずみ）：別名「えいじ」は「えいじ」の名前です"]),
    ("gm-is-a-player", "derby-stock", lambda raw: raw.update(gm=["GM", "うた"]),
     ["GMの名前：「うた」はGMの名前で、参加者の名前にもなっています（別の名前に）"]),
    # 秘密結社村
    ("ss-count", "secret-society", _drop(17), ["名簿：17人います。秘密結社村は18人で遊びます（GMは別）"]),
    ("ss-not-used", "secret-society", _set(0, role="村人"),
     ["名簿の1人目（はやて）の役職：この村では使いません（消してください）"]),
    ("ss-leader-alone", "secret-society", _set(17, leader=True),
     ["リーダーにする人には結社を書いてください（忍びの里など）"]),
    ("ss-leaders", "secret-society", _ss_second_leader,
     ["名簿：忍びの里のリーダーはちょうど1人必要です（いま2人：はやて・かすみ）",
      "名簿：忍びの里の初期メンバー（リーダー以外）は1人です（いま0人）"]),
    ("ss-no-leader", "secret-society", _set(0, leader=None),
     ["名簿：忍びの里のリーダーはちょうど1人必要です（いま0人）",
      "名簿：忍びの里の初期メンバー（リーダー以外）は1人です（いま2人：はやて・かすみ）"]),
    ("ss-secret-member", "secret-society", _set(17, society="secret"),
     ["名簿：シークレットの初期メンバー（リーダー以外）はいません（いま1人：",
      "名簿：未入会は11人です（いま10人）"]),
    ("ss-option", "secret-society", _opt(tie=True, speed="fast"),
     ["オプションの「tie」：「true」は使えません（使えるのは ランダム・なし）",
      "オプションの「speed」：この村にないオプションです（使えるのは 「tie」）"]),
    # 源平村
    ("gp-not-used", "genpei", _set(0, gender="male"),
     ["名簿の1人目（あきら）の性別：この村では使いません（消してください）"]),
    ("gp-leader", "genpei", _set(0, leader=True),
     ["名簿の1人目（あきら）のリーダー：この村では使いません（消してください）"]),
    ("gp-faction", "genpei", _set(0, faction=None),
     ["名簿の1人目（あきら）の陣営：書かれていません（源氏・平氏・帝のどれか）",
      "名簿：源氏の大将はちょうど1人必要です（いま0人）"]),
    ("gp-role-missing", "genpei", _set(1, role=None),
     ["名簿の2人目（いさむ）の役職：書かれていません（使えるのは 大将・影武者・参謀・住職・農民・帝）"]),
    ("gp-role-unknown", "genpei", _set(1, role="忍者"),
     ["名簿の2人目（いさむ）の役職：「忍者」という役職はありません（使えるのは 大将・影武者・参謀・"
      "住職・農民・帝）"]),
    ("gp-emperor-role", "genpei", _set(1, role="帝"),
     ["名簿の2人目（いさむ）：帝は陣営も役職も「帝」です（いま陣営は源氏、役職は帝）",
      "名簿：源氏の影武者はちょうど1人必要です（いま0人）"]),
    ("gp-count", "genpei", _drop(16),
     ["名簿：16人います。源平村は17人か15人で遊びます（ほかの人数では、城の完成に必要な数を"
      "オプションの「castle_target」に書いてください）"]),
    ("gp-two", "genpei", _gp_two_generals, ["名簿：源氏の大将はちょうど1人必要です（いま2人）"]),
    ("gp-farmers", "genpei", _gp_farmer_to_heike,
     ["名簿：17人の村では源氏の農民は4人です（いま3人）",
      "名簿：17人の村では平氏の農民は4人です（いま5人）"]),
    ("gp-emperor", "genpei", _gp_no_emperor, ["名簿：帝はちょうど1人必要です（いま0人）"]),
    ("gp-castle", "genpei", _opt(castle_target=0),
     ["オプションの「castle_target」：「0」は使えません（1以上の整数で書いてください）"]),
    ("gp-option", "genpei", _opt(body_double="twin", moon=1),
     ["オプションの「body_double」：「twin」は使えません（使えるのは ",
      "オプションの「moon」：この村にないオプションです（使えるのは 「tie」・"]),
    # ムジュラの仮面村
    ("mj-count", "majora", _drop(11),
     ["名簿：11人います。ムジュラの仮面村は仮面の村人11人と月1人の12人で遊びます"]),
    ("mj-moons", "majora", lambda raw: _p(raw, _who(raw, role="月")[0]).update(role="仮面の村人"),
     ["名簿：月はちょうど1人です（いま0人。月の人は役職に「月」と書きます）"]),
    ("mj-not-used", "majora", _set(0, faction="genji"),
     ["名簿の1人目（", "）の陣営：この村では使いません（消してください）"]),
    ("mj-role", "majora", _set(0, role="勇者"),
     ["）の役職：「勇者」という役職はありません（使えるのは 仮面の村人・月）"]),
    ("mj-option", "majora", _opt(tie="random"),
     ["オプションの「tie」：この村にオプションはありません"]),
    ("mj-no-scenario", "majora", lambda raw: raw.pop("scenario"),
     ["シナリオ：書かれていません（仮面・アイテム・謎・鍵を書いたシナリオのファイルを"]),
    ("mj-scenario-missing", "majora", lambda raw: raw.update(scenario="other.toml"),
     ["シナリオ（other.toml）：game.toml と同じフォルダにありません（見本は "
      "`adjudicator demo DIR --sample majora` で書き出せます）"]),
    # Splatoon！！村
    ("sp-count", "splatoon", _drop(15),
     ["名簿：15人います。Splatoon！！村はイカ16人で遊びます（審判はGM）"]),
    ("sp-not-used", "splatoon", _set(0, role="村人"),
     ["名簿の1人目（", "）の役職：この村では使いません（消してください）"]),
    ("sp-leader", "splatoon", _set(0, leader=True),
     ["名簿の1人目（", "）のリーダー：この村では使いません（消してください）"]),
    ("sp-weapon-missing", "splatoon", _set(0, weapon=None),
     ["）のブキ：書かれていません（シューター・ローラー・チャージャー・ボム・スペシャル、"
      "またはスペシャルの名前）"]),
    ("sp-weapon-unknown", "splatoon", _set(0, weapon="ブラスター"),
     ["）のブキ：「ブラスター」というブキはありません（使えるのは シューター・ローラー・"]),
    ("sp-colour-swap", "splatoon", _sp_colour_swap,
     ["名簿：オレンジのイカはシューター1人・ローラー1人・チャージャー1人です（いま",
      "名簿：ムラサキのイカはシューター1人・ローラー1人・チャージャー1人です（いま"]),
    ("sp-named-twice", "splatoon", _sp_two_tornadoes,
     ["名簿：トルネードが3人にあります（スペシャルは1種類1人です）"]),
    ("sp-option", "splatoon", _opt(initial_gauge=5),
     ["オプションの「initial_gauge」：「5」は使えません（使えるのは 1・2・3）"]),
    # トラップワード
    ("tw-teams", "trapword", lambda raw: raw["teams"].pop(),
     ["チーム：1チームあります。トラップワードはちょうど2チームで遊びます"]),
    ("tw-first", "trapword", _tw(first=True),
     ["チーム：先攻（first = true）のチームが2つ以上あります（先攻は1チームだけ）"]),
    ("tw-member-twice", "trapword", _tw(members=["たろう", "けんた"]),
     ["2つ目のチーム（青）のメンバー：「たろう」はもうチーム「赤」にいます"]),
    ("tw-one-member", "trapword", _tw(members=["けんた"]),
     ["2つ目のチーム（青）のメンバー：ヒントを出す人と答える人が必要です（2人以上）"]),
    ("tw-same-name", "trapword", _tw(name="赤"), ["チーム：2つのチームが同じ名前です"]),
    ("tw-mode", "trapword", _opt(trap_mode="fast", advanced="yes", pace=1),
     ["オプションの「trap_mode」：「fast」は使えません（使えるのは コール・自動）",
      "オプションの「advanced」：「yes」は使えません（使えるのは true・false）",
      "オプションの「pace」：この村にないオプションです"]),
    ("tw-ints", "trapword", _opt(curses=-1, hourglass_seconds=0),
     ["オプションの「curses」：「-1」は使えません（0以上の整数で書いてください）",
      "オプションの「hourglass_seconds」：「0」は使えません（1以上の整数で書いてください）"]),
    ("tw-tiles", "trapword", _opt(tiles=[3]),
     ["オプションの「tiles」：部屋の番号を [3, 4, 5, 6, 7] のように2つ以上並べてください"]),
    ("tw-words", "trapword", _opt(words=["", "りんご"]),
     ["オプションの「words」：秘密の言葉を"]),
    ("tw-synonyms", "trapword", _opt(synonyms={"科学": "SF"}),
     ['オプションの「synonyms」：{ "科学" = ["SF"] } のような表で書いてください']),
    ("tw-monster", "trapword", _opt(monster="dragon"),
     ["オプションの「monster」：「dragon」はデッキのモンスターにいません（使えるのは "]),
    ("tw-deck", "trapword", _opt(deck="big"),
     ["オプションの「deck」：[options.deck] の表に"]),
]
#: the game.toml syntax a GM's message may quote (keys and values the GM types)
TOML_WORDS = re.compile(r"「[^」]*」|\[\[?[a-z.]+\]\]?|first = true|game\.toml|`[^`]*`|"
                        r"(?:[a-z_]+ = )?\"[^\"]*\"|[a-z_]+\.toml|true|false|Splatoon|GM")


@pytest.mark.parametrize("case, variant, change, want", CASES, ids=[c[0] for c in CASES])
def test_each_problem_in_japanese(case: str, variant: str, change: Callable[[Raw], Any],
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
    e = problems("secret-society", _all(_drop(17), _set(0, role="村人"), _opt(tie="x")),
                 tmp_path)
    assert e.problems_ja[0] == "名簿：17人います。秘密結社村は18人で遊びます（GMは別）"
    assert any("はやて）の役職" in p for p in e.problems_ja)
    assert any("オプションの「tie」" in p for p in e.problems_ja)
    assert all(isinstance(p, Problem) for p in e.problems)


def test_options_are_listed_with_validation_errors(tmp_path: Path) -> None:
    """A roster value the schema refuses does not hide a wrong option (nor the count)."""
    e = problems("splatoon", _all(_set(0, colour="みどり"), _drop(15), _opt(tie="coin")),
                 tmp_path)
    shown = "\n".join(e.problems_ja)
    assert e.problems_ja[0].startswith("名簿：15人います"), shown
    assert "「みどり」は使えません（使えるのは オレンジ・ムラサキ）" in shown
    assert "オプションの「tie」：「coin」は使えません（使えるのは ランダム・なし）" in shown
    e = problems("trapword", _all(lambda raw: raw.update(seed="x"), _opt(trap_mode="fast")),
                 tmp_path / "tw")
    assert any("オプションの「trap_mode」" in p for p in e.problems_ja), e.problems_ja


def test_the_cli_says_it_in_japanese_and_in_english_with_lang_en(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "g"
    shutil.copytree(FIXTURES / "secret-society-main", root,
                    ignore=shutil.ignore_patterns("expected"))
    raw = _raw("secret-society")
    _ss_second_leader(raw)
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
