"""deidkit.patterns.ids: SSN, DNI/NIF/NIE, accession-like codes, letters-and-digits IDs, long
numbers (identifiers after a cue word are in test_cues.py).

Each row is (language, text, every match of ``find_patterns(text, language)`` as (matched text,
label, pattern name)).
"""

from __future__ import annotations

import pytest

from deidkit.patterns import find_patterns
from deidkit.patterns.ids import IDS, LONG_NUMBERS

Row = tuple[str, str, list[tuple[str, str, str]]]

FOUND: list[Row] = [
    ("en", "Ref 123-45-6789 on file.", [("123-45-6789", "SSN", "ssn")]),
    ("es", "Ficha 12345678Z en vigor.", [("12345678Z", "IDNUM", "dni_nif")]),
    ("es", "Ficha X-1234567-L en vigor.", [("X-1234567-L", "IDNUM", "dni_nif")]),
    ("en", "Sample SH-02-22222 reviewed.", [("SH-02-22222", "IDNUM", "id_accession_shape")]),
    ("en", "Kit S09-12345 received.", [("S09-12345", "IDNUM", "id_accession_shape")]),
    ("en", "Kit AB1234567 opened.", [("AB1234567", "IDNUM", "id_alphanumeric")]),
    ("en", "Kit AB-12345 opened.", [("AB-12345", "IDNUM", "id_alphanumeric")]),
    ("en", "Tube 88213377 for the claim.", [("88213377", "IDNUM", "id_number")]),
    ("en", "Code 12-3456-78 printed.", [("12-3456-78", "IDNUM", "id_number")]),
    ("en", "Seen with 2 12345678 kits.", [("12345678", "IDNUM", "id_number")]),
    # not identifiers
    ("en", "G20210A mutation carrier.", []),  # a mutation
    ("en", "Lab value (47-10000) reference.", []),  # a range
    ("en", "Range 1000-1500 noted.", []),
    ("en", "Acetaminophen 1000000 mg.", []),  # a unit follows
    ("en", "Ficha 12345678Z en vigor.", []),  # DNI/NIF are Spanish only
    ("es", "Leucocitos 17850 Neutrófilos 86%.", []),
]


def _found(text: str, lang: str) -> list[tuple[str, str, str]]:
    return [(text[m.start : m.end], m.label, m.name) for m in find_patterns(text, lang)]


@pytest.mark.parametrize(("lang", "text", "expected"), FOUND)
def test_id_patterns(lang: str, text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _found(text, lang) == expected


def test_every_id_pattern_has_an_example() -> None:
    examples = {name for _, _, found in FOUND for _, _, name in found}
    assert {p.name for p in (*IDS, *LONG_NUMBERS)} <= examples
