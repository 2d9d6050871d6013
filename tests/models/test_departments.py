"""Generic departments are no organisations' names (deidkit.models.departments)."""

from __future__ import annotations

import pytest

from deidkit.models.departments import without_departments

from .crafted import found_in


def _kept(text: str, found: list[tuple[str, str]], lang: str = "en") -> list[str]:
    (done,) = without_departments([found_in(text, found)], lang)
    return [text[s.start : s.end] for s in done.spans]


@pytest.mark.parametrize(
    ("text", "found", "kept"),
    [
        # departments and services alone, or a facility word alone, are no names
        ("INTERVENTIONAL RADIOLOGY PROCEDURE NOTE", [("INTERVENTIONAL RADIOLOGY", "HOSPITAL")],
         []),
        ("Appeals & Grievances Dept.", [("Appeals & Grievances Dept.", "ORGANIZATION")], []),
        ("Sigrun Lee, MD\nHospital Medicine", [("Hospital", "HOSPITAL")], []),
        ("BEHAVIORAL HEALTH PROGRESS NOTE", [("BEHAVIORAL HEALTH", "HOSPITAL")], []),
        ("to Dialysis Unit", [("Dialysis Unit", "ORGANIZATION")], []),
        ("Utilization Management - Outpatient Rehabilitation",
         [("Outpatient Rehabilitation", "HOSPITAL")], []),
        # a name with a department word in it, a facility, another label: kept
        ("seen at Kewaskum Family Medicine", [("Kewaskum Family Medicine", "HOSPITAL")],
         ["Kewaskum Family Medicine"]),
        ("Child Family Health Center", [("Child Family Health Center", "HOSPITAL")],
         ["Child Family Health Center"]),
        ("Radiology", [("Radiology", "DEPARTMENT")], ["Radiology"]),
        # a job's title is no organisation; a proper name's word in it makes it a name
        ("To: Bertrand Quorbit, MD, Medical Director",
         [("Medical Director", "HOSPITAL")], []),
        ("Attn: Associate Dean; Probation Officer Lee", [("Associate Dean", "ORGANIZATION"),
                                                        ("Probation Officer", "ORGANIZATION")],
         []),
        ("the Middlesex District Attorney", [("Middlesex District Attorney", "ORGANIZATION")],
         ["Middlesex District Attorney"]),
        ("at Valley Hearing Specialists", [("Valley Hearing Specialists", "ORGANIZATION")],
         ["Valley Hearing Specialists"]),
        ("HAVEN Domestic & Sexual Violence Advocacy - Hospital Advocate",  # too long a title
         [("HAVEN Domestic & Sexual Violence Advocacy - Hospital Advocate", "ORGANIZATION")],
         ["HAVEN Domestic & Sexual Violence Advocacy - Hospital Advocate"]),
        # the rest of a name found in two parts
        ("NORTHCOAST HEART & VASCULAR", [("NORTHCOAST", "HOSPITAL"),
                                         ("HEART & VASCULAR", "HOSPITAL")],
         ["NORTHCOAST", "HEART & VASCULAR"]),
    ],
)
def test_generic_departments_are_dropped(
    text: str, found: list[tuple[str, str]], kept: list[str]
) -> None:
    assert _kept(text, found) == kept


def test_a_language_without_department_words_keeps_everything() -> None:
    assert _kept("Servicio de Radiología", [("Radiología", "HOSPITAL")], lang="es") == [
        "Radiología"]
