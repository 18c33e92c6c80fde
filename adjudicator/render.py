"""Rendering through Jinja templates (``reports/``): posts, notices, ledger.

Templates see projections, not the state: the public post gets only public events and
the public view; a player's notice gets only that player's events.  Text templates
(``.txt.j2``) are not escaped; HTML templates (``.html``, ``.html.j2``) always are.

A seat taken over by a newcomer (代役, engine.replacement) keeps its name in the state and
the events; what a phase's post, notices and ledger print is the person who holds it now:
``shown_names`` sets, for one phase's rendering, seat -> holder, and every ``{{ … }}``
that prints exactly a seat's name prints the holder's (Jinja's ``finalize``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import (
    BytecodeCache,
    Environment,
    FileSystemBytecodeCache,
    FileSystemLoader,
    StrictUndefined,
)
from jinja2.bccache import Bucket

from .models import DISPOSITION_JA
from .phases import phase_label
from .resources import data_dir
from .vocab import GENDERS, STOCK_LEVELS, role_ja, yen

#: seat -> the newcomer who holds it, while one phase is drawn (``shown_names``)
_SHOWN: ContextVar[Mapping[str, str] | None] = ContextVar("shown_names", default=None)
#: the compiled templates' cache files are named with this: bump it when an option of
#: ``environment()`` that changes compiled code changes (``finalize``), so that a file
#: compiled without it is not loaded
_CODE = "f1"


@contextmanager
def shown_names(holders: Mapping[str, str]) -> Iterator[None]:
    """Within the block, templates print each seat of ``holders`` as its holder's name."""
    token = _SHOWN.set({seat: new for seat, new in holders.items() if new != seat})
    try:
        yield
    finally:
        _SHOWN.reset(token)


def _finalize(value: Any) -> Any:
    """What ``{{ value }}`` prints: a seat's name as its current holder's (``_SHOWN``)."""
    if isinstance(value, str):
        shown = _SHOWN.get()
        if shown:
            return shown.get(value, value)
    return value


def _autoescape(name: str | None) -> bool:
    return bool(name) and (str(name).endswith(".html") or str(name).endswith(".html.j2"))


class _CheckedBytecodeCache(FileSystemBytecodeCache):
    """Jinja's file cache of compiled templates, each file kept with the digest of its
    content beside it (``fsio.write_cached``): marshalled bytecode is given to Jinja only
    when it is what was written (``fsio.read_cached``); Jinja then checks its own header
    (Jinja's and Python's versions) and the template's checksum.  A damaged file is
    compiled anew."""

    def load_bytecode(self, bucket: Bucket) -> None:
        from .fsio import read_cached

        data = read_cached(Path(self._get_cache_filename(bucket)))
        if data is not None:
            bucket.bytecode_from_string(data)

    def dump_bytecode(self, bucket: Bucket) -> None:
        from .fsio import write_cached

        write_cached(Path(self._get_cache_filename(bucket)), bucket.bytecode_to_string())


def _bytecode_cache() -> BytecodeCache | None:
    """Compiled templates kept in the user's private cache folder (Jinja's own cache,
    with a digest beside each file); compiling the templates anew was a fifth of a small
    game's resolve time."""
    from .fsio import cache_dir

    folder = cache_dir()
    if folder is None:
        return None
    jinja = folder / "jinja"
    try:
        jinja.mkdir(mode=0o700, exist_ok=True)
    except OSError:
        return None
    return _CheckedBytecodeCache(str(jinja), f"__jinja2_{_CODE}_%s.cache")


@cache
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(data_dir("reports"))),
        bytecode_cache=_bytecode_cache(),
        autoescape=_autoescape,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        finalize=_finalize,
    )
    env.filters["yen"] = yen
    env.filters["role_ja"] = role_ja
    env.filters["gender_ja"] = lambda g: GENDERS.get(g, g)
    env.filters["disposition_ja"] = lambda d: DISPOSITION_JA.get(d, d)
    env.filters["phase_ja"] = phase_label
    env.filters["full_stop"] = full_stop
    env.filters["clip"] = clip
    env.filters["odds"] = odds
    env.filters["cause_ja"] = cause_ja
    env.filters["place_ja"] = place_ja
    env.filters["paths_ja"] = paths_ja
    env.filters["echoes"] = echoes
    env.globals["rule_name"] = rule_name
    env.globals["LEVELS"] = STOCK_LEVELS
    return env


_CAUSE_JA = {"day": "昼の処理", "night": "夜の処理", "round": "ラウンドの処理"}


def echoes(event: Any, events: Any) -> bool:
    """A death by execution that the execution itself already said (「最多の12票を集めた
    しょうさんが処刑されました。」 and then 「しょうさんが処刑されました。」, review 3, L3):
    the ledgers and explain leave it out."""
    data = getattr(event, "data", None) or {}
    if getattr(event, "kind", "") != "death" or data.get("how") != "executed":
        return False
    return any(e.kind == "execution" and e.player == event.player for e in events)


def place_ja(ref: Any) -> str:
    """A chat line's place as the GM ledger names it: ``logs/day1.txt:8`` →
    「1日目昼のログ 8行目」 (the path and the line number are the developers' words)."""
    from .wording import line_place

    return line_place(str(ref or ""))


def paths_ja(text: Any) -> str:
    """``text`` with every chat-line reference in words (「2日目の観戦チャット 1行目」)."""
    from .wording import paths_in

    return paths_in(str(text))


def rule_name(rule_id: str, variant: str | None = None) -> str:
    """A rule as the GM ledger cites it: its Japanese name (「投票」), never its id; the id
    stays in ``--json`` and the report's data attributes."""
    from .seedquotes import rule_title

    return rule_title(str(rule_id), variant) or "進行"


def cause_ja(cause: Any) -> str:
    """An event's cause as the GM ledger shows it, in words: a log line → 「1日目昼のログ
    8行目」, ``phase:night1`` → 夜の処理, ``rng`` → 抽選, ``setup`` → 開始時の設定 (the
    ledger's header already names the phase)."""
    text = str(cause or "")
    if text.startswith("phase:"):
        kind = text[len("phase:"):].rstrip("0123456789")
        return _CAUSE_JA.get(kind, "進行の処理")
    if text == "rng":
        return "抽選"
    if text == "setup":
        return "開始時の設定"
    if text.startswith("options.") or text == "game.toml":
        return "この村の設定" if text.startswith("options.") else "開始時の設定"
    from .wording import source_place

    return source_place(text) or text


def full_stop(text: str) -> str:
    """A reason as a whole sentence: ends with 。 unless it already ends a sentence."""
    text = str(text).rstrip()
    return text if not text or text[-1] in "。！？!?" else text + "。"


def clip(text: str, limit: int = 40) -> str:
    """A quoted line kept short enough for a notice (the GM ledger has it whole)."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def odds(x: float) -> str:
    """Odds as a GM writes them: 2 → 「2」, 2.5 → 「2.5」 (never 「2.0」)."""
    return f"{x:g}" if isinstance(x, (int, float)) else str(x)


def heard(lines: Any) -> Any:
    """The phase's line records by reference (``logs/night2.txt:3``), so that a notice
    can quote the player's own line and time rather than the reference: a mapping equal
    to ``{rec.ref: rec for rec in lines}``, its lines that are not chatter indexed first
    (``records.Heard``: a notice asks for one of those, and the chatter of a long log is
    then not indexed at all)."""
    from .records import Heard

    return Heard(lines)


def ledger_lines(lines: Any) -> list[Any]:
    """The records a GM ledger lists, "発言の扱い": every line that is not chatter, in
    order (the templates loop over these; walking every chatter record in Jinja was most
    of a long log's rendering)."""
    from .records import not_chatter

    return not_chatter(lines)


def has_template(name: str) -> bool:
    """True when ``reports/<name>`` is a template: the answer of ``name in
    environment().list_templates()`` (one search folder, ``FileSystemLoader``), without
    walking every folder of ``reports/`` (about 0.4 ms, at every start that words events)."""
    path = data_dir("reports").joinpath(*name.split("/"))
    return path.is_file()


def render(template: str, **context: Any) -> str:
    return environment().get_template(template).render(**context).strip() + "\n"


def public_view(state: Any) -> dict[str, Any]:
    players = state.players
    return {
        "alive": [n for n, p in players.items() if p.alive],
        "dead": [n for n, p in players.items() if not p.alive],
        "finished": state.finished,
        "team_won": state.team_won,
    }


def cast(state: Any) -> dict[str, str]:
    """配役 for the final post: each player's role in Japanese, in roster order."""
    return {n: role_ja(p.role) for n, p in state.players.items() if getattr(p, "role", None)}
