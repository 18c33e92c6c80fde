"""ダービー＆ストック村 / Derby & Stock village (rules/derby-stock.md, rule ids ds.*).

Built on the base werewolf rules (adjudicator.werewolf).  Money, not the team result,
decides the winner: derby bets on tomorrow's execution, stocks of players whose levels
move each morning, and the night-2 Super Chance.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...models import Event
from ...render import cast
from ...vocab import GENDER_WORDS, GENDERS, RANDOM_NONE_WORDS, ROLE_NAMES, STOCK_LEVELS, yen
from ..base import Candidate, PhaseInput, Progress
from ..outputs import PhaseOutputs
from .actions import Bet, Buy, DerbyTransformer, Sell
from .rules import DerbyRules
from .state import MONEY_KINDS, START_CASH, DsState, evolve, level_ja, price

__all__ = ["DerbyStock", "DsState", "MONEY_KINDS", "START_CASH"]


GENDER_TARGET = {"male": "男性", "female": "女性"}


class DerbyStock(PhaseOutputs, DerbyRules):
    config_words: ClassVar[dict[str, dict[str, str]]] = {
        "players.gender": {**{g: g for g in GENDERS}, **GENDER_WORDS},
        "players.role": dict(ROLE_NAMES),
        "options.tie": dict(RANDOM_NONE_WORDS),
        "options.no_bite": dict(RANDOM_NONE_WORDS),
    }
    name: ClassVar[str] = "derby-stock"
    templates: ClassVar[str] = "derby-stock"
    transformer = DerbyTransformer
    extra_logs: ClassVar[dict[str, str]] = {"chat": "day"}
    #: 男 and 男性 name one target, 男性 (a player may be named 男: the kinds tell them apart)
    extra_targets: ClassVar[dict[str, str]] = {w: GENDER_TARGET[g] for w, g in GENDER_WORDS.items()}
    target_kinds: ClassVar[dict[str, str]] = {t: "gender" for t in GENDER_TARGET.values()}
    #: ds.derby.bet: 予想@X takes a player or a gender (both really: see setup_warnings)
    slot_kinds: ClassVar[dict[str, frozenset[str]]] = {"予想": frozenset({"player", "gender"})}

    def progress(self, state: DsState, phase: str, actions: list[Candidate],
                 directives: list[Candidate]) -> list[Progress]:
        from .progress import progress
        return progress(state, phase, actions, bool(self.options["first_bite"]))

    def evolve(self, state: DsState, ev: Event) -> DsState:
        return evolve(state, ev)

    def report_sections(self, game: Any) -> list[Any]:
        from .report import sections
        return sections(game)

    def check_detail(self, state: DsState, cand: Candidate) -> list[str]:
        """What `adjudicator check` adds for a GM answering a player live (the price)."""
        a = cand.action
        cash = state.players[cand.actor].cash
        if isinstance(a, Buy):
            unit = price(state, a.issuer)
            text = f"{a.issuer}の株: {level_ja(state, a.issuer)}株 1株 {yen(unit)}"
            if a.shares:
                text += f"、{a.shares}株で {yen(unit * a.shares)}"
            lines = [text, f"{cand.actor}の所持金: {yen(cash)}"]
            if a.shares is None:  # ds.night.one_action: the inquiry locks the night
                lines.append("株数を送ると購入になります（今夜はほかの売買・ダービーはできません）")
            return lines
        if isinstance(a, Sell):  # ds.night.one_action: a sale is final
            return [f"{cand.actor}の所持金: {yen(cash)}",
                    "売却は取り消せません（今夜はほかの売買・ダービーはできません）"]
        if isinstance(a, Bet):
            return [f"{cand.actor}の所持金: {yen(cash)}"]
        return []

    # ------------------------------------------------------------ output
    def post_context(self, before: DsState, after: DsState, phase: PhaseInput
                     ) -> dict[str, Any]:
        return {**super().post_context(before, after, phase),
                "cast": cast(after) if after.finished else {}}

    def notice_context(self, after: DsState, name: str) -> dict[str, Any]:
        return {"me": after.players[name]}

    def export(self, state: DsState) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
        players: dict[str, dict[str, Any]] = {}
        for name, p in state.players.items():
            players[name] = {
                "alive": p.alive,
                "role": ROLE_JA[p.role],
                "gender": p.gender,
                "cash": p.cash,
                "stock": {"of": p.stock.of, "shares": p.stock.shares} if p.stock else None,
                "stock_level": STOCK_LEVELS[state.levels[name]][1],
                "final_money": p.final_money,
            }
        return players, {"team_won": state.team_won}


ROLE_JA = {rid: ja for ja, rid in ROLE_NAMES.items() if len(ja) > 1 and not ja.isascii()}
