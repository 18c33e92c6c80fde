"""The game and the scripted night ``adjudicator bot``'s tests share: the derby-stock
sample's night 1 typed into Discord, each line where a player would type it (their
private channel, the wolves' channel for a bite, the village for the GM's 締め切り)."""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from adjudicator.discord_.dce import JST
from adjudicator.resources import data_dir
from tests.discord.fake import BOT, snowflake

SAMPLE = data_dir("samples") / "derby-stock"
LINE = re.compile(r"^\[(\d\d):(\d\d)\] ([^:]+): (.*)$")
PLAYERS = ["たろう", "はなこ", "じろう", "さくら", "けんた", "みゆき", "だいすけ", "あやか", "しょう",
           "ゆい", "りょう", "まい", "こうじ", "なな", "ひろし", "えみ"]
UID = {name: str(700000000000000000 + k) for k, name in enumerate(PLAYERS, 1)}
GM_UID, GUEST_UID = "700000000000000100", "700000000000000101"
BOT_ID = int(BOT["id"])
VILLAGE, WOLVES, GM_CHANNEL = "800000000000000002", "820000000000000001", "830000000000000001"
PRIVATE = {name: str(810000000000000000 + k) for k, name in enumerate(PLAYERS, 1)}
OPENED = datetime(2026, 3, 1, 21, 19, tzinfo=JST)


@dataclass(frozen=True)
class Line:
    """One message of the night: where, who (a player's name, GM, or a guest), what."""

    channel: str
    who: str
    text: str
    when: datetime
    id: str

    @property
    def uid(self) -> str:
        return {"GM": GM_UID, "見学のすずき": GUEST_UID}.get(self.who) or UID[self.who]


def make_game(tmp: Path, name: str = "bot", remind: int = 0, dm: bool = False) -> Path:
    """The sample with every player's Discord account and private channel (``dm``: no
    private channels, the players use their DM with the bot)."""
    root = tmp / name
    (root / "logs").mkdir(parents=True)
    toml = (SAMPLE / "game.toml").read_text(encoding="utf-8")
    for p in PLAYERS:
        extra = f'discord = "{UID[p]}"\n' + ("" if dm else f'channel = "{PRIVATE[p]}"\n')
        toml = toml.replace(f'name = "{p}"\n', f'name = "{p}"\n{extra}', 1)
    toml += (f'\n[discord]\nchannel = "{VILLAGE}"\ngm = ["{GM_UID}"]\n'
             f'gm_channel = "{GM_CHANNEL}"\nremind = {remind}\n'
             f'groups = {{ "人狼" = "{WOLVES}" }}\n')
    (root / "game.toml").write_text(toml, encoding="utf-8")
    shutil.copy(SAMPLE / "logs" / "day1.txt", root / "logs" / "day1.txt")
    return root


def night(dm: bool = False) -> list[Line]:
    """The GM's heading, the sample's night 1 where each line is typed, a guest's line."""
    out = [Line(VILLAGE, "GM", "1日目夜", OPENED, snowflake(OPENED))]
    rows = [("GM", "21", "19", "みなさん行動をどうぞ")]
    for line in (SAMPLE / "logs" / "night1.txt").read_text(encoding="utf-8").splitlines():
        m = LINE.match(line)
        assert m, line
        rows.append((m[3], m[1], m[2], m[4]))
    rows.append(("見学のすずき", "21", "29", "おつかれさまです"))
    seen: dict[str, int] = {}
    for who, hh, mm, text in rows:
        n = seen[hh + mm] = seen.get(hh + mm, 0) + 1
        when = OPENED.replace(hour=int(hh), minute=int(mm), second=n * 3)
        if who == "GM":
            ch = PRIVATE["はなこ"] if "株" in text else VILLAGE  # the price: はなこ's chat
            if dm and ch != VILLAGE:
                ch = str(int(UID["はなこ"]) + 1)
        elif text.startswith("噛み"):
            ch = WOLVES
        elif who in PRIVATE:
            ch = str(int(UID[who]) + 1) if dm else PRIVATE[who]
        else:
            ch = VILLAGE
        out.append(Line(ch, who, text, when, snowflake(when, n)))
    return out


def pasted_night(lines: list[Line]) -> str:
    """The same night as the GM would paste it from exports: each thread under the
    separator ``add`` writes, ``[HH:MM:SS] name: text``."""
    by: dict[str, list[Line]] = {}
    for ln in lines:
        by.setdefault(ln.channel, []).append(ln)
    names = {VILLAGE: "村", WOLVES: "人狼"}
    for p in PLAYERS:
        names[PRIVATE[p]] = p
        names[str(int(UID[p]) + 1)] = p
    out = []
    for ch, msgs in by.items():
        out.append(f"=== スレッド：{names[ch]} ===")
        out += [f"[{m.when:%H:%M:%S}] {m.who}: {m.text}" for m in msgs]
    return "\n".join(out) + "\n"


def later(lines: list[Line], minutes: int) -> datetime:
    return lines[-1].when + timedelta(minutes=minutes)
