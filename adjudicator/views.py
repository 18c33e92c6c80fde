"""Who reads an output, and what each reader may see: the one place every output asks.

A :class:`View` is the GM (everything), the public (what the posts say) or one player
(the public posts, the player's own notices, the player's own lines and how they were
read).  Every event already carries its audience (``public``, ``player`` with ``to``, or
``gm``); a view is that audience made into a filter over events, chat lines, private
notices and diagnostics, so that explain, the report and the desk show a player only
what the player was told:

- an event is seen by the GM always, by everyone if it is ``public``, and by one player
  if it is a ``player`` event addressed to that player (``to``);
- a seen event is read as its audience may know it (:meth:`View.project`): the parts
  only the GM may know (``Event.gm_only``: a reason that is another player's secret,
  such as the 土遁 that stopped an invitation) are dropped, and the rule cited is the
  one the audience may know (``Event.known_rule``), never another player's ability.
  The GM's view keeps every reason;
- a chat line is seen by the GM, and by the player who said it: a line of another
  player is never shown to a player, even if it names that player (a night line is a
  message to the GM; what a day line did reaches everyone through the posts);
- a private notice is seen by the GM and by the player it is addressed to;
- a diagnostic is seen by the GM, and by a player if it is about one of the player's
  own lines;
- the GM ledger only by the GM.

What a finished game reveals: when the game is over every secret is told (roles, every
ruling, every value over time: the end-of-game report of DESIGN.md), so
:func:`report_view` lets anyone read the report of a finished game and only the GM the
report of an unfinished one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from .errors import UsageError
from .models import Diagnostic, Event, LineRecord, PhaseResult

ViewKind = Literal["gm", "public", "player"]

#: the mark at the top of every output only the GM may read
GM_ONLY = "GM専用"
#: the title of the report of an unfinished game (GM view)
PROGRESS_TITLE = "途中経過（GM専用・共有しないでください）"


@dataclass(frozen=True, slots=True)
class View:
    """One reader: ``View.gm()``, ``View.public()`` or ``View.of(player)``."""

    kind: ViewKind
    player: str | None = None

    @classmethod
    def gm(cls) -> View:
        return cls("gm")

    @classmethod
    def public(cls) -> View:
        return cls("public")

    @classmethod
    def of(cls, player: str) -> View:
        return cls("player", player)

    @property
    def is_gm(self) -> bool:
        return self.kind == "gm"

    def label(self) -> str:
        """Who this view is for, in Japanese (the top line of an output)."""
        if self.kind == "gm":
            return GM_ONLY
        if self.kind == "public":
            return "公開情報"
        return f"{self.player}さんの視点"

    # -------------------------------------------------------------- single items
    def sees_event(self, ev: Event) -> bool:
        if self.kind == "gm" or ev.audience == "public":
            return True
        return self.kind == "player" and ev.audience == "player" and ev.to == self.player

    def sees_line(self, rec: LineRecord, thread: Any = None) -> bool:
        """Whether this reader sees a line: the GM every line; a player their own lines
        of the village, and every line of a chat they are in (their 1:1 chat with the
        GM, a group they belong to) but no other chat's (input.thread); ``thread`` is
        the line's (``PhaseResult.threads``), None for the village."""
        if self.kind == "gm":
            return True
        if self.kind != "player":
            return False
        if thread is None or thread.kind == "village":
            return rec.speaker == self.player
        return bool(thread.reads(self.player))

    def sees_notice(self, to: str) -> bool:
        return self.kind == "gm" or (self.kind == "player" and to == self.player)

    def sees_diagnostic(self, d: Diagnostic, own_refs: Iterable[str] = ()) -> bool:
        """``own_refs``: the refs of the player's own lines in the diagnostic's phase."""
        if self.kind == "gm":
            return True
        if self.kind != "player":
            return False
        return d.speaker == self.player or d.source in set(own_refs)

    def project(self, ev: Event) -> Event:
        """``ev`` as this reader may know it (the GM: all of it)."""
        return ev if self.kind == "gm" else ev.known()

    def known_events(self, events: Iterable[Event]) -> list[Event]:
        """The events this reader sees, each as they may know it."""
        return [self.project(e) for e in events if self.sees_event(e)]

    # ------------------------------------------------------------------ phases
    def events(self, ph: PhaseResult) -> list[Event]:
        return self.known_events(ph.events)

    def lines(self, ph: PhaseResult) -> list[LineRecord]:
        threads = ph.threads
        if not threads:
            return [r for r in ph.lines if self.sees_line(r)]
        return [r for r in ph.lines if self.sees_line(r, threads.get(r.ref))]

    def notices(self, ph: PhaseResult) -> dict[str, list[str]]:
        return {to: list(texts) for to, texts in ph.private.items() if self.sees_notice(to)}

    def diagnostics(self, ph: PhaseResult) -> list[Diagnostic]:
        own = {r.ref for r in ph.lines if r.speaker == self.player and (
            not ph.threads or self.sees_line(r, ph.threads.get(r.ref)))}
        return [d for d in ph.diagnostics if self.sees_diagnostic(d, own)]

    def phase(self, ph: PhaseResult) -> PhaseResult:
        """The phase as this view may read it (a filtered copy; the GM's is ``ph``)."""
        if self.kind == "gm":
            return ph
        return PhaseResult(
            id=ph.id, deaths=list(ph.deaths), executed=ph.executed,
            public_post=ph.public_post, private=self.notices(ph), ledger="",
            events=self.events(ph), diagnostics=self.diagnostics(ph), lines=self.lines(ph),
            threads={ref: t for ref, t in ph.threads.items()
                     if self.kind == "player" and t.reads(self.player)},
        )

    def phases(self, game: Any) -> list[PhaseResult]:
        return [self.phase(ph) for ph in game.phases]


_LINE_CAUSE = re.compile(r"^(.+):(\d+)$")


def in_log_order(events: list[Event], lines: Any = None) -> list[Event]:
    """The events caused by a log line put in the order of their lines (G15: a notice
    about a later line never comes before one about an earlier line); the others (role
    notices, the night's results) keep their places.  ``lines``: the phase's records;
    when the phase came as several chats (their ``threads``), the order is the chats'
    merge by time, not the stored file's lines (input.thread.order)."""
    spots = [i for i, e in enumerate(events) if _LINE_CAUSE.match(str(e.cause or ""))]
    if getattr(lines, "threads", None):
        at = _positions(lines, {str(events[i].cause) for i in spots})
        ordered = sorted((events[i] for i in spots), key=lambda e: at.get(str(e.cause), -1))
        out = list(events)
        for i, e in zip(spots, ordered, strict=True):
            out[i] = e
        return out
    files: dict[str, int] = {}
    for i in spots:
        files.setdefault(_LINE_CAUSE.match(str(events[i].cause)).group(1), len(files))  # type: ignore[union-attr]

    def key(e: Event) -> tuple[int, int]:
        m = _LINE_CAUSE.match(str(e.cause))
        assert m is not None
        return files[m.group(1)], int(m.group(2))

    ordered = sorted((events[i] for i in spots), key=key)
    out = list(events)
    for i, e in zip(spots, ordered, strict=True):
        out[i] = e
    return out


def _positions(lines: Any, refs: set[str]) -> dict[str, int]:
    """The place in ``lines`` of each record whose reference is in ``refs`` (the last, as a
    mapping of every record gives).  An event cites a line that is not chatter nearly
    always: the reader's records (``records.PhaseRecords``, its references unique) are
    looked up among the records its general path wrote first, and walked whole only for
    a reference not found there."""
    if not refs:
        return {}
    written = getattr(lines, "written", None)
    if written is not None and getattr(lines, "unique", False):
        at = {r.ref: k for k in written if (r := lines[k]).ref in refs}
        if len(at) == len(refs):
            return at
    return {r.ref: k for k, r in enumerate(lines) if r.ref in refs}


def notice_events(events: Iterable[Event], name: str, lines: Any = None) -> list[Event]:
    """The events addressed to player ``name`` (their private notices), each as the
    player may know it, in log order (``lines``: the phase's records, see
    ``in_log_order``): every variant renders its notices from these."""
    return in_log_order([e.known() for e in events if e.audience == "player" and e.to == name],
                        lines)


def player_names(game: Any, teams: bool = False) -> list[str]:
    """Every name a player view can be asked for: players, and Trap Word's members
    (``teams``: Trap Word's team names too, each before its members)."""
    names = list(getattr(game.state, "players", {}) or [])
    for p in game.cfg.players:
        if p.name not in names:
            names.append(p.name)
    for t in game.cfg.teams:
        for n in ((t.name, *t.members) if teams else t.members):
            if n not in names:
                names.append(n)
    return names


def report_view(game: Any, view: View) -> View:
    """The view a report is drawn for, or a refusal (UsageError).

    A finished game's report is the end-of-game reveal, the same for every reader.  An
    unfinished game's report shows every role and every secret so far: only the GM may
    have it (titled :data:`PROGRESS_TITLE`)."""
    finished = bool(game.variant.finished(game.state))
    if finished:
        return View.gm()
    if view.is_gm:
        return view
    raise UsageError(
        "the game is not finished: its report would show every role, every secret "
        "action and every private notice so far. Share only the posts and notices; "
        "for yourself, `adjudicator report GAME --gm` writes a GM-only progress report "
        f"titled 「{PROGRESS_TITLE}」",
        "ゲームはまだ終わっていません。今のレポートには全員の役職・秘密の行動・個別通知が"
        "載ってしまいます。参加者には投稿と通知だけを渡してください。GMご自身用には "
        f"`adjudicator report GAME --gm` で「{PROGRESS_TITLE}」を作れます")
