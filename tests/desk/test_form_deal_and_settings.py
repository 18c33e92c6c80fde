"""The new-game form, round three (issue 41, points 1 and 2), without a browser:

- every registered village is created from a roster of names only (and what the deal
  needs besides: a derby player's gender), dealt and sealed from the seal page, and
  reaches a stored phase; no page on the way names a file;
- every setting each village declares (its ``toml_options``) is a labelled Japanese
  control with its default preselected; the defaults play as no setting at all; a value
  of a hand-crafted POST that no control offers is a Japanese problem, never a 500 and
  never a line of game.toml."""

from __future__ import annotations

import html
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("multipart")

from starlette.testclient import TestClient  # noqa: E402

from adjudicator.config.load import load_config  # noqa: E402
from adjudicator.config.words import translate  # noqa: E402
from adjudicator.desk import service as S  # noqa: E402
from adjudicator.desk.app import CSRF_COOKIE  # noqa: E402
from adjudicator.games import get_variant  # noqa: E402
from tests.support import FIXTURES, ROOT, registered  # noqa: E402
from tests.support.desk_forms import FORM_GAMES, japanese_form, names_form  # noqa: E402

FILE_NAME = re.compile(r"[\w.-]+\.(?:toml|txt|json|csv)\b|\bdeal/|\blogs/")


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    """The folder of games the desk serves (conftest's ``client``): the test's own."""
    return tmp_path


def _text(r: Any) -> str:
    """The page's words a GM reads (the main part, tags and the script out)."""
    body = r.text.split("<main", 1)[-1].split("<script", 1)[0]
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


def _post(c: TestClient, **form: str) -> Any:
    return c.post("/new", data={"csrf": c.cookies[CSRF_COOKIE], **form},
                  follow_redirects=False)


@pytest.mark.parametrize("variant", registered())
def test_each_village_from_names_to_a_stored_phase(variant: str, client: TestClient,
                                                   tmp_path: Path) -> None:
    fixture = FIXTURES / FORM_GAMES[variant]
    form = names_form(fixture)
    game = get_variant(variant)
    r = _post(client, name="g", **form)
    assert r.status_code == 303, _text(r)[:3000]
    pages = []
    if game.sealed_fields:
        assert r.headers["location"] == "/g/g/seal?new=1"
        assert S.game_undealt(tmp_path / "g")
        # the game's page and the list send the GM to the deal, not to a list of problems
        assert client.get("/g/g", follow_redirects=False).headers["location"] == "/g/g/seal"
        assert "配役と封印へ" in client.get("/").text
        seal = client.get(r.headers["location"])
        assert seal.status_code == 200 and "を作りました" in _text(seal)
        assert f"{len(load_names(tmp_path))}人の配役：" in _text(seal)
        dealt = client.post("/g/g/deal", data={"csrf": client.cookies[CSRF_COOKIE],
                                               "seed": ""})
        assert dealt.status_code == 200, _text(dealt)[:3000]
        words = _text(dealt)
        assert "配役を抽選で決めて封印しました" in words
        cfg = load_config(tmp_path / "g" / "game.toml")  # dealt: it loads
        assert cfg.seal is not None and f"配役の封印：{cfg.seal.digest}" in words
        for p in cfg.players:
            assert f"{p.name}さんへの通知" in words
        pages += [seal, dealt]
    else:
        assert r.headers["location"] == "/g/g"
    first = next(iter(game(load_config(tmp_path / "g" / "game.toml")).phase_ids()))
    log = fixture / "logs" / f"{first}.txt"
    text = log.read_text("utf-8") if log.is_file() else "GM: はじめます\n"
    stored = client.post("/g/g/store", data={"csrf": client.cookies[CSRF_COOKIE],
                                             "phase": first, "log": text, "confirm": "1"},
                         follow_redirects=False)
    assert stored.status_code == 303, _text(stored)[:3000]
    page = client.get(stored.headers["location"])
    assert page.status_code == 200 and "ログを保存しました" in _text(page)
    for p in [*pages, page, client.get("/new"), client.get("/g/g/seal")]:
        assert FILE_NAME.search(_text(p)) is None, FILE_NAME.search(_text(p))


def load_names(root: Path) -> list[str]:
    raw = tomllib.loads((root / "g" / "game.toml").read_text("utf-8"))
    return [p["name"] for p in raw.get("players", [])]


def test_a_names_only_roster_with_a_wrong_count_is_refused_before_the_deal(
        client: TestClient, tmp_path: Path) -> None:
    r = _post(client, name="few", variant="derby-stock", seed="1", gm="GM",
              roster="たろう, 男性\nはなこ")
    assert r.status_code == 422
    words = _text(r)
    assert "2人" in words and "はなこさんの性別" in words, words
    assert "書かれていません（人狼" not in words and not (tmp_path / "few").exists()


def test_a_partly_dealt_roster_is_checked_as_written(client: TestClient) -> None:
    r = _post(client, name="half", variant="plain-werewolf", seed="1", gm="GM",
              roster="\n".join(["あ, 人狼"] + [f"p{i}" for i in range(8)]))
    assert r.status_code == 422 and "役職：書かれていません" in _text(r)


@pytest.mark.parametrize("variant", registered())
def test_every_declared_setting_is_a_japanese_control(variant: str) -> None:
    declared = get_variant(variant).toml_options
    controls = S.option_controls(variant)
    assert [c.name.rsplit(".", 1)[-1] for c in controls] == [o.key for o in declared]
    for o, c in zip(declared, controls, strict=True):
        assert c.label and not c.label.isascii() and o.key not in c.label, c
        if c.kind == "choice":
            assert c.choices and all(not name.isascii() for _v, name in c.choices), c
            assert c.value in dict(c.choices)
            assert c.value == ("" if o.unset else o.default)  # the default preselected
        if c.kind == "number" and not o.unset:
            assert c.value == o.default
        if o.unset:
            assert c.value == ""


@pytest.mark.parametrize("variant", registered())
def test_the_defaults_play_as_no_setting(variant: str) -> None:
    """The settings the form writes when nothing is touched are the game's own defaults."""
    chosen, problems = S.options_from_form(variant, {})
    assert problems == []
    cfg = load_config(FIXTURES / FORM_GAMES[variant] / "game.toml")
    written = {k: tomllib.loads(f"v = {v}")["v"] for k, v in chosen.get("options", {}).items()}
    options = translate({"variant": variant, "options": written})["options"]
    game = get_variant(variant)
    plain = game(cfg.model_copy(update={"options": {}}))
    set_ = game(cfg.model_copy(update={"options": options}))
    assert getattr(plain, "options", None) == getattr(set_, "options", None)


def test_settings_chosen_are_written_in_the_gms_words(client: TestClient,
                                                     tmp_path: Path) -> None:
    form = names_form(FIXTURES / FORM_GAMES["trapword"])
    r = _post(client, name="tw", **form, **{
        "opt.tiles": "3、4、5", "opt.curses": "1", "opt.monster": '"ささやきコウモリ"',
        "opt.trap_mode": '"自動"', "opt.advanced": "true",
        "opt.words": "りんご\nみかん", "opt.synonyms": "科学=サイエンス/SF"})
    assert r.status_code == 303, _text(r)[:2000]
    raw = tomllib.loads((tmp_path / "tw" / "game.toml").read_text("utf-8"))
    assert raw["options"] == {
        "tiles": [3, 4, 5], "curses": 1, "monster": "ささやきコウモリ", "hourglass_seconds": 120,
        "answer_limit": 5, "call_window_seconds": 10, "trap_mode": "自動",
        "answer_by_reading": True, "strict_proper_nouns": False, "single_winner": False,
        "advanced": True, "words": ["りんご", "みかん"], "synonyms": {"科学": ["サイエンス", "SF"]}}
    load_config(tmp_path / "tw" / "game.toml")
    form = names_form(FIXTURES / FORM_GAMES["secret-society"])
    r = _post(client, name="ss", **form, **{"opt.tie": '"なし"',
                                             "opt.recruit_chance.question": "日本一長い川は？",
                                             "opt.recruit_chance.answers": "信濃川\nしなのがわ"})
    assert r.status_code == 303, _text(r)[:2000]
    raw = tomllib.loads((tmp_path / "ss" / "game.toml").read_text("utf-8"))
    assert raw["options"] == {"tie": "なし"}
    assert raw["recruit_chance"] == {"question": "日本一長い川は？", "answers": ["信濃川", "しなのがわ"]}


BAD = [
    ("derby-stock", "opt.tie", '"coin"', "同票のとき：選べるのは 抽選で1人を処刑・処刑なし です"),
    ("derby-stock", "opt.hunter_repeat", "yes",
     "狩人が2夜続けて同じ人を護衛：選べるのは できる・できない です"),
    ("splatoon", "opt.initial_gauge", "9",
     "色のついたイカのカラーゲージの始まり：「9」は使えません（1〜3の整数で書いてください）"),
    ("splatoon", "opt.initial_gauge", "x", "「x」は使えません（1〜3の整数で書いてください）"),
    ("genpei", "opt.castle_target", '1\n[players]', "城の完成に必要な労力：「1 [players]」は使えません"),
    ("trapword", "opt.tiles", "3", "部屋の番号"),
    ("trapword", "opt.monster", '"ドラゴン"', "モンスターカード：選べるのは 抽選・砂喰いゴーレム"),
    ("trapword", "opt.synonyms", "科学", "「科学」は「科学=サイエンス/SF」の形ではありません"),
    ("trapword", "opt.curses", "-1", "呪いカードの枚数：「-1」は使えません（0以上の整数"),
    ("derby-stock", "opt.tie", "[" * 5000, "同票のとき：選べるのは"),
]


@pytest.mark.parametrize("variant,field,value,want", BAD)
def test_a_value_no_control_offers_is_a_japanese_problem(
        variant: str, field: str, value: str, want: str, client: TestClient,
        tmp_path: Path) -> None:
    form = names_form(FIXTURES / FORM_GAMES[variant])
    r = _post(client, name="bad", **{**form, field: value})
    assert r.status_code == 422
    problems = [html.unescape(p) for p in re.findall(r"<li>(.*?)</li>", r.text, re.S)]
    assert any(want in p for p in problems), problems
    assert not (tmp_path / "bad").exists()
    for p in problems:
        assert "opt." not in p and field.rsplit(".", 1)[-1] not in p.replace(value, ""), p


def test_a_problem_of_an_option_names_its_label_not_its_key(client: TestClient) -> None:
    """genpei at 16 players needs the castle's target: the problem says the label."""
    form = japanese_form(FIXTURES / FORM_GAMES["genpei"])
    rows = form["roster"].splitlines()[:16]
    r = _post(client, name="gp", **{**form, "roster": "\n".join(rows)})
    assert r.status_code == 422
    assert "「城の完成に必要な労力」に書いてください" in _text(r)
    assert "castle_target" not in _text(r)


def test_no_desk_page_or_message_names_a_file() -> None:
    """Every desk template and every Japanese string of the desk's code: no file name
    (the CLI's messages a desk page shows go through ``wording.desk_message``)."""
    from adjudicator.desk.wording import desk_message

    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    found = []
    for path in sorted((ROOT / "reports" / "desk").glob("*.j2")):
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            if japanese.search(line) and FILE_NAME.search(re.sub(r"<[^>]*>", "", line)):
                found.append(f"{path.name}:{n}: {line.strip()}")
    for path in sorted((ROOT / "adjudicator" / "desk").glob("*.py")):
        if path.name == "cli.py":  # the terminal's own messages (adjudicator serve)
            continue
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            strings = re.findall(r'"([^"]*)"', code)
            if any(japanese.search(s) and FILE_NAME.search(s) for s in strings):
                found.append(f"{path.name}:{n}: {line.strip()}")
    assert found == []
    assert desk_message("game.toml の [seal] にあります") == "ゲームの設定の「封印」の欄にあります"
