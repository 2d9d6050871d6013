"""A hyphenated name is one name (deidkit.models.hyphens)."""

from __future__ import annotations

import pytest

from deidkit.models.hyphens import with_hyphenated_parts

from .crafted import found_in


def _found(text: str, found: list[tuple[str, str]], score: float | None = None) -> list[str]:
    (done,) = with_hyphenated_parts([found_in(text, found, score=score)], "en")
    return [text[s.start : s.end] for s in done.spans]


def test_a_confident_name_takes_a_part_that_is_also_a_medical_word() -> None:
    text = "SN visit 1/21 - Ignatius FERREIRA-LOWE\nwt"  # "Lowe" names a syndrome too
    found = [("Ignatius FERREIRA", "PATIENT")]
    assert _found(text, found, score=0.8) == ["Ignatius FERREIRA-LOWE"]
    assert _found(text, found, score=0.2) == ["Ignatius FERREIRA"]


def test_a_confident_syllable_takes_a_second_syllable_in_lower_case() -> None:
    """Korean and Chinese given names as romanized ("Jae-won"); not a longer word, a longer
    first part, a doubtful span or a suffix of six letters or more."""
    text = "Skills day for Jae-won Wednesday; Quorbit-like; Zan-shaped; Xiao-ming"
    found = [("Jae", "DOCTOR"), ("Quorbit", "PATIENT"), ("Zan", "PATIENT"), ("Xiao", "RELATIVE")]
    assert _found(text, found, score=0.8) == ["Jae-won", "Quorbit", "Zan", "Xiao-ming"]
    assert _found(text, found, score=0.2) == ["Jae", "Quorbit", "Zan", "Xiao"]


@pytest.mark.parametrize(
    ("text", "found", "expected"),
    [
        # the part after or before the hyphen
        ("f/u w/ Dr Halvorsen-Ube: NAC done", [("Halvorsen", "DOCTOR")], ["Halvorsen-Ube"]),
        ("seen with Mary-Kate Quorbit", [("Kate Quorbit", "RELATIVE")], ["Mary-Kate Quorbit"]),
        # not a number, a lower-case word, a credential, an abbreviation, another span's word
        ("Quorbit-2 trial", [("Quorbit", "PATIENT")], ["Quorbit"]),
        ("Quorbit-like rash", [("Quorbit", "PATIENT")], ["Quorbit"]),
        ("Lee-RN and Zanetti-ICU", [("Lee", "DOCTOR"), ("Zanetti", "DOCTOR")],
         ["Lee", "Zanetti"]),
        ("Quorbit-Boston", [("Quorbit", "PATIENT"), ("Boston", "CITY")], ["Quorbit", "Boston"]),
        # a date or an ID keeps its extent
        ("MRN QX-22-Ab", [("22", "IDNUM")], ["22"]),
        # an eponym's other word only for a confident name
        ("Jackson-Pratt drain removed", [("Pratt", "DOCTOR")], ["Pratt"]),
        ("Child-Pugh class B", [("Pugh", "PATIENT")], ["Pugh"]),
        # a hyphen with blanks is no hyphenated name
        ("Quorbit - Zanetti", [("Quorbit", "PATIENT")], ["Quorbit"]),
    ],
)
def test_names_take_the_other_part_of_their_hyphenated_word(
    text: str, found: list[tuple[str, str]], expected: list[str]
) -> None:
    assert _found(text, found) == expected
