"""The shapes of the second native review (issue 28, round two) fixed in the report and
the ledger of every game, pinned over every fixture game's outputs (ledger, posts,
notices, explain for the GM and every player, the report's visible text), beside the
table of ``test_copy_lint.py``:

- G4: no 「局面」 anywhere, and no report table headed 「局面」;
- names in a list of winners or survivors carry さん (「勝者：むつさん、ももさん」);
- D15: the derby report's tables say 受付, 「−10万ドル（支払）」/「50万ドル（受取）」, 「1株」;
- TW3/J16: a Trap Word judge's reason sits in one pair of parentheses;
- TW7: where the seed's 「3秒以内」 is quoted, the ruling says in one sentence that the
  village counts a call within its own window, with the game's number.

Each check is a function of text or of table rows, and ``test_*_can_fail`` feeds it the
text the review saw.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from adjudicator.engine import resolve_game
from adjudicator.explain import explain_text
from adjudicator.report.charts import Section, Table
from adjudicator.report.html import render_report
from adjudicator.report.sections import variant_sections
from adjudicator.views import View, player_names
from tests.japanese.test_copy_lint import outputs
from tests.support import FIXTURES, all_games, game_ids
from tests.support.lint import visible_text
from tests.support.trapword import HEAD, play

# -- the checks -------------------------------------------------------------------------

LIST = re.compile(r"(勝者|優勝|生存者（\d+人）)：\s*([^（）。\n]+)")
NOT_A_NAME = {"なし", "あなた", "いません"}


def phase_word(text: str) -> list[str]:
    """G4: 「局面」 is not a word players use (「フェーズ」, 「この夜の出来事」)."""
    return [text[max(0, m.start() - 20):m.end() + 20] for m in re.finditer("局面", text)]


def bare_names(text: str) -> list[str]:
    """A winners' or survivors' list whose names lack さん (「勝者：むつ、もも」)."""
    found = []
    for m in LIST.finditer(text):
        items = [x.strip() for x in m[2].split("、")]
        found += [f"{m[0][:40]}…: {x}" for x in items
                  if x and x not in NOT_A_NAME and not x.endswith("さん")]
    return found


DRAW = re.compile(r"候補（([^（）]+)の\d+人）から([^。]*?)が選ばれました")


def bare_draw_names(text: str) -> list[str]:
    """A draw among people whose names lack さん (「候補（あかね、いぶきの2人）から「いぶき」
    が選ばれました」); a draw among things (「…の2件」) names no one."""
    found = []
    for m in DRAW.finditer(text):
        items = [x.strip() for x in m[1].split("、")] + [m[2].strip()]
        found += [f"{m[0][:40]}…: {x}" for x in items
                  if x and x not in NOT_A_NAME and not x.endswith("さん")]
    return found


def section_tables(sections: list[Section]) -> list[Table]:
    return [b for s in sections for b in s.blocks if isinstance(b, Table)]


def phase_headers(tables: list[Table]) -> list[str]:
    return [f"{t.title}: {h}" for t in tables for h in t.headers if "局面" in h]


AMOUNT = re.compile(r"−\d[\d,万]*ドル（支払）|\d[\d,万]*ドル（受取）|0ドル|")


def derby_table_words(tables: list[Table]) -> list[str]:
    """D15: a bet made is 「受付」; a trade's money is signed and labelled; shares are
    counted with 株."""
    bad: list[str] = []
    for t in tables:
        col = {h: i for i, h in enumerate(t.headers)}
        for row in t.rows:
            if t.title == "ダービー（予想）" and row[col["結果"]] in ("賭け", ""):
                bad.append(f"{t.title}: 結果「{row[col['結果']]}」")
            if t.title == "株の売買":
                if not re.fullmatch(r"\d+株|", row[col["株数"]]):
                    bad.append(f"{t.title}: 株数「{row[col['株数']]}」")
                if not AMOUNT.fullmatch(row[col["金額"]]):
                    bad.append(f"{t.title}: 金額「{row[col['金額']]}」")
    return bad


def nested_reason(text: str) -> list[str]:
    """TW3/J16: 「（「競技」は「スポーツ」の言い換えです（同義語））」: parentheses in parentheses."""
    return re.findall(r"[^\n]{0,30}です（(?:同義語表?|GMが判断)）[^\n]{0,10}", text)


QUOTE_3S = "3秒以内に気がついた場合のみ発動します"


def call_window_said(text: str, seconds: int) -> list[str]:
    """TW7: every quote of the seed's 「3秒以内」 is followed by the plain sentence with the
    game's own window."""
    bad = []
    said = f"原文は「3秒以内」ですが、チャットでは反応に時間がかかるため、この村ではヒントから{seconds}秒以内のコールを有効としています"
    for m in re.finditer(QUOTE_3S, text):
        if said not in text[m.end():m.end() + 400]:
            bad.append(text[m.start():m.end() + 200])
    return bad


# -- over every fixture game -----------------------------------------------------------


@pytest.mark.parametrize("root", all_games(), ids=game_ids())
def test_report_and_ledger_shapes(root: Path) -> None:
    variant, out = outputs(root)
    found = [f"{k}: {x}" for k, text in out.items()
             for x in phase_word(text) + bare_names(text) + bare_draw_names(text)]
    if variant == "trapword":
        found += [f"{k}: {x}" for k, text in out.items() for x in nested_reason(text)]
    assert not found, found[:5]


@pytest.mark.parametrize("root", all_games(), ids=game_ids())
def test_report_tables(root: Path) -> None:
    game = resolve_game(root)
    tables = section_tables(variant_sections(game))
    assert phase_headers(tables) == []
    if game.variant.name == "derby-stock":
        assert {"ダービー（予想）", "株の売買"} <= {t.title for t in tables}
        assert derby_table_words(tables) == []


def test_derby_report_shows_the_table_words() -> None:
    """The words themselves reach the page (derby16 bets, buys and sells)."""
    html = render_report(resolve_game(FIXTURES / "derby16"), View.gm())
    text = visible_text(html)
    for word in ("受付", "−10万ドル（支払）", "50万ドル（受取）", "1株", "フェーズ"):
        assert word in text, word


def _trapword_texts(game: object) -> str:
    views = [View.gm(), *(View.of(n) for n in player_names(game))]
    return "\n".join([*(explain_text(game, view=v) for v in views),
                      visible_text(render_report(game, View.gm()))])


def test_the_seed_3_seconds_is_always_answered() -> None:
    game = resolve_game(FIXTURES / "trapword-win")
    text = _trapword_texts(game)
    assert QUOTE_3S in text  # the fixture does rule a call
    assert call_window_said(text, 10) == []


def test_the_call_window_note_says_the_games_own_number(tmp_path: Path) -> None:
    root = tmp_path / "tw"
    shutil.copytree(FIXTURES / "trapword-win", root, ignore=shutil.ignore_patterns("expected"))
    toml = root / "game.toml"
    body = toml.read_text(encoding="utf-8")
    body = re.sub(r"(?m)^call_window_seconds\s*=.*\n", "", body)
    body = body.replace("[options]\n", "[options]\ncall_window_seconds = 15\n", 1)
    assert "call_window_seconds = 15" in body
    toml.write_text(body, encoding="utf-8")
    text = _trapword_texts(resolve_game(root))
    assert call_window_said(text, 15) == []
    assert "ヒントから10秒以内のコール" not in text


def test_a_call_outside_the_window_says_the_window(tmp_path: Path) -> None:
    """A call long after the hint: 「ヒントから10秒以内のコールではないため無効です」."""
    play([*HEAD, "[20:00:02] c: トラップ@散歩", "[20:00:05] GM: 開始@赤",
          "[20:00:10] a: 散歩が好きな動物", "[20:00:40] c: トラップ", "[20:00:50] b: 犬",
          "[20:01:00] GM: 開始@青", "[20:01:05] c: ニャーと鳴く", "[20:01:10] d: 猫"],
         root=tmp_path)
    game = resolve_game(tmp_path)
    post = "\n".join(ph.public_post for ph in game.phases)
    assert "→ヒントから10秒以内ではないため無効" in post
    assert "ヒントから10秒以内のコールではないため無効です" in explain_text(game, view=View.gm())
    assert "対象のヒントがない" not in post


# -- each check can fail -----------------------------------------------------------------


def test_the_checks_can_fail() -> None:
    assert phase_word("ダービー＆ストック村・7 局面・117 行")
    assert phase_word("この局面の出来事：")
    assert not phase_word("この夜の出来事：")
    assert bare_names("勝者：むつ、もも（帝の勝利）") == ["勝者：むつ、もも…: むつ", "勝者：むつ、もも…: もも"]
    assert bare_names("生存者（3人）：たろうさん、はなこ、じろうさん")
    assert not bare_names("勝者：むつさん、あなた（帝の勝利）。勝者：なし（引き分け）")
    assert bare_draw_names("抽選：天罰。候補（かな、きら、くうの3人）から「くう」が選ばれました。") == [
        "候補（かな、きら、くうの3人）から「くう」が選ばれました…: かな",
        "候補（かな、きら、くうの3人）から「くう」が選ばれました…: きら",
        "候補（かな、きら、くうの3人）から「くう」が選ばれました…: くう",
        "候補（かな、きら、くうの3人）から「くう」が選ばれました…: 「くう」"]
    assert not bare_draw_names("候補（かなさん、きらさんの2人）からきらさんが選ばれました。"
                               "候補（見つかった、見つからなかったの2件）から「見つかった」が選ばれました。")
    bad = Table(title="ダービー（予想）", headers=["局面", "名前", "予想", "賭け金", "結果", "払い戻し"],
                rows=[["1日目 夜", "たろう", "じろう", "3万ドル", "賭け", ""]])
    trades = Table(title="株の売買",
                   headers=["フェーズ", "名前", "種類", "銘柄", "株数", "株価（1株）", "金額"],
                   rows=[["1日目 夜", "はなこ", "購入", "たろう", "1", "10万ドル", "-10万ドル"]])
    assert phase_headers([bad]) == ["ダービー（予想）: 局面"]
    assert derby_table_words([bad, trades]) == [
        "ダービー（予想）: 結果「賭け」", "株の売買: 株数「1」", "株の売買: 金額「-10万ドル」"]
    good = Table(title="株の売買", headers=trades.headers,
                 rows=[["1日目 夜", "はなこ", "購入", "たろう", "1株", "10万ドル", "−10万ドル（支払）"],
                       ["2日目 夜", "はなこ", "売却", "たろう", "1株", "50万ドル", "50万ドル（受取）"]])
    assert derby_table_words([good]) == []
    assert nested_reason("有力（「競技」は「スポーツ」の言い換えです（同義語））")
    assert not nested_reason("有力（「競技」は「スポーツ」の言い換え・同義語）")
    assert nested_reason("可能性あり（かな書きの「はし」は「橋」と同じ読みです（GMが判断））")
    old = (f"「・トラップワードは言った後、{QUOTE_3S}。」本ツールの判断：原文は「3秒以内」ですが、"
           "チャットでは反応に時間がかかるため、本ツールではヒントから10秒以内（村の設定で変えられます）"
           "のコールを有効としています。")
    assert call_window_said(old, 10)
    assert call_window_said(f"「{QUOTE_3S}」", 10)
