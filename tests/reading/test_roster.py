from __future__ import annotations

import time
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.errors import AmbiguousNameError, UnknownNameError
from adjudicator.normalize import HONORIFICS, name_key
from adjudicator.roster import _JOINS_BACK, Roster, _prefix_keys

EXTRA = {"GM": "GM", "男性": "男性", "女性": "女性"}


@pytest.fixture
def roster() -> Roster:
    return Roster(
        [
            ("たろう", ["太郎", "タロウ"]),
            ("はな", []),
            ("はなこ", ["花子"]),
            ("三郎", ["さぶろう"]),
            ("けん", []),
            ("けんさん", []),
            ("Alice", ["ありす"]),
            ("ジロウ", ["じろ"]),
            ("次郎", ["じろ"]),  # じろ is an alias of two players
        ],
        EXTRA,
    )


def test_names_in_given_order(roster: Roster) -> None:
    assert roster.names == ("たろう", "はな", "はなこ", "三郎", "けん", "けんさん", "Alice", "ジロウ", "次郎")


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("たろう", "たろう"),
        ("太郎", "たろう"),
        ("タロウ", "たろう"),
        ("ﾀﾛｳ", "たろう"),
        (" た ろう　", "たろう"),
        ("たろうさん", "たろう"),
        ("タロウサン", "たろう"),
        ("ﾀﾛｳ様", "たろう"),
        ("太郎君", "たろう"),
        ("はなこちゃん", "はなこ"),
        ("はな", "はな"),
        ("ハナ殿", "はな"),
        ("サブロウ", "三郎"),
        ("三郎氏", "三郎"),
        ("ALICE", "Alice"),
        ("ａｌｉｃｅさん", "Alice"),
        ("アリス", "Alice"),
        ("けん", "けん"),
        ("けんさん", "けんさん"),  # exact match wins over けん + さん
        ("ケンサン", "けんさん"),
        ("けんくん", "けん"),
        ("けんさんさん", "けんさん"),
        ("じろう", "ジロウ"),
        ("GM", "GM"),
        ("ｇｍさん", "GM"),
    ],
)
def test_resolve(roster: Roster, text: str, name: str) -> None:
    assert roster.resolve(text) == name


@pytest.mark.parametrize("honorific", HONORIFICS)
def test_resolve_every_honorific(roster: Roster, honorific: str) -> None:
    assert roster.resolve("たろう" + honorific) == "たろう"
    assert roster.match_prefix("たろう" + honorific + "3万") == ("たろう", 3 + len(honorific))


def test_only_one_honorific_is_stripped(roster: Roster) -> None:
    with pytest.raises(UnknownNameError):
        roster.resolve("たろうさんさん")


def test_resolve_unknown_with_suggestions(roster: Roster) -> None:
    with pytest.raises(UnknownNameError) as info:
        roster.resolve("たろ")
    assert info.value.suggestions == ["たろう"]
    assert info.value.name == "たろ"
    assert "たろう" in str(info.value)
    with pytest.raises(UnknownNameError) as info:
        roster.resolve("はなちゃ")
    assert set(info.value.suggestions) <= {"はな", "はなこ"}
    assert info.value.suggestions
    with pytest.raises(UnknownNameError) as info:
        roster.resolve("ぜんぜんちがう")
    assert info.value.suggestions == []
    with pytest.raises(UnknownNameError):
        roster.resolve("")


def test_suggestions_at_most_three() -> None:
    roster = Roster([(f"ぷれいやー{i}", []) for i in range(10)])
    assert len(roster.suggestions("ぷれいやー")) == 3
    assert roster.suggestions("たろうさん") == []


def test_resolve_ambiguous_alias(roster: Roster) -> None:
    with pytest.raises(AmbiguousNameError) as info:
        roster.resolve("じろ")
    assert info.value.candidates == ["ジロウ", "次郎"]
    with pytest.raises(AmbiguousNameError):
        roster.resolve("ジロさん")


def test_duplicate_alias_of_one_player_is_not_ambiguous() -> None:
    roster = Roster([("たろう", ["タロウ", "ﾀﾛｳ", "たろう"])])
    assert roster.resolve("たろう") == "たろう"


def test_empty_player_name_is_refused() -> None:
    with pytest.raises(ValueError):
        Roster([("  ", [])])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("たろう3万", ("たろう", 3)),
        ("たろうさん 3万", ("たろう", 5)),
        ("タロウ 3万", ("たろう", 3)),
        ("ﾀﾛｳ様の株 5株", ("たろう", 4)),
        ("三郎三万", ("三郎", 2)),
        ("たろうさんの株 5株", ("たろう", 5)),
        ("たろうさんの株　５株", ("たろう", 5)),
        ("GM", ("GM", 2)),
        ("ＧＭ", ("GM", 2)),
        ("男性 3万", ("男性", 2)),
        ("女性", ("女性", 2)),
        ("はなこ3万", ("はなこ", 3)),
        ("はなこさん3万", ("はなこ", 5)),
        ("はなさん3万", ("はな", 4)),
        ("はな 3万", ("はな", 2)),
        ("  たろう 3万", ("たろう", 5)),  # leading whitespace counts as consumed
        ("けんさん3万", ("けんさん", 4)),
        ("けんくん3万", ("けん", 4)),
        ("Alice様 1万", ("Alice", 6)),
        ("た ろう 3万", ("たろう", 4)),
    ],
)
def test_match_prefix(roster: Roster, text: str, expected: tuple[str, int]) -> None:
    assert roster.match_prefix(text) == expected


@pytest.mark.parametrize("text", ["", "   ", "x", "3万", "たろ", "じ", "の株 たろう"])
def test_match_prefix_none(roster: Roster, text: str) -> None:
    assert roster.match_prefix(text) is None


def test_match_prefix_ambiguous(roster: Roster) -> None:
    with pytest.raises(AmbiguousNameError) as info:
        roster.match_prefix("じろ 3万")
    assert info.value.candidates == ["ジロウ", "次郎"]
    assert info.value.name == "じろ"
    assert roster.match_prefix("じろう 3万") == ("ジロウ", 3)  # the longer key is one player's


def test_match_prefix_does_not_split_a_voiced_mark() -> None:
    roster = Roster([("た", []), ("だろう", [])])
    assert roster.match_prefix("ﾀﾞﾛｳ3万") == ("だろう", 4)
    assert roster.match_prefix("ﾀﾞ3万") is None
    assert roster.match_prefix("ﾀ3万") == ("た", 1)


def test_match_prefix_honorific_continuing_a_longer_name() -> None:
    roster = Roster([("はな", []), ("はなさき", [])])
    assert roster.match_prefix("はなさき3万") == ("はなさき", 4)
    assert roster.match_prefix("はなさん3万") == ("はな", 4)


def test_joins_back_table_is_complete() -> None:
    """Every starter that is the second half of a canonical pair is in the table."""
    found = set()
    for cp in range(0x110000):
        parts = unicodedata.decomposition(chr(cp)).split()
        if len(parts) == 2 and not parts[0].startswith("<"):
            second = chr(int(parts[1], 16))
            if unicodedata.combining(second) == 0:
                found.add(second)
    assert found <= _JOINS_BACK


_ALPHABET = "たろうタロウﾀﾛｳﾞﾟはかがｶﾞ\u3099\u309a\u0301eé 　ＧＭgmｱ1１㈱ㄱㅏ가\u1161\u11a8ßẞ"


@given(st.text(alphabet=_ALPHABET, max_size=12))
def test_prefix_keys_are_exact(text: str) -> None:
    for end, key, cut_ok in _prefix_keys(text, 0):
        assert key == name_key(text[:end])
        if cut_ok:  # nothing after the cut merges into the prefix
            assert name_key(text) == key + name_key(text[end:])


@given(st.text(alphabet=_ALPHABET + "はなこ三郎様さん", max_size=16))
def test_match_prefix_consumed_is_a_name(text: str) -> None:
    roster = Roster([("たろう", ["タロウ"]), ("はな", []), ("はなこ", []), ("三郎", [])], EXTRA)
    found = roster.match_prefix(text)
    if found is not None:
        name, consumed = found
        assert roster.resolve(text[:consumed]) == name


def test_match_prefix_speed() -> None:
    entries = [(f"プレイヤー{i}", [f"alias{i}", f"ｱﾘｱｽ{i}", f"別名{i}"]) for i in range(16)]
    roster = Roster(entries, EXTRA)
    texts = [
        "ﾌﾟﾚｲﾔｰ12さんの株を5株買います、よろしくお願いします。".ljust(40, "ー"),
        ("alias3 3万" + "x" * 40)[:40],
        ("知らない人です" * 6)[:40],
    ]
    assert roster.match_prefix(texts[0]) == ("プレイヤー12", 10)
    n = 2000
    for text in texts:
        began = time.perf_counter()
        for _ in range(n):
            roster.match_prefix(text)
        per_call = (time.perf_counter() - began) / n
        print(f"match_prefix {text[:12]!r}: {per_call * 1e6:.1f} µs")
        assert per_call < 500e-6  # generous: ~10-20 µs measured on a 2-core machine
