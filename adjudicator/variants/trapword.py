"""トラップワード / Trap Word (rules/trapword.md, rule ids tw.*).

Two teams, room tiles, a monster and curse cards from a TOML deck, rounds up to 8.
Each round log (``logs/round<n>.txt``) holds the trap words, both turns and the calls;
every line of a hint-giver is a hint and of an answerer an answer (``free_action``).
The judge (``adjudicator.trapword.judge``, Sudachi) grades hints against trap words.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from lark import Token, v_args
from pydantic import BaseModel, ConfigDict

from .. import actions as A
from ..config import GameConfig
from ..errors import IllegalActionError
from ..models import Event
from ..parser import CommandTransformer, unmark
from ..render import render
from ..trapword import deck as D
from ..trapword.judge import Judge
from .base import Candidate, Emitter, PhaseInput, Variant

ROUNDS = 8
DEFAULTS: dict[str, Any] = {
    "tiles": [3, 4, 5, 6, 7], "advanced": False, "curses": 2, "hourglass_seconds": 120,
    "call_window_seconds": 10, "answer_limit": 5, "answer_by_reading": True,
    "trap_mode": "call", "strict_proper_nouns": False, "single_winner": False,
    "words": [], "synonyms": {}, "deck": None, "monster": None,
}
SEPARATORS = ("、", ",", "，", " ", "\u3000")


# ---------------------------------------------------------------- actions
class SetTraps(A.Action):
    kind: str = "set_traps"
    words: tuple[str, ...]
    team: str | None = None  # the GM's トラップ設定@チーム

    def describe(self) -> str:
        head = f"トラップ設定@{self.team} " if self.team else "トラップ@"
        return head + "、".join(self.words)


class Call(A.Action):
    kind: str = "call"

    def describe(self) -> str:
        return "トラップ"


class Say(A.Action):
    """A member's line that is not a command: a hint or an answer (decided by the turn)."""

    kind: str = "say"
    role: str  # hint | answer
    text: str

    def describe(self) -> str:
        return f"{'ヒント' if self.role == 'hint' else '回答'}「{self.text}」"


class Secret(A.Action):
    kind: str = "secret"
    team: str
    word: str

    def describe(self) -> str:
        return f"秘密@{self.team}"  # the word itself stays in the ledger only


class TurnStart(A.Action):
    kind: str = "turn_start"
    team: str

    def describe(self) -> str:
        return f"開始@{self.team}"


class Marker(A.Action):
    """時間切れ / トラップ成立 / トラップ不成立 / 不正@理由."""

    kind: str
    text: str = ""

    def describe(self) -> str:
        words = {"time_up": "時間切れ", "trap_yes": "トラップ成立", "trap_no": "トラップ不成立"}
        return words.get(self.kind, f"不正@{self.text}")


def _split(text: str) -> tuple[str, ...]:
    for sep in SEPARATORS[1:]:
        text = text.replace(sep, SEPARATORS[0])
    return tuple(w for w in (p.strip() for p in text.split(SEPARATORS[0])) if w)


class TrapTransformer(CommandTransformer):
    def FREE(self, tok: Token) -> str:  # noqa: N802
        return unmark(str(tok), self.marked.names).strip()

    @v_args(inline=True)
    def trap_set(self, _kw: Token, words: str) -> A.Action:
        return SetTraps(words=_split(words))

    def call(self, _children: list[Any]) -> A.Action:
        return Call()

    @v_args(inline=True)
    def secret(self, _kw: Token, team: str, word: str) -> A.Action:
        return Secret(team=team, word=word)

    @v_args(inline=True)
    def turn_start(self, _kw: Token, team: str) -> A.Action:
        return TurnStart(team=team)

    def time_up(self, _c: list[Any]) -> A.Action:
        return Marker(kind="time_up")

    def trap_yes(self, _c: list[Any]) -> A.Action:
        return Marker(kind="trap_yes")

    def trap_no(self, _c: list[Any]) -> A.Action:
        return Marker(kind="trap_no")

    def foul(self, children: list[Any]) -> A.Action:
        return Marker(kind="foul", text=children[1] if len(children) > 1 else "")

    @v_args(inline=True)
    def trap_list(self, _kw: Token, team: str, words: str) -> A.Action:
        return SetTraps(words=_split(words), team=team)


# ---------------------------------------------------------------- state
class TwPlayer(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str
    team: str
    alive: bool = True


class TeamState(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str
    members: list[str]
    first: bool = False
    room: int = 1
    torch: int = 0  # index of the member giving hints

    @property
    def giver(self) -> str:
        return self.members[self.torch % len(self.members)]


class CurseState(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    card: str
    room: int
    revealed: bool = False


class TwState(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    players: dict[str, TwPlayer]
    teams: dict[str, TeamState]
    tiles: list[int]
    monster: str | None = None
    monster_room: int = 5
    curses: list[CurseState] = []
    round: int = 0
    used_words: list[str] = []
    finished: bool = False
    winners: list[str] = []
    winning_teams: list[str] = []

    def other(self, team: str) -> str:
        return next(t for t in self.teams if t != team)


def card_rules(state: TwState, d: D.Deck, team: str) -> D.Rules:
    """The cards in force for ``team`` this round: curses in its room (tw.curse), the
    monster when it starts in the monster's room (tw.monster.fight)."""
    room = state.teams[team].room
    cards = [d.card(c.card) for c in state.curses if c.room == room]
    if state.monster and room == state.monster_room:
        cards.append(d.card(state.monster))
    return D.combine(cards)


def time_seconds(text: str | None) -> float | None:
    if not text:
        return None
    parts = text.split(":")
    try:
        h, m, s = int(parts[0]), int(parts[1]), int(parts[2]) if len(parts) > 2 else 0
    except (ValueError, IndexError):
        return None
    return float(h * 3600 + m * 60 + s)


# ---------------------------------------------------------------- the variant
class TrapWord(Variant[TwState]):
    name: ClassVar[str] = "trapword"
    transformer = TrapTransformer

    def __init__(self, cfg: GameConfig) -> None:
        super().__init__(cfg)
        self.options = {**DEFAULTS, **cfg.options}
        raw = self.options["deck"]
        self.deck = D.parse_deck(raw) if isinstance(raw, dict) else D.sample_deck()
        self.judge = Judge(self.options["synonyms"])
        self.extra_targets = {t.name: t.name for t in cfg.teams}  # type: ignore[misc]
        self._traps: dict[tuple[int, str], dict[str, list[str]]] = {}

    @classmethod
    def config_problems(cls, cfg: GameConfig) -> list[str]:
        from ..trapword.options import problems

        return problems(cfg, DEFAULTS)

    def roster_entries(self) -> list[tuple[str, list[str]]]:
        return [(m, []) for t in self.cfg.teams for m in t.members]

    def initial_state(self) -> TwState:
        first = next((t.name for t in self.cfg.teams if t.first), self.cfg.teams[0].name)
        teams = {t.name: TeamState(name=t.name, members=list(t.members), first=t.name == first)
                 for t in self.cfg.teams}
        players = {m: TwPlayer(name=m, team=t.name) for t in self.cfg.teams for m in t.members}
        tiles = list(self.options["tiles"])
        return TwState(players=players, teams=teams, tiles=tiles, monster_room=len(tiles))

    def phase_ids(self) -> Iterator[str]:
        for n in range(1, ROUNDS + 1):
            yield f"round{n}"

    def setup_events(self, em: Emitter[TwState]) -> None:
        """tw.setup.monster / tw.setup.curses: drawn (recorded) or named."""
        last = len(em.state.tiles)
        named = self.options["monster"]
        if named:
            monster = self.deck.card(named)
        else:
            pool = [c for c in self.deck.monsters if self.options["advanced"] or not c.advanced]
            monster = em.draw(pool, "tw.setup.monster", "モンスターカードを1枚引く")
        em.emit("monster_placed", "tw.setup.monster", "setup", "public", target=monster.id,
                amount=last, name=monster.name, text=monster.text)
        pool = [c for c in self.deck.curses if self.options["advanced"] or not c.advanced]
        rooms = [2, last] + list(range(3, last))
        for i in range(min(self.options["curses"], len(pool), len(rooms))):
            card = em.draw(pool, "tw.setup.curses", f"呪いカード{i + 1}枚目（裏向き）")
            pool = [c for c in pool if c.id != card.id]
            em.emit("curse_placed", "tw.setup.curses", "setup", "gm", target=card.id,
                    amount=rooms[i], name=card.name)

    # ------------------------------------------------------------ lines
    def free_action(self, state: TwState, phase: str, actor: str, text: str) -> A.Action | None:
        team = state.teams[state.players[actor].team]
        return Say(role="hint" if team.giver == actor else "answer", text=text.strip())

    def validate(self, state: TwState, phase: str, actor: str, action: A.Action,
                 held: dict[str, Candidate]) -> A.Action:
        if isinstance(action, Say | Call):
            return action
        if isinstance(action, SetTraps):
            return self._check_traps(state, phase, state.players[actor].team, action, True)
        raise IllegalActionError(f"{action.kind} is not a player command of trapword",
                                 "このゲームにはないコマンドです", code="not_in_variant",
                                 rule="tw.trap.count")

    def validate_directive(self, state: TwState, phase: str, action: A.Action) -> A.Action:
        team = getattr(action, "team", None)
        if team is not None and team not in state.teams:
            raise IllegalActionError(f"{team!r} is not a team", f"「{team}」というチームはありません",
                                     code="not_team", rule="tw.setup.teams")
        if isinstance(action, SetTraps) and action.team:
            return self._check_traps(state, phase, action.team, action, False)
        return action

    def _check_traps(self, state: TwState, phase: str, team: str, action: SetTraps,
                     check_pos: bool) -> SetTraps:
        """tw.trap.count (over the count: rejected) and tw.trap.pos (the GM may overrule)."""
        if not action.words:
            raise IllegalActionError("no trap word", "トラップワードを書いてください",
                                     code="no_word", rule="tw.trap.count")
        if check_pos:
            for w in action.words:
                why = self.judge.pos_problem(w)
                if why:
                    raise IllegalActionError(f"trap word {w!r}: not a content word", why,
                                             code="trap_pos", rule="tw.trap.pos")
        other = state.other(team)
        limit = self.trap_limit(state, other)
        seen = self._traps.setdefault((id(state), phase), {}).setdefault(team, [])
        new = [w for w in action.words if w not in seen]
        if len(seen) + len(new) > limit:
            raise IllegalActionError(
                f"team {team!r} sets {len(seen) + len(new)} trap words, limit {limit}",
                f"トラップワードは{limit}個までです（設定済み{len(seen)}個）",
                code="trap_over", rule="tw.trap.count")
        seen.extend(new)
        return action

    def trap_limit(self, state: TwState, target: str) -> int:
        room = state.teams[target].room
        return max(0, state.tiles[room - 1] + card_rules(state, self.deck, target).trap_delta)

    # ------------------------------------------------------------ resolution
    def resolve(self, em: Emitter[TwState], ph: PhaseInput) -> None:
        from ..trapword.play import play_round

        play_round(self, em, ph)

    def evolve(self, state: TwState, ev: Event) -> TwState:
        k = ev.kind
        if k == "monster_placed":
            return state.model_copy(update={"monster": ev.target, "monster_room": ev.amount})
        if k == "curse_placed" and ev.target and ev.amount:
            return state.model_copy(update={"curses": [
                *state.curses, CurseState(card=ev.target, room=ev.amount)]})
        if k == "curse_revealed":
            return state.model_copy(update={"curses": [
                c.model_copy(update={"revealed": True}) if c.card == ev.target else c
                for c in state.curses]})
        if k == "curse_moved":
            return state.model_copy(update={"curses": [
                c.model_copy(update={"room": ev.amount}) if c.card == ev.target else c
                for c in state.curses]})
        if k == "curse_discarded":
            return state.model_copy(update={"curses": [
                c for c in state.curses if c.card != ev.target]})
        if k == "monster_moved":
            return state.model_copy(update={"monster_room": ev.amount})
        if k in ("advanced", "torch_passed") and ev.target:
            key = "room" if k == "advanced" else "torch"
            team = state.teams[ev.target].model_copy(update={key: ev.amount})
            return state.model_copy(update={"teams": {**state.teams, ev.target: team}})
        if k == "secret_set" and ev.data.get("word"):
            return state.model_copy(update={"used_words": [*state.used_words,
                                                           ev.data["word"]]})
        if k == "round_ended":
            return state.model_copy(update={"round": ev.amount})
        if k == "game_over":
            return state.model_copy(update={
                "finished": True, "winning_teams": list(ev.data["teams"]),
                "winners": [m for t in ev.data["teams"] for m in state.teams[t].members]})
        return state

    # ------------------------------------------------------------ output
    def render(self, before: TwState, after: TwState, phase: PhaseInput,
               events: list[Event]) -> tuple[str, dict[str, list[str]], str]:
        public = [e for e in events if e.audience == "public"]
        ctx = {"phase": phase.id, "before": before, "state": after, "deck": self.deck}
        post = render("trapword/round.txt.j2", events=public, **ctx)
        private: dict[str, list[str]] = {}
        for e in events:
            if e.audience == "player" and e.to:
                private.setdefault(e.to, []).append(
                    render("trapword/notice.txt.j2", ev=e).rstrip("\n"))
        ledger = render("trapword/ledger.txt.j2", events=events, lines=phase.lines, **ctx)
        return post, private, ledger

    def export(self, state: TwState) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
        players = {
            name: {"alive": True, "team": p.team,
                   "hint_giver": state.teams[p.team].giver == name,
                   "room": state.teams[p.team].room}
            for name, p in state.players.items()
        }
        extra = {"positions": {t: s.room for t, s in state.teams.items()},
                 "monster": state.monster_room, "round": state.round,
                 "monster_card": state.monster, "winning_teams": state.winning_teams}
        return players, extra

    def check_detail(self, state: TwState, cand: Candidate) -> list[str]:
        """`adjudicator check`: how a hint would be judged against nothing but itself."""
        a = cand.action
        if isinstance(a, Say) and a.role == "hint":
            nouns = self.judge.proper_nouns(a.text)
            return [f"固有名詞: {'、'.join(nouns)}"] if nouns else []
        return []
