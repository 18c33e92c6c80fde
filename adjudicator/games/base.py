"""What every game provides (the Variant interface, the only thing the engine knows of a
game), and the emitter its rules use to record events.

A variant is: its grammar (``grammars/<name>.lark``), its action models and
transformer, its state model, pure rule functions, and its templates.  The engine
(``adjudicator.engine``) reads and classifies lines; the variant validates actions,
resolves a phase into events, evolves state from events and renders the outputs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel

from ..actions import Action, Bite, Divine, Guard, Vote
from ..chatlog import ChatLine
from ..config.load import GameConfig
from ..errors import IllegalActionError
from ..models import Audience, Diagnostic, Event, LineRecord
from ..normalize import name_key
from ..parser import CommandTransformer
from ..rng import PhaseRng
from ..roster import PLAYER, Roster

if TYPE_CHECKING:
    from ..config.skeletons import Option

PLAYER_SLOT = frozenset({PLAYER})
#: the [[players]] keys every village reads (``Variant.player_fields`` adds its own)
EVERY_PLAYER_FIELD = frozenset({"name", "aliases", "discord", "channel"})
#: the kinds of target a command's slot takes, in Japanese (setup warnings)
TARGET_KIND_JA = {PLAYER: "参加者", "society": "結社", "gender": "性別", "team": "チーム", "gm": "GM",
           "word": "ゲームの言葉"}


def _unique(roster: Roster, text: str, kinds: frozenset[str]) -> bool:
    try:
        roster.resolve(text, kinds)
    except Exception:
        return False
    return True

S = TypeVar("S", bound=BaseModel)
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Candidate:
    """An action that passed parsing and validation, waiting to be resolved."""

    ref: str  # the chat line: logs/night1.txt:12
    actor: str  # the player it belongs to
    action: Action
    by_gm: bool = False  # entered by the GM with 代理@
    order: int = 0  # position in the phase, for "in command order" rules


@dataclass(slots=True)
class Emitter(Generic[S]):
    """Holds the state while a phase resolves; every change goes through ``emit``, and
    every line the resolution refuses through ``refuse``.  Events are appended, never
    edited or removed; the lines the rules are handed are never changed (the engine
    marks a refused line 却下 after the rules are done, from ``refusals``)."""

    state: S
    evolve: Callable[[S, Event], S]
    rng: PhaseRng
    phase: str
    events: list[Event] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)  # added to the phase's
    #: (line, code, reason in Japanese), in order
    refusals: list[tuple[str, str, str]] = field(default_factory=list)

    def diagnose(self, level: str, code: str, source: str, message: str,
                 reason_ja: str | None = None) -> None:
        """A diagnostic found while resolving (a log without times…), for the GM."""
        self.diagnostics.append(Diagnostic(level=level, code=code, source=source,  # type: ignore[arg-type]
                                           message=message, reason_ja=reason_ja))

    def emit(
        self,
        kind: str,
        rule: str,
        cause: str,
        audience: Audience = "gm",
        *,
        to: str | None = None,
        player: str | None = None,
        target: str | None = None,
        amount: int | None = None,
        gm_only: tuple[str, ...] = (),
        known_rule: str | None = None,
        **data: Any,
    ) -> Event:
        """Record one event.  ``gm_only``: the keys of ``data`` only the GM may know
        (the audience is told the event without them); ``known_rule``: the rule the
        audience may know, when ``rule`` is another player's secret ability."""
        ev = Event(
            kind=kind,
            rule=rule,
            cause=cause,
            audience=audience,
            to=to,
            player=player,
            target=target,
            amount=amount,
            data=data,
            gm_only=gm_only,
            known_rule=known_rule,
        )
        self.events.append(ev)
        self.state = self.evolve(self.state, ev)
        return ev

    def refuse(self, line: str, rule: str, reason: str, *, code: str, message: str,
               player: str | None, to: str | None = None, audience: Audience = "player",
               level: str = "warning", kind: str = "rejected", **data: Any) -> Event:
        """Refuse the accepted ``line`` (its ref) while the phase resolves: the one way a
        rule does it.  One event says so (``kind``: ``rejected`` with ``code`` and
        ``reason``, or the game's own kind with its own ``data``, such as 源平村's
        ``nomination_refused``), the GM's list gets a diagnostic (``level``, the English
        ``message`` and ``reason``), and the line will show 却下 with ``reason``."""
        if kind == "rejected":
            data = {"code": code, "reason": reason, **data}
        ev = self.emit(kind, rule, line, audience, to=to, player=player, **data)
        self.refusals.append((line, code, reason))
        self.diagnose(level, code, line, message, reason)
        return ev

    def draw(self, candidates: Sequence[T], rule: str, why: str, cause: str = "rng") -> T:
        """Draw one of ``candidates`` (already in a stable order) and record it."""
        chosen = self.rng.choice(candidates)
        self.emit(
            "draw",
            rule,
            cause,
            "gm",
            target=str(chosen),
            among=[str(c) for c in candidates],
            why=why,
        )
        return chosen


@dataclass(frozen=True, slots=True)
class Progress:
    """One group of a phase's 途中集計 (``adjudicator status``): who has given the line the
    group waits for and who has not.  ``label`` is the GM's (it may name a role);
    ``post_label`` is the public reminder's heading (「未投票」), None when the group may not
    be named in public (a night role: naming its holders would reveal the role).
    ``optional`` groups (a derby bet, a leader's invitation) are listed apart and never
    count as waiting; ``suffix`` follows each name in the post (さん, チーム)."""

    label: str
    waiting: tuple[str, ...] = ()
    done: tuple[str, ...] = ()
    optional: bool = False
    post_label: str | None = None
    suffix: str = "さん"
    note: str = ""


@dataclass(slots=True)
class PhaseInput:
    """What the engine hands a variant to resolve one phase."""

    id: str
    actions: list[Candidate]  # accepted player actions, superseding applied, in line order
    directives: list[Candidate]  # accepted GM directives (actor = GM name)
    extra_logs: dict[str, list[ChatLine]]  # e.g. {"chat": [...]} from logs/day1-chat.txt
    lines: list[LineRecord]


class Variant(Generic[S]):
    """Base class of a variant; subclasses set the class attributes and override."""

    name: ClassVar[str]
    transformer: ClassVar[type[CommandTransformer]] = CommandTransformer
    #: extra logs read beside a phase's own: suffix -> which phases ("day", "night", "any")
    extra_logs: ClassVar[dict[str, str]] = {}
    #: the fixed words the roster also recognises at a name's place (GM, 男性…)
    extra_targets: ClassVar[dict[str, str]] = {}
    #: the kind of each extra target's token ("society", "gender", "team"; "word" if absent)
    target_kinds: ClassVar[dict[str, str]] = {}
    #: the kinds a command word's slot takes (``入会希望`` -> {"society"}); a word not
    #: listed takes a player.  Kinds decide between two candidates of one name only.
    slot_kinds: ClassVar[dict[str, frozenset[str]]] = {}
    #: Japanese words for the values of enumerated export fields (field -> value -> ja),
    #: used by the report beside the shared ones (adjudicator.report.sections.VALUE_JA)
    value_ja: ClassVar[dict[str, dict[str, str]]] = {}
    #: game.toml in the GM's words: ``players.colour`` / ``options.tie`` -> {word: value}
    #: for every enumerated value (adjudicator.config.words; a test runs over every entry)
    #: game.toml's settings as ``new`` writes them and the desk's new-game form offers
    #: them (``config.skeletons.Option``: key, default as written, what it means, the
    #: desk's label, choices in Japanese, a number's range); and the words its values are
    #: written with (adjudicator.config.skeletons)
    toml_options: ClassVar[tuple[Option, ...]] = ()
    toml_words: ClassVar[str] = "「抽選」"
    #: a line of chatter that uses a command's word, in this village's own talk (the
    #: players' sheet's 「書き方の決まり」: 「占いCOします」 means nothing without 占い)
    chatter_example: ClassVar[str] = "占いCOします"

    def state_rows(self, extra: dict[str, Any], values: Any, finished: bool,
                   generic: Any) -> list[tuple[str, str]] | None:
        """The report's 「ゲームの状態」 rows (adjudicator.report.state): the game's own
        ``state_rows`` in its ``report.py`` when it has one; None: one row a field."""
        from importlib import import_module

        try:
            module = import_module(f"{type(self).__module__}.report")
        except ModuleNotFoundError:  # a Variant outside a game's package (a test's own)
            return None
        own = getattr(module, "state_rows", None)
        return own(extra, values, finished, generic) if callable(own) else None
    config_words: ClassVar[dict[str, dict[str, str]]] = {}
    # --- what the rest of the program asks of a game by its name (games/__init__.py's
    # registry is the only list of games; every difference is one of these) ---
    #: the Japanese name of the village or game, as a host writes it in a title
    name_ja: ClassVar[str] = ""
    #: the fields of ``[[players]]`` a deal fills in and the 配役's seal covers
    #: (adjudicator.deal, adjudicator.seal); empty: nothing hidden to deal
    sealed_fields: ClassVar[tuple[str, ...]] = ()
    #: keys a deal removes besides the sealed ones (a special named by hand: the deal names it)
    deal_strips: ClassVar[tuple[str, ...]] = ()
    #: whether ``[setup]`` role counts in game.toml choose the deal's composition
    setup_counts: ClassVar[bool] = False
    #: a player's ``role`` is one of the base werewolf roles (checked with the problems
    #: every game shares, adjudicator.config.load.common_problems)
    werewolf_roles: ClassVar[bool] = False
    #: the roster columns a GM pastes in the desk's form (after the name), in order
    roster_columns: ClassVar[tuple[str, ...]] = ()
    #: the desk's words for the ``role`` column (the roles it takes); "" for the generic 役職
    role_hint: ClassVar[str] = ""
    #: played by teams (``[[teams]]``), not by players with hidden roles (Trap Word)
    plays_in_teams: ClassVar[bool] = False
    #: game.toml names a scenario file (``scenario = "scenario.toml"``); the bundled
    #: sample's is written beside a new game
    has_scenario: ClassVar[bool] = False
    #: the report's heading of the winners (money decides: 優勝)
    winners_title: ClassVar[str] = "勝者"
    #: the report's line of the side that won, ``{label}`` its name (「源氏の勝利」)
    team_won_line: ClassVar[str] = "{label}の勝利"

    @classmethod
    def deal_slots(cls, n: int, setup: dict[str, int]) -> list[dict[str, Any]]:
        """The seats to deal for ``n`` players (``adjudicator deal``), in a fixed order
        before the shuffle: each the values of ``sealed_fields`` (a field left out is
        not written).  ``setup``: the ``[setup]`` counts (read only if ``setup_counts``).
        A game with nothing hidden to deal refuses (the default)."""
        from ..errors import UsageError

        raise UsageError(f"{cls.name} has no hidden setup to deal",
                         f"{cls.name_ja}には伏せて配る役職がありません")

    @classmethod
    def seat_label(cls, seat: dict[str, Any]) -> str:
        """One dealt seat in words (the deal's summary): 人狼, 忍びの里リーダー…"""
        return str(seat["role"])

    @classmethod
    def deal_problems(cls, player: dict[str, Any]) -> list[tuple[str, str]]:
        """What a ``[[players]]`` entry (as written) lacks before a deal: ``(English,
        Japanese)`` each (ダービー＆ストック村: the gender)."""
        return []

    @classmethod
    def skeleton(cls) -> str | None:
        """The commented game.toml ``adjudicator new`` writes; None: the bundled sample's."""
        return None

    #: the [[players]] keys this village reads besides a name, its aliases and a Discord
    #: account (``EVERY_PLAYER_FIELD``); the base refuses any other key game.toml sets
    #: (``unused_player_fields``).  None: the village has no [[players]] (Trap Word)
    player_fields: ClassVar[frozenset[str] | None] = frozenset()

    def __init__(self, cfg: GameConfig) -> None:
        self.cfg = cfg

    # --- setup ---
    @classmethod
    def config_problems(cls, cfg: GameConfig) -> list[str]:
        return []

    @classmethod
    def unused_player_fields(cls, cfg: GameConfig) -> list[str]:
        """A ``not_used`` problem (「この村では使いません」) for every key a [[players]] entry
        sets that this village does not read (``player_fields``): ``leader = true`` in a
        ダービー＆ストック村, ``colour`` in a 秘密結社村.  Asked of every village at load."""
        from ..config.load import PlayerConfig
        from ..config.problems import not_used

        if cls.player_fields is None:
            return []
        unread = [(key, field.default) for key, field in PlayerConfig.model_fields.items()
                  if key not in EVERY_PLAYER_FIELD and key not in cls.player_fields]
        return [not_used(i, p.name, key, cls.name) for i, p in enumerate(cfg.players, 1)
                for key, default in unread if getattr(p, key) != default]

    def roster_entries(self) -> list[tuple[str, list[str]]]:
        return [(p.name, list(p.aliases)) for p in self.cfg.players]

    def make_roster(self) -> Roster:
        """Players (and aliases), the GM names and the variant's fixed words, each of its
        kind (see ``adjudicator.roster``)."""
        return Roster(self.roster_entries(),
                      extra={**{g: "GM" for g in self.cfg.gm}, **self.extra_targets},
                      kinds={"GM": "gm", **self.target_kinds})

    def name_clashes(self) -> list[tuple[str, str]]:
        """Names of game.toml that equal a word of the game where one command's slot
        really takes both (予想@ takes a player or a gender: a player named 男性): one
        ``(English, Japanese)`` warning each, naming how to write each one unambiguously.
        A slot that takes one kind needs no warning: the kind decides."""
        roster = self.make_roster()
        spell: dict[str, list[str]] = {}
        for name, aliases in self.roster_entries():
            spell.setdefault(name, []).extend([name, *aliases])
        for text, token in self.extra_targets.items():
            spell.setdefault(token, []).append(text)
        out: list[tuple[str, str]] = []
        seen: set[tuple[str, frozenset[str]]] = set()
        for word, kinds in sorted(self.slot_kinds.items()):
            if len(kinds) < 2:
                continue
            for key, targets in roster.shared(kinds):
                text = next((x for t, _k in targets for x in spell.get(t, [])
                             if name_key(x) == key), key)
                if (text, kinds) in seen or len({k for _t, k in targets}) < 2:
                    continue  # two players sharing an alias: the line's own diagnostic
                seen.add((text, kinds))
                ways_en, ways_ja = [], []
                for t, kind in targets:
                    kind_ja = TARGET_KIND_JA.get(kind, "")
                    own = spell.get(t, []) if kind == PLAYER else [
                        x for x, tok in self.extra_targets.items() if tok == t]
                    clear = [x for x in own if _unique(roster, x, kinds)]
                    if clear:
                        ways_en.append(f"{word}@{clear[0]} for the {kind} {t}")
                        ways_ja.append(f"{kind_ja}の「{t}」は「{word}@{clear[0]}」")
                    else:
                        ways_en.append(f"give the {kind} {t} an alias")
                        ways_ja.append(f"{kind_ja}の「{t}」には別名を登録してください")
                both = "と".join(f"{TARGET_KIND_JA.get(k, '')}の「{t}」" for t, k in targets)
                out.append((
                    f"the name {text!r} fits {', '.join(f'{t} ({k})' for t, k in targets)} "
                    f"in {word}@: write " + "; ".join(ways_en),
                    f"「{text}」は{both}の両方に当たるため、「{word}@{text}」はどちらか"
                    "決められません。" + "、".join(ways_ja) + "と書けば区別できます。"))
        return out

    def kinds_of_slot(self, word: str) -> frozenset[str]:
        """The kinds of target the slot after ``word@`` takes (default: a player)."""
        return self.slot_kinds.get(word, PLAYER_SLOT)

    def initial_state(self) -> S:
        raise NotImplementedError

    def phase_ids(self) -> Iterator[str]:
        n = 1
        while True:
            yield f"day{n}"
            yield f"night{n}"
            n += 1

    def setup_events(self, em: Emitter[S]) -> None:
        """Events before the first phase (role notices…), recorded in the first phase."""

    # --- lines ---
    def is_player(self, state: S, name: str) -> bool:
        return name in getattr(state, "players", {})

    def is_alive(self, state: S, name: str) -> bool:
        players = getattr(state, "players", {})
        return bool(name in players and players[name].alive)

    def slot(self, action: Action, actor: str) -> tuple[str, str, str] | None:
        """(owner, key, rule id): a later valid action with the same owner and key
        replaces an earlier one (the owner is the actor, or a team such as the wolves).
        None: the action never supersedes anything."""
        return None

    def validate(
        self, state: S, phase: str, actor: str, action: Action, held: dict[str, Candidate]
    ) -> Action:
        """Raise IllegalActionError if ``actor`` may not do ``action`` now; may return a
        rewritten action (a share count completing an inquiry).  ``held`` maps the
        actor's slot keys to their currently accepted candidates."""
        raise NotImplementedError

    def begin_reading(self, state: S, phase: str) -> None:
        """Called when the lines of ``phase`` start being read from ``state`` (a fresh
        reader: the engine's, or ``check``'s for one line).  A variant that validates a
        line against the effect of the lines before it (majora) starts over here."""

    def rewritable(self, action: Action, actor: str) -> bool:
        """Whether a later line of ``actor`` may still replace the accepted ``action`` in
        this phase (a receipt then says 「締め切りまでは書き直せます」).  By default: it has
        a slot (``slot``), so a later action of its kind supersedes it."""
        return self.slot(action, actor) is not None

    def free_action(self, state: S, phase: str, actor: str, text: str) -> Action | None:
        """An action for a player line that holds no command (Trap Word: every line of a
        hint-giver is a hint, of an answerer an answer); None: the line is chatter."""
        return None

    def validate_directive(self, state: S, phase: str, action: Action) -> Action:
        return action

    def before_vote_time(self, state: S, phase: str, action: Action
                         ) -> IllegalActionError | None:
        """Why ``action``, accepted before the GM's 投票時間 (a directive of the villages
        whose grammar has the word, ``gm_words.has_vote_time``), does not count: the reader
        refuses it when the GM's line opens the vote (秘密結社村's vote-time actions,
        ss.p.vote_time).  None: it counts whenever it was written (the default)."""
        return None

    def review_lines(self, state: S, phase: str, lines: list[LineRecord]) -> list[Diagnostic]:
        """Extra diagnostics on a phase's classified lines (e.g. a squid that may not
        speak today); ``state`` is the state at the start of the phase.  None by default."""
        return []

    def progress(self, state: S, phase: str, actions: list[Candidate],
                 directives: list[Candidate]) -> list[Progress]:
        """The 途中集計 of a phase read so far (``actions``: the accepted actions, superseding
        applied).  The werewolf default: by day every living player owes a vote; by night
        the wolves owe one bite as a pack, the seer a divination and the hunter a guard."""
        return werewolf_progress(state, phase, actions, bool(self.cfg.options.get(
            "first_bite", True)))

    # --- resolution ---
    def resolve(self, em: Emitter[S], phase: PhaseInput) -> None:
        raise NotImplementedError

    def evolve(self, state: S, event: Event) -> S:
        raise NotImplementedError

    def finished(self, state: S) -> bool:
        return bool(getattr(state, "finished", False))

    # --- output ---
    def phase_label(self, game: Any, pid: str) -> str:
        """How explain and the report name phase ``pid`` of the resolved ``game``
        (「2日目 昼」); a variant that numbers its days otherwise overrides this."""
        from ..phases import phase_label
        return phase_label(pid)

    def render(
        self, before: S, after: S, phase: PhaseInput, events: list[Event]
    ) -> tuple[str, dict[str, list[str]], str]:
        """(public post, private notices per player, GM ledger): drawn once for every game
        by ``games.outputs.PhaseOutputs``, the first base of each game's Variant class."""
        raise NotImplementedError

    def export(self, state: S) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
        """(players object, extra top-level fields) of the JSON contract."""
        raise NotImplementedError

    def winners(self, state: S) -> list[str]:
        return list(getattr(state, "winners", []))

    def deaths(self, events: list[Event]) -> list[str]:
        return [e.player for e in events if e.kind == "death" and e.player]

    def executed(self, events: list[Event]) -> str | None:
        for e in events:
            if e.kind == "execution" and e.player:
                return e.player
        return None


def vote_progress(state: Any, actions: Sequence[Candidate]) -> Progress:
    """ww.vote: the living players who have (not) a valid vote so far."""
    players = getattr(state, "players", {})
    voted = {c.actor for c in actions if isinstance(c.action, Vote)}
    alive = [n for n, p in players.items() if p.alive]
    return Progress("投票", tuple(n for n in alive if n not in voted),
                    tuple(n for n in alive if n in voted), post_label="未投票")


def role_progress(state: Any, role: str, label: str, kinds: tuple[type[Action], ...],
                  actions: Sequence[Candidate], pack: bool = False) -> Progress | None:
    """The living holders of ``role`` and whether each gave an action of ``kinds``; with
    ``pack`` one valid line from any of them serves all (the wolves' bite).  None when no
    holder is alive."""
    players = getattr(state, "players", {})
    holders = [n for n, p in players.items() if p.alive and getattr(p, "role", None) == role]
    if not holders:
        return None
    acted = {c.actor for c in actions if isinstance(c.action, kinds)}
    if pack:
        return Progress(label, () if acted & set(holders) else tuple(holders),
                        tuple(holders) if acted & set(holders) else ())
    return Progress(label, tuple(n for n in holders if n not in acted),
                    tuple(n for n in holders if n in acted))


def werewolf_progress(state: Any, phase: str, actions: Sequence[Candidate],
                      first_bite: bool = True) -> list[Progress]:
    """The werewolf 途中集計 (werewolf.md): the day's vote, or the night roles."""
    if phase.startswith("day"):
        return [vote_progress(state, actions)]
    groups = [
        None if phase == "night1" and not first_bite else
        role_progress(state, "wolf", "人狼（噛み）", (Bite,), actions, pack=True),
        role_progress(state, "seer", "占い師（占い）", (Divine,), actions),
        role_progress(state, "hunter", "狩人（護衛）", (Guard,), actions),
    ]
    return [g for g in groups if g is not None]


def need_count(n: int, want: dict[int, int] | set[int], name_ja: str) -> None:
    """A deal's refusal when ``n`` players is not a count the composition is written for."""
    if n not in want:
        from ..errors import UsageError

        counts = [f"{k}人" for k in sorted(want)]
        shown = counts[0] if len(counts) == 1 else "、".join(counts[:-1]) + "か" + counts[-1]
        raise UsageError(f"{name_ja} takes {', '.join(map(str, sorted(want)))} players for a "
                         f"deal; game.toml lists {n}",
                         f"{name_ja}の配役は{shown}で行います（参加者は{n}人です）")
