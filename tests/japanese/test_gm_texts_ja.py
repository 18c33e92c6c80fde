"""Review 3 (issue 45), the other numbered points, each pinned in its new words: the
guide (Gd1–Gd5), status (St1), the CLI (C1–C3), posts (P3–P6), notices (N4–N9, N11),
the ledger (L2–L5, L7), explain (X5, X7–X11, G1) and the report (R1, R2, R4, R5).
Points 1–4 of the issue are in test_notices_and_posts_ja.py and test_copy_lint_gm.py."""

from __future__ import annotations

import re
import shutil
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from adjudicator.cli.main import main
from adjudicator.engine import resolve_game
from adjudicator.explain import explain_text
from adjudicator.report.html import render_report
from adjudicator.resources import data_dir
from adjudicator.status import gm_text, phase_status, reminder
from adjudicator.views import View
from tests.japanese.test_notices_and_posts_ja import _phase
from tests.support import FIXTURES, hook, registered

SAMPLES = data_dir("samples")


@cache
def _game(where: str) -> Any:
    root = SAMPLES / where if (SAMPLES / where).is_dir() else FIXTURES / where
    return resolve_game(root)


def _guide(variant: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["guide", str(SAMPLES / variant)]) == 0
    return capsys.readouterr().out


# ---------------------------------------------------------------- guide (Gd)
def test_gd1_the_price_inquiry_and_the_price_table(capsys: pytest.CaptureFixture[str]) -> None:
    sheet = _guide("derby-stock", capsys)
    assert "とだけ書くと、株価の問い合わせになります" in sheet
    assert "問い合わせて株数を書かなかった夜は、売買もダービーもできません。" in sheet
    assert "株価：最高50万ドル／高級20万ドル／平常10万ドル／低級5万ドル／最低（購入不可）" in sheet


@pytest.mark.parametrize("variant", registered())
def test_gd2_each_village_its_own_chatter(variant: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Each village's sheet gives its own example of chatter (its ``GUIDE_CHATTER``), and
    no other village's (derby's 「占いCOします」 was everyone's)."""
    said = hook(variant, "GUIDE_CHATTER")
    sheet = _guide(variant, capsys)
    if said:
        assert f"コマンドの言葉を使っただけの会話（「{said}」など）" in sheet
    else:
        assert "コマンドの言葉を使っただけの会話" not in sheet
    others = {hook(v, "GUIDE_CHATTER") for v in registered()} - {said, ""}
    assert others and not [w for w in others if f"「{w}」" in sheet]


def test_gd3_gd4_gd5(capsys: pytest.CaptureFixture[str]) -> None:
    assert "結社に入っている人にも同じ問題が追加の課題として出ます" in _guide("secret-society", capsys)
    majora = _guide("majora", capsys)
    assert "時の楽器を奏でると" in majora and "吹く" not in majora
    assert "能力@名前" in majora
    trap = _guide("trapword", capsys)
    assert "GMが不正なヒントと判断したときは、その手番は失敗です。" in trap and "反則" not in trap


# ---------------------------------------------------------------- status, CLI (St, C)
def test_st1_nobody_pending_is_said(tmp_path: Path) -> None:
    root = tmp_path / "d"
    shutil.copytree(SAMPLES / "derby-stock", root)
    game = resolve_game(root)
    log = (root / "logs" / "day1.txt").read_text(encoding="utf-8")
    st = phase_status(root, "day1", log.replace("締め切り", "もうすぐ").encode(), game=game)
    assert not st.waiting and st.post == "全員の投票がそろいました。"
    text = (root / "logs" / "night1.txt").read_text(encoding="utf-8")
    night = phase_status(root, "night1", text.replace("締め切り", "もうすぐ").encode(), game=game)
    assert not any(g.waiting for g in night.groups if not g.optional)
    assert "（待っている人はいません。催促の投稿は不要です）" in gm_text(night)
    # the public line of the night stays the same whoever has acted
    assert night.post == "夜の行動がまだの方は、お早めにGMへ送ってください。"
    assert reminder([], "round1", None, False, False) == ""


def test_c1_c2_c3(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "g"
    shutil.copytree(FIXTURES / "derby-rejections", root, ignore=shutil.ignore_patterns("expected"))
    assert main(["add", str(root), "day9", "-"]) == 2
    assert re.search(r"次に保存するのは [a-z]+\d+（\d+日目 [昼夜]）", capsys.readouterr().err)
    bad = tmp_path / "bad"
    (bad / "logs").mkdir(parents=True)
    (bad / "game.toml").write_text((SAMPLES / "secret-society" / "game.toml").read_text(
        encoding="utf-8").replace('variant = "secret-society"', 'variant = "secret-societyy"'),
        encoding="utf-8")
    assert main(["resolve", str(bad)]) != 0
    err = capsys.readouterr().err
    assert "村の種類が読めないため、この値を確かめられません" in err and "ninja" not in err
    assert main(["status", str(FIXTURES / "derby12"), "day9"]) == 2
    err = capsys.readouterr().err
    assert "このゲームは3日目 昼で終了しています。" in err and "次の" not in err


# ---------------------------------------------------------------- posts (P)
def test_p3_p5_p6() -> None:
    majora = "\n".join(ph.public_post for ph in _game("majora").phases)
    assert "～月の詩が解かれた～\nこの周のあいだ、巨人の道具が使えます。" in majora
    genpei = _phase(_game("genpei"), "night2").public_post
    assert genpei.index("昨日処刑されたおとさんの辞世の句") < genpei.index("昨晩、")
    ss = "\n".join(ph.public_post for ph in _game("secret-society-secret").phases)
    assert "／死亡した結社員：こたろうさん、さえさん（勝敗は所属する結社で決まります）" in ss


# ---------------------------------------------------------------- notices (N)
def test_n5_n6_n7_n8_n9() -> None:
    ss = [t for ph in _game("secret-society-secret").phases for ts in ph.private.values()
          for t in ts]
    assert any(re.search(r"^海賊旗を購入しました（1金、残り\d+金）。", t) for t in ss)
    assert not any("：問題：" in t for t in ss)
    gp = "\n".join(_phase(_game("genpei"), "day1").private["あきら"])
    assert gp.count("「暗殺@名前」で1人を暗殺できます。") == 1
    derby = _game("derby-stock")
    assert "所持金10万ドルから始まります" in "\n".join(_phase(derby, "day1").private["たろう"])
    kenta = _phase(derby, "night1").private["けんた"]
    assert kenta[0].startswith("霊能結果：")


def test_n11_the_rejection_gives_the_guides_form() -> None:
    reasons = [r.reason for ph in _game("majora-win").phases for r in ph.lines if r.reason]
    assert any("（使用@月の涙→名前）" in r for r in reasons)
    assert not any("能力@→対象" in r for r in reasons)


# ---------------------------------------------------------------- ledger (L)
def test_l2_l3_l4_l5() -> None:
    side = "\n".join(ph.ledger for ph in _game("genpei-side").phases)
    assert "暗殺権を持つ陣営 → 源氏（候補：源氏、平氏）" in side
    emperor = _phase(_game("genpei-emperor"), "day1").ledger
    assert "1日目の夜の暗殺権：平氏（この村の設定）" in emperor
    derby = "\n".join(ph.ledger for ph in _game("derby16").phases)
    assert "（声援なし）" in derby and "下がりました（声援）" not in derby
    assert "／本人の株価：" in derby and "自株" not in derby
    assert "【投票】最多の" in derby
    assert not re.search(r"^【投票】[^\d\s、（]{1,8}さんが処刑されました。", derby, re.M)


def test_l7_an_illegal_hint_in_one_parenthesis() -> None:
    ledger = "\n".join(ph.ledger for ph in _game("trapword-win").phases)
    assert "※不正なヒント（" in ledger and " 不正なヒント：" not in ledger


# ---------------------------------------------------------------- explain (X, G)
def test_x4_x8_x9_x10_x11(tmp_path: Path) -> None:
    from tests.japanese.test_notices_and_posts_ja import ss_rope

    game = ss_rope(tmp_path)
    doc = explain_text(game, view=View.of("ドク"))
    assert "・最多の7票を集めたあなたが処刑されました。" in doc
    assert "・あなたが処刑されました。" not in doc
    assert "クロノバックを使いました（使用権を1回使いました）" in "\n".join(
        _phase(game, "night4").private["ドク"])
    at = doc.index("・こたろうさんへの勧誘は成立しませんでした。")
    assert "ルール「勧誘」" in doc[at:at + 80] and "勧誘への返事" not in doc[at:at + 80]
    kohaku = explain_text(_game("splatoon"), view=View.of("こはる"))
    assert "相手チームのシューター（あおいさん）に先に撃たれたため" in kohaku and "相手色" not in kohaku
    keita = explain_text(_game("majora"), view=View.of("けいた"))
    assert "【1周目・3日目】の朝です（月の落下まで残り1日）。あなたは昨日死亡しました。" in keita


def test_g1_a_phases_log_in_words() -> None:
    gm = explain_text(_game("secret-society-main"), view=View.gm())
    assert "4日目昼のログ：おとさんの課題の判定がありません" in gm and "［phase:" not in gm


# ---------------------------------------------------------------- report (R)
def test_r1_r2_r4_r5() -> None:
    html = render_report(_game("derby12"))
    assert "<title>ダービー＆ストック村 終了レポート</title>" in html
    assert "<h1>ダービー＆ストック村</h1>" in html
    assert ">抽選</a>" in html and "乱数" not in html and "抽選のシード" not in html
    assert "進行：GM、ゲームマスター／行の内訳：" in html and "GM：GM" not in html
    assert "（処刑：" not in html and "処刑：<strong>" in html
    titles = re.findall(r'title="([^"]*)"', html)
    assert not [t for t in titles if re.search(r"logs/|[a-z]+\.[a-z_]+\.", t)], titles[:5]
    assert 'data-rule="ww.vote"' in html and 'data-ref="logs/day1.txt:' in html


def test_p4_the_moon_fall_first_and_a_used_find_said_short() -> None:
    game = _game("majora-moon")
    fall = _phase(game, "night3").public_post
    assert fall.startswith("【1周目・4日目】朝\n……空が裂けるような轟音とともに、月が村に落ちてきました。")
    assert "昨日見つかったアイテム" not in fall
    before = _phase(game, "night2").public_post
    assert "・「巨人の玉」（さつきさんが入手、同日に使用・砕け散りました）\n" in before


def test_x5_a_super_chance_on_me_is_said_as_such() -> None:
    jiro = explain_text(_game("derby-stock"), view=View.of("じろう"))
    assert "・あやかさんはスーパーチャンスであなたを指名していました（はずれ・最終所持金43万ドル）。" in jiro
    assert "・あやかさんの最終所持金は43万ドルです。" not in jiro
