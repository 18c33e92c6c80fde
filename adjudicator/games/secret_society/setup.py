"""What the GM sets up before day 1 of 秘密結社村: the deal's composition (ss.setup), the
fields the 配役's seal covers and the desk's roster columns (attributes and hooks of the
Variant)."""

from __future__ import annotations

from typing import Any, ClassVar

from ...config.skeletons import TIE_OPTION, Option
from ..base import need_count

SOCIETIES = ("ninja", "pirates", "chrono", "secret")
SOCIETY_JA = {"ninja": "忍びの里", "pirates": "海賊団", "chrono": "クロノマター",
              "secret": "シークレット"}


class SecretSocietySetup:

    #: game.toml's [options] as ``adjudicator new`` writes them (adjudicator.config.skeletons)
    toml_options: ClassVar[tuple[Option, ...]] = (
        TIE_OPTION,
        Option("question", '"日本一高い山は？"', "2日目の夜のリクルートチャンスの問題",
               "リクルートチャンスの問題（2日目の夜）", unset="なし（GMが「正解@名前」で判定）",
               table="recruit_chance"),
        Option("answers", '["富士山", "ふじさん"]', "正解として扱う答え",
               "正解として扱う答え（1行に1つ）", unset="なし", table="recruit_chance"),
    )
    toml_words: ClassVar[str] = "「抽選」「忍びの里」"
    chatter_example: ClassVar[str] = "勧誘待ってます"
    sealed_fields: ClassVar[tuple[str, ...]] = ("society", "leader")
    roster_columns: ClassVar[tuple[str, ...]] = ("society", "leader")

    @classmethod
    def deal_slots(cls, n: int, setup: dict[str, int]) -> list[dict[str, Any]]:
        """ss.setup: 18: a leader for each of the four societies, one first member each
        for ninja, pirates and chrono, 11 unaffiliated."""
        need_count(n, {18}, "秘密結社村")
        return ([{"society": s, "leader": True} for s in SOCIETIES]
                + [{"society": s} for s in SOCIETIES[:3]] + [{} for _ in range(11)])

    @classmethod
    def seat_label(cls, seat: dict[str, Any]) -> str:
        soc = SOCIETY_JA.get(seat.get("society") or "", "")
        if not soc:
            return "未入会"
        return soc + ("リーダー" if seat.get("leader") else "初期メンバー")
