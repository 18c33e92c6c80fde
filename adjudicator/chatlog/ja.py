"""The chat formats in the GM's words: what each format is, why a line was passed over,
what the reader guessed (``read``, resolve's diagnostics)."""

from __future__ import annotations

from typing import Any

#: each chat format in a sentence, for ``read`` and the format options' help
FORMAT_JA: dict[str, str] = {
    "plain": "貼り付けた文字（「名前: 本文」「名前：本文」「[21:03] 名前: 本文」"
             "「21:03 名前 本文」の形）",
    "line": "LINE のトーク履歴の書き出し（.txt）：日付の行のあとに「時刻<TAB>名前<TAB>本文」",
    "line-pc": "LINE（Mac・PC版）の「トークを保存」：「2026.03.01 日曜日」の日付の行のあとに"
               "「時刻 名前 本文」",
    "discord": "Discord の画面からコピーした文字：「名前 — 時刻」の見出しのあとに発言",
    "dce-txt": "DiscordChatExporter の TXT：「====」の見出しのあとに「[日時] 名前」と本文",
    "dce-csv": "DiscordChatExporter の CSV：AuthorID,Author,Date,Content,Attachments,"
               "Reactions の列",
    "dce-json": "DiscordChatExporter の JSON：guild・channel・messages を持つファイル",
}

#: why ``read`` skipped a line (adjudicator.chatlog's reasons), in Japanese
SKIP_JA: dict[str, str] = {
    "date line": "日付の行",
    "header": "見出しの行",
    "exporter section": "書き出しツールの見出し",
    "export banner": "書き出しツールの見出し",
    "empty CSV record": "空の CSV の行",
    "CSV header": "CSV の見出しの行",
    "before the first message (profile card, status…)":
        "最初の発言より前（プロフィールや状態の表示など）",
    "message header": "発言の見出し",
    "hover timestamp": "カーソルを重ねたときの時刻",
    "attachment size": "添付ファイルの大きさ",
    "attachment name": "添付ファイルの名前",
    "reaction": "リアクション",
    "link embed": "リンクの埋め込み",
    "reply preview": "返信元のプレビュー",
    "date divider": "日付の区切り",
    "image placeholder": "画像の表示",
    "expand button": "「展開」ボタン",
    "jump link": "ジャンプのリンク",
}

#: the kinds of ``read``'s guesses, in Japanese
GUESS_JA: dict[str, str] = {
    "time": "時刻", "indented": "字下げ", "date": "日付", "date order": "日付の並び",
    "text": "文字", "name split": "名前の区切り", "continued": "続きの行",
}


#: why the dates were read month-first or day-first (adjudicator.chatlog.dates), in words
_DATE_WHY_JA: tuple[tuple[str, str], ...] = (
    (r"line (\d+) \((.*)\) has a field above 12$", r"\1行目の \2 に12より大きい数があります"),
    (r"the header's date on line (\d+) \((.*)\)$", r"\1行目の見出しの日付 \2"),
    (r"the weekday of (\d+) date lines? fits it only \(line (\d+)\)$",
     r"日付の行 \1 件の曜日がこの並びにだけ合います（\2行目から）"),
    (r"default \(no date settles it\)$", "どの日付からも決まらないので、既定の並び"),
)

def date_order_why_ja(why: str) -> str:
    """``Reading.date_order_why`` in the GM's words (unchanged when unknown)."""
    import re

    for pattern, ja in _DATE_WHY_JA:
        if re.match(pattern, why):
            return re.sub(pattern, ja, why)
    return why


def guess_ja(guess: Any) -> str:
    """A chat reader's guess (``chatlog.Guess``) in the GM's words: the reader's own
    Japanese, or the English when a reader gave none."""
    return str(guess.ja or guess.message)
