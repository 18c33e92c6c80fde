"""A replaced player (代役): a newcomer takes over a seat from a phase on.

Where a replacement comes from: ``[[replacements]]`` in game.toml (``phase``, ``old``,
``new``), or the GM's directive ``交代@旧名→新名`` in a phase's log, which takes effect for
that whole phase (the GM announces it at the start) and every later one.

What it does (engine.replacement):
- the seat keeps its name in the state, the JSON and the report (its role, cash,
  society, gauge… are the seat's, so the newcomer inherits them all); from the phase
  on, the newcomer's name (and the old name, as a target) name the seat;
- lines the old name writes from that phase on are the old player's chatter: a command
  among them is not an action (the line is chatter, with the reason);
- the phase's public post opens with the replacement (both names), the seat's notices
  of that phase open with a hand-over notice to the newcomer that repeats every
  notice the seat received before, and the ledger names both.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .chatlog import ChatLine
from .errors import CommandError
from .models import Event, PhaseResult
from .normalize import HONORIFICS, name_key, nfkc
from .roster import Roster

RULE = "engine.replacement"
_PHASE = re.compile(r"(day|night|round)([0-9]+)")
_SWAP = re.compile(r"交代@(.+)→(.+)")
_DIRECTIVE = re.compile(r"(?:交代|代役)\s*@\s*(.+?)\s*(?:→|->|⇒|=>)\s*([^\s@→⇒,、]+)")


def phase_key(pid: str) -> tuple[int, int]:
    """day3 -> (3, 0), night3 -> (3, 1), round3 -> (3, 0): the phases' order."""
    m = _PHASE.fullmatch(pid)
    if m is None:
        return (10**9, 0)
    return (int(m.group(2)), 1 if m.group(1) == "night" else 0)


@dataclass(frozen=True, slots=True)
class Replacement:
    """One 代役."""

    phase: str
    seat: str  # the seat (the canonical name of game.toml)
    old: str  # who held it until now
    new: str
    source: str  # game.toml, or logs/day3.txt:4


@dataclass(slots=True)
class Seats:
    """Who holds each seat in one phase, and the roster that reads it."""

    phase: str
    base: Roster  # the game's roster plus the replacements of earlier phases
    roster: Roster  # base plus this phase's own replacements
    holders: dict[str, str] = field(default_factory=dict)  # seat -> current holder
    earlier: list[Replacement] = field(default_factory=list)  # before this phase
    here: list[Replacement] = field(default_factory=list)  # taking effect in this phase
    problems: list[tuple[str, str]] = field(default_factory=list)  # (source, message)
    refused: dict[tuple[str, str], str] = field(default_factory=dict)  # (seat, newcomer)
    # of this phase -> why not

    @property
    def active(self) -> bool:
        return bool(self.holders)

    def retired(self, speaker: str) -> str | None:
        """The seat ``speaker`` held before it was taken over (None: not a retired name)."""
        if not self.holders:
            return None
        try:
            seat = self.roster.resolve(speaker)
        except CommandError:
            return None
        holder = self.holders.get(seat)
        if holder is None or _same(speaker, holder):
            return None
        return seat

    def refusal(self, seat: str, new: str) -> str | None:
        """Why ``交代@seat→new`` cannot stand (None: it can)."""
        if (seat, new) in self.refused:
            return self.refused[seat, new]
        try:
            other = self.base.resolve(new)
        except CommandError:
            return None
        if other == seat:
            holder = self.holders.get(seat, seat)
            if _same(new, holder) and not any(r.new == new for r in self.here):
                return f"{new}さんはすでにこの席の参加者です"
            return None
        return f"「{new}」はすでに参加者（{other}さん）の名前です"


def _same(a: str, b: str) -> bool:
    ka, kb = name_key(a), name_key(b)
    if ka == kb:
        return True
    return any(ka == kb + name_key(h) for h in HONORIFICS)


def _configured(cfg: Any) -> list[tuple[str, str, str, str]]:
    return [(r.phase, r.old, r.new, "game.toml") for r in getattr(cfg, "replacements", [])]


def _from_records(game: Any, before: str) -> list[tuple[str, str, str, str]]:
    """The GM's accepted 交代@ lines of the phases before ``before``."""
    out = []
    for ph in game.phases:
        if phase_key(ph.id) >= phase_key(before):
            break
        out += _swaps_of(ph)
    return out


#: a resolved phase's accepted 交代@ lines (phases are frozen: found once per phase, not
#: once per later phase); the phase is kept beside them so that its id is not reused
_SWAPS: dict[int, tuple[Any, list[tuple[str, str, str, str]]]] = {}


def _swaps_of(ph: Any) -> list[tuple[str, str, str, str]]:
    hit = _SWAPS.get(id(ph))
    if hit is not None and hit[0] is ph:
        return hit[1]
    found = []
    for rec in [r for r in ph.lines if r.disposition == "gm"]:  # a comprehension: fast
        if rec.action and rec.action.startswith("交代@"):
            m = _SWAP.fullmatch(rec.action)
            if m:
                found.append((ph.id, m.group(1), m.group(2), rec.ref))
    if len(_SWAPS) > 256:
        _SWAPS.clear()
    _SWAPS[id(ph)] = (ph, found)
    return found


def _scan(lines: Sequence[ChatLine], is_gm: Callable[[str], bool], phase: str,
          speakers: set[str] | None = None) -> list[tuple[str, str, str, str]]:
    """The GM's 交代@ lines among ``lines`` (``speakers``: theirs, when the caller has
    them); the GM test runs once per speaker, and the GM's lines are picked out by a
    comprehension before the directive is looked for in them."""
    out: list[tuple[str, str, str, str]] = []
    if speakers is None:
        speakers = {line.speaker for line in lines}
    gms = {s for s in speakers if s and is_gm(s)}  # once a speaker
    if not gms:
        return out
    for line in [line for line in lines if line.speaker in gms]:
        for i, part in enumerate(line.text.split("\n")):
            m = _DIRECTIVE.search(nfkc(part))
            if m:
                out.append((phase, m.group(1).strip(), m.group(2).strip(),
                            f"{line.source}:{line.lineno + i}"))
    return out


def seats_for(game: Any, roster: Roster, phase: str, lines: Sequence[ChatLine] = (),
              is_gm: Callable[[str], bool] = lambda s: False,
              speakers: set[str] | None = None) -> Seats:
    """The seats of ``phase``: game.toml's replacements up to it, the GM's 交代@ lines of
    the earlier phases, and those in ``lines`` (this phase's log, whose speakers the
    caller may give as ``speakers``)."""
    entries = list(game.variant.roster_entries())
    extra = {**{g: "GM" for g in game.cfg.gm}, **game.variant.extra_targets}
    wanted = sorted(
        [r for r in _configured(game.cfg) + _from_records(game, phase)
         if phase_key(r[0]) <= phase_key(phase)],
        key=lambda r: phase_key(r[0]))
    mine = [r for r in wanted if r[0] == phase] + (_scan(lines, is_gm, phase, speakers)
                                                    if lines else [])
    wanted = [r for r in wanted if phase_key(r[0]) < phase_key(phase)]
    seats = Seats(phase=phase, base=roster, roster=roster)
    added: dict[str, list[str]] = {}
    holders: dict[str, str] = {}
    current = roster
    seen: set[tuple[str, str, str]] = set()
    dead = _dead_before(game, phase)
    for group, target in ((wanted, seats.earlier), (mine, seats.here)):
        for pid, old, new, source in group:
            if (pid, old, new) in seen:
                continue
            seen.add((pid, old, new))
            # a line of this phase is rejected by the reader itself (with ``refused``);
            # game.toml's are said here
            report = target is seats.here and source == "game.toml"
            try:
                seat = current.resolve(old)
            except CommandError:
                if report:
                    seats.problems.append((source, f"交代@{old}→{new}: 「{old}」は参加者では"
                                           "ありません"))
                continue
            if seat not in current.names:
                continue
            why = _refusal(current, added, holders.get(seat, seat), seat, new,
                           dead.get(seat), pid)
            if why is not None:
                if report:
                    seats.problems.append((source, f"交代@{old}→{new}: {why}"))
                if target is seats.here:
                    seats.refused[(seat, new)] = why
                continue
            holder = holders.get(seat, seat)
            target.append(Replacement(phase=pid, seat=seat, old=holder, new=new,
                                      source=source))
            holders[seat] = new
            added.setdefault(seat, []).append(new)
            current = _with_aliases(entries, added, extra)
            if target is seats.earlier:
                seats.base = current
    seats.holders = holders
    seats.roster = current
    return seats


def _dead_before(game: Any, phase: str) -> dict[str, str]:
    """Seat -> the phase it died in, for the seats dead before ``phase`` starts."""
    out: dict[str, str] = {}
    for ph in game.phases:
        if phase_key(ph.id) >= phase_key(phase):
            break
        for seat in ph.deaths:
            out.setdefault(seat, ph.id)
    return out


def _refusal(current: Roster, added: dict[str, list[str]], holder: str, seat: str,
             new: str, died: str | None, phase: str) -> str | None:
    """Why a newcomer ``new`` cannot take ``seat`` (held by ``holder``) in ``phase``
    (None: they can), as the roster refuses such names: an invisible or
    direction-changing character, the same player as the one leaving, a seat whose
    player died before the phase, a newcomer who already holds another seat."""
    from .config.load import _invisible
    from .names_shown import shown

    if (bad := _invisible(new)) is not None:
        return f"「{shown(new)}」に見えない文字（{bad}）が入っています。消して書き直してください"
    if _same(new, holder):
        return f"{new}さんはこの席の参加者のままです（交代する人と同じ人です）"
    if died is not None and phase_key(died) < phase_key(phase):
        return f"{seat}さんの席は死亡しているため、代役を立てられません"
    try:
        clash = current.resolve(new)
    except CommandError:
        return None
    if clash == seat:
        return None  # the old name written again, or an alias of the seat
    for other, news in added.items():
        if other != seat and any(_same(new, n) for n in news):
            return f"{new}さんはすでに{other}さんの席の代役です（1人が2つの席を持つことはできません）"
    return f"「{new}」はすでに参加者（{clash}さん）の名前です"


def _with_aliases(entries: list[tuple[str, list[str]]], added: dict[str, list[str]],
                  extra: dict[str, str]) -> Roster:
    return Roster([(n, [*a, *added.get(n, [])]) for n, a in entries], extra=extra)


# ------------------------------------------------------------------ outputs
def annotate(game: Any, result: PhaseResult, seats: Seats) -> PhaseResult:
    """The phase's post, notices, ledger and events with the replacements that take
    effect in it (both names where they matter)."""
    if not seats.here:
        return result
    post_lines = [f"【交代】{r.old}さんに代わり、{r.new}さんが参加します。" for r in seats.here]
    private = {k: list(v) for k, v in result.private.items()}
    events = list(result.events)
    ledger_lines = []
    for r in seats.here:
        before = [n for ph in game.phases for n in ph.private.get(r.seat, [])]
        notice = (f"{r.new}さんへ：この回から{r.old}さんの代役として参加していただきます。"
                  f"{r.old}さんの役職・持ち物・状態はそのまま引き継がれます。")
        if before:
            notice += "\nこれまでにこの席へ届いた通知：\n" + "\n".join(f"・{n}" for n in before)
        private[r.seat] = [notice, *private.get(r.seat, [])]
        events.append(Event(kind="replacement", rule=RULE, cause=r.source, audience="public",
                            player=r.seat, target=r.new, data={"old": r.old}))
        ledger_lines.append(f"交代：{r.old} → {r.new}（{r.seat}の席、{r.source}）")
    post = "\n".join(post_lines) + "\n" + result.public_post if result.public_post else \
        "\n".join(post_lines) + "\n"
    ledger = "\n".join(ledger_lines) + "\n" + result.ledger
    return result.model_copy(update={"public_post": post, "private": private,
                                     "events": events, "ledger": ledger})


def holders_of(game: Any) -> dict[str, list[str]]:
    """Seat -> everyone who held it, in order (only seats that changed hands)."""
    out: dict[str, list[str]] = {}
    for ph in game.phases:
        for e in ph.events:
            if e.kind == "replacement" and e.player and e.target:
                out.setdefault(e.player, [e.player]).append(e.target)
    return out


def seat_label(game: Any, seat: str) -> str:
    """たろう, or たろう（代役：じろう） for a seat that changed hands."""
    names = holders_of(game).get(seat)
    if not names:
        return seat
    return f"{seat}（代役：{'、'.join(names[1:])}）"


def problems(seats: Seats) -> list[Any]:
    """The replacements that could not stand, as errors for the GM."""
    from .models import Diagnostic

    return [Diagnostic(level="error", code="bad_replacement", source=src, message=msg,
                       reason_ja=msg) for src, msg in seats.problems]


def addressee(game: Any, phase: str, seat: str) -> str:
    """Who a seat's notices of ``phase`` go to: 「はなこさん」, or 「ゆきこさん（はなこさんの
    席）」 once a newcomer holds it."""
    holder = seat
    for ph in game.phases:
        if phase_key(ph.id) > phase_key(phase):
            break
        for e in ph.events:
            if e.kind == "replacement" and e.player == seat and e.target:
                holder = e.target
    return f"{seat}さん" if holder == seat else f"{holder}さん（{seat}さんの席）"
