"""Rule ``hospitals``: listed hospitals, saints' names, names next to a hospital word."""

from __future__ import annotations

import pytest

from deidkit.models.rules import hospitals

from .helpers import found_by

RULE = (hospitals.RULE,)


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("Transferred from Mercy Hospital overnight.", "en", {("Mercy Hospital", "HOSPITAL")}),
        ("Previously treated at Massachusetts General Hospital.", "en",
         {("Massachusetts General Hospital", "HOSPITAL")}),
        ("Seen at Community Hospital in May.", "en", {("Community Hospital", "HOSPITAL")}),
        ("Horvath, MD  |  Division of Hospital Medicine  |  pager", "en", set()),
        ("Our Lady of the Quorbit Regional Medical Center  |  Teche 4 West", "en",
         {("Our Lady of the Quorbit Regional Medical Center", "HOSPITAL")}),
        ("Admitted to Saint Mary's overnight.", "en", {("Saint Mary's", "HOSPITAL")}),
        ("Admitted to St. Brendan's last night.", "en", {("St. Brendan's", "HOSPITAL")}),
        ("Seen at St Brendan's.", "en", {("St Brendan's", "HOSPITAL")}),
        ("St. Brendan was a monk.", "en", set()),  # no possessive: no hospital
        ("Ingresó en el Hospital Universitario La Paz por disnea.", "es",
         {("Hospital Universitario La Paz", "HOSPITAL")}),
        ("Operado en el Hospital 12 de Octubre.", "es", {("Hospital 12 de Octubre", "HOSPITAL")}),
        # a common word before a hospital word is no name, unless cued or several
        ("General Hospital policy was reviewed.", "en", set()),
        ("the hospital was busy", "en", set()),
        # headings and abbreviations in capitals before a hospital word
        ("DEPARTMENT OF RADIOLOGY", "en", set()),
        ("Delirium managed with quetiapine QHS AND RESOLVED BY HOSPITAL DAY 3.", "en", set()),
        ("Ingresó en el hospital por disnea.", "es", set()),
        # a job's title before "of"
        ("copy to the Director of Pharmacy and the Director of Hospital Services", "en", set()),
    ],
)
def test_hospital_rule(text: str, lang: str, expected: set[tuple[str, str]]) -> None:
    assert found_by(RULE, text, lang) == expected
