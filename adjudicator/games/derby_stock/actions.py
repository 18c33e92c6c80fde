"""ダービー＆ストック村: the players' actions and the Lark transformer that builds them
(grammar: grammars/derby-stock.lark)."""

from __future__ import annotations

from typing import Any

from ... import actions as A
from ...errors import IllegalActionError
from ...parser import CommandTransformer, Token, v_args
from ...vocab import yen


# ---------------------------------------------------------------- actions
class Bet(A.Action):
    kind: str = "bet"
    target: str  # a player, or 男性 / 女性
    amount: int

    def describe(self) -> str:
        return f"予想@{self.target} {yen(self.amount)}"


class Buy(A.Action):
    kind: str = "buy"
    issuer: str
    shares: int | None = None  # None: a price inquiry (ds.night.inquiry)
    inquired: bool = False  # the share count completing an inquiry: the night is locked

    def describe(self) -> str:
        if self.shares is None:
            return f"購入@{self.issuer}の株（株価の問い合わせ）"
        return f"購入@{self.issuer}の株 {self.shares}株"


class Sell(A.Action):
    kind: str = "sell"
    issuer: str | None = None

    def describe(self) -> str:
        return f"売却@{self.issuer}の株" if self.issuer else "売却@"


class Chance(A.Action):
    kind: str = "chance"
    target: str  # a player or "GM"

    def describe(self) -> str:
        return f"チャンス@{self.target}"


class DerbyTransformer(CommandTransformer):
    @v_args(inline=True)
    def bet(self, _kw: Token, target: str, amount: int) -> A.Action:
        return Bet(target=target, amount=amount)

    def buy(self, children: list[Any]) -> A.Action:
        issuer = children[1]
        ints = [c for c in children[2:] if isinstance(c, int)]
        return Buy(issuer=issuer, shares=ints[0] if ints else None)

    def buy_fraction(self, children: list[Any]) -> A.Action:
        count = next(str(c) for c in children if isinstance(c, Token) and c.type == "FRACTION")
        raise IllegalActionError(
            f"shares come whole, not a fraction: {count!r}",
            f"株数は整数で書いてください（{count}株は買えません）", code="fraction",
            rule="ds.stock.buy")

    def sell(self, children: list[Any]) -> A.Action:
        names = [c for c in children[1:] if isinstance(c, str) and not isinstance(c, Token)]
        return Sell(issuer=names[0] if names else None)

    @v_args(inline=True)
    def chance(self, _kw: Token, target: str) -> A.Action:
        return Chance(target=target)
