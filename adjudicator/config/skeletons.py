"""game.toml as ``adjudicator new`` writes it (one per variant): the GM edits this file,
so every comment is Japanese and every value the game reads in Japanese is written in
Japanese (「抽選」, 「源氏」, 「オレンジ」, 「男性」); the config loader reads those and the
English values older files hold alike (``config_words``).

``OPTIONS`` holds each variant's settings with their defaults and what they mean, once:
the [options] block of every written game.toml (and of the bundled samples, which
``new`` copies for the villages whose setup is long) is made from it.
"""

from __future__ import annotations

import re

_DERBY_ROLES = ["人狼", "人狼", "人狼", "狂人", "占い師", "霊能者", "狩人", "共有者", "共有者",
                "村人", "村人", "村人", "村人", "村人", "村人", "村人"]

_TIE = ("tie", '"抽選"', "同票のとき：「抽選」＝抽選で1人を処刑（抽選は記録されます）／「なし」＝処刑なし")

#: variant -> [(key, default as written, what it means)]; a default of "" is not set
#: unless the GM writes it (the line stays a comment)
OPTIONS: dict[str, list[tuple[str, str, str]]] = {
    "derby-stock": [
        _TIE,
        ("no_bite", '"抽選"', "人狼が噛み先を書かなかった夜：「抽選」＝人狼以外の生存者から抽選"
         "／「なし」＝噛みなし"),
        ("hunter_repeat", "true", "狩人が2夜続けて同じ人を護衛できる（true）か、できない（false）"),
        ("first_bite", "true", "1日目の夜に噛みがある（true）か、ない（false）"),
        ("chance_pays_dead", "true", "スーパーチャンスを当てた人が死亡していても報酬を渡す（true）"
         "か、生存者だけ（false）"),
    ],
    "genpei": [
        _TIE,
        ("body_double", '"無効"', "影武者が生きている間に大将が狙われたとき：「無効」＝暗殺は失敗"
         "／「身代わり」＝影武者が身代わりに死ぬ"),
        ("first_assassin", '"源氏"', "1日目の夜の暗殺権：「源氏」か「平氏」（書かなければ抽選）"),
        ("castle_target", "28", "城の完成に必要な労力（17人村は28、15人村は25。書かなければ人数から）"),
    ],
    "secret-society": [_TIE],
    "splatoon": [
        _TIE,
        ("initial_gauge", "3", "色のついたイカのカラーゲージの始まり（1〜3）"),
    ],
    "majora": [],
    "trapword": [
        ("tiles", "[3, 4, 5, 6, 7]", "部屋の番号（その部屋のトラップワードの数になります）"),
        ("curses", "2", "呪いカードの枚数"),
        ("monster", '"砂喰いゴーレム"', "モンスターカードを決めておくとき、その名前"
         "（書かなければ抽選）"),
        ("hourglass_seconds", "120", "1ターンの時間（秒）"),
        ("answer_limit", "5", "1ターンに答えられる回数"),
        ("call_window_seconds", "10", "ヒントの後、トラップのコールを受け付ける秒数"),
        ("trap_mode", '"コール"', "「コール」＝コールがあったときだけ発動／「自動」＝確実な一致は"
         "コールなしでも発動"),
        ("answer_by_reading", "true", "ひらがな・カタカナの答えを読みで正解にする（true）か、"
         "しない（false）"),
        ("strict_proper_nouns", "false", "固有名詞のヒントを見つけた時点で不正なヒントにする（true）"
         "か、GMが判断する（false）"),
        ("single_winner", "false", "同時にゴールしたとき、決着ルールで勝者を1チームにする（true）"
         "か、両チームの勝利（false）"),
        ("advanced", "false", "上級のカードも使う（true）か、使わない（false）"),
        ("words", '["りんご", "みかん"]', "秘密のワードの候補（GMが「秘密@」を書かなかったラウンドに"
         "抽選）"),
        ("synonyms", '{ "科学" = ["サイエンス"] }', "同じ答えとして扱う言い換え"),
    ],
}

_HEAD = "# ゲームの設定ファイルです。集計のたびに、すべての項目を確かめます。\n"
#: the words a village's values are written with, for the head's second line
_EXAMPLES = {"derby-stock": "「抽選」「男性」「人狼」", "genpei": "「抽選」「源氏」「大将」",
             "secret-society": "「抽選」「忍びの里」", "splatoon": "「抽選」「オレンジ」「シューター」",
             "majora": "「仮面の村人」「月」", "trapword": "「コール」「自動」"}


def values_line(variant: str) -> str:
    """The head's note that values are written in Japanese, with this village's words."""
    words = _EXAMPLES.get(variant, "「抽選」")
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
    rows = OPTIONS.get(variant, [])
    if not rows and not chosen:
        return ""
    out = ["[options]"]
    if any(k not in chosen for k, _, _ in rows):
        out.append("# 行頭の「#」を消すと、その設定が使われます（書かなければ右の初期値）。")
    known = {k for k, _, _ in rows}
    for key, default, note in rows:
        out.append(_keyed(key, chosen.get(key, default), note, key in chosen))
    out += [f"{k} = {v}" for k, v in chosen.items() if k not in known]
    return "\n".join(out) + "\n"


def _ja_values(line: str) -> str:
    m = _VALUE.match(line)
    return f"{m.group(1)}{_WORDS.get(m.group(2), m.group(2))}{m.group(3)}" if m else line


def from_sample(variant: str, text: str) -> str:
    """A bundled sample's game.toml as ``new`` writes it: the Japanese head, its own
    top keys, the options block made from :data:`OPTIONS` with the sample's choices set,
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


def game_toml(variant: str) -> str:
    """The game.toml ``adjudicator new`` writes for ``variant``."""
    if variant != "derby-stock":
        from ..resources import data_dir

        sample = data_dir("samples") / variant / "game.toml"
        if sample.is_file():  # a complete, commented example of that village to edit
            return from_sample(variant, sample.read_text(encoding="utf-8"))
        return (_HEAD + values_line(variant) + _keyed("variant", f'"{variant}"', _KEYS["variant"]) + "\n"
                + _keyed("seed", "1", _KEYS["seed"]) + "\n"
                + _keyed("gm", '["GM"]', _KEYS["gm"]) + "\n\n" + options_block(variant)
                + "\n# 参加者を1人ずつ、この村のルールのとおりに書きます。\n"
                  '[[players]]\nname = "プレイヤー1"\naliases = []\n')
    body = ["# 参加者は12〜16人。役職：人狼 狂人 占い師 霊能者 狩人 共有者 村人",
            "#（狼 狂 占 霊 狩 共 村 とも書けます）。性別は「男性」か「女性」です。"]
    for i, role in enumerate(_DERBY_ROLES, 1):
        body += ["", "[[players]]", f'name = "プレイヤー{i}"',
                 'aliases = []          # チャットで使われるほかの呼び名',
                 f'gender = "{"男性" if i % 2 else "女性"}"', f'role = "{role}"']
    return (_HEAD + values_line("derby-stock") + _keyed("variant", '"derby-stock"', _KEYS["variant"]) + "\n"
            + _keyed("seed", "1", _KEYS["seed"]) + "\n"
            + _keyed("gm", '["GM"]', _KEYS["gm"]) + "\n\n" + options_block("derby-stock")
            + "\n" + "\n".join(body) + "\n")
