"""Games for the report, archive and explain tests: every fixture game, and a hostile one."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "derby-stock"


def all_games() -> list[Path]:
    """samples/derby-stock plus every tests/fixtures/*/ with a game.toml (discovered)."""
    found = sorted(p.parent for p in (ROOT / "tests" / "fixtures").glob("*/game.toml"))
    return [SAMPLE, *found]


def game_ids() -> list[str]:
    return [p.name if p != SAMPLE else "sample-derby-stock" for p in all_games()]


EVIL = [
    "<script>window.__pwned=1</script>",
    '"onerror=window.__pwned=2 x="',
    "</style><b>bold</b>",
    "<img src=x onerror=window.__pwned=3>",
    "&amp;lt;",
    "'><svg onload=window.__pwned=4>",
]


def write_evil_game(root: Path) -> Path:
    """A 12-player derby-stock game whose names, lines and GM text are hostile HTML."""
    roles = ["人狼", "人狼", "狂人", "占い師", "霊能者", "狩人", "共有者", "共有者",
             "村人", "村人", "村人", "村人"]
    names = EVIL + [f"村人{i}" for i in range(len(roles) - len(EVIL))]
    root.mkdir(parents=True, exist_ok=True)
    toml = ['variant = "derby-stock"', "seed = 3", 'gm = ["GM</script>"]']
    for i, (name, role) in enumerate(zip(names, roles, strict=True)):
        toml += ["[[players]]", f"name = {json.dumps(name)}",
                 f'gender = "{"male" if i % 2 else "female"}"', f'role = "{role}"']
    (root / "game.toml").write_text("\n".join(toml) + "\n", encoding="utf-8")
    logs = root / "logs"
    logs.mkdir(exist_ok=True)
    day1 = ["GM</script>: <iframe src=javascript:window.__pwned=5></iframe> 議論開始"]
    day1 += [f"{n}: {EVIL[i % len(EVIL)]} こんにちは" for i, n in enumerate(names)]
    day1 += [f"{n}: 投票@{names[8] if n != names[8] else names[9]}" for n in names]
    day1 += [f"{names[0]}: 投票@</textarea><script>window.__pwned=6</script>"]
    (logs / "day1.txt").write_text("\n".join(day1) + "\n", encoding="utf-8")
    night1 = [f"{names[1]}: 噛み@{names[10]}", f"{names[3]}: 占い@{names[0]}",
              f"{names[4]}: 予想@{names[2]} 1万", f"{names[5]}: 購入@{names[3]}の株 1株",
              f"{names[6]}: 予想@<b>x</b> 1万"]
    (logs / "night1.txt").write_text("\n".join(night1) + "\n", encoding="utf-8")
    return root
