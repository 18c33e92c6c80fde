"""ムジュラの仮面村: the scenario a GM writes (mj.scenario), its pydantic model and its
validation.

A scenario is a TOML file named by game.toml (``scenario = "scenario.toml"``, relative to
game.toml's folder).  ``load_scenario`` reads it and lists every problem at once, each
with its key path (``items[3] (巨人の盾).start: …``): type errors, unknown names,
duplicate ids, rewards that give nothing or point nowhere, and content the players can
never reach (a giant item no path gives, a lock no key opens).  ``Scenario.model_json_schema``
is what ``adjudicator schema --scenario`` prints.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ...normalize import name_key

#: mj.giants: the four giant items, by the names of the rules
GIANTS: tuple[str, ...] = ("巨人の剣", "巨人の玉", "巨人の鏡", "巨人の盾")
INSTRUMENT_USES = 3  # mj.instrument: three uses in the whole game
MAX_LOOPS = 4  # mj.loop.limit
DAYS = 3  # mj.loop: a cycle is days 1-3

Target = Literal["none", "player", "lock", "item"]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Effect(_Model):
    """What using an item or an ability, solving a riddle or opening a lock does."""

    text: str | None = Field(default=None, description="told privately to the one who did it")
    announce: str | None = Field(default=None, description="posted publicly")
    give: list[str] = Field(default=[], description="items (by name) handed to the one who did it; "
                            "an item already found is not given twice")
    peek: Literal["mask", "items"] | None = Field(
        default=None, description="the user learns the target player's mask or items")
    kill: Literal["target", "user"] | None = Field(
        default=None, description="the target player (or the user) dies; a rewind revives them")

    def empty(self) -> bool:
        return not (self.text or self.announce or self.give or self.peek or self.kill)


class Ability(_Model):
    """A mask's ability, declared with ``能力@`` (or ``能力@対象``) by day."""

    target: Target = "none"
    uses: int = Field(default=1, ge=1, description="uses per cycle by the wearer")
    effect: Effect = Effect()


class Mask(_Model):
    name: str = Field(min_length=1)
    text: str = Field(min_length=1, description="shown only to the wearer")
    ability: Ability | None = None
    instrument: bool = Field(default=False, description="its wearer may play the time instrument")


class Item(_Model):
    name: str = Field(min_length=1)
    kind: Literal["normal", "key", "instrument", "giant"] = "normal"
    text: str = Field(default="", description="what it does; shown when found if public")
    public: bool = Field(default=True, description="false: found without its text (mj.item.unannounced)")
    consumable: bool = False
    start: str = Field(default="hidden", description='"hidden" (a reward gives it), "random" (a '
                       'random player at the start, drawn), "player:<name>" (that player '
                       'of game.toml)')
    target: Target = Field(default="none", description="what a use names after → (key: a lock)")
    effect: Effect = Effect()


class Riddle(_Model):
    id: str = Field(min_length=1, description="what players write after 回答@")
    question: str = ""
    answers: list[str] = Field(description="accepted answers (width, kana and spaces folded)")
    reward: Effect


class Lock(_Model):
    id: str = Field(min_length=1, description="what players write after → (使用@カギ→id)")
    text: str = ""
    key: str | None = Field(default=None, description="the key item that opens it (absent: any key)")
    reward: Effect


class Giants(_Model):
    """When the giant items may be used (mj.giants); every listed condition must hold."""

    days: list[int] = Field(default=[1, 2, 3], description="days of the cycle")
    solved: list[str] = Field(default=[], description="riddles solved in this cycle")
    opened: list[str] = Field(default=[], description="locks opened in this cycle")
    masks: list[str] = Field(default=[], description="the user wears one of these (empty: any)")
    hint: str = ""


class Scenario(_Model):
    """A ムジュラの仮面村 scenario (rules/majora.md, mj.scenario)."""

    title: str = Field(min_length=1)
    intro: str = ""
    masks: list[Mask] = Field(min_length=1)
    items: list[Item] = []
    riddles: list[Riddle] = []
    locks: list[Lock] = []
    giants: Giants = Giants()

    # -- lookups (by folded key: width, kana, spaces) --
    def item(self, text: str) -> Item | None:
        k = name_key(text)
        return next((i for i in self.items if name_key(i.name) == k), None)

    def mask(self, name: str) -> Mask | None:
        return next((m for m in self.masks if m.name == name), None)

    def riddle(self, text: str) -> Riddle | None:
        k = name_key(text)
        return next((r for r in self.riddles if name_key(r.id) == k), None)

    def lock(self, text: str) -> Lock | None:
        k = name_key(text)
        return next((lk for lk in self.locks if name_key(lk.id) == k), None)

    @property
    def instrument(self) -> Item | None:
        return next((i for i in self.items if i.kind == "instrument"), None)


class ScenarioError(Exception):
    """The scenario cannot be used; ``problems`` lists every problem, one line each."""

    def __init__(self, path: str, problems: list[str]) -> None:
        self.path = path
        self.problems = problems
        super().__init__(f"invalid scenario {path!r}: " + "; ".join(problems))


# ---------------------------------------------------------------- key paths
_NAMED = {"masks": "name", "items": "name", "riddles": "id", "locks": "id"}


def _where(raw: Any, loc: tuple[Any, ...]) -> str:
    """``('items', 3, 'start')`` -> ``items[4] (巨人の盾).start`` (1-based, as game.toml)."""
    out = ""
    for i, part in enumerate(loc):
        if isinstance(part, int):
            out += f"[{part + 1}]"
            if i == 1 and loc[0] in _NAMED:
                try:
                    label = raw[loc[0]][part][_NAMED[loc[0]]]
                except (KeyError, IndexError, TypeError):
                    label = None
                if isinstance(label, str) and label.strip():
                    out += f" ({label})"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


#: the scenario's keys in the GM's words (for the place of a problem)
SCENARIO_WORDS: dict[str, str] = {
    "title": "題名", "intro": "前置き", "masks": "仮面", "items": "アイテム", "riddles": "謎",
    "locks": "鍵", "giants": "巨人", "name": "名前", "text": "文", "ability": "能力",
    "instrument": "時の楽器", "kind": "種類", "public": "公開", "consumable": "使い切り",
    "start": "最初の場所", "target": "対象", "effect": "効果", "id": "ID",
    "question": "問題", "answers": "答え", "reward": "報酬", "key": "開けるカギ",
    "uses": "使える回数", "announce": "全体への告知", "give": "渡すアイテム", "peek": "のぞき見",
    "kill": "殺害", "days": "呼べる日", "solved": "解いた謎", "opened": "開けた鍵",
    "hint": "ヒント",
}
_ITEM_KIND_JA = {"normal": "普通のアイテム", "key": "カギ", "instrument": "時の楽器",
            "giant": "巨人のアイテム"}


def _p(where: str, en: str, ja: str) -> str:
    """One problem of the scenario at ``where`` (``items[4] (巨人の盾).start``), in
    English and Japanese (a ``config.problems.Problem``)."""
    from ...config.problems import Problem, place_ja

    return Problem(f"{where}: {en}" if where else en,
                   f"{place_ja(where, SCENARIO_WORDS)}：{ja}" if where else ja)


def _pydantic_problems(raw: dict[str, Any], e: ValidationError) -> list[str]:
    from ...config.problems import validation_problem

    return [validation_problem(err, _where(raw, tuple(err["loc"])), "majora", SCENARIO_WORDS)
            for err in e.errors()]


# ---------------------------------------------------------------- checks
def _effect_problems(sc: Scenario, where: str, eff: Effect, target: Target | None,
                     reward: bool) -> list[str]:
    out: list[str] = []
    if reward and eff.empty():
        out.append(_p(where, "the reward gives nothing (give, text, announce, peek or kill)",
                      "何ももらえません（渡すアイテム・文・全体への告知・のぞき見・殺害の"
                      "どれかを書いてください）"))
    for j, name in enumerate(eff.give, 1):
        it = sc.item(name)
        if it is None:
            out.append(_p(f"{where}.give[{j}]", f"unknown item {name!r}",
                          f"「{name}」というアイテムはありません"))
        elif it.start != "hidden":
            out.append(_p(f"{where}.give[{j}]", f"item {name!r} starts in play "
                          f"(start = {it.start!r}); only a hidden item can be given",
                          f"「{name}」は最初から場にあります（渡せるのは隠れているアイテム"
                          "だけです）"))
    if eff.peek is not None and target != "player":
        out.append(_p(f"{where}.peek", "needs a player target (target = \"player\")",
                      "参加者を対象にする能力にしか使えません（対象を参加者に）"))
    if eff.kill == "target" and target != "player":
        out.append(_p(f"{where}.kill", "\"target\" needs a player target (target = \"player\")",
                      "対象を殺すには、参加者を対象にしてください"))
    return out


def _duplicates(values: list[str], section: str, key: str) -> list[str]:
    out = []
    first: dict[str, int] = {}
    for i, v in enumerate(values, 1):
        k = name_key(v)
        if k in first:
            out.append(_p(f"{section}[{i}] ({v}).{key}", f"duplicate {key} {v!r} "
                          f"(also {section}[{first[k]}])",
                          f"「{v}」は{first[k]}つ目と同じです（1つに1つの名前）"))
        else:
            first[k] = i
    return out


def reachable(sc: Scenario) -> tuple[set[str], set[str]]:
    """(items some path brings into play, locks some reachable key opens): a fixed point
    over starting items, riddle rewards, abilities, item effects and opened locks."""
    have = {i.name for i in sc.items if i.start != "hidden"}
    for r in sc.riddles:
        have |= {g for g in r.reward.give if sc.item(g)}
    for m in sc.masks:
        if m.ability is not None:
            have |= {g for g in m.ability.effect.give if sc.item(g)}
    opened: set[str] = set()
    while True:
        before = (len(have), len(opened))
        for i in sc.items:
            if i.name in have:
                have |= {g.name for n in i.effect.give if (g := sc.item(n))}
        keys = [i for i in sc.items if i.kind == "key" and i.name in have]
        for lk in sc.locks:
            want = sc.item(lk.key) if lk.key else None
            if any(want is None or k.name == want.name for k in keys):
                opened.add(lk.id)
                have |= {g.name for n in lk.reward.give if (g := sc.item(n))}
        if (len(have), len(opened)) == before:
            return {sc.item(n).name for n in have if sc.item(n)}, opened  # type: ignore[union-attr]


def scenario_problems(sc: Scenario) -> list[str]:
    """Every problem of a scenario that validated as a model (mj.scenario)."""
    out: list[str] = []
    out += _duplicates([m.name for m in sc.masks], "masks", "name")
    out += _duplicates([i.name for i in sc.items], "items", "name")
    out += _duplicates([r.id for r in sc.riddles], "riddles", "id")
    out += _duplicates([lk.id for lk in sc.locks], "locks", "id")
    mask_names = {m.name for m in sc.masks}
    for i, m in enumerate(sc.masks, 1):
        if m.ability is not None:
            out += _effect_problems(sc, f"masks[{i}] ({m.name}).ability.effect", m.ability.effect,
                                    m.ability.target, reward=False)
            if m.ability.effect.empty():
                out.append(_p(f"masks[{i}] ({m.name}).ability.effect",
                              "the ability does nothing", "この能力は何もしません"))
    for i, it in enumerate(sc.items, 1):
        where = f"items[{i}] ({it.name})"
        if it.kind == "giant" and it.name not in GIANTS:
            out.append(_p(f"{where}.kind", f"{it.name!r} is not a giant item; the giant "
                          "items are " + "、".join(GIANTS),
                          f"「{it.name}」は巨人のアイテムではありません（巨人のアイテムは "
                          + "・".join(GIANTS) + "）"))
        if it.kind != "giant" and it.name in GIANTS:
            out.append(_p(f"{where}.kind", f"{it.name!r} is a giant item: write kind = "
                          "\"giant\"", f"「{it.name}」は巨人のアイテムです（種類を giant に）"))
        if it.kind == "key" and it.target not in ("none", "lock"):
            out.append(_p(f"{where}.target", "a key is used on a lock (target = \"lock\")",
                          "カギは鍵に使います（対象を lock に）"))
        if it.kind in ("instrument", "giant") and it.target != "none":
            out.append(_p(f"{where}.target", f"the {it.kind} takes no target",
                          f"{_ITEM_KIND_JA[it.kind]}に対象はありません"))
        if it.kind in ("instrument", "giant") and it.consumable:
            out.append(_p(f"{where}.consumable", f"the {it.kind} is never used up that way "
                          "(the instrument has three uses, a giant item breaks)",
                          f"{_ITEM_KIND_JA[it.kind]}は使い切りにできません（時の楽器は3回、"
                          "巨人のアイテムは壊れるまで使えます）"))
        if it.kind in ("normal",):  # an item with no effect is found and held: valid
            out += _effect_problems(sc, f"{where}.effect", it.effect, it.target, reward=False)
        elif not it.effect.empty():
            out.append(_p(f"{where}.effect", f"a {it.kind} item does what the rules say; "
                          "it has no effect of its own",
                          f"{_ITEM_KIND_JA[it.kind]}はルールどおりに働きます（効果は書けません）"))
        if it.start.startswith("player:"):
            if not it.start[7:].strip():
                out.append(_p(f"{where}.start", "\"player:\" needs a player's name",
                              "「player:」の後に参加者の名前を書いてください"))
        elif it.start not in ("hidden", "random"):
            out.append(_p(f"{where}.start", f"got {it.start!r}; expected \"hidden\", "
                          "\"random\", \"player:<name>\"",
                          f"「{it.start}」は使えません（hidden・random・player:名前 の"
                          "どれかで書いてください）"))
    names = {i.name for i in sc.items}
    for g in GIANTS:
        if g not in names:
            out.append(_p("items", f"the giant item {g!r} is missing (mj.giants needs all "
                          "four)", f"巨人のアイテム「{g}」がありません（4つとも必要です）"))
    instruments = [i for i in sc.items if i.kind == "instrument"]
    if len(instruments) > 1:
        out.append(_p("items", "more than one instrument ("
                      + ", ".join(repr(i.name) for i in instruments) + "); the game has one",
                      "時の楽器が2つ以上あります（"
                      + "・".join(f"「{i.name}」" for i in instruments) + "。1つだけです）"))
    players_mask = [m.name for m in sc.masks if m.instrument]
    if instruments and not players_mask:
        out.append(_p("masks", "no mask may play the instrument (instrument = true on one)",
                      "時の楽器を吹ける仮面がありません（どれか1つを instrument = true に）"))
    if players_mask and not instruments:
        out.append(_p("items", "masks may play the instrument, but there is no instrument "
                      "item (kind = \"instrument\")",
                      "時の楽器を吹ける仮面がありますが、時の楽器のアイテムがありません"
                      "（種類を instrument に）"))
    for i, r in enumerate(sc.riddles, 1):
        where = f"riddles[{i}] ({r.id})"
        if not [a for a in r.answers if name_key(a)]:
            out.append(_p(f"{where}.answers", "no accepted answer", "正解が書かれていません"))
        out += _effect_problems(sc, f"{where}.reward", r.reward, None, reward=True)
    for i, lk in enumerate(sc.locks, 1):
        where = f"locks[{i}] ({lk.id})"
        if lk.key is not None:
            key = sc.item(lk.key)
            if key is None:
                out.append(_p(f"{where}.key", f"unknown item {lk.key!r}",
                              f"「{lk.key}」というアイテムはありません"))
            elif key.kind != "key":
                out.append(_p(f"{where}.key", f"{lk.key!r} is not a key (kind = \"key\")",
                              f"「{lk.key}」はカギではありません（種類を key に）"))
        out += _effect_problems(sc, f"{where}.reward", lk.reward, None, reward=True)
    gi = sc.giants
    for j, d in enumerate(gi.days, 1):
        if not 1 <= d <= DAYS:
            out.append(_p(f"giants.days[{j}]", f"got {d}; a cycle has days 1 to {DAYS}",
                          f"「{d}」は使えません（1日目から{DAYS}日目まで）"))
    if not gi.days:
        out.append(_p("giants.days", "no day is allowed: the giants could never be called",
                      "呼べる日がありません（巨人を呼べなくなります）"))
    for j, rid in enumerate(gi.solved, 1):
        if sc.riddle(rid) is None:
            out.append(_p(f"giants.solved[{j}]", f"unknown riddle {rid!r}",
                          f"「{rid}」という謎はありません"))
    for j, mname in enumerate(gi.masks, 1):
        if mname not in mask_names:
            out.append(_p(f"giants.masks[{j}]", f"unknown mask {mname!r}",
                          f"「{mname}」という仮面はありません"))
    have, opened = reachable(sc)
    for j, lid in enumerate(gi.opened, 1):
        found = sc.lock(lid)
        if found is None:
            out.append(_p(f"giants.opened[{j}]", f"unknown lock {lid!r}",
                          f"「{lid}」という鍵はありません"))
        elif found.id not in opened:
            out.append(_p(f"giants.opened[{j}]", f"lock {lid!r} can never be opened (no key "
                          "reaches it), so the giants can never be called",
                          f"鍵「{lid}」はどのカギでも開けられません（巨人を呼べなくなります）"))
    for i, it in enumerate(sc.items, 1):
        if it.start == "hidden" and it.name not in have and sc.item(it.name) is it:
            what = "giant item" if it.kind == "giant" else "item"
            tail = ": the players can never win" if it.kind == "giant" else ""
            out.append(_p(f"items[{i}] ({it.name})", f"no path reaches this {what} (it "
                          f"starts hidden and no reachable reward gives it){tail}",
                          "隠れていて、どの報酬でも手に入りません"
                          + ("（参加者は勝てません）" if it.kind == "giant" else "")))
    for i, lk in enumerate(sc.locks, 1):
        if lk.id not in opened and sc.lock(lk.id) is lk:
            out.append(_p(f"locks[{i}] ({lk.id})", "no key that the players can get opens it",
                          "参加者が手に入れられるカギでは開けられません"))
    return out


def parse_scenario(raw: dict[str, Any]) -> tuple[Scenario | None, list[str]]:
    """(the scenario or None, every problem)."""
    try:
        sc = Scenario.model_validate(raw)
    except ValidationError as e:
        return None, _pydantic_problems(raw, e) + _partial_problems(raw)
    return sc, scenario_problems(sc)


_SECTIONS: dict[str, type[_Model]] = {"masks": Mask, "items": Item, "riddles": Riddle,
                                      "locks": Lock}


def _stand_in(section: str, entry: Any, i: int) -> Any:
    """A valid entry in place of one that does not validate, at the same position (so key
    paths keep their numbers), with the raw entry's name and what of it validates."""
    d: dict[str, Any] = entry if isinstance(entry, dict) else {}
    given = d.get(_NAMED[section])
    label: str = given if isinstance(given, str) and given.strip() else f"\ue000{i}"

    def part(model: type[_Model], value: Any, default: Any) -> Any:
        try:
            return model.model_validate(value)
        except ValidationError:
            return default

    if section == "masks":
        return Mask(name=label, text="-", instrument=d.get("instrument") is True)
    if section == "items":
        kind = d.get("kind")
        start = d.get("start")
        return Item(name=label, kind=kind if kind in ("key", "instrument", "giant") else "normal",
                    start=start if isinstance(start, str) else "hidden",
                    effect=part(Effect, d.get("effect", {}), Effect()))
    reward = part(Effect, d.get("reward", {}), Effect())
    if section == "riddles":
        return Riddle(id=label, answers=["-"], reward=reward)
    return Lock(id=label, reward=reward, key=d.get("key") if isinstance(d.get("key"), str)
                else None)


def _partial_problems(raw: dict[str, Any]) -> list[str]:
    """The problems of names, ids, rewards and reachability that can be told even while
    some entries do not validate: those entries stand in by their names (their own
    problems come with the type errors), the rest is checked as usual."""
    if not isinstance(raw, dict):
        return []
    bad: list[str] = []
    data: dict[str, Any] = {"title": "-", "masks": [], "items": [], "riddles": [],
                            "locks": []}
    for section, model in _SECTIONS.items():
        entries = raw.get(section, [])
        if not isinstance(entries, list):
            return []
        for i, entry in enumerate(entries):
            try:
                data[section].append(model.model_validate(entry))
            except ValidationError:
                data[section].append(_stand_in(section, entry, i))
                bad.append(f"{section}[{i + 1}]")
    try:
        data["giants"] = Giants.model_validate(raw.get("giants", {}))
    except ValidationError:
        return []
    if not data["masks"]:
        data["masks"] = [Mask(name="\ue000", text="-")]
    sc = Scenario.model_construct(**data)
    # what a stand-in may falsely cause is left for the second pass: its own entry,
    # the section-wide counts (giants, instrument) and reachability
    unsure = ("no path reaches", "can never be opened", "no key that the players")
    return [p for p in scenario_problems(sc)
            if "\ue000" not in p and not (bad and (
                p.startswith((*bad, "items:", "masks:")) or any(u in p for u in unsure)))]


def read_scenario(path: Path) -> tuple[Scenario | None, list[str]]:
    """Read and validate a scenario file: (scenario or None, every problem)."""
    from ...fsio import NotRegularFile, TooLarge, read_capped

    try:
        text = read_capped(path, 5_000_000).decode("utf-8-sig")
    except FileNotFoundError:
        return None, [_p("", "file not found", "ファイルがありません")]
    except IsADirectoryError:
        return None, [_p("", "is a folder, not a scenario file",
                         "フォルダです（シナリオのファイルを指定してください）")]
    except NotRegularFile:
        return None, [_p("", "not a regular file", "普通のファイルではありません（パイプ・装置など）")]
    except TooLarge:
        return None, [_p("", "too large", "大きすぎます（5 MBまで）")]
    except UnicodeDecodeError as e:
        return None, [_p("", f"not UTF-8 text ({e.reason} at byte {e.start})",
                         "UTF-8 の文字として読めません（UTF-8で保存し直してください）")]
    except OSError as e:
        return None, [_p("", f"cannot read: {e.strerror}", "読めません")]
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        return None, [_p("", f"not valid TOML: {e}",
                         "TOMLとして読めません" + "".join(
                             f"（{n}行目）" for n in re.findall(r"line (\d+)", str(e))[:1]))]
    return parse_scenario(raw)


def load_scenario(path: Path) -> Scenario:
    """The scenario at ``path``; ScenarioError listing every problem."""
    sc, problems = read_scenario(path)
    if problems or sc is None:
        raise ScenarioError(str(path), problems)
    return sc


def json_schema() -> dict[str, Any]:
    schema = Scenario.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "ムジュラの仮面村 scenario (game.toml: scenario = \"scenario.toml\")"
    return schema
