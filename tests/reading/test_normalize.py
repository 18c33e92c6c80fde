from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.errors import AmountError
from adjudicator.normalize import HONORIFICS, fold_kana, name_key, nfkc, parse_amount

# Every honorific, with the name key it must have (katakana folds onto hiragana).
HONORIFIC_TABLE = {
    "さん": "さん",
    "さま": "さま",
    "様": "様",
    "ちゃん": "ちゃん",
    "くん": "くん",
    "君": "君",
    "氏": "氏",
    "殿": "殿",
    "どの": "どの",
    "たん": "たん",
    "っち": "っち",
    "サン": "さん",
    "サマ": "さま",
    "チャン": "ちゃん",
    "クン": "くん",
    "タン": "たん",
    "ッチ": "っち",
}


def test_honorific_table_is_the_whole_list() -> None:
    assert sorted(HONORIFICS) == sorted(HONORIFIC_TABLE)
    assert len(set(HONORIFICS)) == len(HONORIFICS)


def test_honorifics_longest_first() -> None:
    lengths = [len(h) for h in HONORIFICS]
    assert lengths == sorted(lengths, reverse=True)


@pytest.mark.parametrize("honorific", HONORIFICS)
def test_every_honorific(honorific: str) -> None:
    assert honorific == nfkc(honorific)  # already normal: matches as written
    assert name_key(honorific) == HONORIFIC_TABLE[honorific]


def test_nfkc_keeps_spaces_and_minus() -> None:
    assert nfkc("＠たろう　３万") == "@たろう 3万"
    assert nfkc(" ﾀﾛｳ ") == " タロウ "
    assert nfkc("−1万") == "\u22121万"


def test_fold_kana() -> None:
    assert fold_kana("タロウ") == "たろう"
    assert fold_kana("ァヶヽヾ") == "ぁゖゝゞ"
    assert fold_kana("ヴー") == "ゔー"  # ー stays
    assert fold_kana("ドル太郎abc") == "どる太郎abc"
    assert fold_kana("ぁ・ヷ") == "ぁ・ヷ"  # outside ァ-ヶ, left alone


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("ﾀﾛｳ", "たろう"),
        ("ＧＭ", "gm"),
        ("た　ろう", "たろう"),
        (" タ ロ ウ\t", "たろう"),
        ("ﾀﾞｲｽｹ", "だいすけ"),
        ("Taro", "taro"),
        ("太郎", "太郎"),
        ("ケンサン", "けんさん"),
    ],
)
def test_name_key(text: str, key: str) -> None:
    assert name_key(text) == key


AMOUNTS = {
    "30000": 30000,
    "30,000": 30000,
    "$30,000": 30000,
    "30000ドル": 30000,
    "3万": 30000,
    "3万ドル": 30000,
    "３万": 30000,
    "三万": 30000,
    "3万5千": 35000,
    "三万五千": 35000,
    "1.5万": 15000,
    "壱万": 10000,
    "一千万": 10_000_000,
    "10万": 100_000,
    "100万": 1_000_000,
    "1億": 100_000_000,
    "十万": 100_000,
    "二十万": 200_000,
    "百万": 1_000_000,
    "5千": 5000,
    "0": 0,
    "-10000": -10000,
    "−1万": -10000,
    "- 1万": -10000,
    "３０，０００": 30000,
    "＄３０，０００": 30000,
    "3万円": 30000,
    "30000$": 30000,
    " 3万 ドル ": 30000,
    "弐拾": 20,
    "参千": 3000,
    "三千五百二十一": 3521,
    "〇": 0,
    "零": 0,
    "一〇〇": 100,
    "七八九": 789,
    "四六": 46,
    "1億2345万6789": 123_456_789,
    "1兆": 10**12,
    "2.5千": 2500,
}

REJECTED = [
    "3まん",
    "abc",
    "",
    "   ",
    "ドル",
    "$",
    "万",
    "3万万",
    "1.2.3",
    "1.00005万",
    "1.5",
    "3万x",
    "3万5千円です",
    "3万 5千",
    "1万1億",
    "5千5千",
    "千万万",
    "30,00,",
    ",300",
    "3,,000",
    "3五",
    "1.",
    ".5万",
    "--1",
    "¥",
    "٣",
    "9" * 50,
]


@pytest.mark.parametrize(("text", "value"), list(AMOUNTS.items()))
def test_parse_amount(text: str, value: int) -> None:
    assert parse_amount(text) == value


@pytest.mark.parametrize("text", REJECTED)
def test_parse_amount_rejects(text: str) -> None:
    with pytest.raises(AmountError) as info:
        parse_amount(text)
    assert info.value.text == text
    assert info.value.code == "amount"


@given(st.text(max_size=30))
def test_parse_amount_raises_only_amount_error(text: str) -> None:
    try:
        parse_amount(text)
    except AmountError:
        pass


@given(st.text(alphabet="0123456789,.$-−万億兆千百十一二三四五六七八九〇零壱弐参拾ドル円 ", max_size=20))
def test_parse_amount_amount_alphabet(text: str) -> None:
    try:
        value = parse_amount(text)
    except AmountError:
        return
    assert isinstance(value, int)


@given(st.integers(min_value=0, max_value=10**15))
def test_parse_amount_digits(n: int) -> None:
    assert parse_amount(f"{n:,}") == n
    assert parse_amount(f"{n}") == n
    assert parse_amount(f"-{n}") == -n


@given(st.integers(min_value=0, max_value=10**4 - 1))
def test_parse_amount_man(k: int) -> None:
    n = k * 10_000
    assert parse_amount(f"{n // 10000}万") == n
    assert parse_amount(f"{n // 10000}万ドル") == n


def test_gm_key_folds_width_case_and_spaces_but_not_kana() -> None:
    """A speaker is compared with the GM names by ``gm_key``: full-width letters, case and
    ASCII spaces do not matter, kana does (the GM is named exactly; ``name_key`` would
    take ゲームマスター and げーむますたー for one name)."""
    from adjudicator.normalize import gm_key, name_key

    assert gm_key("ＧＭ") == gm_key("gm") == gm_key("G M") == "gm"
    assert gm_key("ゲームマスター") != gm_key("げーむますたー")
    assert name_key("ゲームマスター") == name_key("げーむますたー")
