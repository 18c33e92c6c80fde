"""A malformed command's label (lark's ``match_examples`` over ``SYNTAX_EXAMPLES``) comes
from the examples' errors remembered once per process (``parser._example_error``); it
must be the label lark gives when it parses every example again, for any line."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import parser as P
from adjudicator.games import IMPLEMENTED

UnexpectedInput = P.UnexpectedInput

PIECES = ["予想", "購入", "投票", "噛み", "占い", "護衛", "チャンス", "活躍", "声援", "代理",
          "@", "の株", "株", "万", "3", "5", " ", "まん", "千", P._N, "よろしく", "、"]


def _fresh_label(e: UnexpectedInput, variant: str, gm: bool) -> str | None:
    """``_label`` as it was: every example parsed again."""
    start = "gm_line" if gm else "player_line"
    parser = P.build_parser(variant)
    examples = {k: v for k, v in P._examples(variant, start).items() if v}
    if not examples:
        return None
    try:
        label = e.match_examples(lambda s: parser.parse(s, start=start), examples,
                                 token_type_match_fallback=True)
    except Exception:
        return None
    return str(label) if label else None


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(IMPLEMENTED), st.booleans(),
       st.lists(st.sampled_from(PIECES), min_size=1, max_size=6).map("".join))
def test_the_remembered_examples_give_lark_s_label(variant: str, gm: bool, line: str) -> None:
    try:
        P.build_parser(variant).parse(line, start="gm_line" if gm else "player_line")
    except UnexpectedInput as e:
        assert P._label(e, variant, gm) == _fresh_label(e, variant, gm)
        assert P._label(e, variant, gm) == _fresh_label(e, variant, gm)  # asked again


def test_every_example_line_is_labelled_as_before() -> None:
    for variant in IMPLEMENTED:
        for xs in P.SYNTAX_EXAMPLES.values():
            for line in xs:
                try:
                    P.build_parser(variant).parse(line, start="player_line")
                except UnexpectedInput as e:
                    assert P._label(e, variant, False) == _fresh_label(e, variant, False)
