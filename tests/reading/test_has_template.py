"""``render.has_template`` answers as ``name in environment().list_templates()`` does,
for every template of ``reports/`` and for the events file of every variant."""

from __future__ import annotations

from adjudicator.games import REGISTRY
from adjudicator.render import environment, has_template


def test_has_template_is_list_templates_membership() -> None:
    listed = set(environment().list_templates())
    names = listed | {f"{v}/events.j2" for v in REGISTRY} | {f"{v}/none.j2" for v in REGISTRY}
    names |= {"common", "derby-stock", "report.html.j2", "nothing.txt.j2"}
    for name in sorted(names):
        assert has_template(name) == (name in listed), name
