"""Rule texts by rule id, from the bundled rule files (``adjudicator/rules/*.md``).

Each rule is a bullet ``- rule.id text`` (continuation lines indented); ``quote()``
gives the sentence a ruling cites.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

_BULLET = re.compile(r"^\s*-\s+([a-z]+(?:\.[a-z_][a-z0-9_]*)+)\s*(.*)$")  # ss.recruit.none_night2
_INLINE = re.compile(r"\(([a-z]+(?:\.[a-z_][a-z0-9_]*)+)\)")
_LISTED = re.compile(r"(?<![\w.])([a-z]+(?:\.[a-z_]+)+)(?![\w.])")


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
        # ids listed inside another rule's bullet ("- gp.event.castle_start …, gp.event.festival
        # 祝祭 (…)"), of the same prefix: quoted with that bullet's text
        bullets = [(rid, text) for rid, text in out.items()]
        for rid, text in bullets:
            prefix = rid.split(".", 1)[0] + "."
            for other in _LISTED.findall(text):
                if other.startswith(prefix):
                    out.setdefault(other, text)
        # ids named inline, "(sp.same_team)": quoted with the sentence that names them
        for para in re.split(r"\n\s*\n|\n(?=\s*-\s)", path.read_text(encoding="utf-8")):
            text = " ".join(line.strip().lstrip("-").strip() for line in para.splitlines())
            for sentence in re.split(r"(?<=[.。;；])\s+", text):
                for rid in _INLINE.findall(sentence):
                    out.setdefault(rid, sentence.strip())
    return out


#: rulings the engine makes itself, quoted from DESIGN.md / werewolf.md prose
ENGINE_RULES = {
    "ww.night.dead": "Dead players cannot act; their lines are chatter, and a command from "
    "them is a diagnostic. (werewolf.md, Night)",
    "engine.deadline": "Lines after a GM deadline marker are late. (DESIGN.md, Reading chat)",
    "engine.game_over": "Once the game is decided, no action is taken: a command after the "
    "end is refused. (DESIGN.md, Reading chat)",
    "engine.dead": "Dead players cannot act: a command from a dead player, or entered by the "
    "GM on a dead player's behalf, is refused. (DESIGN.md, Reading chat)",
    "engine.replacement": "A replaced player (代役) keeps the seat: the newcomer inherits its "
    "state from the phase the GM names. (DESIGN.md, Reading chat)",
    "input.thread": "A phase's log is one or more threads (the village, 1:1 chats, groups), "
    "merged by time; where game.toml names the room bites are sent from, a bite sent "
    "elsewhere is refused. (rules/input.md, Threads)",
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
