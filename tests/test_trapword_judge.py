"""The trap-word judge: a table of hint/trap pairs with the expected grade (≥ 90%)."""

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
    ("バスケットボール", "バスケ部", "definite", "prefix is a part"),
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


def test_table_has_every_case() -> None:
    assert len(TABLE) >= 40
    assert {g for _t, _h, g, _c in TABLE} == set(J.GRADES)


@pytest.fixture(scope="session")
def loaded() -> None:
    J.load()


def test_accuracy(loaded: None) -> None:
    wrong = [(t, h, g, JUDGE.grade(h, t).grade) for t, h, g, _c in TABLE
             if JUDGE.grade(h, t).grade != g]
    accuracy = 1 - len(wrong) / len(TABLE)
    print(f"judge accuracy {accuracy:.1%}; misses: {wrong}")
    assert accuracy >= 0.9, wrong


@pytest.mark.parametrize(("word", "ok"), [
    ("ボール", True), ("走る", True), ("速い", True), ("ゆっくり", True), ("三", True),
    ("静か", True), ("それ", False), ("彼", False), ("に", False), ("を", False),
])
def test_trap_pos(loaded: None, word: str, ok: bool) -> None:
    assert (JUDGE.pos_problem(word) is None) is ok


@pytest.mark.parametrize(("answer", "secret", "how"), [
    ("栗きんとん", "栗", "contains"), ("くりきんとん", "栗", "reading"),
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
