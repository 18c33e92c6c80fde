"""配役 by lot (``adjudicator deal``): fill in the dealt fields of a game.toml whose
players have names but no roles, from the game's composition for that number of
players, and seal the result (adjudicator.seal).

Each game says what it deals: its Variant's ``sealed_fields`` (the keys written and
sealed), ``deal_slots(n, setup)`` (the seats, from its seed and rules/; the werewolf
villages read ``[setup]`` role counts when ``setup_counts``), ``seat_label`` (a seat in
words) and ``deal_problems`` (what a player needs before the deal), kept in its package
(``games/<game>/setup.py``).  A game with no ``sealed_fields`` has nothing hidden to deal.

Randomness: ``--seed N`` deals from ``PhaseRng(N, "deal")`` and derives the salt from N
too (the same seed gives the same game.toml, byte for byte; a seed others can guess
gives a seal they can open: for a real game deal without ``--seed``).  Without a seed,
both the deal's seed and the salt come from ``os.urandom``.

game.toml is edited line by line, so that the GM's comments and layout stay: each dealt
key is written on the line after the player's ``name``, and ``[seal]`` is appended (or
replaced).  The edit is checked by parsing the result and comparing it with the setup
intended; anything else (a name in an inline table…) is refused with the roles to copy
by hand.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import AdjudicatorError, ConfigError, UsageError
from .games import REGISTRY, get_variant
from .rng import PhaseRng
from .seal import config_digest, game_fields, seats

Slot = dict[str, Any]


def slots(variant: str, n: int, setup: dict[str, int] | None = None) -> list[Slot]:
    """The seats to deal for ``n`` players, in a fixed order (before the shuffle)."""
    setup = setup or {}
    game = get_variant(variant)
    if setup and not game.setup_counts:
        raise UsageError(f"[setup] counts are not read for {variant}: its composition is "
                         "fixed by its rules",
                         f"{game.name_ja}の編成はルールで決まっているため、編成の人数は"
                         "指定できません")
    return list(game.deal_slots(n, setup))


def shuffle(items: list[Slot], rng: PhaseRng) -> list[Slot]:
    """Fisher–Yates over ``rng.index`` (getrandbits: stable on every Python)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.index(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def role_label(variant: str, slot: Slot) -> str:
    """One seat in words (``roles`` of ``--json``): 人狼, 忍びの里リーダー, オレンジ・シューター…"""
    return str(get_variant(variant).seat_label(slot))


@dataclass
class DealResult:
    root: Path
    variant: str
    digest: str
    salt: str
    roles: dict[str, str]  # name -> the seat in words
    seats: dict[str, Slot]
    notices: dict[str, list[str]] = field(default_factory=dict)
    written: list[Path] = field(default_factory=list)
    game: dict[str, Any] = field(default_factory=dict)  # seal.game_fields, as dealt


# ------------------------------------------------------------------ game.toml editing
_TABLE = re.compile(r"^\s*\[")
_PLAYERS = re.compile(r"^\s*\[\[\s*players\s*\]\]\s*(#.*)?$")
_SEAL = re.compile(r"^\s*\[\s*seal\s*\]\s*(#.*)?$")


def _fields(variant: str) -> tuple[str, ...]:
    return tuple(get_variant(variant).sealed_fields)


def _stripped(variant: str) -> tuple[str, ...]:
    """The sealed keys and the keys a deal removes besides them (a special named by hand)."""
    game = get_variant(variant)
    return (*game.sealed_fields, *game.deal_strips)


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return json.dumps(v, ensure_ascii=False)


def edit_toml(text: str, variant: str, dealt: list[Slot], seal: dict[str, str]) -> str:
    """``text`` with each ``[[players]]`` block's dealt keys replaced by ``dealt`` (in
    block order) and the ``[seal]`` table replaced or appended; comments kept."""
    fields = _fields(variant)
    key_re = re.compile(r"^\s*(" + "|".join(_stripped(variant)) + r")\s*=")
    lines = text.splitlines(keepends=True)
    out: list[str] = []
    k = -1
    in_players = in_seal = False
    name_re = re.compile(r"^\s*name\s*=")
    for line in lines:
        if _TABLE.match(line):
            in_players = bool(_PLAYERS.match(line))
            in_seal = bool(_SEAL.match(line))
            if in_players:
                k += 1
            if in_seal:
                continue
        if in_seal:
            continue
        if in_players and key_re.match(line):
            continue
        out.append(line)
        if in_players and name_re.match(line) and 0 <= k < len(dealt):
            nl = "\n" if line.endswith("\n") else ""
            if not nl:
                out[-1] = line + "\n"
            for f in fields:
                if f in dealt[k] and dealt[k][f] is not None:
                    out.append(f"{f} = {_toml_value(_written(variant, f, dealt[k][f]))}\n")
    while out and not out[-1].strip():
        out.pop()
    body = "".join(out)
    if body and not body.endswith("\n"):
        body += "\n"
    body += ("\n[seal]  # 配役の封印：塩（封印の鍵）はゲームの最後の投稿まで秘密です\n"
             f"salt = {_toml_value(seal['salt'])}\ndigest = {_toml_value(seal['digest'])}\n")
    return body


def _written(variant: str, field: str, value: Any) -> Any:
    """A dealt value as game.toml and deal/dealt.json write it: in the GM's words
    (「平氏」, 「忍びの里」, 「オレンジ」), which the config loader reads as it reads the
    English values older files hold."""
    from .config.words import word_for

    return word_for(variant, f"players.{field}", value)


def _expected(raw: dict[str, Any], variant: str, dealt: list[Slot],
              seal: dict[str, str]) -> dict[str, Any]:
    want = dict(raw)
    players = []
    for p, slot in zip(raw.get("players", []), dealt, strict=True):
        q = {k: v for k, v in p.items()
             if k not in _stripped(variant)}
        q.update({k: _written(variant, k, v) for k, v in slot.items() if v is not None})
        players.append(q)
    want["players"] = players
    want["seal"] = dict(seal)
    return want


def deal_game(root: Path | str, seed: int | None = None, force: bool = False) -> DealResult:
    """Deal, write game.toml (and deal/), return what was dealt.  Raises UsageError or
    AdjudicatorError with the reason; game.toml is untouched then."""
    from .config.load import load_config
    from .config.problems import problem_ja
    from .fsio import os_error_message, write_atomic

    root = Path(root)
    path = root / "game.toml"
    if path.is_symlink():  # writing would put a file where the link is, or write through it
        err = AdjudicatorError(f"{path} is a link: the deal would replace it with a file; "
                               "nothing was written")
        err.ja = (f"「{path}」はリンクです：配役を書き込むとリンクがただのファイルに置き換わるため、"
                  "何も書いていません。リンク先のファイルをゲームのフォルダに置いてから配ってください")
        raise err
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as e:
        err = AdjudicatorError(f"cannot read {path}: {e.strerror or e}")
        err.ja = os_error_message(e)
        raise err from None
    except UnicodeDecodeError:
        raise ConfigError(str(path), ["not UTF-8 text"],
                          ["UTF-8 の文字として読めません（UTF-8 で保存し直してください）"]) from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(str(path), [f"not valid TOML: {e}"],
                          [problem_ja(f"not valid TOML: {e}")]) from None
    variant = raw.get("variant")
    if "variant" in raw and not isinstance(variant, str):  # a list or a table: not hashable
        raise ConfigError(str(path), ["variant: the kind of game is one word in quotes "
                                      '(variant = "derby-stock")'],
                          ["ゲームの種類（variant）は、1つの名前を引用符で囲んで書きます"
                           "（例：variant = \"derby-stock\"）"])
    if not isinstance(variant, str) or variant not in REGISTRY:
        raise UsageError(f"{variant!r}: not a variant that deals roles",
                         "ゲームの設定に、役職を配るゲームの種類が書かれていません")
    game = get_variant(variant)
    if not game.sealed_fields:
        game.deal_slots(0, {})  # the game's own refusal: nothing hidden to deal
        raise UsageError(f"{variant!r}: no hidden setup to deal",
                         f"{game.name_ja}には伏せて配る役職がありません")
    players = raw.get("players")
    if not isinstance(players, list) or not players:
        raise UsageError("game.toml lists no [[players]]: write each player's name first",
                         "ゲームの設定に参加者がいません。先に参加者の名前を書いてください")
    problems: list[str] = []
    problems_ja: list[str] = []
    for i, p in enumerate(players, 1):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str) or not p["name"].strip():
            problems.append(f"players[{i}].name: every player needs a name before the deal")
            problems_ja.append(f"{i}人目の参加者に名前がありません（配役の前に名前が要ります）")
            continue
        have = [f for f in _stripped(variant) if f in p]
        if have and not force:
            problems.append(f"players[{i}] ({p['name']}): already has {', '.join(have)} "
                            "(use --force to deal again)")
            problems_ja.append(f"{p['name']}さんにはもう配役が書かれています"
                               "（配り直すなら --force を付けてください）")
        for en, ja in game.deal_problems(p):
            problems.append(f"players[{i}] ({p['name']}).{en}")
            problems_ja.append(f"{p['name']}さん{ja}")
    if problems:
        raise ConfigError(str(path), problems, problems_ja)
    setup = raw.get("setup") or {}
    if not isinstance(setup, dict) or not all(isinstance(v, int) and not isinstance(v, bool)
                                              for v in setup.values()):
        raise ConfigError(str(path), ["setup: counts are whole numbers (\"人狼\" = 2)"],
                          ["編成の人数は整数で書きます（例：「人狼」を2人）"])
    try:
        base = slots(variant, len(players), setup)
    except UsageError as e:  # a bad [setup] is game.toml's to fix (exit 1), not usage
        if not setup:
            raise
        raise ConfigError(str(path), [str(e)], [e.ja or str(e)]) from None
    if seed is None:
        deal_seed = int.from_bytes(os.urandom(16), "big")
        salt = os.urandom(16).hex()
    else:
        deal_seed = seed
        salt = hashlib.sha256(f"adjudicator-salt:{seed}".encode()).hexdigest()[:32]
    dealt = shuffle(base, PhaseRng(deal_seed, "deal"))
    names = [p["name"].strip() for p in players]

    def parsed(t: str) -> Any:
        try:
            return tomllib.loads(t)
        except tomllib.TOMLDecodeError:
            return None

    # the digest covers the dealt game as game.toml will read it (its seats, seed,
    # options…): written once without it, read back, sealed, then written with it
    seal = {"salt": salt, "digest": ""}
    new_text = edit_toml(text, variant, dealt, seal)
    cfg = None
    if parsed(new_text) == _expected(raw, variant, dealt, seal):
        tmp = root / ".game.toml.deal"
        write_atomic(tmp, new_text, durable=False)
        try:
            cfg = load_config(tmp)
        finally:
            tmp.unlink(missing_ok=True)
        seal = {"salt": salt, "digest": config_digest(cfg, salt) or ""}
        new_text = edit_toml(text, variant, dealt, seal)
    got = parsed(new_text)
    if got != _expected(raw, variant, dealt, seal):
        listing = "; ".join(f"{n}: {role_label(variant, s)}" for n, s in zip(names, dealt,
                                                                              strict=True))
        err = AdjudicatorError("game.toml could not be edited safely (its [[players]] are "
                               "not written one key a line); nothing was written. Write the "
                               f"deal by hand: {listing}")
        listing_ja = "、".join(f"{n}さん：{role_label(variant, s)}"
                              for n, s in zip(names, dealt, strict=True))
        err.ja = ("ゲームの設定を安全に書き換えられないため、何も書いていません（参加者の欄が"
                  f"1行に1項目の形で書かれていません）。配役を手で書いてください：{listing_ja}")
        raise err
    assert cfg is not None  # the edit was checked above
    digest, seat_map = seal["digest"], seats(cfg)
    write_atomic(path, new_text)
    result = DealResult(root=root, variant=variant, digest=digest, salt=salt,
                        roles={n: role_label(variant, s) for n, s in zip(names, dealt,
                                                                         strict=True)},
                        seats=seat_map, notices=role_notices(cfg), game=game_fields(cfg))
    result.written = [path, *_write_deal_folder(root, result)]
    return result


def role_notices(cfg: Any) -> dict[str, list[str]]:
    """Each player's notices at the start, as the first phase will send them (the
    variant's own setup events, rendered by its own templates)."""
    from .games import get_variant
    from .games.base import Emitter, PhaseInput

    variant = get_variant(cfg.variant)(cfg)
    first = next(iter(variant.phase_ids()))
    state = variant.initial_state()
    em: Emitter[Any] = Emitter(state=state, evolve=variant.evolve,
                               rng=PhaseRng(cfg.seed, first), phase=first)
    variant.setup_events(em)
    pin = PhaseInput(id=first, actions=[], directives=[], extra_logs={}, lines=[])
    _post, private, _ledger = variant.render(state, em.state, pin, em.events)
    return {n: list(v) for n, v in private.items()}


def _write_deal_folder(root: Path, r: DealResult) -> list[Path]:
    """deal/<name>.txt (each role notice), deal/seal.txt (the lines to post) and
    deal/dealt.json (the seats as dealt, for ``verify`` to say what changed)."""
    from .fsio import write_atomic

    folder = root / "deal"
    folder.mkdir(exist_ok=True)
    written = []
    for name, notes in r.notices.items():
        p = folder / f"{_file_name(name)}.txt"
        write_atomic(p, "\n\n".join(notes) + "\n", durable=False)
        written.append(p)
    p = folder / "seal.txt"
    write_atomic(p, f"配役の封印：{r.digest}\n", durable=False)
    written.append(p)
    p = folder / "dealt.json"
    seats = {n: {f: _written(r.variant, f, v) for f, v in s.items()} for n, s in r.seats.items()}
    write_atomic(p, json.dumps({"variant": r.variant, "salt": r.salt, "digest": r.digest,
                                "seats": seats, "game": r.game}, ensure_ascii=False, indent=2,
                               sort_keys=True) + "\n", durable=False)
    written.append(p)
    return written


def _file_name(name: str) -> str:
    safe = re.sub(r'[\\/:*?"<>|\x00-\x1f\x7f]', "_", name).strip(". ") or "_"
    return safe[:60]


def deal_text(r: DealResult, seeded: bool = False) -> str:
    """The GM's summary of a deal (Japanese)."""
    out = [f"{get_variant(r.variant).name_ja}の配役を決めました（{len(r.roles)}人）。"]
    width = max(len(n) for n in r.roles)
    out += [f"  {n.ljust(width, '　')}  {role}" for n, role in r.roles.items()]
    out.append("")
    out.append("1日目の最初の投稿に、次の1行を載せてください：")
    out.append(f"配役の封印：{r.digest}")
    out.append("")
    out.append("塩（封印の鍵）は game.toml の [seal] にあります。ゲームの最後の投稿で公開すると、"
               "だれでも配役が書き換えられていないことを確かめられます。")
    out.append(f"各参加者への配役の通知は {r.root / 'deal'} にあります。")
    if seeded:
        out.append("※ --seed を使うと塩も種から決まります。種を推測されると配役がわかってしまうため、"
                   "本番では --seed なしで配ってください。")
    return "\n".join(out)
