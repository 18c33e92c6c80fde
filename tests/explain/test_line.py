"""``explain --line``: one chat line, everything it caused and why, in Japanese (issue 17)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from adjudicator.cli.main import main
from adjudicator.errors import UsageError
from adjudicator.explain import explain_text
from adjudicator.explain_ja import explain_line
from adjudicator.sentences import sentence
from adjudicator.views import View, player_names
from adjudicator.wording import line_place, line_quote
from tests.support import FIXTURES, UPDATE, all_games, game_ids, resolved

GAMES = all_games()
GOLDEN = FIXTURES / "explain"
JA = re.compile(r"[ぁ-んァ-ヶ一-龥]")


def _lines(game: Any) -> list[Any]:
    return [r for ph in game.phases for r in ph.lines if r.disposition in ("accepted", "rejected")]


@pytest.mark.parametrize("root", GAMES, ids=game_ids())
def test_every_accepted_and_rejected_line_is_answered_with_the_rule(root: Path) -> None:
    """The GM's answer for every accepted and every rejected line: Japanese, the line
    quoted, how it was read, and the seed's words (or our named choice) for the rule."""
    game = resolved(root)
    assert _lines(game)
    for rec in _lines(game):
        text = explain_line(game, rec.ref)
        assert f"{rec.speaker}「{rec.text}」" in text
        body = text.split("\n", 2)[2]
        assert JA.search(body) and "→ " in body
        assert "ルール「" in text, f"{rec.ref}: no rule\n{text}"
        assert "原文（「" in text or "原文：記載なし" in text, f"{rec.ref}: no seed words\n{text}"
        assert "この村のルール：" in text


@pytest.mark.parametrize("root", GAMES, ids=game_ids())
def test_a_players_answer_holds_only_what_they_may_see(root: Path) -> None:
    """A player may ask about their own lines only; the answer shows no event of that
    line whose audience excludes them (the GM's bite, a hit flag…)."""
    game = resolved(root)
    names = set(player_names(game))
    for rec in _lines(game):
        if rec.speaker not in names:
            continue
        view = View.of(rec.speaker)
        text = explain_line(game, rec.ref, view=view)
        assert text.startswith(f"【{rec.speaker}さんの視点】")
        caused = [ev for ph in game.phases for ev in ph.events if ev.cause == rec.ref]
        told = {sentence(game, ev, view) for ev in caused if view.sees_event(ev)}
        for ev in caused:  # (a hidden event told in the same words by a public one is not)
            if not view.sees_event(ev) and sentence(game, ev, view) not in told:
                assert sentence(game, ev, view) not in text, (rec.ref, ev.kind)
        other = next((n for n in sorted(names) if n != rec.speaker), None)
        if other is not None:
            with pytest.raises(UsageError, match="own lines"):
                explain_line(game, rec.ref, view=View.of(other))


def test_a_line_is_followed_through_later_phases() -> None:
    """A derby bet of night1 is paid (or lost) on day2: the answer for the bet's line
    names both phases."""
    root = next(r for r in GAMES if r.name == "derby12")
    game = resolved(root)
    ev = next(e for ph in game.phases for e in ph.events if e.kind == "bet_won")
    text = explain_line(game, ev.cause)
    assert "［1日目 夜］" in text and "［2日目 昼］" in text and "予想的中" in text


def test_a_gm_judgment_is_shown() -> None:
    """A Super Chance answer is judged by the GM (正解@): the GM's answer for the
    player's line shows the GM's line; the player's own view says the ruling rests on
    the GM's judgment without quoting the GM's line (not theirs to read)."""
    root = next(r for r in GAMES if r.name == "secret-society-main")
    game = resolved(root)
    rec = next(r for ph in game.phases for r in ph.lines if r.text == "解答@エベレスト")
    gm = explain_line(game, rec.ref)
    judged = next(e for ph in game.phases for e in ph.events
                  if e.kind == "chance_answer" and e.player == rec.speaker)
    line = next(r for ph in game.phases for r in ph.lines if r.ref == judged.cause)
    assert line.disposition == "gm"
    assert f"GMの判断による裁定です：{line_quote(line.ref, line.time, line.speaker, line.text)}" in gm
    mine = explain_text(game, view=View.of("はやて"), phase="day1")
    assert "GMの判断による裁定です。" in mine and "課題成功@" not in mine


def test_unknown_line_and_cli(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    root = GAMES[0]
    game = resolved(root)
    with pytest.raises(UsageError, match="logs/night1.txt:7"):
        explain_line(game, "logs/night9.txt:99")
    rec = _lines(game)[0]
    assert main(["explain", str(root), "--line", rec.ref]) == 0
    out = capsys.readouterr().out
    assert out.startswith("【GM専用】") and f"=== {line_place(rec.ref)}［{rec.ref}］の発言" in out
    assert main(["explain", str(root), "--line", rec.ref, "--raw"]) == 0
    assert "データ：[" in capsys.readouterr().out
    assert main(["explain", str(root), "--lang", "en", "--phase", "day1"]) == 0
    assert "chat lines, as read:" in capsys.readouterr().out


def _disputed(roots: list[Path]) -> tuple[Path, Any, Any] | None:
    """The first rejected line of a player in the variant's fixture games."""
    for root in roots:
        game = resolved(root)
        names = set(player_names(game))
        for rec in _lines(game):
            if rec.disposition == "rejected" and rec.speaker in names:
                return root, game, rec
    return None


def _variants() -> dict[str, list[Path]]:
    import tomllib

    out: dict[str, list[Path]] = {}
    for root in GAMES[1:]:
        v = tomllib.loads((root / "game.toml").read_text(encoding="utf-8"))["variant"]
        out.setdefault(str(v), []).append(root)
    return out


@pytest.mark.parametrize("variant", sorted(_variants()))
def test_one_disputed_line_per_variant_is_golden(variant: str) -> None:
    """A player disputes a rejection: their own answer, compared exactly with
    tests/fixtures/explain/<variant>-line.txt."""
    found = _disputed(_variants()[variant])
    assert found is not None, f"{variant}: no fixture game has a rejected line of a player"
    root, game, rec = found
    text = (f"# {root.name}: explain --line {rec.ref} --as {rec.speaker}\n"
            + explain_line(game, rec.ref, view=View.of(rec.speaker)) + "\n")
    path = GOLDEN / f"{variant}-line.txt"
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden {path.name}: UPDATE_EXPECTED=1 and read it"
    assert text == path.read_text(encoding="utf-8"), (
        f"{path.name} differs: if intended, UPDATE_EXPECTED=1 pytest tests/explain/test_line.py"
        " and read the diff")
    assert "ルール「" in text and "この村のルール：" in text


def test_the_desk_answers_for_one_line(tmp_path: Path) -> None:
    """The desk's explain page with ``line``: the same text as ``explain --line`` (less
    its file references, as every desk page); a
    player's page answers only for that player's own lines."""
    import html
    import shutil

    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from adjudicator.desk.app import create_app

    root = next(r for r in GAMES if r.name == "derby12")
    folder = tmp_path / "games"
    shutil.copytree(root, folder / "g", ignore=shutil.ignore_patterns("expected", "out"))
    game = resolved(root)
    rec = next(r for r in _lines(game) if r.disposition == "rejected" and r.speaker in
               set(player_names(game)))
    client = TestClient(create_app(folder, hosts=("testserver",)))
    page = client.get("/g/g/explain", params={"line": rec.ref, "gm": "1"})
    assert page.status_code == 200
    shown = explain_line(game, rec.ref, desk=True).splitlines()[2]  # the page: no file refs
    assert "［" not in shown
    assert "2行目" in shown or "行目" in shown
    assert html.escape(shown, quote=False) in page.text
    mine = client.get("/g/g/explain", params={"line": rec.ref, "player": rec.speaker})
    assert mine.status_code == 200 and f"【{rec.speaker}さんの視点】" in mine.text
    other = next(n for n in player_names(game) if n != rec.speaker)
    assert client.get("/g/g/explain", params={"line": rec.ref, "player": other}).status_code == 404
