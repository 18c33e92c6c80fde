"""The report's sections of the GM's tools: the seal of the 配役 (whether game.toml's
setup and salt still give the digest), the replacements (代役), with both names, and
the corrections posted after a phase was published (訂正: adjudicator.corrections)."""

from __future__ import annotations

from typing import Any

from .charts import Section, Table


def gm_sections(game: Any) -> list[Section]:
    from ..seal import check
    from .sections import phase_label

    out: list[Section] = []
    cfg = game.cfg
    if cfg.seal is not None and cfg.seal.digest:
        ok, _lines = check(cfg)
        finished = bool(game.variant.finished(game.state))
        rows = [["封印（配役の前に公開した値）", cfg.seal.digest],
                ["照合", "一致（配役は配ったときのまま）" if ok else
                 "不一致（配役か塩が配役のあとで書き換えられています）"]]
        if finished:
            rows.insert(1, ["塩", cfg.seal.salt])
        out.append(Section(id="seal", title="配役の封印", blocks=[Table(
            title="配役の封印", headers=["項目", "値"], rows=rows,
            caption="封印は、配役と塩をつなげた文字列のSHA-256です。" + (
                "公開された配役と塩から、だれでも同じ値になることを確かめられます。" if finished
                else "塩はゲームの最後に公開されます。"))]))
    rows = []
    for ph in game.phases:
        for e in ph.events:
            if e.kind == "replacement":
                rows.append([phase_label(ph.id), str(e.player), str(e.data.get("old", "")),
                             str(e.target), e.cause])
    if rows:
        out.append(Section(id="replacements", title="代役", blocks=[Table(
            title="代役（交代）", headers=["から", "席", "交代前", "交代後", "根拠"], rows=rows,
            caption="代役は席をそのまま引き継ぎます（役職・所持金・所属など）。表の名前は"
            "席の名前です。")]))
    from ..corrections import _when, history, load

    fixes = history(load(game.root))
    if fixes:
        out.append(Section(id="corrections", title="訂正", blocks=[Table(
            title="投稿後の訂正", headers=["日", "最初の投稿", "訂正", "訂正したもの", "GMの理由"],
            rows=[[phase_label(c.phase), _when(c.first), _when(c.time),
                   "と".join((["村への投稿"] if c.public else []) + (
                       ["、".join(f"{p}さん" for p in c.players) + "への通知"]
                       if c.players else [])), c.note or "—"] for c in fixes],
            caption="投稿した後でGMがログや設定を直し、出し直した投稿と通知です。"
            "このレポートは訂正後の内容です。")]))
    return out
