"""The note as the rules read it: token facts, writing style, spans from token labels."""

from __future__ import annotations

import pytest

from deidkit.models.rules import Scan
from deidkit.models.rules.lexicons import lexicons
from deidkit.models.rules.note import SOURCE, Note, mark, title_case


def test_token_facts_and_positions() -> None:
    note = Note.of("J Smith saw J Smith at 12")
    assert note.words[:3] == ["j", "smith", "saw"]
    assert note.positions["smith"] == [1, 4]
    assert note.is_initial(0) and not note.is_initial(1)
    assert note.is_word(1) and not note.is_word(6)
    assert note.number_flags[6] and not note.number_flags[1]
    assert note.indices(["saw", "j"]) == [0, 2, 3]


@pytest.mark.parametrize(
    ("text", "lowercase", "uppercase"),
    [
        ("pt resting comfortably and will be seen again by the team in the morning ok " * 2,
         True, False),
        ("PT RESTING COMFORTABLY AND WILL BE SEEN AGAIN BY THE TEAM IN THE MORNING OK " * 2,
         False, True),
        ("Pt resting comfortably and will be seen again by Dr Smith in the morning. " * 2,
         False, False),
        ("too short to say", False, False),  # fewer than 20 alphabetic tokens
    ],
)
def test_writing_style(text: str, lowercase: bool, uppercase: bool) -> None:
    note = Note.of(text)
    assert (note.lowercase_style, note.uppercase_style) == (lowercase, uppercase)
    assert note.caseless is (lowercase or uppercase)


@pytest.mark.parametrize(
    ("text", "labelled", "spans"),
    [
        ("Anna Maria Lopez", {0: "PATIENT", 1: "PATIENT", 2: "PATIENT"}, ["Anna Maria Lopez"]),
        ("Delgado-Marin came", {0: "PATIENT", 2: "PATIENT"}, ["Delgado-Marin"]),
        ("Harold J. Finnegan", {0: "PATIENT", 1: "PATIENT", 3: "PATIENT"},
         ["Harold J. Finnegan"]),
        ("Anna\nLopez", {0: "PATIENT", 1: "PATIENT"}, ["Anna", "Lopez"]),  # not across lines
        ("Anna Lopez", {0: "PATIENT", 1: "DOCTOR"}, ["Anna", "Lopez"]),  # labels differ
        ("Delgado - Marin", {0: "PATIENT", 2: "PATIENT"}, ["Delgado", "Marin"]),  # spaced
    ],
)
def test_label_spans_join_runs_of_one_label(
    text: str, labelled: dict[int, str], spans: list[str]
) -> None:
    note = Note.of(text)
    labels: list[str | None] = [labelled.get(i) for i in range(len(note.tokens))]
    found = note.label_spans(labels)
    assert [text[s.start : s.end] for s in found] == spans
    assert {s.source for s in found} == {SOURCE}


def test_mark_leaves_labelled_tokens_alone() -> None:
    labels: list[str | None] = [None, "DOCTOR", None]
    mark(labels, 0, 3, "PATIENT")
    assert labels == ["PATIENT", "DOCTOR", "PATIENT"]


@pytest.mark.parametrize(
    ("word", "expected"), [("Boston", True), ("A", True), ("BOSTON", False), ("MoCA", False),
                           ("boston", False), ("", False)],
)
def test_title_case(word: str, expected: bool) -> None:
    assert title_case(word) is expected


def test_lines_of_tokens() -> None:
    note = Note.of("Seen by\n\n  Dr Lee  \nKL\n")
    assert note.line_numbers == [0, 0, 2, 2, 3]  # line breaks before each token
    assert note.line_starts == [0, 2, 4]
    assert note.same_line(2, 3) and not note.same_line(1, 2) and not note.same_line(0, 4)
    assert note.same_line(3, 1)  # nothing lies between a token and an earlier one


@pytest.mark.parametrize(
    ("start", "end", "expected"),
    [(5, 8, "MRN12345"), (0, 2, "ID"), (1, 3, "ID:"), (6, 15, "MRN12345 x4"), (3, 4, " ")],
)
def test_widened_to_the_tokens_it_cuts(start: int, end: int, expected: str) -> None:
    text = "ID: MRN12345 x4"
    span = Note.of(text).widened(start, end, "IDNUM")
    assert text[span.start : span.end] == expected
    assert span.source == SOURCE


def test_capitals_flags() -> None:
    assert Note.of("ED and CBC A Mr X2").capitals_flags == [True, False, True, False, False, False]


def test_a_scan_finds_the_credentials_once_a_note() -> None:
    scan = Scan(Note.of("Ann Lee, M.D. and Bo Chen RN saw her; md ok. Dr Wu, PhD"),
                lexicons("en"), "en")
    found = scan.credentials()
    assert [scan.note.tokens[i].text for i in found] == ["M.D.", "RN", "md", "PhD"]
    assert scan.credentials() is found  # the three rules that ask share one look


@pytest.mark.parametrize(
    ("text", "lines"),
    [("", []), ("  \n\n ", []), ("a b\n\nc", [["a", "b"], ["c"]]), (".", [["."]])],
)
def test_line_tokens_are_each_line_s_tokens(text: str, lines: list[list[str]]) -> None:
    note = Note.of(text)
    assert [[t.text for t in note.tokens[first:end]] for first, end in note.line_tokens()] == (
        lines
    )
