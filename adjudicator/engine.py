"""The replay walk: game folder -> phases -> classified lines -> events -> state -> outputs.

One traversal feeds every output (posts, notices, ledger, JSON, explain).  Nothing here
decides a rule: the variant does.  This module reads files (the logs) and hands pure
data to the variant's pure functions.
"""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .chatlog import FORMATS, ChatLine, read_threads
from .classify import PhaseReader
from .config.load import GameConfig, load_config
from .errors import ChatFormatError, chat_detail_ja
from .fsio import MAX_LOG_BYTES, os_error_message, remembered_format, settle
from .games import get_variant
from .games.base import Emitter, PhaseInput, Variant
from .models import Diagnostic, LineRecord, PhaseResult
from .phases import game_phase_label, phase_label
from .rng import PhaseRng
from .roster import Roster

if TYPE_CHECKING:
    from .chatlog.threads import Moment

LOG_SUFFIXES = (".txt", ".csv", ".json", ".log")
MAX_PHASES = 400  # phase ids looked at when matching log files to phases


@dataclass(slots=True)
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
    settle(folder, LOG_SUFFIXES)  # an `add` killed mid-way: finished or undone first
    try:
        entries = sorted(folder.iterdir())
    except FileNotFoundError:
        return logs, broken, problems
    except NotADirectoryError:
        problems.append(Diagnostic(
            level="error", code="log_unreadable", source="logs",
            message="logs はフォルダではなくファイルです：ログを読めません。そのファイルを別の"
            "場所へ移し、logs フォルダを作り直してください（logs is a file, not a folder）"))
        return logs, broken, problems
    except OSError as e:
        problems.append(Diagnostic(level="error", code="log_unreadable", source="logs",
                                   message=f"cannot list the logs folder: "
                                   f"{e.strerror or e} (check its permissions)",
                                   reason_ja="logs フォルダの中を見られません："
                                   + os_error_message(e)))
        return logs, broken, problems
    by_stem: dict[str, list[Path]] = {}
    for path in entries:
        if path.name.startswith(".") or path.suffix.lower() not in LOG_SUFFIXES:
            continue
        why = _not_a_log(path) or _link_out(root, path)
        if why is not None:
            broken.add(path.stem)
            problems.append(Diagnostic(level="error", code="log_unreadable",
                                       source=_source(root, path),
                                       message=f"{path.name!r} {why[0]}; it was not read",
                                       reason_ja=f"「{path.name}」{why[1]}（読みませんでした）"))
            continue
        by_stem.setdefault(path.stem, []).append(path)
    for stem, paths in by_stem.items():
        if len(paths) > 1:
            broken.add(stem)
            names = " and ".join(repr(p.name) for p in paths)
            problems.append(Diagnostic(
                level="error", code="two_logs", source=_source(root, paths[0]),
                message=f"two logs for {stem}: {names}; keep one (move the other out of "
                "logs/); neither was read",
                reason_ja=f"{phase_label(stem)}のログが2つあります（"
                + "と".join(f"「{p.name}」" for p in paths) + "）。どちらか1つを残し、もう一方を"
                "logs フォルダの外へ移してください（どちらも読みませんでした）"))
        elif stem not in broken:
            logs[stem] = paths[0]
    return logs, broken, problems


def _not_a_log(path: Path) -> tuple[str, str] | None:
    """Why ``path`` cannot be a log (English, Japanese), or None."""
    try:
        st = path.stat()
    except OSError as e:
        if e.errno == errno.ELOOP:
            return ("is a link loop: fix or remove the link",
                    "はリンクが輪になっています。リンクを直すか消してください")
        if path.is_symlink():
            return (f"is a link to nothing ({os.readlink(path)!r}): fix or remove the link",
                    "は行き先のないリンクです。リンクを直すか消してください")
        return (f"cannot be read: {e.strerror or e}",
                f"を読めません（{os_error_message(e)}）")
    if path.is_dir():
        return ("is a folder, not a log: move it out of logs/",
                "はフォルダでログではありません。logs フォルダの外へ移してください")
    import stat

    if not stat.S_ISREG(st.st_mode):
        return ("is not a regular file: replace it with the log's text",
                "は普通のファイルではありません（パイプや装置）。ログの文字をファイルに保存して"
                "置き直してください")
    return None


def _link_out(root: Path, path: Path) -> tuple[str, str] | None:
    """Why a log that is a link (or sits in a linked folder) pointing outside the game
    folder is not read, or None: a game's logs are the game folder's own files."""
    try:
        real, base = path.resolve(), root.resolve()
    except (OSError, RuntimeError):
        return ("is a link that cannot be followed: fix or remove the link",
                "はたどれないリンクです。リンクを直すか消してください")
    if real.is_relative_to(base):
        return None
    return ("is a link outside the game folder: copy the log's text into this folder",
            "はゲームフォルダの外を指すリンクなので読みません。ログの中身をこのフォルダに"
            "コピーしてください")


def _source(root: Path, path: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


@dataclass(slots=True)
class _Around:
    """What the phases around the one being read say of its date (input.clock.date):
    the last dated moment of the phases read before it (``last``, of phase ``last_pid``)
    and the next phase's log (read only when a message needs it)."""

    last: tuple[str, str] | None = None
    last_pid: str = ""
    next_path: Path | None = None
    next_pid: str = ""

    def before(self, game: Game) -> Moment | None:
        if self.last is None:
            return None
        return (*self.last, f"前のフェーズ（{game_phase_label(game, self.last_pid)}）のログ")

    def after(self, game: Game, names: list[str], fmt: str | None) -> Moment | None:
        """The first dated moment of the next phase's log, or None."""
        if self.next_path is None:
            return None
        from .errors import AdjudicatorError
        from .fsio import read_capped

        try:
            data = read_capped(self.next_path, MAX_LOG_BYTES)
            parts = read_threads(data, _source(game.root, self.next_path),
                                 fmt=remembered_format(self.next_path) or fmt, names=names)
        except (AdjudicatorError, OSError, ValueError):
            return None
        firsts = [e for p in parts if (e := _edge(p.reading.messages, last=False))]
        if not firsts:
            return None
        return (*min(firsts), f"次のフェーズ（{game_phase_label(game, self.next_pid)}）のログ")

    def seen(self, messages: list[ChatLine], pid: str) -> None:
        """The phase ``pid`` was read: its last dated moment is the next one's ``before``."""
        last = _edge(messages, last=True)
        if last is not None:
            self.last, self.last_pid = last, pid


def _edge(messages: list[ChatLine], last: bool) -> tuple[str, str] | None:
    """(date, time) of the first (or ``last``) message, in the phase's order, with a valid
    date and a time: looked for from that end, so a long log costs a few messages."""
    from datetime import date as Date

    for m in (reversed(messages) if last else messages):
        if m.date and m.time:
            try:
                Date.fromisoformat(m.date)
            except ValueError:
                continue
            return m.date, m.time
    return None


def _read_lines(
    game: Game, path: Path, names: list[str], diagnostics: list[Diagnostic], fmt: str | None,
    roster: Roster | None = None, told: set[tuple[Any, ...]] | None = None,
    around: _Around | None = None, pid: str = "",
) -> tuple[list[ChatLine], bool]:
    """A log's messages and whether it is JSON-like (its lines cite message numbers).
    A log that holds several chats (input.thread) gives their messages merged by time,
    each with its thread (``adjudicator.threads``); ``told``: the display names of 1:1
    chats the GM was told about in earlier phases (input.thread.owner: told once a game).
    ``around``: the phases around phase ``pid``, whose dates date the messages only the
    phase's date can (input.clock.date: 今日 with no date line above it)."""
    source = _source(game.root, path)
    json_like = path.suffix.lower() in (".json", ".csv")
    named = remembered_format(path)  # what `add --format` said for this log wins
    if named is not None and named not in FORMATS:
        diagnostics.append(Diagnostic(
            level="warning", code="log_format", source=source,
            message=f"the remembered chat format {named!r} is unknown: the format is "
            "detected (store the log again with `add --format`)",
            reason_ja=f"このログに覚えていたチャットの形式「{named}」が分からないため、形式を"
            "自動で見分けて読みました（`add --format` でログを置き直せます）"))
        named = None
    from .fsio import read_capped

    try:
        data = read_capped(path, MAX_LOG_BYTES)
    except OSError as e:  # it changed since scan_logs looked, or it is too large
        diagnostics.append(Diagnostic(level="error", code="log_unreadable", source=source,
                                      message=log_read_message(e)))
        return [], False
    try:
        parts = read_threads(data, source, fmt=named or fmt, names=names)
        if around is not None and any(p.reading.relative is not None for p in parts):
            from .chatlog.threads import place_relative

            place_relative(parts, around.before(game), around.after(game, names, fmt))
        if len(parts) > 1:
            from .threads import phase_messages

            messages, _named, found = phase_messages(
                parts, game.cfg, roster if roster is not None else game.variant.make_roster(),
                source)
            json_like = False
        else:
            messages, found = parts[0].reading.messages, []
    except ChatFormatError as e:  # the source is named once, in `source`
        diagnostics.append(Diagnostic(level="error", code="log_format", source=e.source
                                      if e.lineno is None else f"{e.source}:{e.lineno}",
                                      message=e.detail,
                                      reason_ja=e.detail_ja or chat_detail_ja(e.detail)))
        return [], False
    from .chatlog.ja import GUESS_JA, guess_ja

    for part in parts:
        for g in part.reading.guesses:  # what the reader decided without proof, for the GM
            ja = guess_ja(g)  # the reader says it in Japanese
            diagnostics.append(Diagnostic(
                level="info", code="read_guess", source=source if g.lineno is None
                else f"{source}:{g.lineno}", message=f"{g.kind}: {g.message}",
                reason_ja=f"{GUESS_JA.get(g.kind, g.kind)}：{ja}" if ja != g.message else None))
    if around is not None:
        around.seen(messages, pid)
    for d in found:
        key = (d.code, d.speaker, d.message)
        if d.code == "thread_owner" and told is not None:
            if key in told:
                continue
            told.add(key)
        diagnostics.append(d)
    return messages, json_like


def log_read_message(e: OSError) -> str:
    """Why a log file could not be read, in Japanese first, for the GM."""
    from .fsio import NotRegularFile, TooLarge

    if isinstance(e, TooLarge):
        return (f"ログが大きすぎます（{MAX_LOG_BYTES // 1_000_000} MBまで）：読みませんでした"
                f"（{e.strerror}）")
    if isinstance(e, NotRegularFile):
        return ("普通のファイルではありません（パイプや装置）：ログの文字をファイルに保存して"
                "置き直してください（not a regular file）")
    return f"ログを読めません：{os_error_message(e)}"


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
                f"from {phases[gap]} on were not resolved",
                reason_ja=f"{phase_label(phases[gap])}のログが読めないため（上を見てください）、"
                f"{phase_label(phases[gap])}から先は判定していません"))
        phases = phases[:gap]
    elif gap is not None:
        missing = [pid for pid in phases[gap:] if pid not in present]
        later = [pid for pid in phases[gap:] if pid in present]
        diags.append(Diagnostic(
            level="error", code="missing_log", source=f"logs/{phases[gap]}.txt",
            message=f"no log for {', '.join(missing)}, but {', '.join(later)} "
            f"{'has one' if len(later) == 1 else 'have one'}: add it (`adjudicator add "
            f"{root} {phases[gap]} FILE`); the phases from {phases[gap]} on were not "
            "resolved",
            reason_ja="、".join(phase_label(p) for p in missing) + "のログがありませんが、"
            + "、".join(phase_label(p) for p in later) + "のログはあります。"
            f"{phase_label(phases[gap])}のログを置いてください（`adjudicator add {root} "
            f"{phases[gap]} FILE`）。{phase_label(phases[gap])}から先は判定していません"))
        phases = phases[:gap]
    known = set(order)
    for stem, path in logs.items():
        base = stem.split("-", 1)[0]
        if stem not in known and not (base in known and stem != base):
            diags.append(Diagnostic(
                level="warning", code="unknown_log", source=_source(root, path),
                message=f"{path.name!r} is not a phase of this game (expected names like "
                f"{', '.join(order[:3])}…); it was not read",
                reason_ja=f"「{path.name}」はこのゲームのどの場面のログでもありません（"
                + "、".join(f"{p}{path.suffix}" for p in order[:3])
                + "…のような名前にします）。読みませんでした"))
    return phases, diags


#: the extra logs by their Japanese names (``day1-chat``'s ``chat``)
EXTRA_LOG_JA = {"chat": "観戦チャット"}
_WHEN_JA = {"day": "昼", "night": "夜", "round": "ラウンド", "any": "どのフェーズ"}


@dataclass(frozen=True, slots=True)
class PhaseRefusal:
    """Why a log may not be stored as ``phase``: ``kind`` is ``no_phase`` (the village
    has no such phase), ``no_extra`` (no such extra log for that phase) or ``ahead``
    (beyond the next expected phase, ``next``).  Rendered once, in :meth:`ja` (the CLI
    with the phase ids the GM types, the desk without) and :meth:`en` (developers)."""

    kind: str
    phase: str
    variant: str
    order: tuple[str, ...] = ()
    next: str = ""
    extra: tuple[tuple[str, str], ...] = ()  # (suffix, when) of the village's extra logs

    def ja(self, ids: bool = False) -> str:
        from .phases import phase_label

        def label(pid: str) -> str:
            return f"{pid}（{phase_label(pid)}）" if ids else phase_label(pid)

        base, _, suffix = self.phase.partition("-")
        if self.kind == "ahead":
            nxt = label(self.next)  # a phase id is set apart by a space (review 3, C1)
            return (f"{label(self.phase)}はまだ先です。次に保存するのは"
                    f"{' ' if nxt[:1].isascii() and nxt[:1].isalpha() else ''}{nxt}のログです")
        if self.kind == "no_extra":
            what = EXTRA_LOG_JA.get(suffix, f"「{suffix}」")
            has = "、".join(f"{EXTRA_LOG_JA.get(s, s)}は{_WHEN_JA.get(w, w)}だけ"
                           for s, w in self.extra)
            return (f"{label(base)}に{what}のログはありません"
                    + (f"（この村の{has}です）" if has else "（この村に観戦チャットはありません）"))
        shown = phase_label(base)
        named = f"「{base}」" if ids or shown == base else f"「{shown}」"
        listed = "・".join(label(p) for p in self.order[:4])
        more = "…" if len(self.order) > 4 else ""
        return f"この村に{named}というフェーズはありません（この村のフェーズ：{listed}{more}）"

    def en(self) -> str:
        base, _, suffix = self.phase.partition("-")
        if self.kind == "ahead":
            return f"{self.phase} is ahead of the game: the next phase to add is {self.next}"
        if self.kind == "no_extra":
            kinds = [f"{w}N-{s}" for s, w in self.extra]
            return (f"{self.variant} has no {suffix!r} log for {base}"
                    + (f" (it has: {', '.join(kinds)})" if kinds else ""))
        return (f"{self.variant} has no phase {base!r}: its phases are "
                f"{', '.join(self.order[:4])}…")


def phase_refusal(root: Path, phase: str) -> PhaseRefusal | None:
    """Why ``adjudicator add`` (and the desk) must not store a log as ``phase`` (None: it
    may): a phase this variant does not have, or one beyond the next expected (that would
    leave a gap).  A game.toml that does not load leaves only the shape check (done by
    the caller)."""
    from .errors import ConfigError

    try:
        cfg = load_config(Path(root) / "game.toml")
    except ConfigError:
        return None
    variant = get_variant(cfg.variant)(cfg)
    order = _order(variant)
    extra = tuple(variant.extra_logs.items())
    base, _, suffix = phase.partition("-")
    if base not in order:
        return PhaseRefusal("no_phase", phase, cfg.variant, tuple(order[:5]), extra=extra)
    if suffix:
        when = variant.extra_logs.get(suffix)
        if when is None or not (when == "any" or base.startswith(when)):
            return PhaseRefusal("no_extra", phase, cfg.variant, extra=extra)
    logs, broken, _problems = scan_logs(Path(root))
    present = {s for s in set(logs) | broken if s in order}
    nxt = next((pid for pid in order if pid not in present), None)
    if base in present or nxt is None or order.index(base) <= order.index(nxt):
        return None
    return PhaseRefusal("ahead", phase, cfg.variant, next=nxt)


def setup_warnings(variant: Variant[Any]) -> list[Diagnostic]:
    """A name of game.toml that a command's slot could read two ways (see
    ``Variant.name_clashes``): one warning each, at setup."""
    return [Diagnostic(level="warning", code="name_clash", source="game.toml", message=en,
                       reason_ja=ja) for en, ja in variant.name_clashes()]


def resolve_game(root: Path, fmt: str | None = None, cfg: GameConfig | None = None) -> Game:
    """Re-derive the whole game from game.toml and the logs (raises ConfigError)."""
    root = Path(root)
    cfg = cfg or load_config(root / "game.toml")
    variant = get_variant(cfg.variant)(cfg)
    game = Game(root=root, cfg=cfg, variant=variant)
    entries = variant.roster_entries()
    roster = variant.make_roster()
    names = [n for n, _a in entries] + [a for _n, aliases in entries for a in aliases] + list(
        cfg.gm)  # speakers a log may name (to split "21:03 名前 本文" lines)
    logs, broken, problems = scan_logs(root)
    phase_ids, plan_diags = _plan(variant, logs, root, broken)
    game.diagnostics = setup_warnings(variant) + problems + plan_diags
    state = game.initial = variant.initial_state()
    told: set[tuple[Any, ...]] = set()
    around = _Around()
    for n, pid in enumerate(phase_ids):
        around.next_pid = phase_ids[n + 1] if n + 1 < len(phase_ids) else ""
        around.next_path = logs.get(around.next_pid) if around.next_pid else None
        state = _resolve_phase(game, roster, names, logs, state, pid, fmt, first=n == 0,
                               told=told, around=around)
        game.states.append(state)
    return game


def _resolve_phase(game: Game, roster: Roster, names: list[str], logs: dict[str, Path],
                   state: Any, pid: str, fmt: str | None, first: bool,
                   told: set[tuple[Any, ...]] | None = None,
                   around: _Around | None = None) -> Any:
    """Read, classify and resolve one phase; append its result; return the new state."""
    variant, cfg = game.variant, game.cfg
    diags: list[Diagnostic] = []
    found_path = logs.get(pid)
    lines: list[ChatLine] = []
    json_like = False
    if found_path is None:
        diags.append(Diagnostic(level="warning", code="missing_log", source=f"logs/{pid}.txt",
                                message=f"no log for {pid}: resolved with no actions",
                                reason_ja=f"{game_phase_label(game, pid)}のログがないため、"
                                "誰も行動しなかったものとして判定しました"))
    else:
        lines, json_like = _read_lines(game, found_path, names, diags, fmt, roster, told,
                                       around, pid)
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
        records = reader.records  # a fast-path chatter record has no code: not walked
        late = sum(1 for i in records.written if records[i].code == "late")
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
        _refuse(reader.records, em.refusals)
    from .render import shown_names

    with shown_names(reader.seats.holders):  # 代役: posts name who holds the seat now
        post, private, ledger = variant.render(state, em.state, pin, em.events)
    from .gmposts import finish
    from .replacement import problems

    game.phases.append(finish(game, PhaseResult(
        id=pid, deaths=variant.deaths(em.events), executed=variant.executed(em.events),
        public_post=post, private=private, ledger=ledger, events=em.events,
        diagnostics=reader.diagnostics + diags + em.diagnostics + problems(reader.seats),
        lines=reader.records, threads=reader.records.threads,
    ), reader.seats, first=first, ended=bool(variant.finished(em.state))
        and not variant.finished(state)))
    return em.state


def _refuse(records: list[LineRecord], refused: list[tuple[str, str, str]]) -> None:
    """An accepted line the resolution refused (``Emitter.refuse``) is 却下, with the
    reason, on the line: the engine's record of it, marked once the rules are done.

    Only the positions the reader's general path wrote can hold an accepted or a GM line
    (``PhaseRecords.written``): the chatter between them is not walked; nothing refused,
    nothing walked."""
    if not refused:
        return
    by_ref = {ref: (code, why) for ref, code, why in refused}
    written = getattr(records, "written", None)
    for i in range(len(records)) if written is None else written:
        rec = records[i]
        if rec.ref in by_ref and rec.disposition in ("accepted", "gm"):
            code, why = by_ref[rec.ref]
            records[i] = replace(rec, disposition="rejected", code=code, reason=why)
