"""adjudicator: the referee's desk for chat-played games."""

__version__ = "0.1.0"
