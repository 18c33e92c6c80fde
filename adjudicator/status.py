"""途中集計: the state of a phase before its deadline (``adjudicator status``, the desk's
途中集計 button).

A partial log (pasted, or the stored log of the phase) is read on top of the stored
earlier phases, exactly as ``resolve`` would read it, and nothing is stored.  The variant
says who owes what (``Variant.progress``: by day the vote, by night each role's action);
this module adds the current tally, the deadline when one is known, and the public
reminder post.

What the public post may say (a reminder must not reveal a secret):
- by day it names each living player without a valid vote (the vote post lists them
  anyway, ww.vote): 「未投票：たろうさん、はなこさん（締め切り 21:30）」;
- by night it names no one and is the same text whoever is still waiting: naming the
  players a night waits for would reveal who holds a night role, and even a post made
  only while someone waits would tell that a role has not acted yet.  The per-role
  lists are the GM's view only;
- groups a variant marks public (Trap Word's teams) are named with their suffix.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from . import actions as A
from .chatlog import read_file_bytes, read_threads
from .errors import UsageError
from .games.base import Progress
from .normalize import nfkc

#: a GM line announcing the deadline: 締め切りは21:30, 投票締切 21時半, 21:30締め切り
_WORD = r"(?:締め切り|締めきり|締切り|締切|しめきり|〆切り|〆切|〆)"
_CLOCK = r"([0-9]{1,2})\s*(?:[:：]\s*([0-9]{2})|時\s*(?:([0-9]{1,2})\s*分|(半))?)"
_AFTER = re.compile(_WORD + r"[^0-9]{0,10}?" + _CLOCK)
_BEFORE = re.compile(_CLOCK + r"\s*(?:に|まで|で)?\s*(?:投票)?" + _WORD)


def announced_deadline(text: str) -> str | None:
    """The clock time a GM line gives as the deadline (``21:30``), or None."""
    t = nfkc(text)
    m = _AFTER.search(t) or _BEFORE.search(t)
    if m is None:
        return None
    hour = int(m.group(1))
    minute = int(m.group(2) or m.group(3) or (30 if m.group(4) else 0))
    if hour > 29 or minute > 59:
        return None
    return f"{hour}:{minute:02d}"


@dataclass
class Status:
    """The 途中集計 of one phase."""

    phase: str
    groups: list[Progress]
    votes: list[tuple[str, str]] = field(default_factory=list)  # voter, target (GM only)
    tally: dict[str, int] = field(default_factory=dict)  # GM only
    deadline: str | None = None
    closed: bool = False  # the GM's deadline line is in the log
    finished: bool = False
    messages: int = 0
    post: str = ""
    notes: list[str] = field(default_factory=list)  # for the GM (replacements…)
    holders: dict[str, str] = field(default_factory=dict)  # seat -> its newcomer (代役)

    def who(self, seat: str) -> str:
        """A seat as the GM addresses it now: 「ゆきこ（はなこの席）」 once a newcomer
        holds it, else the name itself."""
        new = self.holders.get(seat)
        return f"{new}（{seat}の席）" if new else seat

    @property
    def waiting(self) -> list[str]:
        return list(dict.fromkeys(n for g in self.groups if not g.optional for n in g.waiting))

    @property
    def done(self) -> list[str]:
        waiting = set(self.waiting)
        return list(dict.fromkeys(n for g in self.groups if not g.optional for n in g.done
                                  if n not in waiting))

    def to_json(self) -> dict[str, Any]:
        """Everything but ``post`` is for the GM (at night it names role holders)."""
        return {
            "phase": self.phase, "waiting": self.waiting, "done": self.done,
            "post": self.post, "deadline": self.deadline, "closed": self.closed,
            "finished": self.finished, "messages": self.messages,
            "groups": [{"label": g.label, "waiting": list(g.waiting), "done": list(g.done),
                        "optional": g.optional, "public": g.post_label is not None,
                        **({"note": g.note} if g.note else {})} for g in self.groups],
            "tally": dict(self.tally),
            "votes": [{"voter": v, "target": t} for v, t in self.votes],
            "notes": list(self.notes),
        }


def _names(names: tuple[str, ...] | list[str], suffix: str = "",
           who: Any = None) -> str:
    return "、".join(f"{who(n) if who else n}{suffix}" for n in names) if names else "なし"


def gm_text(st: Status, phase_ja: str = "") -> str:
    """The GM's view: every group, the optional ones apart, the tally, then the post."""
    head = f"=== {phase_ja or st.phase} の途中集計（GM用）==="
    out = [head, f"読んだ発言：{st.messages}件"
           + (f"　締め切り：{st.deadline}" if st.deadline else "")
           + ("　（締め切り済み）" if st.closed else "")]
    if st.finished:
        out.append("ゲームはすでに終了しています。")
    for g in (g for g in st.groups if not g.optional):
        out.append(f"■ {g.label}　未：{_names(g.waiting, who=st.who)}　済："
                   f"{_names(g.done, who=st.who)}"
                   + (f"（{g.note}）" if g.note else ""))
    optional = [g for g in st.groups if g.optional]
    if optional:
        out.append("― 任意の行動（待ちではありません）―")
        for g in optional:
            out.append(f"・{g.label}　済：{_names(g.done, who=st.who)}　まだ："
                       f"{_names(g.waiting, who=st.who)}"
                       + (f"（{g.note}）" if g.note else ""))
    if not st.groups and not st.finished:
        out.append("この時間に待つ行動はありません。")
    if st.tally:
        out.append("― 現在の得票 ―")
        out.append("、".join(f"{st.who(n)} {k}票" for n, k in st.tally.items()))
        out.append("　".join(f"{st.who(v)}→{st.who(t)}" for v, t in st.votes))
    out.extend(f"※ {n}" for n in st.notes)
    out.append("― 公開用の催促 ―")
    owed = [g for g in st.groups if not g.optional]
    if owed and not any(g.waiting for g in owed) and not st.closed and not st.finished:
        # the night's public line never changes (it would tell who has acted): the GM is
        # told here that nobody is waited for (review 3, St1)
        out.append("（待っている人はいません。催促の投稿は不要です）")
    out.append(st.post or "（なし）")
    return "\n".join(out)


#: the public line when a reminder's group owes nothing, by its heading
ALL_IN = {"未投票": "全員の投票がそろいました。",
          "トラップワード未設定": "両チームのトラップワードがそろいました。"}


def reminder(groups: list[Progress], phase: str, deadline: str | None, closed: bool,
             finished: bool, holders: dict[str, str] | None = None) -> str:
    """The public reminder (see the module's docstring for what it may say); a seat
    taken over by a newcomer (代役) is named by who holds it now (``holders``)."""
    holders = holders or {}
    if finished:
        return ""
    when = f"（締め切り {deadline}）" if deadline and not closed else ""
    public = [g for g in groups if g.post_label is not None and not g.optional]
    if public:
        owing = [g for g in public if g.waiting]
        if not owing:  # nobody to remind (review 3, St1): say it is all in
            return ("締め切りました。" if closed else "") + "\n".join(dict.fromkeys(ALL_IN.get(g.post_label or "", "全員の行動がそろいました。")
                                            for g in public))
        rows = [f"{g.post_label}：{_names([holders.get(n, n) for n in g.waiting], g.suffix)}"
                for g in owing]
        rows[-1] += when
        head = ("締め切りました。" if closed else "")
        return head + "\n".join(rows)
    if not any(not g.optional for g in groups):
        return ""  # nothing is owed in this phase (majora): no reminder to post
    if phase.startswith("night"):
        if closed:
            return "夜の行動は締め切りました。"
        return ("夜の行動がまだの方は、" + (f"締め切り（{deadline}）までに" if deadline
                                      else "お早めに") + "GMへ送ってください。")
    return "行動がまだの方は、" + (f"締め切り（{deadline}）までに" if deadline else
                              "お早めに") + "お願いします。"


def phase_state(game: Any, phase: str) -> Any:
    """The state at the start of ``phase`` (a stored phase, or the next one to play)."""
    from .checkline import check_phases

    ids, upto = check_phases(game)
    if phase in ids:
        k = ids.index(phase)
        return game.states[k - 1] if k else game.initial
    if phase in upto and upto.index(phase) == len(ids):
        return game.state
    nxt = upto[len(ids)] if len(ids) < len(upto) else None
    from .phases import game_phase_label

    over = ""
    if ids and game.variant.finished(game.state):  # no next phase to look at (C3)
        nxt = None
        over = f"このゲームは{game_phase_label(game, ids[-1])}で終了しています。"

    asked = game_phase_label(game, phase)
    asked = f"「{phase}」" if asked == phase else asked
    stored = (f"{game_phase_label(game, ids[0])}〜{game_phase_label(game, ids[-1])}"
              if len(ids) > 1 else "".join(game_phase_label(game, i) for i in ids))
    raise UsageError(f"no phase {phase!r} to look at now: the stored phases are "
                     f"{', '.join(ids) or 'none'}" + (f"; the next one is {nxt}" if nxt else ""),
                     f"{over}{asked}の途中集計はできません。途中集計できるのは"
                     + "と、".join(([f"記録済みの{stored}"] if ids else [])
                                + ([f"次の{game_phase_label(game, nxt)}"] if nxt else []))
                     + "です" if ids or nxt else
                     f"{asked}の途中集計はできません")


def phase_status(root: Path | str, phase: str, data: bytes | str | None = None,
                 shown: str = "standard input", fmt: str | None = None,
                 deadline: str | None = None, game: Any = None) -> Status:
    """The 途中集計 of ``phase`` from ``data`` (a partial log), or from the stored log of
    ``phase`` when ``data`` is None.  Raises UsageError (no such phase, nothing to read)."""
    from .classify import PhaseReader
    from .engine import resolve_game, scan_logs
    from .errors import AdjudicatorError
    from .phases import game_phase_label
    from .roster import Roster

    root = Path(root)
    game = game if game is not None else resolve_game(root, fmt=fmt)
    state = phase_state(game, phase)
    variant = game.variant
    entries = variant.roster_entries()
    names = [n for n, _a in entries] + [a for _n, al in entries for a in al] + list(game.cfg.gm)
    source = f"logs/{phase}.txt"
    if data is None:
        stored, broken, problems = scan_logs(root)
        path = stored.get(phase)
        if path is None and phase in broken:  # a FIFO, a device, two logs: say which
            why = next((d.reason_ja or d.message for d in problems
                        if d.source.rsplit("/", 1)[-1].split(".")[0] == phase), None)
            err = AdjudicatorError(f"{phase} has a stored log that cannot be read")
            err.ja = (f"{game_phase_label(game, phase)}のログを読めません："
                      + (why or "ログのファイルを確かめてください"))
            raise err
        if path is None:
            raise UsageError(f"no log stored for {phase}: paste the log so far "
                             f"(`adjudicator status {root} {phase} -`)",
                             f"{game_phase_label(game, phase)}のログはまだありません。"
                             f"途中までのログを貼ってください（`adjudicator status {root} "
                             f"{phase} -`）")
        source = f"logs/{path.name}"
        data = read_file_bytes(path, source)
        parts = read_threads(data, source, fmt=fmt, names=names)
        json_like = path.suffix.lower() in (".json", ".csv")
    else:
        parts = read_threads(data, shown, fmt=fmt, names=names)
        json_like = parts[0].reading.format in ("dce-csv", "dce-json")
        for part in parts:
            part.reading.messages = [replace(m, source=source) for m in part.reading.messages]
    roster = Roster(entries, extra={**{g: "GM" for g in game.cfg.gm}, **variant.extra_targets})
    messages = parts[0].reading.messages
    if len(parts) > 1:  # a night of several chats (input.thread): merged as resolve does
        from .threads import phase_messages

        messages, _named, _told = phase_messages(parts, game.cfg, variant.make_roster(), source)
        json_like = False
    reader = PhaseReader(game, roster, state, phase)
    reader.read(messages, json_like)
    finished = bool(variant.finished(state))
    accepted = reader.accepted()
    groups = [] if finished else list(variant.progress(state, phase, accepted,
                                                       reader.directives))
    votes = [(c.actor, c.action.target) for c in accepted if isinstance(c.action, A.Vote)]
    order = {n: i for i, n in enumerate(getattr(state, "players", {}))}
    counts = Counter(t for _v, t in votes)
    tally = dict(sorted(counts.items(), key=lambda kv: (-kv[1], order.get(kv[0], 0))))
    if deadline is None:
        for rec in reader.records:
            if rec.disposition == "gm" and (found := announced_deadline(rec.text)):
                deadline = found
    closed = reader.deadline is not None
    st = Status(phase=phase, groups=groups, votes=votes, tally=tally, deadline=deadline,
                closed=closed, finished=finished, messages=len(messages))
    holders = reader.seats.holders
    st.holders = dict(holders)
    st.post = reminder(groups, phase, deadline, closed, finished, holders)
    st.notes.extend(f"{seat}の席は代役の{new}さん" for seat, new in holders.items())
    hook = getattr(variant, "status_notes", None)
    if hook is not None:
        st.notes.extend(hook(state, phase))
    return st
