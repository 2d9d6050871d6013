"""Rule ``patterns``: PHI regular expressions, with ages and times as asked."""

from __future__ import annotations

import pytest

from deidkit.models.rules import patterns

from .helpers import found_by

RULE = (patterns.RULE,)


@pytest.mark.parametrize(
    ("text", "lang", "ages", "times", "expected"),
    [
        ("Call (617) 555-1234 today.", "en", "auto", False, {("(617) 555-1234", "PHONE")}),
        ("Admitted 3/5/2010.", "en", "auto", False, {("3/5/2010", "DATE")}),
        ("Fecha de ingreso: 12/12/2016.", "es", "auto", False, {("12/12/2016", "DATE")}),
        ("A 45 year old man.", "en", "auto", False, {("45", "AGE")}),
        ("A 45 year old man.", "en", "all", False, {("45", "AGE")}),
        ("A 45 year old man.", "en", "over_89", False, set()),
        ("A 93 year old woman.", "en", "over_89", False, {("93", "AGE")}),
        ("Paciente de 70 años.", "es", "over_89", False, set()),
        ("Seen at 10:30 pm.", "en", "auto", False, set()),
        ("Seen at 10:30 pm.", "en", "auto", True, {("10:30 pm", "DATE")}),
        ("Dr. Smith saw him.", "en", "auto", False, set()),  # names are other rules' business
        # an identifier starts at its value, not at a word after the cue
        ("MRN is 1234567.", "en", "auto", False, {("1234567", "MEDICALRECORD")}),
        ("MRN 1234567.", "en", "auto", False, {("1234567", "MEDICALRECORD")}),
    ],
)
def test_pattern_rule(
    text: str, lang: str, ages: str, times: bool, expected: set[tuple[str, str]]
) -> None:
    assert found_by(RULE, text, lang, ages=ages, times=times) == expected
