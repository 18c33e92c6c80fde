"""The players' command sheet of 普通村 (``adjudicator guide``): the base werewolf
commands of ``grammars/plain-werewolf.lark``, in Japanese (adjudicator.guide)."""

from __future__ import annotations

from ...guide import Ctx, GameGuide, werewolf_settings, werewolf_texts
from .rules import DEFAULT_OPTIONS


def intro(ctx: Ctx) -> list[str]:
    return ["人狼が全滅すれば村人陣営の勝ち、人狼が人狼以外と同数以上になれば人狼陣営の勝ちです。"]


GUIDE = GameGuide(defaults=DEFAULT_OPTIONS, texts=werewolf_texts, settings=werewolf_settings,
                  intro=intro)
