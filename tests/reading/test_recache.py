"""``recache.compile`` gives ``re.compile``'s pattern (CPython's ``==`` compares flags,
pattern and generated code), whether it generates the code or takes it from the kept
file; the file is read only when trusted, and a damaged one is compiled anew."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import recache
from adjudicator.games import IMPLEMENTED
from adjudicator.parser import build_parser

PIECES = ["a", "b", "予想", "[0-9]", "\\s", "+", "*", "?", "(?:", "(", "(?P<n>", ")", "|",
          "[^@,]", "{2,3}", "\\d", "^", "$", ".", "\\ue000", "(?i)", "[ー─]", "\\b", "++"]
FLAGS = [0, re.IGNORECASE, re.MULTILINE, re.DOTALL, re.VERBOSE, re.ASCII, re.I | re.S]


@pytest.fixture
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private cache folder of the test's own, nothing kept yet."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(recache, "_kept", {})
    monkeypatch.setattr(recache, "_dirty", set())
    monkeypatch.setattr(recache, "_added", True)  # nothing written at exit
    return tmp_path


def _same(pattern: str, flags: int, group: str = "test") -> None:
    try:
        expected = re.compile(pattern, flags)
    except re.error as e:
        with pytest.raises(re.error) as got:
            recache.compile(pattern, flags, group)
        assert str(got.value) == str(e)
        return
    assert recache.compile(pattern, flags, group) == expected
    got = recache.compile(pattern, flags, group)
    assert (got.pattern, got.flags, got.groups, got.groupindex) == (
        expected.pattern, expected.flags, expected.groups, expected.groupindex)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=8).map("".join),
       st.sampled_from(FLAGS))
def test_a_pattern_is_re_s_whether_generated_or_kept(pattern: str, flags: int) -> None:
    saved = recache._kept, recache._dirty, recache._added
    recache._kept, recache._dirty, recache._added = {}, set(), True  # memory only
    try:
        _same(pattern, flags)  # generated, then taken from the kept entry
    finally:
        recache._kept, recache._dirty, recache._added = saved


def test_the_kept_file_gives_the_same_patterns(fresh: Path) -> None:
    lexer = [(t.pattern.to_regexp(), 0) for v in IMPLEMENTED
             for t in build_parser(v).terminals]
    every = lexer + [("(?P<A>投票|吊り)|(?P<B>[^\\s@]+)", re.I), ("^\\s*[0-9]+\\s*株?\\s*$", 0)]
    for p, f in every:
        _same(p, f)
    _same("x+y", 0, "other")
    recache._write()
    path = recache.cache_file("test")
    assert path is not None and path.is_file()
    assert recache.cache_file("other") != path
    recache._kept = {}  # a later run: everything comes from the files
    for p, f in every:
        assert (p, f) in recache._load("test")
        _same(p, f)
    assert ("x+y", 0) not in recache._load("test") and ("x+y", 0) in recache._load("other")
    os.chmod(path, 0o666)  # another user could have written it: not read
    recache._kept = {}
    assert recache._load("test") == {}
    os.chmod(path, 0o600)
    path.write_bytes(b"\x00damaged")
    recache._kept = {}
    assert recache._load("test") == {}
    _same(*every[0])


def test_a_kept_entry_this_build_refuses_is_compiled_anew(fresh: Path) -> None:
    recache._load("test")[("ab+", 0)] = (32, [1, 2, 3], 0, {}, (None,))  # not valid code
    assert recache.compile("ab+", 0, "test") == re.compile("ab+")


def test_the_lexer_module_is_re_with_the_kept_patterns(fresh: Path) -> None:
    module = recache.ReModule("lark-test")
    assert module.compile("x+") == re.compile("x+")
    assert module.match("x+", "xxy").group(0) == "xx"  # type: ignore[union-attr]
    assert module.error is re.error and module.escape is re.escape
    assert ("x+", 0) in recache._load("lark-test")
