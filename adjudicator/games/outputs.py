"""A phase's three outputs, drawn the same way in every game: the public post, each
player's private notices and the GM ledger, from the templates of ``reports/<templates>/``.

``PhaseOutputs`` is the first base of every game's Variant class and holds the skeleton
once; a game fills its hooks (the variables its templates use beyond the shared ones, the
post's template, its notices' order).  It lives beside ``games/base.py`` rather than in
it: the Variant interface and the emitter are what the rules import, and a rule never
reaches rendering (import-linter's ``forbidden`` contract in pyproject.toml).

Every template gets ``phase`` (the phase id), ``before`` and ``state`` (the states before
and after the phase), ``heard`` (the phase's line records by reference, for a notice to
quote a player's own line) and what ``render_context`` adds; the post gets the public
``events``, a notice its ``ev`` and ``day``, the ledger every event, the ``lines`` that
are not chatter and ``event_ja(e, state)``, the event's sentence
(``adjudicator.sentences``): no template filter is registered by importing a module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from ..models import Event
from ..phases import day_number
from ..render import heard, ledger_lines, public_view, render
from ..sentences import sentence
from ..views import notice_events
from .base import PhaseInput

#: the notices a village gives first, whatever the log order
_RESULTS = frozenset({"divine", "medium"})


class PhaseOutputs:
    """The skeleton of ``Variant.render`` (see the module) and its hooks."""

    name: ClassVar[str]
    #: the game's folder under ``reports/``: its post, ``notice.txt.j2``, ``ledger.txt.j2``
    templates: ClassVar[str]
    #: the post of a phase read after the game ended (None: drawn from the template anyway)
    post_after_end: ClassVar[str | None] = ""
    #: the game's own wording functions its templates and event sentences call by name
    #: (Trap Word's ``tw_detail(x)``): given to every template, and to the sentences of
    #: ``reports/<game>/events.j2`` (``adjudicator.sentences``)
    template_functions: ClassVar[dict[str, Callable[[Any], str]]] = {}

    def render(self, before: Any, after: Any, phase: PhaseInput, events: list[Event]
               ) -> tuple[str, dict[str, list[str]], str]:
        """(public post, private notices per player, GM ledger)."""
        shared = {"phase": phase.id, "before": before, "state": after,
                  "heard": heard(phase.lines), **self.template_functions,
                  **self.render_context(before, after, phase)}
        public = [e for e in events if e.audience == "public"]
        if self.post_after_end is not None and before.finished:
            post = self.post_after_end
        else:
            post = render(self.post_template(phase.id),
                          **{**shared, "events": public,
                             **self.post_context(before, after, phase)})
        private = self.notices(after, phase, events, shared)
        ledger = render(f"{self.templates}/ledger.txt.j2",
                        **{**shared, "events": events, "lines": ledger_lines(phase.lines),
                           "event_ja": self.event_ja,
                           **self.ledger_context(before, after, phase)})
        return post, private, ledger

    def event_ja(self, event: Event, state: Any = None) -> str:
        """``{{ event_ja(e, state) }}`` in a GM ledger: the event's sentence in this game's
        words (``adjudicator.sentences``), its players named from ``state``."""
        return sentence(self.name, event, people=state)

    # --- hooks ---
    def render_context(self, before: Any, after: Any, phase: PhaseInput) -> dict[str, Any]:
        """Variables every template of the game uses (tables, labels); none by default."""
        return {}

    def post_template(self, pid: str) -> str:
        """The public post of phase ``pid``: by default the morning post after a night,
        the vote post after a day."""
        return f"{self.templates}/{'morning' if pid.startswith('night') else 'vote'}.txt.j2"

    def post_context(self, before: Any, after: Any, phase: PhaseInput) -> dict[str, Any]:
        """The post's own variables: by default the werewolf post's ``day`` (the morning
        after night N is day N+1) and ``view`` (who lives, who won)."""
        n = day_number(phase.id)
        return {"day": n + 1 if phase.id.startswith("night") else n, "view": public_view(after)}

    def notice_order(self, events: list[Event], name: str, lines: Any = None) -> list[Event]:
        """The events of player ``name``'s notices, as they may know them, in order: log
        order (``lines``: the phase's records, whose order is the chats' merge when the
        phase came as several, ``views.in_log_order``), a role's result (占い結果, 霊能結果)
        first, the morning's news (review 3, N9)."""
        return sorted(notice_events(events, name, lines), key=lambda e: e.kind not in _RESULTS)

    def notice_context(self, after: Any, name: str) -> dict[str, Any]:
        """Player ``name``'s notices' own variables; none by default."""
        return {}

    def ledger_context(self, before: Any, after: Any, phase: PhaseInput) -> dict[str, Any]:
        """The GM ledger's own variables; none by default."""
        return {}

    def notices(self, after: Any, phase: PhaseInput, events: list[Event],
                shared: dict[str, Any]) -> dict[str, list[str]]:
        """Each player's notices, one text per event (``notice.txt.j2``, which also gets
        ``mine``: all of the player's events, so that one notice may say what two events
        did and the other print nothing: a blank notice is left out)."""
        template = f"{self.templates}/notice.txt.j2"
        day = day_number(phase.id)
        private: dict[str, list[str]] = {}
        for name in after.players:
            mine = self.notice_order(events, name, phase.lines)
            if mine:
                ctx = {**shared, "day": day, "mine": mine, **self.notice_context(after, name)}
                texts = [render(template, ev=e, **ctx).rstrip("\n") for e in mine]
                if kept := [t for t in texts if t.strip()]:
                    private[name] = kept
        return private
