"""deidkit.patterns: find_patterns, the registry of patterns, overlap resolution, and clinical
look-alikes that no pattern may take for PHI."""

from __future__ import annotations

import itertools

import pytest

from deidkit.lang import language_codes
from deidkit.patterns import (
    LANGS,
    PATTERN_NAMES,
    PATTERNS,
    PatternMatch,
    find_patterns,
    patterns_for,
    resolve_overlaps,
)

ENGLISH_LOOK_ALIKES = [
    "BP 132/84, HR 80, RR 18.",
    "BP 120/80 mmHg sitting.",
    "2/6 systolic murmur at the left sternal border.",
    "Grade 3/6 holosystolic murmur.",
    "Motor 5/5 throughout.",
    "Strength 4/5 in the left arm.",
    "Pain 7/10, improved to 3/10.",
    "Rates pain 8/10 at rest.",
    "Take 1/2 tab po daily.",
    "Give 3/4 of the dose.",
    "Dose 10-15 mg q6h.",
    "Follow up in 2-3 weeks.",
    "Infuse 250-1000 ml as needed.",
    "Heparin 2000 units bolus.",
    "Acetaminophen 1000 mg.",
    "Epinephrine 1:1000 given.",
    "ANA titer 1:160, speckled.",
    "I:E 1:2 on the vent.",
    "2:1 AV block on the monitor.",
    "PEEP 5, PS 10/5 overnight.",
    "WBC 12.3, Hgb 9.8, Plt 250.",
    "LVEF 55-60% by echo.",
    "She may 2 units of PRBC if needed.",
    "Temp 98.6 F, SpO2 97%.",
    "Q8h dosing, x3 days.",
    "Seen 4/4 quadrants.",
    "Lab value (47-10000) reference.",
    "G20210A mutation carrier.",
    "Able to recall 1/3 words; naming 7/10; follows commands 4/5.",
    "MSSA in 4/4 blood cultures; BCx 2/2 bottles; MoCA 21/30.",
    "Hgb 10.9 (ref 11.0-15.0), K 4.1 (ref 3.5-5.1).",
]

SPANISH_LOOK_ALIKES = [
    "Paresia 4/5 en extremidad inferior.",
    "Apgar 3/10 y 8/10.",
    "Cada 12 horas durante 6 semanas.",
    "A las 2 h de la intervención.",
    "Diabetes de 20 años de evolución.",
    "Fumador desde hace 10 años.",
    "IgG 1:40 e IgM 1:320.",
    "Látex positivo 1/2048.",
    "Leucocitos 17850 Neutrófilos 86%.",
]


@pytest.mark.parametrize(
    ("lang", "text"),
    [("en", text) for text in ENGLISH_LOOK_ALIKES] + [("es", text) for text in SPANISH_LOOK_ALIKES],
)
def test_clinical_look_alikes_do_not_match(lang: str, text: str) -> None:
    assert find_patterns(text, lang) == []


def test_matches_are_sorted_non_overlapping_and_inside_text() -> None:
    text = "Seen 3/5/2010 10:30 pm; MRN 1234567; call 617-555-1234; SSN 123-45-6789."
    matches = find_patterns(text)
    assert matches == sorted(matches, key=lambda m: m.start)
    for first, second in itertools.pairwise(matches):
        assert first.end <= second.start
    assert all(0 <= m.start < m.end <= len(text) for m in matches)
    assert all(m.name in PATTERN_NAMES for m in matches)


def test_overlapping_mode_returns_every_match() -> None:
    text = "Tel 617-555-1234"
    every = find_patterns(text, "en", overlapping=True)
    assert [(m.start, m.end, m.name) for m in every] == [
        (4, 16, "phone_cue"), (4, 16, "phone"), (4, 16, "id_number")
    ]
    assert find_patterns(text, "en") == [PatternMatch(4, 16, "phone_cue", "PHONE")]


def test_repeated_calls_return_fresh_lists() -> None:
    first = find_patterns("MRN: 1234567", "en")
    first.clear()
    assert len(find_patterns("MRN: 1234567", "en")) == 1


@pytest.mark.parametrize(
    ("matches", "kept"),
    [
        # the longest wins
        ([(0, 4, "year"), (12, 14, "date_short"), (0, 10, "date_iso")],
         [(0, 10, "date_iso"), (12, 14, "date_short")]),
        # same extent: the pattern listed first wins
        ([(4, 16, "phone"), (4, 16, "phone_cue")], [(4, 16, "phone_cue")]),
        # partly overlapping: the longer one, then whatever does not touch it
        ([(0, 5, "time"), (3, 12, "id_number"), (12, 15, "year")],
         [(3, 12, "id_number"), (12, 15, "year")]),
        ([], []),
    ],
)
def test_resolve_overlaps(
    matches: list[tuple[int, int, str]], kept: list[tuple[int, int, str]]
) -> None:
    given = [PatternMatch(start, end, name, "DATE") for start, end, name in matches]
    assert [(m.start, m.end, m.name) for m in resolve_overlaps(given)] == kept


def test_languages_and_names() -> None:
    assert language_codes() == LANGS
    assert set(patterns_for("en")) | set(patterns_for("es")) == set(PATTERNS)
    assert patterns_for(None) == PATTERNS
    assert "dni_nif" not in {p.name for p in patterns_for("en")}
    assert "phone_local" not in {p.name for p in patterns_for("es")}
    assert len(PATTERN_NAMES) == len(set(PATTERN_NAMES))
    assert {name for p in PATTERNS for name in (p.name, *p.names)} == set(PATTERN_NAMES)
    with pytest.raises(ValueError, match="unknown pattern language"):
        patterns_for("fr")
