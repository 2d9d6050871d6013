"""Rules ``header_names`` and ``lowercase_names``."""

from __future__ import annotations

import pytest

from deidkit.models.rules import casual_names

from .helpers import found_by


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("MORROW, ILSABET K  MRN 1234567", {("MORROW, ILSABET K", "PATIENT")}),
        ("Patient: DOE, JOHN M", {("DOE, JOHN M", "PATIENT")}),
        ("XYLOR, QUIMBA T\nDOB: 3/4/1950", {("XYLOR, QUIMBA T", "PATIENT")}),
        ("Name | Osei, Delia K | DOB 3/4/1950", {("Osei, Delia K", "PATIENT")}),
        ("Xylor, Quimba  DOB 1/2/33", {("Xylor, Quimba", "PATIENT")}),
        # lists of findings, drugs and exam words; a name inside a sentence
        ("Fever, chills, and cough.", set()),
        ("CHEST, ABDOMEN, PELVIS", set()),
        ("HEENT: PERRL, EOMI\nEXT: WARM, WELL PERFUSED", set()),
        ("Plan: Lasix, Coreg\n", set()),
        ("Boston, MA", set()),
        ("Smith, John said hello", set()),
    ],
)
def test_header_names_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((casual_names.HEADER_NAMES,), text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("pt seen by nurse, daughter anna at bedside.", {("anna", "RELATIVE")}),
        ("wife mary called re meds", {("mary", "RELATIVE")}),
        ("d/w amy RN at 1400", {("amy", "DOCTOR")}),
        ("spoke with dr varga re plan", {("varga", "DOCTOR")}),
        ("pt delia up in chair", {("delia", "PATIENT")}),
        ("amy rn at bedside", {("amy", "DOCTOR")}),
        # ordinary words after a cue or a title; a first name that is a common word
        ("daughter at bedside, son will visit, wife brought meds", set()),
        ("dr office called", set()),
        ("pt ambulating; pt's wife at bedside", set()),
        ("husband bill paid at desk", set()),
        ("Daughter Anna at bedside.", set()),  # capitalised: the name_cues rule's
    ],
)
def test_lowercase_names_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((casual_names.LOWERCASE_NAMES,), text) == expected
