"""Every name, chat line and GM text is untrusted: nothing in the report may execute."""

from __future__ import annotations

from pathlib import Path

from adjudicator.engine import resolve_game
from adjudicator.report.html import render_report
from adjudicator.resources import data_dir
from tests.support import EVIL, parse, write_evil_game


def test_hostile_names_and_lines_stay_text(tmp_path: Path) -> None:
    game = resolve_game(write_evil_game(tmp_path / "evil"))
    html = render_report(game)
    tree = parse(html)
    # no element the payloads try to create
    for tag in ("script", "iframe", "img", "textarea", "b", "object", "embed"):
        assert not tree.find(tag), tag
    # svg only our charts (one per chart figure), no onload svg
    assert len(tree.find("svg")) == len(tree.find("figure", "chart"))
    # no event-handler attribute anywhere, no javascript: url
    for el in tree.elements:
        for k, v in el["attrs"].items():
            assert not k.startswith("on"), (el["tag"], k, v)
            assert "javascript:" not in (v or "").lower() or k.startswith("data-") or k in (
                "aria-label",), (el["tag"], k, v)
    # one style element, holding exactly our stylesheet: </style> did not break out
    styles = tree.find("style")
    assert len(styles) == 1
    css = (data_dir("reports") / "report" / "style.css").read_text("utf-8")
    assert "".join(styles[0]["text"]).strip() == css.strip()
    # the payloads are there, as text the reader can see
    text = "".join(tree.text)
    for payload in EVIL:
        assert payload in text, payload
    assert "<iframe src=javascript:window.__pwned=5></iframe>" in text
    # and the markup is escaped in the source
    assert "<script>window" not in html and "&lt;script&gt;window.__pwned=1" in html
    # the scriptless policy is there too (defence in depth)
    assert "default-src 'none'" in html and "script-src" not in html
