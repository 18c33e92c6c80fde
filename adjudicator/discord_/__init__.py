"""The Discord connector (optional extra ``adjudicator[discord]``): read a phase's messages
from a channel into the game's logs (``pull``), post the public post and DM every private
notice once (``send``); ``adjudicator bot`` does both live, with a receipt for every
command in its sender's private place.

The core never needs this package: ``adjudicator.cli`` and the desk register its command
and routes, whose modules import the Discord library (hikari) only when they run.  Without
the extra, ``require()`` says in Japanese which pip command installs it.

    discord_/
      __init__.py   require(): the import guard
      token.py      where the bot token comes from (environment or a private file)
      client.py     the hikari REST session: rate-limit notices, errors mapped to ours
      dce.py        Discord messages -> DiscordChatExporter JSON (pure)
      layout.py     a phase's threads as the stored text, each thread's last id read back
      pull.py       the phase's range of messages, authors mapped to players, stored as `add`
      send.py       the plan of what to send, the sent-record, sending once
      bot.py        `bot`'s own logic: places, the phase's threads, answers, GM controls
      gateway.py    `bot`'s glue to hikari's GatewayBot: events, catch-up, delivery
      cli.py        `adjudicator discord pull|send`, `adjudicator bot`
"""

from __future__ import annotations

from ..errors import AdjudicatorError

INSTALL = "pip install 'adjudicator[discord]'"


class DiscordError(AdjudicatorError):
    """Discord could not be reached, refused, or the connector is not installed."""


def require() -> None:
    """Raise DiscordError (Japanese, naming the pip command) when hikari is missing."""
    try:
        import hikari  # noqa: F401
    except ImportError:
        raise DiscordError("Discord連携が入っていません。"
                           f"`{INSTALL}` で入れてから、もう一度実行してください") from None
