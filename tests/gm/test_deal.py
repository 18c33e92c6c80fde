"""配役 by lot under a seal (adjudicator deal / verify): the composition of every supported
player count, determinism, the GM's comments kept, the seal in the posts and the report,
and verify failing after a swapped role or salt."""

from __future__ import annotations

import json
import re
import shutil
import unicodedata
from collections import Counter
from pathlib import Path

import pytest

from adjudicator.cli.main import main
from adjudicator.config.load import load_config
from adjudicator.deal import deal_game
from adjudicator.engine import resolve_game
from adjudicator.errors import AdjudicatorError, ConfigError, UsageError
from adjudicator.games import REGISTRY, get_variant
from adjudicator.games.derby_stock.setup import DERBY
from adjudicator.report.html import render_report
from adjudicator.resources import data_dir
from adjudicator.seal import _differences, check, digest_of, game_fields, seats
from adjudicator.vocab import ROLE_NAMES
from tests.support import hook, registered

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
#: the games that deal hidden seats (their Variant's ``sealed_fields``), and the rest
DEALING = [v for v in REGISTRY if get_variant(v).sealed_fields]
NOT_DEALING = [v for v in REGISTRY if not get_variant(v).sealed_fields]
DEALT_KEYS = re.compile(r"^(" + "|".join(sorted({
    f for v in REGISTRY for f in (*get_variant(v).sealed_fields, *get_variant(v).deal_strips)}))
    + r")\s*=.*\n", re.M)


def undealt(tmp_path: Path, name: str) -> Path:
    """A copy of a bundled sample with every dealt key removed (names, aliases, genders,
    comments kept)."""
    root = tmp_path / name
    shutil.copytree(SAMPLES / name, root)
    path = root / "game.toml"
    path.write_text(DEALT_KEYS.sub("", path.read_text(encoding="utf-8")), encoding="utf-8")
    return root


def fresh(tmp_path: Path, variant: str, n: int, extra: str = "") -> Path:
    root = tmp_path / f"{variant}-{n}"
    (root / "logs").mkdir(parents=True)
    body = f'# my village\nvariant = "{variant}"\nseed = 1\n{extra}\n'
    for i in range(n):
        gender = f'gender = "{"male" if i % 2 else "female"}"  # needed for bets\n' \
            if "gender" in (get_variant(variant).player_fields or ()) else ""
        body += f'\n# seat {i + 1}\n[[players]]\nname = "p{i + 1:02d}"\n{gender}'
    (root / "game.toml").write_text(body, encoding="utf-8")
    return root


def seed_derby_16() -> Counter[str]:
    """The seed's own words: 配役：狼３狂１占１霊１狩１共２村６（１６人村）."""
    text = (data_dir("rules") / "seeds" / "seed-2.txt").read_text(encoding="utf-8")
    line = unicodedata.normalize("NFKC", re.search(r"配役:(狼.*?)\(16人村\)", unicodedata.normalize(
        "NFKC", text)).group(1))  # type: ignore[union-attr]
    return Counter({ROLE_NAMES[k]: int(v) for k, v in re.findall(r"(\D)(\d+)", line)})


@pytest.mark.parametrize("n", [12, 13, 14, 15, 16])
def test_derby_composition_for_every_count(tmp_path: Path, n: int) -> None:
    root = fresh(tmp_path, "derby-stock", n)
    r = deal_game(root, seed=5)
    cfg = load_config(root / "game.toml")  # the variant's own setup checks pass
    got = Counter(ROLE_NAMES[p.role or ""] for p in cfg.players)
    assert got == Counter({ROLE_NAMES[k]: v for k, v in DERBY[n].items() if v})
    assert sum(got.values()) == n and got["wolf"] >= 1
    assert r.roles == {p.name: p.role for p in cfg.players}
    if n == 16:  # the seed's counts, whose sum is 15, and one more 村人 for the 16th seat
        seed = seed_derby_16()
        assert sum(seed.values()) == 15
        assert got == seed + Counter(villager=1)
    if n == 15:
        assert got == seed_derby_16()


def test_derby_setup_counts_override_the_table(tmp_path: Path) -> None:
    root = fresh(tmp_path, "derby-stock", 14, "[setup]\n'狼' = 2\n'狂' = 1\n'占い師' = 1\n'村人' = 10\n")
    deal_game(root, seed=2)
    cfg = load_config(root / "game.toml")
    assert Counter(p.role for p in cfg.players) == Counter(人狼=2, 狂人=1, 占い師=1, 村人=10)
    bad = fresh(tmp_path / "b", "derby-stock", 14, "[setup]\n'人狼' = 2\n'村人' = 3\n")
    with pytest.raises(ConfigError, match="add up to 5") as caught:  # game.toml's to fix
        deal_game(bad, seed=2)
    assert caught.value.problems_ja == ["編成の人数の合計は5人ですが、参加者は14人です"]
    assert "role" not in (bad / "game.toml").read_text(encoding="utf-8")


def test_derby_needs_genders_and_refuses_a_second_deal(tmp_path: Path) -> None:
    root = fresh(tmp_path, "derby-stock", 12)
    path = root / "game.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('gender = "male"  # needed for '
                                                            'bets\n', "", 1), encoding="utf-8")
    with pytest.raises(AdjudicatorError, match="gender"):
        deal_game(root, seed=1)
    root = fresh(tmp_path / "x", "derby-stock", 12)
    deal_game(root, seed=1)
    with pytest.raises(AdjudicatorError, match="already has role") as again:
        deal_game(root, seed=2)
    assert "さんにはもう配役が書かれています" in again.value.ja and "role" not in again.value.ja
    deal_game(root, seed=2, force=True)  # dealt again, one role line a player
    text = (root / "game.toml").read_text(encoding="utf-8")
    assert text.count("role = ") == 12 and text.count("[seal]") == 1


def test_the_registry_has_games_that_deal() -> None:
    assert DEALING and set(DEALING) | set(NOT_DEALING) == set(REGISTRY)


@pytest.mark.parametrize("variant", DEALING)
def test_every_variant_deals_its_composition(tmp_path: Path, variant: str) -> None:
    """The dealt game.toml passes the variant's own setup checks (which test the rules'
    composition), keeps every comment and name, and resolves with the sample logs."""
    root = undealt(tmp_path, variant)
    before = (root / "game.toml").read_text(encoding="utf-8")
    r = deal_game(root, seed=9)
    after = (root / "game.toml").read_text(encoding="utf-8")
    comments = [line for line in before.splitlines() if line.lstrip().startswith("#")]
    assert comments and all(c in after.splitlines() for c in comments)
    cfg = load_config(root / "game.toml")
    assert [p.name for p in cfg.players] == list(r.roles)
    assert re.fullmatch("[0-9a-f]{64}", r.digest)
    assert check(cfg, r.digest)[0]
    game = resolve_game(root)
    assert game.phases
    assert set(r.notices) == {p.name for p in cfg.players}  # every seat is told
    for name in r.notices:
        assert (root / "deal" / f"{name}.txt").is_file()


@pytest.mark.parametrize("variant", registered())
def test_each_village_deals_its_composition(tmp_path: Path, variant: str) -> None:
    """Every seat count of the village's ``DEAL_COMPOSITION`` is dealt as its rules say
    (a village that deals declares at least one; one that deals nothing, none)."""
    cases = hook(variant, "DEAL_COMPOSITION")
    assert bool(cases) == (variant in DEALING)
    for i, (n, fields, want) in enumerate(cases):
        where = tmp_path / str(i)
        root = undealt(where, variant) if n is None else fresh(where, variant, n)
        cfg = load_config(deal_game(root, seed=3).root / "game.toml")
        got = Counter(tuple(getattr(p, f) for f in fields) for p in cfg.players)
        assert got == Counter(want), (variant, n)


@pytest.mark.parametrize("variant", registered())
def test_each_village_refuses_a_count_its_rules_do_not_have(tmp_path: Path, variant: str) -> None:
    cases = hook(variant, "DEAL_REFUSED")
    assert bool(cases) == (variant in DEALING)
    for n, said in cases:
        root = fresh(tmp_path / str(n), variant, n)
        before = (root / "game.toml").read_bytes()
        with pytest.raises(UsageError) as caught:
            deal_game(root, seed=3)
        assert caught.value.ja == said
        assert (root / "game.toml").read_bytes() == before


@pytest.mark.parametrize("variant", NOT_DEALING)
def test_a_game_with_nothing_hidden_refuses_the_deal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], variant: str) -> None:
    root = tmp_path / variant
    shutil.copytree(SAMPLES / variant, root)
    before = (root / "game.toml").read_bytes()
    assert main(["deal", str(root)]) == 2
    err = capsys.readouterr().err
    assert f"{get_variant(variant).name_ja}には伏せて配る役職がありません" in err
    assert "hidden" not in err and (root / "game.toml").read_bytes() == before


def test_setup_counts_are_refused_where_the_rules_fix_the_composition(tmp_path: Path) -> None:
    fixed = next(v for v in DEALING if not get_variant(v).setup_counts)
    root = fresh(tmp_path, fixed, 3, "[setup]\n'人狼' = 3\n")
    with pytest.raises(ConfigError) as caught:  # game.toml's to fix: exit 1 (issue 46)
        deal_game(root, seed=1)
    assert caught.value.problems_ja == [f"{get_variant(fixed).name_ja}の編成はルールで決まっている"
                                        "ため、編成の人数は指定できません"]


def test_the_same_seed_deals_the_same_game(tmp_path: Path) -> None:
    a = deal_game(fresh(tmp_path / "a", "derby-stock", 16), seed=42)
    b = deal_game(fresh(tmp_path / "b", "derby-stock", 16), seed=42)
    assert a.roles == b.roles and a.digest == b.digest
    assert (a.root / "game.toml").read_bytes() == (b.root / "game.toml").read_bytes()
    others = {tuple(deal_game(fresh(tmp_path / f"s{s}", "derby-stock", 16), seed=s).roles
                    .values()) for s in range(1, 6)}
    assert len(others) > 1  # the seed decides


def test_without_a_seed_salt_and_deal_are_fresh(tmp_path: Path) -> None:
    a = deal_game(fresh(tmp_path / "a", "genpei", 17))
    b = deal_game(fresh(tmp_path / "b", "genpei", 17))
    assert a.salt != b.salt and len(a.salt) == 32
    assert a.digest != b.digest


def test_json_and_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = fresh(tmp_path, "derby-stock", 16)
    assert main(["deal", str(root), "--seed", "7", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"digest", "roles"}
    assert re.fullmatch("[0-9a-f]{64}", data["digest"])
    assert list(data["roles"]) == [f"p{i:02d}" for i in range(1, 17)]
    assert main(["verify", str(root), "--digest", data["digest"]]) == 0
    assert "一致" in capsys.readouterr().out
    assert main(["verify", str(root)]) == 0  # the digest kept in game.toml
    capsys.readouterr()
    assert main(["verify", str(root), "--digest", "0" * 64]) == 1
    assert "一致しません" in capsys.readouterr().err
    assert main(["verify", str(root), "--digest", "xyz"]) == 2
    assert "16進数" in capsys.readouterr().err


def _swap_two_roles(path: Path) -> tuple[str, str]:
    text = path.read_text(encoding="utf-8")
    roles = re.findall(r'^role = "(.+)"$', text, re.M)
    i = next(k for k in range(1, len(roles)) if roles[k] != roles[0])
    parts = re.split(r'(^role = ".+"$)', text, flags=re.M)
    spots = [k for k, p in enumerate(parts) if p.startswith("role = ")]
    parts[spots[0]], parts[spots[i]] = parts[spots[i]], parts[spots[0]]
    path.write_text("".join(parts), encoding="utf-8")
    return roles[0], roles[i]


def test_verify_fails_after_a_swapped_role(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                            ) -> None:
    root = fresh(tmp_path, "derby-stock", 16)
    r = deal_game(root, seed=11)
    was, now = _swap_two_roles(root / "game.toml")
    assert main(["verify", str(root), "--digest", r.digest]) == 1
    err = capsys.readouterr().err
    assert "一致しません" in err
    assert f"p01の役職：{was} → {now}" in err
    assert "不一致" in render_report(resolve_game(root))


def test_verify_fails_after_a_changed_salt(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                            ) -> None:
    root = undealt(tmp_path, "majora")
    r = deal_game(root, seed=4)
    path = root / "game.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f'salt = "{r.salt}"', f'salt = "{"1" * 32}"'), encoding="utf-8")
    assert main(["verify", str(root), "--digest", r.digest]) == 1
    assert "塩が配役のときと違います" in capsys.readouterr().err
    path.write_text(text, encoding="utf-8")
    assert main(["verify", str(root), "--digest", r.digest]) == 0


def test_the_seal_in_the_first_and_the_final_post(tmp_path: Path) -> None:
    """The bundled derby game (which ends) sealed as it stands: day 1's post carries the
    digest, the post that ends the game the salt, and the report says it verifies."""
    root = tmp_path / "ds"
    shutil.copytree(SAMPLES / "derby-stock", root)
    cfg = load_config(root / "game.toml")
    salt = "ab" * 16
    digest = digest_of(cfg.variant, seats(cfg), salt, game_fields(cfg))
    with (root / "game.toml").open("a", encoding="utf-8") as f:
        f.write(f'\n[seal]\nsalt = "{salt}"\ndigest = "{digest}"\n')
    game = resolve_game(root)
    assert game.variant.finished(game.state)
    assert f"配役の封印：{digest}" in game.phases[0].public_post
    assert all(digest not in p.public_post for p in game.phases[1:])
    assert f"配役の封印の塩：{salt}" in game.phases[-1].public_post
    assert all(salt not in p.public_post for p in game.phases[:-1])
    html = render_report(game)
    assert "配役の封印" in html and "一致（配役は配ったときのまま）" in html and salt in html


def test_a_game_toml_it_cannot_edit_is_left_alone(tmp_path: Path) -> None:
    root = tmp_path / "inline"
    root.mkdir()
    text = ('variant = "majora"\nscenario = "scenario.toml"\nplayers = [\n'
            + "".join(f'  {{name = "p{i}"}},\n' for i in range(12)) + "]\n")
    (root / "game.toml").write_text(text, encoding="utf-8")
    shutil.copy(SAMPLES / "majora" / "scenario.toml", root / "scenario.toml")
    with pytest.raises(AdjudicatorError, match="by hand"):
        deal_game(root, seed=1)
    assert (root / "game.toml").read_text(encoding="utf-8") == text


def test_a_hand_named_special_is_dealt_over(tmp_path: Path) -> None:
    """Splatoon: a ``special`` the GM wrote by hand goes with --force; the deal names the
    specials itself (so that the seal covers them)."""
    root = tmp_path / "sp"
    shutil.copytree(SAMPLES / "splatoon", root)
    path = root / "game.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('weapon = "スペシャル"', 'weapon = "スペシャル"\nspecial = "トルネード"',
                                 1), encoding="utf-8")
    with pytest.raises(AdjudicatorError, match="special"):
        deal_game(root, seed=1)
    deal_game(root, seed=1, force=True)
    cfg = load_config(path)
    assert all(p.special is None for p in cfg.players)
    assert check(cfg)[0]


@pytest.mark.parametrize("variant", registered())
def test_deal_writes_the_gms_words(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                   variant: str) -> None:
    """Review 3, T2: game.toml and deal/dealt.json say 「平氏」, not ``heike`` (each
    village's ``DEAL_WORDS``); the seal still verifies, and a seat changed since is named
    in words."""
    dealt_words = hook(variant, "DEAL_WORDS")
    assert (dealt_words is not None) == (variant in DEALING)
    if dealt_words is None:
        return
    field, words = dealt_words
    root = undealt(tmp_path, variant)
    r = deal_game(root, seed=3)
    text = (root / "game.toml").read_text(encoding="utf-8")
    written = set(re.findall(rf'^{field} = "([^"]*)"', text, re.M))
    assert written == set(words), written
    dealt = (root / "deal" / "dealt.json").read_text(encoding="utf-8")
    assert set(re.findall(rf'"{field}": "([^"]*)"', dealt)) == set(words)
    assert not re.search(r"[a-z]+", "".join(re.findall(r"#.*", text[text.index("[seal]"):])))
    assert main(["verify", str(root), "--digest", r.digest]) == 0
    capsys.readouterr()
    first, second = words[:2]  # the record says one seat was dealt otherwise
    record = root / "deal" / "dealt.json"
    record.write_text(dealt.replace(f'"{field}": "{first}"', f'"{field}": "{second}"', 1),
                      encoding="utf-8")
    changed = _differences(root, load_config(root / "game.toml"))
    assert any(line.endswith(f"：{second} → {first}") for line in changed), changed


def test_an_older_deal_in_english_values_still_verifies(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """game.toml and dealt.json from before review 3 (``faction = "heike"``) still read."""
    root = undealt(tmp_path, "genpei")
    r = deal_game(root, seed=3)
    path = root / "game.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('"源氏"', '"genji"')
                    .replace('"平氏"', '"heike"'), encoding="utf-8")
    record = root / "deal" / "dealt.json"
    record.write_text(record.read_text(encoding="utf-8").replace('"源氏"', '"genji"')
                      .replace('"平氏"', '"heike"'), encoding="utf-8")
    assert main(["verify", str(root), "--digest", r.digest]) == 0
    capsys.readouterr()
    record.write_text(record.read_text(encoding="utf-8").replace('"genji"', '"heike"', 1),
                      encoding="utf-8")
    changed = _differences(root, load_config(path))
    assert any(line.endswith("：平氏 → 源氏") for line in changed), changed
