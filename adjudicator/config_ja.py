"""game.toml problems in the GM's words.

``load_config`` and the variants' ``config_problems`` write each problem in the
developers' English (``players[3] (はなこ).colour: got 'みどり'; input should be
'orange' or 'purple'``); :func:`problem_ja` says the same in Japanese for the CLI and the
desk (``名簿の3人目（はなこ）の色：「みどり」は使えません（使えるのは オレンジ・ムラサキ）``),
without option values in English or rule ids.  A message no pattern knows keeps its
text, with the place in Japanese and the rule ids taken out.
"""

from __future__ import annotations

import re
from collections.abc import Callable

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
        ja = next((w for w, x in words.items() if x == v and not w.isascii()), None)
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
        (r"^got (.*?); expected one of (.*)$",
         lambda m: f"「{_py(m.group(1))}」は使えません（使えるのは "
                   f"{_values_ja(_quoted(m.group(2)), variant, key)}）"),
        (r"^got (.*?); (.*)$", lambda m: f"「{m.group(1).strip(chr(39))}」は使えません"),
        (r"^not used by ([a-z-]+)$", lambda m: "この村では使いません（消してください）"),
        (r"^unknown option; .*$", lambda m: "この村にないオプションです"),
        (r"^unknown option; majora has no options$", lambda m: "この村にオプションはありません"),
        (r"^(\d+) players; (\S+) takes (.*)$",
         lambda m: f"{m.group(1)}人います。{m.group(2)}の人数は{_takes(m.group(3))}です"),
        (r"^unknown role '([^']*)'; expected(?: one of)? (.*)$",
         lambda m: f"「{m.group(1)}」という役職はありません（使えるのは "
                   f"{'・'.join(m.group(2).replace(' or ', ' ').split())}）"),
        (r"^unknown weapon '([^']*)'; expected one of (.*)$",
         lambda m: f"「{m.group(1)}」というブキはありません（使えるのは "
                   f"{'・'.join(m.group(2).split())}）"),
        (r"^name '([^']*)' is already used by '([^']*)'$",
         lambda m: f"名前「{m.group(1)}」は「{m.group(2)}」と同じです（名前は1人に1つ）"),
        (r"^alias '([^']*)' is the name of '([^']*)'$",
         lambda m: f"別名「{m.group(1)}」は「{m.group(2)}」の名前です"),
        (r"^'([^']*)' is also a player$",
         lambda m: f"「{m.group(1)}」はGMの名前で、参加者の名前にもなっています（別の名前に）"),
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
        (r"^not valid TOML: (.*)$", lambda m: f"TOMLとして読めません（{m.group(1)}）"),
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


def _takes(text: str) -> str:
    text = _strip_ids(text)
    text = re.sub(r"^(\d+) to (\d+)$", r"\1〜\2人", text)
    text = re.sub(r"^(\d+) squids and the judge as GM$", r"イカ\1人（審判がGM）", text)
    text = re.sub(r"^(\d+) 仮面の村人 and (\d+) 月$", r"仮面の村人\1人と月\2人", text)
    text = re.sub(r"^(\d+)$", r"\1人", text)
    return text


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
    """One English problem line of game.toml, in Japanese."""
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
    return re.match(r"^players: \d+ players;", problem) is not None
