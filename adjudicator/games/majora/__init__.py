"""人狼×脱出～ムジュラの仮面村 / Majora's Mask escape village (rules/majora.md, mj.*).

The GM (スタルキッド) plays against every player; the puzzle content (masks, items,
riddles, locks, the giants' condition) is the GM's own scenario file (``scenario``).
Cycles of three days repeat up to four times: the time instrument rewinds to before the
masks are dealt, items are kept; the four giant items used win the game, the morning of
day 4 loses it.  The package: ``scenario`` (the scenario model and its validation),
``actions`` (declarations), ``state`` (state and evolve), ``rules`` (setup checks,
validation, resolution), ``report`` (report section); this module is the Variant.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...models import Event
from ...normalize import name_key
from ..base import Candidate, PhaseInput, Progress
from ..outputs import PhaseOutputs
from .actions import Answer, MajoraTransformer, Use
from .rules import MajoraRules
from .scenario import DAYS, MAX_LOOPS, json_schema
from .state import CONFIG_WORDS as _CONFIG_WORDS
from .state import ROLE_JA, MjState, evolve, held_by


class Majora(PhaseOutputs, MajoraRules):
    config_words: ClassVar[dict[str, dict[str, str]]] = _CONFIG_WORDS
    name: ClassVar[str] = "majora"
    templates: ClassVar[str] = "majora"
    transformer = MajoraTransformer
    value_ja: ClassVar[dict[str, dict[str, str]]] = {
        "team_won": {"moon": "月", "village": "仮面の村人"},
    }

    @staticmethod
    def scenario_schema() -> dict[str, Any]:
        """The JSON Schema of a scenario file (``adjudicator schema --scenario``)."""
        return json_schema()

    def progress(self, state: MjState, phase: str, actions: list[Candidate],
                 directives: list[Candidate]) -> list[Progress]:
        from .progress import progress
        return progress(state, phase, actions)

    def evolve(self, state: MjState, ev: Event) -> MjState:
        return evolve(state, ev)

    def report_sections(self, game: Any) -> list[Any]:
        from .report import sections
        return sections(game)

    # ------------------------------------------------------------ output
    def phase_label(self, game: Any, pid: str) -> str:
        """「2周目・1日目 昼」: days are counted within a loop, as the posts do (a plain
        「4日目」 would mean the moon has fallen)."""
        ids = [p.id for p in getattr(game, "phases", [])]
        states = getattr(game, "states", [])
        if pid not in ids or getattr(game, "initial", None) is None:
            return super().phase_label(game, pid)
        i = ids.index(pid)
        before = states[i - 1] if i > 0 and i - 1 < len(states) else game.initial
        return loop_label(before, pid)

    post_after_end: ClassVar[str | None] = None  # the loop's post is drawn as ever

    def render_context(self, before: MjState, after: MjState, phase: PhaseInput
                       ) -> dict[str, Any]:
        return {"label": loop_label(before, phase.id), "sc": self.scenario, "days": DAYS,
                "max_loops": MAX_LOOPS}

    def post_template(self, pid: str) -> str:
        return f"majora/{'morning' if pid.startswith('night') else 'day'}.txt.j2"

    def post_context(self, before: MjState, after: MjState, phase: PhaseInput
                     ) -> dict[str, Any]:
        # a day log with only the GM's lines (or none) is stored before play: its post is
        # the opening alone (review 3, P1), as Trap Word's 【第1ラウンド開始】
        return {"played": any(r.disposition != "gm" for r in phase.lines)}

    def ledger_context(self, before: MjState, after: MjState, phase: PhaseInput
                       ) -> dict[str, Any]:
        return {"held_by": held_by}

    def check_detail(self, state: MjState, cand: Candidate) -> list[str]:
        """`adjudicator check` (GM only): what an accepted declaration would do."""
        a = cand.action
        if isinstance(a, Answer):
            r = self.scenario.riddle(a.riddle)
            if r is None:
                return []
            if name_key(a.answer) not in {name_key(x) for x in r.answers}:
                return [f"判定：不正解（謎「{r.id}」）"]
            gives = [g for g in r.reward.give if state.items[g].status == "hidden"]
            return [f"判定：正解（謎「{r.id}」）" + (f"、{'・'.join(gives)}が手に入ります"
                                                  if gives else "")]
        if isinstance(a, Use) and a.item == (self.scenario.instrument.name
                                             if self.scenario.instrument else None):
            return [f"時が戻り、{state.loop + 1}周目の1日目になります"
                    f"（残り{state.instrument_uses_left - 1}回）"]
        return []

    def export(self, state: MjState) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
        players = {
            name: {"alive": p.alive, "role": ROLE_JA[p.role], "mask": p.mask,
                   "items": held_by(state, name)}
            for name, p in state.players.items()
        }
        extra = {
            "loop": state.loop, "day": state.day,
            "instrument_uses_left": state.instrument_uses_left,
            "giants_used": list(state.giants_used),
            "team_won": state.team_won,
            "riddles_solved": list(state.solved), "locks_opened": list(state.opened),
            "items": {n: {"holder": s.holder, "status": s.status}
                      for n, s in state.items.items()},
        }
        return players, extra


__all__ = ["Majora", "MajoraTransformer"]


def loop_label(before: MjState, pid: str) -> str:
    """The phase that starts from ``before``, named by loop and day: 「1周目・2日目 夜」."""
    day = min(before.day, DAYS + 1)
    return f"{before.loop}周目・{day}日目 {'夜' if pid.startswith('night') else '昼'}"
