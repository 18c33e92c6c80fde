"""One phase's lines read one by one: exactly one disposition each.

``PhaseReader`` takes the chat lines of a phase and classifies each: chatter, a GM
directive, an accepted action (perhaps superseded by a later one), or a rejected line
with its reason.  It holds no rule of a game: the variant validates, the parser reads
the words, the roster names the people.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from . import actions as A
from .chatlog import VILLAGE, ChatLine, Thread, is_unsent
from .errors import CommandError, CommandSyntaxError, IllegalActionError, UnknownNameError
from .games.base import Candidate, Variant
from .gm_words import closest_directive, directive_words, has_vote_time, is_deadline, is_vote_time
from .models import Diagnostic, LineRecord
from .normalize import gm_key, nfkc
from .parser import command_hint, find_command, is_gm_word, parse_command, suggest_word
from .quoting import command_text
from .roster import PLAYER, Roster

MAX_COMMAND = 2000  # characters: a longer line is not parsed as a command
QUOTE_MAX = 200  # characters of a chat line quoted in a message (the raw line is kept once)


def shorten(text: str, limit: int = QUOTE_MAX) -> str:
    """``text`` cut to ``limit`` characters, with "…" when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _sub_lines(line: ChatLine, json_like: bool) -> list[tuple[str, str]]:
    """One message -> (ref, text) per text line.  Line-based formats cite file lines."""
    if "\n" not in line.text:
        return [(f"{line.source}:{line.lineno}", line.text)]
    parts = line.text.split("\n")
    out = []
    for i, part in enumerate(parts):
        if json_like:
            ref = f"{line.source}:{line.lineno}" + (f".{i + 1}" if len(parts) > 1 else "")
        else:
            ref = f"{line.source}:{line.lineno + i}"
        out.append((ref, part))
    return out


#: a message opening with a time of day the reader could not take (25:99:99)
_TIME_SHAPE = re.compile(r"\[?[ \t]*([0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?)[ \t]*[\]\t ]")
#: the characters a _TIME_SHAPE match can open with (the match is tried only then; ""
#: is in every string, so an empty line is tried too)
_TIME_LEADS = "[ \t0123456789"


#: the GM's directives a look-alike GM may write (締め切り, 課題成功@…): warned, not chatter
_GM_DIRECTIVE = re.compile(r"^\s*(締め?切り?|〆切|課題(成功|失敗)|勝者|開始|終了|交代)")


def _visible_strip(text: str) -> str:
    from .names_shown import has_odd

    return "".join(c for c in text if not has_odd(c))


class PhaseReader:
    """Classifies every line of one phase: exactly one disposition each."""

    def __init__(self, game: Any, roster: Roster, state: Any, phase: str) -> None:
        self.game = game
        self.variant = game.variant
        self.variant.begin_reading(state, phase)
        self.roster = roster
        self.state = state
        self.phase = phase
        self.gm_keys = {gm_key(g) for g in game.cfg.gm}
        from .records import PhaseRecords

        self.records = PhaseRecords()
        self.diagnostics: list[Diagnostic] = []
        self.rejections: list[tuple[str, str, str, str, str]] = []  # ref, actor, code, rule, why
        self.held: dict[tuple[str, str], tuple[int, Candidate]] = {}  # slot -> (record idx, cand)
        self.loose: list[tuple[int, Candidate]] = []  # accepted actions without a slot
        self.directives: list[Candidate] = []
        self.deadline: str | None = None
        #: the village's 締め切り to the second (date, HH:MM:SS), when its chat gives seconds:
        #: a line of another chat merged after it in the same minute but written before it
        #: is not late (input.deadline: "a later command"; the merge compares minutes only)
        self._deadline_at: tuple[str, str] | None = None
        #: a GM's 締め切り written in one chat other than the village closes that chat only
        self.thread_deadlines: dict[Thread, str] = {}
        self.threaded = False  # the phase came as several chats (input.thread)
        #: the GM's 投票時間 (ss.p.vote_time), in a village that has it: the opening line
        self.vote_time: str | None = None
        self._vote_words = has_vote_time(self.variant.name)
        #: (record index, candidate, index in rejections) of each line a later one
        #: replaced while the vote may still open: an early vote-time line is refused
        self._replaced: list[tuple[int, Candidate, int]] = []
        self.order = 0
        self._gm_cache: dict[str, bool] = {}
        self._near_cache: dict[str, str | None] = {}
        self._speaker_cache: dict[str, str | None] = {}
        from .replacement import seats_for  # 代役: who holds each seat in this phase

        self.seats = seats_for(game, roster, phase)

    # -- helpers --
    def _near_gm(self, speaker: str) -> str | None:
        """The GM name ``speaker`` is close to (「ゲームマスタ」 for 「ゲームマスター」), when it
        is neither a GM nor a player: a GM directive from it is a warning, not chatter."""
        if speaker in self._near_cache:
            return self._near_cache[speaker]
        near: str | None = None
        if speaker and not self._is_gm(speaker) and self._speaker(speaker) is None:
            import difflib

            key = gm_key(speaker)
            for gm in self.game.cfg.gm:
                gk = gm_key(gm)
                if gk and (difflib.SequenceMatcher(None, key, gk).ratio() >= 0.75
                           or (len(gk) >= 2 and (gk in key or key in gk))
                           or nfkc(_visible_strip(speaker)).casefold() == gk):
                    near = gm
                    break
        self._near_cache[speaker] = near
        return near

    def _warn_near_gm(self, line: ChatLine, ref: str, text: str) -> None:
        gm = self._near_gm(line.speaker)
        if gm is None or _GM_DIRECTIVE.match(text) is None:
            return
        from .names_shown import shown

        self.diagnostics.append(Diagnostic(
            level="warning", code="near_gm", source=ref, speaker=line.speaker,
            text=shorten(text), message=f"GM directive from {line.speaker!r}, who is neither a "
            f"GM nor a player but close to the GM name {gm!r}: not taken as the GM's",
            reason_ja=f"「{shown(line.speaker)}」はGMの名前「{gm}」に似ていますが、GMとして"
            f"登録されていないため、「{shorten(text.strip(), 30)}」はGMの指示として扱って"
            "いません（GMの名前か別名に加えてください）"))

    def _is_gm(self, speaker: str) -> bool:
        hit = self._gm_cache.get(speaker)
        if hit is None:
            hit = self._gm_cache[speaker] = (
                gm_key(speaker) in self.gm_keys)
        return hit

    def _speaker(self, speaker: str) -> str | None:
        if speaker in self._speaker_cache:
            return self._speaker_cache[speaker]
        try:
            name: str | None = self.roster.resolve(speaker, kinds=(PLAYER,))
        except CommandError:
            name = None
        if name is not None and not self.variant.is_player(self.state, name):
            name = None
        if name is not None and self.seats.retired(speaker) is not None:
            name = None  # a replaced player's lines are chatter (engine.replacement)
        self._speaker_cache[speaker] = name
        return name

    def _record(self, ref: str, line: ChatLine, text: str, disposition: str, **kw: Any) -> int:
        if self.threaded:
            self.records.threads[ref] = line.thread
        self.records.written.append(len(self.records))
        self.records.append(
            LineRecord(
                ref=ref, speaker=line.speaker, text=text, time=line.time,
                disposition=disposition,  # type: ignore[arg-type]
                action=kw.get("action"), reason=kw.get("reason"),
                code=kw.get("code"),
            )
        )
        return len(self.records) - 1

    def _reject(
        self, ref: str, line: ChatLine, text: str, actor: str | None, err: CommandError,
        level: str | None = None,
    ) -> None:
        """Player mistakes are warnings (the game goes on); GM-line failures are errors."""
        level = level or ("warning" if actor is not None or not self._is_gm(line.speaker)
                          else "error")
        code = err.code
        rule = err.rule if isinstance(err, IllegalActionError) else f"input.{code}"
        # the line itself is kept once (its record); messages quote at most QUOTE_MAX
        why = shorten(err.reason_ja)
        self._record(ref, line, text, "rejected", reason=why, code=code)
        self.diagnostics.append(
            Diagnostic(
                level=level,  # type: ignore[arg-type]
                code=code, source=ref, message=shorten(str(err), 2 * QUOTE_MAX),
                speaker=line.speaker, text=shorten(text), reason_ja=why,
            )
        )
        self.rejections.append((ref, actor or line.speaker, code, rule or f"input.{code}",
                                why))

    def _too_long(self, text: str) -> CommandError | None:
        """A command is short: a line longer than MAX_COMMAND is not parsed (which would
        cost time in proportion to its length squared), it is rejected."""
        if len(text) <= MAX_COMMAND:
            return None
        return CommandSyntaxError(
            f"a line of {len(text)} characters is too long to be a command: "
            f"{shorten(text.strip(), 60)!r}",
            f"コマンドとして読むには長すぎます（{len(text)}文字）")

    # -- the walk --
    def read(self, lines: list[ChatLine], json_like: bool) -> None:
        """Classify ``lines`` in order (records, diagnostics, actions).

        Fast path for the bulk of a log: a one-line message from a player or a stranger
        (neither a GM, nor near a GM's name, nor the chat app) that cannot be a command is
        chatter, the answer ``_one`` gives, found cheaper: the speaker's kind is decided
        once per speaker, and "cannot be a command" is ``command_hint``'s answer (whose
        first test is ``quiet``'s).  Every other line takes the general path, as before.
        The loop also notes whether the lines' numbers increase, so that every reference
        is unique (``PhaseRecords.unique``)."""
        from .replacement import seats_for

        speakers = {line.speaker for line in lines}
        self.seats = seats_for(self.game, self.roster, self.phase, lines, self._is_gm,
                               speakers)
        self.roster = self.seats.roster
        self._speaker_cache.clear()
        maybe = command_hint(self.variant.name)
        free = type(self.variant).free_action is not Variant.free_action
        records = self.records
        append = records.append
        # a phase of several chats (input.thread): every line keeps its thread, the fast
        # path's chatter too (a player's view shows a private chat's lines to its player only)
        self.threaded = bool(lines) and type(lines[0]) is ChatLine and (
            lines[0].thread is not VILLAGE)
        threads = records.threads if self.threaded else None
        fast = not json_like and not free
        # per speaker, once: 0 a player or a stranger, 1 close to a GM's name (its GM-like
        # directives are warned about), 2 a GM, 3 the chat app's system lines
        kinds = {speaker: (3 if not speaker else 2 if self._is_gm(speaker) else
                           1 if self._near_gm(speaker) is not None else 0)
                 for speaker in speakers}
        last = -1  # the highest line number a reference has used so far
        unique = records.unique
        for line in lines:
            text = line.text
            if line.time is None and line.raw[:1] in _TIME_LEADS and (
                    bad := _TIME_SHAPE.match(line.raw)) is not None:
                self.diagnostics.append(Diagnostic(
                    level="warning", code="bad_time", source=f"{line.source}:{line.lineno}",
                    speaker=line.speaker, message=f"impossible time {bad.group(1)!r}: read as "
                    f"a message of {line.speaker!r} without a time"))
            kind = kinds[line.speaker]
            if fast and kind == 0 and "\n" not in text and not maybe(text):
                lineno = line.lineno
                if lineno <= last:
                    unique = False
                last = lineno
                ref = f"{line.source}:{lineno}"
                if threads is not None:
                    threads[ref] = line.thread
                append(LineRecord(ref, line.speaker, text, line.time))  # disposition: chatter
                continue
            lineno = line.lineno
            if lineno <= last:
                unique = False
            last = lineno if json_like else lineno + text.count("\n")
            speaker = line.speaker
            if kind == 1:
                self._warn_near_gm(line, f"{line.source}:{lineno}", text)
            if fast and kind != 2 and "\n" not in text and not maybe(text):
                if threads is not None:
                    threads[f"{line.source}:{lineno}"] = line.thread
                append(LineRecord(f"{line.source}:{lineno}", speaker, text, line.time))
                if not speaker and is_unsent(text):
                    self._unsent(f"{line.source}:{lineno}", text)
                continue
            for ref, part in _sub_lines(line, json_like):
                self._one(line, ref, part)
        if threads is not None:  # merged by time, the chats' line numbers interleave:
            unique = len(threads) == len(records)  # one record a reference, each its thread
        records.unique = unique

    def _one(self, line: ChatLine, ref: str, text: str) -> None:
        if not line.speaker:  # a system line of the chat app (joins, unsent messages…)
            self._record(ref, line, text, "chatter")
            if is_unsent(text):
                self._unsent(ref, text)
            return
        v = self.variant.name
        found = find_command(text, v) if text.strip() else None
        if self._is_gm(line.speaker):
            self._gm_line(line, ref, text, found)
            return
        actor = self._speaker(line.speaker)
        if found is None:
            free = None
            if actor is not None and text.strip() and not self.variant.finished(self.state):
                free = self.variant.free_action(self.state, self.phase, actor, text)
            if free is None or actor is None:
                self._record(ref, line, text, "chatter")
                return
            self._take(line, ref, text, actor, free)
            return
        offset, how = found
        if actor is None and (seat := self.seats.retired(line.speaker)) is not None:
            self._record(ref, line, text, "chatter", code="replaced",
                         reason=f"{line.speaker}さんは{self.seats.holders[seat]}さんと交代した"
                         "ため、この発言は行動として扱いません")
            return
        if actor is None:
            if how == "count":
                self._record(ref, line, text, "chatter")
                return
            from .names_shown import shown

            close = self.roster.suggestions(line.speaker)
            hint = f"（近い名前：{'、'.join(close)}）" if close else ""
            self._record(ref, line, text, "rejected", code="unknown_speaker",
                         reason=f"「{shown(line.speaker)}」は参加者として登録されていません")
            self.diagnostics.append(Diagnostic(
                level="warning", code="unknown_speaker", source=ref, speaker=line.speaker,
                text=shorten(text), message=f"command from {line.speaker!r}, who is neither a player "
                "nor a GM: add the name or an alias in game.toml"
                + (f"; close names: {', '.join(close)}" if close else ""),
                reason_ja=f"「{shown(line.speaker)}」は参加者として登録されていません{hint}",
            ))
            return
        if how == "count" and not self._pending_inquiry(actor, line.thread):
            self._record(ref, line, text, "chatter")
            return
        if self.variant.finished(self.state):
            err: CommandError = IllegalActionError(
                f"{actor!r} sent {text.strip()!r} after the game ended",
                "ゲームはすでに終了しています", code="game_over", rule="engine.game_over")
            self._reject(ref, line, text, actor, err, level="warning")
            return
        if not self.variant.is_alive(self.state, actor):
            err = IllegalActionError(
                f"{actor!r} is dead: {text.strip()!r} is not an action",
                "死亡しているため行動できません", code="dead", rule="engine.dead")
            self._reject(ref, line, text, actor, err)
            return
        if (self.deadline is not None and not self._before_deadline(line)) \
                or line.thread in self.thread_deadlines:
            err = IllegalActionError(
                f"{text.strip()!r} came after the deadline ({self.deadline})",
                "締め切り後の発言のため無効です", code="late", rule="engine.deadline")
            self._reject(ref, line, text, actor, err)
            return
        if how == "unknown_word":
            word = nfkc(text)[offset:].split("@", 1)[0].strip()
            near = suggest_word(word, v)  # R10: a typo of a command word names the word
            err = CommandSyntaxError(
                f"unknown command word {word!r} in {text.strip()!r}",
                f"「{word}」というコマンドはありません"
                + (f"（「{near}@」のことですか？）" if near else ""))
            self._reject(ref, line, text, actor, err)
            return
        too_long = self._too_long(text)
        if too_long is not None:
            self._reject(ref, line, text, actor, too_long)
            return
        try:
            action = parse_command(command_text(nfkc(text), offset), self.roster, v,
                                   transformer=self.variant.transformer,
                                   slot=self.variant.kinds_of_slot)
        except CommandSyntaxError as e:
            # R4: a line that only opens with a command word (「秘密 の箱」) and holds no @
            # is what the variant reads free lines as (a Trap Word hint), not a bad command
            free = (self.variant.free_action(self.state, self.phase, actor, text)
                    if "@" not in nfkc(text) else None)
            if free is None:
                self._reject(ref, line, text, actor, e)
                return
            self._take(line, ref, text, actor, free)
            return
        except CommandError as e:
            self._reject(ref, line, text, actor, e)
            return
        self._take(line, ref, text, actor, action)

    def _pending_inquiry(self, actor: str, thread: Thread = VILLAGE) -> bool:
        """Whether ``actor`` has a question waiting for its answer (derby's price inquiry
        waits for the share count): in a phase of several chats, asked in ``thread``
        (input.thread.dialogue)."""
        threads = self.records.threads
        for (owner, _key), (_i, cand) in self.held.items():
            if owner == actor and getattr(cand.action, "shares", 0) is None and (
                    not self.threaded or threads.get(cand.ref, VILLAGE) == thread):
                return True
        return False

    def _unsent(self, ref: str, text: str) -> None:
        """A LINE 送信取り消し line, listed for the GM: what it said is not in the log."""
        self.diagnostics.append(Diagnostic(
            level="info", code="unsent", source=ref, text=text,
            message="a message was unsent here; what it said is not in the log",
            reason_ja="ここで送信取り消しされたメッセージがあります（内容はログにありません）"))

    def _take(self, line: ChatLine, ref: str, text: str, actor: str, action: A.Action,
              by_gm: bool = False) -> None:
        """Accept the action, or reject the line with the reason the rules give."""
        if line.edited:  # the words may not be the ones the players saw first
            self.diagnostics.append(Diagnostic(
                level="warning", code="edited", source=ref, speaker=line.speaker, text=text,
                message="this command was edited after posting: check it was not changed "
                "after the deadline or after others answered",
                reason_ja="このコマンドは投稿後に編集されています（締切後や他の人の発言の後に"
                "書き換えられていないか確認してください）"))
        try:
            self._accept(line, ref, text, actor, action, by_gm)
        except CommandError as e:
            self._reject(ref, line, text, actor, e)

    def _accept(
        self, line: ChatLine, ref: str, text: str, actor: str, action: A.Action, by_gm: bool
    ) -> None:
        held = {key: c for (owner, key), (_i, c) in self.held.items() if owner == actor}
        if self.threaded and not by_gm:
            self._check_room(line, action)
        action = self.variant.validate(self.state, self.phase, actor, action, held)
        if self.threaded and not by_gm and line.thread.is_village and self.phase.startswith(
                "night"):
            self._public_note(ref, line, text, actor)
        self.order += 1
        cand = Candidate(ref=ref, actor=actor, action=action, by_gm=by_gm, order=self.order)
        disposition = "gm" if by_gm else "accepted"
        idx = self._record(ref, line, text, disposition, action=action.describe())
        slot = self.variant.slot(action, actor)
        if slot is None:
            self.loose.append((idx, cand))
            return
        owner, key, rule = slot
        prev = self.held.get((owner, key))
        if prev is not None:
            pidx, pcand = prev
            old = self.records[pidx]
            # said as a player reads it: the later line by its time and words, never a
            # file and line number; another speaker (a wolf partner) is named
            who = "" if pcand.actor == actor else f"{actor}さんの"
            when = f"{line.time}の" if line.time else "後の"
            later = text.strip() if len(text.strip()) <= 40 else text.strip()[:39] + "…"
            if self._vote_words and self.vote_time is None:
                self._replaced.append((pidx, pcand, len(self.rejections)))
            if old.disposition == "accepted":
                self.records[pidx] = replace(
                    old, disposition="superseded",
                    reason=f"{who}{when}「{later}」で置き換えられました（後の発言が有効です）",
                    code="superseded")
            self.rejections.append((pcand.ref, pcand.actor, "superseded", rule,
                                    f"「{pcand.action.describe()}」は{who}「{action.describe()}」"
                                    "で置き換えられました"))
        self.held[(owner, key)] = (idx, cand)

    def _check_room(self, line: ChatLine, action: A.Action) -> None:
        """A bite sent from outside the room game.toml names for bites (``[threads]
        bites``) is refused, saying where to send it (input.thread)."""
        from .threads import bites_room

        room = bites_room(self.game.cfg)
        if room is None or action.kind != "bite" or line.thread.group == room:
            return
        where = "人狼の部屋" if room == "人狼" else f"「{room}」の部屋"
        raise IllegalActionError(
            f"bite sent outside the room for bites ({room}): {line.thread.name!r}",
            f"噛みは{where}で送ってください（{line.thread.ja()}で送られた噛みは数えません）",
            code="wrong_room", rule="input.thread")

    def _public_note(self, ref: str, line: ChatLine, text: str, actor: str) -> None:
        """A night's action written in the village is still the player's, and the GM is
        told that the whole village could read it (input.thread.public)."""
        self.diagnostics.append(Diagnostic(
            level="warning", code="public_command", source=ref, speaker=line.speaker,
            text=shorten(text), message=f"{actor!r} wrote a night action in the village: "
            "every player could read it (input.thread.public)",
            reason_ja=f"{actor}さんの夜の行動「{shorten(text.strip(), 40)}」は村のチャットに"
            "書かれたため、村の全員が読めました（行動としては数えています）"))

    def _before_deadline(self, line: ChatLine) -> bool:
        """Whether ``line``, merged after the village's 締め切り, was written before it to
        the second: a line of another chat, in the same minute, both chats giving seconds
        (and the same date, where both give one)."""
        at = self._deadline_at
        if at is None or line.thread.is_village or line.time is None \
                or line.time.count(":") != 2 or line.time[:5] != at[1][:5]:
            return False
        if line.date and at[0] and line.date != at[0]:
            return False
        return line.time < at[1]

    def _gm_line(
        self, line: ChatLine, ref: str, text: str, found: tuple[int, str] | None
    ) -> None:
        offset, how = found if found is not None else (0, "none")
        if is_deadline(text):
            if self.threaded and not line.thread.is_village:
                self.thread_deadlines.setdefault(line.thread, ref)
            else:
                self.deadline = ref
                if self.threaded and line.time is not None and line.time.count(":") == 2:
                    self._deadline_at = (line.date or "", line.time)
            self._record(ref, line, text, "gm", action=A.Deadline().describe())
            return
        if self._vote_words and is_vote_time(text):
            self._vote_opens(ref, line, text)
            return
        if how == "count":
            self._record(ref, line, text, "gm")
            return
        if how == "unknown_word":
            # `活役@たろう`, `ほげ@ふが`: shaped like a directive, but no directive's word
            word = nfkc(text)[offset:].split("@", 1)[0].strip()
            near = closest_directive(word, self.variant.name)
            self._record(ref, line, text, "gm", code="unknown_directive")
            self.diagnostics.append(Diagnostic(
                level="warning", code="unknown_directive", source=ref, speaker=line.speaker,
                text=shorten(text), message=f"GM line {shorten(text.strip())!r} looks like a "
                f"directive, but {word!r} is none (closest: {near}@): it was read as GM talk",
                reason_ja=f"「{word}」という指示はありません（近いもの: {near}@）"))
            return
        too_long = self._too_long(text)
        if too_long is not None:
            self._reject(ref, line, text, None, too_long)
            return
        dropped: list[CommandError] = []
        try:
            action = parse_command(command_text(nfkc(text), offset), self.roster,
                                   self.variant.name, gm=True,
                                   transformer=self.variant.transformer,
                                   slot=self.variant.kinds_of_slot, dropped=dropped)
        except CommandError as e:
            # GM prose that merely mentions a player command ("投票は 投票@名前 で") is GM
            # talk; a failed GM directive (活躍@, 声援@, 代理@, 秘密@赤 …) is an error to fix.
            rest = nfkc(text)[offset:].lstrip()
            if how == "none" or not (is_gm_word(rest) or rest.startswith(
                    directive_words(self.variant.name))):
                self._record(ref, line, text, "gm")
            else:
                self._reject(ref, line, text, None, e)
            return
        if isinstance(action, (A.Deadline, A.VoteTime)):  # is_deadline / is_vote_time
            self._record(ref, line, text, "gm")  # said no: 締め切りは21時です announces one
            return
        if isinstance(action, A.GmCommand) and how == "none":
            self._record(ref, line, text, "gm")  # GM prose that happens to parse
            return
        if isinstance(action, A.GmCommand):
            err = CommandSyntaxError(
                f"GM line {text.strip()!r} is a player command: write 代理@<player> before it",
                "GMが代わりに入力するときは「代理@名前 コマンド」と書いてください")
            self._reject(ref, line, text, None, err)
            return
        if isinstance(action, A.Proxy):
            player = action.player
            if not self.variant.is_player(self.state, player):
                self._reject(ref, line, text, None, UnknownNameError(player, []))
                return
            if not self.variant.is_alive(self.state, player):
                self._reject(ref, line, text, player, IllegalActionError(
                    f"proxy for dead player {player!r}", "死亡しているため行動できません",
                    code="dead", rule="engine.dead"))
                return
            self._take(line, ref, text, player, action.action, by_gm=True)
            return
        if isinstance(action, A.Replace) and (
                why := self.seats.refusal(action.seat, action.new)) is not None:
            self._reject(ref, line, text, None, IllegalActionError(
                f"replacement {text.strip()!r} refused: {action.new!r} is taken", why,
                code="bad_replacement", rule="engine.replacement"))
            return
        try:
            action = self.variant.validate_directive(self.state, self.phase, action)
        except CommandError as e:
            self._reject(ref, line, text, None, e)
            return
        self.order += 1
        self.directives.append(Candidate(ref=ref, actor=line.speaker, action=action,
                                         by_gm=True, order=self.order))
        # a list's names stand alone: the others count, each name of no one is an error
        why = "、".join(d.reason_ja for d in dropped) or None
        self._record(ref, line, text, "gm", action=action.describe(),
                     reason=why, code=dropped[0].code if dropped else None)
        for d in dropped:
            self.diagnostics.append(Diagnostic(
                level="error", code=d.code, source=ref, speaker=line.speaker,
                text=shorten(text), message=f"{shorten(str(d), 2 * QUOTE_MAX)} in GM line "
                f"{shorten(text.strip(), 60)!r}: the other names of the list count",
                reason_ja=f"{d.reason_ja}（この名前のほかは有効です）"))

    def _vote_opens(self, ref: str, line: ChatLine, text: str) -> None:
        """The GM's 投票時間 (ss.p.vote_time), a directive like the deadline.  At its first
        line, every action read so far that the variant says waits for it
        (``Variant.before_vote_time``) is refused, and so is such a line a later one had
        replaced before the vote opened: the player is told it came too early."""
        action = A.VoteTime()
        self.order += 1
        self.directives.append(Candidate(ref=ref, actor=line.speaker, action=action,
                                         by_gm=True, order=self.order))
        self._record(ref, line, text, "gm", action=action.describe())
        if self.vote_time is not None:
            return
        self.vote_time = ref
        for pidx, pcand, at in self._replaced:
            err = self.variant.before_vote_time(self.state, self.phase, pcand.action)
            if err is not None:
                self._refuse_early(pidx, pcand, err, at)
        held: list[tuple[int, tuple[str, str] | None, int, Candidate]] = [
            (c.order, key, i, c) for key, (i, c) in self.held.items()]
        held += [(c.order, None, i, c) for i, c in self.loose]
        for _order, key, i, c in sorted(held, key=lambda h: h[0]):
            err = self.variant.before_vote_time(self.state, self.phase, c.action)
            if err is None:
                continue
            if key is None:
                self.loose.remove((i, c))
            else:
                del self.held[key]
            self._refuse_early(i, c, err, None)

    def _refuse_early(self, idx: int, cand: Candidate, err: IllegalActionError,
                      at: int | None) -> None:
        """Refuse ``cand`` (its record at ``idx``) for coming before the vote opened; ``at``:
        the place of its 置き換え among the rejections, which the refusal takes."""
        why = err.reason_ja
        self.records[idx] = replace(self.records[idx], disposition="rejected", reason=why,
                                    code=err.code)
        self.diagnostics.append(Diagnostic(
            level="warning", code=err.code, source=cand.ref,
            message=f"{err} ({self.vote_time})", reason_ja=why))
        refusal = (cand.ref, cand.actor, err.code, err.rule, why)
        if at is None:
            self.rejections.append(refusal)
        else:
            self.rejections[at] = refusal

    def accepted(self) -> list[Candidate]:
        items = [(i, c) for (i, c) in self.held.values()] + self.loose
        items.sort(key=lambda ic: ic[1].order)
        return [c for _i, c in items]
