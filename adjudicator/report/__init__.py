"""The end-of-game HTML report: the page, its annotated log, the variants' sections and charts."""
