"""普通村: the players' actions are the base werewolf commands (投票・噛み・占い・護衛,
``adjudicator.actions``); the transformer builds only those (grammar:
grammars/plain-werewolf.lark)."""

from __future__ import annotations

from ...parser import CommandTransformer


class PlainTransformer(CommandTransformer):
    """The common grammar's werewolf commands, as every village reads them."""
