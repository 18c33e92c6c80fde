"""input.quote: a quoted command is chatter (no notice, no diagnostic); a command that
opens its line (after spaces and ・ ■ ★ 【) or stands alone after a name's honorific is
the speaker's own.  The rule is decided in one place: ``adjudicator.quoting.quoted``,
asked by ``parser._locate_command``."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.engine import resolve_game
from adjudicator.parser import find_command
from tests.support.derby_stock import derby16_night1

BET = "予想@じろう 3万ドル"

#: (line たろう writes at night 1, its disposition, the action read when accepted)
TABLE = [
    # quoted: chatter
    ("はなこさんが 予想@じろう 3万 って書いてたけど", "chatter", None),
    ("はなこさんが予想@じろう 3万って言ってた", "chatter", None),
    ("はなこさんは 予想@じろう 3万 と書いてた", "chatter", None),
    ("はなこさん 予想@じろう 3万 と言ってたよ", "chatter", None),
    ("たろうさん「予想@じろう 3万」って書いてたよ", "chatter", None),
    ("「予想@じろう 3万」", "chatter", None),
    ("『予想@じろう 3万』だって", "chatter", None),
    ("“予想@じろう 3万”", "chatter", None),
    ('みんな "予想@じろう 3万" ばかり', "chatter", None),
    ("みんな '予想@じろう 3万' ばかり", "chatter", None),
    ("ｈａｎａ｢予想@じろう 3万｣", "chatter", None),
    ("> 予想@じろう 3万", "chatter", None),
    ("＞予想@じろう 3万", "chatter", None),
    ("  > 予想@じろう 3万", "chatter", None),
    ("「予相@じろう」って何？", "chatter", None),
    # the speaker's own command, after a quoted one
    ("「予想@はなこ 1万」じゃなくて 予想@じろう 3万", "accepted", BET),
    # commands: opening the line, after spaces and decorations, or after an honorific
    ("予想@じろう 3万", "accepted", BET),
    ("  予想@じろう 3万", "accepted", BET),
    ("\u3000予想@じろう 3万", "accepted", BET),
    ("・予想@じろう 3万", "accepted", BET),
    ("■予想@じろう 3万", "accepted", BET),
    ("★ 予想@じろう 3万", "accepted", BET),
    ("【予想@じろう 3万】", "accepted", BET),
    ("【予想@じろう 3万】 よろしく", "accepted", BET),
    ("はなこさん 予想@じろう 3万", "accepted", BET),
    ("GMさん、予想@じろう 3万", "accepted", BET),
    ("予想@じろう 3万 って書けばいい？", "accepted", BET),
    ("よろしく 予想@じろう 3万", "accepted", BET),
    # still a command the player must fix (input.syntax), not chatter
    ("予想@じろう 3まん", "rejected", None),
]


@pytest.mark.parametrize("line,disposition,action", TABLE)
def test_a_line_is_read_as_the_quote_rule_says(
        tmp_path: Path, line: str, disposition: str, action: str | None) -> None:
    night = resolve_game(derby16_night1(tmp_path, f"[21:00] たろう: {line}\n")).phases[1]
    (rec,) = [r for r in night.lines if r.speaker == "たろう"]
    assert (rec.disposition, rec.action) == (disposition, action), line
    if disposition == "chatter":  # no notice, no diagnostic
        assert not [d for d in night.diagnostics if d.source == "logs/night1.txt:1"]
        assert not [n for n in night.private.get("たろう", []) if "受け付けられません" in n]


def test_a_quoted_command_in_another_message_is_nobody_s_bet(tmp_path: Path) -> None:
    """The case of issue 40: はなこ quotes たろう's bet; only たろう bet, and はなこ is told
    nothing about an unreadable amount."""
    night = resolve_game(derby16_night1(tmp_path, "[21:00] たろう: 予想@じろう 3万\n"
                               "[21:01] はなこ: たろうさん「予想@じろう 3万」って書いてたよ\n"
                               "[21:02] じろう: まさとさんが 予想@はなこ 3万 って書いてたけど\n"
                               )).phases[1]
    assert [(r.speaker, r.disposition) for r in night.lines] == [
        ("たろう", "accepted"), ("はなこ", "chatter"), ("じろう", "chatter")]
    assert not night.diagnostics or all(d.source == "logs/night1.txt:1"
                                        for d in night.diagnostics if d.source)
    assert not any("金額" in n for n in night.private.get("はなこ", []))
    assert not any("予想" in n for n in night.private.get("じろう", []))


@pytest.mark.parametrize("line", ["「投票@たろう」", "> 投票@たろう", "みんな 投票@たろう って言ってた"])
def test_every_variant_reads_a_quote_the_same(line: str) -> None:
    from adjudicator.games import REGISTRY

    for variant in REGISTRY:
        assert find_command(line, variant) is None, variant
