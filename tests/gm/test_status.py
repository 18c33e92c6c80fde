"""途中集計 (adjudicator status): who has acted and who has not, from a partial log read on
top of the stored earlier phases; the public reminder names no secret; nothing stored."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from adjudicator.cli.main import main
from adjudicator.config.load import load_config
from adjudicator.engine import resolve_game
from adjudicator.errors import UsageError
from adjudicator.status import announced_deadline, phase_status
from tests.support import log_lines as lines
from tests.support import registered
from tests.support import sample_copy as sample

VOTE = re.compile(r"^\[[0-9:]+\] ([^:]+): .*投票@")


def tree_digest(root: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(root.rglob("*")):
        h.update(str(p.relative_to(root)).encode())
        if p.is_file():
            h.update(p.read_bytes())
    return h.hexdigest()


def test_a_day_cut_after_every_vote_line(tmp_path: Path) -> None:
    """Cut day1 after every line: waiting is every living player who has not written a
    vote so far, done the ones who have; the tally counts every done player once; the
    reminder names exactly the waiting ones."""
    root = sample(tmp_path, "derby-stock")
    players = [p.name for p in load_config(root / "game.toml").players]
    log = lines(root, "day1")
    game = resolve_game(root)
    cuts = 0
    for k in range(len(log) + 1):
        part = "\n".join(log[:k])
        voted = {m.group(1) for line in log[:k] if (m := VOTE.match(line))} & set(players)
        st = phase_status(root, "day1", part.encode(), game=game)
        assert st.waiting == [p for p in players if p not in voted], k
        assert st.done == [p for p in players if p in voted], k
        assert sum(st.tally.values()) == len(voted)
        named = set(re.findall(r"([^：、（]+)さん", st.post))
        assert named == set(st.waiting)
        assert not named & voted
        cuts += 1
    assert cuts == len(log) + 1
    # the whole log: the waiting ones are the non-voters of the resolved vote post (none)
    no_vote = [e.data["players"] for e in game.phases[0].events if e.kind == "no_vote"]
    assert st.waiting == (no_vote[0] if no_vote else [])
    assert st.closed  # the log ends with the GM's 締め切り
    assert st.post.startswith("締め切りました。")


def test_a_later_day_counts_only_the_living(tmp_path: Path) -> None:
    root = sample(tmp_path, "derby-stock")
    game = resolve_game(root)
    before = game.states[1]  # after night1: the state day2 starts from
    alive = [n for n, p in before.players.items() if p.alive]
    dead = [n for n, p in before.players.items() if not p.alive]
    assert dead
    st = phase_status(root, "day2", b"[21:00] GM: 2\xe6\x97\xa5\xe7\x9b\xae", game=game)
    assert st.waiting == alive
    assert not set(dead) & set(st.waiting)


def test_a_superseded_vote_still_counts_once(tmp_path: Path) -> None:
    root = sample(tmp_path, "derby-stock")
    text = "[21:00] たろう: 投票@しょう\n[21:01] たろう: やっぱり 投票@はなこ\n"
    st = phase_status(root, "day1", text.encode())
    assert st.done == ["たろう"]
    assert st.tally == {"はなこ": 1}
    assert st.votes == [("たろう", "はなこ")]


def test_nothing_is_stored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = sample(tmp_path, "derby-stock")
    before = tree_digest(root)
    part = root.parent / "part.txt"
    part.write_text("[21:00] たろう: 投票@しょう\n", encoding="utf-8")
    assert main(["status", str(root), "day1", str(part)]) == 0
    assert main(["status", str(root), "night2"]) == 0  # the stored log of night2
    assert main(["status", str(root), "night4", str(part), "--json"]) == 0
    capsys.readouterr()
    assert tree_digest(root) == before


def test_the_night_post_names_no_one_and_never_changes(tmp_path: Path) -> None:
    """Wolves act as one pack; the seer and the hunter each; derby actions are optional.
    The public reminder of the night is one text, whoever has acted."""
    root = sample(tmp_path, "derby-stock")
    game = resolve_game(root)
    state = game.states[0]  # after day1
    wolves = [n for n, p in state.players.items() if p.alive and p.role == "wolf"]
    log = lines(root, "night1")
    posts = set()
    for k in range(len(log)):
        st = phase_status(root, "night1", "\n".join(log[:k]).encode(), game=game)
        wolf = next(g for g in st.groups if g.label.startswith("人狼"))
        bit = any("噛み@" in line for line in log[:k])
        assert (wolf.waiting, wolf.done) == (((), tuple(wolves)) if bit else
                                            (tuple(wolves), ()))
        optional = [g for g in st.groups if g.optional]
        assert optional and not set(st.waiting) & {n for g in optional for n in g.done
                                                   if n not in wolves}
        if not st.closed:
            posts.add(st.post)
        assert not any(n in st.post for n in state.players)
    assert len(posts) == 1
    assert "GM" in posts.pop()


def test_deadline_announced_or_given(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert announced_deadline("締め切りは21:30です") == "21:30"
    assert announced_deadline("本日の投票締切 21時半") == "21:30"
    assert announced_deadline("22時締め切りです") == "22:00"
    assert announced_deadline("締め切り") is None
    root = sample(tmp_path, "derby-stock")
    text = "[21:00] GM: 投票の締め切りは21:30です\n[21:01] たろう: 投票@しょう\n"
    st = phase_status(root, "day1", text.encode())
    assert st.deadline == "21:30" and not st.closed
    assert st.post.endswith("（締め切り 21:30）")
    part = root / "p.txt"
    part.write_text("[21:01] たろう: 投票@しょう\n", encoding="utf-8")
    assert main(["status", str(root), "day1", str(part), "--json", "--deadline", "22:15"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"phase", "waiting", "done", "post"} <= set(data)
    assert data["phase"] == "day1" and data["deadline"] == "22:15"
    assert "たろう" in data["done"] and "たろう" not in data["post"]
    assert data["post"].endswith("（締め切り 22:15）")
    assert main(["status", str(root), "day1", str(part), "--deadline", "9pm"]) == 2
    assert main(["status", str(root), "day1", str(part), "--post"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("未投票：") and "たろうさん" not in out


def test_gm_view_has_the_tally(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = sample(tmp_path, "derby-stock")
    part = root / "p.txt"
    part.write_text("[21:01] たろう: 投票@しょう\n[21:02] はなこ: 投票@しょう\n", encoding="utf-8")
    assert main(["status", str(root), "day1", str(part)]) == 0
    out = capsys.readouterr().out
    assert "しょう 2票" in out and "たろう→しょう" in out
    post = out.split("― 公開用の催促 ―")[1]
    assert not re.search("[0-9]票|→", post)


def test_a_phase_not_reached_is_bad_usage(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                          ) -> None:
    root = sample(tmp_path, "genpei")
    with pytest.raises(UsageError, match="no phase 'day40'") as caught:
        phase_status(root, "day40", b"x: y")
    # the sample game is over: said first, and no next phase offered (review 3, C3)
    assert caught.value.ja.startswith("このゲームは7日目 昼で終了しています。40日目 昼の途中集計は"
                                      "できません。途中集計できるのは記録済みの1日目")
    assert "次の" not in caught.value.ja
    assert main(["status", str(root), "night40"]) == 2
    err = capsys.readouterr().err
    assert "40日目 夜の途中集計はできません" in err and "night" not in err


@pytest.mark.parametrize("variant", registered())
def test_every_villages_reminder_names_only_the_waiting(tmp_path: Path, variant: str) -> None:
    """Every village's sample, every stored phase cut after every line: the public reminder
    names no player who is not waiting (it tells no secret: who acts at night, who has
    done so), and no one is both waiting and done. Each village's own groups are pinned in
    tests/games/<package>/test_status.py."""
    root = sample(tmp_path, variant)
    game = resolve_game(root)
    names = set(game.state.players)
    assert names
    cuts = 0
    for ph in game.phases:
        log = lines(root, ph.id)
        for k in range(len(log) + 1):
            st = phase_status(root, ph.id, "\n".join(log[:k]).encode(), game=game)
            named = {n for n in names if f"{n}さん" in st.post}
            assert named <= set(st.waiting), (ph.id, k, st.post)
            assert not set(st.waiting) & set(st.done), (ph.id, k)
            cuts += 1
    assert cuts > len(game.phases)
