"""Rule texts by rule id, from the bundled rule files (``adjudicator/rules/*.md``).

Each rule is a bullet ``- rule.id text`` (continuation lines indented); ``quote()``
gives the sentence a ruling cites.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

_BULLET = re.compile(r"^\s*-\s+([a-z]+(?:\.[a-z_]+)+)\s*(.*)$")


@cache
def rules() -> dict[str, str]:
    out: dict[str, str] = {}
    folder = Path(__file__).resolve().parent / "rules"
    for path in sorted(folder.glob("*.md")):
        current: str | None = None
        for line in path.read_text(encoding="utf-8").splitlines():
            m = _BULLET.match(line)
            if m:
                current = m.group(1)
                out[current] = m.group(2).strip().lstrip(":").strip()
            elif current and line.startswith("  ") and line.strip():
                out[current] += " " + line.strip()
            else:
                current = None
    return out


#: rulings the engine makes itself, quoted from DESIGN.md / werewolf.md prose
ENGINE_RULES = {
    "ww.night.dead": "Dead players cannot act; their lines are chatter, and a command from "
    "them is a diagnostic. (werewolf.md, Night)",
    "engine.deadline": "Lines after a GM deadline marker are late. (DESIGN.md, Reading chat)",
    "input": "A line that looks like a command (has @ or a command word) but does not parse "
    "is a diagnostic, not chatter. (DESIGN.md, Reading chat)",
}


def quote(rule_id: str) -> str:
    """The rule's text; for a sub-id without its own text, its parent's."""
    table = {**ENGINE_RULES, **rules()}
    rid = rule_id
    while rid:
        if rid in table:
            return table[rid]
        rid = rid.rpartition(".")[0]
    return ""
