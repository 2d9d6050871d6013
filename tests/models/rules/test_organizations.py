"""Rules ``organizations``, ``hospital_abbreviations`` and ``units``."""

from __future__ import annotations

import pytest

from deidkit.models.rules import organizations

from .helpers import found_by


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a name before a head word; a firm's commas and ampersand
        ("Works as an accountant at Ramsey, Hale & Partners.",
         {("Ramsey, Hale & Partners", "ORGANIZATION")}),
        ("Discharged to Maple Grove Nursing Home.", {("Maple Grove Nursing Home", "HOSPITAL")}),
        ("Transferred from Sunrise Rehabilitation Center.",
         {("Sunrise Rehabilitation Center", "HOSPITAL")}),
        ("At Sunrise Hospice since May.", {("Sunrise Hospice", "HOSPITAL")}),
        ("Followed by Bayside Visiting Nurse Association.",
         {("Bayside Visiting Nurse Association", "ORGANIZATION")}),
        ("Brought in by Metro EMS.", {("Metro EMS", "ORGANIZATION")}),
        ("Brought in by Two Rivers EMS.", {("Two Rivers EMS", "ORGANIZATION")}),
        ("Attending: Hope Vale, MD    Pharmacy: Alamo LTC Pharmacy",
         {("Alamo LTC Pharmacy", "ORGANIZATION")}),
        ("Refills via RxRoute Mail Pharmacy.", {("RxRoute Mail Pharmacy", "ORGANIZATION")}),
        ("Employed by Hartwell Construction LLC.",
         {("Hartwell Construction LLC", "ORGANIZATION")}),
        ("Saliva kit sent to Quorbit Genetics; his office at Hale & Ruark CPAs.",
         {("Quorbit Genetics", "ORGANIZATION"), ("Hale & Ruark CPAs", "ORGANIZATION")}),
        ("Sample sent to Molecular Diagnostics lab.", set()),  # ordinary words only
        ("She attends Lincoln Elementary School.",
         {("Lincoln Elementary School", "ORGANIZATION")}),
        # the words after a cue
        ("He works at Quorbex as a driver.", {("Quorbex", "ORGANIZATION")}),
        ("Discharged to Alder Glen.", {("Alder Glen", "HOSPITAL")}),
        # kinds of places, generic heads after ordinary words, headings, medical words
        ("Discharged to home with services; transferred to ICU.", set()),
        ("Discharged to Skilled Nursing Facility.", set()),
        ("Transferred to Intensive Care; transferred to General Medicine service.", set()),
        ("Social Services consulted. Support Group meets weekly.", set()),
        ("Cardiac Rehabilitation twice weekly; arranged Home Health services.", set()),
        ("Review of Systems: negative.\nREVIEW OF SYSTEMS: negative.", set()),
        ("He works at Boston.", set()),  # a place, for the place rules
        ("Hospitalist PROGRESS NOTE - Hospital day 15", set()),
    ],
)
def test_organizations_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((organizations.ORGANIZATIONS,), text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("LMH | Cardiology | 03/04/2021", {("LMH", "HOSPITAL")}),
        ("Seen in SJMC ED overnight.", {("SJMC", "HOSPITAL")}),
        ("Transferred from LMH overnight.", {("LMH", "HOSPITAL")}),
        # clinical abbreviations, state codes, a cell that is not alone
        ("CBC | BMP | LFT", set()),
        ("ED | Triage | 3/4", set()),
        ("Pt has CHF and COPD; seen in ED; from MA.", set()),
        ("Transferred from OSH.", set()),
        ("OBX|1|NM|NA||139|mmol/L|135-145|N\nNTE|1||text", set()),  # HL7 segment names
        ("no known\nQMH or pseudocholinesterase deficiency", set()),  # "or", not "OR"
        ("TIME  | HR  | ABP      | MAP | CVP", set()),
    ],
)
def test_hospital_abbreviations_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((organizations.HOSPITAL_ABBREVIATIONS,), text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Unit/Room: Ellis 14 / 22B", {("Ellis 14", "DEPARTMENT"), ("22B", "ROOM")}),
        ("Unit: Whitcomb 5", {("Whitcomb 5", "DEPARTMENT")}),
        ("Transferred to Whitcomb 5 overnight.", {("Whitcomb 5", "DEPARTMENT")}),
        ("to step-down Ridley 6 Thursday; likely stepdown Kestrel 6 in 24h",
         {("Ridley 6", "DEPARTMENT"), ("Kestrel 6", "DEPARTMENT")}),
        ("Transferred to floor; transferred to ICU bed 4.", set()),
        ("step-down unit; step down 2 levels; stepdown Bed 4", set()),
        ("Location: Rm: ED 608", set()),
    ],
)
def test_units_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((organizations.UNITS,), text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("census 9\n**712 RAGHUNATHAN, Priyanka 80F  CAP\n 723-B Halvorsrud, Jens 71M  CHF\n"
         "- 14 Cho-Ferreira, Ana M 34 F", {("712", "ROOM"), ("723-B", "ROOM"), ("14", "ROOM")}),
        # no age and sex after the name, a dose, a time in a sentence
        ("712 Raghunathan, Priyanka\n40 Smith, Jones and Co 45 mg\nAt 0700 Bell, Ana 30F",
         set()),
    ],
)
def test_census_rooms_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((organizations.CENSUS_ROOMS,), text) == expected
