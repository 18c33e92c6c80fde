"""Japanese vocabulary tables, one place each (STYLE.md: a test runs over every entry).

Command words live in the Lark grammars (``grammars/*.lark``); everything else a
player or GM may type that names a role, a gender or a stock level is here.
"""

from __future__ import annotations

from typing import Final

#: werewolf roles: canonical id -> (Japanese name, short name, team)
ROLES: Final[dict[str, tuple[str, str, str]]] = {
    "wolf": ("人狼", "狼", "wolves"),
    "madman": ("狂人", "狂", "wolves"),
    "seer": ("占い師", "占", "village"),
    "medium": ("霊能者", "霊", "village"),
    "hunter": ("狩人", "狩", "village"),
    "mason": ("共有者", "共", "village"),
    "villager": ("村人", "村", "village"),
}

#: every spelling accepted in game.toml -> canonical role id
ROLE_NAMES: Final[dict[str, str]] = {
    **{ja: rid for rid, (ja, _s, _t) in ROLES.items()},
    **{short: rid for rid, (_j, short, _t) in ROLES.items()},
    **{rid: rid for rid in ROLES},
}

#: ww.vote.tie / ww.bite in game.toml: "random" (drawn and recorded) or "none" (nobody);
#: the first Japanese word of a value is the one a message names (「抽選」, as game.toml is
#: written by ``new``, the desk and the samples)
RANDOM_NONE_WORDS: Final[dict[str, str]] = {
    "random": "random", "none": "none", "抽選": "random", "ランダム": "random",
    "無作為": "random", "なし": "none", "無し": "none"}

TEAM_JA: Final[dict[str, str]] = {"village": "村人陣営", "wolves": "人狼陣営"}

GENDERS: Final[dict[str, str]] = {"male": "男性", "female": "女性"}
#: what a player may type for a gender bet -> gender id
GENDER_WORDS: Final[dict[str, str]] = {"男性": "male", "女性": "female", "男": "male", "女": "female"}

#: derby-stock levels, low to high: (id, Japanese, price per share in dollars)
STOCK_LEVELS: Final[tuple[tuple[str, str, int], ...]] = (
    ("lowest", "最低", -200_000),
    ("low", "低級", 50_000),
    ("normal", "平常", 100_000),
    ("high", "高級", 200_000),
    ("highest", "最高", 500_000),
)
NORMAL_LEVEL: Final[int] = 2


def role_ja(role: str) -> str:
    return ROLES[role][0]


def team_of(role: str) -> str:
    return ROLES[role][2]


def yen(amount: int) -> str:
    """Format dollars the way a Japanese GM writes them: 130000 -> '13万ドル'."""
    sign = "-" if amount < 0 else ""
    n = abs(amount)
    man, rest = divmod(n, 10_000)
    if man and rest == 0:
        return f"{sign}{man:,}万ドル"
    if man:
        return f"{sign}{man:,}万{rest}ドル"
    return f"{sign}{n:,}ドル"



def unplayable(counts: dict[str, int]) -> tuple[str, str] | None:
    """Why a werewolf composition (Japanese role name -> count) is no village anyone can
    play (None: it is one): no one on the village's side, or as many wolves as the
    others at the start (the wolves would win before the first vote), in English and
    Japanese."""
    by_id = {ROLE_NAMES.get(k, k): v for k, v in counts.items()}
    wolves = by_id.get("wolf", 0)
    others = sum(counts.values()) - wolves
    village = sum(v for k, v in by_id.items() if ROLES.get(k, ("", "", ""))[2] == "village")
    if wolves and not village:
        return ("no one on the village's side (村人, 占い師…): no village could play it",
                "村人陣営（村人・占い師など）が1人もいません。これでは村が遊べません")
    if wolves and wolves >= others:
        return (f"{wolves} 人狼 against {others} others at the start: the wolves would "
                "win before the first vote",
                f"始まりから人狼が{wolves}人、それ以外が{others}人です。人狼がそれ以外の人数以上"
                "では、最初の投票の前に人狼が勝ってしまいます")
    return None
