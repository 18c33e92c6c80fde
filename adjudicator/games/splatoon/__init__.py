"""Splatoon！！村 / Splatoon village (rules/splatoon.md, rule ids sp.*).

Sixteen squids and the judge (the GM).  No bites, no wolves: the daily vote of
werewolf.md (``ww.vote*``) executes one squid a day, and at night squids coloured at the
start of the night fire their weapons, pushing each other's colour gauges (+3 orange …
−3 purple).  On the morning of day 7 the colour with more points wins.  The package:
``actions`` (commands), ``state`` (state and evolve), ``rules`` (setup checks,
validation, resolution), ``report`` (report section); this module is the Variant.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...models import Event
from ..base import Candidate, PhaseInput, Progress
from ..outputs import PhaseOutputs
from .actions import SplatoonTransformer
from .rules import SplatoonRules
from .state import (
    COLOUR_JA,
    COLOURS,
    WEAPONS,
    SpState,
    colour_of,
    evolve,
    gauge_ja,
    points,
    weapon_ja,
)
from .state import CONFIG_WORDS as _CONFIG_WORDS


class Splatoon(PhaseOutputs, SplatoonRules):
    config_words: ClassVar[dict[str, dict[str, str]]] = _CONFIG_WORDS
    name: ClassVar[str] = "splatoon"
    templates: ClassVar[str] = "splatoon"
    transformer = SplatoonTransformer
    value_ja: ClassVar[dict[str, dict[str, str]]] = {
        "colour": dict(COLOUR_JA),
        "weapon": {"special": "スペシャル", **{w: ja for w, (ja, *_r) in WEAPONS.items()}},
        "special": {w: ja for w, (ja, *_r) in WEAPONS.items()},
        "team_won": dict(COLOUR_JA),
    }

    def progress(self, state: SpState, phase: str, actions: list[Candidate],
                 directives: list[Candidate]) -> list[Progress]:
        from .progress import progress
        return progress(state, phase, actions)

    def evolve(self, state: SpState, ev: Event) -> SpState:
        return evolve(state, ev)

    def report_sections(self, game: Any) -> list[Any]:
        from .report import sections
        return sections(game)

    # ------------------------------------------------------------ output
    def post_context(self, before: SpState, after: SpState, phase: PhaseInput
                     ) -> dict[str, Any]:
        return {**super().post_context(before, after, phase),
                "final": final_reveal(after) if after.finished else None}

    def notice_order(self, events: list[Event], name: str, lines: Any = None) -> list[Event]:
        return gauge_first(super().notice_order(events, name, lines))

    def notice_context(self, after: SpState, name: str) -> dict[str, Any]:
        return {"weapons": WEAPONS}

    def ledger_context(self, before: SpState, after: SpState, phase: PhaseInput
                       ) -> dict[str, Any]:
        return {"weapons": WEAPONS}

    def export(self, state: SpState) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
        players: dict[str, dict[str, Any]] = {}
        for name, p in state.players.items():
            players[name] = {
                "alive": p.alive,
                "role": "イカ",
                "gauge": p.gauge,
                "colour": colour_of(p.gauge),
                "weapon": p.weapon,
                "special": p.special,
                "special_used": p.special_used,
                "revealed": p.revealed,
                "locked": p.locked,
            }
        return players, {"points": points(state), "permanent": dict(state.permanent),
                         "bombs_left": state.bombs_left, "team_won": state.team_won}


def final_reveal(state: SpState) -> dict[str, Any]:
    """The end post's reveal, as derby and genpei reveal 配役: each colour's points split
    into 変動 (living squids' gauges) and 永続 (splashes, executions), and every squid's
    final colour and weapon (an executed squid: the gauge it kept)."""
    total, perm = points(state), dict(state.permanent)
    split = {c: (total[c] - perm.get(c, 0), perm.get(c, 0)) for c in ("orange", "purple")}
    squids: list[tuple[str, str, str]] = []
    for name, p in state.players.items():
        if p.alive:
            colour = colour_of(p.gauge)
            where = (f"{COLOUR_JA[colour]}イカ（カラーゲージ：{gauge_ja(p.gauge)}）" if colour
                     else "無色イカ")
        else:
            where = (f"処刑（{gauge_ja(p.locked)}を保存）" if p.locked
                     else "処刑（無色のため保存なし）")
        squids.append((name, where, weapon_ja(p)))
    return {"split": split, "squids": squids}


def gauge_first(mine: list[Event]) -> list[Event]:
    """A squid's notices with the night's gauge line before 「あなたの攻撃は無効になりました」
    (review 2, SP3): the attack voided is read after what the squid's gauge now is."""
    voided = [e for e in mine if e.kind == "voided"]
    at = next((i for i, e in enumerate(mine) if e.kind == "gauge_notice"), None)
    if not voided or at is None:
        return mine
    rest = [e for e in mine if e.kind != "voided"]
    at = rest.index(mine[at]) + 1
    return rest[:at] + voided + rest[at:]


__all__ = ["COLOURS", "Splatoon", "SplatoonTransformer"]
