"""What an operating point lets through that is no PHI (deidkit.models.flips)."""

from __future__ import annotations

import pytest

from deidkit.models.flips import without_flips
from deidkit.types import Document, Span


def _kept(
    text: str, found: list[tuple[str, str, float | None]], lang: str = "en"
) -> list[tuple[str, str]]:
    spans = []
    for value, label, score in found:
        start = text.index(value)
        spans.append(Span(start, start + len(value), label, source="crf", score=score))
    (done,) = without_flips([Document(id="a", text=text, spans=tuple(spans))], lang)
    return [(text[s.start : s.end], s.label) for s in done.spans]


@pytest.mark.parametrize(
    ("text", "found", "kept"),
    [
        # one ordinary word as a place or date, below even odds: dropped
        ("Brown stool noted, no melena.", [("Brown", "HOSPITAL", 0.2)], []),
        ("May need more fluids; will reassess.", [("May", "DATE", 0.1)], []),
        # "May" opening a sentence before a lower-case word: the verb, at any odds
        ("Plan set. May need more fluids.", [("May", "DATE", 0.8)], []),
        ("Seen in May and again May 3.", [("May", "DATE", 0.8)], [("May", "DATE")]),
        ("HIGH RISK CLINIC", [("HIGH", "ORGANIZATION", 0.3)], []),
        # the model's best guess, a name, an abbreviation, two words, a non-word: kept
        ("Seen at Mercy today.", [("Mercy", "HOSPITAL", 0.8)], [("Mercy", "HOSPITAL")]),
        ("Will to call.", [("Will", "PATIENT", 0.2)], [("Will", "PATIENT")]),
        ("Seen at UH today.", [("UH", "HOSPITAL", 0.2)], [("UH", "HOSPITAL")]),
        ("Seen at Mercy West.", [("Mercy West", "HOSPITAL", 0.2)],
         [("Mercy West", "HOSPITAL")]),
        ("Seen at Kestrelmoor.", [("Kestrelmoor", "HOSPITAL", 0.2)],
         [("Kestrelmoor", "HOSPITAL")]),
        ("A rules span: Brown.", [("Brown", "HOSPITAL", None)], [("Brown", "HOSPITAL")]),
        # separators at the ends go; punctuation alone is no span
        ("Pt Rosa Delgado-Marin, 54F", [("Rosa Delgado-Marin,", "PATIENT", 0.9)],
         [("Rosa Delgado-Marin", "PATIENT")]),
        ("Seen by Dr. Ames.", [(".", "PATIENT", 0.05), ("Ames", "DOCTOR", 0.99)],
         [("Ames", "DOCTOR")]),
        ("Harold J. Finnegan", [("Harold J.", "PATIENT", 0.9)], [("Harold J.", "PATIENT")]),
        # a dash or slash at the end, a dash at the start, an unpaired quote or bracket
        ('Donor: QUORBIT, MEI "May"', [('QUORBIT, MEI "', "PATIENT", 0.9)],
         [("QUORBIT, MEI", "PATIENT")]),
        ('pt: quorbit, stan -- "Stan" | DOB', [('Stan"', "PATIENT", 0.9)], [("Stan", "PATIENT")]),
        ("Works (retired nurse) now", [("retired nurse)", "PROFESSION", 0.9)],
         [("retired nurse", "PROFESSION")]),
        ("to Kessler- then -Quorbit",
         [("Kessler-", "DEPARTMENT", 0.9), ("-Quorbit", "DOCTOR", 0.9)],
         [("Kessler", "DEPARTMENT"), ("Quorbit", "DOCTOR")]),
        ("Call (413) 555-0100 or Ward (B)", [("(413) 555-0100", "PHONE", 0.9),
                                             ("Ward (B)", "DEPARTMENT", 0.9)],
         [("(413) 555-0100", "PHONE"), ("Ward (B)", "DEPARTMENT")]),
        # a slash between two people joins no name, even glued to the next
        ("crew Lapointe/Quorbit.", [("Lapointe/", "DOCTOR", 0.9), ("Quorbit", "DOCTOR", 0.9)],
         [("Lapointe", "DOCTOR"), ("Quorbit", "DOCTOR")]),
        ("on 3/14 seen", [("3/", "DATE", 0.9), ("14", "DATE", 0.9)],
         [("3/", "DATE"), ("14", "DATE")]),
        # what joins two spans stays
        ("FINNEGAN, HAROLD J", [("FINNEGAN,", "PATIENT", 0.9), ("HAROLD J", "PATIENT", 0.9)],
         [("FINNEGAN,", "PATIENT"), ("HAROLD J", "PATIENT")]),
        ("Plate ABC - 123 seen", [("ABC", "VEHICLE", 0.9), ("-", "VEHICLE", 0.4),
                                  ("123", "VEHICLE", 0.9)],
         [("ABC", "VEHICLE"), ("-", "VEHICLE"), ("123", "VEHICLE")]),
    ],
)
def test_flips_are_cut_back(
    text: str, found: list[tuple[str, str, float | None]], kept: list[tuple[str, str]]
) -> None:
    assert _kept(text, found) == kept


def test_other_languages_lose_only_separators_and_punctuation() -> None:
    text = "Mayo: Hospital General, sin cambios."
    found = [("Mayo", "DATE", 0.1), ("Hospital General,", "HOSPITAL", 0.3), (".", "DATE", 0.1)]
    assert _kept(text, found, lang="es") == [("Mayo", "DATE"), ("Hospital General", "HOSPITAL")]
