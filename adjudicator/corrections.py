"""訂正: what was published, what resolving now changes, and the correction texts.

A GM marks a phase's texts as published (``adjudicator posted GAME PHASE``): the public
post and every notice are kept under ``GAME/published/<phase>.json``, with the time, the
GM's note, how each line was read and the settings in words, one version per posting
(a corrected phase posted again adds a version; the last is what the players read last).

``compare`` resolves nothing itself: it takes what was published and a game resolved now,
and says, phase by phase in the game's order, whether the public post changes, whose
notices change, and why (the first line whose reading differs, in ``explain``'s words,
or the settings that differ).  A knock-on change in a later phase is found the same way,
since every published phase is compared.  ``compare_games`` does the same for two
resolutions (``resolve --what-if``), storing nothing.

The correction texts say only what the reader may know: the village's 訂正 post exists
only when the public post changes and holds the corrected public post; a player's 訂正
notice goes to that player alone and holds that player's corrected notice.  A change that
only one player's notice shows (a seer's result) is therefore never in the village's post.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import UsageError
from .fsio import locked, read_capped, write_atomic
from .phases import game_phase_label
from .wording import line_place

FOLDER = "published"
_MAX_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Published:
    """One posting of a phase: what the players read, and what decided it."""

    phase: str
    time: str
    note: str
    public: str
    private: dict[str, str]
    lines: dict[str, list[str]]  # line reference -> [speaker, text, how it was read]
    settings: tuple[str, ...]  # the game's settings in words (the players' sheet)

    def as_json(self) -> dict[str, Any]:
        return {"phase": self.phase, "time": self.time, "note": self.note,
                "public": self.public, "private": self.private, "lines": self.lines,
                "settings": list(self.settings)}


@dataclass(frozen=True, slots=True)
class Change:
    """How one phase's texts change against what was published (or against another
    resolution)."""

    phase: str
    label: str
    public: bool
    players: tuple[str, ...]
    why: tuple[str, ...]
    post: str = ""  # the corrected public post (when ``public``)
    notices: dict[str, str] = field(default_factory=dict)  # corrected notice per player


def _notice(notes: Iterable[str]) -> str:
    return "\n".join(notes)


def _key(r: Any) -> list[str]:
    """What is kept of a line: who, what, and how it was read (disposition, the action as
    read, the reason); the words are made when shown (``_reading``)."""
    return [r.speaker, r.text, r.disposition, r.action or "", r.reason or ""]


def _ruling(key: list[str]) -> tuple[str, ...]:
    """The part of a line's reading that decides an outcome: an accepted line's action, a
    rejected line's reason (a superseded line's action and reason decide nothing)."""
    disposition, action, reason = (key + [""] * 5)[2:5]
    if disposition == "accepted":
        return (disposition, action)
    return (disposition, reason if disposition == "rejected" else "")


def _reading(key: list[str]) -> str:
    """A line's reading in words."""
    _speaker, text, disposition, action, reason = (key + [""] * 5)[:5]
    if disposition == "accepted":
        return f"「{action or text}」として受け付け"
    if disposition == "rejected":
        return f"受け付けない（{reason}）" if reason else "受け付けない"
    if disposition == "superseded":
        return "後の書き直しで無効"
    if disposition == "gm":
        return "GMの行"
    return "会話"


def settings_ja(game: Any) -> tuple[str, ...]:
    from .guide import build_guide

    try:
        return tuple(build_guide(game.cfg.variant, game.cfg).settings)
    except (KeyError, UsageError):
        return ()


def snapshot(game: Any, phase: str, time: str, note: str = "") -> Published:
    ph = _phase(game, phase)
    return Published(phase=ph.id, time=time, note=note, public=ph.public_post,
                     private={name: _notice(notes) for name, notes in ph.private.items()},
                     lines={r.ref: _key(r) for r in ph.lines},
                     settings=settings_ja(game))


def _phase(game: Any, phase: str) -> Any:
    for ph in game.phases:
        if ph.id == phase:
            return ph
    from .wording import no_phase

    raise no_phase(phase, [p.id for p in game.phases])


def folder(root: Path) -> Path:
    return root / FOLDER


def _path(root: Path, phase: str) -> Path:
    return folder(root) / f"{phase}.json"


def load(root: Path) -> dict[str, list[Published]]:
    """Every published phase's versions (oldest first); a damaged record is a usage error
    naming it, never a traceback."""
    out: dict[str, list[Published]] = {}
    base = folder(root)
    if not base.is_dir():
        return out
    for path in sorted(base.glob("*.json")):
        try:
            data = json.loads(read_capped(path, _MAX_BYTES).decode("utf-8"))
            out[path.stem] = [Published(
                phase=str(v["phase"]), time=str(v["time"]), note=str(v.get("note", "")),
                public=str(v["public"]), private={str(k): str(t) for k, t in v["private"].items()},
                lines={str(k): [str(x) for x in t] for k, t in v.get("lines", {}).items()},
                settings=tuple(str(s) for s in v.get("settings", ())))
                for v in data["versions"]]
        except (ValueError, KeyError, TypeError, AttributeError, UnicodeDecodeError):
            raise UsageError(f"the published record {path} is damaged",
                             f"投稿済みの記録（{path.name}）が壊れています。"
                             "その日を投稿し直してください") from None
    return out


def mark_posted(root: Path, game: Any, phase: str, time: str, note: str = "") -> tuple[
        Published, bool]:
    """Keep ``phase``'s texts as published now; (the version, whether it was new).  The
    same texts posted again add nothing."""
    snap = snapshot(game, phase, time, note)
    path = _path(root, snap.phase)
    with locked(root):
        versions = load(root).get(snap.phase, [])
        last = versions[-1] if versions else None
        if last is not None and (last.public, last.private) == (snap.public, snap.private) \
                and not note:
            return last, False
        versions.append(snap)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps({"versions": [v.as_json() for v in versions]},
                                      ensure_ascii=False, indent=1) + "\n")
    return snap, True


def _why(old_lines: Mapping[str, list[str]], new_lines: Mapping[str, list[str]],
         old_settings: tuple[str, ...], new_settings: tuple[str, ...]) -> tuple[str, ...]:
    """Why a phase changes: the settings that differ, then the first line (in the log's
    order) whose text or reading differs, in ``explain``'s words."""
    why: list[str] = []
    gone = [s for s in old_settings if s not in new_settings]
    came = [s for s in new_settings if s not in old_settings]
    if gone or came:
        why.append("設定が変わりました：" + "／".join(
            [f"以前「{s}」" for s in gone] + [f"今「{s}」" for s in came]))
    refs = list(new_lines) + [r for r in old_lines if r not in new_lines]
    differ = [r for r in refs if old_lines.get(r) != new_lines.get(r)]
    # a line read otherwise first; a line only written otherwise (a superseded one) after
    read_otherwise = [r for r in differ if r in old_lines and r in new_lines
                      and _ruling(old_lines[r]) != _ruling(new_lines[r])]
    for ref in (read_otherwise or differ)[:1]:  # the first, as explain names a cause
        old, new = old_lines.get(ref), new_lines.get(ref)
        place = line_place(ref)
        if old is None and new is not None:
            why.append(f"{place}（{new[0]}「{new[1]}」）が加わりました：{_reading(new)}")
        elif new is None and old is not None:
            why.append(f"{place}（{old[0]}「{old[1]}」）がなくなりました")
        elif old is not None and new is not None and old[:2] != new[:2]:
            why.append(f"{place}が書き換わりました：以前は{old[0]}「{old[1]}」"
                       f"（{_reading(old)}）、今は{new[0]}「{new[1]}」（{_reading(new)}）")
        elif old is not None and new is not None:
            why.append(f"{place}（{new[0]}「{new[1]}」）の読み方が変わりました："
                       f"以前は{_reading(old)}、今は{_reading(new)}")
    return tuple(why)


def _change(label: str, phase: str, old_public: str, old_private: Mapping[str, str],
            ph: Any, why: tuple[str, ...]) -> Change | None:
    new_private = {name: _notice(notes) for name, notes in ph.private.items()}
    public = old_public != ph.public_post
    players = tuple(sorted({n for n in set(old_private) | set(new_private)
                            if old_private.get(n) != new_private.get(n)}))
    if not public and not players:
        return None
    return Change(phase=phase, label=label, public=public, players=players, why=why,
                  post=ph.public_post if public else "",
                  notices={n: new_private.get(n, "") for n in players})


def _knock_on(earlier: list[Change]) -> tuple[str, ...]:
    if earlier:
        return (f"{earlier[0].label}が変わったことによる変化です（この日のログと設定は同じです）",)
    return ("この日のログと設定は同じですが、集計の結果が変わりました",)


def compare(game: Any, published: Mapping[str, list[Published]]) -> list[Change]:
    """The published phases whose texts resolving now changes, in the game's order."""
    out: list[Change] = []
    now_settings = settings_ja(game)
    for ph in game.phases:
        versions = published.get(ph.id)
        if not versions:
            continue
        last = versions[-1]
        why = _why(last.lines, {r.ref: _key(r) for r in ph.lines}, last.settings,
                   now_settings)
        ch = _change(game_phase_label(game, ph.id), ph.id, last.public, last.private, ph,
                     why or _knock_on(out))
        if ch is not None:
            out.append(ch)
    known = {ph.id for ph in game.phases}
    for pid, versions in published.items():
        if pid not in known:  # a published phase whose log is gone
            out.append(Change(phase=pid, label=pid, public=True,
                              players=tuple(sorted(versions[-1].private)),
                              why=("この日のログがなくなりました",)))
    return out


def compare_games(before: Any, after: Any) -> list[Change]:
    """Every phase whose texts differ between two resolutions (what-if), in order."""
    out: list[Change] = []
    old = {ph.id: ph for ph in before.phases}
    s_old, s_new = settings_ja(before), settings_ja(after)
    for ph in after.phases:
        was = old.get(ph.id)
        old_public = was.public_post if was is not None else ""
        old_private = ({n: _notice(v) for n, v in was.private.items()} if was is not None
                       else {})
        why = _why({r.ref: _key(r) for r in was.lines} if was is not None else {},
                   {r.ref: _key(r) for r in ph.lines}, s_old, s_new)
        ch = _change(game_phase_label(after, ph.id), ph.id, old_public, old_private, ph,
                     why or _knock_on(out))
        if ch is not None:
            out.append(ch)
    return out


_HEAD = re.compile(r"^【([^【】\n]{1,40})】")


def _post_name(change: Change, old_public: str = "") -> str:
    m = _HEAD.match(change.post or old_public)
    return f"{m.group(1)}の投稿" if m else f"{change.label}の結果の投稿"


def public_correction(change: Change, old_public: str = "") -> str:
    """The village's 訂正 post (only for a change of the public post)."""
    if not change.public:
        return ""
    head = f"【訂正】{_post_name(change, old_public)}に誤りがありました。"
    if not change.post:
        return head + "この投稿は取り消します。\n"
    return head + "正しくは次のとおりです。\n\n" + change.post.rstrip("\n") + "\n"


def private_correction(change: Change, player: str) -> str:
    """One player's 訂正 notice (to that player only)."""
    text = change.notices.get(player, "")
    head = f"【訂正】{change.label}の{player}さんへの通知に誤りがありました。"
    if not text:
        return head + "この通知は取り消します。\n"
    return head + "正しくは次のとおりです。\n\n" + text.rstrip("\n") + "\n"


def as_json(changes: list[Change]) -> dict[str, Any]:
    return {"phases": {c.phase: {"public": c.public, "players": list(c.players)}
                       for c in changes}}


def report_text(changes: list[Change], published: Mapping[str, list[Published]] | None = None,
                what_if: bool = False) -> str:
    """The comparison for the GM, then the correction texts to send."""
    if not changes:
        return ("仮の条件で集計しても、投稿と通知は何も変わりません。\n" if what_if else
                "訂正はありません：投稿済みの日の投稿と通知は、今集計しても同じです。\n")
    lines: list[str] = []
    for c in changes:
        lines.append(f"■ {c.label}")
        lines.append("  村への投稿：" + ("変わります" if c.public else "変わりません"))
        lines.append("  通知が変わる人：" + ("、".join(f"{p}さん" for p in c.players)
                                        if c.players else "いません"))
        for w in c.why:
            lines.append(f"  理由：{w}")
    if what_if:
        return "\n".join(lines) + "\n"
    lines.append("")
    for c in changes:
        old = (published or {}).get(c.phase, [])
        old_public = old[-1].public if old else ""
        if c.public:
            lines += [f"--- {c.label}：村への訂正 ---", public_correction(c, old_public)]
        for p in c.players:
            lines += [f"--- {c.label}：{p}さんへの訂正 ---", private_correction(c, p)]
    return "\n".join(lines).rstrip("\n") + "\n"


@dataclass(frozen=True, slots=True)
class Correction:
    """One 訂正 that was posted: a phase posted again with other texts."""

    phase: str
    first: str  # when the phase was first posted
    time: str  # when the corrected texts were posted
    note: str
    public: bool
    players: tuple[str, ...]


def history(published: Mapping[str, list[Published]]) -> list[Correction]:
    """Every posted correction (a version whose texts differ from the one before)."""
    out: list[Correction] = []
    for pid, versions in published.items():
        for before, after in zip(versions, versions[1:], strict=False):
            players = tuple(sorted(n for n in set(before.private) | set(after.private)
                                   if before.private.get(n) != after.private.get(n)))
            public = before.public != after.public
            if public or players:
                out.append(Correction(phase=pid, first=versions[0].time, time=after.time,
                                      note=after.note, public=public, players=players))
    return out


def _when(iso: str) -> str:
    """An ISO time as the GM reads it: 「12/6 21:31」."""
    m = re.match(r"\d{4}-(\d\d)-(\d\d)T(\d\d):(\d\d)", iso)
    return f"{int(m.group(1))}/{int(m.group(2))} {m.group(3)}:{m.group(4)}" if m else iso


def history_lines(game: Any, root: Path, phase: str | None = None,
                  player: str | None = None, gm: bool = True) -> list[str]:
    """「訂正の記録」 for explain: each correction of the phases asked about, with its time
    and (for the GM) the GM's note; a player sees the village's corrections and their own."""
    rows: list[str] = []
    for c in history(load(root)):
        if phase is not None and c.phase != phase:
            continue
        mine = player is not None and player in c.players
        if not gm and not c.public and not mine:
            continue
        what = []
        if c.public:
            what.append("村への投稿")
        if gm and c.players:
            what.append("、".join(f"{p}さん" for p in c.players) + "への通知")
        elif mine:
            what.append("あなたへの通知")
        label = game_phase_label(game, c.phase) if any(
            p.id == c.phase for p in game.phases) else c.phase
        note = f"（理由：{c.note}）" if gm and c.note else ""
        rows.append(f"- {label}：{_when(c.time)}に訂正（{'と'.join(what)}。最初の投稿は"
                    f"{_when(c.first)}）{note}")
    return ["", "訂正の記録："] + rows if rows else []
