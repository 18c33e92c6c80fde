"""The derby's spectators' chat (``dayN-chat``, 「N日目 観戦チャット」) on the desk: which
lines the day's 声援 counted (the event ``mentions`` of ds.stock.cheer_mention) and the
moves they made (``move_noted``), for the preview of a pasted chat and the game's page."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

_LINE = re.compile(r"^\S+:(?P<n>[0-9]+) (?P<speaker>.*?)「(?P<text>.*)」→ (?P<hits>.*)$")


@dataclass
class Cheers:
    """What the spectators' chat of day ``base`` did: the counted lines, the counts."""

    base: str
    rows: list[dict[str, str]] = field(default_factory=list)  # lineno, speaker, text, hits
    counts: list[tuple[str, int]] = field(default_factory=list)  # only names counted
    up: list[str] = field(default_factory=list)
    down: list[str] = field(default_factory=list)
    counted: bool = True  # False: the GM's 声援@ lines decided the day, the chat was not read


def is_extra(phase: str) -> bool:
    """A phase's extra log (``day2-chat``), not a phase of its own."""
    return "-" in phase


def cheers(game: Any, phase: str) -> Cheers | None:
    """The cheers of ``phase`` when it is a spectators' chat whose day is resolved."""
    base, _, suffix = phase.partition("-")
    if suffix != "chat" or game is None:
        return None
    result = next((r for r in game.phases if r.id == base), None)
    if result is None:
        return None
    out = Cheers(base=base)
    mentions = next((e for e in result.events if e.kind == "mentions"), None)
    moves = {e.data.get("key"): list(e.data.get("players", []))
             for e in result.events if e.kind == "move_noted"}
    out.up, out.down = moves.get("cheer_up", []), moves.get("cheer_down", [])
    if mentions is None:
        out.counted = False
        return out
    for line in mentions.data.get("lines", []):
        m = _LINE.match(line)
        if m:
            out.rows.append(m.groupdict())
        else:
            out.rows.append({"n": "", "speaker": "", "text": line, "hits": ""})
    out.counts = [(n, k) for n, k in mentions.data.get("counts", {}).items() if k]
    out.counts.sort(key=lambda nk: -nk[1])
    return out
