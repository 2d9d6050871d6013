"""Rule ``patient_initials``: a patient named by initials in a page or a message."""

from __future__ import annotations

import pytest

from deidkit.models.rules import patient_initials

from .helpers import found_by

RULES = (patient_initials.PATIENT_INITIALS,)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an age with its years and a sex, a record number in brackets, a date of birth, a
        # call-back; and the same initials elsewhere in the note
        ("re admit LD 81 y F, callback 4-4381", {("LD", "PATIENT")}),
        ("pls call ED re admit QV 33yoM", {("QV", "PATIENT")}),
        ("CALL call back 8375 RE: QV (MRN 453-87-03)\n2nd degree burns QV call 945-555-0123",
         {("QV", "PATIENT")}),
        ("QZ dob 7/7/1967 verified", {("QZ", "PATIENT")}),
        ("Radiology calling result on zq cb 02047", {("zq", "PATIENT")}),
        ("heparin gtt for JFQ callback x4930", {("JFQ", "PATIENT")}),
        ("219 V.Q. (MRN 5521) needs pain med", {("V.Q.", "PATIENT")}),
        # a bare number and a sex only after "admit" or "re"
        ("re admit QV 17 M, ED", {("QV", "PATIENT")}),
        ("RIJ 7 F placed without difficulty", set()),
        # no place of care, the patient, a request, a record word, a credential, a lower-case
        # common word; no bare "MRN" after letters; no code glued to "CB"
        ("seen in ED 45 yo M; pt 45 yo M", set()),
        ("called again, pls call back", set()),
        ("OSH MRN TV-0048813; MRN CB-5520971", set()),
        ("Ana Lund RN cb 02920; on cb 3044", set()),
        ("scan ID CB-2608-0417", set()),
    ],
)
def test_patient_initials(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by(RULES, text) == expected


def test_spanish_notes_are_left() -> None:
    assert found_by(RULES, "re admit LD 81 y F, callback 4-4381", "es") == set()
