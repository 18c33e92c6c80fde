"""Command line: one module a command family (``main`` parses and dispatches)."""
