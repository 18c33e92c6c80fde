"""The trap-word judge: a table of hint/trap pairs with the expected grade.

The judge compares morphemes (Sudachi A/B/C splits), not letters (issue 10).  The whole
table must be ≥ 95% right on springs-or-not (definite/likely spring, possible/none do
not) and ≥ 90% right on the exact grade; the pairs it still gets wrong are printed.
"""

from __future__ import annotations

import pytest

from adjudicator.games.trapword import judge as J

JUDGE = J.Judge({"科学": ["SF"], "犬": ["ワンちゃん", "ドッグ"]})

# (trap word, hint, expected grade, what it covers)
TABLE = [
    ("バスケットボール", "バスケットボールをする", "definite", "exact"),
    ("バスケットボール", "バスケットに入れる", "definite", "part"),
    ("バスケットボール", "ボールを投げる", "definite", "part"),
    ("富士山", "富士の樹海", "definite", "mode-A part"),
    ("ボールペン", "ペンで書く", "definite", "part"),
    ("リンゴ", "りんごの木", "definite", "kana folding"),
    ("りんご", "リンゴジュース", "definite", "kana folding"),
    ("ＳＦ", "SF小説", "definite", "width folding"),
    ("サーバー", "サーバに置く", "definite", "normalized form"),
    ("走る", "走った", "definite", "inflection"),
    ("猫", "ねこが好き", "definite", "kana spelling"),
    ("林檎", "りんごを買う", "definite", "kana spelling"),
    ("シミュレーション", "シュミレーションする", "definite", "variant spelling"),
    ("時間", "時間がない", "definite", "exact"),
    ("速い", "速かった", "definite", "inflection"),
    ("科学", "サイエンスの本", "likely", "synonym group"),
    ("科学", "SF映画", "likely", "synonyms table"),
    ("スマートフォン", "スマホを見る", "likely", "synonym group"),
    ("医者", "ドクターに診てもらう", "likely", "synonym group"),
    ("医師", "お医者さん", "likely", "synonym group"),
    ("学校", "スクールに通う", "likely", "synonym group"),
    ("犬", "ワンちゃん", "likely", "synonyms table"),
    ("犬", "ドッグフード", "likely", "synonyms table"),
    ("バスケットボール", "バスケ部", "likely", "clipped form: a paraphrase"),
    ("箸", "はしで食べる", "possible", "kana reading"),
    ("橋", "はしを渡る", "possible", "kana reading"),
    ("科学", "かがくの授業", "possible", "kana reading"),
    ("富士山", "山に登る", "possible", "single-kanji part"),
    ("時間", "時計を見る", "possible", "single-kanji part"),
    ("学校", "学生が通う", "possible", "single-kanji part"),
    ("箸", "橋を渡る", "none", "kanji homonym"),
    ("橋", "箸で食べる", "none", "kanji homonym"),
    ("科学", "化学の実験", "none", "kanji homonym"),
    ("りんご", "赤い果物", "none", "unrelated"),
    ("ケーキ", "誕生日に食べる", "none", "unrelated"),
    ("海", "しょっぱい水", "none", "unrelated"),
    ("はし", "はしるのが速い", "none", "kana word inside another"),
    ("犬", "猫の仲間", "none", "unrelated"),
    ("雪", "冷たくてふわふわ", "none", "unrelated"),
    ("ロケット", "発射台から空へ", "none", "unrelated"),
    ("宇宙", "うちゅうのはて", "definite", "kana spelling"),
    ("ボール", "ボールペンを買う", "definite", "contains"),
]

# issue 10: letters are not words; compounds; honorifics; numbers
WORDS = [
    ("バス", "バスケットをする", "possible", "letters only"),
    ("サイ", "サイダーを飲む", "possible", "letters only"),
    ("カメ", "カメラで撮る", "possible", "letters only"),
    ("イカ", "スイカを食べる", "possible", "letters only"),
    ("パン", "パンダを見に行く", "possible", "letters only"),
    ("タコ", "タコスを食べる", "possible", "letters only"),
    ("ハム", "ハムスターを飼う", "possible", "letters only"),
    ("アリ", "アリバイがある", "possible", "letters only"),
    ("トラ", "トランプで遊ぶ", "possible", "letters only"),
    ("サル", "サルサを踊る", "possible", "letters only"),
    ("ラン", "ランドセルを背負う", "possible", "letters only"),
    ("石", "石油を掘る", "possible", "single kanji inside a word"),
    ("金", "金魚すくい", "possible", "single kanji inside a word"),
    ("バスケット", "バスに乗る", "possible", "letters of the trap word"),
    ("映画", "映画館に行く", "definite", "compound"),
    ("野球", "野球場で応援する", "definite", "compound"),
    ("電話", "携帯電話を持つ", "definite", "compound"),
    ("図書", "図書館で借りる", "definite", "compound"),
    ("動物", "動物園で見る", "definite", "compound"),
    ("雪", "雪だるまを作る", "definite", "compound"),
    ("時計", "腕時計をつける", "definite", "compound"),
    ("大学", "大学生になる", "definite", "compound"),
    ("消防", "消防車が来る", "definite", "compound"),
    ("車", "自動車に乗る", "definite", "compound"),
    ("お茶", "茶を飲む", "likely", "honorific prefix dropped"),
    ("茶", "お茶を飲む", "definite", "honorific prefix added"),
    ("ご飯", "飯を食う", "likely", "honorific prefix dropped"),
    ("飯", "ご飯を炊く", "likely", "honorific prefix added"),
    ("お水", "水を飲む", "likely", "honorific prefix dropped"),
    ("水", "お水をください", "definite", "honorific prefix added"),
    ("お花", "花を飾る", "likely", "honorific prefix dropped"),
    ("お父さん", "父の日", "likely", "prefix and suffix dropped"),
    ("お金", "金を払う", "likely", "honorific prefix dropped"),
    ("酒", "お酒を飲む", "definite", "honorific prefix added"),
    ("弁当", "お弁当を持っていく", "definite", "honorific prefix added"),
    ("神様", "神に祈る", "likely", "honorific suffix dropped"),
    ("三", "3つある", "likely", "number"),
    ("三", "３", "likely", "number"),
    ("三", "みっつ", "likely", "number"),
    ("3", "三人いる", "likely", "number"),
    ("五", "5本の指", "likely", "number"),
    ("二", "ふたつ", "likely", "number"),
    ("百", "100点満点", "likely", "number"),
    ("七", "７色", "likely", "number"),
    ("一", "1位になる", "likely", "number"),
    ("三", "三角形", "definite", "compound"),
    ("3", "30人", "possible", "letters of another number"),
    ("八", "八百屋さん", "possible", "single kanji inside a word"),
    ("二本", "二つで一組", "possible", "another count: single-kanji part only"),
    ("チーズ", "チーズケーキを焼く", "definite", "loanword compound kept whole"),
    ("ケーキ", "チーズケーキを焼く", "definite", "loanword compound kept whole"),
    ("カメラ", "カメラマンになる", "definite", "loanword compound, short half"),
    ("3つ", "みっつある", "likely", "number with the same counter"),
]
TABLE += WORDS


def test_table_has_every_case() -> None:
    assert len(TABLE) >= 82 and len(WORDS) >= 40
    assert {g for _t, _h, g, _c in TABLE} == set(J.GRADES)


def _springs(grade: str) -> bool:
    return grade in ("definite", "likely")


def test_accuracy(loaded: None) -> None:
    got = [(t, h, g, JUDGE.grade(h, t).grade) for t, h, g, _c in TABLE]
    wrong = [x for x in got if x[2] != x[3]]
    wrong_springs = [x for x in got if _springs(x[2]) != _springs(x[3])]
    springs = 1 - len(wrong_springs) / len(TABLE)
    exact = 1 - len(wrong) / len(TABLE)
    print(f"judge: springs-or-not {springs:.1%}, grade {exact:.1%}; misses: {wrong}")
    assert springs >= 0.95, wrong_springs
    assert exact >= 0.9, wrong


@pytest.mark.parametrize(("word", "hint"), [
    ("バス", "バスケットをする"), ("サイ", "サイダーを飲む"), ("イカ", "スイカを食べる"),
    ("3", "30人"), ("バスケット", "バスに乗る"),
])
def test_letters_never_spring(loaded: None, word: str, hint: str) -> None:
    """Letters inside another word are at most `possible`, also with trap_mode auto."""
    v = JUDGE.grade(hint, word)
    assert v.grade == "possible" and v.code == "letters" and not v.springs


@pytest.mark.parametrize(("word", "hint", "whole"), [
    ("映画", "映画館に行く", "映画館"), ("時計", "腕時計をつける", "腕時計"),
    ("三", "三角形", "三角形"),
])
def test_compound_morpheme_is_definite(loaded: None, word: str, hint: str, whole: str) -> None:
    v = JUDGE.grade(hint, word)
    assert (v.grade, v.code, v.matched) == ("definite", "compound", whole)
    assert f"「{whole}」は「{word}」を含む複合語です" == v.reason


@pytest.mark.parametrize(("word", "hint"), [
    ("お茶", "茶を飲む"), ("茶", "お茶を飲む"), ("ご飯", "飯を食う"), ("飯", "ご飯を炊く"),
    ("神様", "神に祈る"),
])
def test_honorifics_at_least_likely(loaded: None, word: str, hint: str) -> None:
    assert JUDGE.grade(hint, word).springs


@pytest.mark.parametrize("hint", ["3つ", "３", "みっつ", "3本"])
def test_numbers_likely(loaded: None, hint: str) -> None:
    v = JUDGE.grade(hint, "三")
    assert v.grade == "likely" and v.code == "number", v
    assert JUDGE.grade("3つある", "3").grade == "definite"


@pytest.mark.parametrize(("word", "ok"), [
    ("ボール", True), ("走る", True), ("速い", True), ("ゆっくり", True), ("三", True),
    ("静か", True), ("それ", False), ("彼", False), ("に", False), ("を", False),
])
def test_trap_pos(loaded: None, word: str, ok: bool) -> None:
    assert (JUDGE.pos_problem(word) is None) is ok


@pytest.mark.parametrize(("answer", "secret", "how"), [
    ("栗きんとん", "栗", "contains"), ("くりきんとん", "栗", None),
    ("はさみ", "歯", None), ("ひこうき", "火", None), ("くり？", "栗", "reading"),
    ("りんごジュース", "林檎", "normalized"), ("それは猫だ", "ねこ", "normalized"),
    ("ｸﾘ", "栗", "reading"), ("猫！", "ねこ", "reading"), ("りんご", "林檎", "reading"),
    ("リンゴ", "りんご", "contains"), ("なし", "栗", None), ("かき", "栗", None),
])
def test_answers(loaded: None, answer: str, secret: str, how: str | None) -> None:
    assert JUDGE.answer_matches(answer, secret) == how


def test_reading_option_off(loaded: None) -> None:
    assert JUDGE.answer_matches("くり", "栗", by_reading=False) is None


def test_proper_nouns_flagged(loaded: None) -> None:
    assert "東京" in JUDGE.proper_nouns("東京にある塔")
    assert JUDGE.proper_nouns("赤い果物") == []


def test_reason_shown(loaded: None) -> None:
    v = JUDGE.grade("橋を渡る", "箸")
    assert v.code == "homonym" and "同音異義語" in v.reason


@pytest.mark.parametrize(("word", "hint", "reason"), [
    ("バス", "バスケットをする", "「バス」は「バスケット」の中の文字として出てくるだけです（別の語・GMが判断）"),
    ("バスケットボール", "バスに乗る",
     "「バス」は「バスケットボール」の文字の一部ですが、語としての部分ではありません（GMが判断）"),
    ("神様", "神に祈る", "「神」は「神様」と同じ語です（「お」「ご」「さん」などの付け外し）"),
    ("三", "みっつ", "「みっつ」は「三」と同じ数です（書き方が違うだけ）"),
])
def test_reasons_read_as_japanese(loaded: None, word: str, hint: str, reason: str) -> None:
    assert JUDGE.grade(hint, word).reason == reason
