"""``adjudicator explain`` in Japanese: the answer a disputing player reads.

For each phase: the chat lines and how each was read, under each line what it caused
(one sentence per event, ``adjudicator.sentences``), then the rule it applies: its
Japanese name, the seed's own sentences and the precise rule in Japanese
(``adjudicator.seedquotes``; each rule in full once, then 「上に引用しました」).  A person's
view names lines and phases in words (``adjudicator.wording``); only the GM's view adds
the rule id and the line's file in a trailing bracket, for citing (``--raw`` adds the
English precise rule of ``adjudicator.rulebook``, for developers).  Where a ruling rests on a GM's judgment (課題成功@, 活躍@…)
the GM's line is shown; where it rests on a draw, the draw (GM view: draws are secret).

``explain_line`` answers for one chat line: everything the line caused, through later
phases (every event whose cause is the line), and why.

Every answer is drawn for a view (``adjudicator.views``); ``raw`` adds each event's
data as the JSON has it, for developers.
"""

from __future__ import annotations

import re
from typing import Any

from .errors import UsageError
from .models import DISPOSITION_JA, plain_value
from .phases import game_phase_label
from .render import echoes
from .rulebook import quote
from .seedquotes import rule_text, seed_quote
from .sentences import sentence
from .views import GM_ONLY, View
from .wording import events_heading, line_place, line_quote, paths_in


def raw_fields(ev: Any) -> str:
    """The event as data (developers: ``--raw``)."""
    return f"[{ev.rule}] {ev.kind} {ev.summary(fmt=plain_value)}".rstrip()


def involves(ev: Any, player: str | None) -> bool:
    if player is None:
        return True
    if player in (ev.player, ev.target, ev.to):
        return True
    return any(player == v or (isinstance(v, list | dict) and player in v)
               for v in ev.data.values())


def rule_ids(ev: Any) -> list[str]:
    return [ev.rule, *[r for r in ev.data.get("rules", []) if isinstance(r, str)]]


class Chain:
    """Lines of one answer; each rule is quoted in full once, then referred to."""

    def __init__(self, game: Any, view: View, raw: bool = False, desk: bool = False) -> None:
        self.game, self.view, self.raw = game, view, raw
        self.out: list[str] = []
        self.quoted: set[str] = set()
        #: the ids a GM cites (rule id, file:line) in a trailing bracket: the command
        #: line's GM view only (a page has no use for them: ``desk``)
        self.cite = view.is_gm and not desk

    def tag(self, ident: str) -> str:
        """``［ident］`` where the GM cites ids, else nothing."""
        return f"［{ident}］" if self.cite else ""

    def rule(self, rid: str, indent: str) -> None:
        text = rule_text(rid, self.game)
        if text is None:
            return
        label = f"ルール「{text.title}」"
        tag = self.tag(rid)  # the GM's: the id, to cite it
        if text.key in self.quoted:
            self.out.append(f"{indent}{label}：上に引用しました{tag}")
            return
        self.quoted.add(text.key)
        self.out.append(f"{indent}{label}{tag}")
        self.out.extend(f"{indent}  {x}" for x in text.lines())
        if self.raw and quote(rid):
            self.out.append(f"{indent}  （英語の規則 {rid}：{quote(rid)}）")

    def place(self, ref: str) -> str:
        """A chat line's place in words; the GM's view adds the file, to cite it (a
        phase's log is named in words alone: 「4日目昼のログ」, review 3, G1)."""
        from .wording import source_place

        if ref.startswith("phase:") or ":" not in ref:
            return source_place(ref) or line_place(ref)
        return line_place(ref) + self.tag(ref)

    def line(self, r: Any, indent: str = "  ") -> None:
        how = DISPOSITION_JA[r.disposition]
        if r.disposition == "rejected":
            how += f"：{r.reason}" if r.reason else ""
        else:
            how += f"：{r.action}" if r.action else ""
            how += f" — {r.reason}" if r.reason else ""
        self.out.append(f"{indent}{line_quote(r.ref, r.time, r.speaker, r.text)}"
                        + self.tag(r.ref))
        self.out.append(f"{indent}  → {paths_in(how)}")

    def event(self, ev: Any, indent: str, ph: Any = None, gm_lines: dict[str, Any] | None = None,
              draws: list[Any] | None = None, under: str = "") -> None:
        """One event: its sentence, the GM's line or the draw it rests on (unless it is
        shown right under that line, ``under``), the rules it applies."""
        self.out.append(f"{indent}・{sentence(self.game, ev, self.view)}")
        inner = indent + "  "
        if self.raw:
            self.out.append(f"{inner}データ：{raw_fields(ev)}")
        rec = (gm_lines or {}).get(ev.cause) if ev.cause != under else None
        if rec is not None and self.view.sees_line(rec, thread_of(self.game, rec.ref)):
            self.out.append(f"{inner}GMの判断による裁定です：{line_quote(rec.ref, rec.time, rec.speaker, rec.text)}")
        elif rec is not None:
            self.out.append(f"{inner}GMの判断による裁定です。")
        if ev.kind != "draw":
            rids = set(rule_ids(ev))
            for d in draws or []:
                if d.rule in rids or (d.cause == ev.cause and not d.cause.startswith(
                        ("phase:", "rng"))):
                    drawn = sentence(self.game, d, self.view).removeprefix("抽選：")
                    self.out.append(f"{inner}抽選による裁定です：{drawn}")
        for rid in rule_ids(ev):
            self.rule(rid, inner)


def head(view: View, desk: bool = False) -> str:
    """The answer's first line: whose view it is (``desk``: the page's words for how to
    get a player's view, instead of the command line's option)."""
    if view.is_gm:
        how = "本人の視点は、プレイヤーを選んで表示します" if desk else "本人の視点：--as 名前"
        return (f"【{GM_ONLY}】すべての発言・出来事・抽選を載せています。秘密を含むため共有しない"
                f"でください（{how}）")
    if view.kind == "player":
        return f"【{view.label()}】本人の発言とその扱い、本人への通知、公開投稿だけを載せています"
    return f"【{view.label()}】公開投稿と公開の出来事だけを載せています"


def explain_phases(game: Any, phases: list[Any], view: View, player: str | None,
                   raw: bool = False, desk: bool = False) -> list[str]:
    """The Japanese chain of ``phases`` as ``view`` may read it (``player``: whose;
    ``desk``: for a page, without the ids the command line's GM view cites)."""
    chain = Chain(game, view, raw, desk)
    out = chain.out
    for full in phases:
        ph = view.phase(full)
        lines = [r for r in ph.lines if r.disposition != "chatter" and (
            not view.is_gm or player is None or r.speaker == player
            or player in (r.action or ""))]
        gm_lines = {r.ref: r for r in full.lines if r.disposition == "gm"}
        shown = {r.ref for r in lines}
        all_draws = [e for e in ph.events if e.kind == "draw"]
        by_cause: dict[str, list[Any]] = {}
        rest: list[Any] = []
        for e in ph.events:
            if e.kind == "draw" or echoes(e, ph.events):
                continue
            if e.cause in shown:
                by_cause.setdefault(e.cause, []).append(e)
            elif involves(e, player):
                rest.append(e)
        draws = [e for e in all_draws if player is None or player == e.target
                 or player in e.data.get("among", []) or e.cause in shown]
        notices = ph.private.get(player, []) if player is not None and not view.is_gm else []
        post = ph.public_post.strip() if not view.is_gm else ""
        said = {(r.ref, r.reason) for r in lines}
        diags = [d for d in ph.diagnostics if (d.source, d.reason_ja or d.message) not in said]
        if not lines and not rest and not draws and not notices and not post and not diags:
            continue
        out.append(f"=== {game_phase_label(game, ph.id)} ===")  # G4: no phase id, in any view
        if lines:
            out.append("発言とその扱い：")
            for r in lines:
                chain.line(r)
                for e in by_cause.get(r.ref, []):
                    chain.event(e, "      ", ph, gm_lines, all_draws, under=r.ref)
        if notices:
            out.append(f"{player}さんへの通知：")
            for t in notices:
                out.extend(f"  {x}" for x in t.strip().splitlines())
        if post:
            out.append("公開投稿：")
            out.extend(f"  {x}" for x in post.splitlines())
        if rest:
            out.append(events_heading(ph.id) if player is None or view.is_gm
                       else f"{player}さんに関わる出来事：")
            for e in rest:
                chain.event(e, "  ", ph, gm_lines, all_draws)
        if draws:
            out.append("抽選：")
            for e in draws:
                chain.event(e, "  ", ph, gm_lines)
        if diags:
            out.append("発言についての注意：")
            out.extend(f"  {chain.place(d.source)}：{paths_in(d.reason_ja or d.message)}"
                       for d in diags)
    return out


def find_line(game: Any, ref: str) -> tuple[Any, Any]:
    """The phase and line record of ``ref`` (``logs/night1.txt:7``; ``night1.txt:7``,
    ``night1:7``, ``./logs/…`` and 「1日目夜のログ 7行目」 work too); UsageError naming
    the form if there is none."""
    want = ref.strip().removeprefix("./")
    spoken = " ".join(want.replace("　", " ").split())  # 「1日目夜のログ 12行目」, as explain names it
    short = re.sub(r"^(?:.*/)?([^/:]+?)(?:\.[A-Za-z0-9]+)?:(\d+)$", r"\1:\2", want)  # night1:12
    for ph in game.phases:
        for r in ph.lines:
            if r.ref == want or r.ref.endswith("/" + want) or line_place(r.ref) == spoken:
                return ph, r
            if re.sub(r"^(?:.*/)?([^/:]+?)(?:\.[A-Za-z0-9]+)?:(\d+)$", r"\1:\2", r.ref) == short:
                return ph, r
    raise UsageError(f"no chat line {ref!r} in this game: a line is named by its file and "
                     "line number, as in logs/night1.txt:7",
                     f"このゲームに「{ref}」の行はありません。行はログのファイルと行番号"
                     "（logs/night1.txt:7）か「1日目夜のログ 7行目」の形で指定します")


def thread_of(game: Any, ref: str) -> Any:
    """The chat a line was written in (``chatlog.Thread``), None for the village."""
    for ph in game.phases:
        found = ph.threads.get(ref)
        if found is not None:
            return found
    return None


def explain_line(game: Any, ref: str, view: View | None = None, raw: bool = False,
                 desk: bool = False) -> str:
    """Everything one chat line caused, through later phases, and why, as ``view`` reads
    it (default: the GM's).  A player may ask only about their own lines.  ``desk``: for
    a page (no ids cited; a player's answer is the same as the command line's)."""
    view = view or View.gm()
    ph, rec = find_line(game, ref)
    if not view.sees_line(rec, ph.threads.get(rec.ref)):
        raise UsageError(f"{rec.ref} is {rec.speaker}'s line: {view.player}'s own view "
                         "answers only for their own lines (the GM's view: --gm)",
                         f"{line_place(rec.ref)}は{rec.speaker}さんの発言です。{view.player}"
                         "さん本人の視点では、本人の発言についてだけ説明します（GMの視点：--gm）")
    chain = Chain(game, view, raw, desk)
    out = chain.out
    out.append(f"=== {chain.place(rec.ref)}の発言 ===")
    chain.line(rec)
    gm_lines = {r.ref: r for p in game.phases for r in p.lines if r.disposition == "gm"}
    caused = [(p, view.project(e)) for p in game.phases for e in p.events
              if e.cause == rec.ref and view.sees_event(e)]
    if rec.disposition == "chatter":
        out.append("この行はコマンドではないため、雑談として扱いました。")
        chain.rule("input", "  ")
    elif not caused:
        diags = [d for d in ph.diagnostics if d.source == rec.ref]
        later = [view.project(e) for e in ph.events if e.player == rec.speaker
                 and e.kind != "draw" and view.sees_event(e)]
        if rec.disposition == "rejected" and diags:
            out.append("この行は受け付けられませんでした：")
            out.extend(f"  {paths_in(d.reason_ja or d.message)}" for d in diags)
            code = diags[0].code
            chain.rule(f"input.{code}" if seed_quote(f"input.{code}") else "input", "  ")
        elif later:
            out.append(f"この発言が直接引き起こした出来事はありません。{game_phase_label(game, ph.id)}に"
                       f"{rec.speaker}さんについて決まったこと：")
            draws = [e for e in ph.events if e.kind == "draw" and view.sees_event(e)]
            for e in later:
                chain.event(e, "    ", ph, gm_lines, draws)
        else:
            out.append("この発言から生じた出来事はありません。")
    else:
        out.append("この発言が引き起こしたこと：")
        for p in game.phases:
            mine = [e for q, e in caused if q is p]
            if not mine:
                continue
            out.append(f"  ［{game_phase_label(game, p.id)}］")
            draws = [e for e in p.events if e.kind == "draw" and view.sees_event(e)]
            for e in mine:
                chain.event(e, "    ", p, gm_lines, draws, under=rec.ref)
    return "\n".join([head(view, desk), *out])
