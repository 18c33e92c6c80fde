"""The desk's GM tools through Starlette's TestClient: 途中集計 from the paste page
(nothing stored), the 配役 and its seal; bad input is a page, never a 500."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
from starlette.testclient import TestClient  # noqa: E402

from adjudicator.config.load import load_config  # noqa: E402
from adjudicator.desk.app import CSRF_COOKIE  # noqa: E402
from adjudicator.status import phase_status  # noqa: E402

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
DEALT = re.compile(r"^(role)\s*=.*\n", re.M)


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copytree(SAMPLES / "derby-stock", folder / "ds")
    undealt = folder / "new"
    shutil.copytree(SAMPLES / "derby-stock", undealt)
    shutil.rmtree(undealt / "logs")
    (undealt / "logs").mkdir()
    toml = undealt / "game.toml"
    toml.write_text(DEALT.sub("", toml.read_text(encoding="utf-8")), encoding="utf-8")
    return folder


def pre(page: str, ident: str) -> str:
    m = re.search(rf'<pre id="{re.escape(ident)}">(.*?)</pre>', page, re.S)
    assert m, f"no <pre id={ident}>"
    return html.unescape(m.group(1))


def test_status_of_a_paste_stores_nothing(root: Path, client: TestClient) -> None:
    part = "\n".join((root / "ds" / "logs" / "day1.txt").read_text(encoding="utf-8")
                     .splitlines()[:10])
    before = sorted(p.name for p in (root / "ds" / "logs").iterdir())
    r = client.post("/g/ds/status", data={"csrf": client.cookies[CSRF_COOKIE], "phase": "day1",
                                          "log": part})
    assert r.status_code == 200
    assert pre(r.text, "reminder") == phase_status(root / "ds", "day1", part).post
    assert "現在の得票" in r.text
    assert sorted(p.name for p in (root / "ds" / "logs").iterdir()) == before
    assert not (root / "ds" / "out").exists()
    # an empty paste: the stored log of the phase
    r = client.post("/g/ds/status", data={"csrf": client.cookies[CSRF_COOKIE],
                                          "phase": "night2", "log": ""})
    assert r.status_code == 200 and "保存済みのログを集計しました" in r.text
    assert pre(r.text, "reminder") == "夜の行動は締め切りました。"


def test_status_refusals_are_pages(client: TestClient) -> None:
    r = client.post("/g/ds/status", data={"csrf": client.cookies[CSRF_COOKIE],
                                          "phase": "day30", "log": "たろう: 投票@じろう"})
    assert r.status_code == 422 and "途中集計できません" in r.text
    r = client.post("/g/ds/status", data={"phase": "day1", "log": "x"})  # no CSRF token
    assert r.status_code == 403


def test_deal_and_verify_pages(root: Path, client: TestClient) -> None:
    r = client.get("/g/new/seal")
    assert r.status_code == 200 and "まだ封印されていません" in r.text
    r = client.post("/g/new/deal", data={"csrf": client.cookies[CSRF_COOKIE], "seed": "5"})
    assert r.status_code == 200
    cfg = load_config(root / "new" / "game.toml")
    assert cfg.seal is not None
    assert pre(r.text, "seal-line") == f"配役の封印：{cfg.seal.digest}"
    assert all(p.name in r.text and p.role in r.text for p in cfg.players)
    r = client.get(f"/g/new/seal?digest={cfg.seal.digest}")
    assert "封印は一致しました" in r.text
    r = client.get(f"/g/new/seal?digest={'0' * 64}")
    assert "封印が一致しません" in r.text
    r = client.post("/g/new/deal", data={"csrf": client.cookies[CSRF_COOKIE], "seed": "5"})
    assert r.status_code == 422 and "もう配役が書かれています" in r.text  # dealt already
    r = client.post("/g/new/deal", data={"csrf": client.cookies[CSRF_COOKIE], "seed": "x"})
    assert r.status_code == 400
