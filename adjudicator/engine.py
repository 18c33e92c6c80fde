"""The replay walk: game folder -> phases -> classified lines -> events -> state -> outputs.

One traversal feeds every output (posts, notices, ledger, JSON, explain).  Nothing here
decides a rule: the variant does.  This module reads files (the logs) and hands pure
data to the variant's pure functions.
"""

from __future__ import annotations

import difflib
import errno
import os
import re
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from . import actions as A
from .chatlog import ChatLine, read_chat_file
from .config import GameConfig, load_config
from .errors import (
    ChatFormatError,
    CommandError,
    CommandSyntaxError,
    IllegalActionError,
    UnknownNameError,
)
from .games import get_variant
from .games.base import Candidate, Emitter, PhaseInput, Variant
from .models import Diagnostic, LineRecord, PhaseResult
from .normalize import nfkc
from .parser import (
    build_parser,
    command_hint,
    command_words,
    find_command,
    is_gm_word,
    parse_command,
    suggest_word,
)
from .rng import PhaseRng
from .roster import Roster

LOG_SUFFIXES = (".txt", ".csv", ".json", ".log")
MAX_PHASES = 400  # phase ids looked at when matching log files to phases
MAX_COMMAND = 2000  # characters: a longer line is not parsed as a command
QUOTE_MAX = 200  # characters of a chat line quoted in a message (the raw line is kept once)


def quote(text: str, limit: int = QUOTE_MAX) -> str:
    """``text`` cut to ``limit`` characters, with "…" when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass
class Game:
    """A derived game: configuration, every phase's result, the final state."""

    root: Path
    cfg: GameConfig
    variant: Variant[Any]
    phases: list[PhaseResult] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)  # state after each phase
    initial: Any = None
    diagnostics: list[Diagnostic] = field(default_factory=list)  # game-level

    @property
    def state(self) -> Any:
        return self.states[-1] if self.states else self.initial

    @property
    def has_errors(self) -> bool:
        return any(d.level == "error" for p in self.phases for d in p.diagnostics) or any(
            d.level == "error" for d in self.diagnostics
        )


def find_logs(root: Path) -> dict[str, Path]:
    """``{phase id: path}`` for every usable ``logs/<phase>.<ext>`` (and
    ``<phase>-<suffix>``); see ``scan_logs`` for the ones that are not."""
    logs, _broken, _problems = scan_logs(root)
    return logs


def scan_logs(root: Path) -> tuple[dict[str, Path], set[str], list[Diagnostic]]:
    """(usable logs by phase id, phase ids whose log is unusable, an error for each).

    Unusable: two logs for one phase (``day1.txt`` and ``day1.csv``), a log that is a
    folder, a link to nothing, a link loop, or not a regular file (a pipe would hang).
    Hidden files (``.history/``) and other names (``night1.txt.bak``) are not logs."""
    logs: dict[str, Path] = {}
    broken: set[str] = set()
    problems: list[Diagnostic] = []
    folder = root / "logs"
    try:
        entries = sorted(folder.iterdir())
    except (FileNotFoundError, NotADirectoryError):
        return logs, broken, problems
    except OSError as e:
        problems.append(Diagnostic(level="error", code="log_unreadable", source="logs",
                                   message=f"cannot list the logs folder: "
                                   f"{e.strerror or e} (check its permissions)"))
        return logs, broken, problems
    by_stem: dict[str, list[Path]] = {}
    for path in entries:
        if path.name.startswith(".") or path.suffix.lower() not in LOG_SUFFIXES:
            continue
        why = _not_a_log(path)
        if why is not None:
            broken.add(path.stem)
            problems.append(Diagnostic(level="error", code="log_unreadable",
                                       source=_source(root, path),
                                       message=f"{path.name!r} {why}; it was not read"))
            continue
        by_stem.setdefault(path.stem, []).append(path)
    for stem, paths in by_stem.items():
        if len(paths) > 1:
            broken.add(stem)
            names = " and ".join(repr(p.name) for p in paths)
            problems.append(Diagnostic(
                level="error", code="two_logs", source=_source(root, paths[0]),
                message=f"two logs for {stem}: {names}; keep one (move the other out of "
                "logs/); neither was read"))
        elif stem not in broken:
            logs[stem] = paths[0]
    return logs, broken, problems


def _not_a_log(path: Path) -> str | None:
    """Why ``path`` cannot be a log, or None."""
    try:
        st = path.stat()
    except OSError as e:
        if e.errno == errno.ELOOP:
            return "is a link loop: fix or remove the link"
        if path.is_symlink():
            return f"is a link to nothing ({os.readlink(path)!r}): fix or remove the link"
        return f"cannot be read: {e.strerror or e}"
    if path.is_dir():
        return "is a folder, not a log: move it out of logs/"
    import stat

    if not stat.S_ISREG(st.st_mode):
        return "is not a regular file: replace it with the log's text"
    return None


def _source(root: Path, path: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


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


_KATAKANA = {c: c - 0x60 for c in range(0x30A1, 0x30F7)}
_DECOR = r"\s\-=ー─━~〜_・:：*＊#＃!！?？。.、,【】\[\]()（）「」『』〔〕<>＜＞≪≫《》★☆■□◆◇●○◎※♪"
#: the GM's deadline, however spelled (NFKC, katakana read as hiragana): 締め切り, 締切,
#: 締めきり, しめきり, シメキリ, 〆切, 【締め切り】, 投票締め切り, 締め切りです…
DEADLINE_RE = re.compile(
    f"[{_DECOR}]*(?:(?:本日の|今日の|今夜の)?(?:投票|発言|行動|夜行動|アクション|提出)"
    r"(?:は|の)?)?\s*"
    "(?:締め切り|締めきり|締切り|締切|しめ切り|しめきり|〆切り|〆切|〆|deadline|time ?up)"
    f"(?:です|ました|ます|とします|になります|だよ|です。)?[{_DECOR}]*"
    # a tail after a separator, as long as it does not name a time (an announcement of a
    # deadline to come, 締め切りは21時, is no deadline)
    f"(?:(?<=[{_DECOR}])[^0-9]*)?", re.IGNORECASE)


def is_deadline(text: str) -> bool:
    """True when a GM line says the phase's time is up (see ``DEADLINE_RE``)."""
    if len(text) > 200:
        return False
    return DEADLINE_RE.fullmatch(nfkc(text).translate(_KATAKANA).strip()) is not None


@cache
def directive_words(variant: str) -> tuple[str, ...]:
    """The command words of the variant's GM directives (活躍, 声援, 代理, 秘密, 開始…),
    read from its grammar: the literals of every rule under ``gm_directive``."""
    parser = build_parser(variant)
    heads = {r.expansion[0].name for r in parser.rules if r.origin.name == "gm_directive"
             and r.expansion}
    names: set[str] = set()
    for r in parser.rules:
        if r.origin.name in heads:
            names.update(sym.name for sym in r.expansion if sym.is_term)
    words: set[str] = set()
    skip = {"NAME", "WORD", "FREE", "TAIL", "SEP", "INT", "AMOUNT", "DEADLINE", "KABU",
            "NEW_HOLDER"}
    for term in parser.terminals:
        if term.name in names and term.name not in skip and not term.name.startswith("_"):
            pat = term.pattern
            if pat.type == "str" and pat.value != "@":
                words.add(pat.value)
            elif pat.type == "re":
                body = pat.value.removeprefix("(?:").removesuffix(")")
                words.update(a for a in body.split("|")
                             if a and re.fullmatch(r"[^\\()\[\]*+?.^$]+", a))
    return tuple(sorted(words, key=lambda w: (-len(w), w)))


def closest_directive(word: str, variant: str) -> str:
    """The GM directive (or command) word nearest to ``word``, for a warning."""
    pool = list(directive_words(variant)) or list(command_words(variant))
    pool += [w for w in command_words(variant) if w not in pool]
    best = difflib.get_close_matches(word, pool, n=1, cutoff=0.0)
    if best and difflib.SequenceMatcher(None, word, best[0]).ratio() > 0:
        return best[0]
    return pool[0] if pool else "締め切り"


#: a message opening with a time of day the reader could not take (25:99:99)
_TIME_SHAPE = re.compile(r"\[?[ \t]*([0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?)[ \t]*[\]\t ]")


class PhaseReader:
    """Classifies every line of one phase: exactly one disposition each."""

    def __init__(self, game: Game, roster: Roster, state: Any, phase: str) -> None:
        self.game = game
        self.variant = game.variant
        self.variant.begin_reading(state, phase)
        self.roster = roster
        self.state = state
        self.phase = phase
        self.gm_keys = {nfkc(g).casefold().replace(" ", "") for g in game.cfg.gm}
        self.records: list[LineRecord] = []
        self.diagnostics: list[Diagnostic] = []
        self.rejections: list[tuple[str, str, str, str, str]] = []  # ref, actor, code, rule, why
        self.held: dict[tuple[str, str], tuple[int, Candidate]] = {}  # slot -> (record idx, cand)
        self.loose: list[tuple[int, Candidate]] = []  # accepted actions without a slot
        self.directives: list[Candidate] = []
        self.deadline: str | None = None
        self.order = 0
        self._gm_cache: dict[str, bool] = {}
        self._speaker_cache: dict[str, str | None] = {}
        from .replacement import seats_for  # 代役: who holds each seat in this phase

        self.seats = seats_for(game, roster, phase)

    # -- helpers --
    def _is_gm(self, speaker: str) -> bool:
        hit = self._gm_cache.get(speaker)
        if hit is None:
            hit = self._gm_cache[speaker] = (
                nfkc(speaker).casefold().replace(" ", "") in self.gm_keys)
        return hit

    def _speaker(self, speaker: str) -> str | None:
        if speaker in self._speaker_cache:
            return self._speaker_cache[speaker]
        try:
            name: str | None = self.roster.resolve(speaker)
        except CommandError:
            name = None
        if name is not None and not self.variant.is_player(self.state, name):
            name = None
        if name is not None and self.seats.retired(speaker) is not None:
            name = None  # a replaced player's lines are chatter (engine.replacement)
        self._speaker_cache[speaker] = name
        return name

    def _record(self, ref: str, line: ChatLine, text: str, disposition: str, **kw: Any) -> int:
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
        why = quote(err.reason_ja)
        self._record(ref, line, text, "rejected", reason=why, code=code)
        self.diagnostics.append(
            Diagnostic(
                level=level,  # type: ignore[arg-type]
                code=code, source=ref, message=quote(str(err), 2 * QUOTE_MAX),
                speaker=line.speaker, text=quote(text), reason_ja=why,
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
            f"{quote(text.strip(), 60)!r}",
            f"コマンドとして読むには長すぎます（{len(text)}文字）")

    # -- the walk --
    def read(self, lines: list[ChatLine], json_like: bool) -> None:
        # Fast path for the bulk of a log: a one-line message from a player or a stranger
        # that cannot be a command is chatter (the same answer _one gives, found cheaper).
        from .replacement import seats_for

        self.seats = seats_for(self.game, self.roster, self.phase, lines, self._is_gm)
        self.roster = self.seats.roster
        self._speaker_cache.clear()
        maybe = command_hint(self.variant.name)
        free = type(self.variant).free_action is not Variant.free_action
        records = self.records
        gm_cache = self._gm_cache
        fast = not json_like and not free
        for line in lines:
            if line.time is None and (bad := _TIME_SHAPE.match(line.raw)) is not None:
                self.diagnostics.append(Diagnostic(
                    level="warning", code="bad_time", source=f"{line.source}:{line.lineno}",
                    speaker=line.speaker, message=f"impossible time {bad.group(1)!r}: read as "
                    f"a message of {line.speaker!r} without a time"))
            text = line.text
            speaker = line.speaker
            is_gm = gm_cache.get(speaker)
            if is_gm is None:
                is_gm = self._is_gm(speaker)
            if fast and not is_gm and not maybe(text) and "\n" not in text:
                records.append(LineRecord(f"{line.source}:{line.lineno}", speaker, text,
                                          line.time))  # disposition: chatter
                continue
            for ref, part in _sub_lines(line, json_like):
                self._one(line, ref, part)

    def _one(self, line: ChatLine, ref: str, text: str) -> None:
        if not line.speaker:  # a system line of the chat app (joins, unsent messages…)
            self._record(ref, line, text, "chatter")
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
            self._record(ref, line, text, "rejected", code="unknown_speaker",
                         reason=f"「{line.speaker}」は参加者として登録されていません")
            self.diagnostics.append(Diagnostic(
                level="warning", code="unknown_speaker", source=ref, speaker=line.speaker,
                text=quote(text), message=f"command from {line.speaker!r}, who is neither a player "
                "nor a GM: add the name or an alias in game.toml",
                reason_ja=f"「{line.speaker}」は参加者として登録されていません",
            ))
            return
        if how == "count" and not self._pending_inquiry(actor):
            self._record(ref, line, text, "chatter")
            return
        if self.variant.finished(self.state):
            err: CommandError = IllegalActionError(
                f"{actor!r} sent {text.strip()!r} after the game ended",
                "ゲームはすでに終了しています", code="game_over", rule="ww.win.check")
            self._reject(ref, line, text, actor, err, level="warning")
            return
        if not self.variant.is_alive(self.state, actor):
            err = IllegalActionError(
                f"{actor!r} is dead: {text.strip()!r} is not an action",
                "死亡しているため行動できません", code="dead", rule="ww.night.dead")
            self._reject(ref, line, text, actor, err)
            return
        if self.deadline is not None:
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
            action = parse_command(nfkc(text)[offset:], self.roster, v,
                                   transformer=self.variant.transformer)
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

    def _pending_inquiry(self, actor: str) -> bool:
        for (owner, _key), (_i, cand) in self.held.items():
            if owner == actor and getattr(cand.action, "shares", 0) is None:
                return True
        return False

    def _take(self, line: ChatLine, ref: str, text: str, actor: str, action: A.Action,
              by_gm: bool = False) -> None:
        """Accept the action, or reject the line with the reason the rules give."""
        try:
            self._accept(line, ref, text, actor, action, by_gm)
        except CommandError as e:
            self._reject(ref, line, text, actor, e)

    def _accept(
        self, line: ChatLine, ref: str, text: str, actor: str, action: A.Action, by_gm: bool
    ) -> None:
        held = {key: c for (owner, key), (_i, c) in self.held.items() if owner == actor}
        action = self.variant.validate(self.state, self.phase, actor, action, held)
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
            if old.disposition == "accepted":
                self.records[pidx] = replace(
                    old, disposition="superseded",
                    reason=f"{who}{when}「{later}」で置き換えられました（最後の指示が有効です）",
                    code="superseded")
            self.rejections.append((pcand.ref, pcand.actor, "superseded", rule,
                                    f"「{pcand.action.describe()}」は{who}「{action.describe()}」"
                                    "で置き換えられました"))
        self.held[(owner, key)] = (idx, cand)

    def _gm_line(
        self, line: ChatLine, ref: str, text: str, found: tuple[int, str] | None
    ) -> None:
        offset, how = found if found is not None else (0, "none")
        if is_deadline(text):
            self.deadline = ref
            self._record(ref, line, text, "gm", action=A.Deadline().describe())
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
                text=quote(text), message=f"GM line {quote(text.strip())!r} looks like a "
                f"directive, but {word!r} is none (closest: {near}@): it was read as GM talk",
                reason_ja=f"「{word}」という指示はありません（近いもの: {near}@）"))
            return
        too_long = self._too_long(text)
        if too_long is not None:
            self._reject(ref, line, text, None, too_long)
            return
        try:
            action = parse_command(nfkc(text)[offset:], self.roster, self.variant.name, gm=True,
                                   transformer=self.variant.transformer)
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
        if isinstance(action, A.Deadline):  # is_deadline said no: 締め切りは21時です
            self._record(ref, line, text, "gm")  # announces a deadline to come: GM talk
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
                    code="dead", rule="ww.night.dead"))
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
        self._record(ref, line, text, "gm", action=action.describe())

    def accepted(self) -> list[Candidate]:
        items = [(i, c) for (i, c) in self.held.values()] + self.loose
        items.sort(key=lambda ic: ic[1].order)
        return [c for _i, c in items]


def _read_lines(
    game: Game, path: Path, names: list[str], diagnostics: list[Diagnostic], fmt: str | None
) -> tuple[list[ChatLine], bool]:
    source = _source(game.root, path)
    try:
        reading = read_chat_file(path, source=source, fmt=fmt, names=names)
    except ChatFormatError as e:  # the source is named once, in `source`
        diagnostics.append(Diagnostic(level="error", code="log_format", source=e.source
                                      if e.lineno is None else f"{e.source}:{e.lineno}",
                                      message=e.detail))
        return [], False
    for g in reading.guesses:  # what the reader decided without proof, for the GM to see
        diagnostics.append(Diagnostic(
            level="info", code="read_guess", source=source if g.lineno is None
            else f"{source}:{g.lineno}", message=f"{g.kind}: {g.message}"))
    json_like = path.suffix.lower() in (".json", ".csv")
    return reading.messages, json_like


def _order(variant: Variant[Any]) -> list[str]:
    out: list[str] = []
    for i, pid in enumerate(variant.phase_ids()):
        if i >= MAX_PHASES:
            break
        out.append(pid)
    return out


def _plan(variant: Variant[Any], logs: dict[str, Path], root: Path,
          broken: frozenset[str] | set[str] = frozenset()
          ) -> tuple[list[str], list[Diagnostic]]:
    """The phases to resolve and the diagnostics of the plan: a warning for every log
    file that names no phase of this game, and an error for a gap (night2 absent while
    day3 is there): the phases stop before the gap, nothing is invented for it."""
    order = _order(variant)
    present = set(logs) | set(broken)
    last = max((i for i, pid in enumerate(order) if pid in present), default=-1)
    phases = order[: last + 1]
    diags: list[Diagnostic] = []
    gap = next((i for i, pid in enumerate(phases) if pid not in logs), None)
    if gap is not None and phases[gap] in broken:
        if gap < len(phases) - 1:
            diags.append(Diagnostic(
                level="error", code="missing_log", source=f"logs/{phases[gap]}",
                message=f"the log of {phases[gap]} cannot be read (see above): the phases "
                f"from {phases[gap]} on were not resolved"))
        phases = phases[:gap]
    elif gap is not None:
        missing = [pid for pid in phases[gap:] if pid not in present]
        later = [pid for pid in phases[gap:] if pid in present]
        diags.append(Diagnostic(
            level="error", code="missing_log", source=f"logs/{phases[gap]}.txt",
            message=f"no log for {', '.join(missing)}, but {', '.join(later)} "
            f"{'has one' if len(later) == 1 else 'have one'}: add it (`adjudicator add "
            f"{root} {phases[gap]} FILE`); the phases from {phases[gap]} on were not "
            "resolved"))
        phases = phases[:gap]
    known = set(order)
    for stem, path in logs.items():
        base = stem.split("-", 1)[0]
        if stem not in known and not (base in known and stem != base):
            diags.append(Diagnostic(
                level="warning", code="unknown_log", source=_source(root, path),
                message=f"{path.name!r} is not a phase of this game (expected names like "
                f"{', '.join(order[:3])}…); it was not read"))
    return phases, diags


def phase_refusal(root: Path, phase: str) -> str | None:
    """Why ``adjudicator add`` must not store a log as ``phase`` (None: it may): a phase
    this variant does not have, or one beyond the next expected (that would leave a gap).
    A game.toml that does not load leaves only the shape check (done by the caller)."""
    from .errors import ConfigError

    try:
        cfg = load_config(Path(root) / "game.toml")
    except ConfigError:
        return None
    variant = get_variant(cfg.variant)(cfg)
    order = _order(variant)
    base, _, suffix = phase.partition("-")
    if base not in order:
        return (f"{cfg.variant} has no phase {base!r}: its phases are "
                f"{', '.join(order[:4])}…" + (f" up to {order[-1]}" if len(order) < MAX_PHASES
                                              else ""))
    if suffix:
        when = variant.extra_logs.get(suffix)
        if when is None or not (when == "any" or base.startswith(when)):
            kinds = [f"{w}N-{s}" for s, w in variant.extra_logs.items()]
            return (f"{cfg.variant} has no {suffix!r} log for {base}"
                    + (f" (it has: {', '.join(kinds)})" if kinds else ""))
    logs, broken, _problems = scan_logs(Path(root))
    present = {s for s in set(logs) | broken if s in order}
    nxt = next((pid for pid in order if pid not in present), None)
    if base in present or nxt is None or order.index(base) <= order.index(nxt):
        return None
    return (f"{phase} is ahead of the game: the next phase to add is {nxt} "
            f"(`adjudicator add {root} {nxt} FILE`)")


def resolve_game(root: Path, fmt: str | None = None, cfg: GameConfig | None = None) -> Game:
    """Re-derive the whole game from game.toml and the logs (raises ConfigError)."""
    root = Path(root)
    cfg = cfg or load_config(root / "game.toml")
    variant = get_variant(cfg.variant)(cfg)
    game = Game(root=root, cfg=cfg, variant=variant)
    entries = variant.roster_entries()
    roster = Roster(entries, extra={**{g: "GM" for g in cfg.gm}, **variant.extra_targets})
    names = [n for n, _a in entries] + [a for _n, aliases in entries for a in aliases] + list(
        cfg.gm)  # speakers a log may name (to split "21:03 名前 本文" lines)
    logs, broken, problems = scan_logs(root)
    phase_ids, plan_diags = _plan(variant, logs, root, broken)
    game.diagnostics = problems + plan_diags
    state = game.initial = variant.initial_state()
    for n, pid in enumerate(phase_ids):
        state = _resolve_phase(game, roster, names, logs, state, pid, fmt, first=n == 0)
        game.states.append(state)
    return game


def _resolve_phase(game: Game, roster: Roster, names: list[str], logs: dict[str, Path],
                   state: Any, pid: str, fmt: str | None, first: bool) -> Any:
    """Read, classify and resolve one phase; append its result; return the new state."""
    variant, cfg = game.variant, game.cfg
    diags: list[Diagnostic] = []
    found_path = logs.get(pid)
    lines: list[ChatLine] = []
    json_like = False
    if found_path is None:
        diags.append(Diagnostic(level="warning", code="missing_log", source=f"logs/{pid}.txt",
                                message=f"no log for {pid}: resolved with no actions"))
    else:
        lines, json_like = _read_lines(game, found_path, names, diags, fmt)
    extra: dict[str, list[ChatLine]] = {}
    for suffix, when in variant.extra_logs.items():
        epath = logs.get(f"{pid}-{suffix}")
        if epath is not None and (when == "any" or pid.startswith(when)):
            extra[suffix], _ = _read_lines(game, epath, names, diags, fmt)
    reader = PhaseReader(game, roster, state, pid)
    reader.read(lines, json_like)
    reader.diagnostics.extend(variant.review_lines(state, pid, reader.records))
    em: Emitter[Any] = Emitter(state=state, evolve=variant.evolve,
                               rng=PhaseRng(cfg.seed, pid), phase=pid)
    if first:
        variant.setup_events(em)
    if reader.deadline is not None:  # the GM's judgment that the phase's time is up
        late = sum(1 for r in reader.records if r.code == "late")
        em.emit("deadline", "engine.deadline", reader.deadline, "gm", late_lines=late)
    for ref, actor, code, rule, why in reader.rejections:
        kind = "superseded" if code == "superseded" else "rejected"
        em.emit(kind, rule, ref, "gm" if kind == "superseded" else "player",
                to=actor if kind == "rejected" and variant.is_player(state, actor) else None,
                player=actor, code=code, reason=why)
    pin = PhaseInput(id=pid, actions=reader.accepted(), directives=reader.directives,
                     extra_logs=extra, lines=reader.records)
    if not variant.finished(state):
        variant.resolve(em, pin)
    post, private, ledger = variant.render(state, em.state, pin, em.events)
    from .gmposts import finish
    from .replacement import problems

    game.phases.append(finish(game, PhaseResult(
        id=pid, deaths=variant.deaths(em.events), executed=variant.executed(em.events),
        public_post=post, private=private, ledger=ledger, events=em.events,
        diagnostics=reader.diagnostics + diags + em.diagnostics + problems(reader.seats),
        lines=reader.records,
    ), reader.seats, first=first, ended=bool(variant.finished(em.state))
        and not variant.finished(state)))
    return em.state
