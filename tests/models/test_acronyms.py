"""An organisation's or hospital's acronym is that place (deidkit.models.acronyms)."""

from __future__ import annotations

import pytest

from deidkit.models.acronyms import acronym, with_acronyms

from .crafted import found_in


def _added(text: str, found: list[tuple[str, str]], lang: str = "en") -> list[tuple[str, str]]:
    (done,) = with_acronyms([found_in(text, found, source="crf", score=0.9)], lang)
    return [(text[s.start : s.end], s.label) for s in done.spans if s.source == "mentions"]


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
    ("text", "found", "added"),
    [
        # every whole occurrence, with the label of the name it stands for
        ("Referred to Quarrow Fen Donor Alliance. QFDA call log; QFDA ref 12.",
         [("Quarrow Fen Donor Alliance", "ORGANIZATION")],
         [("QFDA", "ORGANIZATION"), ("QFDA", "ORGANIZATION")]),
        ("Seen at Harlow Tarn Community Hospital; HTCH handover at 0700.",
         [("Harlow Tarn Community Hospital", "HOSPITAL")], [("HTCH", "HOSPITAL")]),
        # not part of a longer code or word, not inside another span, not lower-case
        ("Quarrow Fen Donor Alliance: ref QFDA-R25-0112, QFDAX, qfda, QFDA 7",
         [("Quarrow Fen Donor Alliance", "ORGANIZATION"), ("QFDA 7", "IDNUM")], []),
        # no clinical abbreviation or common word: "Pine Creek Physicians" writes no PCP
        ("Pine Creek Physicians. PCP visit due.", [("Pine Creek Physicians", "HOSPITAL")], []),
        # the names of other labels make none
        ("Dr. Quilla Ottoline Barrington; QOB signed.", [("Quilla Ottoline Barrington",
                                                         "DOCTOR")], []),
    ],
)
def test_an_acronym_of_a_place_found_is_that_place(
    text: str, found: list[tuple[str, str]], added: list[tuple[str, str]]
) -> None:
    assert _added(text, found) == added

