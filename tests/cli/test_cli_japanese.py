"""The command line speaks Japanese: every ``--help`` (every command and subcommand,
discovered from the parser) and the errors of a table of bad command lines are Japanese
sentences around option names, command names, paths and placeholders.

``latin_problems`` is the measure: after taking away what is meant to be Latin (option
names, command names, choices, placeholders, paths, code in backticks, examples and the
usage block, a few product names), at most 5% of the letters may be Latin and no three
English words may follow each other.  A future English help string fails it (see
``test_the_measure_catches_an_english_help_string``)."""

from __future__ import annotations

import argparse
import errno
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.cli.ja import display_width, japanese_argparse, wrap_ja
from adjudicator.cli.main import build_parser, main
from adjudicator.fsio import _WHAT_TO_DO, os_error_message
from adjudicator.resources import data_dir
from tests.support.derby_stock import write_game

#: names of products, formats and commands a Japanese sentence writes in Latin letters
PROPER = {"JSON", "HTML", "SQLite", "Discord", "DiscordChatExporter", "LINE", "Mac", "PC",
          "CSV", "TXT", "Enter", "Ctrl", "Schema", "API", "SHA", "ID", "MB", "UTF",
          "Shift_JIS", "uvicorn", "pip", "install", "adjudicator", "GM", "DM", "TAB", "q"}

MAX_LATIN_SHARE = 0.05
_JA = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e]")
_WORD = re.compile(r"[A-Za-z][A-Za-z']*")
_ENGLISH_RUN = re.compile(r"[A-Za-z][A-Za-z']*(?:[ ,;]+[A-Za-z][A-Za-z']*){2,}")


def parsers(p: argparse.ArgumentParser, path: tuple[str, ...] = ()
            ) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every (sub)command's parser with the words that name it."""
    yield path, p
    for action in p._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from parsers(sub, (*path, name))


def allowed_words(p: argparse.ArgumentParser) -> set[str]:
    """Everything of the command line that is Latin by design: command names, option
    names, destinations, metavars and choices."""
    words: set[str] = set()
    for path, q in parsers(p):
        words.update(path)
        for action in q._actions:
            words.update(_WORD.findall(" ".join(action.option_strings)))
            words.update(_WORD.findall(str(action.dest)))
            words.update(_WORD.findall(str(action.metavar or "")))
            if action.choices is not None and not isinstance(action.choices, dict):
                for c in action.choices:
                    words.update(_WORD.findall(str(c)))
    return words


def _strip_designed_latin(text: str) -> str:
    # the usage block (option names and placeholders only) up to its blank line
    text = re.sub(r"使い方：.*?(\n\n|\Z)", "\n", text, flags=re.S)
    # examples: the 例： line and the indented command lines after it
    text = re.sub(r"例：.*(\n {2}\S.*)*", "", text)
    text = re.sub(r"`[^`]*`", " ", text)  # code
    text = re.sub(r"\{[^}]*\}", " ", text)  # choices
    # paths, options, placeholders with punctuation or digits, quoted Python values
    return re.sub(r"[^\s（）「」、。：；・，]*[/.$_\[\]=@<>0-9\\~-][^\s（）「」、。：；・，]*",
                  " ", text)


def latin_problems(text: str, allowed: set[str]) -> list[str]:
    """What is English in ``text`` beyond what the command line needs: [] when fine."""
    rest = _strip_designed_latin(text)
    words = [w for w in _WORD.findall(rest)
             if w not in allowed and w not in PROPER and not w.isupper()]
    latin = sum(len(w) for w in words)
    japanese = len(_JA.findall(rest))
    problems = []
    if latin > MAX_LATIN_SHARE * (latin + japanese):
        problems.append(f"{latin} Latin letters of {latin + japanese}: {words[:20]}")
    for run in _ENGLISH_RUN.findall(rest):
        english = [w for w in _WORD.findall(run) if w not in allowed and w not in PROPER]
        if len(english) >= 3:
            problems.append(f"English words: {run!r}")
    return problems


@pytest.fixture(scope="module")
def allowed() -> set[str]:
    return allowed_words(build_parser())


def _all_commands() -> list[tuple[str, ...]]:
    return [path for path, _p in parsers(build_parser())]


@pytest.mark.parametrize("path", _all_commands(), ids=lambda p: " ".join(p) or "adjudicator")
def test_every_help_is_japanese(path: tuple[str, ...], allowed: set[str], capsys,  # type: ignore[no-untyped-def]
                                monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    code = main([*path, "--help"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    assert out.startswith("使い方：") and "オプション" in out, out[:200]
    assert "この説明を表示して終わります" in out
    # section titles end in a full-width colon, as Japanese writes them (「オプション：」)
    assert not re.search(r"(?m)^ *[^\x00-\x7f ][^:\n]*:$", out), out
    assert re.search(r"(?m)^オプション：$", out), out
    assert latin_problems(out, allowed) == [], out
    # Japanese lines fit the terminal (wrapped by columns, not by spaces); examples whole
    for line in out.splitlines():
        if _JA.search(line) and not line.startswith(("例：", "  adjudicator", "使い方：")):
            assert display_width(line) <= 80, line


def test_every_command_is_tested(allowed: set[str]) -> None:
    """The discovery finds the subcommands' subcommands too (archive, discord)."""
    found = {" ".join(p) for p in _all_commands()}
    assert {"", "new", "add", "resolve", "read", "archive export", "discord send",
            "status", "deal", "verify", "guide", "serve", "demo"} <= found


def test_the_measure_catches_an_english_help_string(allowed: set[str], capsys) -> None:  # type: ignore[no-untyped-def]
    """An English help string among Japanese ones fails the measure."""
    p = build_parser("resolve")
    sub = next(a for a in p._actions if isinstance(a, argparse._SubParsersAction))
    sub.choices["resolve"].add_argument("--summary", action="store_true",
                                        help="print only the summary of the latest phase")
    with japanese_argparse():
        text = sub.choices["resolve"].format_help()
    assert latin_problems(text, allowed) != []
    assert latin_problems("adjudicator: no game folder at 'g'", allowed) != []
    assert latin_problems("adjudicator: ゲームのフォルダ「games/g」が見つかりません", allowed) == []


@pytest.fixture(scope="module")
def places(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    root = tmp_path_factory.mktemp("ja")
    game = write_game(root / "g", {"day1": "たろう: こんにちは\n"})
    sample = root / "sample"
    shutil.copytree(data_dir("samples") / "derby-stock", sample)
    (root / "empty.txt").write_bytes(b"")
    (root / "bad.txt").write_bytes(b"\xff\xfe\xff")
    (root / "file.txt").write_text("ただのファイル\n", encoding="utf-8")
    (root / "folder").mkdir()
    db = root / "arc.sqlite3"
    assert main(["archive", "add", str(sample), "--db", str(db)]) == 0
    names = ["あかね", "いぶき", "うみ", "えま", "おと", "かい", "きら", "くう", "けい", "こう",
             "さき", "しの"]
    derby = "".join(f'[[players]]\nname = "{n}"\ngender = "male"\n' for n in names)
    for folder, toml in {
        "counts": 'variant = "derby-stock"\n[setup]\n"人狼" = 2\n"村人" = 3\n' + derby,
        "notrole": 'variant = "derby-stock"\n[setup]\n"勇者" = 12\n' + derby,
        "negative": 'variant = "derby-stock"\n[setup]\n"人狼" = 13\n"村人" = -1\n' + derby,
        "nowolf": 'variant = "derby-stock"\n[setup]\n"村人" = 12\n' + derby,
        "notint": 'variant = "derby-stock"\n[setup]\n"人狼" = "2"\n' + derby,
        "few": 'variant = "derby-stock"\n' + derby.rsplit("[[players]]", 1)[0],
        "genpei": 'variant = "genpei"\n' + derby.replace('gender = "male"\n', ""),
        "genpeisetup": 'variant = "genpei"\n[setup]\n"人狼" = 12\n' + derby,
        "tw": 'variant = "trapword"\n',
        "noplayers": 'variant = "derby-stock"\n',
        "nogender": 'variant = "derby-stock"\n' + derby.replace('gender = "male"\n', "", 1),
        "badtoml": 'variant = "derby-stock\n',
    }.items():
        (root / folder).mkdir()
        (root / folder / "game.toml").write_text(toml, encoding="utf-8")
    (root / "latin1").mkdir()
    (root / "latin1" / "game.toml").write_bytes(b'variant = "\xff"\n')
    return {"G": str(game), "ROOT": str(root), "DB": str(db), "SAMPLE": str(sample)}


#: bad command lines and their exit codes (2: usage; 1: what the GM must change)
ERRORS: list[tuple[str, int]] = [
    ("add", 2),
    ("frobnicate", 2),
    ("resolve G --bogus", 2),
    ("new ROOT/x --variant chess", 2),
    ("resolve ROOT/nowhere", 2),
    ("resolve ROOT/file.txt", 2),
    ("add G noon1 ROOT/file.txt", 2),
    ("add G day2 ROOT/file.txt", 2),
    ("add G round2 ROOT/file.txt", 2),
    ("add G night1 ROOT/missing.txt", 2),
    ("add G night1 ROOT/folder", 2),
    ("add G night1 ROOT/empty.txt", 1),
    ("add G night1 --format nope ROOT/file.txt", 2),
    ("add G night1 --format discord ROOT/file.txt", 1),
    ("explain G --as たろう --gm", 2),
    ("new ROOT/file.txt", 1),
    ("demo ROOT/file.txt", 1),
    ("read ROOT/missing.txt", 2),
    ("read ROOT/bad.txt", 1),
    ("read ROOT/folder", 2),
    ("report G -o ROOT/nowhere/r.html", 1),
    ("report G -o ROOT/folder", 1),
    ("archive show abc --db DB", 2),
    ("archive show 99 --db DB", 1),
    ("archive export 1 ROOT/nowhere/restored --db DB", 1),
    ("archive export 1 ROOT/file.txt --db DB", 1),
    ("archive list --db ROOT/file.txt", 1),
    ("archive list --db ROOT/nowhere/a.sqlite3", 1),
    ("archive replay 1 --phase night9 --db DB", 2),
    ("serve --port 99999", 2),
    ("serve ROOT/nowhere", 2),
    ("deal G --seed x", 2),
    ("status G day1 --deadline 25", 2),
    ("status ROOT/folder day1", 2),
    ("deal G", 1),
    ("deal ROOT/counts", 1),  # a bad [setup] is game.toml's to fix (issue 46.6)
    ("deal ROOT/notrole", 1),
    ("deal ROOT/negative", 1),
    ("deal ROOT/nowolf", 1),
    ("deal ROOT/notint", 1),
    ("deal ROOT/few", 2),
    ("deal ROOT/genpei", 2),
    ("deal ROOT/genpeisetup", 1),
    ("deal ROOT/tw", 2),
    ("deal ROOT/noplayers", 2),
    ("deal ROOT/nogender", 1),
    ("deal ROOT/badtoml", 1),
    ("deal ROOT/latin1", 1),
    ("deal ROOT/nowhere", 2),
    ("status G day5", 2),
    ("status G night1", 2),
    ("guide", 2),
    ("guide G --variant genpei", 2),
    ("guide ROOT/nowhere", 2),
]


@pytest.mark.parametrize(("line", "code"), ERRORS, ids=[line for line, _c in ERRORS])
def test_every_error_is_japanese(line: str, code: int, places: dict[str, str],
                                 allowed: set[str], capsys) -> None:  # type: ignore[no-untyped-def]
    argv = [next((places[k] + w[len(k):] for k in places if w.startswith(k)), w)
            for w in line.split()]
    got = main(argv)
    out, err = capsys.readouterr()
    assert got == code, err
    assert err.strip(), "an error says what is wrong"
    message = err.strip().splitlines()[-1]  # the usage lines come first
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", message), message
    assert latin_problems(err + out, allowed) == [], err
    assert "Traceback" not in err


def test_archive_export_refuses_a_missing_folder(places: dict[str, str], capsys) -> None:  # type: ignore[no-untyped-def]
    """As ``report -o``: a mistyped path makes no folders, and says so in one line."""
    dest = Path(places["ROOT"]) / "typo" / "restored"
    assert main(["archive", "export", "1", str(dest), "--db", places["DB"]]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "フォルダ" in err and "ありません" in err
    assert not dest.parent.exists()
    assert main(["archive", "export", "1", str(dest.parent), "--db", places["DB"]]) == 0
    assert (dest.parent / "game.toml").is_file()


@pytest.mark.parametrize("code", sorted(_WHAT_TO_DO), ids=errno.errorcode.get)
def test_every_os_error_is_said_in_japanese(code: int, allowed: set[str]) -> None:
    line = os_error_message(OSError(code, "Some English strerror", "g/out/game.json"))
    assert line.startswith(_WHAT_TO_DO[code][0]) and "g/out/game.json" in line
    assert "English" not in line and latin_problems(line, allowed) == []


def test_an_unknown_os_error_still_leads_with_japanese() -> None:
    line = os_error_message(OSError(errno.ENOTSUP, "Operation not supported", "g/x"))
    assert line.startswith("ファイルを読み書きできませんでした：g/x")
    assert "Operation not supported" in line  # the system's words, in brackets


def test_japanese_wraps_between_characters_and_keeps_ascii_runs_whole() -> None:
    rows = wrap_ja("ゲームのフォルダ（GAME/out/ の中）を、ブラウザで開きます。", 20)
    assert rows == ["ゲームのフォルダ", "（GAME/out/ の中）を、", "ブラウザで開きます。"]
    assert all(display_width(r) <= 22 for r in rows)  # 、 may hang past the edge


def test_help_of_the_main_listing_names_every_command_in_japanese(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for name in ("new", "add", "resolve", "archive", "discord", "guide", "demo"):
        assert re.search(rf"^\s+{name}\s+\S*[\u3040-\u30ff\u4e00-\u9fff]", out, re.M), name


def test_archive_names_the_village_not_its_id(places: dict[str, str], capsys) -> None:  # type: ignore[no-untyped-def]
    """The GM reads 「ダービー＆ストック村」 in ``archive list``, ``show`` and ``replay``."""
    for argv in (["archive", "list"], ["archive", "show", "1"], ["archive", "replay", "1"]):
        assert main([*argv, "--db", places["DB"]]) == 0
        out = capsys.readouterr().out
        assert "ダービー＆ストック村" in out and "derby-stock" not in out, argv


def test_a_reader_guess_reaches_the_gm_in_japanese(tmp_path: Path, allowed: set[str]) -> None:
    """resolve's 「確認が必要な行」: a guess with a fixed wording is said in Japanese."""
    from adjudicator.cli.main import diagnostic_line
    from adjudicator.engine import resolve_game
    from tests.support import FIXTURES

    game = tmp_path / "g"
    (game / "logs").mkdir(parents=True)
    shutil.copy(FIXTURES / "derby16" / "game.toml", game / "game.toml")
    shutil.copy(FIXTURES / "chat" / "line_date_default.txt", game / "logs" / "day1.txt")
    guess = next(d for d in resolve_game(game).phases[0].diagnostics if d.code == "read_guess")
    line = diagnostic_line(guess)
    assert line.startswith("情報：1日目昼のログ 3行目：日付の並び：月が先か日が先か"), line
    assert latin_problems(line, allowed) == [], line
    assert "date order" in diagnostic_line(guess, "en")
