"""Lint of the Japanese that players read (issue 20, docs/glossary-ja.md).

Over every fixture game, resolved afresh: no post or notice shows ``None``, a ``.0倍``, a
file name (``logs/…``) or a rule id (``ww.vote``); every rejection quotes the player's own
line.  Over the player-facing templates (posts and notices, not the GM ledger): no ASCII
space between a Japanese character and a template variable (「は {{ x }} です」).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from adjudicator.resources import data_dir
from tests.support import FIXTURES, ROOT, resolved

GAMES = sorted(p.name for p in FIXTURES.iterdir() if (p / "game.toml").exists())
REPORTS = Path(data_dir("reports"))

#: a Japanese letter: kana, kanji, the long-vowel mark and full-width punctuation
JA = r"[\u3000-\u30ff\u3400-\u9fff\uff01-\uff5e]"
SPACE_AROUND_VARIABLE = re.compile(
    rf"{JA} +\{{\{{|\}}\}} +{JA}|{JA} +\{{%-? *(?:if|for)\b[^%]*%\}}\{{\{{")
RULE_ID = re.compile(r"\b(?:ww|ds|sp|tw|gp|mj|ss|input|engine)\.[a-z_]+(?:\.[a-z_]+)*\b")


@cache
def outputs(name: str) -> tuple[list[str], dict[str, list[str]]]:
    """(every public post, every player's notices) of one fixture game."""
    game = resolved(FIXTURES / name)
    posts = [ph.public_post for ph in game.phases]
    notices: dict[str, list[str]] = {}
    for ph in game.phases:
        for player, texts in ph.private.items():
            notices.setdefault(player, []).extend(texts)
    return posts, notices


def texts_of(name: str) -> list[tuple[str, str]]:
    posts, notices = outputs(name)
    return ([("post", t) for t in posts]
            + [(f"notice to {p}", t) for p, ts in notices.items() for t in ts])


def player_templates() -> list[Path]:
    """The templates of posts and notices (not the GM ledger, not the HTML pages)."""
    out = []
    for path in sorted(REPORTS.rglob("*.j2")):
        if path.name.endswith(".html.j2") or "ledger" in path.name:
            continue
        if path.name in ("events.j2", "event.j2") or path.parent.name in ("desk", "report"):
            continue  # the GM's sentences of the ledger and explain
        out.append(path)
    return out


@pytest.mark.parametrize("name", GAMES)
def test_no_python_leftovers(name: str) -> None:
    for where, text in texts_of(name):
        assert "None" not in text, f"{name}: {where}: {text!r}"
        assert not re.search(r"\d\.0倍", text), f"{name}: {where}: {text!r}"
        assert not re.search(r"\b(?:True|False)\b", text), f"{name}: {where}: {text!r}"


@pytest.mark.parametrize("name", GAMES)
def test_notices_name_no_file_and_no_rule(name: str) -> None:
    _posts, notices = outputs(name)
    for player, texts in notices.items():
        for text in texts:
            assert "logs/" not in text, f"{name}: notice to {player}: {text!r}"
            assert not RULE_ID.search(text), f"{name}: notice to {player}: {text!r}"


@pytest.mark.parametrize("name", GAMES)
def test_posts_name_no_file_and_no_rule(name: str) -> None:
    posts, _notices = outputs(name)
    for text in posts:
        assert "logs/" not in text, f"{name}: {text!r}"
        assert not RULE_ID.search(text), f"{name}: {text!r}"


@pytest.mark.parametrize("name", GAMES)
def test_a_rejection_quotes_the_players_line(name: str) -> None:
    """Every rejected line of a player that reaches that player's notices is quoted in
    them, with its time when the log has one: 「22:00の「護衛@えいじ」は受け付けられません…」."""
    game = resolved(FIXTURES / name)
    for ph in game.phases:
        told = {e.cause for e in ph.events if e.kind == "rejected" and e.audience == "player"}
        for rec in ph.lines:
            if rec.ref not in told or rec.speaker not in ph.private:
                continue
            quoted = f"「{' '.join(rec.text.split())[:39]}"
            mine = "\n".join(ph.private[rec.speaker])
            assert quoted in mine, f"{name} {ph.id}: {rec.text!r} not quoted in {mine!r}"
            if rec.time:  # 22:00:00 (a JSON log's) is said 22:00; seconds only when not :00
                said = (rec.time[:-3] if len(rec.time) == 8 and rec.time.endswith(":00")
                        else rec.time)
                assert f"{said}の「" in mine, f"{name} {ph.id}: no time for {rec.text!r}"


@pytest.mark.parametrize("path", player_templates(), ids=lambda p: str(p.relative_to(REPORTS)))
def test_no_ascii_space_between_japanese_and_a_variable(path: Path) -> None:
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.lstrip().startswith("{#"):
            continue
        hit = SPACE_AROUND_VARIABLE.search(line)
        assert hit is None, f"{path.relative_to(REPORTS)}:{n}: {hit.group(0)!r} in {line!r}"


@pytest.mark.parametrize("path", [p for p in player_templates() if p.name.endswith(".txt.j2")],
                         ids=lambda p: str(p.relative_to(REPORTS)))
def test_every_post_and_notice_template_follows_the_glossary(path: Path) -> None:
    """Each template of a post or a notice names docs/glossary-ja.md, the words it uses."""
    head = path.read_text(encoding="utf-8")[:400]
    assert "docs/glossary-ja.md" in head, f"{path.relative_to(REPORTS)}: no glossary"
    assert (ROOT / "docs" / "glossary-ja.md").exists()


def test_the_lint_catches_what_it_should() -> None:
    """The patterns themselves, on the texts the review found (they must be able to fail)."""
    assert SPACE_AROUND_VARIABLE.search("昨晩の犠牲者は {{ e.player }}さん")
    assert SPACE_AROUND_VARIABLE.search("現在の最高所持金は{{ x | yen }} です")
    assert not SPACE_AROUND_VARIABLE.search("昨晩の犠牲者は{{ e.player }}さんでした。")
    assert RULE_ID.search("受け付けられませんでした：…（tw.trap.count）")
    assert not RULE_ID.search("22:00の「護衛@えいじ」は受け付けられませんでした")
    sample: Any = outputs(GAMES[0])
    assert sample[0], "a fixture game has posts"
