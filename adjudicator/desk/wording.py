"""The desk's words for what the chat reader says in English (for the CLI's ``read``
and developers): format names, why a line was skipped, what was guessed.  One table
each; a value missing from a table is a test failure (tests/desk/test_desk_japanese.py),
never English on a page."""

from __future__ import annotations

import re
from typing import Any

#: the chat formats, as a GM knows them
FORMAT_JA: dict[str, str] = {
    "plain": "シンプル（名前: 発言）",
    "line": "LINE（スマホの書き出し）",
    "line-pc": "LINE（パソコン版の書き出し）",
    "discord": "Discord（画面からコピー）",
    "dce-txt": "Discord書き出し（テキスト）",
    "dce-csv": "Discord書き出し（CSV）",
    "dce-json": "Discord書き出し（JSON）",
}

#: why the reader passed over a line (chatlog's ``Skipped.why``)
SKIP_JA: dict[str, str] = {
    "date line": "日付の行",
    "header": "ログの見出し（トーク名・保存日時）",
    "before the first message (profile card, status…)": "最初の発言より前（プロフィールや状態表示）",
    "message header": "発言者と時刻の行",
    "hover timestamp": "時刻の表示",
    "attachment size": "添付ファイルの大きさ",
    "attachment name": "添付ファイルの名前",
    "reaction": "リアクション",
    "link embed": "リンクのプレビュー",
    "reply preview": "返信先の引用",
    "date divider": "日付の区切り",
    "exporter section": "書き出しツールの欄",
    "export banner": "書き出しツールの見出し",
    "empty CSV record": "CSVの空の行",
    "CSV header": "CSVの見出し行",
}

#: what each kind of guess means (chatlog's ``Guess.kind``)
GUESS_JA: dict[str, str] = {
    "time": "時刻の読み方を推測しました（24:xx は翌日の0時台、時刻でないものは前の発言の続き）",
    "indented": "字下げされた行が発言の形なので、新しい発言として読みました",
    "date": "日付として読めない日付があります。その下の発言は日付なしで読みました",
    "date order": "日付が「月/日」か「日/月」か決め手がないため、「月/日」として読みました",
    "name split": "空白を含む名前を1つの名前として読みました（名簿があれば確実になります）",
    "text": "壊れた文字があり、置き換え文字（�）として読みました",
    "continued": "発言の形でない行を、上の発言の続きとして読みました",
}

_QUOTED = re.compile(r"'([^']{1,60})'")


def format_ja(fmt: str) -> str:
    return FORMAT_JA.get(fmt, fmt)


def skip_ja(why: str) -> str:
    return SKIP_JA.get(why, "発言ではない行")


def guess_ja(kind: str, message: str, ja: str = "") -> str:
    """The guess in Japanese: the reader's own words, or its kind with the piece of the log
    it is about when it names one."""
    if ja:  # a whole sentence of its own: headed by the kind's name only, as the engine does
        # (「日付として読めない日付があります」 over 「今日」 of a plain Discord copy was wrong)
        from ..chatlog.ja import GUESS_JA as KIND_JA

        return f"{KIND_JA.get(kind, '読み方')}：{ja}"
    text = GUESS_JA.get(kind, "読み方を推測した箇所があります")
    hit = _QUOTED.search(message)
    return f"{text}：「{hit.group(1)}」" if hit else text


_ID_THEN_LABEL = re.compile(r"(?:day|night|round)[0-9]+(?:-chat)?（([^）]+)）")


#: the files a message of the command line names, as a desk page says them (a GM at the
#: desk never opens a file)
def _table(m: re.Match[str]) -> str:
    """A table of the settings file that a message names, in the GM's words (``FIELD_JA``)."""
    from ..config.problems import FIELD_JA

    words = FIELD_JA.get(m.group(1).rsplit(".", 1)[-1])
    return f"ゲームの設定の「{words}」の欄" if words else "ゲームの設定"


_FILES: tuple[tuple[re.Pattern[str], Any], ...] = (
    (re.compile(r"(?:(?<=[^\x00-\x7f]) )?game\.toml ?の ?\[([a-z_.]+)\] ?"), _table),
    (re.compile(r"(?:(?<=[^\x00-\x7f]) )?game\.toml ?"), "ゲームの設定"),
    (re.compile(r"(?:(?<=[^\x00-\x7f]) )?scenario\.toml ?"), "シナリオ"))


def desk_message(text: str) -> str:
    """An engine message on a desk page: ``day1（1日目 昼）`` is 「1日目 昼」, and a file
    the command line names (game.toml) is what it holds (「ゲームの設定」)."""
    text = _ID_THEN_LABEL.sub(r"\1", text)
    for pattern, words in _FILES:
        text = pattern.sub(words, text)
    return text


def diag_ja(d: object) -> str:
    """A diagnostic as the GM reads it on a page: level, where in words, the reason."""
    from ..wording import line_place, phase_label

    level = {"error": "エラー", "warning": "注意", "info": "情報"}.get(
        getattr(d, "level", ""), "注意")
    source: str = getattr(d, "source", "")
    reason = getattr(d, "reason_ja", "") or getattr(d, "message", "")
    if source.startswith("phase:"):
        return f"{level}：{phase_label(source[6:])}：{reason}"
    if ":" in source and source.rpartition(":")[2].isdigit():
        return f"{level}：{line_place(source)}：{reason}"
    return f"{level}：{reason}"


def appended_note(phase: str, label: str, stored: bool) -> str:
    """What the preview of 「スレッドを追加」 judged: the stored phase with one more chat."""
    from ..phases import phase_label

    what = f"「{label}」のチャット" if label else "貼り付けたチャット"
    if stored:
        return (f"保存済みの{phase_label(phase)}のログに{what}を加えて判定しました（まだ保存して"
                "いません）。保存すると、加える前のログは履歴に残ります。")
    return (f"{phase_label(phase)}のログはまだ保存されていないので、{what}だけで判定しました"
            "（まだ保存していません）。")
