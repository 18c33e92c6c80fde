"""秘密結社村 / Secret Society village (rules/secret-society.md, rule ids ss.*).

Eighteen players and the GM: four societies (忍びの里, 海賊団, クロノマター and the
secret シークレット) recruit the eleven unaffiliated players, the GM judges the main
societies' daily tasks, and each morning 天罰 kills one player; the daily vote of
werewolf.md (``ww.vote*``) executes one more.  The game ends when at most one of the
three main societies has a living member.  The package: ``actions`` (commands),
``state`` (vocabulary, state and evolve), ``rules`` (setup checks, validation,
resolution), ``report`` (report section); this module is the Variant.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ... import sentences  # noqa: F401  (the event_ja filter of the GM ledger)
from ...models import Event
from ...phases import day_number, phase_label
from ...render import heard, public_view, render
from ...views import notice_events
from ..base import Candidate, PhaseInput, Progress
from .actions import ChronoAbility, PirateAbility, SecretSocietyTransformer, Technique
from .rules import SecretSocietyRules
from .setup import SecretSocietySetup
from .state import (
    CHRONO,
    PIRATE,
    SOCIETY_JA,
    SOCIETY_WORDS,
    TECHNIQUES,
    SsState,
    evolve,
    society_ja,
)
from .state import CONFIG_WORDS as _CONFIG_WORDS


class SecretSociety(SecretSocietySetup, SecretSocietyRules):
    config_words: ClassVar[dict[str, dict[str, str]]] = _CONFIG_WORDS
    name: ClassVar[str] = "secret-society"
    name_ja: ClassVar[str] = "秘密結社村"
    transformer = SecretSocietyTransformer
    extra_targets: ClassVar[dict[str, str]] = dict(SOCIETY_WORDS)
    target_kinds: ClassVar[dict[str, str]] = {s: "society" for s in SOCIETY_WORDS.values()}
    #: the slots that take a society (ss.chance.apply, ss.p.answer); every other one a player
    slot_kinds: ClassVar[dict[str, frozenset[str]]] = {
        w: frozenset({"society"}) for w in ("入会希望", "承諾", "拒否")}
    value_ja: ClassVar[dict[str, dict[str, str]]] = {
        "society": dict(SOCIETY_JA),
        "team_won": {**SOCIETY_JA, "none": "勝利結社なし"},
        "techniques": {t: ja for t, (ja, _r) in TECHNIQUES.items()},
    }

    def progress(self, state: SsState, phase: str, actions: list[Candidate],
                 directives: list[Candidate]) -> list[Progress]:
        from .progress import progress
        return progress(state, phase, actions, directives)

    def evolve(self, state: SsState, ev: Event) -> SsState:
        return evolve(state, ev)

    def report_sections(self, game: Any) -> list[Any]:
        from .report import sections
        return sections(game)

    def check_detail(self, state: SsState, cand: Candidate) -> list[str]:
        """What `adjudicator check` adds for a GM answering a player live."""
        p = state.players[cand.actor]
        a = cand.action
        if isinstance(a, PirateAbility):
            return [f"{cand.actor}の所持金: {p.gold}金（{PIRATE[a.ability][0]}は"
                    f"{PIRATE[a.ability][1]}金）"]
        if isinstance(a, ChronoAbility):
            return [f"{cand.actor}の能力使用権: {p.credits}回（{CHRONO[a.ability][0]}）"]
        if isinstance(a, Technique):
            known = "、".join(TECHNIQUES[t][0] for t in p.techniques) or "なし"
            return [f"{cand.actor}の習得済みの術: {known}"]
        return [f"{cand.actor}の所属: {society_ja(p.society)}"]

    # ------------------------------------------------------------ output
    def render(self, before: SsState, after: SsState, phase: PhaseInput,
               events: list[Event]) -> tuple[str, dict[str, list[str]], str]:
        night = phase.id.startswith("night")
        n = day_number(phase.id)
        public = [e for e in events if e.audience == "public"]
        ctx = {"society_ja": society_ja, "techniques": TECHNIQUES}
        if before.finished:  # a log after the end: nothing happens, nothing to post
            post = "ゲームはすでに終了しています。\n"
        else:
            post = render(f"secret-society/{'morning' if night else 'vote'}.txt.j2",
                          phase=phase.id, day=n + 1 if night else n, events=public,
                          view=public_view(after),
                          final=_memberships(after) if after.finished else {}, **ctx)
        said = heard(phase.lines)
        private: dict[str, list[str]] = {}
        for name in after.players:
            mine = notice_events(events, name)
            if mine:
                private[name] = [render("secret-society/notice.txt.j2", ev=e, day=n,
                                        heard=said, state=after, **ctx).rstrip("\n") for e in mine]
        from ...render import ledger_lines  # the lines that are not chatter

        ledger = render("secret-society/ledger.txt.j2", phase=phase.id, events=events,
                        before=before, state=after, lines=ledger_lines(phase.lines),
                        kind_ja=KIND_JA,
                        fmt=ledger_value, phase_ja=phase_label(phase.id), **ctx)
        return post, private, ledger

    def export(self, state: SsState) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
        players: dict[str, dict[str, Any]] = {}
        for name, p in state.players.items():
            players[name] = {
                "alive": p.alive,
                "society": p.society,
                "leader": p.leader,
                "traitor": p.traitor,
                "gold": p.gold,
                "credits": p.credits,
                "techniques": list(p.techniques),
                "excommunicated": p.excommunicated,
            }
        bombs = [{"holder": b.holder, "night": b.night} for b in state.bombs]
        return players, {"team_won": state.team_won, "bombs": bombs}


def _memberships(state: SsState) -> dict[str, str]:
    """【最終所属】 for the final post: every player's society at the end, in roster order."""
    out: dict[str, str] = {}
    for name, p in state.players.items():
        tags = [t for t, on in (("リーダー", p.leader and p.society is not None),
                                ("裏切り者", p.traitor), ("死亡", not p.alive)) if on]
        out[name] = society_ja(p.society) + (f"（{'・'.join(tags)}）" if tags else "")
    return out


#: the ledger's name for each event kind
KIND_JA: dict[str, str] = {
    "member": "初期配役", "unaffiliated": "未入会", "invite": "勧誘", "invited": "勧誘の通知",
    "invite_blocked": "勧誘（土遁で届かず）", "answered": "勧誘への返事", "no_answer": "返事なし", "refused": "勧誘の拒否",
    "answer_ambiguous": "返事（結社名なし）", "answer_void": "無効な返事", "join": "入会",
    "join_undone": "入会の取り消し", "betrayal": "裏切り", "leader": "リーダー就任",
    "excommunicated": "破門", "task_day": "課題の判定", "judgment_ignored": "無効な課題判定",
    "tasks_carried": "課題の持ち越し", "pending_used": "追加課題の計上", "gold": "金",
    "learned": "忍法習得", "learn_refused": "習得できない術", "nothing_to_learn": "習得なし",
    "credit": "能力使用権", "doton": "土遁の術", "kawarimi": "変わり身の術",
    "kawarimi_saved": "変わり身で生存", "kagenui": "影縫いの術", "kagenui_blocked": "影縫い（土遁で届かず）",
    "bound": "影縫い", "kuchiyose": "口寄せの術", "flag": "海賊旗", "telescope": "望遠鏡",
    "treasure": "トレジャーハント", "pistol": "ピストル", "rope_blocked": "大縄（土遁で届かず）",
    "roped": "大縄とフック", "chrono_used": "クロノ能力", "bomb_planted": "タイムボム設置",
    "bomb_set": "タイムボムの通知", "bomb_nowhere": "タイムボム（設置先なし）",
    "bomb_exploded": "タイムボム爆発", "bomb_gone": "タイムボム消滅", "chronoback": "クロノバック",
    "time_pass": "タイムパス", "time_passed": "タイムパスの日", "chance_applied": "入会希望",
    "chance_question": "追加の課題", "chance_answer": "リクルートチャンスの解答",
    "chance_task": "追加の課題の結果", "punish": "天罰", "reveal": "啓示", "night_over": "夜の終わり",
    "death": "死亡", "vote": "投票", "no_vote": "未投票", "tally": "得票", "execution": "処刑",
    "execution_failed": "処刑失敗", "no_execution": "処刑なし", "team_win": "勝利結社",
    "winners": "勝者", "draw": "抽選", "rejected": "却下", "superseded": "上書き",
    "deadline": "締め切り",
}


def ledger_value(value: Any) -> str:
    """A value of an event as the GM reads it: lists joined, yes/no, なし."""
    if isinstance(value, bool):
        return "はい" if value else "いいえ"
    if value is None:
        return "なし"
    if isinstance(value, list | tuple):
        return "、".join(ledger_value(v) for v in value) or "なし"
    if isinstance(value, dict):
        return "、".join(f"{k}:{ledger_value(v)}" for k, v in value.items()) or "なし"
    return SOCIETY_JA.get(value, str(value)) if isinstance(value, str) else str(value)


__all__ = ["KIND_JA", "SecretSociety", "SecretSocietyTransformer"]
