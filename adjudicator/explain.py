"""``adjudicator explain``: the chain behind a ruling, from chat line to rule sentence.

For each phase (or the one asked for): the player's chat lines and how each was read
(accepted, rejected and why, superseded by which line, GM); under each line the events
it caused, each with its rule id and the rule's sentence; then the events the phase
itself caused that concern the player (an execution, a stock move); then every random
draw involved (what was drawn, among what, why).

Every explanation is drawn for a view (``adjudicator.views``): the GM's holds all of
the above and says 「GM専用」 on its first line; a player's holds only the player's own
lines and how they were read, the rulings on them the player may see, the player's
notices and the public posts, never another player's line or a secret event.
"""

from __future__ import annotations

from typing import Any

from .errors import CommandError, UsageError
from .explain_ja import involves as _involves
from .models import plain_value
from .rulebook import quote
from .views import GM_ONLY, View, player_names

DISPOSITION = {"accepted": "accepted", "rejected": "REJECTED", "superseded": "superseded",
               "gm": "GM directive", "chatter": "chatter"}


def resolve_player(game: Any, player: str) -> str:
    """The canonical name for ``player`` (aliases, honorifics, width ignored)."""
    names = player_names(game, teams=True)
    if player in names:
        return player
    from .replacement import holders_of
    from .roster import Roster

    aliases = {p.name: list(p.aliases) for p in game.cfg.players}
    for seat, holders in holders_of(game).items():  # 代役: a newcomer reads the seat's view
        aliases.setdefault(seat, []).extend(holders[1:])
    roster = Roster([(n, aliases.get(n, [])) for n in names])
    try:
        return str(roster.resolve(player))
    except CommandError:
        raise UsageError(f"no player {player!r} in this game (players: "
                         f"{'、'.join(names)})",
                         f"「{player}」という参加者はいません（参加者：{'、'.join(names)}）") from None


def _fields(ev: Any) -> str:
    return str(ev.summary(skip=("among", "why") if ev.kind == "draw" else (), fmt=plain_value))


class _Chain:
    """The GM's chain in English (``--lang en``, for developers)."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.quoted: set[str] = set()
        self.rule, self.above = "rule: ", " (quoted above)"

    def event(self, ev: Any, indent: str, suffix: str = "") -> None:
        self.out.append(f"{indent}[{ev.rule}] {ev.kind} {_fields(ev)}".rstrip() + suffix)
        rules = [ev.rule, *[r for r in ev.data.get("rules", []) if isinstance(r, str)]]
        for rid in rules:
            q = quote(rid)
            if q and rid not in self.quoted:
                self.quoted.add(rid)
                self.out.append(f"{indent}    {self.rule}{rid}「{q}」")
            elif q:
                self.out.append(f"{indent}    {self.rule}{rid}{self.above}")

    def draw(self, ev: Any, indent: str) -> None:
        among = "、".join(ev.data.get("among", []))
        self.out.append(f"{indent}drew {ev.target} among [{among}] — {ev.data.get('why', '')}"
                        f" [{ev.rule}]")
        q = quote(ev.rule)
        if q and ev.rule not in self.quoted:
            self.quoted.add(ev.rule)
            self.out.append(f"{indent}    rule: {ev.rule}「{q}」")


def explain_text(game: Any, player: str | None = None, phase: str | None = None,
                 view: View | None = None, lang: str = "ja", raw: bool = False,
                 desk: bool = False) -> str:
    """The chain of rulings for ``player`` (everyone if None) in ``phase`` (all if None),
    as ``view`` may read it.

    ``lang`` "ja" (the default): in Japanese, one sentence per event, then 「ルール原文」
    (the seed's words) and the precise rule (``adjudicator.explain_ja``); "en": the
    developers' English chain of event data.  ``raw`` adds each event's data (ja).
    ``desk``: the Japanese for a page (the desk): no ids cited in the GM's view, the
    page's words for choosing a player; a player's view is the command line's, word for
    word.

    ``view`` None: the player's own view when a player is named, else the GM's.  The
    GM's view says 「GM専用」 on its first line.  Raises UsageError for an unknown player
    or phase (naming the ones that exist), or a player view asked for someone else."""
    if view is not None and view.kind == "player":
        assert view.player is not None
        if player is not None and resolve_player(game, player) != resolve_player(
                game, view.player):
            raise UsageError(f"--as {view.player} shows {view.player}'s own view: "
                             f"it cannot explain {player}",
                             f"--as {view.player} の指定は{view.player}さん本人の視点です。"
                             f"{player}さんの説明はできません")
        player = view.player
    if player is not None:
        player = resolve_player(game, player)
    if view is None:
        view = View.of(player) if player is not None else View.gm()
    elif view.kind == "player":
        view = View.of(str(player))
    if view.kind == "player" and player not in player_names(game):
        raise UsageError(f"{player!r} is a team, not a player: name one of its members "
                         f"({'、'.join(player_names(game))})",
                         f"「{player}」はチームです。メンバーの名前を指定してください"
                         f"（{'、'.join(player_names(game))}）")
    ids = [p.id for p in game.phases]
    if phase is not None and phase not in ids:
        from .wording import no_phase

        raise no_phase(phase, ids)
    chosen = [ph for ph in game.phases if phase is None or ph.id == phase]
    if lang != "en" or not view.is_gm:  # a player's or the public's view is Japanese
        from . import explain_ja

        lines = explain_ja.explain_phases(game, chosen, view, player, raw=raw, desk=desk)
        if not lines:
            lines = ["この範囲には、載せられる発言・出来事・抽選がありません。" if view.is_gm
                     else "この範囲には、載せられる発言・通知・公開投稿がありません。"]
        return "\n".join([explain_ja.head(view, desk), *lines])
    body = _gm_chain(chosen, player)
    head = (f"【{GM_ONLY}】every line, event and draw, secrets included: do not share "
            "(a player's own view: --as NAME)")
    if not body:
        who = f" for {player}" if player else ""
        where = f" in {phase}" if phase else ""
        body = [f"nothing to explain{who}{where}: no lines, events or draws"]
    return "\n".join([head, *body])


def _line(out: list[str], r: Any) -> None:
    how = DISPOSITION[r.disposition] + (f" as {r.action}" if r.action else "")
    why = f" — {r.reason}" if r.reason else ""
    code = f" ({r.code})" if r.code and r.disposition == "rejected" else ""
    out.append(f"  {r.ref} {r.speaker}「{r.text}」")
    out.append(f"    → {how}{why}{code}")


def _gm_chain(phases: list[Any], player: str | None) -> list[str]:
    """Everything, as the GM reads it (the player filter picks what concerns them)."""
    chain = _Chain()
    out = chain.out
    for ph in phases:
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
                _line(out, r)
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
    return out
