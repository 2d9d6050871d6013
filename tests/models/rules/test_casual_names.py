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
        ("Name | Kovac, Edith R | DOB 3/4/1950", {("Kovac, Edith R", "PATIENT")}),
        ("Xylor, Quimba  DOB 1/2/33", {("Xylor, Quimba", "PATIENT")}),
        ("Medic: ABBAGNALE, EHRENFRIED DEA # VH-04588", {("ABBAGNALE, EHRENFRIED", "PATIENT")}),
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
        ("lives with mom, stepdad (Ricky), two brothers; roommate info shared", set()),
        ("d/w amy RN at 1400", {("amy", "DOCTOR")}),
        ("spoke with dr varga re plan", {("varga", "DOCTOR")}),
        ("pt edith up in chair", {("edith", "PATIENT")}),
        ("Patient: nuria MRN 009767389", {("nuria", "PATIENT")}),
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


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("handoff from will @ 0400", {("will", "DOCTOR")}),
        ("found on floor by CNA renata on rounds; seen by RN at 0300; by tech with transfer",
         {("renata", "DOCTOR")}),
        ("HANDOFF TO JEET ON CAYA 21.", {("JEET", "DOCTOR")}),
        ("sitter rafael petz til 0945", {("rafael petz", "DOCTOR")}),
        ("1:1 cory til 1800", {("cory", "DOCTOR")}),
        ("oob with Gaitán.", {("Gaitán", "DOCTOR")}),
        ("Report given to Mary Ellis RN.", {("Mary Ellis", "DOCTOR")}),
        # what follows a hand-off cue that is not a person
        ("sitter at bedside; sitter check; up to chair with max assist.", set()),
        ("report to be given to night shift; handoff to oncoming rn.", set()),
        ("oob with walker, ambulated with PT.", set()),
        ("0645 Report to mom; rec'd from dad at 0700", set()),  # a parent, no one's name
        ("pain not relieved by acetaminophen.", set()),
    ],
)
def test_handoff_names_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((casual_names.HANDOFF_NAMES,), text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("shift report\n* guo in 924a, 53m, here for CHF", {("guo", "PATIENT")}),
        ("- faith smith in 28, 34F, adm w/ CP", {("faith smith", "PATIENT")}),
        ("- RM 08 - PAT STILL - A&O X3", {("PAT STILL", "PATIENT")}),
        ("resting comfortably\n--will rn", {("will", "DOCTOR")}),
        ("See you soon.\nThank you, Will\n", {("Will", "PATIENT")}),
        ("Reply 1/19:\nHi rico, please call.", {("rico", "PATIENT")}),
        ("APS contacted.\n\nL. Bois, MSW, x9817", {("L. Bois", "DOCTOR")}),
        ("Good morning, team.", set()),
        ("2 units insulin given. bill up to chair.", {("bill", "PATIENT")}),
        ("pt up to chair with assist. He ambulated in hall.", set()),
        # abbreviations, verbs and titles in the same places
        ("- pt in 12, 53m", set()),
        ("Paged MD\nnotified MD", set()),
        ("Thanks, Doctor", set()),
    ],
)
def test_layout_names_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((casual_names.LAYOUT_NAMES,), text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("fam (banos) called at 1400", {("banos", "RELATIVE")}),
        ("dtr dierk in this am", {("dierk", "RELATIVE")}),
        ("family mtg today; daughter visited, wife aware", set()),
        # in a note with capitals a lower-case word after "Wife" is no name
        ("Reviewed plan at 10:15 AM. Wife verbalized understanding.", set()),
        ("mom tearful, asked about it", set()),  # an adjective's ending, no name's
    ],
)
def test_lowercase_relatives(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((casual_names.LOWERCASE_NAMES,), text) == expected
