"""Rule ``fields``: the value after a labelled field's colon."""

from __future__ import annotations

import pytest

from deidkit.models.rules import fields

from .helpers import found_by

RULE = (fields.RULE,)


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("Patient name: Ovrin Talcott", "en", {("Ovrin Talcott", "PATIENT")}),
        # a transcript's speaker saying "I": no name; an initial is one
        ("PATIENT: I want to be home.\nPatient: I. Quorbit", "en", {("I. Quorbit", "PATIENT")}),
        ("Attending: Zelda Quorbit\nPlan: rest", "en", {("Zelda Quorbit", "DOCTOR")}),
        ("Dictated by: Ilsa Morrow", "en", {("Ilsa Morrow", "DOCTOR")}),
        ("Address: 12 Elm Row; call first", "en", {("12 Elm Row", "STREET")}),
        ("Employer: Acme Widget Co. He works nights.", "en",
         {("Acme Widget Co", "ORGANIZATION")}),
        ("Occupation: retired welder.", "en", {("retired welder", "PROFESSION")}),
        # a place's or an organisation's value in lower case is no name
        ("Employer: self\nRead it. Employer: agree, that came from the face sheet", "en", set()),
        # a name the patient goes by, in quotes or not
        ('Goes by: "Zel"', "en", {("Zel", "PATIENT")}),
        ("Preferred name: Ovrin", "en", {("Ovrin", "PATIENT")}),
        ('Name: "\nOvrin', "en", set()),
        ("Nombre: Ernesto.\nApellidos: Rivera Bueno.", "es",
         {("Ernesto", "PATIENT"), ("Rivera Bueno", "PATIENT")}),
        ("Domicilio: Calle Miguel Benitez 90.", "es", {("Calle Miguel Benitez 90", "STREET")}),
        ("Localidad / Provincia: Oviedo", "es", {("Oviedo", "LOCATION_OTHER")}),
        ("Edad: 53 años Sexo: H.", "es", {("H", "SEX")}),
        # not a field: no colon, mid-sentence in lower case, or nothing on the line
        ("The patient name is unknown.", "en", set()),
        ("we asked the patient: no complaints", "en", set()),
        ("Name:\nOvrin Talcott", "en", set()),
        # the other language's fields are not read
        ("Nombre: Ernesto", "en", set()),
    ],
)
def test_field_rule(text: str, lang: str, expected: set[tuple[str, str]]) -> None:
    assert found_by(RULE, text, lang) == expected
