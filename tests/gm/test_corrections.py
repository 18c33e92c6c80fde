"""訂正 after posting (adjudicator.corrections; docs/gm-tools.md): what was published,
what resolving now changes and why, the correction texts, what-if, and the history.

The cases of tests/data/corrections/*.toml are one per sample game: every phase is
posted, then the GM corrects one line of a log; the expected texts are written out in
the case (read as a GM would: the village's 訂正 post, each player's 訂正 notice)."""

from __future__ import annotations

import hashlib
import json
import shutil
import tomllib
from pathlib import Path

import pytest

from adjudicator.cli.main import main
from adjudicator.corrections import (
    compare,
    history,
    load,
    private_correction,
    public_correction,
)
from adjudicator.engine import resolve_game
from adjudicator.resources import data_dir
from tests.support import ROOT

CASES = sorted((ROOT / "tests" / "data" / "corrections").glob("*.toml"))


def _sample(tmp: Path, name: str) -> Path:
    root = tmp / name
    shutil.copytree(data_dir("samples") / name, root)
    return root


def _post_all(root: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    phases = [ph.id for ph in resolve_game(root).phases]
    for pid in phases:
        assert main(["posted", str(root), pid]) == 0
    capsys.readouterr()
    return phases


def _edit(root: Path, log: str, old: str, new: str) -> None:
    path = root / "logs" / log
    text = path.read_text(encoding="utf-8")
    assert old in text, (log, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _tree(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def test_every_sample_has_a_case() -> None:
    samples = {p.name for p in data_dir("samples").iterdir() if (p / "game.toml").is_file()}
    assert {c.stem for c in CASES} >= samples - {"plain-werewolf"} and CASES


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_a_corrected_log_gives_the_right_corrections(
        case: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    c = tomllib.loads(case.read_text(encoding="utf-8"))
    root = _sample(tmp_path, c["sample"])
    _post_all(root, capsys)
    assert main(["corrections", str(root)]) == 0
    assert "訂正はありません" in capsys.readouterr().out
    _edit(root, c["log"], c["line"], c["corrected"])

    assert main(["corrections", str(root), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got == {"phases": {pid: {"public": v["public"], "players": v["players"]}
                              for pid, v in c["changes"].items()}}

    published = load(root)
    changes = compare(resolve_game(root), published)
    first = changes[0]
    assert first.phase == c["first"]["phase"]
    assert list(first.why) == c["first"]["why"]
    assert public_correction(first, published[first.phase][-1].public) == \
        c["first"]["village"].lstrip("\n")
    assert {p: private_correction(first, p) for p in first.players} == {
        p: t.lstrip("\n") for p, t in c["first"].get("notices", {}).items()}
    if "later" in c:
        assert changes[1].phase == c["later"]["phase"]
        assert list(changes[1].why) == c["later"]["why"]

    assert main(["corrections", str(root)]) == 0
    text = capsys.readouterr().out
    assert "【訂正】" in text and "rule" not in text and "logs/" not in text


def test_a_change_only_one_player_sees_is_no_village_post(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A seer's result read from a corrected line: the seer alone is told; the village's
    post does not change, so there is no village 訂正 that would hint at it."""
    root = _sample(tmp_path, "derby-stock")
    _post_all(root, capsys)
    _edit(root, "night1.txt", "[21:21] はなこ: 占い@じろう", "[21:21] はなこ: 占い@たろう")
    changes = compare(resolve_game(root), load(root))
    assert [(c.phase, c.public, c.players) for c in changes] == [("night1", False, ("はなこ",))]
    assert public_correction(changes[0]) == ""
    assert private_correction(changes[0], "はなこ") == (
        "【訂正】1日目 夜のはなこさんへの通知に誤りがありました。正しくは次のとおりです。\n\n"
        "占い結果：たろうさんは【人間】です。\n"
        "21:25の「3株」は受け付けられませんでした：3株は30万ドルで、所持金（10万ドル）を"
        "超えます。\n"
        "たろうさんの株を1株購入しました（平常株・1株10万ドル、計10万ドル）。現在の所持金は0"
        "ドルです。\n")
    assert main(["corrections", str(root)]) == 0
    out = capsys.readouterr().out
    assert "村への訂正" not in out and "はなこさんへの訂正" in out


def test_a_correction_that_changes_nothing_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _sample(tmp_path, "derby-stock")
    _post_all(root, capsys)
    path = root / "logs" / "night1.txt"
    path.write_text(path.read_text(encoding="utf-8") + "[21:40] たろう: おやすみ\n",
                    encoding="utf-8")
    assert main(["corrections", str(root)]) == 0
    assert capsys.readouterr().out == (
        "訂正はありません：投稿済みの日の投稿と通知は、今集計しても同じです。\n")
    assert main(["corrections", str(root), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"phases": {}}


def test_nothing_posted_yet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _sample(tmp_path, "derby-stock")
    assert main(["corrections", str(root)]) == 0
    assert "投稿済みの日はまだありません" in capsys.readouterr().out
    assert main(["corrections", str(root), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"phases": {}}


def test_posting_again_keeps_history_and_the_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _sample(tmp_path, "derby-stock")
    _post_all(root, capsys)
    assert main(["posted", str(root), "night1"]) == 0  # the same texts: nothing new
    assert "同じです" in capsys.readouterr().out
    assert len(load(root)["night1"]) == 1
    _edit(root, "night1.txt", "[21:20] ひろし: 噛み@ゆいちゃん", "[21:20] ひろし: 噛み@えみ")
    _edit(root, "night1.txt", "[21:20] じろう: 噛み@ゆい", "[21:20] じろう: 噛み@えみ")
    assert main(["posted", str(root), "night1", "--note", "噛み先を読み違えていました"]) == 0
    capsys.readouterr()
    (fix,) = history(load(root))
    assert (fix.phase, fix.public, fix.note) == ("night1", True, "噛み先を読み違えていました")
    # the GM's explain names the correction and its reason; a player's, only that it was
    assert main(["explain", str(root), "--phase", "night1"]) == 0
    gm = capsys.readouterr().out
    assert "訂正の記録：" in gm and "噛み先を読み違えていました" in gm
    assert main(["explain", str(root), "--as", "はなこ", "--phase", "night1"]) == 0
    player = capsys.readouterr().out
    assert "訂正の記録：" in player and "読み違え" not in player
    # the report's section
    assert main(["report", str(root), "-o", str(tmp_path / "r.html")]) == 0
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "投稿後の訂正" in html and "噛み先を読み違えていました" in html
    # night1's correction is posted; day2 still differs from what was posted for it
    changes = compare(resolve_game(root), load(root))
    assert [c.phase for c in changes][:1] == ["day2"]
    assert changes[0].why[0].startswith("2日目昼のログ")


def test_what_if_prints_the_comparison_and_stores_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _sample(tmp_path, "derby-stock")
    assert main(["resolve", str(root)]) in (0, 1)
    _post_all(root, capsys)
    before = _tree(root)
    assert main(["resolve", str(root), "--without", "night1.txt:1",
                 "--without", "night1.txt:2", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["phases"]["night1"]["public"] is True
    assert main(["resolve", str(root), "--what-if", "tie=none"]) == 0
    assert capsys.readouterr().out == "仮の条件で集計しても、投稿と通知は何も変わりません。\n"
    assert main(["resolve", str(root), "--what-if", "first_bite=false"]) == 0
    capsys.readouterr()
    assert main(["resolve", str(root), "--what-if", 'first_bite="none"']) == 2
    err = capsys.readouterr().err
    assert "仮の設定（--what-if）が使えません" in err and "game.toml" not in err
    assert _tree(root) == before


@pytest.mark.parametrize("args, said", [
    (["--what-if", "tie"], "キー=値"),
    (["--without", "night1.txt"], "ログ:行番号"),
    (["--without", "night9.txt:3"], "ログ「night9.txt」はありません"),
    (["--without", "night1.txt:999"], "999行目はありません"),
])
def test_what_if_usage_errors_are_one_japanese_line(
        args: list[str], said: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    root = _sample(tmp_path, "derby-stock")
    assert main(["resolve", str(root), *args]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_a_damaged_record_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _sample(tmp_path, "derby-stock")
    _post_all(root, capsys)
    (root / "published" / "night1.json").write_text("{not json", encoding="utf-8")
    assert main(["corrections", str(root)]) == 2
    err = capsys.readouterr().err
    assert "night1.json" in err and "壊れています" in err and "Traceback" not in err
