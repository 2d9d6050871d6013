"""Sentence splitting and section headings on synthetic notes."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from deidkit.text import (
    NO_SECTION,
    find_sections,
    normalise_heading,
    section_names,
    sentence_spans,
    tokenize,
)

NOTE = """DISCHARGE SUMMARY
Discharge Date: 3/14/2012
HISTORY OF PRESENT ILLNESS: Mr. J. Smith is a 45-year-old man. He was seen by Dr. Foley!
Then he left.
MEDICATIONS
- aspirin 81 mg p.o. daily
- lisinopril 10mg
NEURO: alert
Assessment/Plan:
1. chest pain, No. 5 ruled out.
2) f/u with PCP"""


def sentences(text: str) -> list[str]:
    return [text[start:end] for start, end in sentence_spans(text)]


def test_sentences_of_a_note() -> None:
    assert sentences(NOTE) == [
        "DISCHARGE SUMMARY",
        "Discharge Date: 3/14/2012",
        "HISTORY OF PRESENT ILLNESS: Mr. J. Smith is a 45-year-old man.",
        "He was seen by Dr. Foley!",
        "Then he left.",
        "MEDICATIONS",
        "- aspirin 81 mg p.o. daily",
        "- lisinopril 10mg",
        "NEURO: alert",
        "Assessment/Plan:",
        "1. chest pain, No. 5 ruled out.",
        "2) f/u with PCP",
    ]


def test_wrapped_prose_stays_one_sentence() -> None:
    text = (
        "The patient is a 45 year old man with a long history of\n"
        "hypertension who presented with chest pain. He was admitted."
    )
    assert sentences(text) == [
        "The patient is a 45 year old man with a long history of\n"
        "hypertension who presented with chest pain.",
        "He was admitted.",
    ]


def test_quotes_blank_lines_and_lower_case_text() -> None:
    assert sentences('He said "go home." Then left') == ['He said "go home."', "Then left"]
    assert sentences("pt alert. oriented x3\n\nresp even") == [
        "pt alert.", "oriented x3", "resp even",
    ]
    assert sentences("Paciente de 45 años. Ingresa el 3/4/2012.") == [
        "Paciente de 45 años.", "Ingresa el 3/4/2012.",
    ]
    assert sentences("") == []
    assert sentences("   \n ") == []


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("aB1 .!?:\n-\"")), max_size=80))
def test_sentences_are_ordered_and_cover_every_token(text: str) -> None:
    spans = sentence_spans(text)
    previous_end = 0
    for start, end in spans:
        assert previous_end <= start < end
        assert not text[start].isspace() and not text[end - 1].isspace()
        previous_end = end
    for token in tokenize(text):
        assert any(start <= token.start and token.end <= end for start, end in spans)


def test_sections_of_a_note() -> None:
    sections = find_sections(NOTE)
    assert [(s.heading, s.name) for s in sections] == [
        ("DISCHARGE SUMMARY", "discharge_summary"),
        ("Discharge Date", "discharge_date"),
        ("HISTORY OF PRESENT ILLNESS", "history_of_present_illness"),
        ("MEDICATIONS", "medications"),
        ("NEURO", "neuro"),
        ("Assessment/Plan", "assessment_and_plan"),
    ]
    for section, following in itertools.pairwise(sections):
        assert section.end == following.start
        assert NOTE[section.start :].startswith(section.heading)
    assert sections[-1].end == len(NOTE)


def test_what_is_not_a_heading() -> None:
    text = (
        "The patient was seen by the team at noon: stable.\n"
        "BP 120/80: ok\n"
        "JOHN SMITH\n"
        "seen today: fine\n"
    )
    assert find_sections(text) == []


def test_numbered_spanish_and_crlf_headings() -> None:
    text = "1. Motivo de consulta: dolor\r\nII) EXPLORACIÓN FÍSICA\r\nAbdomen blando\r\n"
    assert [s.name for s in find_sections(text)] == ["motivo_de_consulta", "exploracion_fisica"]


def test_normalise_heading() -> None:
    assert normalise_heading("HPI") == "history_of_present_illness"
    assert normalise_heading("A/P") == "assessment_and_plan"
    assert normalise_heading("Assessment & Plan") == "assessment_and_plan"
    assert normalise_heading("Past Medical History") == "past_medical_history"
    assert normalise_heading("Exploración física") == "exploracion_fisica"
    assert [normalise_heading(h) for h in "SOAP"] == ["subjective", "objective", "assessment",
                                                       "plan"]


def test_section_names_of_tokens() -> None:
    text = "Patient note.\nHPI: seen by Dr. Foley.\nMEDICATIONS\naspirin"
    tokens = tokenize(text)
    names = dict(zip((t.text for t in tokens), section_names(text, tokens), strict=True))
    assert names["Patient"] == NO_SECTION
    assert names["HPI"] == "history_of_present_illness"
    assert names["Foley"] == "history_of_present_illness"
    assert names["aspirin"] == "medications"
    assert section_names("no headings here", tokenize("no headings here")) == [NO_SECTION] * 3


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(["HPI: ", "pain ", "\n", "MEDICATIONS\n", "Plan: ", "x. "]),
                max_size=30).map("".join))
def test_section_names_match_the_section_containing_each_token(text: str) -> None:
    sections = find_sections(text)
    tokens = tokenize(text)
    expected = []
    for token in tokens:
        inside = [s.name for s in sections if s.start <= token.start < s.end]
        expected.append(inside[0] if inside else NO_SECTION)
    assert section_names(text, tokens) == expected


HEADING_PIECES = st.sampled_from(
    ["HISTORY", "Plan", "MEDICATIONS", "Past medical history", "A/P", "IV)", "2.", "Dr", "x",
     ":", " ", "\t", "\n", "\r\n", "\n\n", "-", "(", ")", "'", ",", "&", "/", "3", "é", "Ñ",
     "_", "\u00b2", "of the"]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(HEADING_PIECES, max_size=30).map("".join))
def test_headings_are_found_at_every_line_start(text: str) -> None:
    # sections._LineStartPattern finds what the pattern with ^ and MULTILINE finds, and the
    # possessive quantifiers change nothing: the same matches as the backtracking pattern
    import re

    from deidkit.text import sections

    for pattern, found in (
        (sections._COLON_HEADING, sections._COLON_HEADING_RE),
        (sections._LINE_HEADING, sections._LINE_HEADING_RE),
    ):
        backtracking = re.sub(r"([*+}])\+", r"\1", pattern)
        assert backtracking != pattern
        anchored = re.compile("^" + backtracking, re.MULTILINE)
        def spans(matches: Iterator[re.Match[str]]) -> list[tuple[int, str, int]]:
            return [(m.start("heading"), m.group("heading"), m.end()) for m in matches]

        assert spans(found.finditer(text)) == spans(anchored.finditer(text))
