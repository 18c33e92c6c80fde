"""A night as it reaches the GM (input.thread), made from a game's merged logs: each night
cut into the LINE exports a GM would have (the village group with the GM's announcements
and deadline, the wolves' room with the bites, one 1:1 chat per player with that player's
actions and the GM's answers in it), written as one paste or as one file per chat.

``thread_game(src, dest, how)`` copies the game folder ``src`` to ``dest`` with every
night so cut (days stay as they are: a day is the village's); ``how`` is ``"paste"`` (the
exports one after another in ``logs/nightN.txt``) or ``"files"`` (one file per chat, added
with ``adjudicator add GAME nightN FILE…``) or ``"merged"`` (the same chats merged by hand
into one village export, by time, the chats at one minute in their order).  A 1:1 chat shows the player under a display
name of its own (``display``), as LINE often does.
"""

from __future__ import annotations

import shutil
import tomllib
from collections.abc import Callable
from pathlib import Path

from adjudicator.chatlog import ChatLine, read_threads
from adjudicator.engine import find_logs
from adjudicator.gm_words import is_deadline
from adjudicator.normalize import gm_key

WOLF_ROLES = ("人狼", "狼", "wolf")
VILLAGE = "人狼村"
WOLVES = "人狼部屋"


def display(name: str) -> str:
    """The display name a player's LINE account shows in their 1:1 chat."""
    return f"{name}🍣"


def _quoted(text: str) -> str:
    return '"' + text.replace('"', '""') + '"' if "\n" in text or text.startswith('"') else text


def line_export(title: str, one: bool, msgs: list[tuple[ChatLine, str]], saved: str) -> str:
    """A LINE phone export (Japanese) of ``msgs`` (a message and the name shown)."""
    head = f"[LINE] {title}{'との' if one else 'の'}トーク履歴"
    out = [head, f"保存日時：{saved}", ""]
    day = None
    for m, who in msgs:
        if m.date != day:
            day = m.date
            y, mo, d = (day or "2026-03-01").split("-")
            out += ["", f"{y}/{mo}/{d}(日)"]
        out.append(f"{(m.time or '00:00')[:5]}\t{who}\t{_quoted(m.text)}")
    return "\n".join(out) + "\n"


def split_night(msgs: list[ChatLine], players: dict[str, str], wolves: set[str], gms: list[str],
                bite: Callable[[str], bool]) -> list[tuple[str, bool, list[tuple[ChatLine, str]]]]:
    """(title, is a 1:1 chat, messages) of each chat of one night: the village first, the
    wolves' room, then each player's chat in the roster's order (``players``: every name
    and alias -> the player)."""
    keys = {gm_key(g) for g in gms}
    chats: dict[str, list[tuple[ChatLine, str]]] = {VILLAGE: [], WOLVES: []}
    chats.update({p: [] for p in dict.fromkeys(players.values())})
    last: str | None = None  # the chat of the last player's message
    for m in msgs:
        if not m.speaker or (m.speaker not in players and gm_key(m.speaker) not in keys):
            chats[VILLAGE].append((m, m.speaker))
            continue
        if gm_key(m.speaker) in keys:
            where = VILLAGE if is_deadline(m.text) or last is None else last
            chats[where].append((m, m.speaker))
            continue
        who = players[m.speaker]
        where = WOLVES if who in wolves and bite(m.text) else who
        last = where
        chats[where].append((m, m.speaker if where == WOLVES else display(who)))
        if where != WOLVES:  # a 1:1 chat's messages are the player's (input.thread.owner)
            from dataclasses import replace

            chats[where][-1] = (replace(m, speaker=who), display(who))
    return [(t, t not in (VILLAGE, WOLVES), c) for t, c in chats.items() if c]


def _dated(msgs: list[ChatLine], date: str) -> list[ChatLine]:
    """Every message with a date (and, in a log with no times, a minute each from 21:00:
    a LINE export always has both)."""
    from dataclasses import replace

    if not any(m.time for m in msgs):
        msgs = [replace(m, time=f"{21 + i // 60:02d}:{i % 60:02d}") for i, m in enumerate(msgs)]
    out, day, last = [], date, None
    for m in msgs:
        if m.date:
            day = m.date
        elif m.time and last and m.time[:5] < last[:5]:
            from datetime import date as D
            from datetime import timedelta

            day = (D.fromisoformat(day) + timedelta(days=1)).isoformat()
        last = m.time or last
        out.append(replace(m, date=m.date or day))
    return out


def thread_game(src: Path, dest: Path, how: str = "paste") -> dict[str, list[Path]]:
    """Copy ``src`` to ``dest`` with its nights cut into chats (see the module).  Returns,
    for ``how == "files"``, the files of each night still to be added (the night's log
    is removed); for ``"paste"`` the nights are written in place."""
    shutil.copytree(src, dest, ignore=shutil.ignore_patterns("expected", "out", ".history"))
    cfg = tomllib.loads((dest / "game.toml").read_text("utf-8"))
    players = {p["name"]: p["name"] for p in cfg.get("players", [])}
    players.update({a: p["name"] for p in cfg.get("players", []) for a in p.get("aliases", [])})
    names = list(players)
    wolves = {p["name"] for p in cfg.get("players", []) if p.get("role") in WOLF_ROLES}
    gms = list(cfg.get("gm", ["GM"]))
    chats = {display(p): p for p in dict.fromkeys(players.values())}
    _write_threads_table(dest / "game.toml", {WOLVES: "人狼", VILLAGE: "村", **chats})
    pending: dict[str, list[Path]] = {}
    from adjudicator.fsio import format_file, remembered_format

    for pid, path in sorted(find_logs(dest).items()):
        if not pid.startswith("night") or "-" in pid:
            continue
        n = int(pid.removeprefix("night"))
        fmt = remembered_format(path)
        format_file(path.parent, pid).unlink(missing_ok=True)
        parts = read_threads(path.read_bytes(), path.name, fmt=fmt, names=names)
        assert len(parts) == 1, f"{path} is already in threads"
        msgs = _dated(parts[0].reading.messages, f"2026-03-{n:02d}")
        nights = split_night(msgs, players, wolves, gms, lambda t: "噛" in t)
        texts = [(title, line_export(title, one, c, "2026/03/31 23:59"))
                 for title, one, c in nights]
        path.unlink()
        if how == "merged":  # merged by hand: one village export, by time, ties by chat
            rows = sorted(((m.date, (m.time or "")[:5], k, i, m, m.speaker)
                           for k, (_t, _o, c) in enumerate(nights)
                           for i, (m, _who) in enumerate(c)), key=lambda r: r[:4])
            text = line_export(VILLAGE, False, [(r[4], r[5]) for r in rows], "2026/03/31 23:59")
            (dest / "logs" / f"{pid}.txt").write_text(text, "utf-8")
            continue
        if how == "paste":
            (dest / "logs" / f"{pid}.txt").write_text("".join(t for _n, t in texts), "utf-8")
        else:
            folder = dest / "chats" / pid
            folder.mkdir(parents=True)
            files = []
            for title, text in texts:
                f = folder / f"{title}.txt"
                f.write_text(text, "utf-8")
                files.append(f)
            pending[pid] = files
    return pending


def _write_threads_table(toml: Path, chats: dict[str, str]) -> None:
    rows = "\n".join(f'"{k}" = "{v}"' for k, v in chats.items())
    text = toml.read_text("utf-8").rstrip("\n")
    toml.write_text(f"{text}\n\n[threads.chats]\n{rows}\n", "utf-8")


def separator_free(name: str, text: str) -> str:
    """A chat of ``text`` after ``add``'s separator naming it (no header of its own)."""
    from adjudicator.chatlog.threads import separator

    return separator(name) + "\n" + text
