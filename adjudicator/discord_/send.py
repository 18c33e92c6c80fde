"""``send``: the phase's public post to the channel and each private notice as a DM to its
player, each exactly once.

The sent-record ``GAME/discord/sent.json`` holds, per phase and per recipient, the SHA-256
of the text, the Discord message id of every part sent, and the part count.  It is
rewritten atomically after every message Discord confirms, under ``GAME/discord/.lock``
(two sends at once run one after the other), so an interrupted run (a lost connection,
Ctrl-C) leaves it naming exactly what Discord has; the next run sends only the rest.
Every message carries a nonce derived from the game, phase, recipient, part and text,
with ``enforce_nonce``: when the connection drops after Discord created the message but
before its answer came, hikari's retry gets the same message back, not a second one.

A text longer than Discord's 2,000 characters goes in parts, split between lines.  A
recipient whose text changed since it was sent (a corrected log) is not sent the whole
text again: when the phase was published (every send marks it, as ``adjudicator
posted`` does), the recipient gets the 訂正 of adjudicator.corrections instead (the
village's 訂正 post, or that player's 訂正 notice), recorded under its own key, so each
correction goes once; without a published record the GM is told, and corrects by hand.  A DM Discord refuses with code 50007 (DMs closed, or
the bot blocked) is listed so the GM can send it by hand; it is tried again next run.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import DiscordError

LIMIT = 2000  # Discord's limit on a message's content, in characters
RECORD = "sent.json"


def split_message(text: str, limit: int = LIMIT) -> list[str]:
    """``text`` in parts of at most ``limit`` characters, cut between lines where it can."""
    text = text.rstrip("\n")
    parts: list[str] = []
    cur = ""
    for line in text.split("\n"):
        while len(line) > limit:
            if cur:
                parts.append(cur)
                cur = ""
            parts.append(line[:limit])
            line = line[limit:]
        joined = f"{cur}\n{line}" if cur else line
        if len(joined) > limit:
            parts.append(cur)
            cur = line
        else:
            cur = joined
    if cur.strip():
        parts.append(cur)
    return [p for p in parts if p.strip()]


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass
class Item:
    """One recipient's text: the public post (``key`` ``public``) or a player's notices."""

    key: str
    label: str  # 公開投稿 / はなこさんへのDM
    text: str
    target: str | None  # channel id (public) or user id (a DM); None: unknown
    player: str | None = None
    parts: list[str] = field(default_factory=list)
    done: list[str] = field(default_factory=list)  # message ids already sent
    status: str = "new"  # new | partial | sent | changed | correction | no-target

    @property
    def public(self) -> bool:
        """The village's post (or its 訂正), sent to the channel; else a DM."""
        return self.player is None

    @property
    def status_ja(self) -> str:
        return {"new": "未送信", "partial": f"途中まで送信済み（{len(self.done)}/{len(self.parts)}通）",
                "sent": "送信済み", "changed": "送信済み（その後内容が変わりました。送り直しません）",
                "correction": "訂正を送ります（送った後で内容が変わりました）",
                "no-target": "送り先が分かりません（手で送ってください）"}[self.status]


def record_path(root: Path) -> Path:
    return root / "discord" / RECORD


def load_record(root: Path) -> dict[str, Any]:
    path = record_path(root)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {"phases": {}}
    except (OSError, ValueError) as e:
        raise DiscordError(f"送信記録 {path} が読めません（{type(e).__name__}）。"
                           "壊れているなら、送った分を確かめてから直してください") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("phases"), dict):
        raise DiscordError(f"送信記録 {path} の形が違います")
    return raw


def _save(root: Path, record: dict[str, Any]) -> None:
    from ..fsio import write_atomic

    write_atomic(record_path(root), json.dumps(record, ensure_ascii=False, indent=2,
                                               sort_keys=True) + "\n")


def plan(root: Path, game: Any, phase: str, channel: str | None) -> list[Item]:
    """What ``send`` would send for ``phase`` of the resolved ``game``, with each item's
    state in the sent-record."""
    from .pull import known_ids

    ids = [p.id for p in game.phases]
    if phase not in ids:
        raise DiscordError(f"{phase} のログがまだありません（先に取り込んでください）")
    ph = game.phases[ids.index(phase)]
    members = known_ids(root, game.cfg, ids)
    accounts = {p.name: p.discord.strip() for p in game.cfg.players if p.discord}
    items: list[Item] = []
    if ph.public_post.strip():
        items.append(Item("public", "公開投稿", ph.public_post.rstrip("\n"), channel))
    for name, notes in ph.private.items():
        text = "\n".join(notes).rstrip("\n")
        if not text.strip():
            continue
        acct = accounts.get(name, "")
        target = acct if acct.isdigit() else members.get(name)
        items.append(Item(f"dm:{name}", f"{name}さんへのDM", text, target, player=name))
    done = load_record(root)["phases"].get(phase, {})
    for it in items:
        it.parts = split_message(it.text)
        rec = done.get(it.key)
        if it.target is None:
            it.status = "no-target"
        if isinstance(rec, dict) and rec.get("parts"):
            it.done = [str(x) for x in rec["parts"]]
            if rec.get("digest") != digest(it.text):
                it.status = "changed"
            elif len(it.done) >= len(it.parts):
                it.status = "sent"
            else:
                it.status = "partial"
    if any(it.status == "changed" for it in items):
        _corrections(root, game, phase, items, done)
    return items


def _corrections(root: Path, game: Any, phase: str, items: list[Item],
                 done: dict[str, Any]) -> None:
    """A changed recipient's 訂正 in place of its whole text, each correction under its
    own key (``fix:<key>:<digest>``) so that it is sent once."""
    from ..corrections import compare, load, private_correction, public_correction

    published = load(root)
    change = next((c for c in compare(game, published) if c.phase == phase), None)
    if change is None:
        return
    for it in items:
        if it.status != "changed":
            continue
        if it.public and change.public:
            text = public_correction(change, published[phase][-1].public).rstrip("\n")
        elif it.player is not None and it.player in change.players:
            text = private_correction(change, it.player).rstrip("\n")
        else:
            continue
        it.key, it.label, it.text = f"fix:{it.key}:{digest(text)[:16]}", f"{it.label}（訂正）", text
        it.parts, it.done, it.status = split_message(text), [], "correction"
        rec = done.get(it.key)
        if isinstance(rec, dict) and rec.get("parts"):
            it.done = [str(x) for x in rec["parts"]]
            it.status = "sent" if len(it.done) >= len(it.parts) else "partial"


def plan_text(items: list[Item], phase: str, channel: str | None) -> str:
    """The preview: every text in full, with where it goes and whether it was sent."""
    out = []
    for it in items:
        where = (f"チャンネル {it.target}" if it.public and it.target else
                 f"Discordユーザー {it.target}" if it.target else "送り先不明")
        n = f"（{len(it.parts)}通に分けます）" if len(it.parts) > 1 else ""
        out.append(f"=== {it.label} → {where}：{it.status_ja}{n} ===")
        out.append(it.text)
        out.append("")
    todo = [it for it in items if it.status in ("new", "partial", "correction")]
    out.append(f"{phase}：送るもの {len(todo)}件（送信済み・送れないものを除く）")
    return "\n".join(out)


@dataclass
class Outcome:
    sent: list[str] = field(default_factory=list)  # labels sent (whole) in this run
    failed: list[tuple[str, str]] = field(default_factory=list)  # (label, why): send by hand
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (label, status_ja)


def _nonce(root: Path, phase: str, it: Item, k: int) -> str:
    """At most 25 characters (Discord's limit), the same for the same part of the same text."""
    seed = f"{root.resolve()}|{phase}|{it.key}|{k}|{digest(it.text)}"
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()[:25]


async def send(rest: Any, root: Path, game: Any, phase: str, channel: str | None,
               say: Callable[[str], None] = print) -> Outcome:
    """Send what ``plan`` says is not yet sent; the record follows every message."""
    import hikari

    from ..fsio import locked
    from .client import CANNOT_DM, error_code, explain

    folder = root / "discord"
    folder.mkdir(exist_ok=True)
    out = Outcome()
    with locked(folder):
        items = plan(root, game, phase, channel)  # again, under the lock: the record now
        record = load_record(root)
        for it in items:
            if it.status not in ("new", "partial", "correction"):
                out.skipped.append((it.label, it.status_ja))
                continue
            try:
                dest: Any = int(it.target or 0)
                if not it.public:
                    dest = await rest.create_dm_channel(int(it.target or 0))
                for k in range(len(it.done), len(it.parts)):
                    msg = await rest.create_message(
                        dest, it.parts[k], nonce=_nonce(root, phase, it, k),
                        mentions_everyone=False, user_mentions=False, role_mentions=False)
                    it.done.append(str(msg.id))
                    entry = {"to": ("channel:" if it.public else "user:") + str(it.target),
                             "digest": digest(it.text), "parts": list(it.done),
                             "total": len(it.parts)}
                    record["phases"].setdefault(phase, {})[it.key] = entry
                    _save(root, record)
                out.sent.append(it.label)
                say(f"送信しました：{it.label}")
            except hikari.ForbiddenError as e:
                if not it.public and error_code(e) == CANNOT_DM:
                    out.failed.append((it.label, "DMを受け付けていません（手で送ってください）"))
                    say(f"送れませんでした：{it.label}（DMを受け付けていません）")
                    continue
                raise _stopped(explain(e, f"{it.label}を送れませんでした"), out) from None
            except hikari.NotFoundError as e:
                if not it.public:
                    out.failed.append((it.label, "Discordにそのユーザーが見つかりません"))
                    continue
                raise _stopped(explain(e, f"{it.label}を送れませんでした"), out) from None
            except hikari.HikariError as e:
                raise _stopped(explain(e, f"{it.label}を送る途中で止まりました"), out) from None
            except DiscordError as e:  # a rate limit too long
                raise _stopped(DiscordError(f"{it.label}を送る途中で止まりました: {e}"), out) \
                    from None
            except Exception as e:  # an answer that cannot be read (client.unreadable)
                from .client import unreadable

                if (bad := unreadable(e)) is None:
                    raise
                raise _stopped(DiscordError(f"{it.label}を送る途中で止まりました: {bad}"), out) \
                    from None
        if out.sent:  # what the players now have is published (adjudicator.corrections)
            import datetime as dt

            from ..corrections import mark_posted

            mark_posted(root, game, phase, dt.datetime.now().astimezone().isoformat(
                timespec="seconds"), "Discordで送信")
    return out


def _stopped(e: DiscordError, out: Outcome) -> DiscordError:
    done = "、".join(out.sent) or "なし"
    return DiscordError(f"{e}\n  ここまでに送ったもの（記録済み）：{done}\n"
                        "  もう一度実行すると、まだ送っていないものだけを送ります")
