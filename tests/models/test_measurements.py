"""Readings are no ages or rooms, scores no dates (deidkit.models.measurements)."""

from __future__ import annotations

import pytest

from deidkit.models.measurements import without_readings
from deidkit.types import Document, Span


def _kept(text: str, found: list[tuple[str, str]]) -> list[str]:
    """The texts of the ``found`` spans (value, label; each value's first occurrence) that
    survive."""
    spans = []
    for value, label in found:
        start = text.index(value)
        spans.append(Span(start, start + len(value), label))
    (done,) = without_readings([Document(id="a", text=text, spans=tuple(spans))])
    return [text[s.start : s.end] for s in done.spans]


@pytest.mark.parametrize(
    ("text", "found", "kept"),
    [
        # cells of a flowsheet or a lab table are readings
        ("HR     | 84    | 71    | 68    | 74\nSpO2 | 97 | 100 | 99 | 98", [("71", "ROOM"),
                                                                   ("97", "AGE")], []),
        ("Chloride   99   101   102   98-107 mmol/L", [("101", "ROOM")], []),
        # a row that names an age or a room, or a line of demographics, keeps them
        ("Bed | 12 | 14 | 15 | 16", [("14", "ROOM")], ["14"]),
        ("DOB 04/19/1988 | 37 F | MRN 12345", [("37", "AGE")], ["37"]),
        # prose with numbers is no row; other labels and other shapes are left alone
        ("son Omar (19), daughters Ifrah (15) and Sagal (11), cell 555-0172", [("15", "AGE")],
         ["15"]),
        ("HR | 84 | 71 | 68 | 74 | 3/14", [("3/14", "DATE"), ("84", "PHONE")], ["84", "3/14"]),
        ("Vitals 84 71 68 74\nPatient is 45", [("45", "AGE")], ["45"]),
        # a score's fraction after its cue is no date; other fractions and dates stay
        ("motor 5/5; pain 7/10", [("5/5", "DATE"), ("7/10", "DATE")], []),
        ("2/6 systolic murmur; 3/6 holosystolic", [("2/6", "DATE"), ("3/6", "DATE")], []),
        ("seen 2/6 at clinic; tab 5/6", [("2/6", "DATE"), ("5/6", "DATE")], ["2/6", "5/6"]),
        ("Scanned to Media tab 5/6; seen 5/5 and 3/10", [("5/6", "DATE"), ("5/5", "DATE"),
                                                         ("3/10", "DATE")],
         ["5/6", "5/5", "3/10"]),
        # a fraction that is no month and day either way round is no date; one that is stays
        ("PA 43/18; visit 19/30; NMES 10/50; seen 0/7", [("43/18", "DATE"), ("19/30", "DATE"),
                                                        ("10/50", "DATE"), ("0/7", "DATE")],
         []),
        ("BP 198/104; Percocet 5/325; ABG 7.42/31/126", [("198/104", "DATE"), ("5/325", "DATE"),
                                                          ("31/126", "DATE")], []),
        # a time of day is no part of a date
        ("Run: 2026-03-20 10:44; arrival 03:47; dep 19 Sept 07:30 MST",
         [("2026-03-20 10:44", "DATE"), ("03:47", "DATE"), ("19 Sept 07:30", "DATE")],
         ["2026-03-20", "19 Sept"]),
        ("seen 4/2 @ 2:15 pm; on 3/4/2024T14:05:59", [("4/2 @ 2:15 pm", "DATE"),
                                                      ("3/4/2024T14:05:59", "DATE")],
         ["4/2", "3/4/2024"]),
        ("seen 25/12 and 12/31; 4/4 trials", [("25/12", "DATE"), ("12/31", "DATE"),
                                               ("4/4", "DATE")], ["25/12", "12/31", "4/4"]),
    ],
)
def test_numbers_in_a_row_of_readings_are_no_ages_or_rooms(
    text: str, found: list[tuple[str, str]], kept: list[str]
) -> None:
    assert sorted(_kept(text, found)) == sorted(kept)


class _Flowsheet:
    """A stand-in detector that takes a heart rate for a room."""

    name = "fake"

    def predict(self, documents: list[Document]) -> list[Document]:
        return [d.with_spans((Span(10, 12, "ROOM"),)) for d in documents]


@pytest.mark.parametrize(
    ("text", "fraction", "kept"),
    [
        ("FUNCTION\nKatz ADL 5/6 (needs help). Lawton IADL 4/8.", "5/6", False),
        ("Cognition: Mini-Cog 3/5; daughter manages.", "3/5", False),
        ("activity index 11/24, chronicity 2/12.", "2/12", False),
        # more than the whole, or a plain cue with a fraction not out of 5 or 10: a date
        ("Lawton IADL 9/8 noted", "9/8", True),
        ("repeat BCx 1/16 pending", "1/16", True),
    ],
)
def test_an_instrument_s_score_is_no_date(text: str, fraction: str, kept: bool) -> None:
    assert _kept(text, [(fraction, "DATE")]) == ([fraction] if kept else [])


@pytest.mark.parametrize(
    ("text", "number", "kept"),
    [
        ("Two things. (1) my fingers tingle. (2) my sister (she is 41) asks.", "2", False),
        ("Items:\n(3) Medications: none.\n(4) Medical facts: L5-S1.", "4", False),
        # an age in parentheses with no list around it; a list's number not in parentheses
        ("his grandson Sione Jr. (6) visits daily", "6", True),
        ("Her son Jean\n(6) and daughter (7 months)", "6", True),
    ],
)
def test_a_list_s_number_in_parentheses_is_no_age(text: str, number: str, kept: bool) -> None:
    assert _kept(text, [(number, "AGE")]) == ([number] if kept else [])


@pytest.mark.parametrize(
    ("text", "age", "kept"),
    [
        # a duration's word before the years, after them, or a job's parenthesis around them
        ("Retired letter carrier (USPS, 31 yrs), still walks.", "31", False),
        ("Opioid use ~6 yrs, began with pills.", "6", False),
        ("Colonoscopy every 1-2 years.", "2", False),
        ("Husband of 66 yrs, Pieter, died.", "66", False),
        ("Diabetes of 15 years' duration.", "15", False),
        ("Millwright, 33 yrs at Lehigh Crucible.", "33", False),
        ("Unhoused x 2 yrs.", "2", False),
        ("Education: 12 yrs + college; quit <15 yr", "12", False),
        ("quit <15 yr -> LDCT", "15", False),
        ("Warranty: 3 yr repair", "3", False),
        ("Engineer (lake freighters, 38 yrs w/ Arrowhead)", "38", False),
        # ages: "old", a sex after the years, an age at a moment, no duration's word
        ("Pt is a 91 years old man, age-corrected for 49 y male.", "91", True),
        ("age-corrected for 49 y male", "49", True),
        ("DOB 08/27/1991, 34 y at EDD", "34", True),
        ("Son, 12 yrs, at bedside.", "12", True),
        ("At the age of 66 years she moved.", "66", True),
        ("Died at 91 years.", "91", True),
        ("Q: 19-year-old with HbSS", "19", True),
        ("HPI/interval: 41 y/o F, calf pain", "41", True),
        # a unit no age is counted in; an age and a sex are no unit
        ("AABR: L REFER (35 dB)", "35", False),
        ("Rechallenged at 25 mL/h x 15 min", "25", False),
        ("photoparoxysmal response at 16-20 Hz", "16", False),
        ("Sensor active 93% of the time", "93", False),
        ("Seen: 67 F with cough; 52 M, 70 kg", "67", True),
        ("Seen: 52 M, 70 kg", "52", True),
    ],
)
def test_years_that_passed_are_no_ages(text: str, age: str, kept: bool) -> None:
    assert _kept(text, [(age, "AGE")]) == ([age] if kept else [])


def test_readings_are_cleared_in_english_predictions_only() -> None:
    from deidkit.models.adjust import Adjusted

    note = [Document(id="a", text="HR | 84 | 71 | 68 | 74")]
    assert note[0].text[10:12] == "71"
    assert Adjusted(_Flowsheet(), lang="en").predict(note)[0].spans == ()
    assert len(Adjusted(_Flowsheet(), lang="es").predict(note)[0].spans) == 1
