"""Token labels, BIO tags and span decoding."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from deidkit.models.spans import (
    TagSet,
    bio_tags,
    resolve_overlaps,
    spans_from_bio,
    spans_from_labels,
    spans_from_tag_numbers,
    split_tag,
    token_labels,
    with_prefixes,
)
from deidkit.text import tokenize
from deidkit.types import Span

TEXT = "Seen by Dr. John Smith on 3/5/2010 at Mercy Hospital."


def span_of(text: str, part: str, label: str) -> Span:
    start = text.index(part)
    return Span(start, start + len(part), label)


GOLD = [
    span_of(TEXT, "John Smith", "DOCTOR"),
    span_of(TEXT, "3/5/2010", "DATE"),
    span_of(TEXT, "Mercy Hospital", "HOSPITAL"),
]


def test_bio_tags_and_labels() -> None:
    tokens = tokenize(TEXT)
    tags = dict(zip((t.text for t in tokens), bio_tags(tokens, GOLD), strict=True))
    assert tags["John"] == "B-DOCTOR" and tags["Smith"] == "I-DOCTOR"
    assert tags["3/5/2010"] == "B-DATE"
    assert tags["Mercy"] == "B-HOSPITAL" and tags["Hospital"] == "I-HOSPITAL"
    assert tags["Seen"] == "O" and tags["."] == "O"
    labels = token_labels(tokens, GOLD)
    assert labels.count("DOCTOR") == 2 and labels.count("O") == len(tokens) - 5


def test_bio_round_trip_gives_the_gold_spans() -> None:
    tokens = tokenize(TEXT)
    decoded = spans_from_bio(tokens, bio_tags(tokens, GOLD), source="test")
    assert [s.key for s in decoded] == [s.key for s in GOLD]
    assert all(s.source == "test" and s.score is None for s in decoded)


def test_adjacent_same_label_spans_stay_apart_in_bio() -> None:
    text = "Smith Jones"
    tokens = tokenize(text)
    spans = spans_from_bio(tokens, ["B-PATIENT", "B-PATIENT"], source="t")
    assert [(s.start, s.end) for s in spans] == [(0, 5), (6, 11)]


def test_stray_inside_tag_opens_a_span_and_label_change_splits() -> None:
    tokens = tokenize("a b c d")
    spans = spans_from_bio(tokens, ["I-DATE", "I-DATE", "I-CITY", "O"], source="t")
    assert [(s.start, s.end, s.label) for s in spans] == [(0, 3, "DATE"), (4, 5, "CITY")]


def test_scores_are_the_lowest_token_score() -> None:
    tokens = tokenize("John Smith went")
    spans = spans_from_bio(tokens, ["B-PATIENT", "I-PATIENT", "O"], source="t",
                           scores=[0.9, 0.7, 0.99])
    assert spans[0].score == 0.7


def test_labels_merge_adjacent_tokens_but_not_across_lines() -> None:
    text = "John Smith\nMary went"
    tokens = tokenize(text)
    spans = spans_from_labels(tokens, ["PATIENT", "PATIENT", "PATIENT", "O"], source="t",
                              text=text)
    assert [text[s.start : s.end] for s in spans] == ["John Smith", "Mary"]


def test_split_tag() -> None:
    assert split_tag("B-DATE") == ("B", "DATE")
    assert split_tag("I-LOCATION_OTHER") == ("I", "LOCATION_OTHER")
    assert split_tag("O") == ("O", "")
    assert split_tag("DATE") == ("B", "DATE")


def test_resolve_overlaps_prefers_source_then_length() -> None:
    a = Span(0, 10, "DATE", source="rules")
    b = Span(2, 5, "PATIENT", source="crf")
    c = Span(12, 14, "CITY", source="rules")
    assert resolve_overlaps([a, b, c], prefer=("crf",)) == [b, c]
    assert resolve_overlaps([a, b, c]) == [a, c]


def test_bare_labels_get_prefixes_not_across_line_breaks() -> None:
    text = "Dr. John Smith\nJane Doe saw 3/5/2010 3/6/2010"
    tokens = tokenize(text)
    words = [t.text for t in tokens]
    tags = ["O"] * len(tokens)
    for word in ("John", "Smith"):
        tags[words.index(word)] = "DOCTOR"
    tags[words.index("Jane")] = "B-PATIENT"
    tags[words.index("Doe")] = "I-PATIENT"
    for word in ("3/5/2010", "3/6/2010"):
        tags[words.index(word)] = "DATE"
    prefixed = dict(zip(words, with_prefixes(tokens, tags, text), strict=True))
    assert prefixed["John"] == "B-DOCTOR" and prefixed["Smith"] == "I-DOCTOR"
    assert prefixed["Jane"] == "B-PATIENT" and prefixed["Doe"] == "I-PATIENT"
    assert prefixed["3/5/2010"] == "B-DATE" and prefixed["3/6/2010"] == "I-DATE"
    assert prefixed["saw"] == "O"
    broken = ["DOCTOR" if word in ("Smith", "Jane") else "O" for word in words]
    assert [t for t in with_prefixes(tokens, broken, text) if t != "O"] == [
        "B-DOCTOR",
        "B-DOCTOR",
    ]  # the line break between Smith and Jane splits them


# O, prefixed and bare tags of PHI labels, a corpus label, and labels that open no span
TAGS = ("O", "B-DATE", "I-DATE", "DATE", "B-PATIENT", "I-PATIENT", "PATIENT", "CITY",
        "B-HOSPITAL=CENTRO_SALUD", "I-HOSPITAL=CENTRO_SALUD", "B-NOTALABEL", "I-NOTALABEL",
        "NOTALABEL")


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, len(TAGS) - 1), st.sampled_from([" ", "\n", " \n "]),
                       st.floats(0.0, 1.0)), max_size=40),
    st.sampled_from([TAGS, TAGS[::-1], ("O", "B-DATE", "I-DATE")]),
    st.booleans(),
)
def test_spans_from_tag_numbers_equal_the_tag_strings(
    tokens_drawn: list[tuple[int, str, float]], tags: tuple[str, ...], with_text: bool
) -> None:
    text = "".join(f"w{index}{space}" for index, (_, space, _) in enumerate(tokens_drawn))
    tokens = tokenize(text)
    assert len(tokens) == len(tokens_drawn)
    path = np.array([number % len(tags) for number, _, _ in tokens_drawn], dtype=np.intp)
    scores = np.array([score for _, _, score in tokens_drawn])
    strings = [tags[number] for number in path.tolist()]
    expected = spans_from_bio(
        tokens, with_prefixes(tokens, strings, text if with_text else None), source="t",
        scores=[1.0 if tag == "O" else score for tag, score in zip(strings, scores.tolist(),
                                                                     strict=True)],
    )
    found = spans_from_tag_numbers(tokens, path, TagSet.of(tags), source="t", scores=scores,
                                   text=text if with_text else None)
    assert found == expected
