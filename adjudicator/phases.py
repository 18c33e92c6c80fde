"""Phase naming: a phase id (``day2``, ``night2``, ``round3``) as a number and as the
words a reader sees.  A core module with no dependencies, so that game rules, the
report and the desk name phases the same way without importing rendering."""

from __future__ import annotations

from typing import Any


def day_number(pid: str) -> int:
    """day2 -> 2, night2 -> 2, round3 -> 3 (0 when the id holds no number)."""
    digits = "".join(ch for ch in pid if ch.isdigit())
    return int(digits) if digits else 0


def phase_label(pid: str) -> str:
    """day2 -> '2日目 昼', night2 -> '2日目 夜', round3 -> '第3ラウンド',
    day2-chat -> '2日目 観戦チャット'."""
    if pid.endswith("-chat") and pid[:-5].startswith("day") and pid[3:-5].isdigit():
        return f"{pid[3:-5]}日目 観戦チャット"
    kind = pid.rstrip("0123456789")
    n = pid[len(kind):]
    if kind == "day":
        return f"{n}日目 昼"
    if kind == "night":
        return f"{n}日目 夜"
    if kind == "round":
        return f"第{n}ラウンド"
    return pid


def game_phase_label(game: Any, pid: str) -> str:
    """The name of phase ``pid`` as ``game``'s variant calls it: the variant's
    ``phase_label`` hook (games/base.py; ムジュラ numbers its days by loop), else
    ``phase_label``."""
    hook = getattr(getattr(game, "variant", None), "phase_label", None)
    return hook(game, pid) if callable(hook) else phase_label(pid)
