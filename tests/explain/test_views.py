"""Nothing secret reaches a player: every fixture game, at every point of its course
(each prefix of its logs), for every player and for the public.

A player's view is rendered (their private notices, ``explain --as``, and the report,
which is refused for an unfinished game); every item that view may not read (another
player's line, an event whose audience excludes the player, another player's notice, a
diagnostic on another player's line) gives distinctive strings ("needles": the raw
line, ``player → target``, ``hit=True``, a team list, the event as explain would
print it), and none may appear in the rendered view unless the view's own material
(what it may read) holds that same string.  Games are discovered, so every game that
lands in tests/fixtures/ is covered.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from adjudicator.engine import resolve_game
from adjudicator.errors import UsageError
from adjudicator.explain import _fields, explain_text
from adjudicator.report.html import render_report
from adjudicator.rulebook import quote
from adjudicator.seedquotes import rule_text, seed_lines
from adjudicator.sentences import sentence
from adjudicator.views import GM_ONLY, PROGRESS_TITLE, View, player_names, report_view
from tests.support import all_games, game_ids

MIN = 3  # shorter strings ("はい", a two-letter name) are not distinctive


def _plain(v: Any) -> str:
    if isinstance(v, list):
        return "、".join(str(x) for x in v)
    if isinstance(v, dict):
        return "、".join(f"{a}:{b}" for a, b in v.items())
    return str(v)


def event_needles(ev: Any) -> set[str]:
    """The strings by which an event would show: its explain line, who → whom, every
    string, list, mapping and flag it carries."""
    out = {f"{ev.kind} {_fields(ev)}".rstrip()}
    if ev.player and ev.target:
        out.add(f"{ev.player} → {ev.target}")
    for k, v in ev.data.items():
        if isinstance(v, bool):
            out.add(f"{k}={v}")
        elif isinstance(v, str) and not re.fullmatch(r"[a-z_]+", v):  # not a code word
            out.add(v)
        elif isinstance(v, list | dict) and v:
            out.add(_plain(v))
    return {n for n in out if len(n) >= MIN}


def sentence_needles(game: Any, ev: Any) -> set[str]:
    """The event's Japanese sentence (adjudicator.sentences), as the GM and as each
    player it names would read it."""
    names = {x for x in (ev.player, ev.target, ev.to) if isinstance(x, str)}
    return {sentence(game, ev), *(sentence(game, ev, View.of(n)) for n in names)}


def line_needles(rec: Any) -> set[str]:
    out = {rec.text.strip(), f"{rec.speaker}「{rec.text}」"}
    return {n for n in out if len(n) >= MIN}


_TABLES: dict[int, list[Any]] = {}


def _rule_lines(rid: str, game: Any) -> list[str]:
    """The rule as explain shows it (its Japanese text), and its name."""
    t = rule_text(rid, game)
    return [] if t is None else [t.title, t.ja, *t.quotes, t.note]


def _table(game: Any) -> list[Any]:
    """Per phase: (phase, [(line, needles)], [(event, needles, rule quotes)]), built once
    per game (every view of the game reads it)."""
    key = id(game)
    if key not in _TABLES:
        rows = []
        for ph in game.phases:
            lines = [(rec, line_needles(rec)) for rec in ph.lines]
            events = [(ev, event_needles(ev) | sentence_needles(game, ev), [
                x for r in [ev.rule, *(r for r in ev.data.get("rules", []) if isinstance(r, str))]
                for x in (quote(r), *seed_lines(r, game.variant.name), *_rule_lines(r, game))])
                # the rule's words are no secret
                for ev in ph.events]
            rows.append((ph, lines, events))
        _TABLES[key] = rows
    return _TABLES[key]


def split(game: Any, view: View, notices: bool = True,
          for_notices: bool = False) -> tuple[set[str], str]:
    """(the needles of everything ``view`` may not read, the view's own material: the
    posts, its lines, the events it may read, and its notices unless ``notices`` is
    False, to check the notices themselves)."""
    hidden: set[str] = set()
    allowed: list[str] = [*player_names(game), *(p.id for p in game.phases)]
    mine = {t.strip() for ph in game.phases for to, texts in ph.private.items()
            if view.sees_notice(to) for text in texts for t in text.splitlines()}
    for ph, lines, events in _table(game):
        allowed.append(ph.public_post)
        own = {r.ref for r in ph.lines if r.speaker == view.player and (
            not ph.threads or view.sees_line(r, ph.threads.get(r.ref)))}
        for rec, needles in lines:
            # a line of a chat the player is in (their 1:1 chat, a group) is theirs to read
            if view.sees_line(rec, ph.threads.get(rec.ref)):
                allowed += [rec.text, rec.action or "", rec.reason or "", rec.ref]
            else:
                hidden |= needles
        for ev, needles, quotes in events:
            if view.sees_event(ev):
                allowed += [*needles, *quotes]
            else:
                hidden |= needles
        for to, texts in ph.private.items():
            if view.sees_notice(to):
                allowed += texts if notices else []
            elif not for_notices:  # a line the player got too (あなたは村人です。) is none
                hidden |= {t.strip() for text in texts for t in text.splitlines()
                           if len(t.strip()) >= MIN} - mine
        for d in ph.diagnostics:
            if view.sees_diagnostic(d, own):
                allowed += [d.message, d.reason_ja or "", d.source]
            elif len(d.message) >= MIN:
                hidden.add(d.message)
    return hidden, "\n".join(allowed)


def leaks(rendered: str, hidden: set[str], allowed: str) -> list[str]:
    return sorted(n for n in hidden if n in rendered and n not in allowed)


_GAMES: dict[Path, list[Any]] = {}


def course(root: Path, tmp: Path) -> list[Any]:
    """The game as it stood after each phase (its logs cut there), then the whole game:
    resolved once per test session."""
    if root in _GAMES:
        return _GAMES[root]
    game = resolve_game(root)
    ids = [ph.id for ph in game.phases]
    games = []
    for k in range(1, len(ids)):
        dest = tmp / f"{root.name}-{k}"
        shutil.copytree(root, dest, ignore=shutil.ignore_patterns("expected", "out"))
        for log in (dest / "logs").iterdir():
            phase = log.stem.split("-")[0]
            if phase in ids and ids.index(phase) >= k:
                log.unlink()
        games.append(resolve_game(dest))
    _GAMES[root] = [*games, game]
    return _GAMES[root]


def player_view_text(game: Any, name: str) -> str:
    """What a player is given: their notices, their explain and, once the game is
    over, the report."""
    view = View.of(name)
    notices = "\n".join(t for ph in game.phases for t in view.notices(ph).get(name, []))
    parts = [notices, explain_text(game, view=view)]
    if game.variant.finished(game.state):
        # the end-of-game reveal: the same report for every reader (rendered once, in
        # test_the_public_view_holds_no_secret), nothing in it is hidden any more
        assert report_view(game, view) == View.gm()
    else:
        with pytest.raises(UsageError, match="not finished"):
            render_report(game, view)
    return "\n".join(parts)


@pytest.mark.parametrize("root", all_games(), ids=game_ids())
def test_no_player_view_holds_a_secret(root: Path, tmp_path_factory: Any) -> None:
    checked = 0
    for game in course(root, tmp_path_factory.mktemp("course")):
        for name in player_names(game):
            view = View.of(name)
            hidden, allowed = split(game, view)
            text = player_view_text(game, name)
            found = leaks(text, hidden, allowed)
            assert not found, f"{game.root.name}: {name}'s view shows {found[:5]}"
            # the notices themselves hold only what the events the player may read say:
            # no other player's line, no secret value of 8 characters or more (short
            # ones such as オレンジ3, 農民です or the command タイムボム, and other
            # players' notices, recur in a player's own notices by coincidence)
            secret, bare = split(game, view, notices=False, for_notices=True)
            mine = "\n".join(t for ph in game.phases for t in ph.private.get(name, []))
            found = leaks(mine, {n for n in secret if len(n) >= 8}, bare)
            assert not found, f"{game.root.name}: {name}'s notices show {found[:5]}"
            checked += len(hidden)
    assert checked, "no secret to look for: the test would prove nothing"


@pytest.mark.parametrize("root", all_games(), ids=game_ids())
def test_the_public_view_holds_no_secret(root: Path, tmp_path_factory: Any) -> None:
    for game in course(root, tmp_path_factory.mktemp("course")):
        hidden, allowed = split(game, View.public())
        text = explain_text(game, view=View.public())
        assert not leaks(text, hidden, allowed)
        if game.variant.finished(game.state):
            html = render_report(game, View.public())
            assert "終了レポート" in html and PROGRESS_TITLE not in html
        else:
            with pytest.raises(UsageError, match="--gm"):
                render_report(game, View.public())
            html = render_report(game, View.gm())
            assert f"<title>{game.root.name} — " in html and PROGRESS_TITLE in html
            assert f"【{GM_ONLY}】" in html and "終了レポート" not in html


@pytest.mark.parametrize("root", all_games(), ids=game_ids())
def test_the_needles_would_be_found(root: Path) -> None:
    """The GM's explain holds the secrets the player views must not: the needles are
    real strings of the output, so the leak test can fail."""
    game = resolve_game(root)
    gm = explain_text(game, view=View.gm())
    assert gm.startswith(f"【{GM_ONLY}】")
    found = 0
    for name in player_names(game):
        hidden, allowed = split(game, View.of(name))
        found += len(leaks(gm, hidden, allowed))
    assert found > 0


def test_a_line_naming_a_player_is_not_in_their_view(tmp_path: Path) -> None:
    """The guard on はなこ and the bite attempt are other players' lines: not hers."""
    from tests.support import SAMPLE

    game = resolve_game(SAMPLE)
    mine = explain_text(game, player="はなこ", phase="night1")
    gm = explain_text(game, player="はなこ", phase="night1", view=View.gm())
    assert "さくら「護衛@はなこ」" in gm and "狩人のさくらさんがはなこさんを護衛しました。" in gm
    assert "護衛@はなこ" not in mine and "さくら" not in mine.split("公開投稿：")[0]
    assert mine.startswith("【はなこさんの視点】") and "占い結果：じろうさんは【人狼】です。" in mine


def test_views_filter_by_audience() -> None:
    from adjudicator.models import Event, LineRecord

    secret = Event(kind="bite", rule="ww.bite", cause="x:1", audience="gm", target="a")
    note = Event(kind="divine", rule="ww.divine", cause="x:2", audience="player", to="b")
    post = Event(kind="death", rule="ww.bite", cause="x:1", audience="public", player="a")
    a, b, gm, pub = View.of("a"), View.of("b"), View.gm(), View.public()
    assert [v.sees_event(secret) for v in (a, b, gm, pub)] == [False, False, True, False]
    assert [v.sees_event(note) for v in (a, b, gm, pub)] == [False, True, True, False]
    assert all(v.sees_event(post) for v in (a, b, gm, pub))
    line = LineRecord(ref="x:1", speaker="b", text="噛み@a")
    assert [v.sees_line(line) for v in (a, b, gm, pub)] == [False, True, True, False]
    assert [v.sees_notice("b") for v in (a, b, gm, pub)] == [False, True, True, False]


def test_every_werewolf_role_is_told_at_the_start() -> None:
    """ww.role.*: each player's first notice is their role; wolves learn each other,
    masons each other, a madman nothing of the wolves (derby-stock plays the roles)."""
    from adjudicator.vocab import role_ja
    from tests.support import ROOT

    game = resolve_game(ROOT / "tests" / "fixtures" / "derby12")
    roles = {n: p.role for n, p in game.initial.players.items()}
    wolves = sorted(n for n, r in roles.items() if r == "wolf")
    day1 = game.phases[0]
    setup = [e for e in day1.events if e.kind in ("role", "masons")]
    assert sorted(e.to for e in setup if e.to) == sorted(roles)  # one each
    assert all(e.audience == "player" and e.rule == f"ww.role.{roles[e.to or '']}"
               for e in setup)
    for name, role in roles.items():
        first = day1.private[name][0]
        assert first.startswith(f"あなたは{role_ja(role)}です。")
        others = [w for w in wolves if w != name]
        if role == "wolf":
            assert f"仲間は{'、'.join(f'{w}さん' for w in others)}です。" in first
        else:
            assert not any(w in first for w in wolves), (name, first)
    assert len(wolves) >= 2
