"""game.toml problems in the GM's words.

The variants' ``config_problems`` write each problem in both languages where it is
found: a :class:`Problem` is the developers' English (``str(p)``, shown with ``--lang
en``) carrying its Japanese (``p.ja``, the CLI's default and the desk) and its kind
(``count`` first: the GM fixes the roster's size first).  The helpers below
(:func:`player_place`, :func:`option_problems`, :func:`not_used`, :func:`count`) keep the
villages' sentences alike.

Validation's own messages (pydantic's, ``raw_problems``' invisible characters) are
English only;
:func:`problem_ja` says them in Japanese for the CLI and the desk
(``名簿の3人目（はなこ）の色：「みどり」は使えません（使えるのは オレンジ・ムラサキ）``),
without option values in English or rule ids.  A message no pattern knows keeps its
text, with the place in Japanese and the rule ids taken out.
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
    "old": "元の参加者", "new": "代わりの参加者",
}
#: the villages by their Japanese names (for 「村：…は使えません」)
VARIANT_JA: dict[str, str] = {
    "derby-stock": "ダービー＆ストック村", "secret-society": "秘密結社村",
    "splatoon": "Splatoon！！村", "genpei": "源平村", "majora": "ムジュラの仮面村",
    "trapword": "トラップワード",
}
_COUNTER = {"players": "人目", "members": "人目", "aliases": "つ目", "gm": "つ目",
            "teams": "つ目", "replacements": "つ目", "answers": "つ目"}


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
    ``random`` / ``none`` are 「ランダム・なし」)."""
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


def place_ja(where: str) -> str:
    """``players[3] (はなこ).role`` -> ``名簿の3人目（はなこ）の役職``."""
    if where == "(top level)":
        return "game.toml"
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
            word = FIELD_JA.get(key, f"「{key}」")
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
    from .config_words import table

    words = table(variant).get(key, {})
    if key == "variant":
        words = {ja: v for v, ja in VARIANT_JA.items()}
    shown = []
    for v in values:
        ja = next((w for w, x in words.items() if toml_value(x) == v and not w.isascii()),
                  None)
        shown.append(ja or v)
    return "・".join(dict.fromkeys(shown))


_TYPES = {"integer": "整数", "boolean": "true か false", "string": "文字列（\"…\"）",
          "list": "リスト（[ … ]）", "dictionary": "表", "object": "表"}


def _message_ja(msg: str, variant: str, key: str) -> str:
    """The part after the place."""
    rules: list[tuple[str, Callable[[re.Match[str]], str]]] = [
        (r"^required key is missing(?: \((.*)\))?$",
         lambda m: "書かれていません" + (f"（{_strip_ids(m.group(1))}）" if m.group(1)
                                      and _strip_ids(m.group(1)) else "")),
        (r"^unknown key$", lambda m: "この項目は使えません（綴りを確かめてください）"),
        (r"^got (.*?); input should be ((?:'[^']*'(?:, | or )?)+)$",
         lambda m: f"「{m.group(1).strip(chr(39))}」は使えません（使えるのは "
                   f"{_values_ja(_quoted(m.group(2)), variant, key)}）"),
        (r"^got (.*?); input should be a valid (\w+)",
         lambda m: f"「{_py(m.group(1))}」ではなく{_TYPES.get(m.group(2), m.group(2))}"
                   "で書いてください"),
        (r"^got (.*?); (.*)$", lambda m: f"「{m.group(1).strip(chr(39))}」は使えません"),
        (r"^'([^']*)' is the GM name '([^']*)': .*$",
         lambda m: f"「{m.group(1)}」はGMの名前「{m.group(2)}」と同じです"
                   "（GMの発言がこの参加者の発言として読まれます）"),
        (r"^(.*) holds an invisible or direction-changing character \((U\+[0-9A-F]+)\);.*$",
         lambda m: f"{_visible(m.group(1))} に見えない文字（{m.group(2)}）が入っています。"
                   "消してください"),
        (r"^an alias cannot be empty$", lambda m: "空の別名があります"),
        (r"^a GM name cannot be blank$", lambda m: "空の名前があります"),
        (r"^a name cannot be blank$", lambda m: "空にはできません"),
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


def _py(text: str) -> str:
    """A value as the GM wrote it in TOML (``True`` -> ``true``)."""
    return {"True": "true", "False": "false", "None": ""}.get(text, text.strip("'"))


def _visible(quoted: str) -> str:
    from .names_shown import shown

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
