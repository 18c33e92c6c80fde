"""How one line would be read now, without storing it: the shared core of
``adjudicator check`` and the desk's 1行チェック page."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .chatlog import ChatLine
from .errors import UsageError
from .models import LineRecord


@dataclass
class CheckResult:
    phase: str
    speaker: str
    record: LineRecord
    details: list[str]  # the variant's live figures (a stock's price, a holder's cash…)
    diagnostics: list[Any]
    rule: str = ""  # the rule a refusal cites (its Japanese text: seedquotes.rule_text)


def check_phases(game: Any) -> tuple[list[str], list[str]]:
    """(phases with a log, phase ids up to the next one to be played)."""
    ids = [p.id for p in game.phases]
    upto: list[str] = []
    for pid in game.variant.phase_ids():
        upto.append(pid)
        if len(upto) > len(ids) + 1:
            break
    return ids, upto


def check_line(game: Any, line: str, speaker: str, phase: str | None = None) -> CheckResult:
    """Read ``line`` as ``speaker`` would have written it in ``phase`` (default: the next
    phase; after a variant's last one, that one).  UsageError for a phase not reached."""
    from .classify import PhaseReader

    ids, upto = check_phases(game)
    if phase is not None and phase not in upto and phase not in ids:
        from .report.sections import phase_label

        known = list(dict.fromkeys(ids + upto))
        raise UsageError(f"no phase {phase!r} now (phases: {', '.join(known)})",
                         f"「{phase}」というフェーズはまだありません（フェーズ："
                         + "、".join(f"{i}（{phase_label(i)}）" for i in known) + "）")
    phase = phase or (upto[len(ids)] if len(ids) < len(upto) else ids[-1])
    if phase in ids:
        k = ids.index(phase)
        state = game.states[k - 1] if k else game.initial
    else:
        state = game.state
    roster = game.variant.make_roster()
    reader = PhaseReader(game, roster, state, phase)
    reader.read([ChatLine(source="check", lineno=1, speaker=speaker, text=line, raw=line)], False)
    details: list[str] = []
    hook = getattr(game.variant, "check_detail", None)
    if hook is not None:
        for cand in reader.accepted():
            details += list(hook(state, cand))
    rule = next((r[3] for r in reader.rejections if r[0] == "check:1"), "")
    return CheckResult(phase=phase, speaker=speaker, record=reader.records[-1], details=details,
                       diagnostics=list(reader.diagnostics), rule=rule)


_LEVEL_JA = {"error": "エラー", "warning": "注意", "info": "情報"}


def check_text(game: Any, r: Any, speaker: str, lang: str = "ja") -> str:
    """What ``check`` prints: how the line would be read now, and the rule behind a
    refusal; in Japanese (``en``: the developers' English)."""
    rec = r.record
    out: list[str] = []
    if lang == "en":
        out.append(f"phase {r.phase}, speaker {speaker}: {rec.disposition}")
        if rec.action:
            out.append(f"  read as: {rec.action}")
        if rec.reason:
            out.append(f"  reason: {rec.reason}")
        out += [f"  {d.level} [{d.code}]: {d.message}" for d in r.diagnostics]
        out += [f"  {text}" for text in r.details]
        return "\n".join(out)
    from .models import DISPOSITION_JA
    from .seedquotes import rule_text
    from .wording import phase_label

    how = DISPOSITION_JA.get(rec.disposition, rec.disposition)
    out.append(f"{phase_label(r.phase)}・{speaker}さんの発言の扱い：{how}")
    if rec.action:
        out.append(f"  読み取り：{rec.action}")
    if rec.reason:
        out.append(f"  理由：{rec.reason}")
    said = {rec.reason}
    out += [f"  {_LEVEL_JA.get(d.level, d.level)}：{d.reason_ja or d.message}"
            for d in r.diagnostics if (d.reason_ja or d.message) not in said]
    out += [f"  {text}" for text in r.details]
    text = rule_text(r.rule, game) if r.rule else None
    if text is not None:
        out.append(f"  ルール「{text.title}」")
        out += [f"    {x}" for x in text.lines()]
    return "\n".join(out)
