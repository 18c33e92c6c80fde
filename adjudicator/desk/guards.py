"""The desk's guard rails while playing: which phases a paste may go to (none new
after the end), what to confirm before storing (the same text as another phase, older
dates), and the history of each stored log with restore through ``fsio.store_log``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..chatlog import Reading, read_threads
from ..config.load import load_config
from ..engine import Game, phase_refusal, resolve_game, scan_logs
from ..errors import AdjudicatorError
from ..fsio import remembered_format, store_log


def refusal(path: Path, phase: str, game: Game | None = None) -> str | None:
    """Why the desk must not store a log as ``phase``, in the GM's words (None: it may):
    a phase the village does not have, one beyond the next, or any new phase after the
    game has ended (a stored phase may still be corrected)."""
    from ..phases import phase_label

    why = phase_refusal(path, phase)
    base = phase.partition("-")[0]
    if why:
        return why.ja()
    if game is None:
        try:
            game = resolve_game(path)
        except AdjudicatorError:
            return None
    stored = {pid.partition("-")[0] for pid in scan_logs(path)[0]}
    if game.variant.finished(game.state) and base not in stored:
        last = game.phases[-1].id if game.phases else ""
        return (f"このゲームは{phase_label(last)}で終わっています。これより後のログは保存できません"
                "（保存済みのフェーズを直すときは、そのフェーズを選んでください）")
    return None


def _order(game: Game) -> list[str]:
    """The phase ids up to the one after the last with a log."""
    out: list[str] = []
    for pid in game.variant.phase_ids():
        out.append(pid)
        if len(out) >= len(game.phases) + 1:
            break
    return out


def offered_phases(game: Game) -> list[str]:
    """The phases the paste form offers: every stored one, the next one while the game
    goes on, and the spectators' chat of each day where the village has one."""
    ids = [r.id for r in game.phases]
    finished = bool(game.variant.finished(game.state))
    order = ids if finished and ids else _order(game)
    out: list[str] = []
    extra = getattr(game.variant, "extra_logs", {}) or {}
    for pid in order:
        out.append(pid)
        for suffix, when in extra.items():
            if when == "any" or pid.startswith(when):
                out.append(f"{pid}-{suffix}")
    return out


def _norm(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.replace("\r\n", "\n").strip().splitlines())


def _dates(path: Path, names: list[str]) -> list[str]:
    try:
        from ..chatlog import decode

        text = decode(path.read_bytes(), path.name)
        parts = read_threads(text, str(path), fmt=remembered_format(path), names=names)
    except (AdjudicatorError, OSError, ValueError):
        return []
    return [m.date for p in parts for m in p.reading.messages if m.date]


def _newcomers(text: str) -> set[str]:
    """The newcomers of the 交代@ lines in ``text`` (a cheap look: no speaker checked)."""
    from ..normalize import nfkc
    from ..replacement import _DIRECTIVE

    if "交代" not in text and "代役" not in text:
        return set()
    return {m.group(2).strip() for line in text.splitlines()
            if (m := _DIRECTIVE.search(nfkc(line)))}


def _strangers(path: Path, phase: str, text: str, reading: Reading,
               newcomers: set[str]) -> str:
    """A log from another game: most of those who wrote commands (a line with @) are
    neither players (names, aliases, 代役) nor GMs.  Not for an extra log (the derby's
    spectators' chat is written by spectators)."""
    if "-" in phase:
        return ""
    from ..errors import CommandError
    from ..games import get_variant
    from ..roster import Roster

    try:
        cfg = load_config(path / "game.toml")
        variant = get_variant(cfg.variant)(cfg)
        entries = list(variant.roster_entries())
    except AdjudicatorError:
        return ""
    newcomers = newcomers | _newcomers(text) | {r.new for r in cfg.replacements}
    roster = Roster(entries, extra={g: "GM" for g in cfg.gm})
    writers = list(dict.fromkeys(m.speaker for m in reading.messages
                                 if m.speaker and ("@" in m.text or "＠" in m.text)))
    # a name decorated in the chat (「たろう🍣」, 「GMはなこ」) is the player's: the reader
    # reads it so (chatlog's name matching); only a speaker holding no known name counts
    known = [n for n, aliases in entries for n in (n, *aliases)] + list(cfg.gm) + \
        sorted(newcomers)
    unknown = []
    for s in writers:
        if any(k and k in s for k in known):
            continue
        try:
            roster.resolve(s)
        except CommandError:
            unknown.append(s)
    if len(unknown) < 2 or 2 * len(unknown) <= len(writers):
        return ""
    shown = "、".join(unknown[:5]) + ("など" if len(unknown) > 5 else "")
    return (f"行動を書いた{len(writers)}人のうち{len(unknown)}人（{shown}）が、このゲームの"
            "参加者にもGMにもいません。別のゲームのログではありませんか")


#: a paste's commands look like another village's when at least this many of them are
#: commands of that village and not of this one (and more than half of its commands are)
OTHER_VILLAGE_MIN = 3


def _is_command(text: str, variant: str) -> bool:
    """Whether ``text`` holds a command of ``variant`` as its grammar reads it (the
    registry's parser; a name stands as a word, whoever it names)."""
    from lark import UnexpectedInput

    from ..normalize import nfkc
    from ..parser import build_parser, find_command

    found = find_command(text, variant)
    if found is None:
        return False
    try:
        build_parser(variant).parse(nfkc(text)[found[0]:].strip(), start="player_line")
    except UnexpectedInput:
        return False
    return True


def _other_village(path: Path, phase: str, reading: Reading) -> str:
    """A log from another village: of the players' lines with @ that some registered
    village's grammar reads as a command, at least ``OTHER_VILLAGE_MIN`` and more than
    half are commands of one other village and not of this one (a Splatoon night in a
    derby game).  Not for an extra log (the spectators' chat)."""
    if "-" in phase:
        return ""
    from ..games import REGISTRY, names_ja
    from ..normalize import gm_key

    try:
        cfg = load_config(path / "game.toml")
    except AdjudicatorError:
        return ""
    gms = {gm_key(g) for g in cfg.gm}
    texts = list(dict.fromkeys(
        m.text for m in reading.messages if m.speaker and "\n" not in m.text
        and ("@" in m.text or "＠" in m.text) and gm_key(m.speaker) not in gms))
    if len(texts) < OTHER_VILLAGE_MIN:
        return ""
    commands = 0
    theirs: dict[str, list[str]] = {v: [] for v in REGISTRY if v != cfg.variant}
    for text in texts:
        if _is_command(text, cfg.variant):
            commands += 1
            continue
        hits = [v for v in theirs if _is_command(text, v)]
        commands += bool(hits)
        for v in hits:
            theirs[v].append(text)
    other = max(theirs, key=lambda v: len(theirs[v]), default=None)  # ties: the registry's order
    if other is None:
        return ""
    seen = theirs[other]
    if len(seen) < OTHER_VILLAGE_MIN or 2 * len(seen) <= commands:
        return ""
    ja = names_ja()
    return (f"貼り付けたログのコマンド{commands}行のうち{len(seen)}行（「{seen[0][:40]}」など）は、この"
            f"ゲームの{ja.get(cfg.variant, cfg.variant)}のコマンドではなく、{ja.get(other, other)}の"
            f"コマンドです。{ja.get(other, other)}のログではありませんか")


def paste_warnings(path: Path, phase: str, text: str, reading: Reading) -> list[str]:
    """What the GM should look at before storing ``text`` as ``phase``: a log of another
    village (its commands another village's) or another game (its writers not on the
    roster), first; the same text as another stored phase; dates older than a phase
    stored before it."""
    from ..chatlog import decode
    from ..phases import phase_label

    out: list[str] = []
    logs = scan_logs(path)[0]
    mine = _norm(text)
    newcomers: set[str] = set()  # 代役 named by the GM's lines of the stored logs
    for pid, p in sorted(logs.items()):
        if pid == phase:
            continue
        try:
            theirs = decode(p.read_bytes(), p.name)
            newcomers.update(_newcomers(theirs))
            if _norm(theirs) == mine:
                out.append(f"このログは保存済みの{phase_label(pid)}のログと同じ内容です。"
                           "フェーズの選び間違いではありませんか")
        except (AdjudicatorError, OSError):
            continue
    strangers = _strangers(path, phase, text, reading, newcomers)
    if strangers:
        out.insert(0, strangers)  # first: the rest of the page is about another game
    other = _other_village(path, phase, reading)
    if other:
        out.insert(0, other)  # first of all: the village it looks like
    new = [m.date for m in reading.messages if m.date]
    if not new:
        return out
    try:
        cfg = load_config(path / "game.toml")
        from ..games import get_variant

        variant = get_variant(cfg.variant)(cfg)
        order: list[str] = []
        for pid in variant.phase_ids():  # endless for some villages: up to the pasted one
            order.append(pid)
            if pid == phase.partition("-")[0] or len(order) > 1000:
                break
        names = [n for n, _a in variant.roster_entries()] + list(cfg.gm)
    except AdjudicatorError:
        return out
    base = phase.partition("-")[0]
    if base not in order:
        return out
    for pid in order[:order.index(base)]:
        if pid not in logs:
            continue
        old = _dates(logs[pid], names)
        if old and max(new) < max(old):
            out.append(f"貼り付けたログの日付（最後が{max(new)}）が、保存済みの{phase_label(pid)}"
                       f"のログ（最後が{max(old)}）より前です。別の日のログではありませんか")
            break
    return out


@dataclass
class Version:
    phase: str
    number: int
    name: str
    size: int
    when: str  # local time it was replaced, YYYY-MM-DD HH:MM


def versions(path: Path) -> dict[str, list[Version]]:
    """Every kept version of every stored log of the game at ``path``, by phase (oldest
    first)."""
    import datetime

    from ..fsio import history

    out: dict[str, list[Version]] = {}
    for stored, n, p in history(path / "logs"):
        phase = stored.rsplit(".", 1)[0]
        st = p.stat()
        when = datetime.datetime.fromtimestamp(st.st_mtime).strftime("%Y-%m-%d %H:%M")
        out.setdefault(phase, []).append(Version(phase, n, stored, st.st_size, when))
    return out


def version_path(path: Path, phase: str, number: int) -> Path | None:
    from ..fsio import history

    for _stored, n, p in history(path / "logs", phase):
        if n == number:
            return p
    return None


def restore(path: Path, phase: str, number: int) -> Path | None:
    """Store a kept version again as ``phase`` through ``fsio.store_log``: the log it
    replaces goes into the history first, so nothing is lost (None: no such version)."""
    from ..engine import LOG_SUFFIXES

    src = version_path(path, phase, number)
    if src is None:
        return None
    suffix = "." + src.name.rsplit(".", 2)[-2] if src.name.count(".") >= 2 else ".txt"
    if suffix.lower() not in LOG_SUFFIXES:
        suffix = ".txt"
    logs = path / "logs"
    current = scan_logs(path)[0].get(phase)
    fmt = remembered_format(current) if current is not None else None
    return store_log(logs, phase, suffix, src.read_bytes(), LOG_SUFFIXES, fmt=fmt).path
