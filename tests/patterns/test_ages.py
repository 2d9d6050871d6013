"""deidkit.patterns.ages: ages with an age word, and durations that are not ages.

Each row is (language, text, every match of ``find_patterns(text, language)`` as (matched text,
label, pattern name)).
"""

from __future__ import annotations

import pytest

from deidkit.patterns import find_patterns
from deidkit.patterns.ages import AGES

Row = tuple[str, str, list[tuple[str, str, str]]]

FOUND: list[Row] = [
    ("en", "A 92 year old man presents.", [("92", "AGE", "age_over_89")]),
    ("en", "This 91-year-old woman is stable.", [("91", "AGE", "age_over_89")]),
    ("en", "95 yo F with CHF.", [("95", "AGE", "age_over_89")]),
    ("en", "102 y/o resident of a nursing home.", [("102", "AGE", "age_over_89")]),
    ("en", "She is in her 90s and frail.", [("90s", "AGE", "age_over_89")]),
    ("en", "Built in the 90s.", [("90s", "AGE", "age_over_89")]),
    ("en", "Pt is 85 years old.", [("85", "AGE", "age")]),
    ("en", "He is 60 yo.", [("60", "AGE", "age")]),
    ("en", "AGE/SEX: 35Y/M   Age (years): 35", [("35", "AGE", "age"), ("35", "AGE", "age")]),
    ("es", "Paciente de 92 años de edad.", [("92 años", "AGE", "age_over_89_es")]),
    ("es", "Mujer de 91 años y sin alergias.", [("91 años", "AGE", "age_over_89_es")]),
    ("es", "Varón de 45 años, fumador.", [("45 años", "AGE", "age_es")]),
    # durations and other numbers
    ("en", "Smoked for 40 years.", []),
    ("en", "Colonoscopy every 1 to 2 years, then for 3-5 years.", []),  # ranges of durations
    ("en", "Colonoscopy after 1 year; taught 31 yrs at the high school.", []),
    ("en", "Completed 2 yrs of college; continue to complete 1 yr of therapy.", []),
    ("en", "Seen 5 years ago.", []),
    ("en", "A 130 year old tree.", []),  # over 125
    ("es", "Diabetes de 20 años de evolución.", []),
    ("es", "Fumador desde hace 10 años.", []),
    ("es", "Durante 3 años, fumó.", []),
    ("es", "Tras 2 años sin fiebre.", []),
]


def _found(text: str, lang: str) -> list[tuple[str, str, str]]:
    return [(text[m.start : m.end], m.label, m.name) for m in find_patterns(text, lang)]


@pytest.mark.parametrize(("lang", "text", "expected"), FOUND)
def test_age_patterns(lang: str, text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _found(text, lang) == expected


def test_every_age_name_has_an_example() -> None:
    examples = {name for _, _, found in FOUND for _, _, name in found}
    assert {name for p in AGES for name in (p.name, *p.names)} <= examples
