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


def paste_warnings(path: Path, phase: str, text: str, reading: Reading) -> list[str]:
    """What the GM should look at before storing ``text`` as ``phase``: the same text as
    another stored phase, or dates older than a phase stored before it."""
    from ..chatlog import decode
    from ..phases import phase_label

    out: list[str] = []
    logs = scan_logs(path)[0]
    mine = _norm(text)
    for pid, p in sorted(logs.items()):
        if pid == phase:
            continue
        try:
            if _norm(decode(p.read_bytes(), p.name)) == mine:
                out.append(f"このログは保存済みの{phase_label(pid)}のログと同じ内容です。"
                           "フェーズの選び間違いではありませんか")
        except (AdjudicatorError, OSError):
            continue
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
