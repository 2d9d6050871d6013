"""Units written with the micro sign (U+00B5) are units: the lookup casefolds a note's words,
which turns MICRO SIGN into GREEK SMALL LETTER MU (U+03BC), so the unit list is stored folded."""

from __future__ import annotations

import pytest

from deidkit.patterns import find_patterns
from deidkit.patterns.context import UNITS, unit_follows

MICRO = "\u00b5"
MU = "\u03bc"


@pytest.mark.parametrize("unit", [f"{MICRO}g", f"{MICRO}l", f"{MU}g", f"{MU}l", f"{MICRO}L"])
def test_a_micro_unit_after_a_number_is_a_unit(unit: str) -> None:
    text = f"Got 12/11 {unit} today"
    assert unit_follows(text, text.index(" " + unit))
    assert find_patterns(text, "en") == []


def test_the_unit_list_holds_the_folded_forms() -> None:
    assert f"{MICRO}g".casefold() in UNITS and f"{MICRO}l".casefold() in UNITS
    assert all(unit == unit.casefold() for unit in UNITS)


def test_a_date_before_an_ordinary_word_is_still_a_date() -> None:
    text = "Got 12/11 today"
    assert [(text[m.start : m.end], m.name) for m in find_patterns(text, "en")] == [
        ("12/11", "date_short")]
