"""The command line run in this process, as the command-line tests call it."""

from __future__ import annotations

import io
import sys

import pytest

from adjudicator.cli.main import main

Run = tuple[int, str, str]


def run(capsys: pytest.CaptureFixture[str], *args: str, stdin: bytes | None = None,
        monkeypatch: pytest.MonkeyPatch | None = None) -> Run:
    """``adjudicator ARGS``: (exit code, standard output, standard error), with ``stdin``
    (and ``monkeypatch`` to put it in place) as what it reads.  It never prints a
    traceback: a failure reaches the user as one line."""
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err
