"""秘密結社村: one test (at least) per rule id of secret-society.md, each computed by hand
on the fixture roster (ninja はやて(L) かすみ, pirates ドレイク(L) アン, chrono クロエ(L)
トキオ, secret ミスト(L), eleven unaffiliated).

Each test is tagged with the rule ids it pins (``@rules(...)``); the last test checks
that every rule id of the bundled rule file is pinned by some test.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from adjudicator.config.load import GameConfig
from adjudicator.games.base import Emitter
from adjudicator.games.secret_society import SecretSociety
from adjudicator.games.secret_society.state import (
    TECHNIQUES,
    Bomb,
    SsState,
    leader_of,
    members,
    society_ja,
)
from adjudicator.render import render
from tests.support import RulePins, resolved
from tests.support.secret_society import (
    CFG,
    NAMES,
    edit,
    kinds,
    lines_to_candidates,
    of,
    run,
    start,
    variant,
)

rules = RulePins('secret-society.md')  # @rules(...) pins a rule id
TASKED = ("はやて", "かすみ", "ドレイク", "アン", "クロエ", "トキオ")




def votes(st: SsState, target: str | None) -> list[tuple[str, str]]:
    """Every living player votes ``target`` (who votes for the first other living player);
    None: nobody votes."""
    if target is None:
        return []
    alive = [n for n, p in st.players.items() if p.alive]
    other = next(n for n in alive if n != target)
    return [(n, f"投票@{target if n != target else other}") for n in alive]


def judged(ok: tuple[str, ...] = TASKED, ng: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    out = []
    ok = tuple(x for x in ok if x not in ng)
    if ok:
        out.append(("GM", "課題成功@" + "、".join(ok)))
    if ng:
        out.append(("GM", "課題失敗@" + "、".join(ng)))
    return out


def day(st: SsState, n: int, lines: list[tuple[str, str]], execute: str | None = None,
        v: SecretSociety | None = None) -> tuple[Emitter[SsState], list[tuple[str, str]]]:
    return run(v or variant(), st, f"day{n}", lines + votes(st, execute))


def night(st: SsState, n: int, lines: list[tuple[str, str]],
          v: SecretSociety | None = None) -> tuple[Emitter[SsState], list[tuple[str, str]]]:
    return run(v or variant(), st, f"night{n}", lines)


def notices(em: Emitter[SsState], name: str) -> list[str]:
    return [render("secret-society/notice.txt.j2", ev=e, day=1, texts={}, society_ja=society_ja,
                   techniques=TECHNIQUES).strip()
            for e in em.events if e.audience == "player" and e.to == name]


def kill(st: SsState, *names: str) -> SsState:
    return edit(st, **{n: {"alive": False} for n in names})


def codes(rejected: list[tuple[str, str]]) -> list[str]:
    return [c for _s, c in rejected]


# ---------------------------------------------------------------- setup and societies
@rules("ss.setup")
def test_setup_counts_and_notices() -> None:
    assert SecretSociety.config_problems(CFG) == []
    short = CFG.model_copy(update={"players": CFG.players[:17]})
    assert any("18" in p for p in SecretSociety.config_problems(short))
    two = [p.model_copy(update={"leader": True}) if p.name == "かすみ" else p for p in CFG.players]
    problems = SecretSociety.config_problems(CFG.model_copy(update={"players": two}))
    assert any("'ninja' needs exactly one leader" in p for p in problems)
    v = variant()
    em: Emitter[SsState] = Emitter(state=start(v), evolve=v.evolve, rng=None,  # type: ignore[arg-type]
                                   phase="day1")
    v.setup_events(em)
    assert kinds(em).count("member") == 7 and kinds(em).count("unaffiliated") == 11
    assert notices(em, "はやて") == ["あなたは忍びの里のリーダーです。口寄せの術が使えます。"]
    assert notices(em, "アン") == ["あなたは海賊団のメンバーです。"]
    assert notices(em, "さら") == ["あなたは未入会です。結社からの勧誘を待ちましょう。"]


@rules("ss.join_order")
def test_leaders_join_first_then_first_members_in_listed_order() -> None:
    st = start()
    seq = {n: p.joined for n, p in st.players.items() if p.joined}
    assert seq == {"はやて": 1, "ドレイク": 2, "クロエ": 3, "ミスト": 4, "かすみ": 5, "アン": 6,
                   "トキオ": 7}
    # a first member listed before the leader still joins after the leader
    swapped = [CFG.players[1], CFG.players[0], *CFG.players[2:]]
    st2 = SecretSociety(CFG.model_copy(update={"players": swapped})).initial_state()
    assert st2.players["はやて"].joined == 1 and st2.players["かすみ"].joined == 5
    assert members(st2, "ninja") == ["はやて", "かすみ"]


@rules("ss.leader.succession")
def test_the_earliest_joined_living_member_succeeds_and_only_they_are_told() -> None:
    st = start()
    # あおい joins the ninja after かすみ: かすみ (joined 5) succeeds, not あおい
    st = edit(st, あおい={"society": "ninja", "joined": 8})
    em, _ = day(st, 1, judged(), execute="はやて")
    assert [(e.player, e.target, e.to) for e in of(em, "leader")] == [("かすみ", "ninja", "かすみ")]
    assert leader_of(em.state, "ninja") == "かすみ" and not em.state.players["あおい"].leader
    assert notices(em, "かすみ")[-1] == "あなたが忍びの里のリーダーになりました。口寄せの術が使えます。"
    assert "kuchiyose" in em.state.players["かすみ"].techniques
    assert not any(e.to == "あおい" for e in of(em, "leader"))


@rules("ss.p.succession")
def test_successor_invites_that_night_and_a_chance_join_leads_an_emptied_society() -> None:
    em, _ = day(start(), 1, judged(), execute="はやて")
    em2, rejected = night(em.state, 1, [("かすみ", "勧誘@あおい"), ("あおい", "承諾")])
    assert rejected == [] and em2.state.players["あおい"].society == "ninja"
    # chrono emptied; うみ applied on day2 and answers right in night2: she leads it
    st = edit(kill(start(), "クロエ", "トキオ"), うみ={})
    st = st.model_copy(update={"chance": {"うみ": "chrono"}})
    em3, _ = night(st, 2, [("うみ", "解答@富士山")])
    assert em3.state.players["うみ"].society == "chrono" and em3.state.players["うみ"].leader
    assert [e.player for e in of(em3, "leader")] == ["うみ"]


# ---------------------------------------------------------------- win
@rules("ss.win.main", "ss.win.secret")
def test_last_main_society_standing_wins_with_living_secret_members() -> None:
    st = kill(start(), "クロエ", "トキオ", "ドレイク")
    st = edit(st, けい={"society": "secret", "joined": 9, "alive": False})
    em, _ = day(st, 3, judged(("はやて", "かすみ", "アン")), execute="アン")
    assert em.state.finished and em.state.team_won == "ninja"
    assert em.state.winners == ["はやて", "かすみ", "ミスト"]  # dead secret けい does not win
    post = render("secret-society/vote.txt.j2", day=3, events=[e for e in em.events
                  if e.audience == "public"], society_ja=lambda s: {"ninja": "忍びの里"}.get(s, s))
    assert "忍びの里の勝利です" in post and "シークレットの生存者（ミストさん）も勝利です" in post


@rules("ss.win.main")
def test_no_main_society_standing_gives_no_main_winner() -> None:
    st = kill(start(), "はやて", "かすみ", "クロエ", "トキオ", "ドレイク")
    em, _ = day(st, 3, judged(("アン",)), execute="アン")
    assert em.state.team_won == "none" and em.state.winners == ["ミスト"]


@rules("ss.win.membership")
def test_membership_at_the_end_decides() -> None:
    st = kill(start(), "クロエ", "トキオ", "ドレイク")
    st = edit(st, あおい={"society": "ninja", "joined": 8, "traitor": True,
                          "excommunicated": True},
              いつき={"society": "ninja", "joined": 9, "alive": False},
              うみ={"excommunicated": True})
    em, _ = day(st, 3, judged(("はやて", "かすみ", "あおい", "アン")), execute="アン")
    assert em.state.winners == ["はやて", "かすみ", "ミスト", "あおい", "いつき"]
    assert "うみ" not in em.state.winners and "けい" not in em.state.winners


# ---------------------------------------------------------------- recruiting
@rules("ss.recruit")
def test_invitation_accept_refuse_and_silence() -> None:
    em, rejected = night(start(), 1, [("はやて", "勧誘@あおい"), ("ドレイク", "勧誘@いつき"),
                                      ("クロエ", "勧誘@うみ"), ("かすみ", "勧誘@えま"),
                                      ("あおい", "承諾"), ("いつき", "拒否")])
    assert codes(rejected) == ["not_leader"]
    assert em.state.players["あおい"].society == "ninja"
    assert em.state.players["いつき"].society is None and em.state.players["うみ"].society is None
    assert [e.player for e in of(em, "no_answer")] == ["うみ"]
    assert notices(em, "はやて") == ["あおいさんが勧誘を承諾し、忍びの里に入会しました。"]
    assert notices(em, "ドレイク") == ["いつきさんは勧誘を断りました。"]
    assert em.state.players["あおい"].joined == 8


@rules("ss.recruit.secret")
def test_secret_invitation_is_anonymous() -> None:
    em, _ = night(start(), 1, [("ミスト", "勧誘@あおい"), ("あおい", "承諾")])
    note = notices(em, "あおい")
    assert note[0] == "昨晩、シークレットから匿名の勧誘が届きました。"
    assert not any("ミスト" in n for n in note)
    assert all(e.player != "ミスト" and "ミスト" not in e.data.values()
               for e in em.events if e.audience == "player" and e.to == "あおい")
    assert em.state.players["あおい"].society == "secret"


@rules("ss.recruit.none_night2")
def test_no_recruiting_on_night2() -> None:
    st = edit(start(), ドレイク={"gold": 3})
    _em, rejected = night(st, 2, [("はやて", "勧誘@あおい"), ("ドレイク", "大縄@いつき")])
    assert codes(rejected) == ["no_recruit_night2", "no_recruit_night2"]


@rules("ss.betrayal")
def test_joining_from_a_society_or_after_excommunication_makes_a_traitor() -> None:
    st = edit(start(), うみ={"excommunicated": True})
    em, _ = night(st, 1, [("はやて", "勧誘@アン"), ("アン", "承諾"),
                          ("クロエ", "勧誘@うみ"), ("うみ", "承諾"),
                          ("ミスト", "勧誘@えま"), ("えま", "承諾")])
    p = em.state.players
    assert p["アン"].traitor and p["アン"].society == "ninja"
    assert p["うみ"].traitor and p["うみ"].society == "chrono"
    assert not p["えま"].traitor
    assert members(em.state, "pirates") == ["ドレイク"]
    assert notices(em, "アン")[-1] == "忍びの里に入会しました。\n海賊団に所属したまま忍びの里に入ったため、裏切り者となりました（海賊団は抜けました）。"
    # a traitor stays a traitor, even back in a society it never left
    em2, _ = night(em.state, 3, [("ドレイク", "勧誘@アン"), ("アン", "承諾")])
    assert em2.state.players["アン"].traitor and em2.state.players["アン"].society == "pirates"


# ---------------------------------------------------------------- tasks
@rules("ss.task")
def test_gm_judges_lists_and_an_unjudged_member_fails() -> None:
    em, _ = day(start(), 1, judged(("はやて", "かすみ", "ドレイク", "アン", "クロエ")))
    days = {e.player: e.data["success"] for e in of(em, "task_day")}
    assert days == {"はやて": True, "かすみ": True, "ドレイク": True, "アン": True,
                    "クロエ": True, "トキオ": False}
    assert [d.code for d in em.diagnostics] == ["not_judged"]
    assert em.state.players["トキオ"].fails == 1


@rules("ss.task.day")
def test_one_success_makes_the_day_and_every_success_is_rewarded() -> None:
    lines = [("GM", "課題失敗@かすみ"), ("GM", "課題成功@かすみ"), ("GM", "課題成功@ドレイク"),
             ("GM", "課題成功@ドレイク"), *judged(("はやて", "アン", "クロエ", "トキオ"))]
    em, _ = day(start(), 1, lines)
    d = {e.player: (e.data["success"], e.data["successes"]) for e in of(em, "task_day")}
    assert d["かすみ"] == (True, 1) and d["ドレイク"] == (True, 2)
    assert em.state.players["ドレイク"].gold == 2 and em.state.players["かすみ"].fails == 0


@rules("ss.excommunicate")
def test_two_failed_days_excommunicate_a_member_never_a_leader() -> None:
    st = edit(start(), かすみ={"fails": 1}, はやて={"fails": 1}, アン={"fails": 0})
    em, _ = day(st, 2, judged(("ドレイク", "クロエ", "トキオ"), ("かすみ", "はやて", "アン")))
    assert [e.player for e in of(em, "excommunicated")] == ["かすみ"]
    p = em.state.players["かすみ"]
    assert p.society is None and p.excommunicated and p.techniques == []
    assert notices(em, "かすみ")[-1] == ("2日連続で課題を達成できなかったため、忍びの里を破門されました。"
                                         "あなたは未入会になりました。")
    assert all(e.audience == "player" for e in of(em, "excommunicated"))
    assert em.state.players["はやて"].society == "ninja"


# ---------------------------------------------------------------- morning
@rules("ss.punish")
def test_punishment_takes_the_first_non_empty_class() -> None:
    st = edit(start(), アン={"traitor": True}, かな={"traitor": True, "society": "ninja"})
    em, _ = night(st, 1, [])
    draw = next(e for e in em.events if e.kind == "draw" and e.rule == "ss.punish")
    assert draw.data["among"] == ["アン", "かな"]
    dead = of(em, "death")
    assert len(dead) == 1 and dead[0].player == draw.target and dead[0].data["how"] == "punished"
    em2, _ = night(start(), 1, [])
    draw2 = next(e for e in em2.events if e.kind == "draw" and e.rule == "ss.punish")
    assert draw2.data["among"] == [n for n in NAMES if start().players[n].society is None]


@rules("ss.p.punish")
def test_members_class_holds_leaders_and_secret_members() -> None:
    free = [n for n in NAMES if start().players[n].society is None]
    em, _ = night(kill(start(), *free), 1, [])
    draw = next(e for e in em.events if e.kind == "draw" and e.rule == "ss.punish")
    assert draw.data["among"] == ["はやて", "かすみ", "ドレイク", "アン", "クロエ", "トキオ", "ミスト"]


@rules("ss.reveal", "ss.p.reveal")
def test_morning_counts_last_nights_joins_and_betrayals() -> None:
    v = variant()
    st = edit(start(), ドレイク={"gold": 3})
    em, _ = night(st, 1, [("はやて", "勧誘@アン"), ("アン", "承諾"), ("ドレイク", "大縄@かな"),
                          ("ミスト", "勧誘@えま"), ("えま", "承諾")], v=v)
    reveal = of(em, "reveal")[0]
    assert (reveal.data["joined"], reveal.data["betrayed"]) == (3, 1)
    post = render("secret-society/morning.txt.j2", day=2, events=[e for e in em.events
                  if e.audience == "public"], view={"alive": [], "dead": []},
                  society_ja=str)
    assert "昨晩は3人入社、1人裏切りました。" in post
    # the next night: no joins; the counts are last night's, never running totals
    em2, _ = night(em.state, 3, [])
    assert (of(em2, "reveal")[0].data["joined"], of(em2, "reveal")[0].data["betrayed"]) == (0, 0)


# ---------------------------------------------------------------- Recruit Chance
@rules("ss.chance.apply")
def test_recruit_chance_application_and_answer() -> None:
    em, rejected = day(start(), 2, [*judged(), ("GM", "投票時間です"), ("あおい", "入会希望@忍びの里"),
                                    ("いつき", "入会希望@海賊団"), ("うみ", "入会希望@シークレット"),
                                    ("アン", "入会希望@クロノマター")])
    assert codes(rejected) == ["not_society", "not_unaffiliated"]
    assert em.state.chance == {"あおい": "ninja", "いつき": "pirates"}
    assert notices(em, "あおい")[0].startswith("リクルートチャンス：忍びの里への入会希望を受け付けました。"
                                               "問題は「日本一高い山は？」です。")
    em2, _ = night(em.state, 2, [("あおい", "解答@ふじさん"), ("いつき", "解答@エベレスト")])
    assert em2.state.players["あおい"].society == "ninja"
    assert em2.state.players["いつき"].society is None
    assert notices(em2, "いつき") == ["リクルートチャンス：不正解のため、海賊団には入会できませんでした。"]
    _em3, rejected3 = day(start(), 3, [("あおい", "入会希望@忍びの里")])
    assert codes(rejected3) == ["chance_not_now"]


@rules("ss.chance.task")
def test_members_answer_counts_with_the_next_judged_day() -> None:
    em, _ = day(start(), 2, judged())
    assert {e.player for e in of(em, "chance_question")} == set(TASKED)
    em2, _ = night(em.state, 2, [("かすみ", "解答@富士山"), ("アン", "解答@高尾山")])
    assert em2.state.pending == {"はやて": [False], "かすみ": [True], "ドレイク": [False],
                                 "アン": [False], "クロエ": [False], "トキオ": [False]}
    # day 3: かすみ fails her task but the answer makes the day; ドレイク's failed answer
    # does not undo his success
    em3, _ = day(em2.state, 3, judged(("はやて", "ドレイク", "アン", "クロエ", "トキオ"), ("かすみ",)))
    d = {e.player: (e.data["success"], e.data["successes"]) for e in of(em3, "task_day")}
    assert d["かすみ"] == (True, 1) and d["ドレイク"] == (True, 1)
    assert em3.state.pending == {}


@rules("ss.p.chance")
def test_gm_correct_decides_and_stray_answers_are_diagnostics() -> None:
    st = start().model_copy(update={"chance": {"あおい": "pirates"}})
    em, _ = night(st, 2, [("GM", "正解@あおい"), ("いつき", "解答@富士山")])
    assert em.state.players["あおい"].society == "pirates"  # with no 解答@ at all
    assert [d.code for d in em.diagnostics] == ["not_applicant"]
    # a time-passed day 3 carries the member's result to day 4
    st2 = start().model_copy(update={"pending": {"かすみ": [True]}, "passed_day": 3})
    em3, _ = day(st2, 3, [])
    assert em3.state.pending == {"かすみ": [True]} and not of(em3, "task_day")
    em4, _ = day(em3.state, 4, judged(("はやて", "ドレイク", "アン", "クロエ", "トキオ"), ("かすみ",)))
    assert next(e for e in of(em4, "task_day") if e.player == "かすみ").data["success"]
    _em5, rejected = night(start(), 3, [("GM", "正解@あおい")])
    assert rejected == [("GM", "wrong_phase")]  # 正解@ belongs in night2


# ---------------------------------------------------------------- ninja
@rules("ss.ninja.learn")
def test_each_success_learns_named_or_next_technique() -> None:
    st = edit(start(), あおい={"society": "ninja", "joined": 8})
    em, _ = day(st, 1, [*judged(("はやて", "かすみ", "あおい", "ドレイク", "アン", "クロエ", "トキオ")),
                        ("GM", "課題成功@はやて"), ("はやて", "習得@土遁"),
                        ("かすみ", "習得"), ("あおい", "習得@変わり身")])
    learned = [(e.player, e.data["technique"]) for e in of(em, "learned")]
    # はやて knows 口寄せ: 土遁 (named), then the next, 影縫い; かすみ: 口寄せ; あおい cannot
    # learn 変わり身 yet (ss.p.ninja): the next in order
    assert learned == [("はやて", "doton"), ("はやて", "kagenui"), ("かすみ", "kuchiyose"),
                       ("あおい", "kuchiyose")]
    assert [d.code for d in em.diagnostics] == ["cannot_learn"]
    assert em.state.players["はやて"].techniques == ["kuchiyose", "doton", "kagenui"]


@rules("ss.p.ninja", "ss.ninja.kawarimi")
def test_kawarimi_learned_on_the_second_success_spent_when_declared() -> None:
    st = edit(start(), はやて={"wins": 1})
    em, _ = day(st, 2, [*judged(), ("はやて", "習得@変わり身"), ("はやて", "変わり身")],
                execute="はやて")
    assert "kawarimi" in em.state.players["はやて"].techniques
    assert em.state.players["はやて"].alive and em.state.players["はやて"].kawarimi_used
    assert of(em, "execution") == [] and of(em, "execution_failed")[0].player == "はやて"
    assert variant().executed(em.events) is None
    post = render("secret-society/vote.txt.j2", day=2, events=[e for e in em.events
                  if e.audience == "public"], society_ja=str)
    assert "最多得票のはやてさんは処刑されませんでした（はやてさんは生存しています）。" in post
    assert "変わり身" not in post
    # spent even when not executed; a second use is refused
    st2 = edit(start(), はやて={"techniques": ["kuchiyose", "kawarimi"]})
    em2, _ = day(st2, 2, [*judged(), ("はやて", "変わり身")], execute="かすみ")
    assert em2.state.players["はやて"].kawarimi_used
    _em3, rejected = day(em2.state, 3, [("はやて", "変わり身")])
    assert codes(rejected) == ["kawarimi_spent"]


@rules("ss.ninja.use")
def test_one_known_technique_per_vote_time() -> None:
    em, rejected = day(start(), 1, [("はやて", "口寄せ@アン"), ("はやて", "影縫い@アン"),
                                    ("かすみ", "口寄せ@アン"), ("アン", "土遁")])
    assert codes(rejected) == ["not_member"]
    # はやて's later 影縫い replaced the 口寄せ, and はやて does not know it (no success)
    assert [e.data["code"] for e in of(em, "rejected")] == ["not_learned", "not_learned"]
    assert not of(em, "kuchiyose") and not em.state.players["アン"].bound
    _em2, rejected2 = night(start(), 1, [("はやて", "口寄せ@アン")])
    assert codes(rejected2) == ["wrong_phase"]


def _kuchiyose(seed: int, bombed: bool) -> Emitter[SsState]:
    st = start()
    if bombed:
        st = st.model_copy(update={"bombs": [Bomb(holder="アン", night=1, by="クロエ",
                                                  ref="logs/night1.txt:1")]})
    em, _ = day(st, 2, [("はやて", "口寄せ@アン"), ("はやて", "口寄せ@かすみ")], v=variant(seed))
    return em


@rules("ss.ninja.kuchiyose")
def test_kuchiyose_is_a_recorded_coin_and_always_finds_a_bomb() -> None:
    seen = set()
    for seed in range(12):
        em = _kuchiyose(seed, bombed=True)
        draw = next(e for e in em.events if e.kind == "draw" and e.rule == "ss.ninja.kuchiyose")
        assert draw.data["among"] == ["判定できた", "判定できなかった"]
        res = of(em, "kuchiyose")[0]
        assert res.target == "かすみ" and res.data["judged"] == (draw.target == "判定できた")
        assert res.data["ninja"] in ((True,) if res.data["judged"] else (None,))
        seen.add(draw.target)
    assert seen == {"判定できた", "判定できなかった"}
    em = _kuchiyose(0, bombed=True)
    em2, _ = day(em.state, 3, [("はやて", "口寄せ@アン")])
    assert of(em2, "kuchiyose")[0].data["bomb"]
    assert any(n.endswith("アンさんにタイムボムが仕掛けられているのを発見しました！")
               for n in notices(em2, "はやて"))


@rules("ss.ninja.kagenui")
def test_kagenui_stops_abilities_not_answers() -> None:
    st = edit(start(), かすみ={"techniques": ["kuchiyose", "kagenui"]}, ドレイク={"gold": 3})
    em, _ = day(st, 1, [("かすみ", "影縫い@ドレイク"), ("はやて", "影縫い@クロエ")])
    assert em.state.players["ドレイク"].bound
    assert notices(em, "ドレイク")[-1] == "影を縛られました。今夜は能力を使えません。"
    em2, rejected = night(em.state, 1, [("ドレイク", "勧誘@あおい"), ("ドレイク", "望遠鏡"),
                                        ("はやて", "勧誘@ドレイク"), ("ドレイク", "承諾")])
    assert codes(rejected) == ["bound", "bound"]
    assert em2.state.players["ドレイク"].society == "ninja"  # answering is no ability
    # an invitation the bound leader tried to send never reached its invitee
    em3, _ = night(em.state, 1, [("ドレイク", "勧誘@あおい"), ("あおい", "承諾")])
    assert [d.code for d in em3.diagnostics] == ["invitation_stopped"]
    assert em3.state.players["あおい"].society is None
    assert not em2.state.players["ドレイク"].bound  # the night is over


@rules("ss.ninja.doton")
def test_doton_user_is_reached_by_nothing_that_night() -> None:
    st = edit(start(), かすみ={"techniques": ["kuchiyose", "doton"]},
              はやて={"techniques": ["kuchiyose", "kagenui"]})
    em, _ = day(st, 1, [("かすみ", "土遁"), ("はやて", "影縫い@かすみ")])
    assert em.state.players["かすみ"].doton and not em.state.players["かすみ"].bound
    assert notices(em, "はやて")[-1] == "影縫いの術はかすみさんに届きませんでした。"
    em2, _ = night(em.state, 1, [("ドレイク", "勧誘@かすみ"), ("かすみ", "承諾")])
    assert of(em2, "invite_blocked")[0].target == "かすみ"
    assert em2.state.players["かすみ"].society == "ninja"
    assert [d.code for d in em2.diagnostics] == ["invitation_stopped"]


# ---------------------------------------------------------------- pirates
@rules("ss.pirate.gold")
def test_each_success_pays_one_gold_in_the_vote_time() -> None:
    lines = [*judged(), ("GM", "課題成功@アン")]
    em, _ = day(start(), 1, lines)
    assert em.state.players["ドレイク"].gold == 1 and em.state.players["アン"].gold == 2
    assert em.state.players["はやて"].gold == 0
    assert "課題成功の報酬として2金を受け取りました（所持金：2金）。" in notices(em, "アン")


@rules("ss.pirate.one_ability")
def test_one_paid_ability_a_night_and_not_enough_gold_is_rejected() -> None:
    st = edit(start(), ドレイク={"gold": 1}, アン={"gold": 2})
    em, rejected = night(st, 1, [("ドレイク", "望遠鏡"), ("ドレイク", "トレジャーハント"),
                                 ("アン", "ピストル@はやて"), ("はやて", "望遠鏡")])
    assert codes(rejected) == ["no_gold", "not_member"]
    assert not of(em, "telescope") and len(of(em, "treasure")) == 1
    assert em.state.players["アン"].gold == 2  # a rejected ability costs nothing


@rules("ss.pirate.flag", "ss.pirate.telescope")
def test_flag_bought_in_vote_time_is_seen_by_the_telescope() -> None:
    st = edit(start(), ドレイク={"gold": 1})
    em, _ = day(st, 1, [*judged(("はやて", "かすみ", "ドレイク", "クロエ", "トキオ"), ("アン",)),
                        ("アン", "海賊旗"), ("ドレイク", "海賊旗")])
    # アン has no gold (failed today): refused; ドレイク pays from 1 + 1
    assert [e.data["code"] for e in of(em, "rejected")] == ["no_gold"]
    assert em.state.players["ドレイク"].flag and em.state.players["ドレイク"].gold == 1
    st2 = edit(em.state, アン={"gold": 1})
    em2, rejected = night(st2, 1, [("アン", "望遠鏡"), ("ドレイク", "望遠鏡")])
    assert codes(rejected) == ["one_ability"]  # the flag was ドレイク's ability tonight
    assert of(em2, "telescope")[0].data["flags"] == ["ドレイク"]
    assert notices(em2, "アン") == ["望遠鏡：今夜海賊旗を掲げているのはドレイクさんです。"]
    assert not em2.state.players["ドレイク"].flag  # gone at the end of the night


@rules("ss.pirate.treasure")
def test_treasure_hunt_is_a_recorded_coin_for_two_gold() -> None:
    seen = {}
    for seed in range(10):
        em, _ = night(edit(start(), アン={"gold": 1}), 1, [("アン", "トレジャーハント")],
                      v=variant(seed))
        draw = next(e for e in em.events if e.kind == "draw" and e.rule == "ss.pirate.treasure")
        seen[draw.target] = em.state.players["アン"].gold
    assert seen == {"見つかった": 2, "見つからなかった": 0}


def _pistol(seed: int, **target: Any) -> Emitter[SsState]:
    st = edit(start(), ドレイク={"gold": 3}, はやて=target or {})
    em, _ = night(st, 1, [("ドレイク", "ピストル@はやて")], v=variant(seed))
    return em


@rules("ss.pirate.pistol")
def test_pistol_d6_kills_the_target_on_4_to_6_and_the_shooter_on_1() -> None:
    rolls: dict[int, tuple[bool, bool]] = {}
    for seed in range(40):
        em = _pistol(seed)
        draw = next(e for e in em.events if e.kind == "draw" and e.rule == "ss.pirate.pistol")
        assert draw.data["among"] == ["1", "2", "3", "4", "5", "6"]
        shot = [e.player for e in of(em, "death") if e.data["how"] in ("shot", "backfire")]
        rolls[int(draw.target or 0)] = ("はやて" in shot, "ドレイク" in shot)
        assert em.state.players["ドレイク"].gold == 0
    assert rolls == {1: (False, True), 2: (False, False), 3: (False, False),
                     4: (True, False), 5: (True, False), 6: (True, False)}


@rules("ss.pirate.rope")
def test_rope_pulls_a_player_into_the_pirates_without_an_answer() -> None:
    st = edit(start(), ドレイク={"gold": 4}, アン={"gold": 3})
    em, rejected = night(st, 1, [("アン", "大縄@あおい"), ("ドレイク", "大縄@かすみ")])
    assert codes(rejected) == ["not_leader"]
    p = em.state.players["かすみ"]
    assert p.society == "pirates" and p.traitor and p.techniques == []
    assert em.state.players["ドレイク"].gold == 1
    assert notices(em, "ドレイク") == ["大縄とフックでかすみさんを海賊団に入れました（3金）。"]
    assert notices(em, "かすみ")[0] == ("大縄とフックで海賊団に入れられました。あなたは海賊団のメンバーです。\n"
                                        "忍びの里に所属したまま海賊団に入れられたため、裏切り者となりました（忍びの里は抜けました）。")
    _em, rejected2 = night(edit(start(), ドレイク={"gold": 2}), 1, [("ドレイク", "大縄@あおい")])
    assert codes(rejected2) == ["no_gold"]


# ---------------------------------------------------------------- chrono
@rules("ss.chrono.credit")
def test_two_successful_days_give_one_use_and_the_streak_restarts() -> None:
    st = start()
    history = []
    for n, ok in ((1, True), (2, True), (3, True), (4, False), (5, True), (6, True)):
        others = tuple(x for x in TASKED if x != "クロエ")
        em, _ = day(st, n, judged((*others, "クロエ") if ok else others, () if ok else ("クロエ",)))
        st = em.state
        history.append((st.players["クロエ"].credits, st.players["クロエ"].wins))
    assert history == [(0, 1), (1, 0), (1, 1), (1, 0), (1, 1), (2, 0)]


@rules("ss.chrono.bomb")
def test_bomb_is_planted_at_random_and_explodes_at_the_end_of_the_next_night() -> None:
    st = edit(start(), クロエ={"credits": 1})
    em, rejected = night(st, 1, [("クロエ", "タイムボム"), ("トキオ", "タイムボム")])
    assert codes(rejected) == ["no_credit"]
    draw = next(e for e in em.events if e.kind == "draw" and e.rule == "ss.chrono.bomb")
    assert "クロエ" not in draw.data["among"] and len(draw.data["among"]) == 17
    holder = draw.target
    assert em.state.players["クロエ"].credits == 0 and em.state.bombs[0].holder == holder
    assert notices(em, "クロエ") == ["タイムボムを仕掛けました。仕掛け先は誰にもわからず、次の夜の終わりに爆発します。"]
    assert holder is not None and not notices(em, holder)  # ss.p.notices: not told
    if not em.state.players[holder].alive:  # punished this morning: nothing to explode
        return
    em2, _ = day(em.state, 2, [])
    em3, _ = night(em2.state, 2, [])
    bomb_deaths = [e.player for e in of(em3, "death") if e.data["how"] == "bomb"]
    assert bomb_deaths == [holder] and em3.state.bombs == []


@rules("ss.chrono.back", "ss.p.chronoback")
def test_chronoback_undoes_the_nights_invitations_and_joins() -> None:
    st = edit(start(), クロエ={"credits": 1}, ドレイク={"gold": 3})
    em, _ = night(st, 1, [("クロエ", "クロノバック"), ("はやて", "勧誘@アン"), ("アン", "承諾"),
                          ("ドレイク", "大縄@かすみ")])
    assert em.state.players["アン"].society == "pirates" and not em.state.players["アン"].traitor
    assert em.state.players["かすみ"].society == "ninja"
    assert em.state.players["ドレイク"].gold == 0  # gold spent that night stays spent
    assert sorted(e.player or "" for e in of(em, "join_undone")) == ["かすみ", "アン"]
    assert (of(em, "reveal")[0].data["joined"], of(em, "reveal")[0].data["betrayed"]) == (0, 0)
    assert of(em, "chronoback") and all(e.player is None for e in of(em, "chronoback"))
    # night2: Recruit Chance joins are not invitations and stand
    st2 = edit(start(), クロエ={"credits": 1}).model_copy(update={"chance": {"あおい": "ninja"}})
    em2, _ = night(st2, 2, [("クロエ", "クロノバック"), ("あおい", "解答@富士山")])
    assert em2.state.players["あおい"].society == "ninja"
    assert of(em2, "reveal")[0].data["joined"] == 1


@rules("ss.chrono.pass")
def test_time_pass_skips_the_next_days_task_judging() -> None:
    st = edit(start(), クロエ={"credits": 1}, かすみ={"fails": 1, "wins": 0})
    em, _ = night(st, 1, [("クロエ", "タイムパス")])
    assert em.state.passed_day == 2 and of(em, "time_pass")[0].audience == "public"
    em2, _ = day(em.state, 2, [*judged(ng=("かすみ",)), ("GM", "投票時間"),
                                ("はやて", "口寄せ@アン")][::-1])  # the vote line comes last
    assert not of(em2, "task_day") and not of(em2, "excommunicated")
    assert {d.code for d in em2.diagnostics} == {"no_task"}
    assert em2.state.players["かすみ"].fails == 1 and of(em2, "kuchiyose")  # all vote time
    em3, _ = day(em2.state, 3, judged(ng=("かすみ",)))
    assert [e.player for e in of(em3, "excommunicated")] == ["かすみ"]


# ---------------------------------------------------------------- orders
def _first(em: Emitter[SsState], kind: str) -> int:
    return next(i for i, e in enumerate(em.events) if e.kind == kind)


@rules("ss.day.order")
def test_day_order_judgments_gold_learning_techniques_flags_vote_excommunication() -> None:
    st = edit(start(), かすみ={"fails": 1}, トキオ={"fails": 1, "wins": 0})
    lines = [*judged(ng=("かすみ", "トキオ")), ("GM", "課題成功@かすみ"), ("アン", "海賊旗"),
             ("かすみ", "習得@影縫い"), ("かすみ", "影縫い@クロエ")]
    em, _ = day(st, 1, lines, execute="トキオ")
    # today's gold pays today's flag; a technique learned today is used today
    assert em.state.players["アン"].flag and em.state.players["クロエ"].bound
    order = [_first(em, k) for k in ("task_day", "gold", "learned", "kagenui", "flag",
                                     "vote", "execution")]
    assert order == sorted(order)
    # トキオ (two failed days) was executed before excommunication: he dies a member
    assert not of(em, "excommunicated") and em.state.players["トキオ"].society == "chrono"


@rules("ss.night.order")
def test_night_order_invitations_pirates_chrono_deaths_bomb_morning() -> None:
    st = edit(start(), ドレイク={"gold": 3}, クロエ={"credits": 1})
    st = st.model_copy(update={"bombs": [Bomb(holder="けい", night=2, by="トキオ",
                                              ref="logs/night2.txt:9")]})
    em, _ = night(st, 3, [("はやて", "勧誘@あおい"), ("あおい", "承諾"),
                          ("ドレイク", "ピストル@こう"), ("クロエ", "タイムボム")])
    order = [_first(em, k) for k in ("join", "pistol", "bomb_planted", "bomb_exploded",
                                     "punish", "reveal", "night_over")]
    assert order == sorted(order)
    # the bomb draw holds the new ninja あおい and the pistol's target, still alive then
    draw = next(e for e in em.events if e.kind == "draw" and e.rule == "ss.chrono.bomb")
    assert "あおい" in draw.data["among"] and "こう" in draw.data["among"]


# ---------------------------------------------------------------- precisions
@rules("ss.p.invite")
def test_invitation_targets_and_a_leader_accepting_elsewhere() -> None:
    st = kill(start(), "さら")
    em, rejected = night(st, 1, [("はやて", "勧誘@さら"), ("はやて", "勧誘@はやて"),
                                 ("はやて", "勧誘@かすみ"), ("ドレイク", "ピストル@ドレイク"),
                                 ("クロエ", "勧誘@はやて"), ("はやて", "承諾")])
    assert codes(rejected) == ["target_dead", "self_target", "own_member", "no_gold"]
    assert em.state.players["はやて"].society == "chrono" and em.state.players["はやて"].traitor
    assert leader_of(em.state, "ninja") == "かすみ"


@rules("ss.p.answer")
def test_answers_name_the_society_when_several_invite() -> None:
    two = [("はやて", "勧誘@あおい"), ("ドレイク", "勧誘@あおい")]
    em, _ = night(start(), 1, [*two, ("あおい", "承諾")])
    assert em.state.players["あおい"].society is None
    assert [d.code for d in em.diagnostics] == ["answer_ambiguous"]
    assert notices(em, "あおい")[-1] == ("勧誘が複数（忍びの里・海賊団）届いていたため、「承諾@結社名」で"
                                         "答える必要がありました。今夜の勧誘はすべて断ったものとして扱います。")
    em2, _ = night(start(), 1, [*two, ("あおい", "承諾@海賊団")])
    assert em2.state.players["あおい"].society == "pirates"
    em3, _ = night(start(), 1, [("はやて", "勧誘@あおい"), ("あおい", "承諾"), ("あおい", "拒否")])
    assert em3.state.players["あおい"].society is None
    em4, rejected = night(start(), 1, [("いつき", "承諾"), ("うみ", "承諾@たろう"),
                                       ("えま", "承諾@はやて")])
    assert [d.code for d in em4.diagnostics] == ["no_invitation"]
    assert codes(rejected) == ["unknown_name", "not_society"]


@rules("ss.p.vote_time")
def test_vote_time_actions_wait_for_the_gms_line() -> None:
    st = edit(start(), かすみ={"techniques": ["kuchiyose", "kagenui"]})
    em, rejected = day(st, 1, [("はやて", "口寄せ@アン"), ("GM", "【投票時間です】"),
                               ("かすみ", "影縫い@アン")])
    assert codes(rejected) == ["before_vote_time"]  # refused by the reader, as read
    assert of(em, "kagenui") and not of(em, "kuchiyose")
    em2, _ = day(st, 1, [("はやて", "口寄せ@アン"), ("GM", "投票時間は21時からです")])
    assert of(em2, "kuchiyose")  # an announcement opens nothing: no such line, anywhere


@rules("ss.p.vote_time")
def test_the_gms_vote_time_is_the_readers_directive() -> None:
    """投票時間 is a GM directive word like 締め切り: the reader classifies it (however
    decorated) and the game takes the reader's word; an early line replaced by a later
    one, before or after the vote opened, is refused for being early, never replaced."""
    v, st = variant(), edit(start(), かすみ={"techniques": ["kuchiyose", "kagenui"]})
    lines = [("かすみ", "口寄せ@アン"), ("かすみ", "影縫い@アン"), ("GM", "【投票時間です】"),
             ("GM", "投票時間は21時からです"), ("はやて", "口寄せ@アン"), ("はやて", "口寄せ@ドレイク"),
             ("かすみ", "影縫い@ドレイク")]
    actions, directives, rejected, records = lines_to_candidates(v, st, "day1", lines)
    by_line = {r.ref.rsplit(":", 1)[1]: r for r in records}
    assert [(d.ref, d.action.describe()) for d in directives] == [
        ("logs/day1.txt:3", "投票時間")]
    assert (by_line["3"].disposition, by_line["3"].action) == ("gm", "投票時間")
    assert (by_line["4"].disposition, by_line["4"].action) == ("gm", None)  # GM talk
    assert [(by_line[i].disposition, by_line[i].code) for i in "12"] == [
        ("rejected", "before_vote_time")] * 2
    assert codes(rejected) == ["before_vote_time", "before_vote_time"]
    assert by_line["5"].disposition == "superseded"  # after the opening: replaced as ever
    assert [c.ref for c in actions] == ["logs/day1.txt:6", "logs/day1.txt:7"]
    # a time-passed day has no vote time: the lines count (the later one replaces)
    passed = st.model_copy(update={"passed_day": 1})
    actions2, _d, rejected2, _r = lines_to_candidates(v, passed, "day1", lines)
    assert rejected2 == [] and [c.ref for c in actions2] == [
        "logs/day1.txt:6", "logs/day1.txt:7"]


@rules("ss.p.tasks")
def test_judging_a_player_without_a_task_changes_nothing() -> None:
    st = edit(start(), アン={"wins": 1})
    em, _ = day(st, 1, [*judged(), ("GM", "課題失敗@ミスト、あおい")])
    assert [d.code for d in em.diagnostics] == ["no_task", "no_task"]
    assert {e.player for e in of(em, "task_day")} == set(TASKED)
    # joining another society restarts every streak
    em2, _ = night(edit(start(), アン={"wins": 1, "fails": 1}), 1,
                   [("はやて", "勧誘@アン"), ("アン", "承諾")])
    assert (em2.state.players["アン"].wins, em2.state.players["アン"].fails) == (0, 0)


@rules("ss.p.abilities")
def test_doton_against_pistol_rope_and_bomb() -> None:
    outcomes = set()
    for seed in range(30):
        em = _pistol(seed, doton=True)
        pistol = of(em, "pistol")[0]
        outcomes.add(pistol.data["outcome"])
        assert em.state.players["はやて"].alive and em.state.players["ドレイク"].gold == 0
        if pistol.data["roll"] >= 4:
            assert pistol.data["outcome"] == "blocked"
    assert {"blocked", "backfire"} <= outcomes
    st = edit(start(), ドレイク={"gold": 3}, かすみ={"doton": True}, クロエ={"credits": 1})
    em, _ = night(st, 1, [("ドレイク", "大縄@かすみ"), ("クロエ", "タイムボム")])
    assert em.state.players["かすみ"].society == "ninja" and em.state.players["ドレイク"].gold == 0
    draw = next(e for e in em.events if e.kind == "draw" and e.rule == "ss.chrono.bomb")
    assert "かすみ" not in draw.data["among"]
    # a bomb held by a 土遁 user does not explode and is gone
    st2 = edit(start(), かすみ={"doton": True}).model_copy(update={"bombs": [
        Bomb(holder="かすみ", night=1, by="クロエ", ref="logs/night1.txt:3")]})
    em2, _ = night(st2, 2, [])
    assert of(em2, "bomb_gone") and em2.state.bombs == []
    assert not any(e.data.get("how") == "bomb" for e in of(em2, "death"))


@rules("ss.p.leaving")
def test_leaving_loses_what_belongs_to_the_society_the_dead_keep_it() -> None:
    st = edit(start(), アン={"gold": 2}, かすみ={"techniques": ["kuchiyose", "doton"]},
              トキオ={"credits": 2})
    em, _ = night(st, 1, [("はやて", "勧誘@アン"), ("アン", "承諾"), ("ドレイク", "勧誘@かすみ"),
                          ("かすみ", "承諾"), ("ミスト", "勧誘@トキオ"), ("トキオ", "承諾")])
    p = em.state.players
    assert (p["アン"].gold, p["かすみ"].techniques, p["トキオ"].credits) == (0, [], 0)
    em2, _ = day(edit(start(), アン={"gold": 2}), 1, judged(), execute="アン")
    assert em2.state.players["アン"].gold == 3 and not em2.state.players["アン"].alive


@rules("ss.p.notices")
def test_private_notices_name_societies_and_never_the_bomb_holder() -> None:
    em, _ = night(start(), 1, [("クロエ", "勧誘@あおい"), ("あおい", "承諾")])
    assert notices(em, "あおい")[-1] == "クロノマターに入会しました。"
    em2, _ = day(edit(start(), かすみ={"fails": 1}), 1, judged(ng=("かすみ",)))
    assert "破門" in notices(em2, "かすみ")[-1]
    st = edit(start(), クロエ={"credits": 1})
    em3, _ = night(st, 1, [("クロエ", "タイムボム")])
    holder = em3.state.bombs[0].holder if em3.state.bombs else None
    assert holder is None or not [e for e in em3.events if e.to == holder
                                  and "bomb" in e.kind]


# ---------------------------------------------------------------- every rule id
def test_every_rule_id_is_pinned() -> None:
    assert len(rules.ids()) == 49
    assert rules.unpinned() == set()


def test_every_rule_id_is_cited_by_an_event_of_the_fixtures() -> None:
    from adjudicator.rulebook import quote
    from tests.support import FIXTURES

    cited = {e.rule for name in ("secret-society-main", "secret-society-secret")
             for ph in resolved(FIXTURES / name).phases for e in ph.events}
    assert all(quote(r) for r in cited)
    assert {r for r in cited if r.startswith("ss.")} >= {
        "ss.setup", "ss.recruit", "ss.recruit.secret", "ss.betrayal", "ss.task.day",
        "ss.excommunicate", "ss.punish", "ss.reveal", "ss.chance.apply", "ss.chance.task",
        "ss.ninja.learn", "ss.ninja.kuchiyose", "ss.ninja.kagenui", "ss.ninja.doton",
        "ss.ninja.kawarimi", "ss.pirate.gold", "ss.pirate.flag", "ss.pirate.telescope",
        "ss.pirate.treasure", "ss.pirate.pistol", "ss.pirate.rope", "ss.chrono.credit",
        "ss.chrono.bomb", "ss.chrono.back", "ss.chrono.pass", "ss.win.main",
        "ss.win.secret", "ss.p.vote_time", "ss.p.tasks", "ss.p.chance", "ss.p.chronoback",
        "ss.p.answer", "ss.leader.succession"}


def test_config_needs_no_variant_of_another_game(tmp_path: Path) -> None:
    bad = [p.model_copy(update={"colour": "orange"}) if p.name == "さら" else p
           for p in CFG.players]
    problems = SecretSociety.unused_player_fields(GameConfig.model_validate(
        {**CFG.model_dump(), "players": [p.model_dump() for p in bad]}))
    assert problems == ["players[18] (さら).colour: not used by secret-society"]
