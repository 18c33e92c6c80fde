"""The トラップワード report sections, checked against the game's JSON for every fixture of the
variant (by structure, as tests/report/test_report.py does)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.engine import resolve_game
from adjudicator.games.trapword.words import detail_ja, flat
from adjudicator.report.charts import Chart, Table
from adjudicator.report.html import render_report
from tests.support import FIXTURES, fixtures_of, parse
from tests.support.report_sections import block, derived, figure_series, snapshots

TRAPWORD = [FIXTURES / n for n in fixtures_of("trapword")]


def test_fixtures_exist() -> None:
    assert len(TRAPWORD) >= 3


@pytest.mark.parametrize("root", TRAPWORD, ids=[p.name for p in TRAPWORD])
def test_trapword_board_positions_per_round(root: Path) -> None:
    game, data, tree, sections = derived(root)
    assert [s.id for s in sections] == ["trapword"]
    board = block(sections, "ボード")
    assert isinstance(board, Chart)
    snaps = snapshots(game)
    history = [e["positions"] for _p, e in snaps]
    # the positions after each round are those the round_ended event records
    ended = [e["positions"] for p in data["phases"] for e in p["events"]
             if e["kind"] == "round_ended"]
    assert ended == history[1:]
    assert history[-1] == data["positions"]
    drawn = figure_series(tree, "ボード")
    for team in data["positions"]:
        assert [float(c["attrs"]["data-value"]) for c in drawn[team]] == [
            float(h[team]) for h in history]
    monster = [float(e["monster"]) for _p, e in snaps]
    assert [float(c["attrs"]["data-value"]) for c in drawn["モンスター"]] == monster
    # rooms across: one x label per tile
    tiles = json.loads(json.dumps(game.state.tiles))
    assert len(board.x_ticks()) == len(tiles)
    texts = [t.label for t in board.x_ticks()]
    assert texts == [f"部屋{i}（{n}）" for i, n in enumerate(tiles, 1)]
    # one row per snapshot, every point inside the drawing
    assert len(board.ticks()) == len(data["phases"]) + 1
    for layout in board.layouts():
        for pt in layout.points:
            assert board.pad_left <= pt.x <= board.width - board.pad_right
            assert board.pad_top <= pt.y <= board.height - board.pad_bottom
    # curses: a series per curse card placed, at its room while it lies on the board
    placed = [e for p in data["phases"] for e in p["events"] if e["kind"] == "curse_placed"]
    assert len([s for s in board.series if s.name.startswith("呪い：")]) == len(placed)


@pytest.mark.parametrize("root", TRAPWORD, ids=[p.name for p in TRAPWORD])
def test_trapword_round_tables(root: Path) -> None:
    _game, data, tree, sections = derived(root)
    tables = [b for s in sections for b in s.blocks if isinstance(b, Table)]
    assert [t.title for t in tables] == [f"第{p['id'][5:]}ラウンド" for p in data["phases"]]
    for table, ph in zip(tables, data["phases"], strict=True):
        starts = [e for e in ph["events"] if e["kind"] == "turn_started"]
        hints = [e for e in ph["events"] if e["kind"] == "hint"]
        results = {e["target"]: e for e in ph["events"] if e["kind"] == "turn_result"}
        heads = [r for r in table.rows if r[0]]
        assert [r[0] for r in heads] == [e["target"] for e in starts]
        for r, e in zip(heads, starts, strict=True):
            assert r[1] == e["player"] and r[2] == (e["secret"] or "（なし）")
            assert r[3] == ("、".join(e["traps"]) or "（なし）")
            res = results[e["target"]]
            assert r[7].startswith("成功" if res["success"] else "失敗")
            if not res["success"]:  # the turn's end as the post says it (one level of ())
                assert detail_ja(res["detail"]) in r[7]
        # a row per hint (a turn without hints: one row), in order, with the verdicts
        n_rows = sum(max(1, sum(h["target"] == s["target"] for h in hints)) for s in starts)
        assert len(table.rows) == n_rows
        shown = [r[4] for r in table.rows if r[4] != "（ヒントなし）"]
        assert shown == [f"{h['n']}「{h['text']}」" for s in starts for h in hints
                         if h["target"] == s["target"]]
        for h in hints:
            row = next(r for r in table.rows if r[4] == f"{h['n']}「{h['text']}」")
            for vd in h["verdicts"]:
                if vd["grade"] != "none":
                    assert flat(vd["reason"]) in row[5]
            if h["illegal"]:
                assert h["illegal"] in row[5]
            if h["sprung"]:
                assert "発動" in row[6]
        for m in (e for e in ph["events"] if e["kind"] == "trap_missed"):
            assert any(f"見逃し：「{m['word']}」" in r[6] for r in table.rows)
    titles = [el["attrs"].get("data-table") for el in tree.find("table")]
    assert [t.title for t in tables] == [t for t in titles if t and t.startswith("第")]


def test_hostile_trapword_text_is_escaped(tmp_path: Path) -> None:
    root = tmp_path / "evil"
    (root / "logs").mkdir(parents=True)
    (root / "game.toml").write_text(
        'variant = "trapword"\nseed = 1\ngm = ["GM"]\n[options]\ncurses = 1\n'
        '[[teams]]\nname = "<script>x</script>"\nmembers = ["a", "b"]\nfirst = true\n'
        '[[teams]]\nname = "青"\nmembers = ["c", "d"]\n', encoding="utf-8")
    (root / "logs" / "round1.txt").write_text("\n".join([
        "[20:00:00] GM: 秘密@青 <img src=x onerror=alert(1)>",
        "[20:00:01] GM: 秘密@<script>x</script> 犬",
        "[20:00:02] c: トラップ@</td><script>y</script>",
        "[20:00:03] GM: 開始@<script>x</script>",
        "[20:00:04] a: <svg onload=alert(2)>ワン",
        "[20:00:05] b: 犬",
    ]) + "\n", encoding="utf-8")
    game = resolve_game(root)
    html = render_report(game)
    tree = parse(html)
    assert not tree.find("script") and not tree.find("img") and not tree.find("svg", onload="alert(2)")
    for el in tree.elements:
        assert not any(k.startswith("on") for k in el["attrs"])
    text = "".join(tree.text)
    assert "<svg onload=alert(2)>ワン" in text
    assert "<script>x</script>" in text
