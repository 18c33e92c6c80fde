"""Property tests: the reader never raises, every line is accounted for once, outputs
are deterministic (also across PYTHONHASHSEED), and money moves only by the rules."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.engine import resolve_game
from adjudicator.export import dumps, export_game
from adjudicator.games.derby_stock.state import MONEY_KINDS, START_CASH
from adjudicator.normalize import name_key
from tests.support import FIXTURES
from tests.support.derby_stock import ROSTER, write_game

NAMES = [n for n, _g, _r in ROSTER] + ["GM", "観客", ""]
WORDS = ["投票@", "噛み@", "占い@", "護衛@", "予想@", "購入@", "売却@", "チャンス@", "活躍@",
         "声援なし@", "代理@", "締め切り", "の株", "株", "3万", "１０,０００", "-1万", "男性",
         "さん", "、", " ", "\u3000", "@", "＠", "5", "0", "1株", "購入@", "売却@"] + [n for n, _g, _r in ROSTER]
line_text = st.lists(st.sampled_from(WORDS) | st.text(max_size=4), max_size=6).map("".join)
logs = st.lists(st.tuples(st.sampled_from(NAMES), line_text), max_size=25)
SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


def _plain(lines: list[tuple[str, str]]) -> str:
    out = []
    for who, text in lines:
        text = text.replace("\n", " ").replace("\r", " ")
        out.append(f"[21:00] {who or 'GM'}: {text}")
    return "\n".join(out)


@SETTINGS
@given(day1=logs, night1=logs, day2=logs)
def test_any_commands_resolve_and_every_line_is_accounted_once(
    tmp_path_factory, day1, night1, day2  # type: ignore[no-untyped-def]
) -> None:
    root = write_game(tmp_path_factory.mktemp("g"), {})
    for pid, lines in (("day1", day1), ("night1", night1), ("day2", day2)):
        (root / "logs" / f"{pid}.txt").write_text(_plain(lines), encoding="utf-8")
    game = resolve_game(root)
    for ph, src in zip(game.phases, (day1, night1, day2), strict=True):
        refs = [r.ref for r in ph.lines]
        assert len(refs) == len(set(refs)), "a line was classified twice"
        assert len(refs) == len(src), "a line was dropped"
        assert all(r.disposition in ("accepted", "rejected", "superseded", "gm", "chatter")
                   for r in ph.lines)
    _money_is_conserved(game)
    _nobody_acts_dead(game)
    _one_action_a_night(game)
    _dead_money_does_not_grow(game)


NIGHT_KINDS = ("bet_placed", "shares_bought", "shares_sold", "inquiry")


def _one_action_a_night(game) -> None:  # type: ignore[no-untyped-def]
    """ds.night.one_action: at most one bet/buy/sell/inquiry per player and night; nothing
    of a player's is accepted after a sale or after an inquiry but the purchase completing
    it; a sale or a completed purchase is never replaced."""
    for ph in game.phases:
        if not ph.id.startswith("night"):
            continue
        acted = [e.player for e in ph.events if e.kind in NIGHT_KINDS]
        assert len(acted) == len(set(acted)), (ph.id, acted)
        locked: dict[str, str] = {}  # player -> "sold" / "inquiry:<issuer>" / "done"
        for rec in ph.lines:
            act = rec.action or ""
            if rec.disposition not in ("accepted", "superseded") or not act.startswith(
                    ("予想@", "購入@", "売却@")):
                continue
            lock = locked.get(rec.speaker)
            assert lock not in ("sold", "done"), (ph.id, rec)
            if lock is not None:  # after an inquiry: only the purchase that completes it
                assert act.startswith(f"購入@{lock.split(':', 1)[1]}の株 "), (ph.id, rec)
                assert rec.disposition == "accepted", (ph.id, rec)
                locked[rec.speaker] = "done"
            elif act.startswith("売却@"):
                assert rec.disposition == "accepted", (ph.id, rec)
                locked[rec.speaker] = "sold"
            elif act.endswith("（株価の問い合わせ）"):
                locked[rec.speaker] = "inquiry:" + act[3:].split("の株")[0]


def _dead_money_does_not_grow(game) -> None:  # type: ignore[no-untyped-def]
    """ds.derby.bitten / dead_bettor / chance.dead: nobody dead at the end of a day gained
    money that day; nobody dead at the start of a phase gains any in it."""
    states = [game.initial, *game.states]
    for ph, before, after in zip(game.phases, states, states[1:], strict=False):
        for name, p in after.players.items():
            was = before.players[name]
            if not was.alive:
                assert p.cash == was.cash, (ph.id, name)
            elif not p.alive and ph.id.startswith("day"):
                assert p.cash <= was.cash, (ph.id, name)


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from([n for n, _g, _r in ROSTER]), rest=st.text(max_size=12))
def test_a_name_with_an_honorific_always_counts(name: str, rest: str) -> None:
    from adjudicator.games.derby_stock.mentions import find_mentions

    names = {n: [n] for n, _g, _r in ROSTER}
    hits = {h.player: h for h in find_mentions(f"{name}さん{rest}", names)}
    assert name in hits and hits[name].counted and hits[name].why == "honorific"
    for h in find_mentions(rest, names):  # a hit is the player's own name, as written
        assert name_key(h.found) == name_key(h.player), h


def _nobody_acts_dead(game) -> None:  # type: ignore[no-untyped-def]
    """No accepted action, and no event a player caused by a line, comes from the dead."""
    states = [game.initial, *game.states]
    for ph, before in zip(game.phases, states, strict=False):
        for rec in ph.lines:
            if rec.disposition in ("accepted", "superseded") and rec.speaker in before.players:
                assert before.players[rec.speaker].alive, (ph.id, rec)
        for ev in ph.events:
            if ev.player in before.players and ev.cause.startswith("logs/") and ev.kind in (
                    "bet_placed", "shares_bought", "shares_sold", "vote", "bite", "divine",
                    "guard", "chance_entry", "inquiry"):
                assert before.players[ev.player].alive, (ph.id, ev)


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=300) | st.text(max_size=300).map(lambda s: s.encode("utf-8")))
def test_any_bytes_as_a_log_never_raise(tmp_path_factory, data: bytes) -> None:  # type: ignore[no-untyped-def]
    root = write_game(tmp_path_factory.mktemp("g"), {})
    (root / "logs" / "day1.txt").write_bytes(data)
    game = resolve_game(root)  # diagnostics, never an exception
    assert len(game.phases) == 1


def _money_is_conserved(game) -> None:  # type: ignore[no-untyped-def]
    """Cash changes only by bets, payouts and trades (events of MONEY_KINDS)."""
    for name, p in game.state.players.items():
        moved = sum(e.amount for ph in game.phases for e in ph.events
                    if e.kind in MONEY_KINDS and e.player == name)
        assert p.cash == START_CASH + moved, name
        if p.final_money is not None:
            assert p.final_money - p.cash in (0, 1_000_000)


def test_fixture_games_conserve_money_and_nobody_acts_dead() -> None:
    for root in sorted(FIXTURES.glob("derby*")):
        game = resolve_game(root)
        _money_is_conserved(game)
        _nobody_acts_dead(game)


def test_resolving_twice_and_under_two_hash_seeds_is_byte_identical(tmp_path: Path) -> None:
    root = FIXTURES / "derby16"
    once = dumps(export_game(resolve_game(root)))
    assert once == dumps(export_game(resolve_game(root)))
    outs = []
    for seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        proc = subprocess.run([sys.executable, "-m", "adjudicator", "resolve", str(root),
                               "--json", "--no-write"], capture_output=True, env=env, check=False)
        assert proc.returncode == 0, proc.stderr.decode()
        outs.append(proc.stdout)
    assert outs[0] == outs[1]
    assert json.loads(outs[0]) == json.loads(once)


NIGHT_LINES = ["予想@りく 1万", "予想@男性 2万", "購入@りくの株", "購入@ゆうの株", "1株",
               "購入@りくの株 1株", "購入@ゆうの株 1株", "チャンス@GM"]


def _expected_night(lines: list[str]) -> tuple[str, str] | None:
    """A model of ds.night.one_action: what one player's night comes to."""
    held: tuple[str, str] | None = None  # (kind, what)
    for text in lines:
        if text == "1株":
            if held and held[0] == "inquiry":
                held = ("done", held[1])
            continue
        if held and held[0] in ("inquiry", "done"):
            if held[0] == "inquiry" and text == f"購入@{held[1]}の株 1株":
                held = ("done", held[1])
            continue
        if text.startswith("予想@"):
            held = ("bet", text)
        elif text.startswith("購入@"):
            issuer = text[3:].split("の株")[0]
            held = ("buy", issuer) if text.endswith("1株") else ("inquiry", issuer)
    return held


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(NIGHT_LINES), max_size=6))
def test_a_night_comes_to_what_the_one_action_rule_says(tmp_path_factory, lines: list[str]) -> None:  # type: ignore[no-untyped-def]
    day1 = "\n".join(f"{n}: 投票@めい" for n, _g, _r in ROSTER if n != "めい") + "\nめい: 投票@しん"
    night1 = "たろう: 噛み@しん\n" + "\n".join(f"なお: {t}" for t in lines)
    root = write_game(tmp_path_factory.mktemp("g"), {"day1": day1, "night1": night1})
    game = resolve_game(root)
    _one_action_a_night(game)
    night = game.phases[1]
    mine = [(e.kind, e) for e in night.events if e.player == "なお" and e.kind in NIGHT_KINDS]
    want = _expected_night(lines)
    if want is None:
        assert mine == []
        return
    assert len(mine) == 1, (lines, mine)
    kind, ev = mine[0]
    if want[0] == "bet":
        target = {"予想@りく 1万": "りく", "予想@男性 2万": "male"}[want[1]]
        assert kind == "bet_placed" and ev.target == target
    elif want[0] in ("buy", "done"):
        assert kind == "shares_bought" and ev.target == want[1]
    else:
        assert kind == "inquiry" and ev.target == want[1]


HOLDER_LINES = ["予想@けんた 1万", "購入@ゆうの株", "1株", "購入@ゆうの株 1株", "売却@",
                "売却@ゆうの株", "チャンス@GM"]


def _expected_holder_night(lines: list[str]) -> str | None:
    """The model of ds.night.one_action with sales: what なお's night3 comes to."""
    held: str | None = None  # bet / buy / inquiry / done / sold
    for text in lines:
        if text == "1株":
            if held == "inquiry":
                held = "done"
            continue
        if held in ("sold", "done"):
            continue
        if held == "inquiry":
            if text == "購入@ゆうの株 1株":
                held = "done"
            continue
        if text.startswith("予想@"):
            held = "bet"
        elif text.startswith("売却@"):
            held = "sold"
        elif text == "購入@ゆうの株":
            held = "inquiry"
        elif text == "購入@ゆうの株 1株":
            held = "buy"
    return held


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(HOLDER_LINES), max_size=6))
def test_a_holders_night_comes_to_what_the_one_action_rule_says(tmp_path_factory, lines: list[str]) -> None:  # type: ignore[no-untyped-def]
    # なお wins a bet on day2 (170,000), buys 1 share of ゆう at 低級 (50,000) on night2,
    # and plays ``lines`` on night3 holding 1 share with 120,000 in cash.
    names = [n for n, _g, _r in ROSTER]

    def votes(target: str, dead: tuple[str, ...]) -> str:
        alive = [n for n in names if n not in dead]
        other = next(n for n in alive if n != target)
        return "\n".join(f"{n}: 投票@{target if n != target else other}" for n in alive)

    logs = {"day1": votes("りく", ()) + "\nGM: 声援なし@ゆう",
            "night1": "たろう: 噛み@しん\nなお: 予想@めい 1万",
            "day2": votes("めい", ("りく", "しん")),
            "night2": "たろう: 噛み@さくら\nなお: 購入@ゆうの株 1株",
            "day3": votes("みか", ("りく", "しん", "めい", "さくら")),
            "night3": "たろう: 噛み@あい\n" + "\n".join(f"なお: {t}" for t in lines)}
    game = resolve_game(write_game(tmp_path_factory.mktemp("g"), logs))
    before = game.states[4].players["なお"]
    assert before.cash == 120_000 and before.stock is not None and before.stock.shares == 1
    _one_action_a_night(game)
    _money_is_conserved(game)
    kinds = [e.kind for e in game.phases[5].events if e.player == "なお" and e.kind in NIGHT_KINDS]
    want = {None: [], "bet": ["bet_placed"], "buy": ["shares_bought"], "done": ["shares_bought"],
            "inquiry": ["inquiry"], "sold": ["shares_sold"]}[_expected_holder_night(lines)]
    assert kinds == want, (lines, kinds)
