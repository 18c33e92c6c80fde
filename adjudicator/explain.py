"""``adjudicator explain``: the chain behind a ruling, from chat line to rule sentence."""

from __future__ import annotations

from typing import Any

from .rulebook import quote


def _involves(ev: Any, player: str | None) -> bool:
    if player is None:
        return True
    if player in (ev.player, ev.target, ev.to):
        return True
    return any(player == v or (isinstance(v, list) and player in v) for v in ev.data.values())


def explain_text(game: Any, player: str | None = None, phase: str | None = None) -> str:
    out: list[str] = []
    if player is not None and player not in game.state.players:
        names = "、".join(game.state.players)
        return f"no player {player!r} in this game (players: {names})"
    for ph in game.phases:
        if phase is not None and ph.id != phase:
            continue
        lines = [r for r in ph.lines if r.disposition != "chatter"
                 and (player is None or r.speaker == player
                      or (r.action or "").find(player) >= 0)]
        events = [e for e in ph.events if _involves(e, player)]
        if not lines and not events:
            continue
        out.append(f"=== {ph.id} ===")
        if lines:
            out.append("chat lines:")
            for r in lines:
                how = r.disposition + (f" as {r.action}" if r.action else "")
                why = f" — {r.reason}" if r.reason else ""
                out.append(f"  {r.ref} {r.speaker}「{r.text}」: {how}{why}")
        if events:
            out.append("events:")
            for e in events:
                fields = []
                if e.player:
                    fields.append(e.player)
                if e.target:
                    fields.append(f"→ {e.target}")
                if e.amount is not None:
                    fields.append(f"{e.amount:+,}")
                for k, v in e.data.items():
                    fields.append(f"{k}={v}")
                out.append(f"  [{e.rule}] {e.kind} {' '.join(fields)}  (cause: {e.cause})")
                q = quote(e.rule)
                if q:
                    out.append(f"      rule: {q}")
    if not out:
        return "nothing to explain for that selection"
    return "\n".join(out)
