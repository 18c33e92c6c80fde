"""The LALR runtime generated from the installed lark (``adjudicator.larkrt``) parses
every line as lark itself does, is named by the installed lark's files, is run only
from a trusted file, and spares a later start ``import lark``."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import types
from pathlib import Path

import lark
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import larkrt
from adjudicator import parser as P
from adjudicator.games import IMPLEMENTED
from adjudicator.resources import grammar_text

ROOT = Path(__file__).resolve().parents[2]
PIECES = ["予想", "購入", "売却", "投票", "噛み", "占い", "護衛", "チャンス", "活躍", "声援",
          "代理", "交代", "締め切り", "トラップ", "秘密", "開始", "勝者", "@", "の株", "株",
          "万", "3", "5", " ", "まん", "千", "→", P._N, "\ue0001\ue001", "よろしく", "、", "なし"]

_OPTIONS = dict(parser="lalr", lexer="contextual", start=["player_line", "gm_line"],
                maybe_placeholders=False)
_PAIRS: dict[str, tuple[object, object]] = {}


def _pair(variant: str) -> tuple[object, object]:
    """(lark's parser of the variant, the runtime's, from the same saved tables)."""
    if variant not in _PAIRS:
        full = lark.Lark(grammar_text(variant), **_OPTIONS)
        runtime = types.ModuleType(f"runtime_under_test_{variant}")
        sys.modules[runtime.__name__] = runtime  # its dataclasses look their module up
        exec(compile(larkrt.runtime_source(full), "<runtime>", "exec"), runtime.__dict__)
        buf = io.BytesIO()
        full.save(buf)
        # both load the saved tables, as every start after the first does (a parser
        # lark has just built names its rules by Tokens, a loaded one by str)
        _PAIRS[variant] = (lark.Lark.load(io.BytesIO(buf.getvalue())),
                           runtime.Lark.load(io.BytesIO(buf.getvalue())))
    return _PAIRS[variant]


def _outcome(parser: object, line: str, start: str) -> str:
    try:
        return repr(parser.parse(line, start=start))  # type: ignore[attr-defined]
    except Exception as e:  # the error's kind, place and wording must match too
        return f"{type(e).__name__}: {e}"


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(IMPLEMENTED), st.sampled_from(["player_line", "gm_line"]),
       st.lists(st.sampled_from(PIECES), min_size=1, max_size=7).map("".join))
def test_the_runtime_parses_every_line_as_lark_does(variant: str, start: str,
                                                     line: str) -> None:
    full, runtime = _pair(variant)
    assert _outcome(runtime, line, start) == _outcome(full, line, start)


def test_the_runtime_holds_no_grammar_and_lark_s_code() -> None:
    source = larkrt.runtime_source(_pair("derby-stock")[0])
    assert "DATA = (" not in source and "MEMO = (" not in source
    assert "def Lark_StandAlone" not in source
    assert f'__version__ = "{lark.__version__}"' in source
    assert "class ContextualLexer" in source and "class Transformer" in source


def test_the_stamp_names_the_installed_files(tmp_path: Path) -> None:
    (tmp_path / "parsers").mkdir()
    (tmp_path / "a.py").write_text("x = 1\n")
    (tmp_path / "parsers" / "b.py").write_text("y = 1\n")
    first = larkrt.stamp(tmp_path)
    assert larkrt.stamp(tmp_path) == first
    (tmp_path / "parsers" / "b.py").write_text("y = 22\n")  # an edited or upgraded lark
    assert larkrt.stamp(tmp_path) != first
    assert larkrt.stamp(larkrt.lark_folder() or tmp_path) != first


def test_a_runtime_file_others_could_write_is_never_run(tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    path = folder / "lark-runtime-test.marshal"
    larkrt.write_runtime(_pair("derby-stock")[0], path)
    try:
        loaded = larkrt.load_runtime(path)
        assert loaded is not None and loaded.Lark.__module__ == larkrt.RUNTIME
    finally:
        sys.modules.pop(larkrt.RUNTIME, None)
    os.chmod(path, 0o666)
    assert larkrt.load_runtime(path) is None
    os.chmod(path, 0o600)
    path.write_bytes(b"not marshal")
    assert larkrt.load_runtime(path) is None
    assert larkrt.RUNTIME not in sys.modules


@pytest.mark.parametrize("variant", ["derby-stock", "secret-society"])
def test_a_later_start_runs_the_runtime_and_not_lark(tmp_path: Path, variant: str) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    script = (
        "import sys\n"
        "from adjudicator import larkrt, parser\n"
        "from adjudicator.finish import run_jobs\n"
        f"p = parser.build_parser({variant!r})\n"
        f"print(larkrt.from_runtime(), 'lark' in sys.modules,"
        f" repr(p.parse('投票@' + parser._N, start='player_line').pretty()))\n"
        "run_jobs()\n")
    runs = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           env=env, cwd=ROOT, check=True).stdout.split(" ", 2)
            for _ in range(2)]
    assert runs[0][:2] == ["False", "True"]  # the first run: lark, and the runtime kept
    assert runs[1][:2] == ["True", "False"]  # then: the runtime, no lark imported
    assert runs[0][2] == runs[1][2]  # (a built parser's rule names are Tokens, a loaded one's str)
    assert list((tmp_path / "adjudicator").glob("lark-runtime-*.marshal"))
