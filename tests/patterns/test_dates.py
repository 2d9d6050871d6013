"""deidkit.patterns.dates: each date and time pattern on synthetic text, and what must not match.

Each row is (language, text, every match of ``find_patterns(text, language)`` as (matched text,
label, pattern name)).
"""

from __future__ import annotations

import pytest

from deidkit.patterns import find_patterns
from deidkit.patterns.dates import DATES

Row = tuple[str, str, list[tuple[str, str, str]]]

FOUND: list[Row] = [
    ("en", "Seen on 3/5/2010 by the team.", [("3/5/2010", "DATE", "date_numeric")]),
    ("en", "DOB: 04/12/1945.", [("04/12/1945", "DATE", "date_numeric")]),
    ("en", "Date of service 4-12-45.", [("4-12-45", "DATE", "date_numeric")]),
    ("en", "Drawn 03.05.2010 in clinic.", [("03.05.2010", "DATE", "date_numeric")]),
    ("en", "Scan on 2010-03-05 showed no change.", [("2010-03-05", "DATE", "date_iso")]),
    ("en", "Flu lot UT81 exp 2025-06; had 2 doses in the 2023-24 season.",
     [("2025-06", "DATE", "date_year_month"), ("2023-24", "DATE", "date_year_month")]),
    ("en", "Code 2010-45 on the form.", []),
    ("en", "Started 3/2010 on metformin.", [("3/2010", "DATE", "date_month_year")]),
    ("en", "Admitted January 5th, 2010 for chest pain.",
     [("January 5th, 2010", "DATE", "date_month_name")]),
    ("en", "Discharged on Jan 7.", [("Jan 7", "DATE", "date_month_name")]),
    # a range of days in one month; a range that runs backwards is its first day only
    ("en", "Admitted Jan 13-15, 2026 for fever.",
     [("Jan 13-15, 2026", "DATE", "date_month_name")]),
    ("en", "Visit March 24-25 (sponsor).", [("March 24-25", "DATE", "date_month_name")]),
    ("en", "Seen Jan 15-13 x", [("Jan 15", "DATE", "date_month_name")]),
    ("en", "Seen Sept. 12, 2011.", [("Sept. 12, 2011", "DATE", "date_month_name")]),
    ("en", "Jan-05-2010 visit.", [("Jan-05-2010", "DATE", "date_month_name")]),
    ("en", "Last seen March 2009.", [("March 2009", "DATE", "date_month_name")]),
    ("en", "Seen on may 2 in clinic.", [("may 2", "DATE", "date_month_name")]),
    ("en", "Biopsy 5 May 2010.", [("5 May 2010", "DATE", "date_day_month")]),
    ("en", "Surgery on the 5th of June.", [("5th of June", "DATE", "date_day_month")]),
    ("en", "Trip after Tết; home for Mardi Gras.", [("Tết", "DATE", "holiday"),
                                                   ("Mardi Gras", "DATE", "holiday")]),
    ("en", "Sworn this 4th day of March, 2026.",
     [("4th day of March, 2026", "DATE", "date_day_month")]),
    ("en", "Return visit 12/24.", [("12/24", "DATE", "date_short")]),
    ("en", "MRCP 21/01: calculi.", [("21/01", "DATE", "date_short")]),  # only day/month fits
    # a range of two short dates: both, though one alone reads as a count or a fraction
    ("en", "wk 6 (7/7–7/11) walks", [("7/7", "DATE", "date_short"),
                                     ("7/11", "DATE", "date_short")]),
    ("en", "Inpatient 3/4—3/6 then", [("3/4", "DATE", "date_short"),
                                       ("3/6", "DATE", "date_short")]),
    ("en", "Seen 9/2–3/4 twice", [("9/2", "DATE", "date_short"),
                                  ("3/4", "DATE", "date_short")]),
    ("en", "Operated 21.VII.2026 here", [("21.VII.2026", "DATE", "date_roman_month")]),
    ("en", "Seen on 1/2 in clinic.", [("1/2", "DATE", "date_short")]),
    ("en", "Seen on 5-22 for review.", [("5-22", "DATE", "date_short")]),
    ("en", "Visited family over Christmas Eve.", [("Christmas Eve", "DATE", "holiday")]),
    ("en", "No treatment apart from the MLK holiday; vets day bbq; Eid al-Fitr.",
     [("MLK", "DATE", "holiday"), ("vets day", "DATE", "holiday"),
      ("Eid al-Fitr", "DATE", "holiday")]),
    ("en", "Good friends came, not on Good Friday.", [("Good Friday", "DATE", "holiday")]),
    ("en", "Since New Year, fell on Boxing Day; home for Labour Day.",
     [("New Year", "DATE", "holiday"), ("Boxing Day", "DATE", "holiday"),
      ("Labour Day", "DATE", "holiday")]),
    ("en", "Had CABG in 1998.", [("1998", "DATE", "year")]),
    ("en", "Smoked through the 1970s.", [("1970s", "DATE", "year")]),
    ("en", "Follow-up at 10:30 pm tonight.", [("10:30 pm", "DATE", "time")]),
    ("en", "Labs at 3pm and 10h30.", [("3pm", "DATE", "time"), ("10h30", "DATE", "time")]),
    ("en", "Meds given at 0800 hours.", [("0800 hours", "DATE", "time_military")]),
    ("en", "Seen at 1430 in clinic.", [("1430", "DATE", "time_military")]),
    ("es", "Fecha de nacimiento: 03/03/1946.", [("03/03/1946", "DATE", "date_numeric")]),
    ("es", "El mismo día 22-10-04 se implantó.", [("22-10-04", "DATE", "date_numeric")]),
    ("es", "El 3 de marzo de 2016 ingresó.",
     [("3 de marzo de 2016", "DATE", "date_month_name_es")]),
    ("es", "Ingreso el 3-mar-16 por fiebre.", [("3-mar-16", "DATE", "date_month_name_es")]),
    ("es", "En marzo de 2015 consultó.", [("marzo de 2015", "DATE", "date_month_year_es")]),
    ("es", "En hemodiálisis desde diciembre-2002.",
     [("diciembre-2002", "DATE", "date_month_year_es")]),
    ("es", "Hospitalización en octubre-07 por infección.",
     [("octubre-07", "DATE", "date_month_year_es")]),
    ("es", "Operado el 3-III-2016.", [("3-III-2016", "DATE", "date_roman_month")]),
    ("es", "Intervenido en el año 2004.", [("año 2004", "DATE", "year_es")]),
    ("es", "Visto desde el 15/3", [("15/3", "DATE", "date_short")]),
    ("es", "Volvió en Navidad.", [("Navidad", "DATE", "holiday")]),
    ("es", "Llegó a las 1430 horas.", [("1430 horas", "DATE", "time_military")]),
    # not dates
    ("en", "On call 24/7 from today.", []),  # always
    ("en", "Shift 1900-0700 quiet.", []),  # a run of 24-hour times, not years
    ("en", "She may 2 units of PRBC.", []),  # "may" the verb
    ("en", "Scan 2010-13-05 odd.", [("2010-13-05", "IDNUM", "id_number")]),  # no month 13
    ("es", "Visto el 3/15 en consulta.", []),  # Spanish reads day first: no month 15
    ("es", "Control 4/5 en consulta.", []),  # a score, without a date cue
    ("es", "Látex positivo 1/2048.", []),  # a titre
    ("es", "Cada 12 horas durante 6 semanas.", []),  # durations
]


def _found(text: str, lang: str) -> list[tuple[str, str, str]]:
    return [(text[m.start : m.end], m.label, m.name) for m in find_patterns(text, lang)]


@pytest.mark.parametrize(("lang", "text", "expected"), FOUND)
def test_date_patterns(lang: str, text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _found(text, lang) == expected


def test_every_date_pattern_has_an_example() -> None:
    examples = {name for _, _, found in FOUND for _, _, name in found}
    assert {p.name for p in DATES} <= examples


@pytest.mark.parametrize(
    ("text", "english", "spanish"),
    [("Seen on 3/15 again.", True, False), ("Seen on 15/3 again.", True, True),
     ("Seen on 3/4 again.", True, True)],
)
def test_short_dates_read_in_the_language_s_order(text: str, english: bool, spanish: bool) -> None:
    """Spanish reads day first only; English month first, or day first where only that fits
    (notes from day-first countries)."""
    assert bool(find_patterns(text, "en")) is english
    assert bool(find_patterns(text.replace("Seen on", "Visto el"), "es")) is spanish
