"""Two values a detector ran together are two spans (deidkit.models.splits)."""

from __future__ import annotations

import pytest

from deidkit.models.splits import split_values

from .crafted import found_in


def _split(text: str, found: list[tuple[str, str]]) -> list[tuple[str, str]]:
    (done,) = split_values([found_in(text, found, source="crf", score=0.9)])
    assert all(span.source == "crf" and span.score == 0.9 for span in done.spans)
    return [(text[s.start : s.end], s.label) for s in done.spans]


@pytest.mark.parametrize(
    ("text", "found", "split"),
    [
        # two dates joined by a conjunction: two spans, the conjunction in neither
        ("Tested on October 14 and October 16, 2025.",
         [("October 14 and October 16, 2025", "DATE")],
         [("October 14", "DATE"), ("October 16, 2025", "DATE")]),
        ("practice on Mon & Tues, no symptoms", [("Mon & Tues", "DATE")],
         [("Mon", "DATE"), ("Tues", "DATE")]),
        ("seen March 3, and 4 by PT", [("March 3, and 4", "DATE")],
         [("March 3", "DATE"), ("4", "DATE")]),
        # prepositions before and after a date: out
        ("your donation of 24 July (unit 7)", [("of 24 July", "DATE")], [("24 July", "DATE")]),
        ("the first Thursday of the month", [("Thursday of", "DATE")], [("Thursday", "DATE")]),
        ("a policy bought last March — advised", [("March —", "DATE")], [("March", "DATE")]),
        # a year said in words, a date alone, a preposition alone: kept
        ("born in two thousand and six.", [("two thousand and six", "DATE")],
         [("two thousand and six", "DATE")]),
        ("TWO HUNDRED AND TWELVE", [("TWO HUNDRED AND TWELVE", "DATE")],
         [("TWO HUNDRED AND TWELVE", "DATE")]),
        ("seen Tuesday the 4th", [("Tuesday the 4th", "DATE")], [("Tuesday the 4th", "DATE")]),
        ("as of today", [("of", "DATE")], [("of", "DATE")]),
        # a number and its extension: two spans, the cue in neither
        ("call 920-555-0100 ext 3381 today", [("920-555-0100 ext 3381", "PHONE")],
         [("920-555-0100", "PHONE"), ("3381", "PHONE")]),
        ("office 978-555-0125 Ext. #2214", [("978-555-0125 Ext. #2214", "PHONE")],
         [("978-555-0125", "PHONE"), ("2214", "PHONE")]),
        ("line (413) 555-0112 extension: 305", [("(413) 555-0112 extension: 305", "PHONE")],
         [("(413) 555-0112", "PHONE"), ("305", "PHONE")]),
        # ... not a cue without a number before it, nor another label
        ("ext 4471 only", [("ext 4471", "PHONE")], [("ext 4471", "PHONE")]),
        ("Mercy and Grace Hospital", [("Mercy and Grace Hospital", "HOSPITAL")],
         [("Mercy and Grace Hospital", "HOSPITAL")]),
    ],
)
def test_values_run_together_are_split(
    text: str, found: list[tuple[str, str]], split: list[tuple[str, str]]
) -> None:
    assert _split(text, found) == split


def test_documents_without_such_spans_are_returned_as_they_are() -> None:
    document = found_in("Seen 3/4 at 555-0100.", [("3/4", "DATE"), ("555-0100", "PHONE")])
    assert split_values([document])[0] is document
