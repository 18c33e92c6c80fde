"""The community's site: every finished game of an archive as static pages, with each
player's record across games (``adjudicator site``; docs/site.md).  ``people`` ties
names to persons (players.toml, opt-outs), ``records`` reads the archive's games and
counts, ``build`` writes the pages."""
