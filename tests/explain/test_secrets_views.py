"""Fixed cases of "a player's view never says what that player may not know" (issue 24),
and the lines accounted as the rulings say (issue 26): each leak found once, pinned.

- 秘密結社村: the leader whose invitation a 土遁 stopped, the pirate whose rope it
  stopped, the ninja whose 影縫い it stopped, and the rival leader whose invitee the
  pirates roped learn what they saw happen, under the rule they can know; the GM's view
  still gives the reason.
- トラップワード: a round log with only the secret words and the traps gives the start
  post alone.
- The desk's explain page is the public view unless a player or the GM is chosen.
- 秘密結社村: a technique before the GM opens the vote is rejected with the reason, even
  when the same line follows the opening; no 「None」 for a question game.toml lacks.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from adjudicator.engine import resolve_game
from adjudicator.explain import explain_text
from adjudicator.games.base import PhaseInput
from adjudicator.models import Event
from adjudicator.sentences import sentence
from adjudicator.views import View, notice_events
from tests.support import FIXTURES
from tests.support.secret_society import edit, run, start, variant

SECRET = FIXTURES / "secret-society-secret"


def copy_game(src: Path, tmp: Path) -> Path:
    root = tmp / src.name
    shutil.copytree(src, root, ignore=shutil.ignore_patterns("expected", "out"))
    return root


def replace_in_log(root: Path, log: str, old: str, new: str) -> None:
    path = root / "logs" / log
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


# ---------------------------------------------------------------- 土遁 stops an invitation
def test_the_leader_whose_invitation_doton_stopped_learns_only_that_it_failed() -> None:
    game = resolve_game(SECRET)
    mine = explain_text(game, view=View.of("ドク"), phase="night1")
    assert "こたろうさんへの勧誘は届きませんでした" in mine
    assert "土遁" not in mine
    assert "ss.ninja.doton" not in mine and "ルール「勧誘」" in mine and "土遁の術" not in mine
    notices = game.phases[1].private["ドク"]
    assert any("こたろうさんへの勧誘は届きませんでした" in t for t in notices)
    assert not any("土遁" in t for t in notices)
    gm = explain_text(game, view=View.gm(), phase="night1")
    assert "こたろうさんは土遁の術を使っていたため、ドクさんの勧誘は届きませんでした" in gm
    assert "ss.ninja.doton" in gm


def test_the_event_keeps_the_reason_for_the_gm_and_drops_it_for_the_player() -> None:
    game = resolve_game(SECRET)
    ev = next(e for e in game.phases[1].events if e.kind == "invite_blocked")
    assert ev.rule == "ss.ninja.doton" and ev.data["why"] == "doton"
    seen = View.of("ドク").project(ev)
    assert seen.rule == "ss.recruit" and "why" not in seen.data
    assert View.gm().project(ev) is ev
    flat = ev.flat()
    assert flat["gm_only"] == ["why"] and flat["known_rule"] == "ss.recruit"


# ---------------------------------------------------------------- the rope and a rival
def test_a_rival_leader_is_not_told_the_rope_nor_the_new_society(tmp_path: Path) -> None:
    root = copy_game(SECRET, tmp_path)  # review case ss-rope: ドク also invites こたろう
    replace_in_log(root, "night3.txt", "ドク: 勧誘@ここ", "ドク: 勧誘@こたろう")
    replace_in_log(root, "night3.txt", "ここ: 拒否", "こたろう: 承諾")
    game = resolve_game(root)
    night3 = next(ph for ph in game.phases if ph.id == "night3")
    notices = night3.private["ドク"]
    assert "こたろうさんへの勧誘は成立しませんでした。" in notices
    for text in [*notices, explain_text(game, view=View.of("ドク"), phase="night3")]:
        assert "大縄" not in text and "海賊団に入" not in text, text
    assert any("大縄とフックでこたろうさんを海賊団に入れました" in t
               for t in night3.private["ロジャー"])
    gm = explain_text(game, view=View.gm(), phase="night3")
    assert "こたろうさんは大縄とフックで海賊団に入ったため" in gm


def _ninja_and_pirate_state():  # type: ignore[no-untyped-def]
    v = variant()
    st = edit(start(v), はやて={"techniques": ["kuchiyose", "kagenui"]},
              アン={"society": "ninja", "techniques": ["doton"]},
              ドレイク={"gold": 3}, こう={"doton": True})
    return v, st


def _notices(v, before, em, phase: str) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    pin = PhaseInput(id=phase, actions=[], directives=[], extra_logs={}, lines=[])
    return v.render(before, em.state, pin, em.events)[1]


def test_the_ninja_whose_kagenui_doton_stopped_learns_only_that_it_failed() -> None:
    v, st = _ninja_and_pirate_state()
    em, rejected = run(v, st, "day1", [("アン", "土遁"), ("はやて", "影縫い@アン")])
    assert not rejected
    ev = next(e for e in em.events if e.kind == "kagenui_blocked")
    notice = _notices(v, st, em, "day1")["はやて"]
    assert "影縫いの術はアンさんに届きませんでした。" in notice
    mine = sentence("secret-society", ev, View.of("はやて"))
    assert "土遁" not in mine and "アンさん" in mine
    assert View.of("はやて").project(ev).rule == "ss.ninja.kagenui"
    assert "土遁" in sentence("secret-society", ev, View.gm())


def test_the_pirate_whose_rope_doton_stopped_learns_only_that_it_failed() -> None:
    v, st = _ninja_and_pirate_state()
    em, rejected = run(v, st, "night1", [("ドレイク", "大縄@こう")])
    assert not rejected
    ev = next(e for e in em.events if e.kind == "rope_blocked")
    notice = _notices(v, st, em, "night1")["ドレイク"]
    assert any("大縄とフックはこうさんに届きませんでした" in t for t in notice)
    assert not any("土遁" in t for t in notice)
    assert "土遁" not in sentence("secret-society", ev, View.of("ドレイク"))
    assert View.of("ドレイク").project(ev).rule == "ss.pirate.rope"


# ---------------------------------------------------------------- Trap Word before play
TW_TOML = """variant = "trapword"
seed = 11
gm = ["GM"]
[options]
tiles = [3, 4, 5]
curses = 1
monster = "sand_golem"
[[teams]]
name = "赤"
members = ["たろう", "はなこ", "じろう"]
first = true
[[teams]]
name = "青"
members = ["さくら", "けんた", "みゆき"]
"""


def test_an_unplayed_round_gives_its_start_post_only(tmp_path: Path) -> None:
    root = tmp_path / "tw"
    (root / "logs").mkdir(parents=True)
    (root / "game.toml").write_text(TW_TOML, encoding="utf-8")
    (root / "logs" / "round1.txt").write_text(
        "[21:00:00] GM: ラウンド1を始めます\n[21:00:05] GM: 秘密@赤 りんご\n"
        "[21:00:06] GM: 秘密@青 バスケットボール\n[21:00:30] さくら: トラップ@果物、赤い、青森\n",
        encoding="utf-8")
    game = resolve_game(root)
    ph = game.phases[0]
    assert ph.public_post.startswith("【第1ラウンド開始】")
    assert "結果" not in ph.public_post and "失敗" not in ph.public_post
    assert "りんご" not in ph.public_post and "バスケットボール" not in ph.public_post
    assert any("りんご" in t for t in ph.private["たろう"])  # the giver still told
    assert any(d.code == "round_not_played" for d in ph.diagnostics)
    assert not game.variant.finished(game.state) and game.state.round == 0
    for name in ("はなこ", "けんた"):
        mine = explain_text(game, view=View.of(name))
        own = "りんご" if name == "けんた" else "バスケットボール"  # the other team's word
        theirs = "バスケットボール" if own == "りんご" else "りんご"
        assert theirs not in mine, name


# ---------------------------------------------------------------- the desk
def test_the_desk_explain_page_defaults_to_the_public_view(tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from adjudicator.desk.app import create_app

    folder = tmp_path / "games"
    shutil.copytree(SECRET, folder / "g", ignore=shutil.ignore_patterns("expected", "out"))
    c = TestClient(create_app(folder, hosts=("testserver",)))
    page = c.get("/g/g/explain").text
    assert "GM専用" not in page and "公開情報" in page and "土遁の術を使っていたため" not in page
    mine = c.get("/g/g/explain", params={"player": "ドク"}).text
    assert "ドクさんの視点" in mine and "土遁の術を使っていたため" not in mine
    gm = c.get("/g/g/explain", params={"gm": "1"}).text
    assert "GM専用" in gm and "土遁の術を使っていたため" in gm
    assert c.get("/g/g/explain", params={"line": "logs/night1.txt:4"}).status_code == 400


# ---------------------------------------------------------------- issue 26's two lines
def test_a_technique_before_the_vote_opens_is_rejected_even_when_repeated_after(
        tmp_path: Path) -> None:
    root = copy_game(SECRET, tmp_path)
    replace_in_log(root, "day3.txt", "[21:05] ゲームマスター: 投票時間です",
                   "[21:04] ふうま: 影縫い@シャドウ\n[21:05] ゲームマスター: 投票時間です")
    game = resolve_game(root)
    day3 = next(ph for ph in game.phases if ph.id == "day3")
    early = next(r for r in day3.lines if r.ref == "logs/day3.txt:4")
    assert early.text == "影縫い@シャドウ"
    assert early.disposition == "rejected" and "投票時間の前" in (early.reason or "")
    later = next(r for r in day3.lines if r.ref == "logs/day3.txt:7")
    assert later.disposition == "accepted"
    assert not any(e.kind == "superseded" and e.cause == early.ref for e in day3.events)
    assert any(e.kind == "rejected" and e.cause == early.ref and e.to == "ふうま"
               for e in day3.events)
    mine = explain_text(game, view=View.of("ふうま"), phase="day3")
    assert "却下：投票時間の前の行動のため無効です" in mine


def test_a_recruit_chance_without_a_question_says_the_gm_gives_it() -> None:
    for kind in ("chance_question", "chance_applied"):
        ev = Event(kind=kind, rule="ss.chance.task", cause="phase:day2", audience="player",
                   to="うた", player="うた", data={"question": None, "society": "chrono"})
        for view in (View.gm(), View.of("うた")):
            text = sentence("secret-society", ev, view)
            assert "None" not in text and "GMが出題します" in text, text


def test_notice_events_are_the_players_own_as_they_may_know_them() -> None:
    ev = Event(kind="invite_blocked", rule="ss.ninja.doton", cause="logs/night1.txt:4",
               audience="player", to="ドク", player="ドク", target="こたろう",
               data={"why": "doton", "society": "chrono"}, gm_only=("why",),
               known_rule="ss.recruit")
    other = ev.model_copy(update={"to": "ロジャー"})
    got = notice_events([ev, other], "ドク")
    assert [e.to for e in got] == ["ドク"]
    assert got[0].rule == "ss.recruit" and got[0].data == {"society": "chrono"}


def test_a_pistol_doton_stopped_shows_the_die_to_the_shooter_and_the_reason_to_the_gm(
        ) -> None:
    ev = Event(kind="pistol", rule="ss.pirate.pistol", cause="logs/night2.txt:3",
               audience="player", to="アン", player="アン", target="こう",
               data={"roll": 5, "outcome": "blocked", "why": "doton"}, gm_only=("why",))
    mine = sentence("secret-society", ev, View.of("アン"))
    assert "5" in mine and "こうさんに届きませんでした" in mine and "土遁" not in mine
    assert "土遁" in sentence("secret-society", ev, View.gm())
