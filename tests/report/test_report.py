"""The HTML report of every fixture game, compared by structure (not by bytes)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adjudicator.cli.main import main
from adjudicator.engine import resolve_game
from adjudicator.export import export_game
from adjudicator.report.charts import Chart, Section, Series, nice_step
from adjudicator.report.html import render_report
from adjudicator.report.sections import auto_sections, register, variant_sections
from adjudicator.seedquotes import rule_text
from tests.support import SAMPLE, Tree, all_games, game_ids, parse


@pytest.fixture(scope="module", params=all_games(), ids=game_ids())
def reported(request: pytest.FixtureRequest) -> tuple[Any, dict[str, Any], Tree, str]:
    game = resolve_game(request.param)
    html = render_report(game)
    return game, export_game(game), parse(html), html


def test_report_structure_matches_the_game(reported: tuple[Any, dict[str, Any], Tree, str]) -> None:
    game, data, tree, _html = reported
    # roster: one row per player, the role revealed
    rows = [el for el in tree.find("tr") if "data-player" in el["attrs"]]
    assert [r["attrs"]["data-player"] for r in rows] == list(data["players"])
    # timeline: one article per phase
    arts = tree.find("article", "phase")
    assert [a["attrs"]["id"] for a in arts] == [f"phase-{p['id']}" for p in data["phases"]]
    # every vote event is a row of the phase's vote table
    n_votes = sum(1 for p in data["phases"] for e in p["events"] if e["kind"] == "vote")
    vote_rows = [el for el in tree.find("tr") if "votes" in el["classes"] and "tbody" in el["parents"]]
    assert len(vote_rows) == n_votes
    # every ruling listed, every rule id it cites quoted in the rules section
    n_events = sum(len(p["events"]) for p in data["phases"])
    assert len([el for el in tree.find("li") if (el["attrs"].get("class") or "").startswith("ev ")]) == n_events
    cited = {el["attrs"]["id"][5:] for el in tree.find("dt") if el["attrs"].get("id", "").startswith("rule-")}
    # (a sub-id without its own entry is quoted as its parent: input.syntax as input)
    keys = {rule_text(e["rule"], game).key for p in data["phases"] for e in p["events"]}  # type: ignore[union-attr]
    assert keys <= cited and len(cited) == len(keys)  # each rule quoted once
    # the annotated log: every input line exactly once, with its disposition
    log = [el for el in tree.find("li") if "log" in el["classes"] and el["attrs"].get("id")]
    recs = [r for ph in game.phases for r in ph.lines]
    assert len(log) == len(recs)
    assert [el["attrs"]["class"] for el in log] == [f"d-{r.disposition}" for r in recs]
    # rejected lines stand out, with their reason
    text = "".join(tree.text)
    for r in recs:
        if r.disposition in ("rejected", "superseded"):
            assert r.reason and r.reason in text
    assert len(tree.find("span", "b-rejected")) >= sum(r.disposition == "rejected" for r in recs)
    # every draw appears in the draws section
    n_draws = sum(1 for p in data["phases"] for e in p["events"] if e["kind"] == "draw")
    draw_items = [el for el in tree.find("li", "draw") if "rulings" in el["classes"]]
    assert len(draw_items) == n_draws
    # one details per player, winners marked
    assert len(tree.find("details", "player")) == len(data["players"])
    # self-contained: no script, no external reference
    assert not tree.find("script")
    for el in tree.elements:
        for k, v in el["attrs"].items():
            assert not k.startswith("on")
            if k in ("href", "src") and v:
                assert v.startswith("#"), (k, v)


DERBY = [p for p in all_games() if '"derby-stock"' in (p / "game.toml").read_text("utf-8")]


@pytest.mark.parametrize("root", DERBY, ids=[p.name for p in DERBY])
def test_derby_stock_charts_have_a_point_per_phase(root: Path) -> None:
    game = resolve_game(root)
    data = export_game(game)
    tree = parse(render_report(game))
    figs = {f["attrs"]["data-chart"]: f for f in tree.find("figure", "chart")}
    assert "所持金の推移" in figs and "株価の推移" in figs
    series = [el for el in tree.find("g", "series")]
    money = [s for s in series if "chart" in s["classes"]][: len(data["players"])]
    assert [s["attrs"]["data-series"] for s in money] == list(data["players"])
    circles = [el for el in tree.find("circle")]
    # the first chart (money) has one point per player per snapshot (start + each phase)
    assert len(circles) >= len(data["players"]) * (len(data["phases"]) + 1)
    final_cash = {n: p["cash"] for n, p in data["players"].items()}
    values = [float(c["attrs"]["data-value"]) for c in circles[: len(data["players"]) * (len(data["phases"]) + 1)]]
    per = len(data["phases"]) + 1
    assert [values[i * per + per - 1] for i in range(len(final_cash))] == [float(v) for v in final_cash.values()]


def test_report_command_writes_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.html"
    assert main(["report", str(SAMPLE), "-o", str(out)]) == 0
    html = out.read_text("utf-8")
    assert html.startswith("<!DOCTYPE html>") and "たろう" in html
    assert "Content-Security-Policy" in html
    assert main(["report", str(tmp_path / "nope")]) == 2


def test_section_hook_by_method_and_registry() -> None:
    game = resolve_game(SAMPLE)

    class Hooked(type(game.variant)):  # type: ignore[misc]
        name = "hooked-test"

        def report_sections(self, g: Any) -> list[Section]:
            return [Section(id="mine", title="追加", blocks=[], covers=frozenset({"cash"}))]

    @register("hooked-test")
    def extra(g: Any) -> list[Section]:
        return [Section(id="reg", title="登録", blocks=[])]

    game.variant = Hooked(game.cfg)
    secs = variant_sections(game)
    assert [s.id for s in secs] == ["mine", "reg"]
    html = render_report(game)
    assert 'id="sec-mine"' in html and 'id="sec-reg"' in html
    # no derby section now (the variant name changed): auto charts still cover the rest
    autos = auto_sections(game, set())
    assert autos and any(b.title.startswith("所持金") for b in autos[0].blocks)


def test_chart_geometry() -> None:
    c = Chart(title="t", x_labels=["a", "b", "c"], series=[Series("x", [0, 50, None]),
                                                            Series("y", [-10, 10, 20])])
    lay = c.layouts()
    assert [len(s.points) for s in lay] == [2, 3]
    assert lay[0].path.startswith("M") and lay[1].path.count("L") == 2
    assert nice_step(23) == 25 and nice_step(0.7) == 1 and nice_step(120_000) == 200_000
    assert c.zero() is not None


def test_an_unfinished_games_report_is_the_gms_alone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Refused without --gm (nothing written); with --gm titled 途中経過（GM専用…）."""
    import shutil

    from adjudicator.views import PROGRESS_TITLE

    game = tmp_path / "mid"
    shutil.copytree(SAMPLE, game, ignore=shutil.ignore_patterns("out"))
    for log in (game / "logs").iterdir():
        if not log.name.startswith(("day1", "night1")):
            log.unlink()
    out = tmp_path / "mid.html"
    assert main(["report", str(game), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "まだ終わっていません" in err and "--gm" in err and not out.exists()
    assert main(["report", str(game), "-o", str(out), "--gm"]) == 0
    assert PROGRESS_TITLE in capsys.readouterr().out
    tree = parse(out.read_text("utf-8"))
    assert "".join(tree.find("title")[0]["text"]).endswith(PROGRESS_TITLE)
    banner = tree.find("p", "gm-only")
    assert len(banner) == 1
    assert "【GM専用】" in "".join(t for el in tree.elements if "gm-only" in el["classes"]
                                for t in el["text"])
    # the finished sample: the end-of-game report, for anyone, without --gm
    assert main(["report", str(SAMPLE), "-o", str(out)]) == 0
    html = out.read_text("utf-8")
    assert "終了レポート</title>" in html and PROGRESS_TITLE not in html
    assert parse(html).find("p", "gm-only") == []


def test_whole_number_charts_never_repeat_a_tick_label() -> None:
    """Gold, counts and gauges are whole numbers: a small range (0 to 1) gets ticks 0 and
    1, not 0, 0.25, 0.5… printed as 0金, 0金, 1金."""
    from adjudicator.report.charts import Chart, Series

    chart = Chart(title="t", x_labels=["a", "b"], series=[Series("x", [0.0, 1.0])],
                  y_format=lambda v: f"{v:.0f}金")
    labels = [t.label for t in chart.ticks()]
    assert labels == ["0金", "1金"]
    halves = Chart(title="t", x_labels=["a", "b"], series=[Series("x", [0.0, 0.5])],
                   y_format=lambda v: f"{v:.2f}")
    assert len(halves.ticks()) > 2  # fractional data keeps its fine steps


def test_whole_number_ticks_are_whole_numbers() -> None:
    from adjudicator.report.charts import Chart, Series

    chart = Chart(title="t", x_labels=["a", "b"], series=[Series("x", [0.0, 10.0])])
    values = [t.label for t in chart.ticks()]
    assert values == ["0", "5", "10"]  # not 0, 2, 5, 8, 10 from a step of 2.5
