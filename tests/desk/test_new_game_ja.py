"""The new-game form in the GM's words: every variant created with Japanese values only,
Japanese column names and problems, an empty cell keeping its column, every problem at
once (the count first), and ムジュラの仮面村 with its bundled or an uploaded scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("multipart")

from starlette.testclient import TestClient  # noqa: E402

from adjudicator.config.load import load_config  # noqa: E402
from adjudicator.desk.app import CSRF_COOKIE  # noqa: E402
from adjudicator.desk.service import COLUMN_JA, roster_toml  # noqa: E402
from adjudicator.games import REGISTRY, get_variant  # noqa: E402
from tests.support import FIXTURES  # noqa: E402
from tests.support.desk_forms import FORM_GAMES, japanese_form  # noqa: E402


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    (tmp_path / "games").mkdir()
    return tmp_path / "games"


def _post(c: TestClient, name: str, **form: str) -> object:
    data = {"csrf": c.cookies[CSRF_COOKIE], "name": name, "seed": "1", "gm": "GM", **form}
    return c.post("/new", data=data, follow_redirects=False)


@pytest.mark.parametrize("variant", sorted(FORM_GAMES))
def test_each_variant_from_japanese_values(variant: str, root: Path, client: TestClient) -> None:
    fixture = FIXTURES / FORM_GAMES[variant]
    form = japanese_form(fixture)
    assert "male" not in form["roster"] and "orange" not in form["roster"]
    r = _post(client, f"ja-{variant}", **form)
    assert r.status_code == 303, r.text[:3000]  # type: ignore[attr-defined]
    made = load_config(root / f"ja-{variant}" / "game.toml")
    want = load_config(fixture / "game.toml")
    assert [p.name for p in made.players] == [p.name for p in want.players]
    for a, b in zip(made.players, want.players, strict=True):
        for key in ("gender", "society", "leader", "colour", "faction", "aliases"):
            assert getattr(a, key) == getattr(b, key), (a.name, key)
    assert [t.members for t in made.teams] == [t.members for t in want.teams]
    if get_variant(variant).has_scenario:  # the bundled sample's, none chosen
        assert (root / f"ja-{variant}" / "scenario.toml").is_file()


@pytest.mark.parametrize("variant", list(REGISTRY))
def test_hints_name_japanese_columns(client: TestClient, variant: str) -> None:
    game = get_variant(variant)
    words = ", ".join((game.role_hint if c == "role" else "") or COLUMN_JA[c]
                      for c in game.roster_columns)
    text = client.get("/new", params={"variant": variant}).text
    assert f"1行に1人: 名前, {words}" in text or game.plays_in_teams, variant
    assert "colour, weapon" not in text and "gender, role" not in text
    # the script's data: every variant's hint rides on the dropdown's options, its
    # settings in a fieldset of their own
    text = client.get("/new").text
    assert text.count("data-hint=") == len(REGISTRY) and 'id="variant-defaults"' in text
    assert text.count('<fieldset class="settings"') == len(REGISTRY)


def test_an_empty_cell_keeps_its_column() -> None:
    toml, problems = roster_toml("splatoon", "きら, , トルネード\nあおい, オレンジ, シューター")
    assert problems == []
    first = toml.split("[[players]]")[1]
    assert 'weapon = "トルネード"' in first and "colour" not in first


def test_every_problem_at_once_in_japanese_count_first(client: TestClient) -> None:
    r = _post(client, "bad", variant="derby-stock", seed="x",
              roster="たろう, 男性, 占い\nGM, 女性, 村人\nはなこ, 猫, 村人")
    text = r.text  # type: ignore[attr-defined]
    assert r.status_code == 422  # type: ignore[attr-defined]
    for want in ("3人います", "シード：整数で書いてください", "「占い」という役職はありません",
                 "「猫」は使えません", "参加者の名前にもなっています"):
        assert want in text, want
    assert text.index("3人います") < text.index("シード")  # the count first
    for english in ("unknown role", "is also a player", "input should be", "required key"):
        assert english not in text


def test_majora_with_an_uploaded_scenario(root: Path, client: TestClient) -> None:
    form = japanese_form(FIXTURES / FORM_GAMES["majora"])
    scenario = (FIXTURES / "majora-win" / "scenario.toml").read_bytes()
    data = {"csrf": client.cookies[CSRF_COOKIE], "name": "up", **form}
    r = client.post("/new", data=data, files={"scenario_file": ("s.toml", scenario)},
                    follow_redirects=False)
    assert r.status_code == 303, r.text[:2000]
    assert (root / "up" / "scenario.toml").read_bytes() == scenario
    bad = client.post("/new", data={**data, "name": "up2"},
                      files={"scenario_file": ("s.toml", b"title = 3\n")})
    assert bad.status_code == 422 and not (root / "up2").exists()
