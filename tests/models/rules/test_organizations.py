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
        ("copy to the Director of Pharmacy, G. Quorbit", set()),  # a job's title
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
        # a table's header row holds no number: its capitals are its columns' names
        ("TIME  | HR  | SpO2 | EtCO2 | UMSS | BIS\n08:31 | 118 | 99 | 40 | 2 | 48", set()),
        ("Visit | QMH | 03/04/2021 | MRN 1234567", {("QMH", "HOSPITAL")}),
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
        # a lettered pod; not a post-operative day or an ED's pod without its letter first
        ("count delay D-Pod; return to A-pod; PILL LINE - D-POD",
         {("D-Pod", "DEPARTMENT"), ("A-pod", "DEPARTMENT"), ("D-POD", "DEPARTMENT")}),
        ("POD 3 after the graft; ED pod; I-PODS; HD-Pod", set()),
        ("09:16  ceze-ward: Current PN census is 7.", set()),  # a log-in's part
    ],
)
def test_units_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((organizations.UNITS,), text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("census 9\n**712 RAGHUNATHAN, Priyanka 80F  CAP\n 723-B Halvorsrud, Jens 71M  CHF\n"
         "- 14 Cho-Ferreira, Ana M 34 F", {("712", "ROOM"), ("723-B", "ROOM"), ("14", "ROOM")}),
        ("RM | PT | DX\n301 | Villanueva Rios, T. 91M | CHF\n305 | Achterberg 84F | hip\n"
         "307 | T. Begaye-Lujan 56M | fx\n311 | Ms. Oyelaran 69F | ankle",
         {("301", "ROOM"), ("305", "ROOM"), ("307", "ROOM"), ("311", "ROOM")}),
        # an age's cell after a name of two words; in a census, its rooms' other mentions
        ("Rm | pt | age | plan\n301 | QUORBIT, HYUN-WOO | 57 | DKA\n302 | Bishop, Faith | 90 |"
         " fx\n304 | SUMMERS, ROSE A | 68 | cellulitis\nFalls risk: 302, 304. K 3.302 at 302/min",
         {("301", "ROOM"), ("302", "ROOM"), ("304", "ROOM")}),
        # a list's row numbers, a time and one word before an age's cell
        ("01  | Quorbit, Rosalind | 44 | confirmed\n0400  | HR | 118 | ok", set()),
        # no age and sex after the name, a dose, a time in a sentence
        ("712 Raghunathan, Priyanka\n40 Smith, Jones and Co 45 mg\nAt 0700 Bell, Ana 30F",
         set()),
        # a day's list of times: a four-digit "room" opens with 0, so none that is a time is
        # a room (a room that is no time still is)
        (" 0800  QUORBIT, Lucille   78F  BP\n 0820  Zorb Tamsin-Lind   34M  back\n"
         " 1000  Lind, Ana P.   51F  rash\n 1290  Quorbit, Hal 60M", {("1290", "ROOM")}),
    ],
)
def test_census_rooms_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((organizations.CENSUS_ROOMS,), text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Cabin: 9114; wife in cabin 9118. Cot C-114 held. Bunk #: 14, locker 14, chair 3B",
         {("9114", "ROOM"), ("9118", "ROOM"), ("C-114", "ROOM"), ("14", "ROOM"),
          ("3B", "ROOM")}),
        ("Seat: 31C; Dr Ozer (pax 14A)", {("31C", "ROOM"), ("14A", "ROOM")}),
        ("Tue 17th March, Theatre 6, AM list; back to theatre 2 days later", {("6", "ROOM")}),
        # an operating room in capitals, a catheterisation laboratory; not a choice or a time
        ("Asks OR 9 be held; handoff in cath lab 2; HYBRID CATH LAB 4", {("9", "ROOM"),
                                                                         ("2", "ROOM"),
                                                                         ("4", "ROOM")}),
        ("1 or 2 tabs; 4 OR 6 weeks; to-OR 25 h; cath lab 0412; form ED-ORI-7", set()),
        # a jail's cell, a hyphen in its number; a mobile telephone's cue is none
        ("medical observation cell M-5 x 24 h; Cell MO-2", {("M-5", "ROOM"), ("MO-2", "ROOM")}),
        ("Guest: Mrs Quorbit    Stateroom 7212", {("7212", "ROOM")}),
        ("cell 413-555-0142; sickle cell 2 crises; cell 17", set()),
        # counts, doses, times, dates; a seat's count; words that hold a cue
        ("car seat 2 years; pax 3; chair 20 min; cot 2/3; wheelchair 4; podiatry 3; "
         "stretcher 2 times; POD 3; OOB TO CHAIR X1", set()),
    ],
)
def test_cued_rooms_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((organizations.CUED_ROOMS,), text) == expected
