"""A place's short forms (its acronym, its first word) are that place
(deidkit.models.short_forms)."""

from __future__ import annotations

import pytest

from deidkit.models.rules.lexicons import lexicons
from deidkit.models.short_forms import acronym, short_forms, with_short_forms
from deidkit.types import Document

from .crafted import found_in


def _added(documents: list[Document]) -> list[list[tuple[str, str]]]:
    done = with_short_forms(documents, "en")
    return [
        [(d.text[s.start : s.end], s.label) for s in d.spans if s.source == "mentions"]
        for d in done
    ]


def _one(text: str, found: list[tuple[str, str]], score: float = 0.95) -> list[tuple[str, str]]:
    (added,) = _added([found_in(text, found, source="crf", score=score)])
    return added


@pytest.mark.parametrize(
    ("name", "letters"),
    [
        ("Quarrow Fen Donor Alliance", "QFDA"),
        ("SISTERS OF MERCY HOSPITAL", "SMH"),  # joining words left out
        ("Brindle & Vasko Home Infusion", "BVHI"),
        ("Quarrow Fen", None),  # two words: too short
        ("Centre for the elderly", None),  # a word not capitalised
        ("MART C. GREW", None),  # an initial: a person's name
    ],
)
def test_an_acronym_is_the_first_letters_of_a_names_words(name: str, letters: str | None) -> None:
    assert acronym(name) == letters


@pytest.mark.parametrize(
    ("name", "forms"),
    [
        ("Quarrow Fen Donor Alliance", ["QFDA", "Quarrow"]),
        ("Trillium Diagnostic Labs", ["TDL", "Trillium"]),
        ("Pine Creek Physicians", []),  # "PCP", "Pine": ordinary words
        ("Mercy Hospital", []),  # a first name
        ("Haitian Community Center", ["HCC"]),  # a nationality: no first word
        ("Quarrow", []),  # one word
    ],
)
def test_the_short_forms_of_a_place_are_no_ordinary_words(name: str, forms: list[str]) -> None:
    assert short_forms(name, lexicons("en")) == forms


@pytest.mark.parametrize(
    ("text", "found", "added"),
    [
        # every whole occurrence, with the label of the name it stands for
        ("Referred to Quarrow Fen Donor Alliance. QFDA call log; QFDA ref 12.",
         [("Quarrow Fen Donor Alliance", "ORGANIZATION")],
         [("QFDA", "ORGANIZATION"), ("QFDA", "ORGANIZATION")]),
        ("Results, Trillium Diagnostic Labs. Labs attached (Trillium acc 77).",
         [("Trillium Diagnostic Labs", "ORGANIZATION")], [("Trillium", "ORGANIZATION")]),
        ("Seen at Harlow Tarn Community Hospital; HTCH handover at 0700.",
         [("Harlow Tarn Community Hospital", "HOSPITAL")], [("HTCH", "HOSPITAL")]),
        # not part of a longer code or word, not inside another span, not in another case
        ("Quarrow Fen Donor Alliance: ref QFDA-R25-0112, QFDAX, qfda, QFDA 7",
         [("Quarrow Fen Donor Alliance", "ORGANIZATION"), ("QFDA 7", "IDNUM")], []),
        # the names of other labels make none
        ("Dr. Quilla Ottoline Barrington; QOB signed.", [("Quilla Ottoline Barrington",
                                                         "DOCTOR")], []),
    ],
)
def test_a_short_form_of_a_place_found_is_that_place(
    text: str, found: list[tuple[str, str]], added: list[tuple[str, str]]
) -> None:
    assert _one(text, found) == added


def test_a_place_the_model_doubted_makes_no_short_forms() -> None:
    text = "Referred to Quarrow Fen Donor Alliance. QFDA call log."
    found = [("Quarrow Fen Donor Alliance", "ORGANIZATION")]
    assert _one(text, found, score=0.6) == []
    (rules,) = _added([found_in(text, found, source="rules")])  # a rule's: no confidence
    assert rules == []


def test_a_notes_short_forms_stay_in_that_note() -> None:
    """A short form is looked for only in the note that names the place, whatever else is in
    the call: a batch run's output may not depend on how its input is cut into chunks."""
    named = found_in("Referred to Quarrow Fen Donor Alliance. QFDA log.",
                     [("Quarrow Fen Donor Alliance", "ORGANIZATION")], source="crf", score=0.95)
    first = Document("a", named.text, named.spans, patient_id="p1")
    later = Document("b", "QFDA call log: Quarrow confirmed.", (), patient_id="p1")
    together = _added([first, later])
    assert together == [[("QFDA", "ORGANIZATION")], []]
    assert _added([first]) + _added([later]) == together
