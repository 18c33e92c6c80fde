"""Review 3 (issue 45), points 1–3: each notice, ruling and post the review showed,
pinned in its new words over the review's own cases (the bundled samples, and the
review-2 cases ``ss-rope`` and ``tw`` rebuilt from the fixture games they came from).

1. N1 the splashed squid is told; N2/X1 the day task with a failed recruit problem;
   N3 the roped invitee's 承諾; X2 the vote's 原文 (also tests/japanese/test_rulebook_ja);
   N10 Trap Word's start notice before the traps are set.
2. X3 no 「（なし）」 inside a sentence; X6 the team that set the traps is not "told" them.
3. P1 ムジュラ's opening as a 【1周目・1日目】朝 post of its own; P2 the 2周目 post
   speaks to everyone.
"""

from __future__ import annotations

import shutil
from functools import cache
from pathlib import Path
from typing import Any

from adjudicator.engine import resolve_game
from adjudicator.explain import explain_text
from adjudicator.resources import data_dir
from adjudicator.views import View
from tests.support import FIXTURES

SAMPLES = data_dir("samples")


def _copy(src: Path, dest: Path) -> Path:
    shutil.copytree(src, dest, ignore=shutil.ignore_patterns("expected", "out"))
    return dest


def _phase(game: Any, pid: str) -> Any:
    return next(ph for ph in game.phases if ph.id == pid)


def _edit(root: Path, log: str, old: str, new: str) -> None:
    path = root / "logs" / log
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new), encoding="utf-8")


@cache
def _sample(variant: str) -> Any:
    return resolve_game(SAMPLES / variant)


def ss_rope(tmp: Path) -> Any:
    """Review-2 case ss-rope: ドク invites こたろう, who accepts, the night the pirates
    rope him (fixture secret-society-secret with two lines changed)."""
    root = _copy(FIXTURES / "secret-society-secret", tmp / "ss-rope")
    _edit(root, "night3.txt", "ドク: 勧誘@ここ", "ドク: 勧誘@こたろう")
    _edit(root, "night3.txt", "ここ: 拒否", "こたろう: 承諾")
    return resolve_game(root)


# ---------------------------------------------------------------- 1. rulings in notices
def test_n1_the_splashed_squid_is_told_it_may_not_speak() -> None:
    night1 = _phase(_sample("splatoon"), "night1")
    notice = "\n".join(night1.private["えいた"])
    assert ("一晩でゲージが3動いたため、あなたはスプラッシュしました。"
            "本日の議論では発言できません（投票はできます）。") in notice
    calm = [n for n, ts in night1.private.items() if not any("スプラッシュ" in t for t in ts)]
    assert calm and "あおい" in calm  # a squid whose gauge barely moved is not told so


def test_n1_a_splash_on_the_last_night_has_no_discussion_to_miss() -> None:
    game = resolve_game(FIXTURES / "splatoon-win")
    last = _phase(game, "night6")
    for texts in last.private.values():
        for t in texts:
            assert "本日の議論では発言できません" not in t, t


def test_n2_x1_the_day_task_states_the_recruit_problems_own_result(tmp_path: Path) -> None:
    game = ss_rope(tmp_path)
    notice = "\n".join(_phase(game, "day3").private["ドク"])
    assert ("3日目の課題：成功（GMの判定は成功、リクルートチャンスの問題は失敗でした。"
            "成功が1回あるため、課題は成功です）") in notice
    assert "を含む" not in notice
    mine = explain_text(game, view=View.of("ドク"), phase="day3")
    assert ("この日の課題：GMの判定は成功、リクルートチャンスの問題は失敗でした。"
            "成功が1回あるため、あなたのこの日の課題は成功です。") in mine
    assert "でしたが、リクルートチャンスの問題を含めて" not in mine


def test_n3_the_roped_invitee_learns_what_became_of_his_answer(tmp_path: Path) -> None:
    game = ss_rope(tmp_path)
    notices = _phase(game, "night3").private["こたろう"]
    assert ("昨晩、クロノマターのリーダーのドクさんから勧誘が届き、承諾しましたが、同じ夜に"
            "大縄とフックで海賊団に入れられたため、クロノマターには入会していません。") in notices
    # no bare 「勧誘が届きました。」 that reads like an invitation still to answer
    assert "昨晩、クロノマターのリーダーのドクさんから勧誘が届きました。" not in notices
    assert "あなたは海賊団のメンバーです。" in "\n".join(notices)


def test_n3_without_an_answer_the_roped_invitee_is_told_too(tmp_path: Path) -> None:
    root = _copy(FIXTURES / "secret-society-secret", tmp_path / "ss-rope-silent")
    _edit(root, "night3.txt", "ドク: 勧誘@ここ", "ドク: 勧誘@こたろう")
    notices = _phase(resolve_game(root), "night3").private["こたろう"]
    assert ("昨晩、クロノマターのリーダーのドクさんから勧誘が届きましたが、同じ夜に"
            "大縄とフックで海賊団に入れられたため、クロノマターには入会していません。") in notices


def test_x2_the_vote_cites_no_kawarimi_sentence(tmp_path: Path) -> None:
    game = ss_rope(tmp_path)
    mine = explain_text(game, view=View.of("ドク"), phase="day1")
    at = mine.index("ルール「投票」")
    assert "この投票時間の結果で処刑されても死にません" not in mine[at:at + 200]
    assert "原文：記載なし（一般的な人狼のルールに従います）" in mine[at:at + 200]


def _tw_start(tmp: Path) -> Path:
    """Review-2 case tw: round 1 stored with the secret words and 青's traps only."""
    root = _copy(FIXTURES / "trapword-win", tmp / "tw")
    for f in (root / "logs").glob("*.txt"):
        f.unlink()
    (root / "logs" / "round1.txt").write_text(
        "[21:00:00] GM: ラウンド1を始めます\n[21:00:05] GM: 秘密@赤 りんご\n"
        "[21:00:06] GM: 秘密@青 バスケットボール\n[21:00:30] さくら: トラップ@果物、赤い、青森\n",
        encoding="utf-8")
    return root


def test_n10_before_play_the_traps_are_not_set_yet(tmp_path: Path) -> None:
    game = resolve_game(_tw_start(tmp_path))
    notice = "\n".join(_phase(game, "round1").private["たろう"])
    assert ("赤チームのトラップワードはまだ設定されていません（0個／3個まで）。"
            "青チームのヒントが始まる前に「トラップ@言葉、言葉」で設定できます。") in notice
    assert "トラップがありません" not in notice


def test_n10_once_played_no_traps_means_none() -> None:
    """When the turns were played, a team that set nothing is told the hints were safe."""
    game = resolve_game(FIXTURES / "trapword-lose")
    told = [t for ph in game.phases for ts in ph.private.values() for t in ts
            if "トラップワードを設定しませんでした" in t]
    for t in told:
        assert "このラウンドの" in t and "ヒントにはトラップがありません" in t
    assert not any("まだ設定されていません" in t for ph in game.phases
                   for ts in ph.private.values() for t in ts)


# ---------------------------------------------------------------- 2. placeholders
def test_x3_the_sensor_that_found_nobody_says_so() -> None:
    mine = explain_text(_sample("splatoon"), view=View.of("くるみ"))
    assert "あなたのスーパーセンサー：ムラサキチームのイカはいませんでした。" in mine
    assert "（なし）" not in mine


def test_x3_no_placeholder_in_any_view_of_the_samples() -> None:
    for variant in ("splatoon", "trapword"):
        game = _sample(variant)
        for view in [View.gm(), *(View.of(n) for n in game.state.players)]:
            text = explain_text(game, view=view)
            assert "（なし）" not in text and "は（なし）" not in text, (variant, view.label())


def test_x3_x6_the_traps_in_the_setters_view(tmp_path: Path) -> None:
    game = resolve_game(FIXTURES / "trapword-win")
    mine = explain_text(game, view=View.of("たろう"))
    assert "あなたに、赤チームが" not in mine and "トラップワード「スポーツ」" in mine
    assert "仕掛けたトラップワード" not in mine
    assert "赤チームのトラップワード「" in mine and "」を受け付けました（3個まで。" in mine
    start = explain_text(resolve_game(_tw_start(tmp_path)), view=View.of("たろう"))
    assert "トラップワード（なし）" not in start


# ---------------------------------------------------------------- 3. ムジュラ's opening
def test_p1_the_opening_is_a_morning_post_of_its_own() -> None:
    post = _phase(_sample("majora"), "day1").public_post
    morning, _blank, results = post.partition("\n\n【1周目・1日目】昼の結果\n")
    assert morning.startswith("【1周目・1日目】朝\n～時計の町の三日間～\n")
    assert "宣言してください。" in morning and results
    assert "～時計の町の三日間～" not in results and "宣言してください" not in results


def test_p1_before_play_day_one_gives_the_morning_post_alone(tmp_path: Path) -> None:
    root = _copy(SAMPLES / "majora", tmp_path / "mj")
    for f in (root / "logs").glob("*.txt"):
        f.unlink()
    (root / "logs" / "day1.txt").write_text("[12:00] スタルキッド: 1日目を始めます\n",
                                            encoding="utf-8")
    post = _phase(resolve_game(root), "day1").public_post
    assert post.startswith("【1周目・1日目】朝\n～時計の町の三日間～\n")
    assert "昼の結果" not in post and "宣言はありませんでした" not in post


def test_p2_the_second_loop_speaks_to_the_village() -> None:
    posts = "\n".join(ph.public_post for ph in _sample("majora").phases)
    assert "時が巻き戻り、2周目が始まりました。皆さんの手元には新しい仮面が配られています。" in posts
    assert "あなたの手元には新しい仮面" not in posts
