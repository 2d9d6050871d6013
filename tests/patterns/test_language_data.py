"""The patterns' data in the language packages (deidkit/lang/<code>/patterns.py)."""

from __future__ import annotations

import pytest
import regex

from deidkit.lang import get_language, language_codes
from deidkit.lang.patterns import PatternLanguage
from deidkit.patterns import find_patterns
from deidkit.patterns.context import DATE_CUES, UNITS, valid_day_month
from deidkit.patterns.cues import CUES


@pytest.mark.parametrize("code", language_codes())
def test_every_language_has_pattern_data(code: str) -> None:
    data = get_language(code).patterns
    assert isinstance(data, PatternLanguage)
    regex.compile(data.months)
    regex.compile(data.holidays)
    for field in ("units", "score_cues", "date_cues", "strong_date_cues", "year_cues",
                  "time_cues", "titre_cues", "number_cues", "hour_words", "duration_cues"):
        words = getattr(data, field)
        # casefolded, as the lookups fold a note's words (MICRO SIGN µ folds to GREEK MU μ)
        assert words and all(w == w.casefold() and " " not in w for w in words), (code, field)
    assert data.strong_date_cues <= data.date_cues


@pytest.mark.parametrize("code", language_codes())
def test_month_names_are_the_language_s_months(code: str) -> None:
    # the patterns' month alternation and the language's month table (lang/<code>/dates.py)
    # name the same months
    language = get_language(code)
    pattern_words = set(regex.sub(r"[^a-z|]", "", language.patterns.months).split("|")) - {""}
    table = {m.casefold() for m in (*language.dates.months, *language.dates.month_abbreviations)}
    assert table <= pattern_words
    assert pattern_words <= table | set(language.dates.other_month_names)


_HOLIDAYS = {
    "en": ["Christmas Eve", "Xmas", "Thanksgiving", "Easter Sunday", "New Year's Day",
           "Independence Day", "Fourth of July", "Memorial Day", "Labor Day", "Veterans Day",
           "Halloween", "Hanukkah", "Chanukah", "Valentine's Day", "Mother's Day",
           "Father's Day", "MLK Day", "Martin Luther King Jr. Day", "Ramadan", "Yom Kippur",
           "Rosh Hashanah", "Passover"],
    "es": ["Navidad", "Nochebuena", "Nochevieja", "Semana Santa", "Año Nuevo", "Reyes Magos"],
}


@pytest.mark.parametrize(("code", "name"), [(c, n) for c in _HOLIDAYS for n in _HOLIDAYS[c]])
def test_each_language_s_holidays_are_found_at_their_anchor(code: str, name: str) -> None:
    text = f"Seen over {name}, then home."
    assert [(text[m.start : m.end], m.name) for m in find_patterns(text, code)] == [
        (name, "holiday")
    ]
    assert name.split()[0].casefold() in get_language(code).patterns.holiday_anchors


def test_words_of_every_language_are_used_together() -> None:
    assert "mg" in UNITS and "comprimidos" in UNITS
    assert "admitted" in DATE_CUES and "ingreso" in DATE_CUES
    # a Spanish unit after a number in an English note is still a unit
    assert find_patterns("Kit 1234567 comprimidos.", "en") == []
    assert find_patterns("Kit 1234567 boxes.", "en") != []


def test_day_first_comes_from_the_language() -> None:
    assert valid_day_month(3, 15, "en") and not valid_day_month(15, 3, "en")
    assert valid_day_month(15, 3, "es") and not valid_day_month(3, 15, "es")
    assert valid_day_month(3, 15, None) and valid_day_month(15, 3, None)
    assert [get_language(code).day_first for code in ("en", "es")] == [False, True]


@pytest.mark.parametrize("code", language_codes())
def test_cue_words_belong_to_rows_of_the_cue_table(code: str) -> None:
    rows = {cue.row for cue in CUES}
    for row, words in get_language(code).patterns.cues.items():
        assert row in rows, (code, row)
        regex.compile(words.expression, regex.VERSION1)
        assert words.anchors and all(a == a.lower() for a in words.anchors), (code, row)


def test_every_cue_row_has_words() -> None:
    assert all(cue.expression and cue.anchors for cue in CUES)


@pytest.mark.parametrize(
    ("lang", "text", "expected"),
    [
        ("en", "NHC: 368503.", ("368503", "id_mrn")),  # Spanish cue words in an English note
        ("es", "MRN: 368503.", ("368503", "id_mrn")),  # and English ones in a Spanish note
        ("en", "Teléfono: 617-555-1234", ("617-555-1234", "phone_cue")),
        ("es", "Passport: 12345678X", ("12345678X", "id_other")),
    ],
)
def test_cue_words_of_every_language_are_used_together(
    lang: str, text: str, expected: tuple[str, str]
) -> None:
    assert [(text[m.start : m.end], m.name) for m in find_patterns(text, lang)] == [expected]
