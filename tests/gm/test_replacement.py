"""代役: a newcomer takes over a seat from a phase on and inherits its state (role, cash,
society, gauge, faction, team…); the old name's later lines are chatter; the posts, the
notices and the report name both.

The strongest check needs no expected values: in every bundled game, handing a busy seat
to a newcomer from day 2 (round 2) on, and giving the newcomer that seat's lines, derives
exactly the same game as the original, apart from the lines that announce the
replacement."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from adjudicator.cli.main import main
from adjudicator.engine import resolve_game
from adjudicator.export import export_game
from adjudicator.games import get_variant
from adjudicator.report.html import render_report
from adjudicator.status import phase_status
from tests.support import hook, registered

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
GAMES = registered()
NEW = "しんいり"
LINE = re.compile(r"^(\[[0-9:]+\] )([^:：]+)([:：].*)$")


def first_later(name: str) -> str:
    """The game's second phase of the kind of its first (day2, round2)."""
    from typing import Any, cast

    ids = get_variant(name).phase_ids(cast(Any, None))
    first = next(ids)
    kind = first.rstrip("0123456789")
    return next(p for p in ids if p.rstrip("0123456789") == kind)


def later_logs(root: Path, start: str) -> list[Path]:
    def key(p: Path) -> tuple[int, int]:
        m = re.match(r"(day|night|round)([0-9]+)", p.stem)
        assert m
        return (int(m.group(2)), 1 if m.group(1) == "night" else 0)

    n = key(Path(start + ".txt"))
    return sorted((p for p in (root / "logs").glob("*.txt")
                   if "-" not in p.stem and key(p) >= n), key=key)


def busiest(root: Path, start: str, gms: set[str]) -> str:
    """The speaker with the most command lines from ``start`` on."""
    count: dict[str, int] = {}
    for p in later_logs(root, start):
        for line in p.read_text(encoding="utf-8").splitlines():
            m = LINE.match(line)
            if m and m.group(2) not in gms and "@" in m.group(3):
                count[m.group(2)] = count.get(m.group(2), 0) + 1
    return max(sorted(count), key=lambda s: count[s])


def hand_over(root: Path, seat: str, start: str) -> None:
    for p in later_logs(root, start):
        out = []
        for line in p.read_text(encoding="utf-8").splitlines():
            m = LINE.match(line)
            out.append(f"{m.group(1)}{NEW}{m.group(3)}" if m and m.group(2) == seat else line)
        p.write_text("\n".join(out) + "\n", encoding="utf-8")


def copy(tmp_path: Path, name: str, tag: str) -> Path:
    root = tmp_path / f"{name}-{tag}"
    shutil.copytree(SAMPLES / name, root)
    return root


def gm_names(root: Path) -> set[str]:
    from adjudicator.config.load import load_config

    return set(load_config(root / "game.toml").gm)


def without_announcements(post: str) -> str:
    return "\n".join(x for x in post.splitlines() if not x.startswith("【交代】"))


def same_game(a: Path, b: Path, seat: str, start: str) -> None:
    """The replaced game is the original one, its texts from ``start`` on naming the
    newcomer where they named the seat (the state and the events keep the seat)."""
    ga, gb = resolve_game(a), resolve_game(b)
    ea, eb = export_game(ga), export_game(gb)
    assert eb["players"] == ea["players"]  # every seat's final state, the replaced one too
    assert eb["winners"] == ea["winners"] and eb["finished"] == ea["finished"]
    for k in ea:
        if k not in ("phases", "diagnostics"):
            assert eb[k] == ea[k], k
    assert [p.id for p in gb.phases] == [p.id for p in ga.phases]
    held = False
    for pa, pb in zip(ga.phases, gb.phases, strict=True):
        held = held or pa.id == start

        def now(text: str) -> str:  # a player's own line quoted 「…」 stays as typed
            if not held:  # noqa: B023
                return text
            return "".join(part if part.startswith("「") and "@" in part
                           else part.replace(seat, NEW)
                           for part in re.split(r"(「[^」]*」)", text))

        assert without_announcements(pb.public_post) == now(
            without_announcements(pa.public_post)), pa.id
        evs = [e for e in pb.events if e.kind != "replacement"]
        assert [e.model_dump() for e in evs] == [e.model_dump() for e in pa.events], pa.id
        for name, notes in pa.private.items():
            got, want = pb.private[name], [now(n) for n in notes]
            if got != want:  # only the hand-over notice is added, in front
                assert name == seat and got[1:] == want and got[0].startswith(f"{NEW}さんへ")


@pytest.mark.parametrize("name", GAMES)
def test_game_toml_replacement_derives_the_same_game(tmp_path: Path, name: str) -> None:
    start = first_later(name)
    orig = copy(tmp_path, name, "orig")
    seat = busiest(orig, start, gm_names(orig))
    repl = copy(tmp_path, name, "repl")
    hand_over(repl, seat, start)
    with (repl / "game.toml").open("a", encoding="utf-8") as f:
        f.write(f'\n[[replacements]]\nphase = "{start}"\nold = "{seat}"\nnew = "{NEW}"\n')
    same_game(orig, repl, seat, start)
    game = resolve_game(repl)
    k = [p.id for p in game.phases].index(start)
    post = game.phases[k].public_post
    assert f"【交代】{seat}さんに代わり、{NEW}さんが参加します。" in post
    events = [e for e in game.phases[k].events if e.kind == "replacement"]
    assert len(events) == 1 and events[0].player == seat and events[0].target == NEW
    assert events[0].cause == "game.toml" and events[0].rule == "engine.replacement"
    # the newcomer is told everything the seat was told before
    before = [n for ph in game.phases[:k] for n in ph.private.get(seat, [])]
    handover = game.phases[k].private[seat][0]
    assert all(n in handover for n in before)
    html = render_report(game)
    assert "代役（交代）" in html and NEW in html
    assert f"{seat}（代役：{NEW}）" in html  # the players' table names who played the seat


@pytest.mark.parametrize("name", GAMES)
def test_directive_replacement_and_the_old_name_is_chatter(tmp_path: Path, name: str) -> None:
    start = first_later(name)
    orig = copy(tmp_path, name, "orig")
    gms = gm_names(orig)
    gm = sorted(gms)[0]
    seat = busiest(orig, start, gms)
    repl = copy(tmp_path, name, "repl")
    hand_over(repl, seat, start)
    log = repl / "logs" / f"{start}.txt"
    lines = log.read_text(encoding="utf-8").splitlines()
    stamp = LINE.match(lines[-1]).group(1)  # type: ignore[union-attr]
    # the directive (it holds for the whole phase, so it may come last and the other lines
    # keep their numbers), then a command from the old name: chatter now, not an action
    lines.append(f"{stamp}{gm}: 交代@{seat}→{NEW}")
    said = hook(name, "SEAT_COMMAND").format(name=NEW)
    lines.append(f"{stamp}{seat}: {said}")
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    same_game(orig, repl, seat, start)
    game = resolve_game(repl)
    k = [p.id for p in game.phases].index(start)
    recs = game.phases[k].lines
    directive = next(r for r in recs if "交代@" in r.text)
    assert directive.disposition == "gm" and directive.action == f"交代@{seat}→{NEW}"
    old = [r for r in recs if r.speaker == seat]
    assert old and all(r.disposition == "chatter" for r in old)
    assert any(r.code == "replaced" and NEW in (r.reason or "") for r in old)
    assert not any(d.level == "error" for p in game.phases for d in p.diagnostics)


def test_a_chain_of_replacements(tmp_path: Path) -> None:
    root = copy(tmp_path, "derby-stock", "chain")
    for phase, old, new in (("day2", "はなこ", "ゆきこ"), ("day3", "ゆきこ", "あかり")):
        log = root / "logs" / f"{phase}.txt"
        lines = log.read_text(encoding="utf-8").splitlines()
        lines.insert(1, f"[21:00] GM: 交代@{old}→{new}")
        log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    log = root / "logs" / "day3.txt"
    log.write_text(log.read_text(encoding="utf-8") + "[21:59] ゆきこ: 投票@たろう\n"
                   "[21:59] あかり: 投票@たろう\n", encoding="utf-8")
    game = resolve_game(root)
    day3 = game.phases[[p.id for p in game.phases].index("day3")]
    by = {r.speaker: r for r in day3.lines if r.text == "投票@たろう"}
    assert by["ゆきこ"].disposition == "chatter" and by["ゆきこ"].code == "replaced"
    assert by["あかり"].disposition in ("accepted", "rejected")  # read as the seat はなこ
    ev = next(e for e in day3.events if e.kind == "replacement")
    assert (ev.player, ev.data["old"], ev.target) == ("はなこ", "ゆきこ", "あかり")


def test_a_replacement_by_a_player_is_refused(tmp_path: Path) -> None:
    root = copy(tmp_path, "derby-stock", "bad")
    log = root / "logs" / "day2.txt"
    lines = log.read_text(encoding="utf-8").splitlines()
    lines.insert(1, "[21:00] GM: 交代@はなこ→たろう")
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    game = resolve_game(root)
    day2 = game.phases[2]
    rec = next(r for r in day2.lines if "交代@" in r.text)
    assert rec.disposition == "rejected" and "たろう" in (rec.reason or "")
    assert any(d.code == "bad_replacement" and d.level == "error" for d in day2.diagnostics)
    assert not any(e.kind == "replacement" for e in day2.events)


def test_status_and_notices_name_the_newcomer(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    root = copy(tmp_path, "derby-stock", "st")
    with (root / "game.toml").open("a", encoding="utf-8") as f:
        f.write('\n[[replacements]]\nphase = "day2"\nold = "はなこ"\nnew = "ゆきこ"\n')
    st = phase_status(root, "day2", "[21:00] たろう: 投票@じろう\n[21:01] はなこ: 投票@じろう\n"
                      .encode())
    assert "はなこ" in st.waiting  # the seat: the old name's vote is chatter
    assert "ゆきこさん" in st.post and "はなこさん" not in st.post
    st = phase_status(root, "day2", "[21:01] ゆきこ: 投票@じろう\n".encode())
    assert "はなこ" in st.done and "ゆきこ" not in st.post
    assert main(["resolve", str(root), "--phase", "day2", "--no-write"]) in (0, 1)
    out = capsys.readouterr().out
    assert "--- ゆきこさん（はなこさんの席）への通知 ---" in out
