"""What the GM's tools add to a phase's outputs once it is resolved: the replacements
taking effect in it (adjudicator.replacement) and the seal of the 配役 (adjudicator.seal):
the digest in the first post, the salt in the post that ends the game."""

from __future__ import annotations

from typing import Any

from .models import PhaseResult


def finish(game: Any, result: PhaseResult, seats: Any, first: bool, ended: bool
           ) -> PhaseResult:
    from .replacement import annotate
    from .seal import seal_lines

    result = annotate(game, result, seats)
    lines = seal_lines(game.cfg, finished=True) if ended else (
        seal_lines(game.cfg, finished=False) if first else [])
    if lines:
        post = result.public_post.rstrip("\n")
        post = (post + "\n\n" if post else "") + "\n".join(lines) + "\n"
        result = result.model_copy(update={"public_post": post})
    return result
