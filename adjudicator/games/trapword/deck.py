"""Monster and curse cards as data (tw.deck): a TOML deck built from effect primitives.

The engine knows six effects; a card is a name, a player-facing text and a list of them::

    [[monsters]]
    id = "sand_golem"
    name = "砂のゴーレム"
    text = "砂時計の時間が半分になる"
    effects = [{ kind = "hourglass", factor = 0.5 }]

``hourglass`` (factor), ``answer_limit`` (n, ±), ``trap_words`` (n, ±: traps set against
the team), ``max_hints`` (n), ``max_hint_length`` (n characters), ``ban`` (``chars`` a
string of characters and/or ``scripts`` among hiragana katakana kanji latin digit).
"""

from __future__ import annotations

import re
import tomllib
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ...normalize import nfkc
from ...resources import data_dir

SAMPLE_DECK = "trapword-sample.toml"
SCRIPTS: dict[str, tuple[str, re.Pattern[str]]] = {
    "hiragana": ("ひらがな", re.compile(r"[\u3041-\u309f]")),
    "katakana": ("カタカナ", re.compile(r"[\u30a1-\u30fa\u30fd-\u30ff]")),
    "kanji": ("漢字", re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff々〆]")),
    "latin": ("アルファベット", re.compile(r"[A-Za-z]")),
    "digit": ("数字", re.compile(r"[0-9]")),
}


class Effect(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["hourglass", "answer_limit", "trap_words", "max_hints", "max_hint_length",
                  "ban"]
    factor: float | None = Field(default=None, gt=0)
    n: int | None = None
    chars: str = ""
    scripts: list[Literal["hiragana", "katakana", "kanji", "latin", "digit"]] = []


class Card(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    text: str = ""
    advanced: bool = False  # ＊ cards: drawn only with options.advanced = true
    effects: list[Effect] = []


class Deck(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str
    note: str = ""
    monsters: list[Card] = Field(min_length=1)
    curses: list[Card] = []

    def card(self, card_id: str) -> Card:
        for c in [*self.monsters, *self.curses]:
            if c.id == card_id:
                return c
        raise KeyError(card_id)

    def monster_id(self, named: str) -> str | None:
        """The monster game.toml names, by its id (``sand_golem``) or by its name as the
        card says it (「砂喰いゴーレム」); None when the deck has no such monster."""
        key = str(named).strip()
        for c in self.monsters:
            if key in (c.id, c.name):
                return c.id
        return None


class Rules(BaseModel):
    """The effects in force for one team in one round, summed."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    hourglass_factor: float = 1.0
    answer_delta: int = 0
    trap_delta: int = 0
    max_hints: int | None = None
    max_hint_length: int | None = None
    banned_chars: str = ""
    banned_scripts: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()  # card names


def combine(cards: list[Card]) -> Rules:
    r: dict[str, Any] = {"hourglass_factor": 1.0, "answer_delta": 0, "trap_delta": 0,
                         "max_hints": None, "max_hint_length": None, "banned_chars": "",
                         "banned_scripts": (), "sources": tuple(c.name for c in cards)}
    for card in cards:
        for e in card.effects:
            if e.kind == "hourglass" and e.factor:
                r["hourglass_factor"] *= e.factor
            elif e.kind == "answer_limit":
                r["answer_delta"] += e.n or 0
            elif e.kind == "trap_words":
                r["trap_delta"] += e.n or 0
            elif e.kind == "max_hints" and e.n is not None:
                r["max_hints"] = min(e.n, r["max_hints"] or e.n)
            elif e.kind == "max_hint_length" and e.n is not None:
                r["max_hint_length"] = min(e.n, r["max_hint_length"] or e.n)
            elif e.kind == "ban":
                r["banned_chars"] += e.chars
                r["banned_scripts"] = tuple(dict.fromkeys([*r["banned_scripts"], *e.scripts]))
    return Rules(**r)


def hint_breaks(rules: Rules, hint: str, count: int) -> str | None:
    """Why a hint breaks the card rules in force (Japanese), or None.  ``count`` is the
    hint's number in the turn (1-based)."""
    text = nfkc(hint).strip()
    if rules.max_hints is not None and count > rules.max_hints:
        return f"ヒントは{rules.max_hints}個までです（{'・'.join(rules.sources)}）"
    if rules.max_hint_length is not None and len(text.replace(" ", "")) > rules.max_hint_length:
        return f"ヒントは{rules.max_hint_length}文字までです（{'・'.join(rules.sources)}）"
    for ch in rules.banned_chars:
        if nfkc(ch) in text:
            return f"「{ch}」はヒントに使えません（{'・'.join(rules.sources)}）"
    for script in rules.banned_scripts:
        label, pattern = SCRIPTS[script]
        if pattern.search(text):
            return f"{label}はヒントに使えません（{'・'.join(rules.sources)}）"
    return None


#: the deck's keys in the GM's words (for the place of a problem)
DECK_WORDS: dict[str, str] = {
    "name": "名前", "note": "メモ", "monsters": "モンスター", "curses": "呪い",
    "id": "カードID", "text": "文", "advanced": "上級", "effects": "効果", "kind": "種類",
    "factor": "倍率", "n": "数", "chars": "文字", "scripts": "文字の種類",
}


class DeckError(ValueError):
    """The deck cannot be used; ``problems`` lists every problem (each a
    ``config.problems.Problem``: English with its Japanese, the place inside the deck)."""

    def __init__(self, problems: list[Any]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


def _deck_where(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part + 1}]" if isinstance(part, int) else ("." if out else "") + str(part)
    return out or "(top level)"


def parse_deck(raw: dict[str, Any]) -> Deck:
    """A deck from TOML data; raises :class:`DeckError` naming every problem."""
    from ...config.problems import Problem, validation_problem

    try:
        deck = Deck.model_validate(raw)
    except ValidationError as e:
        raise DeckError([validation_problem(err, _deck_where(tuple(err["loc"])), "trapword",
                                            DECK_WORDS) for err in e.errors()]) from None
    ids = [c.id for c in [*deck.monsters, *deck.curses]]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise DeckError([Problem(f"card ids used twice: {', '.join(dup)}",
                                 "カードIDが2回使われています（"
                                 + "・".join(f"「{i}」" for i in dup) + "）")])
    return deck


def sample_deck() -> Deck:
    """The sample deck shipped with adjudicator (our own cards, not the published ones)."""
    path = data_dir("decks") / SAMPLE_DECK
    return parse_deck(tomllib.loads(path.read_text(encoding="utf-8")))
