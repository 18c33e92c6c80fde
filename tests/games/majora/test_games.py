"""ムジュラの仮面村: what the whole games show (compared exactly in tests/test_golden.py).

Regenerate the expected outputs on purpose (after an intended change) with::

    UPDATE_EXPECTED=1 .venv/bin/python -m pytest tests/test_golden.py

then read the diff of ``tests/fixtures/majora-*/expected`` before committing it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support import FIXTURES, ROOT, expected_json


def test_win_game_across_two_cycles() -> None:
    data = expected_json("majora-win")
    assert data["finished"] and data["team_won"] == "village"
    assert data["loop"] == 2 and data["day"] == 2
    assert data["instrument_uses_left"] == 2
    assert data["giants_used"] == ["巨人の剣", "巨人の玉", "巨人の盾", "巨人の鏡"]
    assert "けいた" not in data["winners"] and len(data["winners"]) == 11
    assert data["players"]["うしお"]["items"] == ["時のオカリナ"]
    assert data["players"]["けいた"]["mask"] == "カマロの仮面"


def test_demo_writes_and_resolves_the_sample(tmp_path: Path) -> None:
    from adjudicator.cli.main import main

    target = tmp_path / "demo"
    assert main(["demo", str(target), "--sample", "majora"]) == 0
    data = json.loads((target / "out" / "game.json").read_text("utf-8"))
    assert data["variant"] == "majora" and data["finished"] and data["loop"] == 2
    assert (target / "scenario.toml").is_file()


def test_check_tells_the_gm_what_a_declaration_would_do(capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    from adjudicator.cli.main import main

    game = str(FIXTURES / "majora-win")
    assert main(["check", game, "回答@沼の歌 ﾃﾞｸのはな", "--phase", "day4"]) == 0
    assert "判定：正解（謎「沼の歌」）、巨人の鏡が手に入ります" in capsys.readouterr().out
    assert main(["check", game, "使用@時のオカリナ", "--phase", "day4", "--speaker", "うしお"]) == 0
    assert "時が戻り、3周目の1日目になります（残り1回）" in capsys.readouterr().out


def test_the_win_fixture_is_the_bundled_sample() -> None:
    sample = ROOT / "samples" / "majora"
    fixture = FIXTURES / "majora-win"
    for rel in ["game.toml", "scenario.toml", *(f"logs/{p.name}" for p in
                                                 sorted((sample / "logs").iterdir()))]:
        assert (fixture / rel).read_text("utf-8") == (sample / rel).read_text("utf-8"), rel
    assert sorted(p.name for p in (fixture / "logs").iterdir()) == sorted(
        p.name for p in (sample / "logs").iterdir())


def test_the_docs_write_the_cycle_and_day_as_the_posts_do() -> None:
    """One form of 「○周目・○日目」 (issue 40.5): the page quotes the posts' headings as the
    posts write them (【2周目・1日目】朝), never 「2周目 1日目」."""
    import re

    page = (ROOT / "docs" / "games" / "majora.md").read_text("utf-8")
    post = (FIXTURES / "majora-win" / "expected" / "night1" / "public.txt").read_text("utf-8")
    form = re.compile(r"【[0-9]+周目・[0-9]+日目】(?:朝|昼の結果)")
    assert form.match(post)
    quoted = re.findall(r"「([^」]*周目[^」]*)」", page)
    headings = [q for q in quoted if "昼" not in q or "結果" in q]  # (explain's 「…日目 昼」)
    assert headings and all(form.fullmatch(q) for q in headings), headings
    assert not re.search(r"[0-9○]周目 [0-9○]日目", page)


def test_explain_names_days_by_loop() -> None:
    """MJ (review 2): explain's day headers name the loop (「1周目・2日目」)."""
    text = (FIXTURES / "explain" / "majora.txt").read_text(encoding="utf-8")
    heads = [x for x in text.splitlines() if x.startswith("=== ")]
    assert heads and all("周目・" in h for h in heads), heads
