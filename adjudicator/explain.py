"""``adjudicator explain``: the chain behind a ruling, from chat line to rule sentence.

For each phase (or the one asked for): the player's chat lines and how each was read
(accepted, rejected and why, superseded by which line, GM); under each line the events
it caused, each with its rule id and the rule's sentence; then the events the phase
itself caused that concern the player (an execution, a stock move); then every random
draw involved (what was drawn, among what, why).
"""

from __future__ import annotations

from typing import Any

from .errors import CommandError, UsageError
from .rulebook import quote

DISPOSITION = {"accepted": "accepted", "rejected": "REJECTED", "superseded": "superseded",
               "gm": "GM directive", "chatter": "chatter"}


def _names(game: Any) -> list[str]:
    names = list(getattr(game.state, "players", {}) or [])
    for p in game.cfg.players:
        if p.name not in names:
            names.append(p.name)
    for t in game.cfg.teams:
        for n in (t.name, *t.members):
            if n not in names:
                names.append(n)
    return names


def resolve_player(game: Any, player: str) -> str:
    """The canonical name for ``player`` (aliases, honorifics, width ignored)."""
    names = _names(game)
    if player in names:
        return player
    from .roster import Roster

    aliases = {p.name: list(p.aliases) for p in game.cfg.players}
    roster = Roster([(n, aliases.get(n, [])) for n in names])
    try:
        return str(roster.resolve(player))
    except CommandError:
        raise UsageError(f"no player {player!r} in this game (players: "
                         f"{'、'.join(names)})") from None


def _involves(ev: Any, player: str | None) -> bool:
    if player is None:
        return True
    if player in (ev.player, ev.target, ev.to):
        return True
    return any(player == v or (isinstance(v, list | dict) and player in v)
               for v in ev.data.values())


def _plain(v: Any) -> str:
    if isinstance(v, list):
        return "、".join(str(x) for x in v)
    if isinstance(v, dict):
        return "、".join(f"{a}:{b}" for a, b in v.items())
    return str(v)


def _fields(ev: Any) -> str:
    return str(ev.summary(skip=("among", "why") if ev.kind == "draw" else (), fmt=_plain))


class _Chain:
    def __init__(self) -> None:
        self.out: list[str] = []
        self.quoted: set[str] = set()

    def event(self, ev: Any, indent: str, suffix: str = "") -> None:
        self.out.append(f"{indent}[{ev.rule}] {ev.kind} {_fields(ev)}".rstrip() + suffix)
        rules = [ev.rule, *[r for r in ev.data.get("rules", []) if isinstance(r, str)]]
        for rid in rules:
            q = quote(rid)
            if q and rid not in self.quoted:
                self.quoted.add(rid)
                self.out.append(f"{indent}    rule: {rid}「{q}」")
            elif q:
                self.out.append(f"{indent}    rule: {rid} (quoted above)")

    def draw(self, ev: Any, indent: str) -> None:
        among = "、".join(ev.data.get("among", []))
        self.out.append(f"{indent}drew {ev.target} among [{among}] — {ev.data.get('why', '')}"
                        f" [{ev.rule}]")
        q = quote(ev.rule)
        if q and ev.rule not in self.quoted:
            self.quoted.add(ev.rule)
            self.out.append(f"{indent}    rule: {ev.rule}「{q}」")


def explain_text(game: Any, player: str | None = None, phase: str | None = None) -> str:
    """The chain of rulings for ``player`` (everyone if None) in ``phase`` (all if None).

    Raises UsageError for an unknown player or phase (naming the ones that exist)."""
    if player is not None:
        player = resolve_player(game, player)
    ids = [p.id for p in game.phases]
    if phase is not None and phase not in ids:
        raise UsageError(f"no phase {phase!r} in this game (phases: {', '.join(ids) or 'none'})")
    chain = _Chain()
    out = chain.out
    for ph in game.phases:
        if phase is not None and ph.id != phase:
            continue
        lines = [r for r in ph.lines if r.disposition != "chatter"
                 and (player is None or r.speaker == player or player in (r.action or ""))]
        events = [e for e in ph.events if _involves(e, player)]
        draws = [e for e in ph.events if e.kind == "draw"
                 and (player is None or player == e.target or player in e.data.get("among", []))]
        if not lines and not events and not draws:
            continue
        out.append(f"=== {ph.id} ===")
        by_cause: dict[str, list[Any]] = {}
        for e in events:
            if e.kind != "draw":
                by_cause.setdefault(e.cause, []).append(e)
        shown: set[str] = set()
        if lines:
            out.append("chat lines, as read:")
            for r in lines:
                how = DISPOSITION[r.disposition] + (f" as {r.action}" if r.action else "")
                why = f" — {r.reason}" if r.reason else ""
                code = f" ({r.code})" if r.code and r.disposition == "rejected" else ""
                out.append(f"  {r.ref} {r.speaker}「{r.text}」")
                out.append(f"    → {how}{why}{code}")
                for e in by_cause.get(r.ref, []):
                    chain.event(e, "      ")
                shown.add(r.ref)
        rest = [e for cause, evs in by_cause.items() if cause not in shown for e in evs]
        if rest:
            out.append("events of the phase:")
            for e in rest:
                cause = "" if e.cause.startswith("phase:") else f"  (cause: {e.cause})"
                chain.event(e, "  ", cause)
        if draws:
            out.append("random draws:")
            for e in draws:
                chain.draw(e, "  ")
    if not out:
        who = f" for {player}" if player else ""
        where = f" in {phase}" if phase else ""
        return f"nothing to explain{who}{where}: no lines, events or draws"
    return "\n".join(out)
