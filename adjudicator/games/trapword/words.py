"""Trap Word's words for a turn's end, shared by the post, the event sentences and the
report (one level of parentheses, the glossary's 発動 and 不正なヒント)."""

from __future__ import annotations

import re


def detail_ja(detail: str) -> str:
    """A turn's end in one level of words, to sit inside 「失敗（…）」 (post, explain,
    report alike): 「時間切れ・砂時計120秒」, 「不正なヒント：「バスケット」は…の一部です」,
    「トラップ発動・自動判定：…」, 「「りんご！」で正解」 (the secret word is said beside it)."""
    detail = str(detail)
    if m := re.fullmatch(r"時間切れです（(.+)）", detail):
        return f"時間切れ・{m[1].replace('制限時間', '砂時計')}"
    if m := re.fullmatch(r"不正なヒント（(.+)）", detail):
        return f"不正なヒント：{m[1].removeprefix('秘密のワードを含みます：')}"
    if m := re.fullmatch(r"トラップ(?:成立|発動)(（GM判定）|（自動）)?：(.+)", detail):
        how = {"（GM判定）": "・GM判定", "（自動）": "・自動判定"}.get(m[1] or "", "")
        return f"トラップ発動{how}：{m[2]}"
    if m := re.fullmatch(r"(「.+」で正解)（[^（）]*）", detail):
        return m[1]
    return detail.removesuffix("。")


def flat(reason: str) -> str:
    """A judge's reason with no inner parentheses: 「「競技」は「スポーツ」の言い換えです
    （同義語）」 → 「「競技」は「スポーツ」の言い換え・同義語」, to sit in one （）."""
    reason = str(reason)
    if m := re.fullmatch(r"(.+?)(?:です)?（([^（）]*)）", reason):
        return f"{m[1]}・{m[2]}"
    return reason.removesuffix("です")
