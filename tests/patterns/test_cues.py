"""deidkit.patterns.cues: values after cue words (``MRN: 1234567``, ``NHC: 368503``).

Each row is (language, text, every match of ``find_patterns(text, language)`` as (matched text,
label, pattern name)). Only the value is reported, never the cue.
"""

from __future__ import annotations

import pytest

from deidkit.patterns import find_patterns
from deidkit.patterns.cues import CUES

Row = tuple[str, str, list[tuple[str, str, str]]]

FOUND: list[Row] = [
    ("en", "MRN: 1234567", [("1234567", "MEDICALRECORD", "id_mrn")]),
    ("en", "Medical record number 00123456 checked.",
     [("00123456", "MEDICALRECORD", "id_mrn")]),
    ("en", "Unit No. 98-76-54 on the band.", [("98-76-54", "MEDICALRECORD", "id_mrn")]),
    ("en", "Acct #: 44-123-9 billed.", [("44-123-9", "ACCOUNT", "id_account")]),
    ("en", "Insurance ID: XJ4471920 active.", [("XJ4471920", "HEALTHPLAN", "id_healthplan")]),
    ("en", "Tricare ID 735294803Q active.", [("735294803Q", "IDNUM", "id_other")]),
    ("en", "Reference 88213377 for the claim.", [("88213377", "IDNUM", "id_other")]),
    ("en", "DEA AB1234563 on script.", [("AB1234563", "LICENSE", "id_license")]),
    ("en", "Pacemaker serial no. PM-88213-X interrogated.",
     [("PM-88213-X", "DEVICE", "id_device")]),
    ("en", "License plate 7ABC123 in lot.", [("7ABC123", "VEHICLE", "id_vehicle")]),
    ("en", "Accession SH-02-22222 reviewed.", [("SH-02-22222", "IDNUM", "id_accession")]),
    ("en", "Specimen S09-12345 received.", [("S09-12345", "IDNUM", "id_accession")]),
    ("en", "SSN 123-45-6789 on file.", [("123-45-6789", "SSN", "ssn_cue")]),
    ("en", "Social security number: 123 45 6789.", [("123 45 6789", "SSN", "ssn_cue")]),
    ("en", "Pager #12345", [("12345", "PHONE", "phone_cue")]),
    ("en", "Tel: 617-555-1234", [("617-555-1234", "PHONE", "phone_cue")]),
    ("en", "Fax: 617-555-9876", [("617-555-9876", "FAX", "phone_cue")]),
    ("en", "Daughter's cell 617.555.0199.", [("617.555.0199", "PHONE", "phone_cue")]),
    ("en", "Phone +44 20 7946 0958 abroad.", [("+44 20 7946 0958", "PHONE", "phone_cue")]),
    ("en", "Phone (617) 555-1234 x22", [("(617) 555-1234 x22", "PHONE", "phone_cue")]),
    # a value stops at a gap of spaces or a closing bracket: the next field is its own
    ("en", "pager 555-0164   07/10/25 1530",
     [("555-0164", "PHONE", "phone_cue"), ("07/10/25", "DATE", "date_numeric")]),
    ("en", "(fax 605-555-0125)  06/02/25",
     [("605-555-0125", "FAX", "phone_cue"), ("06/02/25", "DATE", "date_numeric")]),
    ("en", "Room 12B, bed 2.", [("12B", "ROOM", "room"), ("2", "ROOM", "room")]),
    ("en", "Homeroom 114; Booth 1; vault 2; infusion chair 12; POD 2.",
     [("114", "ROOM", "room"), ("1", "ROOM", "room"), ("2", "ROOM", "room"),
      ("12", "ROOM", "room")]),
    ("en", "Zip code: 02139.", [("02139", "ZIP", "zip_cue")]),
    ("en", "Patient aged 93 lives alone.", [("93", "AGE", "age_over_89")]),
    ("en", "Age: 45", [("45", "AGE", "age")]),
    ("es", "NHC: 368503.", [("368503", "MEDICALRECORD", "id_mrn")]),
    ("es", "NASS: 26 63514095.", [("26 63514095", "HEALTHPLAN", "id_healthplan")]),
    ("es", "Médico: Ignacio NºCol: 28 28 70973.", [("28 28 70973", "LICENSE", "id_license")]),
    ("es", "Episodio: 7436544.", [("7436544", "ACCOUNT", "id_account")]),
    ("es", "DNI 12345678Z en vigor.", [("12345678Z", "IDNUM", "id_other")]),
    ("es", "NIE X1234567L en vigor.", [("X1234567L", "IDNUM", "id_other")]),
    ("es", "Tel: 912 345 678.", [("912 345 678", "PHONE", "phone_cue")]),
    ("es", "Fax: 91 234 56 79.", [("91 234 56 79", "FAX", "phone_cue")]),
    ("es", "CP: 28016.", [("28016", "ZIP", "zip_cue")]),
    ("es", "Habitación 312.", [("312", "ROOM", "room")]),
    ("es", "Edad: 70 años Sexo: H.", [("70 años", "AGE", "age_es")]),
    # not values after a cue
    ("en", "Unit 98-76-54 on the band.", []),  # a weak cue needs ':' or 'No.'
    ("en", "Call: 555", []),  # too few digits for a phone number
    ("en", "Room 12 mg.", []),  # a unit follows
    ("en", "Visit 12/03/2010 noted.", [("12/03/2010", "DATE", "date_numeric")]),  # a date
    ("en", "Edad: 70 años", []),  # the Spanish age cue is Spanish only
    ("es", "Domicilio: C/ Vinateros 89, 3 A.", []),  # "cilio", "C/": cues start words
    ("es", "Extremidades 12345 normales.", []),
]


def _found(text: str, lang: str) -> list[tuple[str, str, str]]:
    return [(text[m.start : m.end], m.label, m.name) for m in find_patterns(text, lang)]


@pytest.mark.parametrize(("lang", "text", "expected"), FOUND)
def test_values_after_cues(lang: str, text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _found(text, lang) == expected


def test_every_cue_pattern_has_an_example() -> None:
    examples = {name for _, _, found in FOUND for _, _, name in found}
    assert {cue.name for cue in CUES} <= examples


def test_cue_reports_only_the_value() -> None:
    (match,) = find_patterns("MRN: 1234567", "en")
    assert (match.start, match.end, match.name) == (5, 12, "id_mrn")
