"""Places in a game as a person names them: a chat line is 「1日目夜のログ 12行目」, not
``logs/night1.txt:12``; a phase is 「1日目 夜」, not ``night1``.

Everything a player or a GM reads (explain, the report, ``check``, the CLI's messages)
names lines and phases through these helpers; the file path and the phase id are the
program's words, shown at most in the GM's view, in a quiet place.
"""

from __future__ import annotations

import re

from .errors import UsageError
from .phases import phase_label

_REF = re.compile(r"^(?:.*/)?(?P<stem>[^/]+?)(?:\.[A-Za-z0-9]+)?:(?P<line>\d+)$")
_PHASE = re.compile(r"^(?P<kind>day|night|round)(?P<n>\d+)$")
_CHAT = re.compile(r"day(\d+)-chat")
_CLOCK = re.compile(r"\d\d:\d\d")
_PATH = re.compile(r"(?:[\w.-]+/)*[\w-]+\.(?:txt|csv|json|jsonl|log):\d+")

__all__ = ["events_heading", "line_place", "source_place", "line_quote", "no_phase", "paths_in", "phase_label"]


def _log_name(stem: str) -> str:
    """The log a file holds, in words: day1 -> 1日目昼のログ, day2-chat -> 2日目の観戦チャット."""
    chat = _CHAT.fullmatch(stem)
    if chat:
        return f"{chat.group(1)}日目の観戦チャット"
    m = _PHASE.match(stem)
    if m:
        return phase_label(stem).replace(" ", "") + "のログ"
    return "チャットログ"


def line_place(ref: str) -> str:
    """``logs/night1.txt:12`` -> 「1日目夜のログ 12行目」; ``check`` (a line typed to
    ``adjudicator check``) -> 「確認した行」."""
    m = _REF.match(ref.strip())
    if not m:
        return "確認した行" if ref == "check" or ref.startswith("check:") else "チャットログ"
    if m.group("stem") == "check":
        return "確認した行"
    return f"{_log_name(m.group('stem'))} {m.group('line')}行目"


def source_place(source: str) -> str:
    """Where a diagnostic points, in words: a chat line as :func:`line_place`, a phase or
    its log (``round1``, ``phase:night2``, ``logs/day3.txt``) as 「第1ラウンドのログ」,
    game.toml as 「設定ファイル」, the log folder as 「ログのフォルダ」; "" when it names
    nothing a person would look up."""
    text = str(source or "").strip()
    if text.startswith("phase:"):
        text = text[len("phase:"):]
    if ":" in text and text.rpartition(":")[2].isdigit():
        return line_place(text)
    if text in ("game.toml", "config") or text.endswith("/game.toml"):
        return "設定ファイル"
    if text in ("logs", "logs/"):
        return "ログのフォルダ"
    stem = text.rpartition("/")[2].partition(".")[0]
    if _PHASE.match(stem) or _CHAT.fullmatch(stem):
        return _log_name(stem)
    return ""


def line_quote(ref: str, time: str | None, speaker: str, text: str) -> str:
    """A chat line as a person cites it: 「1日目夜のログ 12行目（22:03 うみ「予想@ 3万」）」."""
    when = f"{time[:5]} " if time and _CLOCK.match(time) else (f"{time} " if time else "")
    return f"{line_place(ref)}（{when}{speaker}「{text}」）"


def events_heading(pid: str) -> str:
    """「この日の出来事：」, 「この夜の出来事：」, 「このラウンドの出来事：」."""
    m = _PHASE.match(pid)
    kind = m.group("kind") if m else ""
    return {"day": "この日の出来事：", "night": "この夜の出来事：",
            "round": "このラウンドの出来事："}.get(kind, "この場面の出来事：")


def paths_in(text: str) -> str:
    """``text`` with every chat-line reference (``logs/day1.txt:9``) in words."""
    return _PATH.sub(lambda m: line_place(m.group(0)), text)


def no_phase(phase: str, ids: list[str]) -> UsageError:
    """The refusal of a phase the game does not have, naming the ones it has (by the id
    the GM types, and in words)."""
    listed = "、".join(f"{i}（{phase_label(i)}）" for i in ids) or "なし"
    return UsageError(f"no phase {phase!r} in this game (phases: {', '.join(ids) or 'none'})",
                      f"このゲームに「{phase}」というフェーズはありません（フェーズ：{listed}）")
