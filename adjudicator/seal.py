"""The seal of a 配役: a SHA-256 digest over the dealt setup and a salt.

The GM posts the digest before day 1 (「配役の封印：…」); the salt stays in game.toml
(``[seal] salt``) until the final post reveals it; then anyone holding game.toml's setup
can recompute the digest (``adjudicator verify GAME --digest D``) and see that no role
was changed during the game.  Without the salt the digest cannot be tried against
guessed setups (the salt has 128 random bits, unless the deal was seeded: see deal.py).

Canonical serialisation (``canonical``): UTF-8 JSON, keys sorted, no spaces, not
ASCII-escaped, of ``{"game": G, "salt": S, "seats": {name: {field: value}}, "variant": V}``.
The seats' fields are every field of a seat that decides an outcome (``SEAT_FIELDS``: the
dealt ones, ``gender``, ``special``…), a missing one as null, ``leader`` as a boolean;
``G`` is the rest of game.toml that decides an outcome (``game_fields``): ``seed`` (ties,
random bites), ``options``, ``teams``, ``recruit_chance``, ``scenario`` and the SHA-256 of
the scenario file it names.  Left out: names and aliases a GM may add during the game,
``gm``, ``discord``, ``setup`` (read by the deal only), ``replacements`` and ``[seal]``.
Seats are keyed by name, so the order of ``[[players]]`` does not matter; the values are
compared as written (人狼 and 狼 are two different texts).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from .config.load import GameConfig


def sealed_fields(variant: str) -> tuple[str, ...]:
    """The fields of [[players]] a deal fills in and the seal covers (the registry's
    Variant's ``sealed_fields``; none for an unknown variant)."""
    from .games import REGISTRY, get_variant

    return tuple(get_variant(variant).sealed_fields) if variant in REGISTRY else ()


#: every field of a seat that decides an outcome (a deal fills some; gender decides derby's
#: bites, special splatoon's specials); name, aliases and discord only name the seat
SEAT_FIELDS = ("role", "gender", "society", "leader", "colour", "weapon", "special", "faction")
#: the Japanese name of each sealed field (verify's messages)
FIELD_JA = {"role": "役職", "society": "結社", "leader": "リーダー", "colour": "色",
            "weapon": "武器", "faction": "陣営", "gender": "性別", "special": "スペシャル",
            "seed": "種（同点やランダムな噛みを決める）", "options": "オプション",
            "teams": "チーム", "recruit_chance": "勧誘のお題", "scenario": "シナリオのファイル名",
            "scenario_sha256": "シナリオの中身"}


def seats(cfg: GameConfig) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for p in cfg.players:
        seat: dict[str, Any] = {}
        for f in SEAT_FIELDS:
            v = getattr(p, f)
            seat[f] = bool(v) if f == "leader" else v
        out[p.name] = seat
    return out


def game_fields(cfg: GameConfig) -> dict[str, Any]:
    """The rest of game.toml that decides an outcome (see the module's docstring), as
    plain JSON values."""
    sc_hash = None
    if cfg.scenario:
        from .fsio import read_capped

        try:
            sc_hash = hashlib.sha256(read_capped(cfg.folder / cfg.scenario, 5_000_000)).hexdigest()
        except (OSError, ValueError):
            sc_hash = None
    doc = {"seed": cfg.seed, "options": cfg.options,
           "teams": [t.model_dump() for t in cfg.teams],
           "recruit_chance": cfg.recruit_chance.model_dump() if cfg.recruit_chance else None,
           "scenario": cfg.scenario, "scenario_sha256": sc_hash}
    return json.loads(json.dumps(doc, ensure_ascii=False, sort_keys=True, default=str))


def canonical(variant: str, seat_map: dict[str, dict[str, Any]], salt: str,
              game: dict[str, Any]) -> bytes:
    return json.dumps({"game": game, "salt": salt, "seats": seat_map, "variant": variant},
                      ensure_ascii=False, sort_keys=True, separators=(",", ":"),
                      default=str).encode("utf-8")


def digest_of(variant: str, seat_map: dict[str, dict[str, Any]], salt: str,
              game: dict[str, Any]) -> str:
    return hashlib.sha256(canonical(variant, seat_map, salt, game)).hexdigest()


def config_digest(cfg: GameConfig, salt: str | None = None) -> str | None:
    """The digest game.toml's setup and salt (or ``salt``) give now (None: no seal)."""
    if salt is None:
        if cfg.seal is None:
            return None
        salt = cfg.seal.salt
    return digest_of(cfg.variant, seats(cfg), salt, game_fields(cfg))


def digest_problem(text: str) -> str | None:
    """Why ``text`` is no digest to check against (None: 64 hexadecimal digits)."""
    want = text.strip().lower()
    if not want:
        return "照合する封印の値が空です（配役の前に公開した64桁の値を指定してください）"
    if len(want) != 64 or any(c not in "0123456789abcdef" for c in want):
        return f"封印の値「{want[:80]}」は64桁の16進数ではありません"
    return None


def _value_ja(v: Any) -> str:
    if v is None:
        return "なし"
    if isinstance(v, bool):
        return "はい" if v else "いいえ"
    if isinstance(v, dict | list):
        return json.dumps(v, ensure_ascii=False, sort_keys=True)
    return str(v)


def check(cfg: GameConfig, expected: str | None = None) -> tuple[bool, list[str]]:
    """(whether the seal holds, Japanese lines saying so or what does not match)."""
    if cfg.seal is None:
        return False, ["game.toml に封印（[seal] の塩）がありません。配役を封印するには "
                       "adjudicator deal を使ってください。"]
    want = (expected if expected is not None else cfg.seal.digest or "").strip().lower()
    if not want and expected is None:
        return False, ["照合する封印の値がありません（--digest で、配役前に公開した値を指定してください）。"]
    if (why := digest_problem(want)) is not None:
        return False, [why + "。"]
    got = config_digest(cfg)
    if got == want:
        return True, [f"封印は一致しました：{want}",
                      "配役と塩は、封印したときのまま変わっていません。"]
    lines = ["封印が一致しません。", f"  公開された封印：{want}", f"  いまの配役と塩から：{got}"]
    kept = cfg.seal.digest
    if expected and kept and kept != want:
        lines.append("  game.toml に残っている封印の値も、公開された値と違います"
                     "（配役のあとで封印し直されたか、別のゲームの値です）。")
    elif kept == want:
        # the setup or the salt changed since the deal: say which seat differs, if known
        lines.append("  配役のあとで、役職・所属・性別などの配役か、種・オプションなど結果を決める"
                     "設定か、塩が書き換えられています。")
    return False, lines


def verify_game(root: Path, expected: str | None) -> tuple[bool, list[str]]:
    from .config.load import load_config

    cfg = load_config(Path(root) / "game.toml")
    ok, lines = check(cfg, expected)
    if not ok and cfg.seal is not None:
        lines += _differences(Path(root), cfg)
    return ok, lines


def _differences(root: Path, cfg: GameConfig) -> list[str]:
    """What changed against the deal's own record (deal/dealt.json), seat by seat."""
    record = root / "deal" / "dealt.json"
    try:
        dealt = json.loads(record.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    from .config.words import value_of, word_for

    out: list[str] = []
    v = cfg.variant
    now = seats(cfg)
    before = dealt.get("seats", {}) if isinstance(dealt, dict) else {}
    game_then = dealt.get("game") if isinstance(dealt, dict) else None
    if isinstance(game_then, dict):
        game_now = game_fields(cfg)
        for f in sorted(set(game_then) | set(game_now)):
            if game_then.get(f) != game_now.get(f):
                out.append(f"  {FIELD_JA.get(f, f)}が配役のときと違います：{_value_ja(game_then.get(f))}"
                           f" → {_value_ja(game_now.get(f))}")
    if isinstance(before, dict):  # dealt.json in words (「平氏」) or, older, in values
        before = {n: {f: value_of(v, f"players.{f}", x) for f, x in s.items()}
                  if isinstance(s, dict) else s for n, s in before.items()}
    if isinstance(dealt, dict) and dealt.get("salt") and dealt.get("salt") != cfg.seal.salt:  # type: ignore[union-attr]
        out.append("  塩が配役のときと違います。")
    for name in sorted(set(now) | set(before)):
        a, b = before.get(name), now.get(name)
        if a is None:
            out.append(f"  {name}：配役のときにはいなかった席です。")
        elif b is None:
            out.append(f"  {name}：配役のときにあった席がありません。")
        else:
            for f in sorted(set(a) | set(b)):
                if a.get(f) != b.get(f):
                    out.append(f"  {name}の{FIELD_JA.get(f, f)}："
                               f"{_value_ja(word_for(v, f'players.{f}', a.get(f)))} → "
                               f"{_value_ja(word_for(v, f'players.{f}', b.get(f)))}")
    return out


def seal_lines(cfg: GameConfig, finished: bool) -> list[str]:
    """What the posts say of the seal: the digest in the first post, the salt in the
    final one (so that anyone can check the 配役 after the game)."""
    if cfg.seal is None or not cfg.seal.digest:
        return []
    if finished:
        return [f"配役の封印の塩：{cfg.seal.salt}",
                "（公開した配役とこの塩から、最初に公開した封印を確かめられます）"]
    return [f"配役の封印：{cfg.seal.digest}"]
