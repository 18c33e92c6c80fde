"""game.toml problems in the GM's words.

The variants' ``config_problems`` write each problem in both languages where it is
found: a :class:`Problem` is the developers' English (``str(p)``, shown with ``--lang
en``) carrying its Japanese (``p.ja``, the CLI's default and the desk) and its kind
(``count`` first: the GM fixes the roster's size first).  The helpers below
(:func:`player_place`, :func:`option_problems`, :func:`not_used`, :func:`count`) keep the
villages' sentences alike.

Validation's own errors are Japanese at the source too: :func:`validation_problem`
builds them from pydantic's structured error (type, place, input, ctx), the place named
in the GM's words (``名簿の3人目（はなこ）の色：「みどり」は使えません（使えるのは
オレンジ・ムラサキ）``); ``config.raw_problems``, the Trap Word deck and the Majora
scenario write theirs as :class:`Problem`.  :func:`problem_ja` is left for the messages
of reading game.toml itself (file not found, not UTF-8, not TOML).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

#: game.toml keys -> the GM's word for them
FIELD_JA: dict[str, str] = {
    "variant": "村", "seed": "シード", "gm": "GMの名前", "options": "オプション",
    "players": "名簿", "teams": "チーム", "scenario": "シナリオ",
    "recruit_chance": "勧誘チャンス", "discord": "Discord", "setup": "配役の人数",
    "seal": "封印", "replacements": "代役", "name": "名前", "aliases": "別名",
    "gender": "性別", "role": "役職", "society": "結社", "leader": "リーダー",
    "colour": "色", "weapon": "ブキ", "special": "スペシャル", "faction": "陣営",
    "members": "メンバー", "first": "先攻", "question": "問題", "answers": "答え",
    "channel": "チャンネル", "salt": "ソルト", "digest": "封印の値", "phase": "フェーズ",
    "old": "元の参加者", "new": "代わりの参加者", "groups": "グループ",
    "threads": "チャットの設定", "chats": "チャットの対応表", "bites": "噛みを送る部屋",
    "gm_channel": "GM用チャンネル", "remind": "締め切り前の催促（分）",
}
_COUNTER = {"players": "人目", "members": "人目", "aliases": "つ目", "gm": "つ目",
            "teams": "つ目", "replacements": "つ目", "answers": "つ目",
            "monsters": "枚目", "curses": "枚目", "effects": "つ目", "masks": "つ目",
            "items": "つ目", "riddles": "つ目", "locks": "つ目", "give": "つ目",
            "days": "つ目", "solved": "つ目", "opened": "つ目"}


class Problem(str):
    """One game.toml problem: the English text (``str``), its Japanese ``ja`` and its
    ``kind`` (``count``: the number of players; ``options``: an option; ``player``: one
    player's keys; ``setup``: the composition)."""

    ja: str
    kind: str

    def __new__(cls, en: str, ja: str, kind: str = "setup") -> Problem:
        self = super().__new__(cls, en)
        self.ja = ja
        self.kind = kind
        return self


def player_place(i: int, name: str, key: str = "") -> tuple[str, str]:
    """(English, Japanese) of a player's key: ``players[3] (はなこ).role`` and
    ``名簿の3人目（はなこ）の役職``."""
    en = f"players[{i}] ({name!s})" + (f".{key}" if key else "")
    return en, place_ja(en)


def count(en: str, ja: str) -> Problem:
    """The roster's size (listed first)."""
    return Problem(f"players: {en}", f"名簿：{ja}", "count")


def setup(en: str, ja: str) -> Problem:
    """The composition (``players: society 'ninja' needs…``)."""
    return Problem(f"players: {en}", f"名簿：{ja}", "setup")


def not_used(i: int, name: str, key: str, variant: str) -> Problem:
    en, ja = player_place(i, name, key)
    return Problem(f"{en}: not used by {variant}",
                   f"{ja}：この村では使いません（消してください）", "player")


def missing(i: int, name: str, key: str, en_hint: str = "", ja_hint: str = "") -> Problem:
    en, ja = player_place(i, name, key)
    return Problem(f"{en}: required key is missing" + (f" ({en_hint})" if en_hint else ""),
                   f"{ja}：書かれていません" + (f"（{ja_hint}）" if ja_hint else ""), "player")


def player(i: int, name: str, key: str, en: str, ja: str) -> Problem:
    """Any other problem of one player's key."""
    where_en, where_ja = player_place(i, name, key)
    return Problem(f"{where_en}: {en}", f"{where_ja}：{ja}", "player")


def toml_value(value: object) -> str:
    """A value as the GM writes it in game.toml (``True`` -> ``true``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def choices_ja(values: tuple[object, ...] | list[object], variant: str, key: str) -> str:
    """The values an option takes, in the game's words where it has them (``tie``'s
    ``random`` / ``none`` are 「抽選・なし」)."""
    return _values_ja([toml_value(v) for v in values], variant, key)


def option_problems(options: Mapping[str, object], known: Mapping[str, tuple[object, ...]],
                    variant: str, free: tuple[str, ...] = ()) -> list[Problem]:
    """The problems of ``[options]`` for a village whose options each take one of
    ``known[key]``; ``free`` lists further keys the village checks itself."""
    out: list[Problem] = []
    names = [*known, *free]
    for key, value in options.items():
        if key in free:
            continue
        if key not in known:
            out.append(Problem(
                f"options.{key}: unknown option; expected one of " + ", ".join(names),
                f"オプションの「{key}」：この村にないオプションです（使えるのは "
                + "・".join(f"「{n}」" for n in names) + "）", "options"))
        elif value not in known[key] or isinstance(value, bool) != any(
                isinstance(v, bool) for v in known[key]):
            out.append(Problem(
                f"options.{key}: got {value!r}; expected one of "
                + ", ".join(repr(v) for v in known[key]),
                f"オプションの「{key}」：「{toml_value(value)}」は使えません（使えるのは "
                + choices_ja(known[key], variant, f"options.{key}") + "）", "options"))
    return out


_STEP = re.compile(r"([a-z_]+)((?:\[\d+\])?)(?: \(((?:[^()]|\([^()]*\))*)\))?")


def place_ja(where: str, words: Mapping[str, str] | None = None) -> str:
    """``players[3] (はなこ).role`` -> ``名簿の3人目（はなこ）の役職`` (``words``: the keys'
    names in another file, a scenario's or a deck's; game.toml's by default)."""
    fields = FIELD_JA if words is None else words
    if where == "(top level)":
        return "game.toml" if words is None else "ファイル全体"
    parts: list[str] = []
    rest = where
    while rest:
        m = _STEP.match(rest)
        if m is None:
            return where
        key, index, name = m.group(1), m.group(2), m.group(3)
        if parts and parts[0] == "オプション" and len(parts) == 1:
            word = f"「{key}」"
        else:
            word = fields.get(key, f"「{key}」")
        if index:
            word += f"の{index[1:-1]}{_COUNTER.get(key, '番目')}"
        if name:
            word += f"（{_visible(name)[1:-1]}）"
        parts.append(word)
        rest = rest[m.end():]
        if rest.startswith("."):
            rest = rest[1:]
        elif rest:
            return where
    return "の".join(parts)


def _quoted(text: str) -> list[str]:
    return re.findall(r"'([^']*)'", text)


def _values_ja(values: list[str], variant: str, key: str) -> str:
    from .words import table

    words = table(variant).get(key, {})
    if key == "variant":
        from ..games import names_ja

        words = {ja: v for v, ja in names_ja().items()}
    shown = []
    for v in values:
        ja = next((w for w, x in words.items() if toml_value(x) == v and not w.isascii()),
                  None)
        shown.append(ja or v)
    return "・".join(dict.fromkeys(shown))


def _message_ja(msg: str, variant: str, key: str) -> str:
    """The part after the place, for the messages of reading the file itself (what
    validation finds is Japanese at the source: :func:`validation_problem`,
    ``config.raw_problems``, the variants' ``config_problems``)."""
    rules: list[tuple[str, Callable[[re.Match[str]], str]]] = [
        (r"^file not found.*$", lambda m: "ファイルがありません（`adjudicator new` で作れます）"),
        (r"^not UTF-8 text.*$", lambda m: "UTF-8 の文字として読めません（UTF-8で保存し直して"
                                          "ください）"),
        (r"^not valid TOML: .*\(at line (\d+), column (\d+)\)\s*$",
         lambda m: f"TOMLとして読めません（{m.group(1)}行目の{m.group(2)}文字目に書き方の"
                   "誤りがあります。引用符やかっこの閉じ忘れがないか見てください）"),
        (r"^not valid TOML: .*\(at end of document\)\s*$",
         lambda m: "TOMLとして読めません（最後まで読んでも閉じていない引用符やかっこが"
                   "あります）"),
        (r"^not valid TOML: (.*)$", lambda m: "TOMLとして読めません（書き方に誤りがあります。"
                                              "引用符やかっこの閉じ忘れがないか見てください）"),
        (r"^cannot read: (.*)$", lambda m: f"読めません（{m.group(1)}）"),
        (r"^'([^']*)' is not implemented yet.*$",
         lambda m: f"「{m.group(1)}」という村はありません"),
    ]
    for pattern, make in rules:
        m = re.match(pattern, msg)
        if m is not None:
            return make(m)
    return _strip_ids(msg)


def _visible(quoted: str) -> str:
    from ..names_shown import shown

    inner = quoted[1:-1] if len(quoted) > 1 and quoted[0] == quoted[-1] == "'" else quoted
    try:
        inner = inner.encode("latin-1", "backslashreplace").decode("unicode_escape")
    except UnicodeDecodeError:
        pass
    return f"「{shown(inner)}」"


def _strip_ids(text: str | None) -> str:
    """Rule ids (``ss.setup``, ``gp.p.castle``) are for developers: taken out."""
    text = re.sub(r"\s*\((?:[a-z]{2}\.[a-z0-9_.]+(?:, )?)+\)", "", text or "")
    return re.sub(r"\s*[,;]?\s*\b[a-z]{2}\.[a-z0-9_.]+\b", "", text).strip()


_HEAD = re.compile(r"^((?:\(top level\)|[a-z_]+(?:\[\d+\])?(?: \((?:[^()]|\([^()]*\))*\))?"
             r"(?:\.[a-z_]+(?:\[\d+\])?(?: \((?:[^()]|\([^()]*\))*\))?)*)): (.*)$", re.S)


def problem_ja(problem: str, variant: str = "") -> str:
    """One problem line of game.toml, in Japanese (a :class:`Problem` carries its own)."""
    if isinstance(problem, Problem):
        return problem.ja
    if not problem.isascii() and not re.search(r"[a-z]{3,}", problem.split(":", 1)[-1]):
        return problem  # written in Japanese already
    m = _HEAD.match(problem)
    if m is None:
        return _message_ja(problem, variant, "")
    where, msg = m.group(1), m.group(2)
    key = re.sub(r"\[\d+\]|\s*\(.*?\)", "", where)
    return f"{place_ja(where)}：{_message_ja(msg, variant, key)}"


def is_count(problem: str) -> bool:
    """The roster's count (checked first: the GM fixes it first)."""
    if isinstance(problem, Problem):
        return problem.kind == "count"
    return re.match(r"^players: \d+ players;", problem) is not None


# ---------------------------------------------------------------- validation errors
#: pydantic's type errors -> the kind of value the GM should write instead
_WANTED = {
    "string_type": "文字列（\"…\"）", "string_sub_type": "文字列（\"…\"）",
    "int_type": "整数", "int_parsing": "整数", "int_from_float": "整数",
    "float_type": "数", "float_parsing": "数", "bool_type": "「true」か「false」",
    "bool_parsing": "「true」か「false」", "list_type": "リスト（[ … ]）",
    "tuple_type": "リスト（[ … ]）", "set_type": "リスト（[ … ]）",
    "dict_type": "表", "model_type": "表", "model_attributes_type": "表",
}
#: the validators' own errors (``PydanticCustomError`` types) in the GM's words
_CUSTOM = {
    "blank_name": "空にはできません",
    "channel_id": "チャンネルIDは数字です（Discordの「IDをコピー」でコピーしてください）",
    "gm_channel_public": "GM用チャンネルには、参加者が読めないチャンネルを指定してください"
                         "（村のチャンネルやグループのチャンネルとは別のもの）",
}


def value_shown(value: object) -> str:
    """A value as the GM wrote it in TOML (``True`` -> ``true``, a list as ``[…]``)."""
    if isinstance(value, bool) or value is None:
        return "" if value is None else toml_value(value)
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(f'"{v}"' if isinstance(v, str) else value_shown(v)
                               for v in value) + "]"
    if isinstance(value, dict):
        return "{ … }"
    return str(value)


def _got(err: Mapping[str, object]) -> str:
    shown = value_shown(err.get("input"))
    return f"「{shown}」は" if shown else ""


def _number(n: object) -> str:
    if isinstance(n, float) and n.is_integer():
        n = int(n)
    return value_shown(n)


def validation_message_ja(err: Mapping[str, object], variant: str = "",
                          key: str = "") -> str:
    """One pydantic error (an item of ``ValidationError.errors()``) in the GM's words,
    after the place: built from its ``type``, ``input`` and ``ctx`` (never from pydantic's
    English ``msg``).  ``key`` is the dotted key without indexes (``players.colour``), for
    the seed's words of the allowed values."""
    kind = str(err.get("type", ""))
    ctx = err.get("ctx")
    ctx = ctx if isinstance(ctx, Mapping) else {}
    got = _got(err)
    if kind == "missing":
        return "書かれていません"
    if kind == "extra_forbidden":
        return "この項目は使えません（綴りを確かめてください）"
    if kind in _CUSTOM:
        return _CUSTOM[kind]
    if kind in _WANTED:
        shown = value_shown(err.get("input"))
        return (f"「{shown}」ではなく" if shown else "") + f"{_WANTED[kind]}で書いてください"
    if kind in ("literal_error", "enum"):
        from .words import table

        if key.startswith("players.") and not table(variant):
            # the village's words are unknown while its variant is (review 3, C2)
            return "村の種類が読めないため、この値を確かめられません"
        allowed = _values_ja(_quoted(str(ctx.get("expected", ""))), variant, key)
        return f"{got or '値は'}使えません" + (f"（使えるのは {allowed}）" if allowed else "")
    bounds = {"greater_than": ("gt", "より大きい数"), "greater_than_equal": ("ge", "以上の数"),
              "less_than": ("lt", "より小さい数"), "less_than_equal": ("le", "以下の数")}
    if kind in bounds:
        name, word = bounds[kind]
        return f"{got or '値は'}使えません（{_number(ctx.get(name))}{word}で書いてください）"
    if kind in ("string_too_short", "too_short"):
        n = ctx.get("min_length", 1)
        if n in (None, 1):
            return "空にはできません" if kind == "string_too_short" else \
                "1つ以上書いてください（空のリストは使えません）"
        unit = "文字" if kind == "string_too_short" else "つ"
        return f"{_number(n)}{unit}以上書いてください"
    if kind in ("string_too_long", "too_long"):
        unit = "文字" if kind == "string_too_long" else "つ"
        return f"長すぎます（{_number(ctx.get('max_length'))}{unit}まで）"
    if kind == "string_pattern_mismatch":
        return f"{got or '値は'}書き方が違います"
    return f"{got or '値は'}使えません"


def validation_problem(err: Mapping[str, object], where: str, variant: str = "",
                       words: Mapping[str, str] | None = None) -> Problem:
    """A pydantic error as a :class:`Problem`: ``where`` is its place in English
    (``players[3] (はなこ).colour``), the English from pydantic's ``msg`` for developers,
    the Japanese from :func:`validation_message_ja`."""
    kind = str(err.get("type", ""))
    msg = str(err.get("msg", ""))
    if kind == "missing":
        msg = "required key is missing"
    elif kind == "extra_forbidden":
        msg = "unknown key"
    elif "input" in err and kind not in ("missing",):
        msg = f"got {err.get('input')!r}; {msg[:1].lower()}{msg[1:]}"
    key = ".".join(str(p) for p in err.get("loc", ()) if isinstance(p, str))  # type: ignore[attr-defined]
    ja = f"{place_ja(where, words)}：{validation_message_ja(err, variant, key)}"
    return Problem(f"{where}: {msg}", ja, "player" if where.startswith("players") else "setup")
