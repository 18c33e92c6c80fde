"""The players' command sheet (``adjudicator guide``): in Japanese, ready to paste at the
start of a game, the commands players type in this game, with its options.

The sheet is built from the grammar, not from a hand-copied list: the commands are the
alternatives of the variant's ``command`` rule (``grammars/<variant>.lark``), and every
spelling a command accepts comes from its terminal.  Each game says in its own
``games/<game>/guide.py`` (found through the registry) what a command is for, who types
it and when, an example and a common mistake; ``entry_for`` fails when the grammar has a
command the game's guide does not describe, so the sheet cannot drift from the grammar.

Where a rule's Japanese text is reused (each command's 「きまり」), it goes through
``rule_text_ja``, the one place to wire to the rulebook.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import import_module
from typing import Any

from .config.load import GameConfig
from .errors import UsageError
from .vocab import VARIANT_JA

#: the Japanese name of each village or game, as a host writes it in a title
TITLES = VARIANT_JA

#: names used in the examples when no game is given (``guide --variant V``)
DEFAULT_NAMES = ("たろう", "はなこ", "じろう", "さくら", "けんた", "みゆき")
DEFAULT_TEAMS = ("赤", "青")


def rule_text_ja(rule_id: str, variant: str, options: Mapping[str, Any], fallback: str) -> str:
    """The precise rule ``rule_id`` in Japanese, as this game's options (its defaults
    filled in) make it: the one place where the sheet reuses a rule's Japanese text (the
    rulebook's text per rule id, ``rules/*.seed.toml``); ``fallback`` where it has none."""
    from .seedquotes import rule_ja

    return rule_ja(rule_id, variant, options) or fallback


@dataclass(frozen=True)
class Example:
    """A line a player types, and the phase of a game it is meant for: ``day`` / ``night``
    (any), or one phase id (``night2``)."""

    line: str
    phase: str
    #: the placeholder names of the example are not in every game (majora's items): where
    #: they are not, the line is refused with this code (an unknown item), never misread
    refused: str = ""


@dataclass(frozen=True)
class Mistake:
    """A common wrong line and what the tool does with it (it is rejected)."""

    line: str
    answer: str  # what the player is told, in words
    phase: str
    code: str  # the rejection's code (tests hold the sheet to what the tool does)


@dataclass(frozen=True)
class Text:
    """What a game's guide writes for one command."""

    title: str  # 「投票」
    form: str  # what to type: 投票@名前
    who: str  # 生存している全員
    when: str  # 昼
    rule: str  # rule id whose Japanese text is 「きまり」
    rule_ja: str  # our sentence for it (the fallback of rule_text_ja)
    examples: tuple[Example, ...]
    mistakes: tuple[Mistake, ...] = ()
    note: str = ""  # one more sentence (a setting of this game)


@dataclass(frozen=True)
class Entry:
    """One command of the sheet: the grammar's words and the game's sentences."""

    command: str  # the grammar rule (vote, bet…)
    words: tuple[str, ...]  # every spelling the grammar accepts, the main one first
    text: Text
    rule_ja: str  # rule_text_ja of text.rule


@dataclass(frozen=True)
class Ctx:
    """What a game's guide may use: names for the examples (sorted by the names
    themselves, never chosen by role nor in roster order: the sheet is public), the
    game's options with its defaults, its setup."""

    variant: str
    names: tuple[str, ...]
    teams: tuple[str, ...]
    options: Mapping[str, Any]
    cfg: GameConfig | None

    def name(self, i: int) -> str:
        return self.names[i % len(self.names)]


#: how a village reads its players' lines (the sheet's 「書き方の決まり」)
COMMON_RULES = (
    "コマンドは1行に1つ、「コマンド@名前」の形で書いてください。＠は全角でも半角でも構いません。",
    "名前には「さん」「くん」「ちゃん」などを付けても、全角・半角が違っても読み取れます。",
    "同じ種類のコマンドを書き直したときは、最後に書いたものが有効です。",
    "GMが「締め切り」と書いた後のコマンドは受け付けられません。",
    "受け付けられなかったコマンドは、理由と一緒にあなたへの通知でお知らせします。",
    "名前が読み取れないときは、近い名前の候補と一緒にお知らせします。",
    "コマンドの言葉を使っただけの会話（「占いCOします」など）はコマンドとして扱いません。",
)
#: a line of chatter that uses a command's word, in each village's own talk (review 3,
#: Gd2: 「占いCOします」 means nothing where there is no 占い)
CHATTER_EXAMPLE = {"derby-stock": "占いCOします", "genpei": "暗殺はやめてね",
                   "secret-society": "勧誘待ってます", "splatoon": "シューター持ってます",
                   "majora": "カギを使いたい", "trapword": "トラップって言わないで"}


def common_rules(ctx: Ctx) -> tuple[str, ...]:
    """:data:`COMMON_RULES` with the village's own example of chatter."""
    said = CHATTER_EXAMPLE.get(ctx.variant, "占いCOします")
    return tuple(r.replace("「占いCOします」", f"「{said}」") for r in COMMON_RULES)


@dataclass(frozen=True)
class GameGuide:
    """What ``games/<game>/guide.py`` provides (its module-level ``GUIDE``)."""

    defaults: Mapping[str, Any]
    texts: Callable[[Ctx], dict[str, Text]]  # grammar rule -> its text
    settings: Callable[[Ctx], list[str]]  # sentences on this game's options
    intro: Callable[[Ctx], list[str]] = lambda ctx: []
    free: Callable[[Ctx], list[Text]] = lambda ctx: []  # lines that are not commands
    rules: Callable[[Ctx], tuple[str, ...]] = common_rules  # how lines are read


@dataclass(frozen=True)
class Guide:
    variant: str
    title: str
    intro: tuple[str, ...]
    entries: tuple[Entry, ...]
    free: tuple[Text, ...]
    settings: tuple[str, ...]
    rules: tuple[str, ...] = field(default=())  # the common reading rules

    def examples(self) -> list[tuple[str, Example]]:
        """(command, example) of every example line, the free lines' included."""
        out = [(e.command, x) for e in self.entries for x in e.text.examples]
        out += [("", x) for t in self.free for x in t.examples]
        return out

    def mistakes(self) -> list[tuple[str, Mistake]]:
        return [(e.command, m) for e in self.entries for m in e.text.mistakes]


# ------------------------------------------------------------------ the grammar
@cache
def _terminal_words(variant: str) -> dict[str, tuple[str, ...]]:
    """Terminal name -> its literal spellings (a string, or an alternation of strings)."""
    from .parser import build_parser

    out: dict[str, tuple[str, ...]] = {}
    for term in build_parser(variant).terminals:
        pat = term.pattern
        if pat.type == "str":
            out[term.name] = (pat.value,)
            continue
        body = pat.value
        if body.startswith("(?:") and body.endswith(")"):
            body = body[3:-1]
        alts = body.split("|")
        if all(re.fullmatch(r"[^\\()\[\]*+?.^$]+", a) for a in alts):
            out[term.name] = tuple(alts)
    return out


@cache
def grammar_commands(variant: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The player commands of a variant's grammar, in the grammar's order: (rule name,
    the spellings of its command word), the word a guide should show first first."""
    from .parser import build_parser

    rules = build_parser(variant).rules
    words = _terminal_words(variant)
    out: list[tuple[str, tuple[str, ...]]] = []
    for r in rules:
        if r.origin.name != "command" or len(r.expansion) != 1:
            continue
        name = r.expansion[0].name
        spell: list[str] = []
        for sub in rules:
            if sub.origin.name == name and sub.expansion and sub.expansion[0].is_term:
                for w in words.get(sub.expansion[0].name, ()):
                    if w not in spell:
                        spell.append(w)
        out.append((name, tuple(spell)))
    return tuple(out)


@cache
def player_words(variant: str) -> tuple[str, ...]:
    """Every command word the grammar accepts on a player's line (reachable from
    ``player_line``), as ``parser.command_words`` lists them: the guide must show each."""
    from .parser import build_parser, command_words

    rules = build_parser(variant).rules
    seen: set[str] = set()
    terms: set[str] = set()
    todo = ["player_line"]
    while todo:
        sym = todo.pop()
        if sym in seen:
            continue
        seen.add(sym)
        for r in rules:
            if r.origin.name == sym:
                for s in r.expansion:
                    (terms.add if s.is_term else todo.append)(s.name)
    words = _terminal_words(variant)
    known = set(command_words(variant))
    return tuple(sorted({w for t in terms for w in words.get(t, ()) if w in known}))


# ------------------------------------------------------------------ building
def game_guide(variant: str) -> GameGuide:
    from .games import REGISTRY

    if variant not in REGISTRY:
        raise UsageError(f"no variant {variant!r} (variants: {', '.join(REGISTRY)})",
                         f"「{variant}」というゲームの種類はありません（{', '.join(REGISTRY)}）")
    module = import_module(f".games.{REGISTRY[variant][0]}.guide", __package__)
    return module.GUIDE  # type: ignore[no-any-return]


def context(variant: str, cfg: GameConfig | None = None) -> Ctx:
    g = game_guide(variant)
    names = tuple(p.name for p in cfg.players) if cfg is not None and cfg.players else ()
    teams = tuple(t.name for t in cfg.teams) if cfg is not None and cfg.teams else ()
    if cfg is not None and cfg.teams and not names:
        names = tuple(m for t in cfg.teams for m in t.members)
    options = {**g.defaults, **(cfg.options if cfg is not None else {})}
    # the sheet is public: the names of its examples are in the order of the names
    # themselves, never the roster's (a roster written from a template lists the roles
    # in a known order, so its first names could tell who the wolves are)
    names = tuple(sorted(names))
    return Ctx(variant=variant, names=names or DEFAULT_NAMES, teams=teams or DEFAULT_TEAMS,
               options=options, cfg=cfg)


def entry_for(variant: str, command: str, words: tuple[str, ...], texts: dict[str, Text],
              ctx: Ctx) -> Entry:
    if command not in texts:
        raise KeyError(f"{variant}: the grammar's command {command!r} has no text in its "
                       "guide (games/<game>/guide.py)")
    t = texts[command]
    main = t.form.split("@", 1)[0].strip()
    ordered = tuple(sorted(words, key=lambda w: (w != main, words.index(w))))
    return Entry(command=command, words=ordered, text=t,
                 rule_ja=rule_text_ja(t.rule, variant, ctx.options, t.rule_ja))


def build_guide(variant: str, cfg: GameConfig | None = None) -> Guide:
    """The sheet of ``variant`` (with ``cfg``'s names and options, or the defaults)."""
    g = game_guide(variant)
    ctx = context(variant, cfg)
    texts = g.texts(ctx)
    entries = tuple(entry_for(variant, name, words, texts, ctx)
                    for name, words in grammar_commands(variant))
    free = tuple(replace(t, rule_ja=rule_text_ja(t.rule, variant, ctx.options, t.rule_ja))
                 for t in g.free(ctx))
    return Guide(variant=variant, title=TITLES[variant], intro=tuple(g.intro(ctx)),
                 entries=entries, free=free, settings=tuple(g.settings(ctx)),
                 rules=tuple(g.rules(ctx)))


# ------------------------------------------------------------------ rendering
def phase_ja(phase: str) -> str:
    """``night2`` -> 「2日目の夜」, ``day`` -> 「昼」 (the example's phase, in words)."""
    m = re.fullmatch(r"(day|night|round)([0-9]*)", phase)
    if m is None:
        return phase
    kind, n = m.groups()
    word = {"day": "昼", "night": "夜", "round": "ラウンド"}[kind]
    if not n:
        return word
    return f"{n}ラウンド目" if kind == "round" else f"{n}日目の{word}"


def _others(words: tuple[str, ...], form: str) -> str:
    """「（「吊り@名前」とも書けます）」 for the other spellings of a command word."""
    main = words[0] if words else ""
    rest = [w for w in words[1:]]
    if not rest:
        return ""
    shown = "、".join(f"「{form.replace(main, w, 1)}」" for w in rest)
    return f"（{shown}とも書けます）"


def render_text(guide: Guide) -> str:
    """The sheet as plain text, ready to paste into the game's chat."""
    out = [f"【{guide.title} コマンド一覧】", ""]
    out += list(guide.intro)
    if guide.intro:
        out.append("")
    out.append("◆ 書き方の決まり")
    out += [f"・{r}" for r in guide.rules]
    for e in guide.entries:
        t = e.text
        out += ["", f"■ {t.title}：{t.when}"]
        out.append(f"　書き方：{t.form}{_others(e.words, t.form)}")
        out.append(f"　誰が：{t.who}")
        out.append(f"　例：{'　'.join(x.line for x in t.examples)}")
        out.append(f"　きまり：{e.rule_ja}")
        if t.note:
            out.append(f"　{t.note}")
        for m in t.mistakes:  # a mistake of timing says when it was written
            at = ("" if m.phase in {x.phase for x in t.examples}
                  else f"（{phase_ja(m.phase)}に書いたとき）")
            out.append(f"　間違いの例：「{m.line}」{at} → {m.answer}")
    for t in guide.free:
        out += ["", f"■ {t.title}：{t.when}", f"　書き方：{t.form}", f"　誰が：{t.who}"]
        if t.examples:
            out.append(f"　例：{'　'.join(x.line for x in t.examples)}")
        out.append(f"　きまり：{t.rule_ja}")
    if guide.settings:
        out += ["", "◆ この村の設定" if guide.variant != "trapword" else "◆ このゲームの設定"]
        out += [f"・{s}" for s in guide.settings]
    return "\n".join(out) + "\n"


def to_json(guide: Guide) -> dict[str, Any]:
    """The sheet as data (``guide --json``): the same words as the text."""
    def text(t: Text) -> dict[str, Any]:
        return {"title": t.title, "form": t.form, "who": t.who, "when": t.when,
                "rule": t.rule, "note": t.note,
                "examples": [{"line": x.line, "phase": x.phase} for x in t.examples],
                "mistakes": [{"line": m.line, "answer": m.answer, "phase": m.phase,
                              "code": m.code}
                             for m in t.mistakes]}

    return {
        "variant": guide.variant, "title": guide.title, "intro": list(guide.intro),
        "rules": list(guide.rules),
        "commands": [{**text(e.text), "command": e.command, "words": list(e.words),
                      "rule_ja": e.rule_ja} for e in guide.entries],
        "free": [{**text(t), "rule_ja": t.rule_ja} for t in guide.free],
        "settings": list(guide.settings),
        "text": render_text(guide),
    }


# ------------------------------------------------------------------ shared werewolf commands
def werewolf_texts(ctx: Ctx, vote_who: str = "生存している全員") -> dict[str, Text]:
    """投票・噛み・占い・護衛 as every village that has them writes them."""
    o = ctx.options
    tie = ("最多得票が同数のときは、同数の人の中から抽選で処刑する人を決めます。"
           if o.get("tie", "random") == "random"
           else "最多得票が同数のときは、誰も処刑されません。")
    no_bite = ("人狼が誰も指定しなかった夜は、人狼以外の生存者から抽選で1人が噛まれます。"
               if o.get("no_bite", "random") == "random"
               else "人狼が誰も指定しなかった夜は、誰も噛まれません。")
    repeat = ("2夜続けて同じ人を護衛することもできます。" if o.get("hunter_repeat", True)
              else "2夜続けて同じ人を護衛することはできません。")
    first = ("" if o.get("first_bite", True) else "1日目の夜は噛みがありません。")
    unknown = Mistake("投票@", "@の後に投票する人の名前を書いてください。", "day", "syntax")
    return {
        "vote": Text(
            title="投票", form="投票@名前", who=vote_who, when="昼",
            rule="ww.vote",
            rule_ja="昼の間に、自分以外の生存者に1人投票します。最後に書いた投票が数えられ、"
                    "最多得票の人が処刑されます。" + tie,
            examples=(Example(f"投票@{ctx.name(1)}", "day"),),
            mistakes=(unknown,)),
        "bite": Text(
            title="噛み", form="噛み@名前", who="人狼", when="夜",
            rule="ww.bite",
            rule_ja="人狼は夜に、人狼以外の生存者を1人噛みます。人狼の誰かが最後に書いた指定が"
                    "有効です。" + no_bite + first,
            examples=(Example(f"噛み@{ctx.name(0)}", "night"),)),
        "divine": Text(
            title="占い", form="占い@名前", who="占い師", when="夜",
            rule="ww.divine",
            rule_ja="占い師は夜に、自分以外の生存者を1人占います。人狼かどうかが翌朝、"
                    "あなたへの通知で届きます。",
            examples=(Example(f"占い@{ctx.name(2)}", "night"),)),
        "guard": Text(
            title="護衛", form="護衛@名前", who="狩人", when="夜",
            rule="ww.role.hunter",
            rule_ja="狩人は夜に、自分以外の生存者を1人護衛します。護衛された人は噛まれても"
                    "死亡しません。" + repeat,
            examples=(Example(f"護衛@{ctx.name(1)}", "night"),)),
    }


def werewolf_settings(ctx: Ctx) -> list[str]:
    """The werewolf options, in words (never their keys)."""
    o = ctx.options
    out = []
    if "tie" in o:
        out.append("投票が同数のとき：" + ("同数の人の中から抽選で処刑します（抽選の結果は記録されます）。"
                                    if o["tie"] == "random" else "誰も処刑しません。"))
    if "no_bite" in o:
        out.append("人狼が噛む人を指定しなかった夜：" + (
            "人狼以外の生存者から抽選で1人が噛まれます。" if o["no_bite"] == "random"
            else "誰も噛まれません。"))
    if "hunter_repeat" in o:
        out.append("狩人の連続護衛：" + ("あり（2夜続けて同じ人を護衛できます）。"
                                  if o["hunter_repeat"] else "なし（2夜続けて同じ人は護衛できません）。"))
    if "first_bite" in o:
        out.append("1日目の夜の噛み：" + ("あり。" if o["first_bite"] else "なし。"))
    return out
