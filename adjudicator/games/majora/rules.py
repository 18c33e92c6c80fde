"""ムジュラの仮面村: setup checks, validation of the day declarations and the pure rule
functions (rules/majora.md, mj.*).  Every change of state is an event emitted through
the :class:`~adjudicator.games.base.Emitter`.

Declarations take effect in the order they were written, so a riddle's reward can be
used, or a received item passed on, later in the same day.  Validation therefore runs
against a *shadow* of the day: the state at the start of the phase with every earlier
accepted declaration of that phase applied (``_shadow``).  Resolution applies the same
functions to the real emitter, in the same order.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

from ... import actions as A
from ...config.load import GameConfig
from ...errors import CommandError, ConfigError, IllegalActionError
from ...normalize import name_key
from ...rng import PhaseRng
from ...roster import Roster
from ..base import Candidate, Emitter, PhaseInput, Variant
from .actions import Ability, Answer, Give, Use
from .scenario import (
    DAYS,
    GIANTS,
    INSTRUMENT_USES,
    MAX_LOOPS,
    Effect,
    Item,
    Scenario,
    read_scenario,
)
from .state import ROLE_JA, ROLE_WORDS, ItemState, MjPlayer, MjState, held_by

#: the seed's generic name of a key item (「・カギ　カギとして使用できます」)
_KEY_WORDS = frozenset(name_key(w) for w in ("カギ", "鍵"))

PLAYERS = 12  # mj.setup: 11 仮面の村人 + 1 月
MOONS = 1
#: what using an item with no effect tells its holder (a clue item: 銀の鈴, 古い地図)
NOTHING_HAPPENS = "使っても何も起きませんでした。"


def _illegal(message: str, reason_ja: str, code: str, rule: str) -> IllegalActionError:
    return IllegalActionError(message, reason_ja, code=code, rule=rule)


def scenario_path(cfg: GameConfig) -> Path:
    return cfg.folder / (cfg.scenario or "")


def _scenario_problems(cfg: GameConfig) -> tuple[Scenario | None, list[str]]:
    if not cfg.scenario:
        return None, ['scenario: required key is missing (scenario = "scenario.toml", the '
                      'file of masks, items, riddles and locks; mj.scenario)']
    sc, problems = read_scenario(scenario_path(cfg))
    if problems == ["file not found"]:
        problems = ["file not found next to game.toml (start from the sample: `adjudicator "
                    "demo DIR --sample majora` writes one; `adjudicator schema --scenario` "
                    "prints its schema)"]
    from ...config.problems import Problem

    def placed(p: str) -> Problem:
        ja = getattr(p, "ja", p)
        return Problem(f"scenario ({cfg.scenario}): {p}",
                       f"シナリオ（{cfg.scenario}）" + ("の" if "：" in ja else "：") + ja)

    return sc, [placed(p) for p in problems]


class MajoraRules(Variant[MjState]):
    """Setup checks, validation and resolution; the Variant (Majora) adds its outputs."""

    #: the [[players]] keys read here (Variant.player_fields: the base refuses the rest)
    player_fields: ClassVar[frozenset[str] | None] = frozenset({"role"})

    def __init__(self, cfg: GameConfig) -> None:
        super().__init__(cfg)
        self.options: dict[str, Any] = dict(cfg.options)
        self.roster = Roster(self.roster_entries())
        sc, problems = _scenario_problems(cfg)
        if sc is None or problems:
            raise ConfigError("game.toml", problems)
        self.scenario: Scenario = sc
        self._shadow: tuple[MjState, str, Emitter[MjState]] | None = None

    # ------------------------------------------------------------ setup
    @classmethod
    def config_problems(cls, cfg: GameConfig) -> list[str]:
        from ...config.problems import Problem, count, player, setup

        problems: list[Problem] = []
        if len(cfg.players) != PLAYERS:
            problems.append(count(
                f"{len(cfg.players)} players; ムジュラの仮面村 takes {PLAYERS - MOONS} "
                f"仮面の村人 and {MOONS} 月 (mj.setup)",
                f"{len(cfg.players)}人います。ムジュラの仮面村は仮面の村人{PLAYERS - MOONS}人と"
                f"月{MOONS}人の{PLAYERS}人で遊びます"))
        moons = 0
        for i, p in enumerate(cfg.players, 1):
            if p.role is not None and p.role not in ROLE_WORDS:
                problems.append(player(
                    i, p.name, "role", f"unknown role {p.role!r}; expected 仮面の村人 or 月",
                    f"「{p.role}」という役職はありません（使えるのは 仮面の村人・月）"))
            elif p.role is not None and ROLE_WORDS[p.role] == "moon":
                moons += 1
        if moons != MOONS:
            problems.append(setup(
                f"{moons} players have role = \"月\"; the village has exactly {MOONS} "
                "(mj.setup)",
                f"月はちょうど{MOONS}人です（いま{moons}人。月の人は役職に「月」と書きます）"))
        for key in cfg.options:
            problems.append(Problem(f"options.{key}: unknown option; majora has no options",
                                    f"オプションの「{key}」：この村にオプションはありません",
                                    "options"))
        sc, sp = _scenario_problems(cfg)
        if not cfg.scenario:
            problems.append(Problem(
                sp[0], "シナリオ：書かれていません（仮面・アイテム・謎・鍵を書いたシナリオの"
                "ファイルを scenario = \"scenario.toml\" のように指定してください）", "setup"))
        else:
            problems += [Problem(p, f"シナリオ（{cfg.scenario}）：game.toml と同じフォルダに"
                                 "ありません（見本は `adjudicator demo DIR --sample majora` で"
                                 "書き出せます）" if ": file not found" in p
                                 else getattr(p, "ja", p), "setup") for p in sp]
        if sc is not None and not sp:
            if len(sc.masks) < len(cfg.players):
                problems.append(Problem(
                    f"scenario ({cfg.scenario}): masks: {len(sc.masks)} masks for "
                    f"{len(cfg.players)} players; every player gets one (mj.masks.deal)",
                    f"シナリオ（{cfg.scenario}）の仮面：{len(cfg.players)}人に{len(sc.masks)}"
                    "枚しかありません（全員に1枚ずつ配ります）", "setup"))
            names = {p.name for p in cfg.players}
            for i, it in enumerate(sc.items, 1):
                if it.start.startswith("player:") and it.start[7:] not in names:
                    problems.append(Problem(
                        f"scenario ({cfg.scenario}): items[{i}] ({it.name}).start: "
                        f"{it.start[7:]!r} is not a player of game.toml",
                        f"シナリオ（{cfg.scenario}）の{i}番目のアイテム（{it.name}）の"
                        f"持ち主：「{it.start[7:]}」は名簿にいません", "setup"))
        return list(problems)

    def initial_state(self) -> MjState:
        players = {p.name: MjPlayer(name=p.name, role=ROLE_WORDS.get(p.role or "", "villager"))
                   for p in self.cfg.players}
        return MjState(players=players,
                       items={i.name: ItemState() for i in self.scenario.items})

    def setup_events(self, em: Emitter[MjState]) -> None:
        """mj.setup (roles told privately), the starting items, the first deal."""
        here = f"phase:{em.phase}"
        sc = self.scenario
        em.emit("opening", "mj.scenario", here, "public", title=sc.title, intro=sc.intro)
        for n, p in em.state.players.items():
            em.emit("role", "mj.setup", here, "player", to=n, player=n, role=p.role)
        names = list(em.state.players)
        for it in sc.items:
            if it.start == "random":
                who = em.draw(names, "mj.scenario", f"「{it.name}」を最初に持つ人を抽選")
            elif it.start.startswith("player:"):
                who = it.start[7:]
            else:
                continue
            # a starting item is told only to its holder (who holds what is for the
            # players to find out)
            em.emit("item_start", "mj.scenario", here, "player", to=who, player=who,
                    target=it.name, text=it.text if it.public else None)
        deal_masks(em, sc)

    # ------------------------------------------------------------ lines
    def validate(self, state: MjState, phase: str, actor: str, action: A.Action,
                 held: dict[str, Candidate]) -> A.Action:
        em = self._shadow_for(state, phase)
        checked = self.check(em.state, phase, actor, action)
        self.apply(em, Candidate(ref="shadow", actor=actor, action=checked), shadow=True)
        return checked

    def begin_reading(self, state: MjState, phase: str) -> None:
        self._shadow = None  # a fresh reader: no earlier line of this phase counts

    def _shadow_for(self, state: MjState, phase: str) -> Emitter[MjState]:
        if self._shadow is None or self._shadow[0] is not state or self._shadow[1] != phase:
            em: Emitter[MjState] = Emitter(state=state, evolve=self.evolve,
                                           rng=PhaseRng(self.cfg.seed, phase), phase=phase)
            if state.loop == 1 and all(p.mask is None for p in state.players.values()):
                # the first phase is read before its setup events are resolved: replay
                # them (same seed and phase, so the same draws as the engine's)
                self.setup_events(em)
            self._shadow = (state, phase, em)
        return self._shadow[2]

    def _player(self, st: MjState, text: str, what: str, rule: str) -> str:
        name = self.roster.resolve(text)  # UnknownNameError / AmbiguousNameError
        if name not in st.players:
            raise _illegal(f"{what}: {text!r} is not a player",
                           f"{what}の相手は参加者の名前で書いてください", "not_player", rule)
        if not st.players[name].alive:
            raise _illegal(f"{what}: {name!r} is dead", f"{name}さんは死亡しています",
                           "target_dead", rule)
        return name

    def check(self, st: MjState, phase: str, actor: str, action: A.Action) -> A.Action:
        """Raise IllegalActionError if ``actor`` may not declare ``action`` in ``st``;
        return it with canonical names."""
        if st.finished:
            raise _illegal("the game is over", "ゲームはすでに終了しています", "game_over",
                           "mj.giants" if st.result == "giants" else "mj.loop")
        if not isinstance(action, Use | Ability | Give | Answer):
            raise _illegal(f"{action.kind} is not a command of this village",
                           "この村にはないコマンドです（使用@・能力@・渡す@・回答@）",
                           "not_in_variant", "mj.declare")
        if not phase.startswith("day"):
            raise _illegal(f"{action.describe()!r} at night",
                           "アイテムや能力は昼時間に宣言してください（夜は会話だけです）",
                           "wrong_phase", "mj.declare")
        if st.rewound:
            raise _illegal("time was rewound earlier today",
                           "時の楽器で時が戻ったため、それより後の宣言は無効です",
                           "rewound", "mj.instrument")
        if not st.players[actor].alive:
            raise _illegal(f"{actor!r} is dead", "死亡しているため行動できません", "dead",
                           "engine.dead")
        if isinstance(action, Answer):
            return self._check_answer(st, action)
        if isinstance(action, Give):
            return self._check_give(st, actor, action)
        if isinstance(action, Ability):
            return self._check_ability(st, actor, action)
        return self._check_use(st, actor, action)

    def _check_answer(self, st: MjState, a: Answer) -> A.Action:
        r = self.scenario.riddle(a.riddle)
        if r is None:
            raise _illegal(f"no riddle {a.riddle!r}", f"「{a.riddle}」という謎はありません",
                           "unknown_riddle", "mj.riddle")
        if r.id in st.solved:
            raise _illegal(f"riddle {r.id!r} is solved in this cycle",
                           f"謎「{r.id}」はこの周ですでに解かれています", "solved", "mj.riddle")
        return a.model_copy(update={"riddle": r.id})

    def _held_item(self, st: MjState, actor: str, text: str) -> Item:
        it = self.scenario.item(text)
        if it is None and name_key(text) in _KEY_WORDS:  # the seed's generic item 「カギ」
            it = self._generic_key(st, actor, text)
        if it is None:
            raise _illegal(f"no item {text!r}", f"「{text}」というアイテムはありません",
                           "unknown_item", "mj.declare")
        s = st.items[it.name]
        if s.status == "broken":
            raise _illegal(f"{it.name!r} is broken", f"{it.name}はすでに砕け散っています",
                           "broken", "mj.giants")
        if s.status == "used":
            raise _illegal(f"{it.name!r} is used up", f"{it.name}はすでに使い切られています",
                           "used_up", "mj.declare")
        if s.holder != actor:
            raise _illegal(f"{actor!r} does not hold {it.name!r}",
                           f"{it.name}を持っていません（アイテムを使えるのは持っている人だけです）",
                           "not_holder", "mj.declare")
        return it

    def _generic_key(self, st: MjState, actor: str, text: str) -> Item:
        """「使用@カギ」: the seed names the item 「カギ」, so the word means the one key
        the player holds; with none or several the player is told which names to use."""
        keys = [i for i in self.scenario.items if i.kind == "key"
                and st.items[i.name].status == "held" and st.items[i.name].holder == actor]
        if len(keys) == 1:
            return keys[0]
        if not keys:
            raise _illegal(f"{actor!r} holds no key", "カギを持っていません",
                           "not_holder", "mj.declare")
        names = "、".join(i.name for i in keys)
        raise _illegal(f"{text!r} matches several keys",
                       f"「{text}」だけではどのカギか特定できません。持っているカギの名前"
                       f"（{names}）で宣言してください", "unknown_item", "mj.declare")

    def _check_give(self, st: MjState, actor: str, a: Give) -> A.Action:
        it = self._held_item(st, actor, a.item)
        to = self._player(st, a.target, "渡す", "mj.declare")
        if to == actor:
            raise _illegal("give to self", "自分には渡せません", "self_target", "mj.declare")
        return a.model_copy(update={"item": it.name, "target": to})

    def _target(self, st: MjState, kind: str, text: str | None, rule: str, what: str,
                unannounced: bool = False) -> str | None:
        """The canonical target of a declaration whose item or ability takes ``kind``."""
        if kind == "none":
            return None
        if text is None:
            label = {"player": "誰", "lock": "何", "item": "どのアイテム"}[kind]
            # the form the guide and the day-1 post give (review 3, N11): 能力@名前
            whom = "名前" if kind == "player" else "対象"
            form = f"{what}{whom}" if what.endswith("@") else f"{what}→{whom}"
            if unannounced:
                raise _illegal(f"{what} needs a target",
                               f"説明が公開されていないアイテムは、誰が{label}に使うのかを"
                               f"明言してください（{form}）", "no_target",
                               "mj.item.unannounced")
            raise _illegal(f"{what} needs a target", f"{label}に使うのかを明言してください（{form}）",
                           "no_target", rule)
        if kind == "player":
            return self._player(st, text, what, rule)
        if kind == "lock":
            lk = self.scenario.lock(text)
            if lk is None:
                raise _illegal(f"no lock {text!r}", f"「{text}」という鍵のかかったものはありません",
                               "unknown_lock", rule)
            return lk.id
        it = self.scenario.item(text)
        if it is None:
            raise _illegal(f"no item {text!r}", f"「{text}」というアイテムはありません",
                           "unknown_item", rule)
        return it.name

    def _check_ability(self, st: MjState, actor: str, a: Ability) -> A.Action:
        me = st.players[actor]
        mask = self.scenario.mask(me.mask or "")
        if mask is None or mask.ability is None:
            raise _illegal(f"the mask of {actor!r} has no ability",
                           "あなたの仮面には使える能力がありません", "no_ability", "mj.declare")
        if st.ability_uses.get(actor, 0) >= mask.ability.uses:
            raise _illegal(f"{actor!r} used the ability {mask.ability.uses} times",
                           "この周ではもう能力を使えません", "ability_spent", "mj.declare")
        target = self._target(st, mask.ability.target, a.target, "mj.declare", "能力@")
        return a.model_copy(update={"target": target})

    def _check_use(self, st: MjState, actor: str, a: Use) -> A.Action:
        it = self._held_item(st, actor, a.item)
        if it.kind == "instrument":
            mask = self.scenario.mask(st.players[actor].mask or "")
            if mask is None or not mask.instrument:
                raise _illegal(f"the mask of {actor!r} cannot play the instrument",
                               f"{it.name}を奏でられる仮面をつけていません", "wrong_mask",
                               "mj.instrument")
            if st.instrument_uses_left <= 0 or st.loop >= MAX_LOOPS:
                raise _illegal("no rewind left",
                               f"{it.name}はもう使えません（時を戻せるのは{INSTRUMENT_USES}回、"
                               f"{MAX_LOOPS}周目が最後です）", "no_uses", "mj.loop.limit")
            return a.model_copy(update={"item": it.name, "target": None})
        if it.kind == "giant":
            self._check_giants(st, actor, it)
            return a.model_copy(update={"item": it.name, "target": None})
        if it.kind == "key":
            lock = self._target(st, "lock", a.target, "mj.key", f"使用@{it.name}")
            lk = self.scenario.lock(lock or "")
            assert lk is not None
            want = self.scenario.item(lk.key) if lk.key else None
            if want is not None and want.name != it.name:
                raise _illegal(f"{it.name!r} does not open {lk.id!r}",
                               f"{it.name}では「{lk.id}」は開きません", "wrong_key", "mj.key")
            if lk.id in st.opened:
                raise _illegal(f"{lk.id!r} is open", f"「{lk.id}」はこの周ですでに開いています",
                               "opened", "mj.key")
            return a.model_copy(update={"item": it.name, "target": lk.id})
        target = self._target(st, it.target, a.target, "mj.declare", f"使用@{it.name}",
                              unannounced=not it.public)
        return a.model_copy(update={"item": it.name, "target": target})

    def _check_giants(self, st: MjState, actor: str, it: Item) -> None:
        g = self.scenario.giants
        missing: list[str] = []
        if st.day not in g.days:
            missing.append("・".join(f"{d}日目" for d in g.days) + "にしか使えません")
        for rid in g.solved:
            r = self.scenario.riddle(rid)
            if r is not None and r.id not in st.solved:
                missing.append(f"謎「{r.id}」がこの周でまだ解かれていません")
        for lid in g.opened:
            lk = self.scenario.lock(lid)
            if lk is not None and lk.id not in st.opened:
                missing.append(f"「{lk.id}」がこの周でまだ開いていません")
        if g.masks and st.players[actor].mask not in g.masks:
            missing.append("巨人の道具を使える仮面をつけていません")
        if missing:
            raise _illegal(f"the giants' condition does not hold for {it.name!r}",
                           f"まだ{it.name}を使う条件が整っていません（{'、'.join(missing)}）",
                           "condition", "mj.giants")

    # ------------------------------------------------------------ resolution
    def resolve(self, em: Emitter[MjState], phase: PhaseInput) -> None:
        if phase.id.startswith("night"):
            morning(em, self.scenario)
            return
        for c in phase.actions:
            try:
                action = self.check(em.state, em.phase, c.actor, c.action)
            except CommandError as e:  # cannot happen after the shadow check; never silent
                em.refuse(c.ref, getattr(e, "rule", None) or "mj.declare", e.reason_ja,
                          code=e.code, message=str(e), player=c.actor, to=c.actor)
                continue
            self.apply(em, Candidate(ref=c.ref, actor=c.actor, action=action, by_gm=c.by_gm,
                                     order=c.order))
        em.emit("day_end", "mj.loop", f"phase:{em.phase}", "gm", loop=em.state.loop,
                day=em.state.day)

    def apply(self, em: Emitter[MjState], c: Candidate, shadow: bool = False) -> None:
        a, me, ref = c.action, c.actor, c.ref
        sc = self.scenario
        if isinstance(a, Answer):
            r = sc.riddle(a.riddle)
            assert r is not None
            if name_key(a.answer) in {name_key(x) for x in r.answers}:
                em.emit("riddle_solved", "mj.riddle", ref, "public", player=me, target=r.id,
                        answer=a.answer)
                self.effect(em, r.reward, me, None, ref, "mj.riddle", f"謎「{r.id}」")
            else:
                em.emit("riddle_wrong", "mj.riddle", ref, "public", player=me, target=r.id,
                        answer=a.answer)
        elif isinstance(a, Give):
            em.emit("item_passed", "mj.declare", ref, "public", player=a.target, target=a.item,
                    by=me)
        elif isinstance(a, Ability):
            mask = sc.mask(em.state.players[me].mask or "")
            assert mask is not None and mask.ability is not None
            em.emit("ability_used", "mj.declare", ref, "gm", player=me, target=a.target,
                    mask=mask.name)
            self.effect(em, mask.ability.effect, me, a.target, ref, "mj.declare",
                        f"{mask.name}の能力", secret=True)
        elif isinstance(a, Use):
            it = sc.item(a.item)
            assert it is not None
            if it.kind == "instrument":
                left = em.state.instrument_uses_left - 1
                em.emit("instrument_played", "mj.instrument", ref, "public", player=me,
                        target=it.name, left=left, loop=em.state.loop)
                rewind(em, ref, shadow, sc)
            elif it.kind == "giant":
                em.emit("giant_broken", "mj.giants", ref, "public", player=me, target=it.name,
                        used=len(em.state.giants_used) + 1)
                if set(em.state.giants_used) >= set(GIANTS):
                    winners = [n for n, p in em.state.players.items() if p.role == "villager"]
                    em.emit("giants_called", "mj.giants", ref, "public", winners=winners,
                            loop=em.state.loop, day=em.state.day)
            elif it.kind == "key":
                em.emit("lock_opened", "mj.key", ref, "public", player=me, target=a.target,
                        key=it.name)
                if it.consumable:
                    em.emit("item_used_up", "mj.key", ref, "public", player=me, target=it.name)
                lk = sc.lock(a.target or "")
                assert lk is not None
                self.effect(em, lk.reward, me, None, ref, "mj.key", f"「{lk.id}」")
            else:
                rule = "mj.declare" if it.public else "mj.item.unannounced"
                em.emit("item_used", rule, ref, "public", player=me, target=a.target,
                        item=it.name)
                self.effect(em, it.effect, me, a.target, ref, rule, it.name)
                if it.effect.empty():  # a clue item, found and held (mj.scenario)
                    em.emit("effect_text", rule, ref, "player", to=me, player=me,
                            source=it.name, text=NOTHING_HAPPENS)
                if it.consumable:
                    em.emit("item_used_up", rule, ref, "public", player=me, target=it.name)

    def effect(self, em: Emitter[MjState], eff: Effect, user: str, target: str | None,
               ref: str, rule: str, source: str, secret: bool = False) -> None:
        """What an item, ability, riddle or lock does (the scenario's Effect).  A mask's
        name is the wearer's secret: with ``secret`` the public events leave it out."""
        sc = self.scenario
        shown = None if secret else source
        if eff.text:
            em.emit("effect_text", rule, ref, "player", to=user, player=user, source=source,
                    text=eff.text)
        if eff.announce:
            em.emit("announce", rule, ref, "public", player=user, source=shown,
                    text=eff.announce)
        for name in eff.give:
            it = sc.item(name)
            assert it is not None
            if em.state.items[it.name].status == "hidden":
                self._found(em, it, user, ref, rule, shown)
            else:
                em.emit("already_found", rule, ref, "player", to=user, player=user,
                        target=it.name, source=source)
        if eff.peek == "mask" and target:
            em.emit("peek", rule, ref, "player", to=user, player=user, target=target,
                    what="mask", mask=em.state.players[target].mask, source=source)
        elif eff.peek == "items" and target:
            em.emit("peek", rule, ref, "player", to=user, player=user, target=target,
                    what="items", items=held_by(em.state, target), source=source)
        if eff.kill:
            victim = user if eff.kill == "user" else target
            if victim and em.state.players[victim].alive:
                em.emit("death", rule, ref, "public", player=victim, how="scenario",
                        source=shown)

    def _found(self, em: Emitter[MjState], it: Item, who: str, ref: str, rule: str,
               source: str | None = None) -> None:
        em.emit("item_found", rule, ref, "public", player=who, target=it.name,
                text=it.text if it.public else None, source=source)

    # ------------------------------------------------------------ phases
    def phase_ids(self) -> Iterator[str]:
        # mj.loop.limit: at most four cycles of three days (12 days); a rewind on an
        # earlier day makes the game shorter, never longer
        for n in range(1, MAX_LOOPS * DAYS + 1):
            yield f"day{n}"
            yield f"night{n}"


# ---------------------------------------------------------------- the loop
def deal_masks(em: Emitter[MjState], sc: Scenario) -> None:
    """mj.masks.deal: every player gets one mask, drawn and recorded; the mask's text and
    ability reach only its wearer."""
    pool = [m.name for m in sc.masks]
    loop = em.state.loop
    for n in em.state.players:
        pick = em.draw(pool, "mj.masks.deal", f"{n}さんの仮面（{loop}周目）")
        pool.remove(pick)
        mask = sc.mask(pick)
        assert mask is not None
        em.emit("mask", "mj.masks.deal", "rng", "player", to=n, player=n, mask=pick,
                text=mask.text, ability=mask.ability is not None, instrument=mask.instrument,
                loop=loop)


def rewind(em: Emitter[MjState], ref: str, shadow: bool, sc: Scenario) -> None:
    """mj.instrument / mj.items.keep: back to the start of day 1 of a new cycle."""
    st = em.state
    kept = {n: s.holder for n, s in st.items.items() if s.status == "held"}
    undone = {
        "solved": list(st.solved), "opened": list(st.opened),
        "revived": [n for n, p in st.players.items() if not p.alive],
        "day": st.day,
    }
    # who holds what is not public (starting items are told only to their holder): the
    # kept holders go to the GM, the public event says what broke and what went back
    em.emit("items_kept", "mj.items.keep", ref, "gm", kept=kept,
            used=[n for n, s in st.items.items() if s.status == "used"])
    em.emit("rewind", "mj.items.keep", ref, "public", loop=st.loop + 1,
            broken=list(st.giants_used), uses_left=st.instrument_uses_left, undone=undone)
    if not shadow:
        deal_masks(em, sc)


def morning(em: Emitter[MjState], sc: Scenario) -> None:
    """mj.loop: the next morning; on the morning of day 4 the moon falls."""
    st = em.state
    here = f"phase:{em.phase}"
    found = []
    for n, who in st.found_today.items():
        it = sc.item(n)
        found.append({"name": n, "holder": who, "text": it.text if it and it.public else None,
                      "status": st.items[n].status if n in st.items else "held"})
    died = list(st.died_today)
    if not st.rewound and st.day >= DAYS:
        moons = [n for n, p in st.players.items() if p.role == "moon"]
        em.emit("moon_fell", "mj.loop", here, "public", loop=st.loop, winners=moons,
                found=found, died=died)
        return
    day = 1 if st.rewound else st.day + 1
    em.emit("morning", "mj.loop", here, "public", loop=st.loop, day=day, left=DAYS + 1 - day,
            found=found, died=died, last=st.loop >= MAX_LOOPS)


__all__ = ["MajoraRules", "ROLE_JA"]
