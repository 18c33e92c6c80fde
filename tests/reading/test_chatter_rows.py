"""The plain reader's chatter records (``reader.chatter_rows``, ``plain.Chatter``) are the
records the phase reader's own fast path makes: a plain log read with them and then
classified gives the same records, in the same order, with the same bookkeeping
(``written``, ``unique``), diagnostics and actions as the log read into messages only.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from adjudicator import engine
from adjudicator.chatlog import ChatLine, forget_readings, read_chat
from adjudicator.classify import PhaseReader, _plainly_no_gm, chatter_rows
from adjudicator.config.load import load_config
from adjudicator.engine import Game, resolve_game
from adjudicator.export import dumps, export_game
from adjudicator.games import get_variant
from adjudicator.models import LineRecord
from tests.support import FIXTURES

GAMES = ["derby16", "splatoon-win", "genpei-side", "trapword-win"]


def _game(name: str, gm: list[str] | None = None) -> tuple[Game, list[str]]:
    root = FIXTURES / name
    cfg = load_config(root / "game.toml")
    if gm is not None:
        cfg = cfg.model_copy(update={"gm": gm})
    variant = get_variant(cfg.variant)(cfg)
    game = Game(root=root, cfg=cfg, variant=variant)
    game.initial = variant.initial_state()
    entries = variant.roster_entries()
    names = [n for n, _a in entries] + [a for _n, al in entries for a in al] + list(cfg.gm)
    return game, names


def _classified(game: Game, names: list[str], text: str, chatter: Any) -> list[object]:
    forget_readings()
    try:
        lines = read_chat(text, "logs/day1.txt", fmt="plain", names=names,
                          chatter=chatter).messages
    except Exception as e:  # the same refusal either way
        return [("error", type(e).__name__, str(e))]
    if chatter is None:
        assert all(type(m) is ChatLine for m in lines)
    reader = PhaseReader(game, game.variant.make_roster(), game.initial, "day1")
    reader.read(lines, False)
    recs = reader.records
    assert all(type(r) is LineRecord for r in recs)
    return [list(recs), recs.written, recs.unique, reader.diagnostics, reader.rejections,
            [(c.ref, c.actor, c.action) for c in reader.accepted()], reader.directives,
            reader.deadline]


STAMPS = ["[21:03]", "[21:03:07]", "[23:59:59]", "[25:99:99]", "[9:03]", "21:03"]
TEXTS = ["草", "それな", "株買った人いる？", "３万くらい", "3万", "投票@じろう", "予想@はなこ 3万",
         "ダービーどうしよう", "が", "", " ", "＠たろう", "x﹫y", "締め切り", "交代@たろう→ゆうた",
         "占い@はなこ", "　全角", "ｽﾀｰﾄ", "①", "(笑)", "購入@株 2", "結果発表"]
SPEAKERS = ["たろう", "はなこ", "GM", "ＧＭ", "ゲームマスタ", "gm", "じろう", "太郎", "ゆうた",
            "だれか", "GMさん"]
LINE = st.builds(lambda stamp, who, sep, text: f"{stamp} {who}{sep}{text}",
                 st.sampled_from(STAMPS), st.sampled_from(SPEAKERS),
                 st.sampled_from([": ", "：", ":", " : "]), st.sampled_from(TEXTS))
OTHER = st.sampled_from(["", " ", "続きの行", "  [21:03] たろう: 字下げ", "たろう: 時刻なし",
                         "21:03 はなこ 本文", "[21:03] だれか 本文", "\u3000"])
LOG = st.lists(st.one_of(LINE, LINE, OTHER), min_size=1, max_size=16).map("\n".join)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(LOG, st.sampled_from(GAMES), st.sampled_from([None, ["GM"], ["ゲームマスター", "GM"]]),
       st.sampled_from([[], ["ゲームマスタ", "GMさん", "だれか"]]))
@example("[21:03] たろう: 草\n続き", "derby16", None, [])  # a record's message goes on
@example("[21:03] たろう: 草\n\n続き", "derby16", None, [])
@example("[21:03] ゲームマスタ: 締め切り", "derby16", ["ゲームマスター"], ["ゲームマスタ"])
def test_the_plain_readers_records_are_the_classifiers(text: str, name: str,
                                                      gm: list[str] | None,
                                                      more: list[str]) -> None:
    game, names = _game(name, gm)
    names = names + more
    chatter = chatter_rows(game, names)
    general = _classified(game, names, text, None)
    assert _classified(game, names, text, chatter) == general


def test_a_record_is_the_record_its_constructor_makes() -> None:
    game, names = _game("derby16")
    chatter = chatter_rows(game, names)
    forget_readings()
    lines = read_chat("[21:03:07] たろう: 草\n[21:04] はなこ: 投票@じろう\n", "logs/x.txt",
                      fmt="plain", names=names, chatter=chatter).messages
    rec, msg = lines
    assert type(rec) is LineRecord and type(msg) is ChatLine
    assert all(hasattr(rec, name) for name in LineRecord.__slots__)
    made = LineRecord("logs/x.txt:1", "たろう", "草", "21:03:07")
    assert rec == made and repr(rec) == repr(made)
    assert rec.speaker is chatter.speakers["たろう"]


def test_a_game_whose_free_lines_are_actions_gets_none() -> None:
    game, names = _game("trapword-win")
    assert chatter_rows(game, names) is None
    game, names = _game("derby16")
    chatter = chatter_rows(game, names)
    assert chatter is not None and "GM" not in chatter.speakers and "たろう" in chatter.speakers


class _Reader(PhaseReader):
    """``_near_gm`` asked of a name that is no player (the seats cannot change it)."""

    def __init__(self, gm: list[str]) -> None:
        from adjudicator.normalize import nfkc

        class _Cfg:
            pass

        cfg = _Cfg()
        cfg.gm = gm  # type: ignore[attr-defined]
        self.game = type("G", (), {"cfg": cfg})()
        self.gm_keys = {nfkc(g).casefold().replace(" ", "") for g in gm}
        self._gm_cache, self._near_cache = {}, {}

    def _speaker(self, speaker: str) -> str | None:
        return None


NAMEISH = st.text(st.sampled_from("GMgmＧＭゲームマスター太郎たろう \u200b\u3000ａ1ー"), max_size=7)


@settings(max_examples=500, deadline=None)
@given(NAMEISH, st.lists(NAMEISH, min_size=1, max_size=3))
@example("ゲームマスタ", ["ゲームマスター"])
@example("G\u200bM", ["GM"])
def test_a_plain_speaker_is_neither_a_gm_nor_close_to_one(name: str, gm: list[str]) -> None:
    reader = _Reader(gm)
    if _plainly_no_gm(name, reader.gm_keys):
        assert not reader._is_gm(name)
        assert reader._near_gm(name) is None


@pytest.mark.parametrize("fixture", sorted(p.name for p in FIXTURES.iterdir()
                                           if (p / "game.toml").exists()))
def test_every_fixture_resolves_the_same_without_them(fixture: str, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / fixture
    shutil.copytree(FIXTURES / fixture, root, ignore=shutil.ignore_patterns("expected", "out"))
    forget_readings()
    fast = resolve_game(root)
    made = dumps(export_game(fast))
    with monkeypatch.context() as mp:
        mp.setattr(engine, "chatter_rows", lambda game, names: None)
        forget_readings()
        slow = resolve_game(root)
    assert made == dumps(export_game(slow))
    assert [list(p.lines) for p in fast.phases] == [list(p.lines) for p in slow.phases]
    json.loads(made)
