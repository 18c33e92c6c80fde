"""Every event as one Japanese sentence: what happened and why, in the game's words.

Each game keeps one template of event sentences beside its other templates,
``reports/<variant>/events.j2``, with one macro per event kind named ``k_<kind>``;
the kinds every village shares (votes, executions, bites, draws, rejections…) are in
``reports/common/events.j2``.  A game's own macro wins over the shared one.

``sentence(game, event, view)`` renders one event for a reader: the reader's own name
is 「あなた」 in a player's view.  The raw data of the event stays in the JSON (and in
``explain --raw``); nothing here shows an internal id, a Python value or an English
enum: names, amounts (``yen``), gauges (オレンジ2), phases (2日目 夜), monsters, curses,
weapons and societies by their Japanese names.

A kind with no macro is a programming error caught by ``tests/explain/test_sentences.py`` (every
kind a game can emit has its template); at run time it falls back to a neutral sentence
naming who and whom, never the raw data.
"""

from __future__ import annotations

import re
from functools import cache
from types import SimpleNamespace
from typing import Any

from jinja2.runtime import Macro

from .phases import phase_label
from .render import environment, has_template
from .report.sections import value_ja

COMMON = "common/events.j2"
_CARD_NAME = re.compile(r"name='([^']*)'")

#: the werewolf roles by their ids (the shared ``role`` event)
_ROLE_IDS = {"wolf": "人狼", "madman": "狂人", "seer": "占い師", "medium": "霊能者",
             "hunter": "狩人", "mason": "共有者", "villager": "村人"}
HOW_JA = {"executed": "処刑されました", "bitten": "襲撃されました",
          "assassinated": "暗殺されました", "punished": "天罰で死亡しました",
          "bomb": "タイムボムの爆発で死亡しました", "shot": "ピストルで撃たれて死亡しました",
          "backfire": "ピストルの暴発で死亡しました", "scenario": "死亡しました"}


def card(value: Any) -> str:
    """A drawn card by its Japanese name (a card's repr holds ``name='…'``)."""
    text = str(value)
    m = _CARD_NAME.search(text)
    return m.group(1) if m else text


def gauge(n: Any) -> str:
    """A Splatoon gauge in the seed's words: 2 → オレンジ2, -3 → ムラサキ3, 0 → 0（無色）."""
    if not isinstance(n, int):
        return str(n)
    if n > 0:
        return f"オレンジ{n}"
    if n < 0:
        return f"ムラサキ{-n}"
    return "0（無色）"


def _context(variant: str, me: str | None) -> dict[str, Any]:
    from .games import REGISTRY, get_variant

    cls = get_variant(variant) if variant in REGISTRY else None
    words = value_ja(cls)

    def n(name: Any) -> str:
        if name is None or name == "":
            return "（なし）"
        if me is not None and name == me:
            return "あなた"
        if name == "GM":  # the GM is 「GM」, never 「GMさん」
            return "GM"
        return f"{name}さん"

    def ns(names: Any) -> str:
        items = list(names or [])
        return "、".join(n(x) for x in items) if items else "（なし）"

    def v(field: str, value: Any) -> str:
        if value is None:
            return "（なし）"
        return words.get(field, {}).get(str(value), str(value))

    def vs(field: str, values: Any) -> str:
        return "、".join(v(field, x) for x in values or []) or "（なし）"

    def word(value: Any) -> str:
        """A drawn value in the game's words (a faction, a weapon, a card's name)."""
        text = card(value)
        for table in words.values():
            if text in table:
                return table[text]
        return text

    def words_of(values: Any) -> str:
        return "".join(f"「{x}」" for x in values or []) or "（なし）"

    return {"n": n, "ns": ns, "v": v, "vs": vs, "ph": phase_label, "card": card,
            "gauge": gauge, "role_id": lambda r: _ROLE_IDS.get(str(r), str(r)),
            "how": lambda h: HOW_JA.get(str(h), "死亡しました"), "quoted": words_of,
            "me": me, "W": words, "word": word,
            **getattr(cls, "template_functions", {})}  # the game's own (Trap Word's tw_*)


@cache
def _macros(variant: str, me: str | None) -> dict[str, Macro]:
    env = environment()
    out: dict[str, Macro] = {}
    ctx = _context(variant, me)
    names = [COMMON]
    own = f"{variant}/events.j2"
    if has_template(own):
        names.append(own)
    for name in names:
        module = env.get_template(name).make_module(ctx)
        for attr in dir(module):
            if attr.startswith("k_"):
                out[attr[2:]] = getattr(module, attr)
    return out


def kinds(variant: str) -> set[str]:
    """Every event kind that has a sentence for ``variant`` (its own and the shared)."""
    return set(_macros(variant, None))


_CARD_KINDS = ("monster_placed", "curse_placed", "curse_revealed", "curse_discarded")
_names_of: dict[int, tuple[Any, dict[str, str]]] = {}


def card_names(game: Any) -> dict[str, str]:
    """The Japanese names of the game's cards by id (from the events that place them)."""
    if isinstance(game, str):
        return {}
    hit = _names_of.get(id(game))
    if hit is not None and hit[0] is game:
        return hit[1]
    table: dict[str, str] = {}
    for ph in getattr(game, "phases", []):
        for e in ph.events:
            if e.kind in _CARD_KINDS and isinstance(e.target, str) and e.data.get("name"):
                table.setdefault(e.target, str(e.data["name"]))
    if len(_names_of) > 64:
        _names_of.clear()
    _names_of[id(game)] = (game, table)
    return table


def people_of(game: Any) -> frozenset[str]:
    """The players' names (a draw among them counts 人, not 件): of a resolved game, of a
    state (its ``players``), or a given collection of names."""
    if game is None or isinstance(game, str):
        return frozenset()
    if isinstance(game, (set, frozenset, list, tuple)):
        return frozenset(str(x) for x in game)
    if hasattr(game, "cfg"):
        from .views import player_names

        return frozenset(player_names(game))
    return frozenset(getattr(game, "players", None) or ())


def sentence(game: Any, event: Any, view: Any = None, people: Any = None) -> str:
    """``event`` of ``game`` as one Japanese sentence for ``view`` (None: the GM's).

    ``game`` may be a resolved game or a variant name (then ``people``, the players'
    names or a state holding them, says who counts as a person)."""
    variant = game if isinstance(game, str) else game.variant.name
    if view is not None and getattr(view, "kind", "gm") != "gm":
        event = event.known() if hasattr(event, "known") else event  # not the GM: what they may know
    me = view.player if view is not None and getattr(view, "kind", "") == "player" else None
    macro = _macros(variant, me).get(event.kind)
    if macro is None:
        who = "、".join(f"{x}さん" for x in (event.player, event.target) if isinstance(x, str))
        return f"記録された出来事です{f'（{who}）' if who else ''}。"
    e = SimpleNamespace(kind=event.kind, rule=event.rule, cause=event.cause,
                        audience=event.audience, to=event.to, player=event.player,
                        target=event.target, amount=event.amount, data=event.data,
                        names=card_names(game), people=people_of(game if people is None
                                                                 else people))
    text = " ".join(str(macro(e)).split())
    return text.replace("。）", "）").replace("。。", "。").replace("」、「", "」「")
