"""``adjudicator report``: the end-of-game HTML report, one self-contained file.

One walk over the derived game (``engine.resolve_game``) builds plain view data; the
template ``reports/report.html.j2`` (autoescaped: every name, line and GM text is
untrusted) turns it into HTML.  No external asset, no script (a Content-Security-Policy
forbids them), charts are inline SVG.  Variants add sections through
``adjudicator.report.sections``.

The report is drawn for a view (``adjudicator.views``): a finished game's report is the
end-of-game reveal, for anyone; an unfinished game's is the GM's alone, titled
「途中経過（GM専用・共有しないでください）」, and any other reader is refused.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from itertools import chain
from operator import attrgetter
from pathlib import Path
from typing import Any

from markupsafe import Markup

from .. import __version__
from ..errors import AdjudicatorError
from ..export import export_game
from ..models import DISPOSITION_JA
from ..phases import game_phase_label
from ..render import environment
from ..rulebook import quote
from ..seedquotes import RuleText, rule_text
from ..sentences import card_names, sentence
from ..views import GM_ONLY, PROGRESS_TITLE, View, report_view
from ..vocab import GENDERS, yen
from ..wording import line_place
from .charts import Section
from .log import ENCODING, escaper, log_rows, row_ref
from .sections import FIELD_JA, auto_sections, value_ja, variant_sections
from .state import state_rows

HOW_JA = {"executed": "処刑", "bitten": "襲撃", "assassinated": "暗殺", "punished": "天罰",
          "bomb": "タイムボムで死亡", "shot": "ピストルで死亡", "scenario": "死亡"}
#: a diagnostic's level, as the GM reads it
LEVEL_JA = {"error": "エラー", "warning": "注意", "info": "情報"}
TEAM_JA = {"village": "村人陣営", "wolves": "人狼陣営"}
_ITEM_JA = {"held": "所持", "used": "使用済み", "broken": "砕けた", "lost": "なくなった",
            "hidden": "未発見"}
#: event fields shown elsewhere (not repeated in a ruling's detail)
_HIDDEN = {"by_gm"}
_Escaper = Callable[[str], str]
_REF = attrgetter("ref")
_DISPOSITION = attrgetter("disposition")


@dataclass
class LineView:
    anchor: str
    ref: str
    time: str
    speaker: str
    text: str
    disposition: str
    label: str
    action: str
    reason: str
    rule: str
    place: str = ""  # the line's place in words (「1日目夜のログ 12行目」)
    rule_title: str = ""  # the rule's Japanese name
    rule_anchor: str = ""


@dataclass
class EventView:
    kind: str
    rule: str
    quote: str
    cause: str
    cause_anchor: str
    audience: str
    summary: str
    sentence: str = ""  # the event in Japanese (adjudicator.sentences)
    rule_title: str = ""  # the rule's Japanese name (the link to 「引用したルール」)
    rule_anchor: str = ""  # that rule's anchor in 「引用したルール」 (each quoted once)
    cause_place: str = ""  # the causing line's place in words


@dataclass
class PhaseView:
    id: str
    label: str
    public_post: str
    deaths: list[str]
    executed: str | None
    votes: list[tuple[str, str, bool, str]]  # voter, target, by GM, cause anchor
    tally: list[tuple[str, int]]
    counts: dict[str, int]
    events: list[EventView]
    draws: list[EventView]
    diagnostics: list[tuple[str, str, str, str]]  # level, source, anchor, text
    log: bytes = b""  # the annotated log's rows, UTF-8 (report.log.log_rows)
    log_html: Markup = field(default_factory=Markup)  # what the page prints (_logs_as)


@dataclass
class PlayerView:
    name: str
    anchor: str
    aliases: list[str]
    role: str
    fate: str
    alive: bool
    winner: bool
    fields: list[tuple[str, str]]
    votes: list[tuple[str, str]]
    actions: list[LineView]
    events: list[tuple[str, EventView]]
    notices: list[tuple[str, str]]
    #: the seat as people read it: たろう, or たろう（代役：じろう） once it changed hands
    shown: str


def team_line(v: Any, team: Any, label: Any) -> str | None:
    """The header's side result beside the winners, in the variant's words
    (``team_won_line``): 「オレンジチームの勝利」, 「源氏の勝利」, 「引き分け」; a village won by
    money says its side apart: 「陣営は村人陣営の勝利」.  ``v``: the Variant class (None, a
    game of no registered variant: the plain words)."""
    if not team:
        return None
    if str(team) == "draw":
        return "引き分け"
    return str(getattr(v, "team_won_line", "{label}の勝利")).format(label=label)


def _fmt(v: Any) -> str:
    if v is None:
        return "—"
    if isinstance(v, bool):
        return "はい" if v else "いいえ"
    if isinstance(v, int):
        return f"{v:,}"
    if isinstance(v, dict):
        return "、".join(f"{k}: {_fmt(x)}" for k, x in v.items())
    if isinstance(v, list | tuple):
        return "、".join(_fmt(x) for x in v)
    return str(v)


def _summary(ev: Any) -> str:
    text = str(ev.summary(skip=_HIDDEN, fmt=_fmt))
    if ev.to and ev.to != ev.player:
        text += f" （{ev.to}へ通知）"
    return text


def _involved(ev: Any, names: set[str]) -> list[str]:
    """The players an event concerns, in a stable order (actor, target, notice, data)."""
    found: dict[str, None] = {}
    for v in (ev.player, ev.target, ev.to, *ev.data.values()):
        if isinstance(v, str):
            if v in names:
                found[v] = None
        elif isinstance(v, list | dict):
            for x in v:
                if isinstance(x, str) and x in names:
                    found[x] = None
    return list(found)


def _fate(p: Any, death: tuple[str, str] | None) -> str:
    if p.get("alive", True):
        return "生存"
    if death:
        label, how = death  # the phase as the game names it
        return f"{label}に{HOW_JA.get(how, '死亡')}"
    return "死亡"


def _word(k: Any, values: dict[str, dict[str, str]]) -> str:
    """A key of a mapping (orange, ninja…) in the game's words."""
    for table in values.values():
        if str(k) in table:
            return table[str(k)]
    return FIELD_JA.get(str(k), str(k))


#: yes/no fields said as done (済) rather than as a mark (○); no is 「—」 for both
_DONE = frozenset({"special_used", "revealed", "castle_complete", "established"})


def _field(key: str, v: Any, values: dict[str, dict[str, str]]) -> str:
    if key in ("cash", "final_money") and isinstance(v, int):
        return yen(v)
    if isinstance(v, bool):
        return ("済" if key in _DONE else "○") if v else "—"
    if key in ("gauge", "locked") and isinstance(v, int) and not isinstance(v, bool):
        from ..sentences import gauge

        return gauge(v)
    if key == "gender" and isinstance(v, str):
        return GENDERS.get(v, v)
    if isinstance(v, dict) and set(v) == {"of", "shares"}:
        return f"{v['of']} {v['shares']}株"
    if isinstance(v, dict) and v and all(isinstance(x, dict) and set(x) == {"holder", "status"}
                                         for x in v.values()):  # majora's items
        return "、".join(f"{name}（{_ITEM_JA.get(str(x['status']), str(x['status']))}"
                        f"{'：' + str(x['holder']) + 'さん' if str(x['holder'] or '').strip() else ''}）"
                        for name, x in v.items())
    if isinstance(v, str) and key in values:
        return values[key].get(v, v)
    if isinstance(v, list) and v and key in values:  # secret-society techniques
        return "、".join(values[key].get(str(x), str(x)) for x in v)
    if isinstance(v, dict):
        return "、".join(f"{_word(k, values)}: {_field(key, x, values)}" for k, x in v.items())
    if isinstance(v, str) and re.fullmatch(r"[a-z]+(?:_[a-z]+)*", v):
        return _word(v, values)
    return _fmt(v)


def _action_row(lv: LineView, esc: _Escaper) -> str:
    how = f'<span class="badge b-{lv.disposition}">{esc(lv.label)}</span>'
    if lv.action:
        how += f" {esc(lv.action)}"
    if lv.reason:
        how += f" — {esc(lv.reason)}"
    if lv.rule:
        how += (f' <span class="rule"><a href="#{esc(lv.rule_anchor)}" data-rule="{esc(lv.rule)}">'
                f'ルール「{esc(lv.rule_title)}」</a></span>')
    return (f'<li id="{lv.anchor}" class="d-{lv.disposition}">{row_ref(lv.ref, esc)}'
            f'<span class="time">{esc(lv.time)}</span><span class="who">'
            f'{esc(lv.speaker)}</span><span class="text">{esc(lv.text)}</span>'
            f'<span class="how">{how}</span></li>')


def build_context(game: Any, view: View | None = None) -> dict[str, Any]:
    """Every piece of the report as plain data (no HTML), as ``view`` (default: the GM)
    may read it; UsageError if ``view`` may not read this game's report."""
    reader = report_view(game, view or View.gm())
    data = export_game(game)
    v = game.variant
    quotes: dict[str, str] = {}  # the English precise rule, for the GM's --lang en

    def q(rule: str) -> str:
        if rule not in quotes:
            quotes[rule] = quote(rule)
        return quotes[rule]

    # every rule cited, in Japanese, quoted once in 「引用したルール」; rulings link to it
    rule_texts: dict[str, RuleText | None] = {}
    cited: dict[str, RuleText] = {}

    def rt(rule: str) -> RuleText | None:
        if rule not in rule_texts:
            rule_texts[rule] = rule_text(rule, game)
        t = rule_texts[rule]
        if t is not None:
            cited.setdefault(t.key, t)
        return t

    # a line's anchor, L1, L2… over the whole game; a reference seen twice keeps its
    # first (the dict is filled backwards, so the first occurrence is written last)
    refs = list(map(_REF, chain.from_iterable(ph.lines for ph in game.phases)))
    numbers = dict(zip(reversed(refs), range(len(refs), 0, -1), strict=True))
    del refs

    def anchor_of(ref: str) -> str:
        n = numbers.get(ref)
        return f"L{n}" if n else ""

    seq = 0
    esc = escaper()

    def ev_view(ev: Any) -> EventView:
        t = rt(ev.rule)
        anchor = anchor_of(ev.cause)
        return EventView(kind=ev.kind, rule=ev.rule, quote=q(ev.rule), cause=ev.cause,
                         cause_anchor=anchor, audience=ev.audience,
                         summary=_summary(ev), sentence=sentence(game, ev),
                         rule_title=t.title if t else "", rule_anchor=t.anchor if t else "",
                         cause_place=line_place(ev.cause) if anchor else "")

    name_set = set(data["players"])
    by_speaker: dict[str, list[LineView]] = defaultdict(list)
    player_events: dict[str, list[tuple[str, EventView]]] = defaultdict(list)
    player_votes: dict[str, list[tuple[str, str]]] = defaultdict(list)
    notices: dict[str, list[tuple[str, str]]] = defaultdict(list)
    phases: list[PhaseView] = []
    draws: list[tuple[str, EventView]] = []
    deaths: dict[str, tuple[str, str]] = {}

    def action_row(rejected_rule: dict[str, str], number: int, rec: Any) -> str:
        """A log row that is not chatter, and its entry in the speaker's record."""
        lv = LineView(
            anchor=f"L{number}", ref=rec.ref, time=rec.time or "",
            speaker=rec.speaker, text=rec.text, disposition=rec.disposition,
            label=DISPOSITION_JA[rec.disposition], action=rec.action or "",
            reason=rec.reason or "",
            rule=rejected_rule.get(rec.ref, "") if rec.disposition == "rejected" else "",
            place=line_place(rec.ref),
        )
        if lv.rule and (cited_rule := rt(lv.rule)) is not None:
            lv.rule_title, lv.rule_anchor = cited_rule.title, cited_rule.anchor
        by_speaker[rec.speaker].append(lv)
        return _action_row(lv, esc)

    total = {k: 0 for k in DISPOSITION_JA}
    for ph in reader.phases(game):
        label = game_phase_label(game, ph.id)
        rejected_rule = {e.cause: e.rule for e in ph.events if e.kind == "rejected"}
        events = [ev_view(e) for e in ph.events]
        counts = {k: 0 for k in DISPOSITION_JA}
        for k, c in Counter(map(_DISPOSITION, ph.lines)).items():
            counts[k] += c

        log = log_rows(ph.lines, seq + 1, esc, partial(action_row, rejected_rule))
        seq += len(ph.lines)
        for k, c in counts.items():
            total[k] += c
        votes = []
        phase_draws: list[EventView] = []
        tally: list[tuple[str, int]] = []
        for e, evv in zip(ph.events, events, strict=True):
            if e.kind == "vote" and e.player and e.target:
                votes.append((e.player, e.target, bool(e.data.get("by_gm")),
                              evv.cause_anchor))
                player_votes[e.player].append((label, e.target))
            elif e.kind == "death" and e.player:
                deaths.setdefault(e.player, (label, str(e.data.get("how", ""))))
            elif e.kind == "tally":
                tally = sorted(e.data.get("counts", {}).items(), key=lambda kv: -kv[1])
            elif e.kind == "draw":
                draws.append((label, evv))
                phase_draws.append(evv)
            if e.kind != "vote":
                for name in _involved(e, name_set):
                    player_events[name].append((label, evv))
        for name, texts in ph.private.items():
            for t in texts:
                notices[name].append((label, t))
        phases.append(PhaseView(
            id=ph.id, label=label, public_post=ph.public_post, deaths=list(ph.deaths),
            executed=ph.executed, votes=votes, tally=tally, counts=counts,
            events=events, draws=phase_draws, log=log,
            diagnostics=[(d.level, line_place(d.source), anchor_of(d.source),
                          d.reason_ja or d.message) for d in ph.diagnostics],
        ))
    from ..replacement import seat_label

    winners = set(data.get("winners", []))
    players: list[PlayerView] = []
    aliases = {p.name: list(p.aliases) for p in game.cfg.players}
    values = {**value_ja(game.variant), "monster_card": card_names(game)}
    for i, (name, p) in enumerate(data["players"].items(), 1):
        fields = [(FIELD_JA.get(k, k), _field(k, x, values)) for k, x in p.items()
                  if k not in ("alive", "role")]
        players.append(PlayerView(
            name=name, anchor=f"p{i}", aliases=aliases.get(name, []),
            role=str(p.get("role", "")), fate=_fate(p, deaths.get(name)), alive=bool(p.get("alive", True)),
            winner=name in winners, fields=fields, votes=player_votes[name],
            actions=by_speaker.get(name, []), events=player_events[name],
            notices=notices[name], shown=seat_label(game, name),
        ))
    sections: list[Section] = variant_sections(game)
    covered: set[str] = set()
    for s in sections:
        covered |= set(s.covers)
    sections += auto_sections(game, covered)
    from .gm import gm_sections  # the seal and the replacements

    sections += gm_sections(game)
    for s in sections:
        s.id = f"sec-{s.id}"
    extra = {k: x for k, x in data.items() if k not in (
        "variant", "seed", "finished", "winners", "phases", "players", "diagnostics")}
    team_won = extra.pop("team_won", None)
    name = game.root.resolve().name
    finished = bool(data["finished"])
    return {
        "title": name,
        "report_title": "終了レポート" if finished else PROGRESS_TITLE,
        "gm_only": GM_ONLY if not finished else "",
        "variant": v.name,
        "variant_ja": v.name_ja,
        "seed": data["seed"],
        "finished": data["finished"],
        "winners": data.get("winners", []),
        "team_won": team_line(v, team_won,
                              values["team_won"].get(str(team_won),
                                                     TEAM_JA.get(str(team_won), team_won))),
        "winners_title": v.winners_title,
        "extra": state_rows(v, extra, values, finished,
                            lambda k, x: (FIELD_JA.get(k, k), _field(k, x, values))),
        "players": players,
        "teams": [(t.name, list(t.members)) for t in game.cfg.teams],
        "gms": list(game.cfg.gm),
        "phases": phases,
        "draws": draws,
        "sections": sections,
        "rules": [cited[k] for k in sorted(cited)],
        # a role everyone shares (Splatoon's イカ) says nothing; nobody dies in Trap Word
        "show_role": len({p.role for p in players if p.role}) > 1,
        "show_fate": not v.plays_in_teams,
        "totals": total,
        "line_total": sum(total.values()),
        "game_diagnostics": list(game.diagnostics),
        "version": __version__,
        "dispositions": DISPOSITION_JA,
        "levels": LEVEL_JA,
    }


#: where a phase's annotated log goes in the page that ``render_report_bytes`` renders
_LOG_MARK = "\0adjudicator-annotated-log\0"
#: a lone surrogate as ``surrogatepass`` writes it (UTF-8 itself never has these bytes)
_SURROGATE = re.compile(rb"\xed[\xa0-\xbf]").search


def _surrogate(log: bytes) -> bool:
    """Whether ``log`` holds a lone surrogate: the lead byte 0xED (U+D000–U+DFFF, rare
    in Japanese and never in ASCII) looked for first, at memchr's speed (the pattern
    search cost a twentieth of the report)."""
    return b"\xed" in log and _SURROGATE(log) is not None


def _page(ctx: dict[str, Any]) -> str:
    return environment().get_template("report.html.j2").render(**ctx)


def _logs_as(phases: list[PhaseView], mark: str | None) -> None:
    """Each phase's ``log_html``: its log as text, or ``mark``."""
    for ph in phases:
        ph.log_html = Markup(mark if mark is not None else ph.log.decode(*ENCODING))


def render_report(game: Any, view: View | None = None) -> str:
    """The report of a resolved game, as one HTML document (see ``build_context``)."""
    ctx = build_context(game, view)
    _logs_as(ctx["phases"], None)
    return _page(ctx)


def render_report_bytes(game: Any, view: View | None = None) -> bytes:
    """``render_report(game, view).encode("utf-8")``, made without the annotated log
    (nine tenths of a long game's page) ever being text: the page is rendered with a
    mark where each phase's log goes (the template prints each once, in order), and the
    UTF-8 of the page's parts and of the logs (``report.log``: built as bytes) are
    joined.  A page whose own text holds the mark, or a log holding a lone surrogate
    (which the encode refuses), is rendered the plain way (the same bytes, or the
    same UnicodeEncodeError)."""
    ctx = build_context(game, view)
    phases: list[PhaseView] = ctx["phases"]
    _logs_as(phases, _LOG_MARK)
    parts = _page(ctx).split(_LOG_MARK)
    if len(parts) != len(phases) + 1 or any(_surrogate(ph.log) for ph in phases):
        _logs_as(phases, None)
        return _page(ctx).encode("utf-8")
    out = [parts[0].encode("utf-8")]
    for ph, part in zip(phases, parts[1:], strict=True):
        out += (ph.log, part.encode("utf-8"))
    return b"".join(out)


def write_report(game: Any, path: Path, view: View | None = None, force: bool = False) -> Path:
    blob = render_report_bytes(game, view)  # refused before anything is written
    path = Path(path)
    refuse_output(path, force)  # a game's input, a link, a pipe, a device or a missing
    # folder: nothing written
    from ..fsio import write_atomic  # a temporary file beside it, renamed over it

    write_atomic(path, blob)  # one write of the bytes made once
    return path


def refuse_output(out: Path, force: bool = False) -> None:
    """An output file may be an earlier report (replaced), a new file in a folder that
    exists, or, with ``force``, another regular file; a game's input (its game.toml,
    anything under its logs/, deal/ or discord/), a link, a pipe, a device or a missing
    folder is refused before anything is written (a report never replaces a log,
    /dev/full or the file a link points to)."""
    import os
    import stat

    from ..fsio import earlier_report, game_input

    why = game_input(out)
    if why is not None:
        raise AdjudicatorError(f"{str(out)!r} は{why}：ゲームのファイルを報告で上書きしないよう、"
                               "書きませんでした。ゲームのフォルダの外のファイル名を -o で指定してください")

    try:
        st = os.lstat(out)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise AdjudicatorError(f"{str(out)!r} に書けません：{e.strerror or e}") from None
    if st is not None and stat.S_ISLNK(st.st_mode):
        raise AdjudicatorError(f"{str(out)!r} はリンクです：リンク先を書き換えないよう、"
                               "書きませんでした。別のファイル名を -o で指定してください")
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise AdjudicatorError(f"{str(out)!r} は普通のファイルではありません（パイプ・装置など）："
                               "書きませんでした。別のファイル名を -o で指定してください")
    if st is not None and not force and not earlier_report(out):
        raise AdjudicatorError(f"{str(out)!r} はもうあるファイルで、以前の報告ではありません："
                               "上書きしませんでした。別のファイル名を -o で指定するか、"
                               "上書きしてよければ --force を付けてください")
    parent = out.parent
    if not parent.is_dir():
        raise AdjudicatorError(f"{str(out)!r} を書けません：フォルダ {str(parent)!r} が"
                               "ありません。先に作るか、ある場所を -o で指定してください")
