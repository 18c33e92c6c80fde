"""game.toml as ``adjudicator new`` writes it (one per variant): the GM edits this file,
so every comment is Japanese and every value the game reads in Japanese is written in
Japanese (「抽選」, 「源氏」, 「オレンジ」, 「男性」); the config loader reads those and the
English values older files hold alike (``config_words``).

Each village's settings with their defaults and what they mean are its Variant's
``toml_options`` (in the game's room); the [options] block of every written game.toml
(and of the bundled samples, which ``new`` copies for the villages whose setup is long)
is made from them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Option:
    """One setting of a village's game.toml, declared once in the game's ``setup.py``
    (its Variant's ``toml_options``): what ``new`` writes (``key = default  # note``) and
    the desk's control for it (``label``, the ``choices`` with their Japanese names, the
    range of a number), so that a new village's settings appear in both with no other
    change.

    ``default`` is the value as game.toml writes it (TOML: ``"抽選"``, ``true``, ``3``);
    ``unset`` is what leaving the key out means, in the GM's words (「抽選」, 「人数から」),
    for a setting whose default is the game's own choice rather than a value (the desk
    preselects it; ``default`` is then an example); ``table`` is the game.toml table the
    key belongs to (``[options]``, or another such as ``[recruit_chance]``)."""

    key: str
    default: str
    note: str
    label: str = ""
    #: (the value as written, its Japanese name) for a setting that takes one of a few
    choices: tuple[tuple[str, str], ...] = ()
    #: the choices made when asked (a deck's monsters), for a list kept elsewhere
    choices_from: Callable[[], tuple[tuple[str, str], ...]] | None = None
    low: int | None = None
    high: int | None = None
    unset: str = ""
    table: str = "options"

    def options(self) -> tuple[tuple[str, str], ...]:
        """The choices: the declared ones, or the ones ``choices_from`` makes."""
        return self.choices_from() if self.choices_from is not None else self.choices

    @property
    def kind(self) -> str:
        """``choice`` (one of a few), ``number``, ``numbers`` (a list of whole numbers),
        ``words`` (a list of words), ``pairs`` (a table of words and their other
        spellings) or ``text``: the control the desk draws."""
        if self.choices or self.choices_from is not None:
            return "choice"
        if re.fullmatch(r"-?[0-9]+", self.default) or self.low is not None:
            return "number"
        if re.fullmatch(r"\[[0-9,\s]*\]", self.default):
            return "numbers"
        if self.default.startswith("["):
            return "words"
        if self.default.startswith("{"):
            return "pairs"
        return "text"


def flag(yes: str, no: str) -> tuple[tuple[str, str], ...]:
    """The choices of a yes-or-no setting, each in the GM's words."""
    return (("true", yes), ("false", no))


#: a werewolf village's tie setting, shared by the villages' ``toml_options``
TIE_OPTION = Option("tie", '"抽選"', "同票のとき：「抽選」＝抽選で1人を処刑（抽選は記録されます）"
                    "／「なし」＝処刑なし", "同票のとき",
                    (('"抽選"', "抽選で1人を処刑"), ('"なし"', "処刑なし")))


#: the base werewolf settings (werewolf.md), shared by the werewolf villages'
#: ``toml_options``
WEREWOLF_OPTIONS = (
    TIE_OPTION,
    Option("no_bite", '"抽選"', "人狼が噛み先を書かなかった夜：「抽選」＝人狼以外の生存者から抽選"
           "／「なし」＝噛みなし", "人狼が噛み先を書かなかった夜",
           (('"抽選"', "人狼以外の生存者から抽選"), ('"なし"', "噛みなし"))),
    Option("hunter_repeat", "true", "狩人が2夜続けて同じ人を護衛できる（true）か、できない（false）",
           "狩人が2夜続けて同じ人を護衛", flag("できる", "できない")),
    Option("first_bite", "true", "1日目の夜に噛みがある（true）か、ない（false）",
           "1日目の夜の噛み", flag("あり", "なし")),
)


def _options(variant: str) -> tuple[Option, ...]:
    """The variant's settings with their defaults and what they mean (its Variant's
    ``toml_options``, kept in the game's room)."""
    from ..games import REGISTRY, get_variant

    return tuple(get_variant(variant).toml_options) if variant in REGISTRY else (TIE_OPTION,)


_HEAD = "# ゲームの設定ファイルです。集計のたびに、すべての項目を確かめます。\n"
#: the words a village's values are written with, for the head's second line


def values_line(variant: str) -> str:
    """The head's note that values are written in Japanese, with this village's words."""
    from ..games import REGISTRY, get_variant

    words = get_variant(variant).toml_words if variant in REGISTRY else "「抽選」"
    return f"# 値は日本語で書きます（{words}など。英語の値も読めます）。\n"
_KEYS = {
    "variant": "村の種類（変えないでください）",
    "seed": "抽選（同票の処刑、噛み先など）はすべてこの数から決まります",
    "gm": "GMとして読むチャットの名前（締め切り・判定などの発言）",
    "scenario": "仮面・アイテム・謎・仕掛け・巨人の条件を書いたシナリオのファイル",
}
_TOP = re.compile(r"^(variant|seed|gm|scenario)\s*=\s*(.*?)\s*(?:#.*)?$")
_SHOWN = re.compile(r"^#\s*(?:[a-z_]+\s*=|行頭の)")  # a default shown, and how to set it
_SETTING = re.compile(r"^([a-z_]+)\s*=\s*(.*?)\s*(?:#.*)?$")
#: the bundled samples' values in the GM's words (a sample written before review 3
#: keeps reading: the loader takes both)
_WORDS = {'"random"': '"抽選"', '"none"': '"なし"', '"immune"': '"無効"',
          '"substitute"': '"身代わり"', '"genji"': '"源氏"', '"heike"': '"平氏"',
          '"emperor"': '"帝"', '"ninja"': '"忍びの里"', '"pirates"': '"海賊団"',
          '"chrono"': '"クロノマター"', '"secret"': '"シークレット"', '"orange"': '"オレンジ"',
          '"purple"': '"ムラサキ"', '"male"': '"男性"', '"female"': '"女性"',
          '"call"': '"コール"', '"auto"': '"自動"', '"sand_golem"': '"砂喰いゴーレム"'}
_VALUE = re.compile(r'^(\s*(?:tie|no_bite|body_double|first_assassin|trap_mode|faction|society'
                    r'|colour|gender|monster)\s*=\s*)("[a-z_]+")(.*)$')


def _width(text: str) -> int:
    """Columns ``text`` takes in a fixed-width editor (a kanji or kana takes two)."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _keyed(key: str, value: str, note: str, active: bool = True) -> str:
    line = f"{'' if active else '# '}{key} = {value}"
    return f"{line}{' ' * max(1, 26 - _width(line))}# {note}" if note else line


def options_block(variant: str, chosen: dict[str, str] | None = None) -> str:
    """The [options] table: each setting the game reads, with what it means; the ones in
    ``chosen`` (key -> value as written) set, the rest shown commented at their default."""
    chosen = chosen or {}
    rows = [o for o in _options(variant) if o.table == "options"]
    if not rows and not chosen:
        return ""
    out = ["[options]"]
    if any(o.key not in chosen for o in rows):
        out.append("# 行頭の「#」を消すと、その設定が使われます（書かなければ右の初期値）。")
    known = {o.key for o in rows}
    for o in rows:
        out.append(_keyed(o.key, chosen.get(o.key, o.default), o.note, o.key in chosen))
    out += [f"{k} = {v}" for k, v in chosen.items() if k not in known]
    return "\n".join(out) + "\n"


def _ja_values(line: str) -> str:
    m = _VALUE.match(line)
    return f"{m.group(1)}{_WORDS.get(m.group(2), m.group(2))}{m.group(3)}" if m else line


def from_sample(variant: str, text: str) -> str:
    """A bundled sample's game.toml as ``new`` writes it: the Japanese head, its own
    top keys, the options block made from the village's ``toml_options`` with the sample's choices set,
    and the rest (players, teams, the recruit question) as the sample has them."""
    top: list[str] = []
    chosen: dict[str, str] = {}
    rest: list[str] = []
    section = ""
    pending: list[str] = []  # comments in [options] just above the next table: its own
    for raw in text.splitlines():
        line = _ja_values(raw)
        if line.startswith("["):
            section = line.split("#")[0].strip()
            rest += pending if section != "[options]" else []
            pending = []
        if section == "":
            m = _TOP.match(line)
            if m:
                top.append(_keyed(m.group(1), m.group(2), _KEYS[m.group(1)]))
            continue
        if section == "[options]":
            m = _SETTING.match(line)
            if m:
                chosen[m.group(1)] = m.group(2)
                pending = []
            elif line.startswith("#") and not _SHOWN.match(line):
                pending.append(line)
            continue
        rest.append(line)
    while rest and not rest[0].strip():
        rest.pop(0)
    block = options_block(variant, chosen)
    return (_HEAD + values_line(variant) + "\n".join(top) + "\n\n" + (block + "\n" if block else "")
            + "\n".join(rest).rstrip("\n") + "\n")


def head(variant: str) -> str:
    """The top of a written game.toml: the Japanese head, variant, seed, gm and the
    [options] block of the village's settings at their defaults."""
    return (_HEAD + values_line(variant) + _keyed("variant", f'"{variant}"', _KEYS["variant"])
            + "\n" + _keyed("seed", "1", _KEYS["seed"]) + "\n"
            + _keyed("gm", '["GM"]', _KEYS["gm"]) + "\n\n" + options_block(variant))


def game_toml(variant: str) -> str:
    """The game.toml ``adjudicator new`` writes for ``variant``: the game's own
    (its Variant's ``skeleton``), else its bundled sample in the GM's words, else the
    head and one player to copy."""
    from ..games import REGISTRY, get_variant

    own = get_variant(variant).skeleton() if variant in REGISTRY else None
    if own is not None:
        return str(own)
    from ..resources import data_dir

    sample = data_dir("samples") / variant / "game.toml"
    if sample.is_file():  # a complete, commented example of that village to edit
        return from_sample(variant, sample.read_text(encoding="utf-8"))
    return (head(variant) + "\n# 参加者を1人ずつ、この村のルールのとおりに書きます。\n"
            '[[players]]\nname = "プレイヤー1"\naliases = []\n')
