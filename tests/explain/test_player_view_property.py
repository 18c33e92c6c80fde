"""Property: no player's view says what that player may not know, in any variant.

Generated games: each variant's fixture game (tests/fixtures) with command lines
inserted into its logs.  The commands are the fixture's own command lines (every line
with ``@`` and the GM's directives), re-aimed: a drawn speaker, a drawn player as the
target, inserted at a drawn place of a drawn log, in that log's own line format.  Each
game is resolved as the command line resolves it, and for every player P the view P may
read (P's private notices and ``explain --as P``) is checked:

1. no sentence of an event P may not see (a GM-only event, another player's notice) is
   in it, unless a sentence P may see says the same;
2. no reason only the GM may know of an event P sees (``Event.gm_only``: the 土遁 that
   stopped P's invitation, the rope that took P's invitee) is in it;
3. every rule P's explain quotes is the rule of something P may see (never the rule of
   another player's ability, such as ss.ninja.doton for the leader whose invitation
   failed);
4. 秘密結社村: no sentence makes another player the subject of an ability (土遁, 大縄,
   影縫い, 変わり身, タイムボム…) unless a public post or public event says it.

Bounded (a few examples per variant) so that it runs in a few seconds.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.engine import resolve_game
from adjudicator.explain import explain_text
from adjudicator.sentences import sentence
from adjudicator.views import View, player_names
from tests.support import FIXTURES, fixture_games, form_fixture, registered

GAMES = {v: form_fixture(v) for v in registered()}
LINE = re.compile(r"^(\[[^\]]*\]\s*)?([^:：\[\]]{1,20})([:：]\s?)(.*)$")
#: 秘密結社村's abilities, whose user is a secret to everyone else
SS_ABILITIES = ("土遁", "大縄", "影縫い", "変わり身", "タイムボム", "クロノバック", "タイムパス",
                "望遠鏡", "トレジャーハント", "海賊旗", "口寄せ")
SETTINGS = settings(max_examples=3, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


def _logs(root: Path) -> list[Path]:
    return sorted(p for p in (root / "logs").glob("*.txt"))


def _vocabulary(root: Path, names: list[str]) -> list[tuple[bool, str]]:
    """The fixture's command lines as templates: (said by the GM, text with {t})."""
    gms = set(resolve_game(root).cfg.gm)
    by_length = sorted(names, key=len, reverse=True)
    out: set[tuple[bool, str]] = set()
    for log in _logs(root):
        for raw in log.read_text(encoding="utf-8").splitlines():
            m = LINE.match(raw)
            if not m or "@" not in m.group(4) and "＠" not in m.group(4):
                continue
            text = m.group(4)
            for n in by_length:
                text = text.replace(n, "{t}")
            out.add((m.group(2).strip() in gms, text))
    return sorted(out)


_PREP: dict[str, tuple[list[str], list[str], list[tuple[bool, str]]]] = {}


def _prepared(variant: str) -> tuple[list[str], list[str], list[tuple[bool, str]]]:
    if variant not in _PREP:
        root = FIXTURES / GAMES[variant]
        game = resolve_game(root)
        names = player_names(game)
        _PREP[variant] = (names, list(game.cfg.gm), _vocabulary(root, names))
    return _PREP[variant]


@st.composite
def insertions(draw: Any, variant: str) -> list[tuple[int, float, str, str]]:
    """(log index, place in the log 0..1, speaker, text) for a few inserted lines."""
    names, gms, vocab = _prepared(variant)
    n_logs = len(_logs(FIXTURES / GAMES[variant]))
    out = []
    for _ in range(draw(st.integers(1, 6))):
        by_gm, template = draw(st.sampled_from(vocab))
        speaker = gms[0] if by_gm else draw(st.sampled_from(names))
        text = template.replace("{t}", draw(st.sampled_from(names)))
        out.append((draw(st.integers(0, n_logs - 1)), draw(st.floats(0, 1)), speaker, text))
    return out


def build(variant: str, inserted: list[tuple[int, float, str, str]], tmp: Path) -> Path:
    root = tmp / GAMES[variant]
    if root.exists():
        shutil.rmtree(root)
    src = FIXTURES / GAMES[variant]
    shutil.copytree(src, root, ignore=shutil.ignore_patterns("expected", "out"))
    logs = _logs(root)
    for i, where, speaker, text in inserted:
        lines = logs[i].read_text(encoding="utf-8").splitlines()
        at = min(len(lines), int(where * (len(lines) + 1)))
        near = next((LINE.match(x) for x in reversed(lines[:at]) if LINE.match(x)), None) \
            or next((LINE.match(x) for x in lines if LINE.match(x)), None)
        stamp, sep = (near.group(1) or "", near.group(3)) if near else ("", ": ")
        lines.insert(at, f"{stamp}{speaker}{sep}{text}")
        logs[i].write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def _lines(text: str) -> list[str]:
    return [x.strip().removeprefix("・") for x in text.splitlines() if x.strip()]


def check_views(game: Any) -> None:
    gm = View.gm()
    events = [(ph.id, e) for ph in game.phases for e in ph.events if e.kind != "draw"]
    full = {id(e): sentence(game, e, gm) for _ph, e in events}
    known = {id(e): sentence(game, e.known(), gm) if e.has_secret else full[id(e)]
             for _ph, e in events}
    public = {x for ph in game.phases for x in _lines(ph.public_post)} | {
        full[id(e)] for _ph, e in events if e.audience == "public"}
    for p in player_names(game):
        me = View.of(p)
        notices = [t for ph in game.phases for t in ph.private.get(p, [])]
        explained = explain_text(game, view=me)
        # the player's words as the GM's sentences would say them
        said = set(_lines("\n".join([*notices, explained]).replace("あなた", f"{p}さん")))
        seen = [(ph, e) for ph, e in events if me.sees_event(e)]
        may = {known[id(e)] for _ph, e in seen}
        known_rules = {me.project(e).rule for ph in game.phases for e in ph.events
                       if me.sees_event(e)}
        known_rules |= {r for _ph, e in seen for r in e.data.get("rules", [])
                        if isinstance(r, str)}
        for ph, e in events:
            if not me.sees_event(e):
                secret = full[id(e)]
                assert secret in may or secret not in said, (
                    f"{p} reads an event not theirs ({ph} {e.kind}): {secret}")
            elif e.has_secret:
                assert full[id(e)] == known[id(e)] or full[id(e)] not in said, (
                    f"{p} reads a reason only the GM may know ({ph} {e.kind}): {full[id(e)]}")
        for rid in re.findall(r"ルール原文（([^）]+)）", explained):
            assert rid in known_rules or rid.startswith("input"), (
                f"{p}'s explain quotes {rid}, the rule of nothing {p} may see")
        if game.variant.name != "secret-society":
            continue
        for q in player_names(game):
            if q == p:
                continue
            subject = re.compile(rf"{re.escape(q)}さん[はが][^。（、]*?({'|'.join(SS_ABILITIES)})")
            for line in said:
                if subject.search(line) and not line.startswith(("ルール", "「")):
                    assert line in public, f"{p} learns {q}'s ability: {line}"


@pytest.mark.parametrize("variant", sorted(GAMES))
def test_no_player_view_says_what_the_player_may_not_know(
        variant: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    tmp = tmp_path_factory.mktemp(variant)

    @SETTINGS
    @given(inserted=insertions(variant))
    def run(inserted: list[tuple[int, float, str, str]]) -> None:
        check_views(resolve_game(build(variant, inserted, tmp)))

    run()


@pytest.mark.parametrize("root", fixture_games(), ids=[p.name for p in fixture_games()])
def test_the_fixture_games_themselves(root: Path) -> None:
    check_views(resolve_game(root))
