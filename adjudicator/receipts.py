"""Receipts: the answer a player gets, message by message, as the night is typed.

A bot (``adjudicator bot``, issue 44) hands every new message of the open phase to
:class:`Receipts`, in order; :meth:`Receipts.take` says what to answer its sender, or
None.  The phase is read here exactly as the morning will read it: one
:class:`~adjudicator.classify.PhaseReader` built once over the state at the start of the
phase and advanced by one message each time (never the night re-read, never resolved),
so the 5,000th message of a night costs what the 10th does (benchmarks/bench_receipts.py).

What a receipt may say (docs/receipts.md): the command as it was read and whether it
counts, a rejection's reason in the words the notices and ``explain`` use, with the
command sheet's example; that it replaced the sender's own earlier command; the sender's
own standing commands (「確認」).  Never an outcome the morning decides (a bite, a derby
race, a price after the night), never another player's action (not even that someone
else already did something), never a file, a line number or a rule id.  A refusal the
rules make only while the phase resolves (a task the GM judges, gold spent by a pirate
earlier in the night) is such an outcome: the receipt said 受け付けました and the
morning's notice says the rest.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Literal

from .chatlog import VILLAGE, ChatLine
from .classify import PhaseReader, _sub_lines
from .games.base import Candidate
from .normalize import nfkc
from .rooms import Thread

Kind = Literal["accepted", "rejected", "standing", "late", "unknown_speaker"]

#: the reactions a public day vote gets instead of a reply
READ = "✅"
NOT_READ = "❓"
#: what a player writes in their private place to hear their standing commands
CHECK_WORDS = frozenset({"確認", "確認します", "かくにん", "かくにんします"})
#: the answer to a command from someone not on the roster: nothing of the game
UNKNOWN_TEXT = ("この村の参加者として登録されていないため、コマンドにはお答えできません。"
                "参加している方は、GMにこの名前を伝えてください。")
#: said after a command that a later line of its kind may still replace
REWRITE = "締め切りまでは書き直せます"
#: Discord's times are UTC; the villages' logs are read in Japan time (discord_.dce)
JST = dt.timezone(dt.timedelta(hours=9), "JST")


@dataclass(frozen=True)
class Incoming:
    """One message as the bot sees it: where it was written (``thread``), by whom (the
    display name or the player name the chat shows), its text, its time (ISO 8601, or
    ``""``) and Discord's id."""

    thread: Thread
    author: str
    text: str
    time: str = ""
    message_id: str = ""


@dataclass(frozen=True)
class Receipt:
    """What to answer one message.  ``text`` is Japanese, ready to send in the player's
    private place (``private`` is always True: never in the village); ``react`` is set
    for a public day vote, answered with a reaction on the message instead of a reply
    (``text`` then empty; ``detail`` holds the reason of a ❓ for a bot that also wants
    to say it privately).  ``player``: whose receipt it is (None: an unknown speaker)."""

    player: str | None
    text: str
    kind: Kind
    react: str | None = None
    private: bool = True
    detail: str = ""


@dataclass(frozen=True, slots=True)
class _Part:
    """The verdict on one line of a message."""

    kind: Kind
    text: str
    vote: bool = False  # a day vote (accepted) or a line opening with a vote's word


def _clock(when: str) -> tuple[str | None, str | None]:
    """(date, time) of an ISO 8601 stamp as the chat readers give them: a stamp with an
    offset in Japan time, ``HH:MM:SS``; ``""`` or an unreadable stamp: (None, None)."""
    if not when:
        return None, None
    try:
        at = dt.datetime.fromisoformat(when.replace("Z", "+00:00"))
    except ValueError:
        return None, None
    if at.tzinfo is not None:
        at = at.astimezone(JST)
    return at.date().isoformat(), at.strftime("%H:%M:%S")


class Receipts:
    """The receipts of one open phase of the game at ``root``: built once (the game up to
    the phase before, its parser and the state at the phase's start), then
    :meth:`take` per new message, in order."""

    def __init__(self, root: Path, phase: str, game: Any = None) -> None:
        from .engine import resolve_game
        from .guide import build_guide
        from .phases import game_phase_label
        from .status import phase_state

        self.root = Path(root)
        self.phase = phase
        self.game = game if game is not None else resolve_game(self.root)
        self.variant = self.game.variant
        self.state = phase_state(self.game, phase)  # UsageError: no such phase now
        self.reader = PhaseReader(self.game, self.variant.make_roster(), self.state, phase)
        self.reader.roster = self.reader.seats.roster  # as PhaseReader.read leaves it
        self.label = game_phase_label(self.game, phase)
        self.count = 0  # messages taken
        #: the clock time a GM line announced as the deadline (status.announced_deadline)
        self.deadline: str | None = None
        self._guide = build_guide(self.variant.name, self.game.cfg)
        self._words = sorted(((w, e) for e in self._guide.entries for w in e.words),
                             key=lambda we: -len(we[0]))
        from .render import environment

        self._notice: Any = environment().get_template("common/notice.j2").module
        #: (player, slot owner, key) of a pack's shared slot the player has written into
        #: this phase (the wolves' bite): their 確認 shows the pack's current choice
        self._shared: set[tuple[str, str, str]] = set()

    # ------------------------------------------------------------------ the walk
    @property
    def closed(self) -> bool:
        """Whether the GM's 締め切り has been read in the village (input.deadline)."""
        return self.reader.deadline is not None

    def take(self, msg: Incoming) -> Receipt | None:
        """Read one new message (in order) into the phase and say what its sender is
        answered; None: nothing (chatter, a GM line, a line that is no command)."""
        reader = self.reader
        self.count += 1
        if msg.thread != VILLAGE:
            reader.threaded = True  # several chats, each message keeping its own
        author = msg.author
        gm = reader._is_gm(author)
        speaker = author
        th = msg.thread
        if th.kind == "private" and th.player and author and not gm:
            speaker = th.player  # input.thread.owner
        date, time = _clock(msg.time)
        line = ChatLine(source="bot", lineno=self.count, speaker=speaker, text=msg.text,
                        raw=msg.text, date=date, time=time, thread=th)
        if gm:
            for ref, part in _sub_lines(line, True):
                reader._one(line, ref, part)
            self._gm_said(msg.text)
            return None
        parts: list[_Part] = []
        if author and reader._near_gm(author) is not None:  # as PhaseReader.read: the GM told
            reader._warn_near_gm(line, f"bot:{self.count}", msg.text)
        for ref, part in _sub_lines(line, True):
            held = dict(reader.held)
            start = len(reader.records)
            reader._one(line, ref, part)
            got = self._verdict(line, part, start, held)
            if got is not None:
                parts.append(got)
        actor = reader._speaker(speaker)
        if not parts:
            if actor is not None and th.kind == "private" and _asks(msg.text):
                return self.standing(actor)
            return None
        return self._receipt(actor, th, parts)

    def _gm_said(self, text: str) -> None:
        from .status import announced_deadline

        found = announced_deadline(text)
        if found is not None:
            self.deadline = found

    def _verdict(self, line: ChatLine, text: str, start: int,
                 held: dict[tuple[str, str], tuple[int, Candidate]]) -> _Part | None:
        """The verdict on the record(s) the reader wrote for one line of a message."""
        records = self.reader.records
        if len(records) == start:
            return None
        rec = records[start]
        if rec.disposition == "accepted":
            cand = self._candidate(start)
            if cand is None:
                return None
            if not self._commanded(text):
                return None  # a free line (Trap Word's hint) is no command: nothing to say
            return _Part("accepted", self._accepted(line, text, cand, held),
                         vote=cand.action.kind == "vote")
        if rec.disposition != "rejected":
            return None  # chatter, a GM line
        if rec.code == "unknown_speaker":
            return _Part("unknown_speaker", UNKNOWN_TEXT)
        late = rec.code == "late"
        said = self._rejected(text, rec.reason or "", example=not late)
        return _Part("late" if late else "rejected", said, vote=self._is_vote_word(text))

    def _candidate(self, idx: int) -> Candidate | None:
        """The accepted candidate whose record is at ``idx`` (just written)."""
        for i, cand in reversed(self.reader.loose[-2:]):
            if i == idx:
                return cand
        for i, cand in self.reader.held.values():
            if i == idx:
                return cand
        return None

    def _commanded(self, text: str) -> bool:
        from .parser import find_command

        return find_command(text, self.variant.name) is not None

    def _accepted(self, line: ChatLine, line_text: str, cand: Candidate,
                  held: dict[tuple[str, str], tuple[int, Candidate]]) -> str:
        """「受け付けました：予想@たろう 3万ドル（締め切りまでは書き直せます）」, with the
        sender's own earlier command it replaced, and a night's command written where
        the whole village read it (input.thread.public)."""
        from .parser import find_command

        variant = self.variant
        notes: list[str] = []
        slot = variant.slot(cand.action, cand.actor)
        if slot is not None and slot[0] != cand.actor:
            self._shared.add((cand.actor, slot[0], slot[1]))
        completes = (found := find_command(line_text, variant.name)) is not None and (
            found[1] == "count")  # input.thread.dialogue: 「1株」 completes, replaces nothing
        if slot is not None and not completes:
            before = held.get((slot[0], slot[1]))
            if before is not None and before[1].actor == cand.actor:
                old = before[1].action.describe()
                if old != cand.action.describe():
                    notes.append(f"前の「{old}」と置き換えました")
                else:
                    notes.append("前の同じコマンドと置き換えました")
        if line.thread.is_village and self.reader.threaded and self.phase.startswith("night"):
            notes.append("村のチャットに書かれたため、村の全員が読めました。夜の行動は"
                         "個別チャットで送ってください")
        if variant.rewritable(cand.action, cand.actor) and not self.closed:
            notes.append(REWRITE)
        text = f"受け付けました：{cand.action.describe()}"
        return text + (f"（{'。'.join(notes)}）" if notes else "")

    def _rejected(self, text: str, reason: str, example: bool = True) -> str:
        """The notices' words for a refusal (reports/common/notice.j2 ``rejected``), then
        the command sheet's form and example when the reason gives none."""
        ev = SimpleNamespace(data={"reason": reason})
        rec = SimpleNamespace(text=text.strip(), time=None)
        said = str(self._notice.rejected(ev, rec)).strip()
        shown = self._example(text) if example and "例：" not in reason else ""
        if shown:
            said += "\n" + shown
        return said

    def _entry(self, text: str) -> Any:
        """The command sheet's entry for the command word a line opens with, or None."""
        from .parser import find_command

        found = find_command(text, self.variant.name)
        if found is None:
            return None
        t = nfkc(text)[found[0]:].lstrip()
        for word, entry in self._words:
            if t.startswith(word):
                return entry
        return None

    def _is_vote_word(self, text: str) -> bool:
        entry = self._entry(text)
        return entry is not None and entry.command == "vote"

    def _example(self, text: str) -> str:
        """「書き方：予想@名前 金額（例：予想@あやか 3万）」 from the command sheet."""
        entry = self._entry(text)
        if entry is None:
            return ""
        t = entry.text
        kind = "night" if self.phase.startswith("night") else "day"
        fits = [x.line for x in t.examples if x.phase in (kind, self.phase)] or [
            x.line for x in t.examples]
        return f"書き方：{t.form}" + (f"（例：{'、'.join(fits[:2])}）" if fits else "")

    def _receipt(self, actor: str | None, thread: Thread, parts: list[_Part]) -> Receipt:
        kinds = {p.kind for p in parts}
        if "unknown_speaker" in kinds:
            return Receipt(None, UNKNOWN_TEXT, "unknown_speaker")
        kind: Kind = ("rejected" if "rejected" in kinds else "late" if "late" in kinds
                      else "accepted")
        text = "\n".join(p.text for p in parts)
        public_vote = (thread.is_village and not self.phase.startswith("night")
                       and len(parts) == 1 and parts[0].vote)
        if public_vote:
            ok = kind == "accepted"
            return Receipt(actor, "", kind, react=READ if ok else NOT_READ,
                           detail="" if ok else text)
        return Receipt(actor, text, kind)

    # ------------------------------------------------------------------ 確認
    def standing(self, player: str) -> Receipt:
        """「確認」: ``player``'s commands standing in this phase so far (their own, and
        a pack's shared one such as the wolves' bite), each as it was read."""
        variant = self.variant
        rows: list[tuple[int, str]] = []
        open_ = False  # whether one of them may still be rewritten
        for (owner, key), (_i, cand) in self.reader.held.items():
            if cand.actor == player:
                rows.append((cand.order, cand.action.describe()
                             + ("（GMの代理入力）" if cand.by_gm else "")))
            elif (player, owner, key) in self._shared:
                rows.append((cand.order, f"{cand.action.describe()}（{cand.actor}さん）"))
            else:
                continue
            open_ = open_ or variant.rewritable(cand.action, cand.actor)
        rows += [(c.order, c.action.describe() + ("（GMの代理入力）" if c.by_gm else ""))
                 for _i, c in self.reader.loose if c.actor == player]
        rows.sort()
        shown = self.reader.seats.holders.get(player, player)  # 代役: who holds the seat now
        head = f"{self.label}にいま受け付けている{shown}さんの行動"
        if not rows:
            text = f"{head}はまだありません。"
        else:
            text = f"{head}：\n" + "\n".join(f"・{r}" for _o, r in rows)
        if self.closed:
            text += "\n締め切りました。"
        elif open_:
            text += f"\n（{REWRITE}）"
        return Receipt(player, text, "standing")


def _asks(text: str) -> bool:
    """Whether a message is 「確認」 (確認します, かくにん), the player asking for their
    standing commands."""
    return nfkc(text).strip().rstrip("。.!！?？ ") in CHECK_WORDS


__all__ = ["CHECK_WORDS", "NOT_READ", "READ", "Incoming", "Receipt", "Receipts"]
