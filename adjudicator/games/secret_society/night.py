"""秘密結社村, night N in the order of ss.night.order: invitations, answers and the
pirates' rope (with 土遁 and クロノバック), the pirates' other abilities, the chrono
abilities, the Recruit Chance answers (night 2), deaths, bombs, 天罰, the morning's
啓示 and the end check.
"""

from __future__ import annotations

from typing import Any

from ...normalize import nfkc
from ...phases import day_number
from ..base import Candidate, Emitter, PhaseInput
from .actions import Answer, ChronoAbility, Correct, Invite, PirateAbility, Solve
from .common import SsSetup, answer_key, check_end, die, join, reject
from .state import CHRONO, PIRATE, SsState, has_task, society_ja


def resolve_night(em: Emitter[SsState], ph: PhaseInput, setup: SsSetup) -> None:
    n = day_number(ph.id)
    acts = ph.actions
    start = em.state
    chrono = [c for c in acts if isinstance(c.action, ChronoAbility)]
    back = next((c for c in chrono if c.action.ability == "back"), None)  # type: ignore[attr-defined]
    joined, betrayed = _recruit(em, ph, back, setup)
    deaths = _pirates(em, ph)
    _chrono(em, ph, chrono, n)
    if n == 2:
        j, b = _chance_answers(em, ph, start, setup)
        joined, betrayed = joined + j, betrayed + b
    for name, how, rule, cause in deaths:
        die(em, name, how, rule, cause)
    _explode(em, n)
    _punish(em)
    em.emit("reveal", "ss.reveal", f"phase:{em.phase}", "public", joined=joined,
            betrayed=betrayed)
    em.emit("night_over", "ss.night.order", f"phase:{em.phase}", "gm")
    check_end(em)


def _recruit(em: Emitter[SsState], ph: PhaseInput,
             back: Candidate | None, setup: SsSetup) -> tuple[int, int]:
    """ss.recruit / ss.recruit.secret / ss.p.answer / ss.pirate.rope / ss.p.chronoback."""
    st = em.state
    acts = ph.actions
    ropes = [c for c in acts if isinstance(c.action, PirateAbility)
             and c.action.ability == "rope"]
    roper = {c.actor for c in ropes}
    reached: dict[str, list[tuple[str, Candidate]]] = {}  # invitee -> (society, invite)
    stopped: set[str] = set()
    for c in acts:
        if not isinstance(c.action, Invite):
            continue
        if c.actor in roper:
            reject(em, c, "rope_is_invitation", "ss.p.invite",
                   "the rope is the leader's invitation tonight",
                   "今夜は大縄とフックが勧誘になるため、この勧誘は無効です")
            continue
        x = c.action.target
        society = st.players[c.actor].society
        assert society is not None
        if st.players[x].doton:
            stopped.add(x)
            # the inviter sees the invitation fail, never the 土遁 behind it
            em.emit("invite_blocked", "ss.ninja.doton", c.ref, "player", to=c.actor,
                    player=c.actor, target=x, society=society, why="doton",
                    gm_only=("why",), known_rule="ss.recruit")
            continue
        reached.setdefault(x, []).append((society, c))
    # a player the pirates rope tonight is told of an invitation with its outcome
    # (``invited_roped``, below), not asked to answer it
    rope_targets = {c.action.target for c in ropes  # type: ignore[attr-defined]
                    if not st.players[c.action.target].doton}  # type: ignore[attr-defined]
    for x, invs in reached.items():
        for society, c in invs:
            secret = society == "secret"
            rule = "ss.recruit.secret" if secret else "ss.recruit"
            em.emit("invite", rule, c.ref, "gm", player=c.actor, target=x, society=society)
            if x in rope_targets:
                continue
            # the invitee's notice: the secret leader stays anonymous (ss.recruit.secret)
            em.emit("invited", rule, c.ref, "player", to=x, player=x, society=society,
                    by=None if secret else c.actor, anonymous=secret,
                    several=len(invs) > 1)
            if secret and getattr(ph.lines, "threads", None):
                _relay(em, c.ref, x)
    joins: list[tuple[int, str, str, str, str, str | None]] = []  # order, x, soc, how, ref, by
    for c in ropes:
        x = c.action.target  # type: ignore[attr-defined]
        assert x is not None
        em.emit("gold", "ss.pirate.rope", c.ref, "gm", player=c.actor, amount=-3,
                why="rope")
        if st.players[x].doton:
            stopped.add(x)
            em.emit("rope_blocked", "ss.ninja.doton", c.ref, "player", to=c.actor,
                    player=c.actor, target=x, why="doton", gm_only=("why",),
                    known_rule="ss.pirate.rope")
            continue
        joins.append((c.order, x, "pirates", "rope", c.ref, c.actor))
    answers = {c.actor: c for c in acts if isinstance(c.action, Answer)}
    roped = {j[1] for j in joins}
    for x, invs in reached.items():
        ans = answers.pop(x, None)
        chosen: str | None = None
        if x in roped:
            a = ans.action if ans else None
            named = getattr(a, "society", None)
            said = ("none" if a is None else "refused" if not getattr(a, "accept", False)
                    else "accepted")
            for s, inv in invs:
                secret = s == "secret"
                em.emit("invited_roped", "ss.pirate.rope", ans.ref if ans else inv.ref,
                        "player", to=x, player=x, society=s,
                        by=None if secret else inv.actor, anonymous=secret,
                        said=said if named in (None, s) else "refused")
        elif ans is None:
            # the invitee learns the outcome in the morning: no answer counts as a refusal
            em.emit("no_answer", "ss.recruit", f"phase:{em.phase}", "player", to=x, player=x,
                    societies=[s for s, _c in invs])
        else:
            a = ans.action
            assert isinstance(a, Answer)
            societies = [s for s, _c in invs]
            if a.society is None and len(invs) > 1:
                em.diagnose("warning", "answer_ambiguous", ans.ref,
                            f"{x!r} has {len(invs)} invitations; a bare answer refuses all",
                            "勧誘が複数あるため「承諾@結社名」で答えてください（すべて拒否として扱います）")
                em.emit("answer_ambiguous", "ss.p.answer", ans.ref, "player", to=x,
                        player=x, societies=societies)
            elif a.society is not None and a.society not in societies:
                em.diagnose("warning", "no_invitation", ans.ref,
                            f"{x!r} answers {a.society}, which did not invite them",
                            f"{society_ja(a.society)}からの勧誘はありません")
            elif a.accept:
                chosen = a.society or societies[0]
        for s, inv in invs:
            if s == chosen and x not in roped:
                assert ans is not None
                joins.append((ans.order, x, s, "invite", ans.ref, inv.actor))
            accepted = s == chosen and x not in roped
            void: dict[str, Any] = {"void": True} if x in roped else {}
            # a rival leader whose invitee was roped learns only that the invitation came
            # to nothing (void), never the pirates' rope (roped)
            em.emit("answered", "ss.p.answer", ans.ref if ans else f"phase:{em.phase}",
                    "player", to=inv.actor, player=x, target=inv.actor, society=s,
                    accepted=accepted, roped=x in roped,
                    undone=accepted and back is not None,
                    **void, gm_only=("roped",) if void else (),
                    # the rival leader sees the invitation's rule, not the answers' (X9)
                    known_rule="ss.recruit" if void else None)
        if ans is not None and chosen is None and x not in roped and not (
                ans.action.society is None and len(invs) > 1):  # type: ignore[attr-defined]
            # the invitee's own result for the morning (ss.recruit): they stay where they were
            em.emit("refused", "ss.p.answer", ans.ref, "player", to=x, player=x,
                    societies=[s for s, _c in invs],
                    named=ans.action.society)  # type: ignore[attr-defined]
    for rec in ph.lines:  # invitations a shadow-bound leader tried to send
        if rec.code == "bound" and ("勧誘" in rec.text or "大縄" in rec.text):
            stopped.update(x for x in answers if any(
                n in nfkc(rec.text) for n in (x, *setup.aliases.get(x, []))))
    for x, ans in answers.items():
        code = "invitation_stopped" if x in stopped else "no_invitation"
        # the same words in both cases: the diagnostic shows in the answerer's explain,
        # and a bound leader's attempt is the GM's to know
        why = "この夜は勧誘が届いていないため、答えは無効です"
        em.diagnose("warning", code, ans.ref, f"{x!r} answers with no invitation ({code})",
                    why)
        # told to the answerer in the same words whatever stopped it (a bound leader's
        # attempt stays the GM's)
        em.emit("answer_void", "ss.p.answer", ans.ref, "player", to=x, player=x, why=code,
                gm_only=("why",))
    joined = betrayed = 0
    for _order, x, s, how, ref, by in sorted(joins):
        if back is not None:
            em.emit("join_undone", "ss.p.chronoback", ref, "player", to=x, player=x,
                    society=s, how=how, by=None if s == "secret" else by)
            if how == "rope" and by:
                em.emit("roped", "ss.p.chronoback", ref, "player", to=by, player=by,
                        target=x, undone=True)
            continue
        if em.state.players[x].society == s:
            continue
        if how == "rope" and by:
            em.emit("roped", "ss.pirate.rope", ref, "player", to=by, player=by, target=x,
                    undone=False)
        joined += 1
        betrayed += join(em, x, s, how, "ss.pirate.rope" if how == "rope"
                         else "ss.recruit", ref, by)
    return joined, betrayed


def _left_tonight(em: Emitter[SsState], ph: PhaseInput, c: Candidate,
                  society: str, enough: bool, ja: str) -> bool:
    """An ability whose user left ``society`` earlier tonight (an invitation answered,
    a rope) or has nothing left to pay with: void, costing nothing (ss.p.abilities)."""
    p = em.state.players[c.actor]
    if p.society == society and enough:
        return False
    reject(em, c, "left_society", "ss.p.abilities",
           f"{c.actor!r} left {society} before the ability resolved",
           f"今夜{society_ja(society)}を抜けたため、{ja}は使えませんでした")
    return True


def _pirates(em: Emitter[SsState],
             ph: PhaseInput) -> list[tuple[str, str, str, str]]:
    """ss.pirate.*: telescope, treasure hunt, pistol (deaths come later)."""
    deaths: list[tuple[str, str, str, str]] = []
    for c in ph.actions:
        a = c.action
        if not isinstance(a, PirateAbility) or a.ability in ("flag", "rope"):
            continue
        ja, cost, rule = PIRATE[a.ability]
        if _left_tonight(em, ph, c, "pirates",
                         em.state.players[c.actor].gold >= cost, ja):
            continue
        em.emit("gold", rule, c.ref, "gm", player=c.actor, amount=-cost, why=a.ability)
        if a.ability == "telescope":
            flags = [n for n, p in em.state.players.items() if p.flag and p.alive]
            em.emit("telescope", rule, c.ref, "player", to=c.actor, player=c.actor,
                    flags=flags)
        elif a.ability == "treasure":
            hit = em.draw(["見つかった", "見つからなかった"], rule,
                          "トレジャーハント（50%で2金）", cause=c.ref)
            em.emit("treasure", rule, c.ref, "player", to=c.actor, player=c.actor,
                    found=hit == "見つかった")
            if hit == "見つかった":
                em.emit("gold", rule, c.ref, "gm", player=c.actor, amount=2,
                        why="treasure")
        elif a.ability == "pistol" and a.target:
            roll = int(em.draw([1, 2, 3, 4, 5, 6], rule, "ピストルのサイコロ", cause=c.ref))
            blocked = em.state.players[a.target].doton
            outcome = ("backfire" if roll == 1 else "miss" if roll <= 3 else
                       "blocked" if blocked else "hit")
            # the shooter sees the die and that the shot did not reach; the 土遁 is
            # the GM's to know
            why: dict[str, Any] = {"why": "doton"} if outcome == "blocked" else {}
            em.emit("pistol", rule, c.ref, "player", to=c.actor, player=c.actor,
                    target=a.target, roll=roll, outcome=outcome, **why,
                    gm_only=("why",) if why else ())
            if outcome == "hit":
                deaths.append((a.target, "shot", rule, c.ref))
            elif outcome == "backfire":
                deaths.append((c.actor, "backfire", rule, c.ref))
    return deaths


def _chrono(em: Emitter[SsState], ph: PhaseInput, chrono: list[Candidate],
            n: int) -> None:
    """ss.chrono.bomb / ss.chrono.back / ss.chrono.pass."""
    for c in chrono:
        a = c.action
        assert isinstance(a, ChronoAbility)
        ja, rule = CHRONO[a.ability]
        if _left_tonight(em, ph, c, "chrono",
                         em.state.players[c.actor].credits >= 1, ja):
            continue
        em.emit("credit", rule, c.ref, "gm", player=c.actor, amount=-1, why=a.ability)
        if a.ability == "bomb":
            pool = [x for x, p in em.state.players.items()
                    if p.alive and x != c.actor and not p.doton]
            if not pool:
                em.emit("bomb_nowhere", rule, c.ref, "player", to=c.actor, player=c.actor)
                continue
            holder = em.draw(pool, rule, "タイムボムの仕掛け先", cause=c.ref)
            em.emit("bomb_planted", rule, c.ref, "gm", player=c.actor, target=holder,
                    night=n)
            em.emit("bomb_set", rule, c.ref, "player", to=c.actor, player=c.actor)
        else:  # the morning post tells it, never who did it
            # the user's own confirmation, as タイムボム has one (review 3, X10)
            em.emit("chrono_used", rule, c.ref, "player", to=c.actor, player=c.actor,
                    ability=a.ability)
            em.emit("chronoback" if a.ability == "back" else "time_pass", rule,
                    f"phase:{em.phase}", "public", day=n + 1)


def _chance_answers(em: Emitter[SsState], ph: PhaseInput,
                    start: SsState, setup: SsSetup) -> tuple[int, int]:
    """ss.chance.apply / ss.chance.task / ss.p.chance: night2's answers."""
    correct_by_gm: dict[str, str] = {}
    for d in ph.directives:
        if isinstance(d.action, Correct):
            for t in d.action.targets:
                correct_by_gm.setdefault(t, d.ref)
    solved = {c.actor: c for c in ph.actions if isinstance(c.action, Solve)}
    joined = betrayed = 0
    judged: set[str] = set()
    for name, p in start.players.items():
        applicant = start.chance.get(name)
        if applicant is None and not has_task(p):
            continue
        judged.add(name)
        if not em.state.players[name].alive:
            continue
        sol = solved.get(name)
        text = sol.action.text if sol else None  # type: ignore[attr-defined]
        if name in correct_by_gm:
            ok, ref = True, correct_by_gm[name]
        else:
            ok = text is not None and answer_key(text) in setup.answers
            ref = sol.ref if sol else f"phase:{em.phase}"
        if applicant is not None:
            # a correct applicant is told by the join notice
            em.emit("chance_answer", "ss.chance.apply", ref, "gm" if ok else "player",
                    to=None if ok else name, player=name, society=applicant, correct=ok,
                    answer=text)
            if ok:
                joined += 1
                betrayed += join(em, name, applicant, "chance", "ss.chance.apply",
                                 ref)
        else:
            em.emit("chance_task", "ss.chance.task", ref, "player", to=name, player=name,
                    correct=ok, answer=text)
    for name, sol in solved.items():
        if name not in judged:
            em.diagnose("warning", "not_applicant", sol.ref,
                        f"{name!r} answered without applying or a task",
                        "入会希望を出していないため、解答は判定されません")
            em.emit("answer_void", "ss.p.chance", sol.ref, "player", to=name, player=name,
                    why="not_applicant")
    for name, ref in correct_by_gm.items():
        if name not in judged:
            em.diagnose("warning", "not_applicant", ref,
                        f"正解@{name}: {name!r} neither applied nor has a task",
                        f"{name}さんはリクルートチャンスの対象ではありません")
    return joined, betrayed


def _explode(em: Emitter[SsState], n: int) -> None:
    """ss.chrono.bomb: the bomb planted in night N−1 explodes at the end of night N."""
    for b in list(em.state.bombs):
        if b.night != n - 1:
            continue
        holder = em.state.players[b.holder]
        if holder.alive and not holder.doton:
            em.emit("bomb_exploded", "ss.chrono.bomb", b.ref, "gm", target=b.holder,
                    planted=b.ref)
            die(em, b.holder, "bomb", "ss.chrono.bomb", b.ref)
        else:
            em.emit("bomb_gone", "ss.p.abilities" if holder.alive else "ss.chrono.bomb",
                    b.ref, "gm", target=b.holder, planted=b.ref,
                    why="doton" if holder.alive else "dead")


def _punish(em: Emitter[SsState]) -> None:
    """ss.punish / ss.p.punish: one death each morning from day2, by class."""
    st = em.state
    alive = [n for n, p in st.players.items() if p.alive]
    classes = (("traitors", [n for n in alive if st.players[n].traitor]),
               ("unaffiliated", [n for n in alive if st.players[n].society is None]),
               ("members", [n for n in alive if st.players[n].society is not None]))
    for label, pool in classes:
        if pool:
            ja = {"traitors": "裏切り者", "unaffiliated": "未入会", "members": "入会者"}[label]
            who = em.draw(pool, "ss.punish", f"天罰（{ja}の中からランダム）")
            em.emit("punish", "ss.punish", "rng", "gm", player=who, among=label)
            die(em, who, "punished", "ss.punish", "rng")
            return


def _relay(em: Emitter[SsState], ref: str, target: str) -> None:
    """ss.recruit.secret in a night of private chats (input.thread): the text the GM
    forwards into the target's 1:1 chat, without the sender's name; the target answers
    in that chat."""
    notice = ("シークレットから匿名の勧誘が届きました。今夜のうちに「承諾」か「拒否」で答えて"
              "ください（答えがなければ拒否になります）。")
    em.diagnose("info", "relay", ref,
                f"forward the secret society's invitation to {target!r} anonymously "
                "(ss.recruit.secret)",
                f"{target}さんとの個別チャットに、送り主の名前を書かずにこのまま転送してください："
                f"「{notice}」")
