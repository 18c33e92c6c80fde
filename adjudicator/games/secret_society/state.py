"""秘密結社村: the vocabulary tables, the state of a game and evolve(), the one function
that changes it."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from ...models import Event
from ...vocab import RANDOM_NONE_WORDS
from .. import werewolf as ww

# ---------------------------------------------------------------- vocabulary
#: society id -> Japanese name (ss.setup)
SOCIETY_JA: dict[str, str] = {
    "ninja": "忍びの里", "pirates": "海賊団", "chrono": "クロノマター", "secret": "シークレット",
}
#: the words a line may use for a society (at a name's place: 承諾@海賊団, 入会希望@忍び)
SOCIETY_WORDS: dict[str, str] = {
    "忍びの里": "ninja", "忍び": "ninja", "忍者": "ninja", "忍": "ninja",
    "海賊団": "pirates", "海賊": "pirates",
    "クロノマター": "chrono", "クロノ": "chrono",
    "シークレット": "secret", "秘密結社": "secret",
}
#: game.toml's words (adjudicator.config.words): the seed's society names and the ids
CONFIG_WORDS: dict[str, dict[str, str]] = {
    "players.society": {**{s: s for s in SOCIETY_JA}, **SOCIETY_WORDS},
    "options.tie": dict(RANDOM_NONE_WORDS),
}
#: the three main societies: they have tasks (ss.task) and decide the end (ss.win.main)
MAIN = ("ninja", "pirates", "chrono")
SOCIETIES = (*MAIN, "secret")

#: ninja techniques in learning order (ss.ninja.learn): id -> (Japanese, rule)
TECHNIQUES: dict[str, tuple[str, str]] = {
    "kuchiyose": ("口寄せの術", "ss.ninja.kuchiyose"),
    "kagenui": ("影縫いの術", "ss.ninja.kagenui"),
    "doton": ("土遁の術", "ss.ninja.doton"),
    "kawarimi": ("変わり身の術", "ss.ninja.kawarimi"),
}
#: the words of each technique (習得@影縫い, 口寄せの術@たろう)
TECHNIQUE_WORDS: dict[str, str] = {
    "口寄せの術": "kuchiyose", "口寄せ": "kuchiyose", "影縫いの術": "kagenui",
    "影縫い": "kagenui", "土遁の術": "doton", "土遁": "doton",
    "変わり身の術": "kawarimi", "変わり身": "kawarimi",
}
#: pirate abilities (ss.pirate.*): id -> (Japanese, cost in gold, rule)
PIRATE: dict[str, tuple[str, int, str]] = {
    "flag": ("海賊旗", 1, "ss.pirate.flag"),
    "telescope": ("望遠鏡", 1, "ss.pirate.telescope"),
    "treasure": ("トレジャーハント", 1, "ss.pirate.treasure"),
    "pistol": ("ピストル", 3, "ss.pirate.pistol"),
    "rope": ("大縄とフック", 3, "ss.pirate.rope"),
}
#: chrono abilities (ss.chrono.*): id -> (Japanese, rule); each costs one credit
CHRONO: dict[str, tuple[str, str]] = {
    "bomb": ("タイムボム", "ss.chrono.bomb"),
    "back": ("クロノバック", "ss.chrono.back"),
    "pass": ("タイムパス", "ss.chrono.pass"),
}


def society_ja(society: str | None) -> str:
    return SOCIETY_JA.get(society or "", "未入会")


# ---------------------------------------------------------------- state
class Bomb(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    holder: str
    night: int  # planted in this night; explodes at the end of night + 1
    by: str
    ref: str


class SsPlayer(ww.PlayerState):
    society: str | None = None  # ninja | pirates | chrono | secret | None (未入会)
    leader: bool = False
    traitor: bool = False
    joined: int | None = None  # join sequence (ss.join_order); None: unaffiliated
    excommunicated: bool = False  # ever excommunicated (ss.betrayal)
    wins: int = 0  # consecutive successful days (chrono: since the last credit)
    fails: int = 0  # consecutive failed days
    techniques: list[str] = []  # ninja techniques known, in learning order
    kawarimi_used: bool = False
    gold: int = 0
    credits: int = 0
    bound: bool = False  # 影縫い: no abilities this night
    doton: bool = False  # 土遁: nothing reaches this player this night
    flag: bool = False  # a pirate flag raised this night


class SsState(ww.WerewolfState):
    join_seq: int = 0
    bombs: list[Bomb] = []
    passed_day: int | None = None  # a day with no discussion and no task judging
    chance: dict[str, str] = {}  # Recruit Chance applicant -> society (day2)
    pending: dict[str, list[bool]] = {}  # member -> Recruit Chance results for the next judged day


def members(state: SsState, society: str, alive_only: bool = True) -> list[str]:
    """Members of ``society`` in join order (ss.join_order)."""
    found = [(p.joined or 0, n) for n, p in state.players.items()
             if p.society == society and (p.alive or not alive_only)]
    return [n for _j, n in sorted(found)]


def leader_of(state: SsState, society: str) -> str | None:
    for n, p in state.players.items():
        if p.alive and p.society == society and p.leader:
            return n
    return None


def has_task(p: SsPlayer) -> bool:
    return p.alive and p.society in MAIN


def _left(**extra: object) -> dict[str, object]:
    """What a player loses on leaving a society (ss.p.leaving) and the restarted streaks."""
    return {"techniques": [], "gold": 0, "credits": 0, "wins": 0, "fails": 0,
            "kawarimi_used": False, "leader": False, **extra}


def evolve(state: SsState, ev: Event) -> SsState:
    """Apply one event to the state (the pure fold of DESIGN.md)."""
    st: SsState = ww.evolve_ww(state, ev)
    k = ev.kind
    p = ev.player
    if k == "member" and p:  # setup
        seq = int(ev.data["seq"])
        st = ww.with_player(st, p, society=ev.data["society"], leader=bool(ev.data["leader"]),
                            joined=seq,
                            techniques=["kuchiyose"] if ev.data["leader"]
                            and ev.data["society"] == "ninja" else [])
        st = st.model_copy(update={"join_seq": max(st.join_seq, seq)})
    elif k == "join" and p:
        seq = int(ev.data["seq"])
        traitor = st.players[p].traitor or bool(ev.data["betrayal"])
        st = ww.with_player(st, p, **_left(society=ev.data["society"], joined=seq,
                                           traitor=traitor))
        st = st.model_copy(update={"join_seq": seq})
    elif k == "leader" and ev.target:
        players = dict(st.players)
        for n, q in players.items():
            if q.society == ev.target and (q.leader or n == p):
                techs = q.techniques
                if n == p and ev.target == "ninja" and "kuchiyose" not in techs:
                    techs = ["kuchiyose", *techs]
                players[n] = q.model_copy(update={"leader": n == p, "techniques": techs})
        st = st.model_copy(update={"players": players})
    elif k == "excommunicated" and p:
        st = ww.with_player(st, p, **_left(society=None, joined=None, excommunicated=True))
    elif k == "task_day" and p:
        q = st.players[p]
        if ev.data["success"]:
            st = ww.with_player(st, p, wins=q.wins + 1, fails=0)
        else:
            st = ww.with_player(st, p, wins=0, fails=q.fails + 1)
    elif k == "gold" and p and ev.amount is not None:
        st = ww.with_player(st, p, gold=st.players[p].gold + ev.amount)
    elif k == "credit" and p and ev.amount is not None:
        q = st.players[p]
        st = ww.with_player(st, p, credits=q.credits + ev.amount,
                            wins=0 if ev.amount > 0 else q.wins)
    elif k == "learned" and p:
        st = ww.with_player(st, p, techniques=[*st.players[p].techniques,
                                               ev.data["technique"]])
    elif k == "kawarimi" and p:
        st = ww.with_player(st, p, kawarimi_used=True)
    elif k == "bound" and ev.target:
        st = ww.with_player(st, ev.target, bound=True)
    elif k == "doton" and p:
        st = ww.with_player(st, p, doton=True)
    elif k == "flag" and p:
        st = ww.with_player(st, p, flag=True)
    elif k == "bomb_planted" and ev.target and p:
        bomb = Bomb(holder=ev.target, night=int(ev.data["night"]), by=p, ref=ev.cause)
        st = st.model_copy(update={"bombs": [*st.bombs, bomb]})
    elif k in ("bomb_exploded", "bomb_gone"):
        st = st.model_copy(update={"bombs": [b for b in st.bombs
                                             if b.ref != ev.data["planted"]]})
    elif k == "time_pass":
        st = st.model_copy(update={"passed_day": int(ev.data["day"])})
    elif k == "chance_applied" and p:
        st = st.model_copy(update={"chance": {**st.chance, p: ev.data["society"]}})
    elif k == "chance_task" and p:
        have = st.pending.get(p, [])
        st = st.model_copy(update={"pending": {**st.pending, p: [*have,
                                                                bool(ev.data["correct"])]}})
    elif k == "pending_used" and p:
        st = st.model_copy(update={"pending": {n: v for n, v in st.pending.items() if n != p}})
    elif k == "night_over":
        players = {n: q.model_copy(update={"bound": False, "doton": False, "flag": False})
                   if (q.bound or q.doton or q.flag) else q for n, q in st.players.items()}
        st = st.model_copy(update={"players": players})
    elif k == "winners":
        st = st.model_copy(update={"winners": list(ev.data["players"])})
    return st
