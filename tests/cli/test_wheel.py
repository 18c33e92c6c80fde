"""Build the wheel, install it in a fresh venv and resolve the bundled sample there:
proves grammars, templates, rule texts and the sample game ship as package data."""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

import pytest

from tests.support import ROOT


def test_built_wheel_resolves_the_sample(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    build = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist),
         str(ROOT)], capture_output=True, text=True, check=False)
    if build.returncode != 0:
        pytest.fail(f"wheel build failed:\n{build.stdout[-2000:]}\n{build.stderr[-2000:]}")
    wheel = next(dist.glob("adjudicator-*.whl"))
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    py = env_dir / "bin" / "python"
    install = subprocess.run([str(py), "-m", "pip", "install", "-q", str(wheel)],
                             capture_output=True, text=True, check=False)
    assert install.returncode == 0, install.stderr[-2000:]
    run = subprocess.run([str(env_dir / "bin" / "adjudicator"), "demo", str(tmp_path / "demo")],
                         capture_output=True, text=True, cwd=tmp_path, check=False)
    assert run.returncode == 0, run.stderr
    assert "優勝：たろう" in run.stdout
    where = subprocess.run([str(py), "-c", "import adjudicator; print(adjudicator.__file__)"],
                           capture_output=True, text=True, cwd=tmp_path, check=True)
    assert str(env_dir) in where.stdout  # the installed copy ran, not the source tree
