"""No cached file can crash the interpreter or change an output.

A run of the sample game fills the private cache (Lark's parse tables, Jinja's compiled
templates, Sudachi's answers); each file is then damaged (bits flipped, cut short, its
digest changed) and the same commands run again in fresh processes: the same output on
both streams, the same exit status, the same ``out/`` tree and report, and the cache
holds sound files again afterwards.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from adjudicator import fsio
from tests.support import SAMPLE


def _flip_one(data: bytes) -> bytes:
    """One bit flipped in the middle of the file."""
    at = len(data) // 2
    return data[:at] + bytes([data[at] ^ 0x08]) + data[at + 1:]


def _flip_many(data: bytes) -> bytes:
    """A bit flipped in every 61st byte, past each file's first bytes (its header)."""
    out = bytearray(data)
    for i in range(17, len(out), 61):
        out[i] ^= 1 << (i % 8)
    return bytes(out)


def _cut(data: bytes) -> bytes:
    return data[: len(data) * 2 // 3]


DAMAGE: dict[str, tuple[Callable[[bytes], bytes], bool]] = {
    # name: (what is done to a file, whether it is done to the digests, not the files)
    "one bit": (_flip_one, False),
    "many bits": (_flip_many, False),
    "cut short": (_cut, False),
    "digest changed": (_flip_one, True),
}


def _run(args: list[str], cache: Path) -> tuple[int, bytes, bytes]:
    env = dict(os.environ, XDG_CACHE_HOME=str(cache))
    proc = subprocess.run([sys.executable, "-m", "adjudicator", *args], capture_output=True,
                          env=env, timeout=300)
    return proc.returncode, proc.stdout, proc.stderr


def _outputs(root: Path, cache: Path, n: int) -> dict[str, object]:
    game = root / str(n) / "game"  # one name each time: the report shows the folder's
    shutil.copytree(SAMPLE, game, ignore=shutil.ignore_patterns("out", "report.html"))
    report = root / str(n) / "report.html"
    got: dict[str, object] = {
        "resolve": _run(["resolve", str(game)], cache),
        "report": _run(["report", "--gm", str(game), "-o", str(report)], cache),
    }
    got["out"] = {str(p.relative_to(game / "out")): p.read_bytes()
                  for p in sorted((game / "out").rglob("*")) if p.is_file()}
    got["report.html"] = report.read_bytes() if report.exists() else None
    return {k: _named(v, game, report) for k, v in got.items()}


def _named(value: object, game: Path, report: Path) -> object:
    """An output with the run's own paths in it replaced by names."""
    if isinstance(value, tuple):
        return tuple(_named(v, game, report) for v in value)
    if isinstance(value, bytes):
        return value.replace(str(report).encode(), b"REPORT").replace(str(game).encode(),
                                                                        b"GAME")
    if isinstance(value, dict):
        return {k: _named(v, game, report) for k, v in value.items()}
    return value


def _kept(cache: Path) -> dict[str, list[Path]]:
    """The cache's files by kind: lark, jinja, sudachi, digest (and any other by name)."""
    kinds: dict[str, list[Path]] = {}
    for p in sorted((cache / "adjudicator").rglob("*")):
        if p.is_file():
            kind = ("digest" if p.name.endswith(".sha256") else "lark" if p.suffix == ".lark"
                    else "jinja" if p.parent.name == "jinja" else "sudachi"
                    if p.name.startswith("sudachi-") else p.name)
            kinds.setdefault(kind, []).append(p)
    return kinds


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_cache_gives_the_same_outputs(tmp_path: Path, damage: str) -> None:
    cache = tmp_path / "cache"
    first = _outputs(tmp_path, cache, 1)
    assert first["resolve"][0] == 0 and first["report"][0] == 0  # type: ignore[index]
    harm, on_digests = DAMAGE[damage]
    targets = [p for kind, files in _kept(cache).items() for p in files
               if (kind == "digest") == on_digests]
    assert targets
    for path in targets:  # every file of the cache, whatever it keeps
        data = path.read_bytes()
        path.write_bytes(harm(data))
        assert path.read_bytes() != data
    assert _outputs(tmp_path, cache, 2) == first
    kept = _kept(cache)
    assert set(kept) == {"lark", "jinja", "sudachi", "digest"}, sorted(kept)
    for kind in ("lark", "jinja", "sudachi"):  # rebuilt, each with its digest again
        assert kept[kind]
        for path in kept[kind]:
            assert fsio.read_cached(path) is not None, path
    assert _outputs(tmp_path, cache, 3) == first


def test_a_file_matches_only_the_digest_written_with_it(tmp_path: Path) -> None:
    path = tmp_path / "kept.bin"
    data = bytes(range(256)) * 4
    fsio.write_cached(path, data)
    assert fsio.read_cached(path) == data
    for i in range(0, len(data) * 8, 37):  # any one bit flipped
        damaged = bytearray(data)
        damaged[i // 8] ^= 1 << (i % 8)
        path.write_bytes(bytes(damaged))
        assert fsio.read_cached(path) is None
    path.write_bytes(data)
    assert fsio.read_cached(path) == data
    fsio.digest_file(path).unlink()
    assert fsio.read_cached(path) is None  # no digest: never read
