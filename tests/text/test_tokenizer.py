"""Tokenizer: offsets (property-based) and the clinical cases it is built for."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deidkit.errors import SpanError
from deidkit.text import token_spans, token_texts, tokenize
from deidkit.types import Token


def texts(text: str) -> list[str]:
    return [token.text for token in tokenize(text)]


CLINICAL_ALPHABET = st.sampled_from(
    [*"abcXYZ019 .,:;-/()[]*'’@#\n\t\r\u00a0éñÑ%+_\"?!~", "[**", "**]", "Dr.", "mg"]
)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), st.lists(CLINICAL_ALPHABET).map("".join)))
def test_offsets_are_exact_ordered_and_cover_every_non_space_character(text: str) -> None:
    tokens = tokenize(text)
    covered = [False] * len(text)
    previous_end = 0
    for token in tokens:
        assert previous_end <= token.start < token.end
        assert text[token.start : token.end] == token.text
        if not token.text.startswith("[**"):
            assert not any(char.isspace() for char in token.text)
        assert not token.text[0].isspace() and not token.text[-1].isspace()
        for index in range(token.start, token.end):
            covered[index] = True
        previous_end = token.end
    lost = [i for i, char in enumerate(text) if not char.isspace() and not covered[i]]
    assert lost == []
    assert token_spans(text) == [(token.start, token.end) for token in tokens]
    assert token_texts(text) == [token.text for token in tokens]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # abbreviations keep their dot
        ("Dr. Smith", ["Dr.", "Smith"]),
        ("DR. SMITH", ["DR.", "SMITH"]),
        ("aspirin p.o. b.i.d. x3", ["aspirin", "p.o.", "b.i.d.", "x3"]),
        ("Mrs. Jones lives on Main St. in the U.S.", ["Mrs.", "Jones", "lives", "on", "Main",
                                                     "St", ".", "in", "the", "U.S."]),
        # words that can end a name or a sentence do not keep their dot
        ("Maria del Mar.", ["Maria", "del", "Mar", "."]),
        ("John Smith Jr.", ["John", "Smith", "Jr", "."]),
        ("Av. la Alhambra 23, 4 izq..", ["Av.", "la", "Alhambra", "23", ",", "4", "izq", ".",
                                          "."]),
        ("said no.", ["said", "no", "."]),
        # dates
        ("on 3/14/2012.", ["on", "3/14/2012", "."]),
        ("2012-03-14", ["2012-03-14"]),
        ("14-Mar-2012", ["14-Mar-2012"]),
        ("Mar-14-2012", ["Mar-14-2012"]),
        ("14.03.2012", ["14.03.2012"]),
        ("3-14-12", ["3-14-12"]),
        ("3/14-3/16", ["3/14", "-", "3/16"]),
        ("1990-1995", ["1990", "-", "1995"]),
        # times
        ("at 10:30am", ["at", "10:30am"]),
        ("at 10:30 PM", ["at", "10:30", "PM"]),
        ("23:59:01", ["23:59:01"]),
        ("1:1000", ["1", ":", "1000"]),
        # phones and IDs
        ("(617) 555-1234", ["(", "617", ")", "555-1234"]),
        ("(617)555-1234", ["(617)555-1234"]),
        ("617-555-1234", ["617-555-1234"]),
        ("617.555.1234", ["617.555.1234"]),
        ("+1-617-555-1234", ["+1-617-555-1234"]),
        ("SSN 123-45-6789", ["SSN", "123-45-6789"]),
        ("MRN-12345", ["MRN", "-", "12345"]),
        ("E-28935", ["E", "-", "28935"]),
        ("A12-34-567", ["A12-34-567"]),
        ("MRN12345", ["MRN12345"]),
        ("COVID-19", ["COVID", "-", "19"]),
        ("A1-B2", ["A1-B2"]),
        ("DNI 12345678-Z", ["DNI", "12345678-Z"]),
        # hyphenated words are split so PHI never ends inside a token
        ("45-year-old", ["45", "-", "year", "-", "old"]),
        ("45-YEAR-OLD", ["45", "-", "YEAR", "-", "OLD"]),
        ("Boston-based", ["Boston", "-", "based"]),
        ("Smith-Jones", ["Smith", "-", "Jones"]),
        # numbers and dosages
        ("2.5mg", ["2.5", "mg"]),
        ("10 mg", ["10", "mg"]),
        ("45yo", ["45", "yo"]),
        ("1,000 units", ["1,000", "units"]),
        ("2,5 mg", ["2,5", "mg"]),
        ("3rd", ["3rd"]),
        ("4A2B", ["4A2B"]),
        ("q6h", ["q6h"]),
        ("BP 120/80", ["BP", "120/80"]),
        ("IP 10.0.0.1", ["IP", "10.0.0.1"]),
        ("was 5.", ["was", "5", "."]),
        # clinical slash forms
        ("72 y/o s/p CABG w/ c/o pain", ["72", "y/o", "s/p", "CABG", "w/", "c/o", "pain"]),
        ("72 Y/O", ["72", "Y/O"]),
        # email, URL
        ("mail john.smith@mgh.org.", ["mail", "john.smith@mgh.org", "."]),
        ("see http://www.x.org/a?b=1.", ["see", "http://www.x.org/a?b=1", "."]),
        ("www.hospital.com,", ["www.hospital.com", ","]),
        ("E-mail.ana@x.es", ["E", "-", "mail", ".", "ana@x.es"]),
        # placeholders
        ("[** First Name **] came", ["[** First Name **]", "came"]),
        ("on [**2012-01-02**].", ["on", "[**2012-01-02**]", "."]),
        ("x[**Name**]y", ["x", "[**Name**]", "y"]),
        # possessives and apostrophes
        ("Smith's car", ["Smith", "'s", "car"]),
        ("O'Brien's", ["O'Brien", "'s"]),
        ("Jones’s", ["Jones", "’s"]),
        # punctuation runs
        ("----- ... ....", ["-----", "...", "...."]),
        # words glued together without a space are split; name prefixes are not
        ("DRAlberto DominguezCorreo", ["DR", "Alberto", "Dominguez", "Correo"]),
        ("McDonald MacArthur DeAngelis iPhone NYHA MRIs",
         ["McDonald", "MacArthur", "DeAngelis", "iPhone", "NYHA", "MRIs"]),
        ("BP:120/80;HR:72", ["BP", ":", "120/80", ";", "HR", ":", "72"]),
        # fragments, capitals and lower-case nursing text
        ("NEURO: A+OX3, MAE.", ["NEURO", ":", "A", "+", "OX3", ",", "MAE", "."]),
        ("pt alert, oriented. resp even/unlabored",
         ["pt", "alert", ",", "oriented", ".", "resp", "even", "/", "unlabored"]),
    ],
)
def test_clinical_cases(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


def test_spanish_meddocan_style() -> None:
    text = (
        "Nombre: María José López Núñez. DNI: 12345678-Z. Domicilio: C/ Mayor 5, 28013 "
        "Madrid. Fecha de ingreso: 14/03/2012. Médico: Dra. Pérez. NHC: 1234567. "
        "Correo: mjlopez@correo.es. Paciente de 45 años, con ibuprofeno 600mg."
    )
    assert texts(text) == [
        "Nombre", ":", "María", "José", "López", "Núñez", ".", "DNI", ":", "12345678-Z", ".",
        "Domicilio", ":", "C/", "Mayor", "5", ",", "28013", "Madrid", ".", "Fecha", "de",
        "ingreso", ":", "14/03/2012", ".", "Médico", ":", "Dra.", "Pérez", ".", "NHC", ":",
        "1234567", ".", "Correo", ":", "mjlopez@correo.es", ".", "Paciente", "de", "45",
        "años", ",", "con", "ibuprofeno", "600", "mg", ".",
    ]


def test_offsets_on_crlf_text() -> None:
    text = "Name: John\r\nDOB: 1/2/1950\r\n"
    for token in tokenize(text):
        assert text[token.start : token.end] == token.text
    assert texts(text) == ["Name", ":", "John", "DOB", ":", "1/2/1950"]


def test_long_pathological_runs_are_handled() -> None:
    text = "a-" * 5000 + "x" * 20000 + "@" + "b" * 20000 + " " + "[**" * 3000
    tokens = tokenize(text)
    assert "".join(token.text for token in tokens) == text.replace(" ", "")


def test_repeated_text_gives_equal_independent_token_lists() -> None:
    text = "Seen by Dr. Alvarez on 3/14/2012, MRN-12345."
    first = tokenize(text)
    first.pop()
    again = tokenize(text)
    assert again == tokenize(text) and len(again) == len(first) + 1
    assert [(t.text, t.start, t.end) for t in again] == [
        (text[s:e], s, e) for s, e in token_spans(text)]


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(), st.lists(CLINICAL_ALPHABET).map("".join)))
def test_tokens_equal_tokens_of_their_spans(text: str) -> None:
    # the tokens come from each chunk's cached pieces: the texts and offsets of the spans
    tokens = tokenize(text)
    validated = [Token(text[start:end], start, end) for start, end in token_spans(text)]
    assert tokens == validated
    assert [hash(token) for token in tokens] == [hash(token) for token in validated]
    assert all(type(token) is Token for token in tokens)


def test_every_occurrence_of_a_chunk_shares_its_token_texts() -> None:
    # a chunk's tokens are cached as pieces, so that the tables keyed by token texts find
    # their keys by identity; a chunk of one token shares the chunk first seen
    text = "Dr. O'Brien, 3/14/2012; seen\nDr. O'Brien, 3/14/2012; again"
    tokens = tokenize(text)
    by_text: dict[str, list[str]] = {}
    for token in tokens:
        by_text.setdefault(token.text, []).append(token.text)
    for texts in by_text.values():
        assert all(each is texts[0] for each in texts)
    assert len(by_text["O'Brien"]) == 2 and len(by_text["3/14/2012"]) == 2
    assert token_texts(text) == [token.text for token in tokens]


def test_token_constructor_still_validates_other_callers() -> None:
    with pytest.raises(SpanError):
        Token("abc", 0, 2)
    with pytest.raises(SpanError):
        Token("", 3, 3)
    note = "Seen 3/14/2012 by Dr. O'Brien (MRN-12345) at 10:30am."
    assert tokenize(note) == [Token(t.text, t.start, t.end) for t in tokenize(note)]


def test_token_texts_split_at_every_kind_of_white_space() -> None:
    # str.split and the tokenizer's \\S+ agree on white space (both use str.isspace)
    text = "Dr.\u00a0O'Brien\u2003on\x1c3/14/2012\u3000[** Name **]\u0085MRN-12345,"
    assert token_texts(text) == [token.text for token in tokenize(text)]
    assert token_texts(text)[:3] == ["Dr.", "O'Brien", "on"]


LETTERS = st.text(
    alphabet=st.one_of(
        st.sampled_from(list("aAbBcCxXyYzZéÉñÑßøØÞµ")),
        st.characters(categories=["Lu", "Ll", "Lt", "Lm", "Lo"]),
    ),
    min_size=1,
    max_size=30,
)


@settings(max_examples=400, deadline=None)
@given(st.one_of(LETTERS, st.lists(st.sampled_from(["Mc", "Donald", "DR", "Alberto", "iPhone",
                                                     "ABC", "Dominguez", "Correo", "x"]),
                                    min_size=1).map("".join)))
def test_a_chunk_of_letters_splits_as_the_token_pattern_splits_it(chunk: str) -> None:
    # letters-only chunks skip TOKEN_RE (tokenizer._letter_spans): the same spans
    from deidkit.text import tokenizer

    assert chunk.isalpha()
    assert tokenizer._letter_spans(chunk) == tokenizer._matched_spans(chunk)
    assert tokenizer._chunk_spans(chunk) == tokenizer._matched_spans(chunk)


def test_glued_words_in_a_letters_only_chunk() -> None:
    assert texts("DominguezCorreo DRAlberto McDonald abcdEfghIjkl") == [
        "Dominguez", "Correo", "DR", "Alberto", "McDonald", "abcd", "Efgh", "Ijkl"]
