"""game.toml checks of Trap Word: [[teams]] instead of [[players]], and the options."""

from __future__ import annotations

from typing import Any

from ...config.load import GameConfig
from ...normalize import name_key

CHOICES: dict[str, tuple[Any, ...]] = {
    "advanced": (True, False), "answer_by_reading": (True, False),
    "trap_mode": ("call", "auto"), "strict_proper_nouns": (True, False),
    "single_winner": (True, False),
}
POSITIVE_INTS = ("curses", "hourglass_seconds", "call_window_seconds", "answer_limit")


def problems(cfg: GameConfig, defaults: dict[str, Any]) -> list[str]:
    """Every problem of a trapword game.toml, one line each, naming the key (each a
    ``config.problems.Problem``: English with its Japanese)."""
    from ...config.problems import Problem, option_problems, toml_value

    out: list[Problem] = []

    def add(en: str, ja: str, kind: str = "setup") -> None:
        out.append(Problem(en, ja, kind))

    if cfg.players:
        add("players: trapword has no [[players]]; list members under [[teams]]",
            "名簿：トラップワードに [[players]] はありません（メンバーは [[teams]] の "
            "members に書きます）")
    if len(cfg.teams) != 2:
        add(f"teams: {len(cfg.teams)} [[teams]]; トラップワード needs exactly 2 "
            "(tw.setup.teams)",
            f"チーム：{len(cfg.teams)}チームあります。トラップワードはちょうど2チームで遊びます",
            "count")
    if sum(t.first for t in cfg.teams) > 1:
        add("teams: more than one team has first = true (tw.setup.teams)",
            "チーム：先攻（first = true）のチームが2つ以上あります（先攻は1チームだけ）")
    seen: dict[str, str] = {}
    for i, t in enumerate(cfg.teams, 1):
        for m in t.members:
            key = name_key(m)
            if key in seen:
                add(f"teams[{i}] ({t.name}).members: {m!r} is already in team {seen[key]!r}",
                    f"{i}つ目のチーム（{t.name}）のメンバー：「{m}」はもうチーム"
                    f"「{seen[key]}」にいます")
            seen[key] = t.name
        if len(t.members) < 2:
            add(f"teams[{i}] ({t.name}).members: a team needs a hint-giver and at least one "
                "answerer (2 members or more)",
                f"{i}つ目のチーム（{t.name}）のメンバー：ヒントを出す人と答える人が必要です"
                "（2人以上）")
    names = [t.name for t in cfg.teams]
    if len(set(names)) != len(names):
        add("teams: two teams share a name", "チーム：2つのチームが同じ名前です")
    out += option_problems({k: v for k, v in cfg.options.items() if k in CHOICES
                            or k not in defaults}, CHOICES, "trapword",
                           free=tuple(k for k in defaults if k not in CHOICES))
    for key, value in cfg.options.items():
        if key in POSITIVE_INTS and (not isinstance(value, int) or isinstance(value, bool)
                                     or value < (0 if key == "curses" else 1)):
            least = "0" if key == "curses" else "1"
            add(f"options.{key}: got {value!r}; expected a positive whole number",
                f"オプションの「{key}」：「{toml_value(value)}」は使えません（{least}以上の"
                "整数で書いてください）", "options")
    tiles = cfg.options.get("tiles", defaults["tiles"])
    if not (isinstance(tiles, list) and len(tiles) >= 2
            and all(isinstance(x, int) and x > 0 for x in tiles)):
        add(f"options.tiles: got {tiles!r}; expected a list of room numbers like "
            "[3, 4, 5, 6, 7] (tw.setup.tiles)",
            "オプションの「tiles」：部屋の番号を [3, 4, 5, 6, 7] のように2つ以上並べて"
            "ください", "options")
    words = cfg.options.get("words", [])
    if not (isinstance(words, list) and all(isinstance(w, str) and w.strip() for w in words)):
        add("options.words: expected a list of secret words",
            "オプションの「words」：秘密の言葉を [\"りんご\", \"みかん\"] のように並べて"
            "ください（空の言葉は使えません）", "options")
    syn = cfg.options.get("synonyms", {})
    if not (isinstance(syn, dict) and all(isinstance(v, list) for v in syn.values())):
        add('options.synonyms: expected a table like { "科学" = ["SF"] }',
            'オプションの「synonyms」：{ "科学" = ["SF"] } のような表で書いてください',
            "options")
    deck = cfg.options.get("deck")
    if deck is not None:
        from .deck import DeckError, parse_deck

        try:
            d = parse_deck(deck) if isinstance(deck, dict) else None
            if d is None:
                add("options.deck: expected a table ([options.deck]) with "
                    "[[options.deck.monsters]] and [[options.deck.curses]]",
                    "オプションの「deck」：[options.deck] の表に [[options.deck.monsters]] と "
                    "[[options.deck.curses]] を書いてください", "options")
        except DeckError as e:
            for p in e.problems:
                add(f"options.deck.{p}" if p.startswith(("name", "note", "monsters", "curses"))
                    else f"options.deck: {p}", f"オプションの「deck」の{p.ja}", "options")
    monster = cfg.options.get("monster")
    if monster is not None:
        from .deck import parse_deck, sample_deck

        try:
            d = parse_deck(deck) if isinstance(deck, dict) else sample_deck()
            ids = [c.id for c in d.monsters]
            if not isinstance(monster, str) or d.monster_id(monster) is None:
                add(f"options.monster: {monster!r} is not a monster of the deck; "
                    "expected one of " + ", ".join(ids),
                    f"オプションの「monster」：「{monster}」はデッキのモンスターにいません"
                    "（使えるのは " + "・".join(f"「{c.name}」" for c in d.monsters)
                    + "）", "options")
        except ValueError:
            pass
    return list(out)
