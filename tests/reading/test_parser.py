"""Command detection, names, grammar: a test over every command word of the grammar."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import actions as A
from adjudicator.errors import (
    AmbiguousNameError,
    CommandSyntaxError,
    UnknownNameError,
)
from adjudicator.games.derby_stock.actions import Bet, Buy, Chance, DerbyTransformer, Sell
from adjudicator.parser import (
    _locate_command,
    command_words,
    find_command,
    mark_names,
    parse_command,
)
from adjudicator.roster import Roster
from adjudicator.vocab import ROLE_NAMES, ROLES

ROSTER = Roster([("たろう", ["太郎"]), ("はなこ", []), ("三郎", []), ("はな", []),
                 ("けん", ["ケンちゃん"]), ("けんじ", ["けんちゃん2"])],
                extra={"GM": "GM", "男性": "男性", "女性": "女性"})
V = "derby-stock"


def parse(text: str, gm: bool = False) -> A.Action:
    return parse_command(text, ROSTER, V, gm=gm, transformer=DerbyTransformer)


EVERY_WORD = {  # every command word of the grammars -> a line using it
    "投票": "投票@たろう", "吊り": "吊り@たろう", "噛み": "噛み@たろう", "噛む": "噛む@たろう",
    "襲撃": "襲撃@たろう", "占い": "占い@たろう", "占う": "占う@たろう", "護衛": "護衛@たろう",
    "守る": "守る@たろう", "守り": "守り@たろう", "予想": "予想@たろう 1万",
    "購入": "購入@たろうの株 1株", "売却": "売却@", "チャンス": "チャンス@GM",
    "スーパーチャンス": "スーパーチャンス@GM", "活躍": "活躍@たろう", "活躍なし": "活躍なし@たろう",
    "活躍無し": "活躍無し@たろう", "声援": "声援@たろう", "声援なし": "声援なし@たろう,はなこ",
    "声援無し": "声援無し@たろう", "代理": "代理@たろう 投票@はなこ", "代行": "代行@たろう 投票@はなこ",
    "交代": "交代@たろう→じろう", "代役": "代役@はなこ→ゆきこ",
}


def test_every_command_word_is_listed_and_parses() -> None:
    assert set(command_words(V)) == set(EVERY_WORD)
    for word, line in EVERY_WORD.items():
        gm = word.startswith(("活躍", "声援", "代", "交代"))
        action = parse(line, gm=gm)
        assert isinstance(action, A.Action), word
        assert find_command(line, V) == (0, "keyword"), word


@pytest.mark.parametrize("line,expected", [
    ("予想@たろう3万", Bet(target="たろう", amount=30_000)),
    ("予想＠太郎さん　３万", Bet(target="たろう", amount=30_000)),
    ("予想@三郎三万", Bet(target="三郎", amount=30_000)),
    ("予想@女性 2万ドル", Bet(target="女性", amount=20_000)),
    ("予想@はなこ $30,000", Bet(target="はなこ", amount=30_000)),
    ("購入＠たろうさんの株　５株", Buy(issuer="たろう", shares=5)),
    ("購入@はなの株", Buy(issuer="はな", shares=None)),
    ("売却@", Sell(issuer=None)),
    ("売却@たろうの株", Sell(issuer="たろう")),
    ("チャンス＠ＧＭ", Chance(target="GM")),
    ("投票@はなこ よろしく", A.Vote(target="はなこ")),
    ("5株", A.FollowUp(shares=5)),
])
def test_lines_parse(line: str, expected: A.Action) -> None:
    assert parse(line) == expected


def test_gm_directives() -> None:
    assert parse("声援なし@たろう、はなこ", gm=True) == A.NoCheer(targets=("たろう", "はなこ"))
    assert parse("--- 締め切り ---", gm=True) == A.Deadline()
    proxy = parse("代理@たろう 予想@はなこ 3万", gm=True)
    assert proxy == A.Proxy(player="たろう", action=Bet(target="はなこ", amount=30_000))


def test_errors_name_the_problem() -> None:
    with pytest.raises(UnknownNameError) as e:
        parse("投票@はなこちゃんず")
    assert "はなこ" in e.value.suggestions
    shared = Roster([("けんた", ["けん"]), ("けんじ", ["けん"])])
    with pytest.raises(AmbiguousNameError) as amb:
        parse_command("投票@けんさん", shared, V, transformer=DerbyTransformer)
    assert amb.value.candidates == ["けんじ", "けんた"]
    with pytest.raises(CommandSyntaxError, match="unexpected end"):
        parse("予想@たろう")
    with pytest.raises(CommandSyntaxError):
        parse("予想@たろう 3まん")


def test_longest_name_wins_and_names_end_at_a_boundary() -> None:
    assert parse("投票@はなこ") == A.Vote(target="はなこ")
    assert parse("投票@はな") == A.Vote(target="はな")
    assert mark_names("投票@はなこ", ROSTER).names == ("はなこ",)
    with pytest.raises(UnknownNameError):
        parse("投票@はなみ")


@pytest.mark.parametrize("line,how", [
    ("予想@たろう 3万", "keyword"), ("よろしく 予想@たろう 3万", "keyword"),
    ("予相@たろう", "unknown_word"), ("投票 たろう", "bare_keyword"), ("5", "count"),
    ("@たろう 明日どうする？", None), ("予想難しいな", None), ("草", None),
    ("ﾁｬﾝｽ@GM", "keyword"), ("",  None),
])
def test_find_command(line: str, how: str | None) -> None:
    found = find_command(line, V)
    assert (found[1] if found else None) == how


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=12) | st.sampled_from(list(EVERY_WORD.values())).flatmap(
    lambda s: st.text(max_size=3).map(lambda p: p + s)))
def test_cheap_precheck_never_hides_a_command(text: str) -> None:
    assert find_command(text, V) == _locate_command(text, V)


def test_every_role_name_loads() -> None:
    for spelling, rid in ROLE_NAMES.items():
        assert rid in ROLES, spelling
    assert len({ja for ja, _s, _t in ROLES.values()}) == 7


@pytest.mark.parametrize("line,label", [
    ("投票@", "@の後に名前がありません"),
    ("予想@たろう", "金額がありません"),
    ("予想@たろう 3まん", "金額が読めません"),
    ("購入@たろうの株 5株 6株", "株数が読めません"),
])
def test_syntax_errors_are_labelled_by_example(line: str, label: str) -> None:
    with pytest.raises(CommandSyntaxError) as e:
        parse(line)
    assert e.value.reason_ja.startswith(label)
