"""The bot token: from ``ADJUDICATOR_DISCORD_TOKEN``, else from ``discord-token`` in the
user's config folder (platformdirs: ``~/.config/adjudicator/discord-token`` on Linux),
which must be a regular file owned by the user and readable by no one else.

The token is never printed, logged, or written anywhere by adjudicator."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from . import DiscordError

ENV = "ADJUDICATOR_DISCORD_TOKEN"
FILE_NAME = "discord-token"


def token_file() -> Path:
    from platformdirs import user_config_dir

    return Path(user_config_dir("adjudicator", appauthor=False)) / FILE_NAME


def load_token() -> str:
    """The token, or DiscordError saying where to put it (never what it is)."""
    env = os.environ.get(ENV, "").strip()
    if env:
        return env
    path = token_file()
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        raise DiscordError(
            f"Discordのボットのトークンがありません。環境変数 {ENV} に入れるか、"
            f"ファイル {path} に書いて `chmod 600 {path}` で自分だけが読めるようにしてください"
        ) from None
    except OSError as e:
        raise DiscordError(f"トークンのファイル {path} を読めません（{e.strerror}）") from None
    if not stat.S_ISREG(st.st_mode):
        raise DiscordError(f"トークンのファイル {path} が普通のファイルではありません"
                           "（リンクやフォルダは使えません）")
    getuid = getattr(os, "getuid", None)
    if getuid is not None and st.st_uid != getuid():
        raise DiscordError(f"トークンのファイル {path} の持ち主があなたではありません。"
                           "自分のファイルとして作り直してください")
    if os.name == "posix" and st.st_mode & 0o077:
        raise DiscordError(f"トークンのファイル {path} は他の人にも読めるため使いません。"
                           f"`chmod 600 {path}` で自分だけが読めるようにしてください")
    try:
        text = path.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError) as e:
        raise DiscordError(f"トークンのファイル {path} を読めません（{type(e).__name__}）") from None
    if not text:
        raise DiscordError(f"トークンのファイル {path} が空です")
    return text
