"""What the rules work out once per speaker or spelling answers as the line-by-line way:
splatoon's muted lines (the speaker resolved once a speaker) and derby's name mentions
(a spelling's key found once)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.errors import CommandError
from adjudicator.games.derby_stock import mentions
from adjudicator.models import LineRecord
from adjudicator.normalize import name_key
from tests.support.splatoon import NAMES, setup_state, variant

SPEAKERS = [*NAMES, "せなさん", "だれか", "", NAMES[0].upper(), f" {NAMES[1]}"]
recs = st.lists(st.builds(
    lambda i, who, text, d: LineRecord(f"logs/day2.txt:{i}", who, text, None, d),
    st.integers(1, 9), st.sampled_from(SPEAKERS), st.sampled_from(["やあ", " ", "", "草"]),
    st.sampled_from(["chatter", "chatter", "accepted"])), max_size=12)


@settings(max_examples=200, deadline=None)
@given(recs, st.lists(st.sampled_from(NAMES), max_size=3))
def test_muted_lines_answer_as_line_by_line(lines: list[LineRecord], muted: list[str]) -> None:
    v = variant()
    state = setup_state(v).model_copy(update={"muted": muted})
    want = []
    for rec in lines:  # the way it was: the speaker resolved on every line
        if rec.disposition != "chatter" or not rec.text.strip():
            continue
        try:
            who = v.roster.resolve(rec.speaker)
        except CommandError:
            continue
        if who in state.muted:
            want.append((rec, who))
    assert v.muted_lines(state, lines) == want


@settings(max_examples=200, deadline=None)
@given(st.text(st.sampled_from("たろうタロウ太郎ﾀﾛｳ ＴａRo\u3000"), max_size=8))
def test_a_spellings_key_is_its_name_key(spelling: str) -> None:
    assert mentions._spelling_key(spelling) == name_key(spelling)
