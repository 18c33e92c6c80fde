"""What the desk does to a folder of games, without HTTP: list games, make one from a
form, read and resolve a pasted log without storing it, store it, and compare.

Every function takes the served folder (``root``) and a game name from the outside
world; ``game_dir`` is the only way from a name to a path, and it never leaves ``root``.
"""

from __future__ import annotations

import difflib
import re
import shutil
import tempfile
import tomllib
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..chatlog import Reading, read_threads
from ..config.load import load_config
from ..engine import Game, resolve_game, scan_logs
from ..errors import AdjudicatorError, ChatFormatError, ConfigError
from ..fsio import format_file, odd_game_toml, remembered_format, store_log, write_atomic
from .guards import paste_warnings, refusal

#: largest paste the desk takes (bytes of UTF-8): a whole night of a busy village is ~1 MB
MAX_PASTE = 5_000_000
NAME_MAX = 80


class DeskError(AdjudicatorError):
    """A request the desk cannot honour; ``status`` is the HTTP status that fits."""

    def __init__(self, message: str, status: int = 400, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.problems = list(problems or [])


# ------------------------------------------------------------------ names and paths
def check_name(name: str) -> str:
    """A game's folder name as typed or taken from a URL: one plain path segment."""
    bad = (not name or len(name) > NAME_MAX or name in (".", "..") or name.startswith(".")
           or any(c in name for c in '/\\:*?"<>|') or name != name.strip()
           or any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in name))
    if bad:
        raise DeskError(f"「{name[:NAME_MAX]}」はゲーム名に使えません（英数字・かな・漢字・-_ の"
                        f"{NAME_MAX}文字以内。/ \\ : * ? \" < > | と先頭の . は不可）", 400)
    return name


def game_dir(root: Path, name: str, must_exist: bool = True) -> Path:
    """``root/name`` after checking that the name is one segment and that the folder,
    links resolved, stays inside ``root``."""
    check_name(name)
    base = root.resolve()
    path = base / name
    real = path.resolve()
    if real == base or not real.is_relative_to(base):
        raise DeskError(f"「{name}」はこのフォルダの外を指しています", 404)
    if must_exist and real.is_dir() and (odd := odd_game_toml(real)) is not None:
        raise DeskError(f"ゲーム「{name}」の設定を読めません", 422, [odd])  # a FIFO, a folder…
    if must_exist and not (real.is_dir() and (real / "game.toml").is_file()):
        raise DeskError(f"ゲーム「{name}」はありません", 404)
    return path


# ------------------------------------------------------------------ the list of games
@dataclass
class GameSummary:
    name: str
    variant: str = ""
    phase: str = ""  # the last phase with a log
    next_phase: str = ""
    finished: bool = False
    problems: list[str] = field(default_factory=list)  # what the GM must fix
    undealt: bool = False  # names only: the 配役 by lot comes next


def summarize(root: Path, name: str) -> GameSummary:
    path = game_dir(root, name)
    s = GameSummary(name=name)
    if game_undealt(path):
        s.undealt = True
        s.variant = str(tomllib.loads((path / "game.toml").read_text("utf-8-sig"))["variant"])
        return s
    try:
        game = resolve_game(path)
    except ConfigError as e:
        s.problems = list(e.problems_ja)
        return s
    except AdjudicatorError as e:
        s.problems = [str(e)]
        return s
    s.variant = game.cfg.variant
    s.phase = game.phases[-1].id if game.phases else ""
    s.finished = bool(game.variant.finished(game.state))
    s.next_phase = next_phase(game)
    from .wording import diag_ja

    s.problems = [diag_ja(d) for d in game.diagnostics if d.level == "error"]
    s.problems += [diag_ja(d) for p in game.phases for d in p.diagnostics if d.level == "error"]
    return s


def list_games(root: Path) -> list[GameSummary]:
    out = []
    for p in sorted(root.iterdir()) if root.is_dir() else []:
        if p.name.startswith(".") or not (p / "game.toml").is_file():
            continue
        try:
            out.append(summarize(root, p.name))
        except DeskError:
            continue  # a link out of the folder or an odd name: not ours to show
    return out


def phase_order(game: Game, extra: int = 1) -> list[str]:
    """The game's phase ids up to ``extra`` beyond the last with a log."""
    have = len(game.phases)
    out: list[str] = []
    for pid in game.variant.phase_ids():
        out.append(pid)
        if len(out) >= have + extra:
            break
    return out


def next_phase(game: Game) -> str:
    order = phase_order(game)
    return order[len(game.phases)] if len(order) > len(game.phases) else ""


# ------------------------------------------------------------------ reading a paste
def read_paste(text: str, source: str, fmt: str | None, names: list[str],
               limit: int = MAX_PASTE) -> Reading:
    """Read pasted text as the CLI's ``read`` and ``add`` do: the messages, what was
    skipped and every guess (a DeskError when the paste is empty, too big or unreadable)."""
    return _joined(source, read_parts(text, source, fmt, names, limit))


def read_parts(text: str, source: str, fmt: str | None, names: list[str],
               limit: int = MAX_PASTE) -> list[Any]:
    """The paste's chats (``chatlog.threads.Part``: one for a paste of one chat), each
    read on its own, as ``read_paste`` reads them."""
    if not text.strip():
        raise DeskError("貼り付けられたログが空です（クリップボードが空だったのかもしれません）", 400)
    if len(text.encode("utf-8")) > limit:
        raise DeskError(f"ログが大きすぎます（{limit:,}バイトまで）", 413)
    try:
        parts = read_threads(text, source, fmt=fmt, names=names)
    except ChatFormatError as e:
        raise DeskError(f"ログを読めません: {e.detail_ja or e}", 422) from None
    if not any(p.reading.messages for p in parts):
        raise DeskError("貼り付けられたログにメッセージがありません", 422)
    return parts


def _joined(source: str, parts: list[Any]) -> Reading:
    """A paste of several chats (input.thread) as one reading for the preview: every
    chat's messages in the paste's order (resolve merges them by time), what each
    skipped and guessed."""
    first = parts[0].reading
    if len(parts) == 1:
        return first
    return Reading(source, first.format, first.detected,
                   [m for p in parts for m in p.reading.messages],
                   [s for p in parts for s in p.reading.skipped],
                   [g for p in parts for g in p.reading.guesses],
                   first.date_order, first.date_order_why)


@dataclass
class ThreadRow:
    """One chat of a phase of several, as the GM is shown it: the thread's name
    (``rooms.Thread.ja``), how and why it was taken so (``threads.Named.why``), its lines
    (the first and last of its export in the whole log) and its message count."""

    ja: str
    why: str
    first: int
    last: int
    messages: int
    guessed: bool = False


def thread_rows(parts: list[Any], cfg: Any, variant: Any) -> list[ThreadRow]:
    """The chats of a paste or a stored log of several (none for one chat), named as
    the engine names them (``threads.name_thread``, with the game's roster)."""
    if len(parts) < 2:
        return []
    from ..threads import name_thread
    from .wording import desk_message

    roster = variant.make_roster()
    out = []
    for part in parts:
        named = name_thread(part.export, cfg, roster)
        out.append(ThreadRow(named.thread.ja(), desk_message(named.why), *_lines(part.export),
                             len(part.reading.messages), named.guessed))
    return out


def _lines(export: Any) -> tuple[int, int]:
    """The first and last lines of one export in the whole text."""
    return export.first, export.first + export.text.rstrip("\n").count("\n")


def stored_threads(path: Path, game: Game, phase: str) -> list[ThreadRow]:
    """The chats of the stored log of ``phase`` when it holds several (else none): cut
    from the log's text (``chatlog.threads.cut``, not read again), named as the engine
    named them, each with the messages the resolved phase gave it."""
    result = next((r for r in game.phases if r.id == phase), None)
    log = scan_logs(path)[0].get(phase)
    if result is None or not result.threads or log is None:
        return []
    from collections import Counter

    from ..chatlog import decode
    from ..chatlog.threads import cut
    from ..fsio import MAX_LOG_BYTES, read_capped
    from ..threads import name_thread
    from .wording import desk_message

    try:
        exports = cut(decode(read_capped(log, MAX_LOG_BYTES), log.name))
    except (AdjudicatorError, OSError, ValueError):
        return []
    counts = Counter(result.threads.values())
    roster = game.variant.make_roster()
    out = []
    for ex in exports:
        named = name_thread(ex, game.cfg, roster)
        n = counts.get(named.thread, 0)
        if n or ex.name:
            out.append(ThreadRow(named.thread.ja(), desk_message(named.why), *_lines(ex), n,
                                 named.guessed))
    return out if len(out) > 1 else []


def appended(root: Path, name: str, phase: str, chat: str, label: str) -> str:
    """The stored log of ``phase`` with ``chat`` added as one more of its chats, after a
    separator naming it ``label`` (「スレッドを追加」: what ``add --append`` stores); the
    chat alone, after its separator, when the phase has no log yet."""
    from ..chatlog import decode
    from ..chatlog.threads import as_thread, joined
    from ..fsio import MAX_LOG_BYTES, read_capped

    if not chat.strip():
        raise DeskError("追加するチャットが空です（クリップボードが空だったのかもしれません）", 400)
    log = scan_logs(game_dir(root, name))[0].get(phase)
    old = decode(read_capped(log, MAX_LOG_BYTES), log.name) if log is not None else ""
    return joined(old.replace("\r\n", "\n"), as_thread(chat, label.strip()))


def _names(cfg: Any, variant: Any) -> list[str]:
    """The names the chat readers know (players, GMs, aliases)."""
    names = [n for n, _a in variant.roster_entries()] + list(cfg.gm)
    return names + [a for _n, aliases in variant.roster_entries() for a in aliases]


# ------------------------------------------------------------------ preview and store
@dataclass
class Change:
    """One changed place of a text: the lines before (stored) and after (with the paste)."""

    before: list[str]
    after: list[str]


@dataclass
class PhaseDiff:
    phase: str
    public: list[Change]  # the changed places of the public post
    private: dict[str, list[Change]]  # per player


@dataclass
class Preview:
    phase: str
    reading: Reading
    game: Game | None  # the game resolved with the paste in place
    result: Any = None  # the PhaseResult of ``phase``
    problems: list[str] = field(default_factory=list)
    diffs: list[PhaseDiff] = field(default_factory=list)  # later phases that change
    warnings: list[str] = field(default_factory=list)  # to confirm before storing
    threads: list[ThreadRow] = field(default_factory=list)  # a paste of several chats


def _copy_game(src: Path, dest: Path) -> None:
    dest.mkdir()
    shutil.copy2(src / "game.toml", dest / "game.toml")
    extra = src / "scenario.toml"
    if extra.is_file():
        shutil.copy2(extra, dest / extra.name)
    (dest / "logs").mkdir()
    logs, _broken, _problems = scan_logs(src)
    for _pid, path in logs.items():
        shutil.copy2(path, dest / "logs" / path.name)
        named = remembered_format(path)  # each log read the way it is read for real
        if named is not None:
            format_file(dest / "logs", path.stem).write_text(named + "\n", encoding="utf-8")


def preview(root: Path, name: str, phase: str, text: str, fmt: str | None = None,
            limit: int = MAX_PASTE) -> Preview:
    """Resolve the game as it would be with ``text`` stored as ``phase``; nothing stored."""
    path = game_dir(root, name)
    try:
        cfg = load_config(path / "game.toml")
    except ConfigError as e:
        raise DeskError("ゲームの設定に問題があります", 422, e.problems_ja) from None
    try:  # the game as stored: whether it has ended, and what the paste changes in it
        stored_game: Game | None = resolve_game(path, cfg=cfg)
    except AdjudicatorError:
        stored_game = None
    why = refusal(path, phase, stored_game)
    if why:
        raise DeskError(why, 400)
    from ..games import get_variant

    variant = get_variant(cfg.variant)(cfg)
    parts = read_parts(text, f"logs/{phase}.txt", fmt, _names(cfg, variant), limit)
    reading = _joined(f"logs/{phase}.txt", parts)
    warnings = paste_warnings(path, phase, text, reading)
    with tempfile.TemporaryDirectory(prefix="adjudicator-desk-") as tmp:
        work = Path(tmp) / name
        _copy_game(path, work)
        for old in (work / "logs").glob(f"{phase}.*"):
            old.unlink()
        (work / "logs" / f"{phase}.txt").write_text(text, encoding="utf-8")
        side = format_file(work / "logs", phase)
        side.unlink(missing_ok=True)
        if fmt:  # the format the GM chose, as storing it would remember it
            side.write_text(fmt + "\n", encoding="utf-8")
        try:
            after = resolve_game(work, fmt=None, cfg=cfg)
        except AdjudicatorError as e:
            raise DeskError(f"解決できません: {e}", 422) from None
    before: Game | None = None
    earlier: set[str] = set()
    for pid in variant.phase_ids():  # the phases before the pasted one
        if pid == phase.partition("-")[0] or len(earlier) > 400:
            break
        earlier.add(pid)
    stored = {pid.partition("-")[0] for pid in scan_logs(path)[0]}
    if stored - earlier:  # the paste replaces a stored phase or comes before one: compare
        before = stored_game
    p = Preview(phase=phase, reading=reading, game=after, warnings=warnings,
                threads=thread_rows(parts, cfg, variant))
    p.result = next((r for r in after.phases if r.id == phase), None)
    from .wording import diag_ja

    p.problems = [diag_ja(d) for d in after.diagnostics]
    if before is not None:
        p.diffs = diff_games(before, after, phase)
    return p


def diff_games(before: Game, after: Game, phase: str) -> list[PhaseDiff]:
    """Posts and notices of ``phase`` and every later phase that differ."""
    old = {r.id: r for r in before.phases}
    out: list[PhaseDiff] = []
    seen = False
    for r in after.phases:
        seen = seen or r.id == phase
        if not seen or r.id == phase or r.id not in old:
            continue
        o = old[r.id]
        pub = _udiff(o.public_post, r.public_post)
        priv = {}
        for who in sorted(set(o.private) | set(r.private)):
            d = _udiff("\n".join(o.private.get(who, [])), "\n".join(r.private.get(who, [])))
            if d:
                priv[who] = d
        if pub or priv:
            out.append(PhaseDiff(phase=r.id, public=pub, private=priv))
    return out


def _udiff(a: str, b: str, label: str = "") -> list[Change]:
    """The places where ``b`` differs from ``a``, as 変更前 / 変更後 pairs of lines (with
    one unchanged line around each for context)."""
    if a == b:
        return []
    old, new = a.splitlines(), b.splitlines()
    out: list[Change] = []
    for group in difflib.SequenceMatcher(None, old, new, autojunk=False).get_grouped_opcodes(1):
        i1, i2 = group[0][1], group[-1][2]
        j1, j2 = group[0][3], group[-1][4]
        out.append(Change(old[i1:i2], new[j1:j2]))
    return out


@dataclass
class Stored:
    path: Path
    kept: list[Path]
    messages: int
    unchanged: bool = False


def store(root: Path, name: str, phase: str, text: str, fmt: str | None = None,
          limit: int = MAX_PASTE, confirmed: bool = True) -> Stored:
    """Store ``text`` as ``phase`` as ``adjudicator add`` does (``fsio.store_log``:
    atomically, under the logs folder's lock, the version it replaces kept in
    ``logs/.history/``).  Two stores at once run one after the other: the later wins and
    the earlier is in the history.  Unless ``confirmed``, a paste with warnings
    (``paste_warnings``) is refused with them (409)."""
    path = game_dir(root, name)
    why = refusal(path, phase)
    if why:
        raise DeskError(why, 400)
    try:
        cfg = load_config(path / "game.toml")
    except ConfigError as e:
        raise DeskError("ゲームの設定に問題があります", 422, e.problems_ja) from None
    from ..games import get_variant

    variant = get_variant(cfg.variant)(cfg)
    names = [n for n, _a in variant.roster_entries()] + list(cfg.gm)
    parts = read_parts(text, f"logs/{phase}.txt", fmt, names, limit)
    reading = _joined(f"logs/{phase}.txt", parts)
    if not confirmed:
        warnings = paste_warnings(path, phase, text, reading)
        if warnings:
            raise DeskError("保存する前に、次の注意を確かめてください（確かめたら「確認しました」に"
                            "チェックして保存します）", 409, warnings)
    from ..engine import LOG_SUFFIXES

    # a Discord pull stored as the CLI stores it: one JSON document as .json; threads (a
    # pull of several channels, 「スレッドを追加」) as .txt, as add stores them
    suffix = ".json" if reading.format == "dce-json" and len(parts) == 1 and \
        text.lstrip("\ufeff").startswith("{") else ".txt"
    done = store_log(path / "logs", phase, suffix, text.encode("utf-8"), LOG_SUFFIXES, fmt=fmt)
    return Stored(done.path, done.kept, len(reading.messages), unchanged=done.unchanged)


# ------------------------------------------------------------------ a new game from a form
def _game(variant: str) -> Any:
    """The registered Variant class of ``variant``, None for an unknown one."""
    from ..games import REGISTRY, get_variant

    return get_variant(variant) if variant in REGISTRY else None


def roster_columns(variant: str) -> tuple[str, ...]:
    """The roster columns a GM pastes (after the name), in order: the Variant's own."""
    game = _game(variant)
    return tuple(game.roster_columns) if game is not None else ()


_GENDER = {"男": "male", "男性": "male", "female": "female", "女": "female", "女性": "female",
           "male": "male"}
_SPLIT = re.compile(r"\s*[,、，\t]\s*")


#: the GM's name of each roster column, with the words it takes
COLUMN_JA: dict[str, str] = {
    "gender": "性別（男性/女性）", "role": "役職", "colour": "色（オレンジ/ムラサキ）",
    "weapon": "ブキ", "society": "結社（忍びの里/海賊団/クロノマター/シークレット）",
    "leader": "リーダー（○）", "faction": "陣営（源氏/平氏/帝）",
}


def _teams(variant: str) -> bool:
    game = _game(variant)
    return game is not None and bool(game.plays_in_teams)


def roster_help(variant: str) -> str:
    if _teams(variant):
        return "1行に1チーム: チーム名: メンバー1, メンバー2, …（最初の行のチームが先攻）"
    game = _game(variant)
    hint = game.role_hint if game is not None else ""
    cols = [(hint if c == "role" else None) or COLUMN_JA.get(c, c)
            for c in roster_columns(variant)]
    dealt = ""
    if game is not None and game.sealed_fields:
        from ..config.problems import FIELD_JA

        dealt = ("。" + "・".join(FIELD_JA.get(f, f) for f in game.sealed_fields)
                 + "の列を全員空けておくと、作成のあとの「配役と封印」で抽選して配ります")
    return ("1行に1人: 名前" + "".join(f", {c}" for c in cols)
            + "（空欄は「, ,」のように空けておけます。別名は 別名=太郎/タロウ）" + dealt)


def roster_hints() -> dict[str, str]:
    """Every variant's roster hint (the form's script switches them with the 村)."""
    from ..games import REGISTRY

    return {v: roster_help(v) for v in REGISTRY}


def _toml_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _toml_value(v: str) -> str:
    if v.lower() in ("true", "false"):
        return v.lower()
    if re.fullmatch(r"-?[0-9]+", v):
        return v
    return _toml_str(v)


def roster_toml(variant: str, text: str) -> tuple[str, list[str]]:
    """The ``[[players]]`` (or ``[[teams]]``) tables for pasted roster lines, and the
    problems found (line by line)."""
    out: list[str] = []
    problems: list[str] = []
    rows = [r for r in (x.strip() for x in text.splitlines()) if r and not r.startswith("#")]
    if not rows:
        problems.append("名簿: 1行もありません")
    teams = _teams(variant)
    for i, row in enumerate(rows, 1):
        if teams:
            team, sep, members = row.partition(":") if ":" in row else row.partition("：")
            names = [m for m in _SPLIT.split(members.strip()) if m]
            if not sep or not team.strip() or not names:
                problems.append(f"名簿 {i}行目: 「チーム名: メンバー, …」の形ではありません: {row!r}")
                continue
            out += ["", "[[teams]]", f"name = {_toml_str(team.strip())}",
                    "members = [" + ", ".join(_toml_str(m) for m in names) + "]"]
            if i == 1:
                out.append("first = true")
            continue
        cells = _SPLIT.split(row)  # an empty cell keeps its column (「きら, , トルネード」)
        name, rest = cells[0], cells[1:]
        if not name:
            problems.append(f"名簿 {i}行目: 名前がありません: {row!r}")
            continue
        table = ["", "[[players]]", f"name = {_toml_str(name)}"]
        cols = list(roster_columns(variant))
        for cell in rest:
            if "=" in cell:
                key, _eq, value = cell.partition("=")
                key = {"別名": "aliases"}.get(key.strip(), key.strip())
                if key == "aliases":
                    table.append("aliases = [" + ", ".join(
                        _toml_str(a) for a in re.split(r"[/／]", value) if a.strip()) + "]")
                elif re.fullmatch(r"[a-z_]+", key):
                    table.append(f"{key} = {_toml_value(value.strip())}")
                else:
                    problems.append(f"名簿 {i}行目: 項目名 {key!r} が読めません")
                continue
            if not cols:
                if cell:
                    problems.append(f"名簿 {i}行目: 余分な列「{cell}」")
                continue
            key = cols.pop(0)
            if not cell:
                continue
            value = _GENDER.get(cell, cell) if key == "gender" else cell
            if key == "leader":
                value = "true" if cell in ("true", "リーダー", "leader", "○", "◯", "1") else "false"
                table.append(f"leader = {value}")
            else:
                table.append(f"{key} = {_toml_str(value)}")
        out += table
    return "\n".join(out) + "\n", problems


# ------------------------------------------------------------------ the options as controls
@dataclass
class Control:
    """One setting of the new-game form, drawn from the village's declaration
    (``config.skeletons.Option``): its form field's ``name`` (``opt.KEY``, ``opt.TABLE.KEY``
    for a key of another table), label, kind, choices ((value, Japanese name); the first is
    the unset choice when the setting may be left to the game), the value preselected
    and, for a number, its range."""

    name: str
    label: str
    kind: str
    value: str
    choices: list[tuple[str, str]] = field(default_factory=list)
    low: int | None = None
    high: int | None = None
    unset: str = ""
    example: str = ""


def _declared(variant: str) -> tuple[Any, ...]:
    game = _game(variant)
    return tuple(game.toml_options) if game is not None else ()


def _field_name(o: Any) -> str:
    return f"opt.{o.key}" if o.table == "options" else f"opt.{o.table}.{o.key}"


def _shown(o: Any, written: str) -> str:
    """A value as written in game.toml, as its control shows it: the numbers of a list
    with 「、」, a list of words one a line, a table of spellings 「科学=サイエンス/SF」."""
    try:
        value = tomllib.loads(f"v = {written}")["v"]
    except tomllib.TOMLDecodeError:
        return ""
    if o.kind == "numbers":
        return "、".join(str(x) for x in value)
    if o.kind == "words":
        return "\n".join(str(x) for x in value)
    if o.kind == "pairs":
        return "\n".join(f"{k}=" + "/".join(map(str, v)) for k, v in value.items())
    return str(value)


def option_controls(variant: str) -> list[Control]:
    """The new-game form's controls for ``variant``'s settings, each at its default."""
    out = []
    for o in _declared(variant):
        choices = list(o.options())
        if o.kind == "choice" and o.unset:
            choices.insert(0, ("", o.unset))
        value = "" if o.unset else (o.default if o.kind == "choice" else _shown(o, o.default))
        out.append(Control(_field_name(o), o.label or o.key, o.kind, value, choices,
                           o.low, o.high, o.unset, _shown(o, o.default)))
    return out


def option_fields() -> dict[str, list[Control]]:
    """Every variant's controls (the form draws each village's; the script shows the
    chosen village's)."""
    from ..games import REGISTRY

    return {v: option_controls(v) for v in REGISTRY}


_LIST_SPLIT = re.compile(r"[\s,、，]+")


def options_from_form(variant: str, sent: dict[str, str]
                      ) -> tuple[dict[str, dict[str, str]], list[str]]:
    """The settings chosen in the form (``sent``: field -> text; a field not sent keeps
    its default) as game.toml writes them, by table (key -> value as written), and the
    problems, in the form's words.  A value is never copied into game.toml as typed:
    a choice must be one offered, a number is digits, words are quoted here."""
    chosen: dict[str, dict[str, str]] = {}
    problems: list[str] = []
    for o, c in zip(_declared(variant), option_controls(variant), strict=True):
        text = sent.get(c.name, c.value)
        if c.kind in ("number", "numbers"):  # ３ and 3 alike
            text = unicodedata.normalize("NFKC", text)
        text = text.strip() if c.kind != "choice" else text
        label = c.label
        written: str | None = None
        if c.kind == "choice":
            offered = dict(c.choices)
            if text not in offered:
                problems.append(f"{label}：選べるのは {'・'.join(offered.values())} です")
                continue
            written = text or None
        elif c.kind == "number":
            if not text and o.unset:
                continue
            if not re.fullmatch(r"-?[0-9]{1,9}", text) or (
                    o.low is not None and int(text) < o.low) or (
                    o.high is not None and int(text) > o.high):
                problems.append(f"{label}：「{_one_line(text)}」は使えません（{_range_ja(o.low, o.high)}）")
                continue
            written = str(int(text))
        elif c.kind == "numbers":
            parts = [x for x in _LIST_SPLIT.split(text) if x]
            if not text and o.unset:
                continue
            if len(parts) < 2 or not all(re.fullmatch(r"[0-9]{1,6}", x) and int(x) > 0
                                         for x in parts):
                problems.append(f"{label}：「{_one_line(text)}」は使えません（1以上の整数を2つ以上、"
                                "「、」で区切って書いてください）")
                continue
            written = "[" + ", ".join(str(int(x)) for x in parts) + "]"
        elif c.kind == "words":
            words = [w.strip() for w in text.splitlines() if w.strip()]
            if not words:
                if o.unset:
                    continue
                problems.append(f"{label}：1つ以上書いてください")
                continue
            written = "[" + ", ".join(_toml_str(w) for w in words) + "]"
        elif c.kind == "pairs":
            rows = [r.strip() for r in text.splitlines() if r.strip()]
            pairs = []
            for row in rows:
                word, eq, others = row.partition("=")
                spellings = [x.strip() for x in re.split(r"[/／]", others) if x.strip()]
                if not eq or not word.strip() or not spellings:
                    problems.append(f"{label}：「{_one_line(row)}」は「科学=サイエンス/SF」の形では"
                                    "ありません")
                    continue
                pairs.append(f"{_toml_str(word.strip())} = ["
                             + ", ".join(_toml_str(x) for x in spellings) + "]")
            if not pairs:
                continue
            written = "{ " + ", ".join(pairs) + " }"
        else:
            if not text:
                if o.unset:
                    continue
                problems.append(f"{label}：書いてください")
                continue
            written = _toml_str(text)
        if written is not None:
            chosen.setdefault(o.table, {})[o.key] = written
    return chosen, problems


def _one_line(text: str) -> str:
    """A value typed, as a problem quotes it: on one line, at most 40 characters."""
    return " ".join(text.split())[:40]


def _range_ja(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"{low}〜{high}の整数で書いてください"
    if low is not None:
        return f"{low}以上の整数で書いてください"
    return "整数で書いてください"


def labelled(variant: str, problems: list[str]) -> list[str]:
    """game.toml's problems of an option in the form's words: 「オプションの「castle_target」」
    is 「城の完成に必要な労力」, the label of its control."""
    out = []
    for p in problems:
        for o in _declared(variant):
            p = p.replace(f"オプションの「{o.key}」", f"「{o.label or o.key}」")
        out.append(p)
    return out


def game_toml_text(variant: str, seed: str, gm: str, options: dict[str, dict[str, str]],
                   roster: str) -> tuple[str, list[str]]:
    """game.toml of a new game: the top keys, the [options] block of the village (each
    chosen setting written, the rest shown commented at its default, as ``new`` writes
    it), any other table of settings, and the roster."""
    from ..config.skeletons import options_block

    problems: list[str] = []
    if not re.fullmatch(r"[0-9]{1,12}", seed.strip()):
        problems.append(f"シード：整数で書いてください（「{seed}」）")
    gms = [g for g in _SPLIT.split(gm.strip()) if g]
    if not gms:
        problems.append("GMの名前：1つ以上書いてください")
    players, roster_problems = roster_toml(variant, roster)
    problems += roster_problems
    block = options_block(variant, options.get("options", {})) or "[options]\n"
    tables = "".join(f"\n[{t}]\n" + "".join(f"{k} = {v}\n" for k, v in keys.items())
                     for t, keys in options.items() if t != "options" and keys)
    head = ("# ゲームの設定ファイルです（卓で作成。項目は new と同じです）。\n"
            f"variant = {_toml_str(variant)}\n"
            f"seed = {seed.strip() if re.fullmatch(r'[0-9]{1,12}', seed.strip()) else 1}\n"
            f"gm = [{', '.join(_toml_str(g) for g in gms or ['GM'])}]\n"
            + ('scenario = "scenario.toml"\n' if _scenario(variant) else "")
            + f"\n{block}{tables}")
    return head + players, problems


def _scenario(variant: str) -> bool:
    """Whether game.toml names a scenario file (the Variant's ``has_scenario``)."""
    game = _game(variant)
    return game is not None and bool(game.has_scenario)


def sample_scenario(variant: str) -> bytes | None:
    """The bundled sample scenario of ``variant`` (a game with a scenario file), as
    ``adjudicator new`` writes it."""
    from ..resources import data_dir

    path = data_dir("samples") / variant / "scenario.toml"
    return path.read_bytes() if path.is_file() else None


def undealt(variant: str, raw: Any) -> bool:
    """Whether a game.toml (``raw``, as tomllib read it) lists its players by name only,
    to be dealt by lot (配役と封印): a village with something hidden to deal, players, and
    none of them given a dealt field."""
    game = _game(variant)
    players = raw.get("players") if isinstance(raw, dict) else None
    if game is None or not game.sealed_fields or not isinstance(players, list) or not players:
        return False
    keys = (*game.sealed_fields, *game.deal_strips)
    return not any(isinstance(p, dict) and k in p for p in players for k in keys)


def game_undealt(path: Path) -> bool:
    """Whether the game at ``path`` waits for its 配役 (``undealt``)."""
    try:
        raw = tomllib.loads((path / "game.toml").read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        return False
    variant = raw.get("variant")
    return isinstance(variant, str) and undealt(variant, raw)


def _dry_deal(folder: Path) -> list[str]:
    """The problems a deal of the names-only game.toml in ``folder`` (a scratch copy)
    meets (the count, a derby player's gender…), and then the dealt file's: what the
    配役 after the creation would refuse, said now."""
    from ..deal import deal_game

    try:
        deal_game(folder, seed=0)
    except ConfigError as e:
        return list(e.problems_ja)
    except AdjudicatorError as e:
        return [e.ja or str(e)]
    try:
        load_config(folder / "game.toml")
    except ConfigError as e:
        return list(e.problems_ja)
    return []


@dataclass
class DealPlan:
    """What the 配役 by lot will deal for a game (the seal page, before the deal): the
    players, the composition for that number (each seat in words, with its count), and
    why it cannot be dealt as it stands."""

    names: list[str] = field(default_factory=list)
    seats: list[tuple[str, int]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    nothing: str = ""  # the village deals nothing hidden: why, in words


def deal_plan(path: Path) -> DealPlan:
    from ..deal import role_label, slots

    plan = DealPlan()
    try:
        raw = tomllib.loads((path / "game.toml").read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        plan.problems.append("ゲームの設定を読めません")
        return plan
    variant = raw.get("variant")
    game = _game(variant) if isinstance(variant, str) else None
    if game is None or not isinstance(variant, str):
        plan.problems.append("村の種類がわかりません")
        return plan
    if not game.sealed_fields:
        plan.nothing = f"{game.name_ja}には伏せて配る役職がありません"
        return plan
    players = raw.get("players")
    plan.names = [str(p.get("name", "")) for p in players if isinstance(p, dict)] \
        if isinstance(players, list) else []
    setup = raw.get("setup")
    setup = setup if isinstance(setup, dict) else {}
    try:
        counts: dict[str, int] = {}
        for seat in slots(variant, len(plan.names), setup):
            label = role_label(variant, seat)
            counts[label] = counts.get(label, 0) + 1
        plan.seats = list(counts.items())
    except AdjudicatorError as e:
        plan.problems.append(e.ja or str(e))
    return plan


def create_game(root: Path, name: str, variant: str, seed: str, gm: str,
                options: dict[str, dict[str, str]], roster: str,
                scenario: bytes | None = None, option_problems: list[str] | None = None
                ) -> Path:
    """Write ``root/name/game.toml`` (and ``logs/``) after checking it as ``resolve`` would;
    every problem at once in a DeskError.  A roster of names only (no roles) is checked
    as the deal will deal it: the game is made without roles, to be dealt next."""
    from ..games import REGISTRY

    check_name(name)
    if variant not in REGISTRY:
        raise DeskError(f"未対応の村です: {variant!r}（対応: {'、'.join(REGISTRY)}）", 400)
    path = root / name
    if path.exists() or path.is_symlink():
        raise DeskError(f"「{name}」はもうあります。別の名前にしてください", 409)
    text, problems = game_toml_text(variant, seed, gm, options, roster)
    problems += option_problems or []
    if _scenario(variant) and scenario is None:
        scenario = sample_scenario(variant)
    # every problem at once: the form's own (seed, roster lines) and then game.toml's,
    # checked with the rest in place (a bad seed or option does not hide the roster's)
    with tempfile.TemporaryDirectory(prefix="adjudicator-new-") as tmp:
        (Path(tmp) / "game.toml").write_text(text, encoding="utf-8")
        if scenario is not None:
            (Path(tmp) / "scenario.toml").write_bytes(scenario)
        try:
            by_lot = undealt(variant, tomllib.loads(text))
        except tomllib.TOMLDecodeError:
            by_lot = False
        if by_lot:
            found = _dry_deal(Path(tmp))
            problems = found[:1] + problems + [p for p in found[1:] if p not in problems]
        else:
            try:
                load_config(Path(tmp) / "game.toml")
            except ConfigError as e:
                from ..config.problems import is_count

                counts = [ja for en, ja in zip(e.problems, e.problems_ja, strict=True)
                          if is_count(en)]
                rest = [ja for en, ja in zip(e.problems, e.problems_ja, strict=True)
                        if not is_count(en)]
                problems = counts + problems + [p for p in rest if p not in problems]
    if problems:
        raise DeskError("ゲームを作れません。次の点を直してください", 422,
                        labelled(variant, problems))
    try:
        path.mkdir()
    except FileExistsError:
        raise DeskError(f"「{name}」はもうあります。別の名前にしてください", 409) from None
    (path / "logs").mkdir()
    if scenario is not None:
        write_atomic(path / "scenario.toml", scenario)
    write_atomic(path / "game.toml", text)
    return path
