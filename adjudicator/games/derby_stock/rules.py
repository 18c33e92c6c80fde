"""ダービー＆ストック村: validation of the players' actions and GM directives, and the
pure resolution of a phase into events (ds.night.order, the day's settlement, the end).

Built on the shared werewolf machinery (adjudicator.games.werewolf).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any, ClassVar

from ... import actions as A
from ...config.load import GameConfig
from ...errors import IllegalActionError
from ...vocab import (
    GENDER_WORDS,
    NORMAL_LEVEL,
    ROLE_NAMES,
    ROLES,
    STOCK_LEVELS,
    team_of,
    unplayable,
    yen,
)
from .. import werewolf as ww
from ..base import Candidate, Emitter, PhaseInput
from .actions import Bet, Buy, Chance, Sell
from .mentions import find_mentions
from .state import DsPlayer, DsState, gender_odds10, level_ja, price

BET_UNIT = 10_000
NAME_ODDS = 8
CHANCE_REWARD = 1_000_000
OPTIONS = {"tie": ("random", "none"), "no_bite": ("random", "none"),
           "hunter_repeat": (True, False), "first_bite": (True, False),
           "chance_pays_dead": (True, False)}
DEFAULT_OPTIONS: dict[str, Any] = {"tie": "random", "no_bite": "random",
                                   "hunter_repeat": True, "first_bite": True,
                                   "chance_pays_dead": True}



def _round_bets(amount: int) -> str:
    """The whole-unit stakes nearest a bet off the unit (R12): 15000 → 「1万ドル または 2万ドル」."""
    low = amount // BET_UNIT * BET_UNIT
    return f"{yen(low)} または {yen(low + BET_UNIT)}" if low else yen(BET_UNIT)

class DerbyRules(ww.WerewolfVariant[DsState]):
    """Validation and resolution; the Variant class (DerbyStock) adds its metadata and outputs."""

    #: the [[players]] keys read here (Variant.player_fields: the base refuses the rest)
    player_fields: ClassVar[frozenset[str] | None] = frozenset({"gender", "role"})

    def __init__(self, cfg: GameConfig) -> None:
        super().__init__(cfg)
        self.options = {**DEFAULT_OPTIONS, **cfg.options}

    @classmethod
    def config_problems(cls, cfg: GameConfig) -> list[str]:
        from ...config.problems import Problem, count, missing, option_problems, setup

        problems: list[Problem] = []
        n = len(cfg.players)
        if not 12 <= n <= 16:
            problems.append(count(f"{n} players; ダービー＆ストック村 takes 12 to 16 "
                                  "(ds.setup.roles)",
                                  f"{n}人います。ダービー＆ストック村は12〜16人で遊びます"))
        for i, p in enumerate(cfg.players, 1):
            if p.role is None:
                problems.append(missing(i, p.name, "role", "", "村人・人狼・占い師など"))
            if p.gender is None:
                problems.append(missing(i, p.name, "gender", "male or female, ds.setup.gender",
                                        "男性か女性"))
        roles = [ROLE_NAMES.get(p.role or "", "") for p in cfg.players]
        if roles and "wolf" not in roles and all(r for r in roles):
            problems.append(setup("no 人狼; the game needs at least one wolf",
                                  "人狼がいません（人狼は1人以上必要です）"))
        elif roles and all(r for r in roles):
            counts: dict[str, int] = {}
            for r in roles:
                counts[ROLES[r][0]] = counts.get(ROLES[r][0], 0) + 1
            if (why := unplayable(counts)) is not None:
                problems.append(setup(*why))
        problems += option_problems(cfg.options, OPTIONS, "derby-stock")
        return list(problems)

    def initial_state(self) -> DsState:
        players = {
            p.name: DsPlayer(name=p.name, role=ROLE_NAMES[p.role or "村"],
                             gender=p.gender or "male")
            for p in self.cfg.players
        }
        return DsState(players=players, levels={n: NORMAL_LEVEL for n in players})

    def setup_events(self, em: Emitter[DsState]) -> None:
        ww.setup_roles(em)

    # ------------------------------------------------------------ validation
    def own_slot(self, action: A.Action, actor: str) -> tuple[str, str, str] | None:
        if isinstance(action, Bet | Buy | Sell):
            return (actor, "night_action", "ds.night.one_action")
        if isinstance(action, Chance):
            return (actor, "chance", "ds.chance.when")
        return None

    def rewritable(self, action: A.Action, actor: str) -> bool:
        """ds.night.one_action: a bet or a purchase may be replaced; a sale is final, a
        price inquiry waits for its share count, and a purchase completing one locks the
        night (``_check_lock``)."""
        if isinstance(action, Sell) or (isinstance(action, Buy) and (
                action.shares is None or action.inquired)):
            return False
        return super().rewritable(action, actor)

    def validate_own(self, state: DsState, phase: str, actor: str, action: A.Action,
                     held: dict[str, Candidate]) -> A.Action:
        pending = held.get("night_action")
        if isinstance(action, A.FollowUp):
            if pending is None or not isinstance(pending.action, Buy) or pending.action.shares:
                raise IllegalActionError("share count without an inquiry",
                                         "先に「購入@名前の株」で株価を確認してから株数を送ってください",
                                         code="no_inquiry", rule="ds.night.inquiry")
            action = Buy(issuer=pending.action.issuer, shares=action.shares, inquired=True)
        if not phase.startswith("night") and isinstance(action, Bet | Buy | Sell | Chance):
            what = ("スーパーチャンスは2日目の夜時間にのみ行えます" if isinstance(action, Chance)
                    else "ダービー予想は夜時間に行ってください" if isinstance(action, Bet)
                    else "株の売買は夜時間に行ってください")  # R7: say which action
            raise IllegalActionError(f"{action.kind} by day", what,
                                     code="wrong_phase", rule="ds.night.one_action")
        if pending is not None and isinstance(action, Bet | Buy | Sell):
            action = self._check_lock(pending.action, action)
        me = state.players[actor]
        if isinstance(action, Bet):
            return self._validate_bet(state, me, action)
        if isinstance(action, Buy):
            return self._validate_buy(state, me, action)
        if isinstance(action, Sell):
            if me.stock is None:
                raise IllegalActionError("sell with no shares", "売却できる株を持っていません",
                                         code="no_shares", rule="ds.stock.sell")
            if action.issuer is not None and action.issuer != me.stock.of:
                raise IllegalActionError(
                    f"sell {action.issuer!r} but holds {me.stock.of!r}",
                    f"{action.issuer}さんの株は持っていません（持っているのは{me.stock.of}さんの株です。"
                    "「売却@」で売却できます）", code="not_held",
                    rule="ds.stock.sell")
            return action
        if isinstance(action, Chance):
            if phase != "night2":
                raise IllegalActionError("super chance outside night2",
                                         "スーパーチャンスは2日目の夜時間にのみ行えます",
                                         code="chance_not_now", rule="ds.chance.when")
            if action.target in GENDER_WORDS and action.target not in state.players:
                raise IllegalActionError("chance on a gender", "スーパーチャンスは個人名かGMを指名してください",
                                         code="not_player", rule="ds.chance.when")
            return action
        raise IllegalActionError(f"{action.kind} is not a command of this village",
                                 "この村にはないコマンドです", code="not_in_variant",
                                 rule="ds.night.one_action")

    @staticmethod
    def _check_lock(earlier: A.Action, action: Bet | Buy | Sell) -> Bet | Buy | Sell:
        """ds.night.one_action: a bet or a purchase may be replaced; a price inquiry
        locks the night but for the share count completing it; a sale is final."""
        rule = "ds.night.one_action"
        if isinstance(earlier, Sell):
            raise IllegalActionError(
                f"{action.describe()} after a sale: a sale is final for the night",
                "今夜はすでに売却しました。売却は取り消せないため、今夜はほかの行動はできません",
                code="sold_tonight", rule=rule)
        if isinstance(earlier, Buy) and earlier.shares is None:
            if (isinstance(action, Buy) and action.issuer == earlier.issuer
                    and action.shares is not None):
                return action.model_copy(update={"inquired": True})
            raise IllegalActionError(
                f"{action.describe()} after a price inquiry of {earlier.issuer!r}: "
                "only the share count is accepted",
                f"今夜は{earlier.issuer}さんの株価を問い合わせたため、受け付けられるのは"
                f"その株数（例：3株）だけです。買わない場合、今夜の売買・ダービーはできません",
                code="inquiry_lock", rule=rule)
        if isinstance(earlier, Buy) and earlier.inquired:
            raise IllegalActionError(
                f"{action.describe()} after a purchase that completed a price inquiry",
                f"今夜は{earlier.issuer}さんの株価を問い合わせて購入したため、"
                "ほかの行動はできません", code="inquiry_lock", rule=rule)
        return action

    def _validate_bet(self, state: DsState, me: DsPlayer, bet: Bet) -> Bet:
        rule = "ds.derby.bet"
        if bet.target in GENDER_WORDS and bet.target not in state.players:
            genders = {state.players[n].gender for n in ww.living(state)}
            if len(genders) <= 1:
                raise IllegalActionError(
                    "gender bet while every living player shares one gender",
                    "生存者が全員同じ性別のため、性別予想は受け付けられません",
                    code="gender_void", rule="ds.derby.gender_void")
        elif bet.target == "GM" or bet.target not in state.players:
            raise IllegalActionError(f"bet on {bet.target!r}",
                                     "予想は生存している参加者の名前か 男性/女性 で書いてください",
                                     code="not_player", rule=rule)
        elif not state.players[bet.target].alive:
            raise IllegalActionError(f"bet on dead {bet.target!r}",
                                     f"{bet.target}さんはすでに死亡しています",
                                     code="target_dead", rule=rule)
        if bet.amount <= 0:
            raise IllegalActionError(f"bet of {bet.amount}", "賭け金は1万ドル以上で指定してください",
                                     code="bet_not_positive", rule=rule)
        if bet.amount % BET_UNIT:
            raise IllegalActionError(f"bet of {bet.amount} is not a multiple of 10,000",
                                     "賭け金は1万ドル単位で指定してください（"
                                     f"{bet.amount}→{_round_bets(bet.amount)}）",
                                     code="bet_unit", rule=rule)
        if bet.amount > me.cash:
            raise IllegalActionError(
                f"bet of {bet.amount} above cash {me.cash}",
                f"所持金（{yen(me.cash)}）を超えて賭けることはできません",
                code="bet_above_cash", rule=rule)
        return bet

    def _validate_buy(self, state: DsState, me: DsPlayer, buy: Buy) -> Buy:
        rule = "ds.stock.buy"
        x = buy.issuer
        if x not in state.players:
            raise IllegalActionError(f"buy stock of {x!r}", "株は参加者の名前で指定してください",
                                     code="not_player", rule=rule)
        if not state.players[x].alive:
            raise IllegalActionError(f"buy stock of dead {x!r}",
                                     f"{x}さんはすでに死亡しています", code="target_dead",
                                     rule=rule)
        if me.stock is not None and me.stock.of != x:
            raise IllegalActionError(
                f"holds {me.stock.of!r}, cannot buy {x!r}",
                f"すでに{me.stock.of}さんの株を持っています。別の人の株は売却してから別の夜に購入してください",
                code="second_issuer", rule="ds.stock.one_issuer")
        if state.levels[x] == 0:
            raise IllegalActionError(f"{x!r} is at 最低", f"{x}さんの株は最低株のため購入できません",
                                     code="lowest_stock", rule="ds.stock.levels")
        if buy.shares is None:
            return buy
        if buy.shares < 1:
            raise IllegalActionError("buy 0 shares", "1株以上を指定してください",
                                     code="zero_shares", rule=rule)
        cost = buy.shares * price(state, x)
        if cost > me.cash:
            raise IllegalActionError(
                f"{buy.shares} shares cost {cost}, cash is {me.cash}",
                f"{buy.shares}株は{yen(cost)}で、所持金（{yen(me.cash)}）を超えます",
                code="buy_above_cash", rule=rule)
        return buy

    def validate_directive(self, state: DsState, phase: str, action: A.Action) -> A.Action:
        if isinstance(action, A.Listed):
            for t in action.targets:
                if t not in state.players:
                    raise IllegalActionError(f"{t!r} is not a player",
                                             f"「{t}」は参加者ではありません",
                                             code="not_player", rule="ds.stock.cheer_source")
            if not phase.startswith("day"):
                raise IllegalActionError(
                    f"{action.kind} directive at night: it belongs in a day log",
                    "声援・活躍の指定は昼のログに書いてください", code="wrong_phase",
                    rule="ds.stock.cheer_source")
        return action

    # ------------------------------------------------------------ resolution
    def resolve_night(self, em: Emitter[DsState], ph: PhaseInput) -> None:
        start = em.state
        acts = ph.actions
        # (1) sales, then purchases, at the levels of the start of the night
        for c in acts:
            if isinstance(c.action, Sell):
                held = start.players[c.actor].stock
                assert held is not None
                got = held.shares * price(start, held.of)
                em.emit("shares_sold", "ds.stock.sell", c.ref, "player", to=c.actor,
                        player=c.actor, target=held.of, amount=got, shares=held.shares,
                        level=level_ja(start, held.of), price=price(start, held.of))
        buyers: dict[str, set[str]] = defaultdict(set)
        for c in acts:
            if isinstance(c.action, Buy):
                x = c.action.issuer
                if c.action.shares is None:
                    em.emit("inquiry", "ds.night.inquiry", c.ref, "player", to=c.actor,
                            player=c.actor, target=x, level=level_ja(start, x),
                            price=price(start, x))
                    continue
                cost = c.action.shares * price(start, x)
                em.emit("shares_bought", "ds.stock.buy", c.ref, "player", to=c.actor,
                        player=c.actor, target=x, amount=-cost, shares=c.action.shares,
                        level=level_ja(start, x), price=price(start, x))
                buyers[x].add(c.actor)
        # (2) bets are staked
        for c in acts:
            if isinstance(c.action, Bet):
                target = (c.action.target if c.action.target in start.players
                          else GENDER_WORDS.get(c.action.target, c.action.target))
                em.emit("bet_placed", "ds.derby.bet", c.ref, "player", to=c.actor,
                        player=c.actor, target=target, amount=-c.action.amount)
        for c in acts:
            if isinstance(c.action, Chance):
                em.emit("chance_entry", "ds.chance.hit", c.ref, "gm", player=c.actor,
                        target=c.action.target, hit=self._chance_hit(start, c.actor,
                                                                     c.action.target))
                # the player's receipt: the choice only, the result waits for the end
                em.emit("chance_told", "ds.chance.hit", c.ref, "player", to=c.actor,
                        player=c.actor, target=c.action.target)
        # (3) the bite
        ww.resolve_night(em, acts, self.options)
        # (4) shares of the dead become void
        dead = [n for n in start.players if start.players[n].alive
                and not em.state.players[n].alive]
        self._void(em, dead, f"phase:{em.phase}")
        # (5) stock levels move
        self._move_stocks(em, buyers)
        # (6) the morning: richest, then the win check
        richest = max(p.cash for p in em.state.players.values())
        em.emit("richest", "ds.post.richest", f"phase:{em.phase}", "public", amount=richest)
        if ww.check_win(em):
            self._finish(em)

    def _chance_hit(self, state: DsState, actor: str, target: str) -> bool:
        """ds.chance.hit: village names the madman, wolves name the hunter; GM if absent."""
        wanted = "madman" if team_of(state.players[actor].role) == "village" else "hunter"
        present = any(p.role == wanted for p in state.players.values())
        if target == "GM":
            return not present
        return target in state.players and state.players[target].role == wanted

    def _void(self, em: Emitter[DsState], dead: list[str], cause: str) -> None:
        for name in dead:
            for holder, p in em.state.players.items():
                if p.stock is not None and p.stock.of == name:
                    em.emit("shares_void", "ds.stock.void", cause, "player", to=holder,
                            player=holder, target=name, shares=p.stock.shares)

    def _move_stocks(self, em: Emitter[DsState], buyers: dict[str, set[str]]) -> None:
        st = em.state
        alive = ww.living(st)
        delta: Counter[str] = Counter()
        why: dict[str, list[str]] = defaultdict(list)
        for x in st.players:
            if x in alive and len(buyers.get(x, ())) >= 2:
                delta[x] += 1
                why[x].append("ds.stock.move.buyers")
        for source, rule in (("cheer", "ds.stock.move.cheer"),
                             ("activity", "ds.stock.move.activity")):
            for direction, step in (("up", 1), ("down", -1)):
                pool = [n for n in st.moves.get(f"{source}_{direction}", []) if n in alive]
                if not pool:
                    continue
                if len(pool) > 1:
                    label = {"cheer": "声援", "activity": "活躍"}[source]
                    side = "最多" if step > 0 else "なし"
                    pick = em.draw(pool, rule, f"{label}{side}の候補が複数のためランダムに1人")
                else:
                    pick = pool[0]
                delta[pick] += step
                why[pick].append(rule)
        for x in st.players:
            if not delta.get(x):
                continue
            old = em.state.levels[x]
            new = max(0, min(len(STOCK_LEVELS) - 1, old + delta[x]))
            em.emit("stock_level", "ds.stock.move", f"phase:{em.phase}", "gm", target=x,
                    step=delta[x], before=STOCK_LEVELS[old][1], after=STOCK_LEVELS[new][1],
                    index=new, rules=why[x])
        em.emit("moves_used", "ds.stock.move", f"phase:{em.phase}", "gm")

    def resolve_day(self, em: Emitter[DsState], ph: PhaseInput) -> None:
        start = em.state
        executed = ww.resolve_vote(em, ph.actions, self.options["tie"])
        if executed:
            self._void(em, [executed], f"phase:{em.phase}")
        self._settle_bets(em, start, executed)
        self._note_moves(em, ph)
        if ww.check_win(em):
            self._finish(em)

    def _settle_bets(self, em: Emitter[DsState], start: DsState, executed: str | None) -> None:
        """ds.derby.payout.* / bitten / dead_bettor / gender_void / no_execution.

        ``start`` is the state after the morning's deaths, before the vote.  Order of the
        rulings: a bettor bitten that morning or executed by this vote gets nothing (a dead
        player's money cannot grow, not even by a returned stake); then a gender bet made
        void by the morning's deaths is returned; then no execution loses; then right or
        wrong.  Every notice states the result and the bettor's cash after it."""
        genders = {start.players[n].gender for n in ww.living(start)}
        for bet in start.bets:
            cash = em.state.players[bet.bettor].cash
            common: dict[str, Any] = {"to": bet.bettor, "player": bet.bettor,
                                      "target": bet.target, "stake": bet.amount,
                                      "executed": executed}
            if not start.players[bet.bettor].alive:
                em.emit("bet_lost", "ds.derby.bitten", bet.ref, "player", why="bitten",
                        cash=cash, **common)
                continue
            if bet.bettor == executed:
                em.emit("bet_lost", "ds.derby.dead_bettor", bet.ref, "player", why="executed",
                        right=self._bet_right(start, bet.target, executed), cash=cash,
                        **common)
                continue
            if bet.target in ("male", "female") and len(genders) <= 1:
                em.emit("bet_void", "ds.derby.gender_void", bet.ref, "player",
                        amount=bet.amount, why="one_gender", cash=cash + bet.amount, **common)
                continue
            if executed is None:
                em.emit("bet_lost", "ds.derby.no_execution", bet.ref, "player",
                        why="no_execution", cash=cash, **common)
                continue
            if not self._bet_right(start, bet.target, executed):
                em.emit("bet_lost", "ds.derby.bet", bet.ref, "player", why="wrong", cash=cash,
                        **common)
                continue
            if bet.target in ("male", "female"):
                odds10 = gender_odds10(start, bet.target)
                rule, odds = "ds.derby.payout.gender", odds10
            else:
                rule, odds = "ds.derby.payout.name", NAME_ODDS * 10
            won = odds * bet.amount // 10
            em.emit("bet_won", rule, bet.ref, "player", amount=won,
                    odds=f"{odds // 10}" + (f".{odds % 10}" if odds % 10 else ""),
                    cash=cash + won, **common)

    @staticmethod
    def _bet_right(start: DsState, target: str, executed: str | None) -> bool:
        if executed is None:
            return False
        if target in ("male", "female"):
            return start.players[executed].gender == target
        return target == executed

    def _note_moves(self, em: Emitter[DsState], ph: PhaseInput) -> None:
        """ds.stock.cheer_source: the day's 声援/活躍 for the next morning's move."""
        moves: dict[str, list[str]] = {}
        refs: dict[str, str] = {}
        for d in ph.directives:
            a = d.action
            kinds: dict[type, str] = {A.Cheer: "cheer_up", A.NoCheer: "cheer_down",
                                     A.Activity: "activity_up", A.NoActivity: "activity_down"}
            key = kinds.get(type(a))
            if key is not None and isinstance(a, A.Listed):
                moves[key] = list(dict.fromkeys(a.targets))
                refs[key] = d.ref
        chat = ph.extra_logs.get("chat")
        if chat is not None and "cheer_up" not in moves and "cheer_down" not in moves:
            alive = ww.living(em.state)
            mentions = Counter[str]()
            spellings = {n: [n, *self._aliases(n)] for n in alive}
            listed: list[str] = []  # ds.stock.cheer_mention: what was counted, line by line
            for line in chat:
                hits = find_mentions(line.text, spellings)
                if not hits:
                    continue
                for h in hits:
                    if h.counted:
                        mentions[h.player] += 1
                text = " ".join(line.text.split())
                text = text if len(text) <= 80 else text[:79] + "…"
                listed.append(f"{line.source}:{line.lineno} {line.speaker}「{text}」→ "
                              + "、".join(h.describe() for h in hits))
            if mentions:
                top = max(mentions.values())
                moves["cheer_up"] = [n for n in alive if mentions[n] == top]
            moves["cheer_down"] = [n for n in alive if not mentions[n]]
            ref = f"{chat[0].source}" if chat else "chat"
            refs["cheer_up"] = refs["cheer_down"] = ref
            em.emit("mentions", "ds.stock.cheer_mention", ref, "gm",
                    counts={n: mentions[n] for n in alive}, lines=listed)
        for key, names in moves.items():
            if names:
                em.emit("move_noted", "ds.stock.cheer_source", refs[key], "gm", key=key,
                        players=names)

    def _aliases(self, name: str) -> list[str]:
        return list(self.cfg.player(name).aliases)

    def _finish(self, em: Emitter[DsState]) -> None:
        """ds.end.money / ds.end.winner: final money; unsettled bets lose."""
        for bet in em.state.bets:
            em.emit("bet_lost", "ds.derby.no_execution", bet.ref, "player", to=bet.bettor,
                    player=bet.bettor, target=bet.target, stake=bet.amount,
                    why="game_over", executed=None, cash=em.state.players[bet.bettor].cash)
        finals: dict[str, int] = {}
        pays_dead = self.options["chance_pays_dead"]
        for name, p in em.state.players.items():
            unpaid = p.chance_hit and not p.alive and not pays_dead
            reward = CHANCE_REWARD if p.chance_hit and not unpaid else 0
            unpaid_note: dict[str, Any] = {"chance_unpaid": True} if unpaid else {}
            finals[name] = p.cash + reward
            em.emit("final_money", "ds.chance.dead" if p.chance_hit and not p.alive
                    else "ds.end.money", f"phase:{em.phase}", "public", player=name,
                    amount=finals[name], cash=p.cash, chance_reward=reward,
                    chance_target=p.chance_target, **unpaid_note)
        top = max(finals.values())
        winners = [n for n in em.state.players if finals[n] == top]
        em.emit("winners", "ds.end.winner", f"phase:{em.phase}", "public", players=winners,
                amount=top)
