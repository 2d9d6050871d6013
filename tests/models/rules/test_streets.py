"""Rule ``streets``: addresses with their number and unit."""

from __future__ import annotations

import pytest

from deidkit.models.rules import streets

from .helpers import found_by

RULE = (streets.RULE,)


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("Address: 123 Main Street, Apt 4B", "en", {("123 Main Street, Apt 4B", "STREET")}),
        # a title before a first name is no street suffix
        ("1424 Provider Dr. Anneliese Quorbit (surgery); 55 Maple Dr. Springfield", "en",
         {("55 Maple Dr.", "STREET")}),
        ("Lives at 45 Oak Ave. with family.", "en", {("45 Oak Ave.", "STREET")}),
        # a street is written on one line; a time with its leading zero is no house number
        ("TIER 2 ACTIVATION\nPt name: Quorbit", "en", set()),
        ("Resus 1\nAttending Dr. Quorbit", "en", set()),
        ("0640  To CT head", "en", set()),
        ("Domicilio: Calle Miguel Benitez 90.", "es", {("Calle Miguel Benitez 90", "STREET")}),
        ("Vive en Calle Mayor 5, 3º A desde 2010.", "es", {("Calle Mayor 5, 3º A", "STREET")}),
        # a direction inside or after the name, a suite, a floor; a numbered road
        ("Clinic: 251 E. Huron St., 4th floor, Chicago", "en",
         {("251 E. Huron St., 4th floor", "STREET")}),
        ("at 1100 Grand Ave NE, Ste 200, Albuquerque", "en",
         {("1100 Grand Ave NE, Ste 200", "STREET")}),
        ("Works at the drugstore on Route 31; lives off Hwy 101.", "en",
         {("Route 31", "STREET"), ("Hwy 101", "STREET")}),
        ("took the route 9 bus; E. coli 2 of 4 bottles", "en", set()),
        ("Vive en Avenida de la Constitución 12.", "es",
         {("Avenida de la Constitución 12", "STREET")}),
        # a number after "no." or "#", a type word without a name, lower case
        ("Box # 12 Main Street.", "en", set()),
        ("Apt no 12 Main Street.", "en", set()),
        ("Vive en la calle.", "es", set()),
        ("Took 2 Tylenol tablets.", "en", set()),
        # a time and a doctor in a note without capitals; a capitalised street still counts
        ("pt resting. lasix 80 mg iv given at 2200 per dr ahn. will monitor overnight and "
         "call with any change in status or urine output", "en", set()),
        ("lives at 123 Oak Dr with his wife and son and will go home with vna services "
         "tomorrow per team", "en", {("123 Oak Dr", "STREET")}),
    ],
)
def test_street_rule(text: str, lang: str, expected: set[tuple[str, str]]) -> None:
    assert found_by(RULE, text, lang) == expected
