"""game.toml: loading and validating (``load``), its problems in Japanese (``problems``), its words (``words``) and the skeletons ``new`` writes."""
