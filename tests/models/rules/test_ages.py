"""Rule ``cued_ages``: ages after cues the age patterns do not know."""

from __future__ import annotations

import pytest

from deidkit.models.rules import ages

from .helpers import found_by


@pytest.mark.parametrize(
    ("text", "expected_all", "expected_over_89"),
    [
        ("Her grandfather died at 96.", {("96", "AGE")}, {("96", "AGE")}),
        ("Mother passed away at 92 of a stroke.", {("92", "AGE")}, {("92", "AGE")}),
        ("Grandmother lived to 101.", {("101", "AGE")}, {("101", "AGE")}),
        ("An aunt, aged ninety-one, is well.", {("ninety-one", "AGE")},
         {("ninety-one", "AGE")}),
        ("Aged one hundred and two.", {("one hundred and two", "AGE")},
         {("one hundred and two", "AGE")}),
        ("Father passed at 45.", {("45", "AGE")}, set()),
        # clock times, places, weights, doses
        ("Died at 0800; died at home; expired at 14:22.", set(), set()),
        ("Weight at 96 kg; aged 10 mg.", set(), set()),
    ],
)
def test_cued_age_rule(
    text: str, expected_all: set[tuple[str, str]], expected_over_89: set[tuple[str, str]]
) -> None:
    assert found_by((ages.RULE,), text) == expected_all
    assert found_by((ages.RULE,), text, ages="over_89") == expected_over_89
