"""配役 by lot (``adjudicator deal``): fill in the dealt fields of a game.toml whose
players have names but no roles, from the seed's composition for that number of
players, and seal the result (adjudicator.seal).

Compositions (``slots``), from the seeds and rules/:
- derby-stock (ds.setup.roles): the seed's 「狼３狂１占１霊１狩１共２村６（１６人村）」
  adds up to 15, not 16: the table ``DERBY`` deals those 15 roles to 15 players and
  gives the 16th seat to a 村人 (村7, as the bundled sample game has it).  The seed plays
  12 to 16 「適当に」, so the smaller counts are ours (fewer players: fewer villagers,
  then one wolf fewer, then no masons), overridable with ``[setup]`` counts in
  game.toml (``"人狼" = 2``…).
- secret-society (ss.setup): 18: a leader for each of the four societies, one first
  member each for ninja, pirates and chrono, 11 unaffiliated.
- splatoon (sp.setup): 16: orange and purple シューター, ローラー, チャージャー; colourless
  スーパーセンサー, トルネード, スーパーショット (the specials are dealt too, so that the seal
  covers them), ボム ×4, シューター, ローラー, チャージャー.
- genpei (gp.setup): 17 (or 15): each side 大将, 影武者, 参謀, 住職, 農民 ×4 (×3); 帝.
- majora (mj.setup): 12: 仮面の村人 ×11, 月 ×1.
Trap Word has no hidden setup to deal.

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
from .rng import PhaseRng
from .seal import SEALED, config_digest, game_fields, seats
from .vocab import ROLE_NAMES, ROLES, VARIANT_JA, unplayable

Slot = dict[str, Any]

#: derby-stock: role counts per number of players (16 from the seed; the rest ours)
DERBY: dict[int, dict[str, int]] = {
    16: {"人狼": 3, "狂人": 1, "占い師": 1, "霊能者": 1, "狩人": 1, "共有者": 2, "村人": 7},
    15: {"人狼": 3, "狂人": 1, "占い師": 1, "霊能者": 1, "狩人": 1, "共有者": 2, "村人": 6},
    14: {"人狼": 3, "狂人": 1, "占い師": 1, "霊能者": 1, "狩人": 1, "共有者": 2, "村人": 5},
    13: {"人狼": 2, "狂人": 1, "占い師": 1, "霊能者": 1, "狩人": 1, "共有者": 2, "村人": 5},
    12: {"人狼": 2, "狂人": 1, "占い師": 1, "霊能者": 1, "狩人": 1, "村人": 6},
}
SS_SOCIETIES = ("ninja", "pirates", "chrono", "secret")
SPLATOON: list[tuple[str | None, str]] = [
    ("orange", "シューター"), ("orange", "ローラー"), ("orange", "チャージャー"),
    ("purple", "シューター"), ("purple", "ローラー"), ("purple", "チャージャー"),
    (None, "スーパーセンサー"), (None, "トルネード"), (None, "スーパーショット"),
    (None, "ボム"), (None, "ボム"), (None, "ボム"), (None, "ボム"),
    (None, "シューター"), (None, "ローラー"), (None, "チャージャー"),
]
GENPEI_ROLES = ("大将", "影武者", "参謀", "住職")
GENPEI_FARMERS = {17: 4, 15: 3}


def _counts(n: int, want: dict[int, int] | set[int], name: str) -> None:
    if n not in want:
        shown = "、".join(str(k) for k in sorted(want, reverse=True))
        raise UsageError(f"{name} takes {shown} players for a deal; game.toml lists {n}",
                         f"{name}の配役は{shown}人で行います（参加者は{n}人です）")


def derby_counts(n: int, setup: dict[str, int]) -> dict[str, int]:
    """The role counts for ``n`` players: ``[setup]`` if given, else the table."""
    if setup:
        counts: dict[str, int] = {}
        for word, k in setup.items():
            rid = ROLE_NAMES.get(word)
            if rid is None:
                raise UsageError(f"[setup] {word!r}: not a role (人狼 狂人 占い師 霊能者 狩人 "
                                 "共有者 村人)",
                                 f"編成の「{word}」は役職ではありません（人狼・狂人・占い師・"
                                 "霊能者・狩人・共有者・村人のどれかです）")
            if k < 0:
                raise UsageError(f"[setup] {word} = {k}: a count cannot be negative",
                                 f"編成の{word}の人数はマイナスにできません")
            ja = ROLES[rid][0]
            counts[ja] = counts.get(ja, 0) + k
        if sum(counts.values()) != n:
            raise UsageError(f"[setup] counts add up to {sum(counts.values())}, but game.toml "
                             f"lists {n} players",
                             f"編成の人数の合計は{sum(counts.values())}人ですが、参加者は"
                             f"{n}人です")
        if not counts.get("人狼"):
            raise UsageError("[setup] has no 人狼; the game needs at least one wolf",
                             "編成に人狼がいません。人狼は1人以上必要です")
        if (why := unplayable(counts)) is not None:
            raise UsageError(f"[setup] {why[0]}", f"編成：{why[1]}")
        return counts
    if not 12 <= n <= 16:
        raise UsageError(f"ダービー＆ストック村 takes 12 to 16 players (ds.setup.roles); "
                         f"game.toml lists {n}",
                         f"ダービー＆ストック村の配役は12〜16人で行います（参加者は{n}人です）")
    return dict(DERBY[n])


def slots(variant: str, n: int, setup: dict[str, int] | None = None) -> list[Slot]:
    """The seats to deal for ``n`` players, in a fixed order (before the shuffle)."""
    setup = setup or {}
    if setup and variant != "derby-stock":
        raise UsageError(f"[setup] counts are read for derby-stock only; {variant}'s "
                         "composition is fixed by its rules",
                         f"編成の人数を指定できるのはダービー＆ストック村だけです"
                         f"（{VARIANT_JA.get(variant, variant)}の編成はルールで決まっています）")
    if variant == "derby-stock":
        return [{"role": r} for r, k in derby_counts(n, setup).items() for _ in range(k)]
    if variant == "secret-society":
        _counts(n, {18}, "秘密結社村")
        return ([{"society": s, "leader": True} for s in SS_SOCIETIES]
                + [{"society": s} for s in SS_SOCIETIES[:3]] + [{} for _ in range(11)])
    if variant == "splatoon":
        _counts(n, {16}, "Splatoon！！村")
        return [{"colour": c, "weapon": w} if c else {"weapon": w} for c, w in SPLATOON]
    if variant == "genpei":
        _counts(n, set(GENPEI_FARMERS), "源平村")
        out: list[Slot] = []
        for side in ("genji", "heike"):
            out += [{"faction": side, "role": r} for r in GENPEI_ROLES]
            out += [{"faction": side, "role": "農民"} for _ in range(GENPEI_FARMERS[n])]
        return out + [{"faction": "emperor", "role": "帝"}]
    if variant == "majora":
        _counts(n, {12}, "ムジュラの仮面村")
        return [{"role": "月"}] + [{"role": "仮面の村人"} for _ in range(11)]
    raise UsageError(f"{variant} has no hidden setup to deal (the teams are public)",
                     f"{VARIANT_JA.get(variant, variant)}には伏せて配る役職がありません"
                     "（チームは公開です）")


def shuffle(items: list[Slot], rng: PhaseRng) -> list[Slot]:
    """Fisher–Yates over ``rng.index`` (getrandbits: stable on every Python)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.index(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def role_label(variant: str, slot: Slot) -> str:
    """One seat in words (``roles`` of ``--json``): 人狼, 忍びの里リーダー, オレンジ・シューター…"""
    if variant == "secret-society":
        soc = {"ninja": "忍びの里", "pirates": "海賊団", "chrono": "クロノマター",
               "secret": "シークレット"}.get(slot.get("society") or "", "")
        if not soc:
            return "未入会"
        return soc + ("リーダー" if slot.get("leader") else "初期メンバー")
    if variant == "splatoon":
        colour = {"orange": "オレンジ", "purple": "ムラサキ"}.get(slot.get("colour") or "", "無色")
        return f"{colour}・{slot['weapon']}"
    if variant == "genpei":
        side = {"genji": "源氏", "heike": "平氏"}.get(slot["faction"], "")
        return f"{side}の{slot['role']}" if side else slot["role"]
    return str(slot["role"])


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


#: keys a deal removes besides the sealed ones (a special named by hand: the deal names it)
STRIPPED: dict[str, tuple[str, ...]] = {"splatoon": ("special",)}


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return json.dumps(v, ensure_ascii=False)


def edit_toml(text: str, variant: str, dealt: list[Slot], seal: dict[str, str]) -> str:
    """``text`` with each ``[[players]]`` block's dealt keys replaced by ``dealt`` (in
    block order) and the ``[seal]`` table replaced or appended; comments kept."""
    fields = SEALED[variant]
    key_re = re.compile(r"^\s*(" + "|".join((*fields, *STRIPPED.get(variant, ()))) + r")\s*=")
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


def _gender(word: Any) -> Any:
    """A derby player's gender as the engine reads it (「男性」 or ``male``)."""
    from .config.words import value_of

    return value_of("derby-stock", "players.gender", word)


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
             if k not in SEALED[variant] and k not in STRIPPED.get(variant, ())}
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
    if variant not in SEALED:
        raise UsageError(f"{variant!r}: " + ("Trap Word has no hidden setup to deal (the teams "
                                             "are public)" if variant == "trapword"
                                             else "not a variant that deals roles"),
                         "トラップワードには伏せて配る役職がありません（チームは公開です）"
                         if variant == "trapword" else
                         "ゲームの設定に、役職を配るゲームの種類が書かれていません")
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
        have = [f for f in (*SEALED[variant], *STRIPPED.get(variant, ())) if f in p]
        if have and not force:
            problems.append(f"players[{i}] ({p['name']}): already has {', '.join(have)} "
                            "(use --force to deal again)")
            problems_ja.append(f"{p['name']}さんにはもう配役が書かれています"
                               "（配り直すなら --force を付けてください）")
        if variant == "derby-stock" and _gender(p.get("gender")) not in ("male", "female"):
            problems.append(f"players[{i}] ({p['name']}).gender: needed before the deal "
                            "(male or female, ds.setup.gender)")
            problems_ja.append(f"{p['name']}さんの性別（男性か女性か）が書かれていません"
                               "（配役の前に要ります）")
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
    out = [f"{VARIANT_JA.get(r.variant, r.variant)}の配役を決めました（{len(r.roles)}人）。"]
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
