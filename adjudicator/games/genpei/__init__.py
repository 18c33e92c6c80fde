"""源平村 / Genpei village (rules/genpei.md, rule ids gp.*).

Seventeen players (or fifteen) and the GM as narrator: 源氏 and 平氏, each with a general,
its body double, a strategist, a priest and farmers, and the emperor as a third faction.
The daily vote of werewolf.md (``ww.vote*``) executes one player a day; each night one
side holds the single assassination right, priests gather faith that shields their side,
castles rise, and the emperor names successors.  The package: ``actions`` (commands),
``state`` (state and evolve), ``rules`` (setup checks, validation, resolution),
``report`` (report section); this module is the Variant.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...models import Event
from ...phases import day_number
from ..base import Candidate, PhaseInput, Progress
from ..outputs import PhaseOutputs
from .actions import Assassinate, GenpeiTransformer, Nominate
from .rules import GenpeiRules
from .state import CONFIG_WORDS as _CONFIG_WORDS
from .state import FACTION_JA, ROLE_JA, TITLE_JA, GpState, evolve

#: team_won values: a side, or sides winning together (gp.win.joint)
TEAM_WON_JA = {
    "genji": "源氏", "heike": "平氏", "emperor": "帝",
    "genji+emperor": "源氏と帝", "heike+emperor": "平氏と帝", "genji+heike": "源氏と平氏",
    "genji+heike+emperor": "源氏と平氏と帝",
}



class Genpei(PhaseOutputs, GenpeiRules):
    config_words: ClassVar[dict[str, dict[str, str]]] = _CONFIG_WORDS
    name: ClassVar[str] = "genpei"
    templates: ClassVar[str] = "genpei"
    transformer = GenpeiTransformer
    value_ja: ClassVar[dict[str, dict[str, str]]] = {
        "faction": dict(FACTION_JA),
        "assassin": {s: FACTION_JA[s] for s in ("genji", "heike")},
        "team_won": dict(TEAM_WON_JA),
    }

    def progress(self, state: GpState, phase: str, actions: list[Candidate],
                 directives: list[Candidate]) -> list[Progress]:
        from .progress import progress
        return progress(state, phase, actions)

    def evolve(self, state: GpState, ev: Event) -> GpState:
        return evolve(state, ev)

    def report_sections(self, game: Any) -> list[Any]:
        from .report import sections
        return sections(game)

    def check_detail(self, state: GpState, cand: Candidate) -> list[str]:
        """What `adjudicator check` adds for a GM answering live (hidden values)."""
        a = cand.action
        if isinstance(a, Assassinate):
            t = state.players[a.target]
            out = [f"今夜の暗殺権：{FACTION_JA.get(state.assassin or '', 'なし')}"]
            if t.faction in ("genji", "heike"):
                out.append(f"{a.target}の陣営（{FACTION_JA[t.faction]}）の信仰："
                           f"{state.faith[t.faction]}（4以上なら守られます）")
                if t.role == "general" and t.faction in state.complete:
                    out.append(f"{FACTION_JA[t.faction]}の城は完成済み（{TITLE_JA[t.faction]}）")
            return out
        if isinstance(a, Nominate):
            s = state.successor
            alive = s is not None and state.players[s].alive
            return [f"これまでの指名：{state.nominations}回／後継者："
                    + (f"{s}（{'生存' if alive else '死亡'}）" if s else "なし")]
        return []

    # ------------------------------------------------------------ output
    def post_context(self, before: GpState, after: GpState, phase: PhaseInput
                     ) -> dict[str, Any]:
        return {**super().post_context(before, after, phase), "F": FACTION_JA,
                "T": TEAM_WON_JA, "cast": _cast(after) if after.finished else {}}

    def notice_context(self, after: GpState, name: str) -> dict[str, Any]:
        return {"F": FACTION_JA, "R": ROLE_JA}

    def ledger_context(self, before: GpState, after: GpState, phase: PhaseInput
                       ) -> dict[str, Any]:
        n = day_number(phase.id)
        return {"label": f"{n}日目 {'夜' if phase.id.startswith('night') else '昼'}",
                "F": FACTION_JA, "R": ROLE_JA, "target": self.target, "T": TEAM_WON_JA}

    def export(self, state: GpState) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
        players: dict[str, dict[str, Any]] = {}
        for name, p in state.players.items():
            players[name] = {"alive": p.alive, "role": ROLE_JA[p.role], "faction": p.faction}
        return players, {
            "faith": dict(state.faith),
            "castle": dict(state.castle),
            "assassin": None if state.finished else state.assassin,
            "castle_target": self.target,
            "castle_complete": {s: s in state.complete for s in ("genji", "heike")},
            "successor": state.successor,
            "nominations": state.nominations,
            "established": state.established,
            "team_won": state.team_won,
        }


def _cast(state: GpState) -> dict[str, str]:
    """配役 for the final post: every player's side and role, in roster order."""
    return {name: "帝" if p.role == "emperor" else f"{FACTION_JA[p.faction]}の{ROLE_JA[p.role]}"
            for name, p in state.players.items()}


__all__ = ["Genpei", "GenpeiTransformer", "TITLE_JA"]
