"""Rule ``schedules``: the weekdays of a schedule written as abbreviations are a date."""

from __future__ import annotations

import pytest

from deidkit.models.rules import schedules

from .helpers import found_by

RULES = (schedules.RULE,)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("PT (Gustavo) coming M/W/F.", {("M/W/F", "DATE")}),
        ("Days: M-W-F 8a-3p", {("M-W-F", "DATE")}),
        ("dialysis T/Th/Sa at the unit", {("T/Th/Sa", "DATE")}),
        ("clinic Tu/Th; nurse Mon/Wed/Fri", {("Tu/Th", "DATE"), ("Mon/Wed/Fri", "DATE")}),
        # two single letters, letters that are no days, parts of longer words or codes
        ("Sex: M/F; s/p CABG; T/F question; W/U pending", set()),
        ("Code M/W/FX and AM/W/F", set()),
        ("", set()),
    ],
)
def test_schedules_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by(RULES, text) == expected


def test_a_language_without_schedule_days_finds_none() -> None:
    assert found_by(RULES, "Lunes L/M/X", lang="es") == set()
