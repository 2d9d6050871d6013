"""Rules ``cued_places``, ``dictionary_places`` and ``city_state``."""

from __future__ import annotations

import pytest

from deidkit.models.rules import places
from deidkit.models.rules.lexicons import lexicons
from deidkit.models.rules.word_types import word_table

from .helpers import found_by


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("She lives in Springfield with her husband.", "en", {("Springfield", "CITY")}),
        ("She lives in Quorbitville now.", "en", {("Quorbitville", "LOCATION_OTHER")}),
        ("He lives in Quorbitville, NV.", "en", {("Quorbitville", "CITY")}),
        ("Moved to Room 12B, then transferred to Bed 4.", "en", set()),  # rooms, no places
        ("HOSPICE ADMISSION / INITIAL ASSESSMENT", "en", set()),  # a word after the cue
        ("Vive en Valladolid con su esposa.", "es", {("Valladolid", "CITY")}),
        ("Natural de la Coruña.", "es", {("Coruña", "LOCATION_OTHER")}),
        # the cue needs a capitalised place after it; "from" alone is too general
        ("She lives in a small flat.", "en", set()),
        # clinical abbreviations and field words after a cue; ordinary words without case
        ("Transferred to MICU, then transferred from ED.", "en", set()),
        ("TRANSFERRED TO OPERATING ROOM AND THEN TO THE FLOOR IN AM. PATIENT TOLERATED THE "
         "PROCEDURE WELL AND WAS TAKEN BACK TO THE UNIT WITHOUT ANY ISSUES.", "en", set()),
    ],
)
def test_cued_place_rule(text: str, lang: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((places.CUED_PLACES,), text, lang) == expected


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("Moved here from Chicago last year.", "en", {("Chicago", "CITY")}),
        # a place's name used for a test, a scale or a system
        ("Boston Naming 41/60; Boston bowel prep 8; FNA Bethesda V; Columbia Suicide Scale",
         "en", set()),
        ("Drove to Massachusetts and Canada.", "en",
         {("Massachusetts", "STATE"), ("Canada", "COUNTRY")}),
        ("Visited Mobile, AL in May.", "en", {("Mobile", "CITY")}),
        ("Reside en Salamanca.", "es", {("Salamanca", "CITY")}),
        # ambiguous one-word places need a state after them; eponyms and odd casing are out
        ("Mobile phone on file.", "en", set()),
        ("Gilbert's syndrome noted.", "en", set()),
        ("MoCA score 26.", "en", set()),
        ("Ottawa ankle rules: negative.", "en", set()),  # a place that names a rule
        ("Epworth: 16 -> 6.", "en", set()),
        ("Parkland: 4 mL x 80 kg x 22% = 7040 mL", "en", set()),
        ("Moved from Ottawa, KS in May.", "en", {("Ottawa", "CITY")}),
        # a medicine named as a town is, before its strength
        ("Norco 5/325 taken 12:30; Norco 10 mg po; moved from Norco 2019.", "en",
         {("Norco", "CITY")}),
    ],
)
def test_dictionary_place_rule(text: str, lang: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((places.DICTIONARY_PLACES,), text, lang) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Lives alone in Wildwood, MO with a cat.", {("Wildwood", "CITY"), ("MO", "STATE")}),
        ("Lives in Garfield, NJ 07026.", {("Garfield", "CITY"), ("NJ", "STATE")}),
        ("Interpreter Ana (Spanish, ID 40961) present.", set()),
        ("Quang Do (LanguageBridge Interpreting, ID #LB-20455)", set()),  # a number's cue
        ("Signed by Erick Kohler, MD today.", set()),  # a credential, not Maryland
        ("Bridget Okonjo, RN, VA-BC; crew: B. Odum, Paramedic, IL lic", set()),  # roles
        ("Fever, OR chills.", set()),  # a word-like code before a word
        ("Counselor: Emeric Quorbit, MS, LCGC  MD: X", set()),  # a degree among credentials
        ("Lives in Quorbitville, MS, USA now", {("Quorbitville", "CITY"), ("MS", "STATE")}),
        ("Quorbit, ZZ", set()),  # not a state code
        # a capitalised word opening the sentence is not part of the town
        ("From Harlow, CA he drove down.", {("Harlow", "CITY"), ("CA", "STATE")}),
        ("To Quorbitville, NV by bus.", {("Quorbitville", "CITY"), ("NV", "STATE")}),
        # a town named with common words: listed, or inside a sentence
        ("Alum Rock, CA 95127", {("Alum Rock", "CITY"), ("CA", "STATE")}),
        ("Moved to Cedar Falls, IA in May.", {("Cedar Falls", "CITY"), ("IA", "STATE")}),
        ("Chest Pain, CA", set()),  # common words at the start of a line, not listed
    ],
)
def test_city_state_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((places.CITY_STATE,), text) == expected


def test_spanish_has_no_state_codes() -> None:
    assert found_by((places.CITY_STATE,), "Vive en Wildwood, MO.", "es") == set()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("NH Lic RN-220417", {("NH", "STATE")}),
        ("MA plate 7KRM-204", {("MA", "STATE")}),
        ("NH RN Lic 2204", {("NH", "STATE")}),
        ("Philippa Adebayo, MA RN", set()),  # a credential
        # the name's degree no state; the code in the licence's field one
        ("M. Quorbit, MD   Lic CO DR.0067213", {("CO", "STATE")}),
        ("Licence: MA #S81447290, class D", {("MA", "STATE")}),
        ("Rafe Quorbit, CPO | MA Prosthetist Lic P-2291", {("MA", "STATE")}),
        ("MA driver license S73019288", {("MA", "STATE")}),
        ("Lic: per MA rules; MA note", set()),
        ("Fever, OR chills.", set()),
    ],
)
def test_licence_state_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((places.LICENCE_STATES,), text) == expected


@pytest.mark.parametrize("lang", ["en", "es"])
def test_state_code_words_are_made_once_per_lexicons(lang: str) -> None:
    """The casefolded state codes ``licence_states`` looks up: as the set it built every
    note, made at the first ask and kept."""
    lex = lexicons(lang)
    words = word_table(lex, "state_code_words", places._state_code_words)
    assert words == {code.casefold() for code in lex.state_codes}
    assert word_table(lex, "state_code_words", places._state_code_words) is words


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("Came to the US in 1981; in the U.S. since; moved from the UK", "en",
         {("US", "COUNTRY"), ("U.S.", "COUNTRY"), ("UK", "COUNTRY")}),
        ("US citizenship in 1998; her US passport; UK army", "en",
         {("US", "COUNTRY"), ("UK", "COUNTRY")}),
        ("Arrived in US: 1994", "en", {("US", "COUNTRY")}),
        ("617-555-0161 (UK mobile)", "en", {("UK", "COUNTRY")}),
        # ultrasounds, and other languages
        ("Renal US: no hydro. Findings on the US: none. US-guided. US showed", "en", set()),
        ("Findings in US: none. Came to US-guided drain", "en", set()),
        ("Came to the US in 1981", "es", set()),
    ],
)
def test_country_abbreviation_rule(text: str, lang: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((places.COUNTRY_ABBREVIATIONS,), text, lang) == expected
