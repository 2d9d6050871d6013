"""Each language's data is well-formed: what the code using it takes for granted."""

from __future__ import annotations

import importlib.util
import re

import pytest

from deidkit import resources
from deidkit.errors import ResourceError
from deidkit.labels import LABELS
from deidkit.lang import get_language, language_codes
from deidkit.redact.surrogates import ages, vocab
from deidkit.text import find_sections, tokenize

CODES = language_codes()


def _casefolded(words: frozenset[str]) -> bool:
    return all(word == word.casefold() and word.strip() == word and word for word in words)


@pytest.mark.parametrize("code", CODES)
def test_dates(code: str) -> None:
    dates = get_language(code).dates
    assert len(dates.months) == 12 and len(set(dates.months)) == 12
    assert len(dates.month_abbreviations) == 12 and len(set(dates.month_abbreviations)) == 12
    assert len(dates.seasons) == 4 and _casefolded(frozenset(dates.seasons))
    assert all(1 <= month <= 12 for month in dates.other_month_names.values())
    assert all(0 <= index < 4 for index in dates.season_aliases.values())
    assert dates.holidays and len(set(dates.holidays)) == len(dates.holidays)
    for words in (dates.weekdays, dates.relative_days, dates.connectors):
        assert words and _casefolded(words)
    assert dates.range_words and all(re.fullmatch(r"[^\W\d_]+", w) for w in dates.range_words)
    assert dates.ordinal_suffixes and _casefolded(frozenset(dates.ordinal_suffixes))
    if dates.ordinal is not None:  # every day's suffix is one the language writes
        assert {dates.ordinal(day) for day in range(1, 32)} <= set(dates.ordinal_suffixes)


@pytest.mark.parametrize("code", CODES)
def test_sections(code: str) -> None:
    sections = get_language(code).sections
    assert _casefolded(sections.small_words) and sections.heading_words
    assert _casefolded(sections.heading_words)
    for heading, name in sections.synonyms.items():
        assert re.fullmatch(r"[a-z0-9_]+", heading) and re.fullmatch(r"[a-z_]+", name)


@pytest.mark.parametrize("code", CODES)
def test_abbreviations_are_lower_case_words_without_a_dot(code: str) -> None:
    abbreviations = get_language(code).abbreviations
    assert abbreviations and _casefolded(abbreviations)
    for word in abbreviations:
        assert "." not in word
        assert [token.text for token in tokenize(f"see {word.title()}. Smith")][1] == (
            f"{word.title()}."
        )


@pytest.mark.parametrize("code", CODES)
def test_surrogate_words(code: str) -> None:
    words = get_language(code).surrogates
    for name in ("titles", "particles", "kinship", "relation_words", "role_words",
                 "street_words", "facility_words", "title_small_words", "free_mail"):  # fmt: skip
        assert getattr(words, name) and _casefolded(getattr(words, name)), name
    assert _casefolded(words.name_suffixes)
    assert words.sex_words and all(male != female for male, female in words.sex_words)
    assert set(words.samples) == set(LABELS)  # fresh() has an example of every label
    assert set(words.first_name_endings.values()) <= {"m", "f"}
    assert 0 <= words.postal_prefixes <= 99
    assert all(re.compile(unit) for unit in words.non_year_units)
    assert words.number_joiners and _casefolded(frozenset(words.number_joiners))


@pytest.mark.parametrize("code", CODES)
def test_numbers_spelled_out_read_back(code: str) -> None:
    spell = get_language(code).surrogates.spell_number
    for number in range(200):
        written = spell(number)
        assert ages.age_value(f"{written} years") == (number, 0, len(written), True), written


@pytest.mark.parametrize("code", CODES)
def test_the_surrogate_sources_exist(code: str) -> None:
    sources = get_language(code).surrogates.pools
    for locale in (sources.faker_locale, sources.faker_world_locale):
        assert importlib.util.find_spec(f"faker.providers.address.{locale}") is not None

    def shipped(base: str) -> bool:
        try:
            resources.for_language(base, code)
        except ResourceError:
            return False
        return True

    assert any(shipped(base) for base in sources.city_lists)
    assert shipped(sources.state_list) and shipped(sources.country_list)
    assert any(shipped(base) for base in sources.hospital_lists)
    for base in (sources.region_list, sources.street_name_list):
        assert base is None or shipped(base)


def test_the_shared_lists_are_the_union_of_the_languages() -> None:
    english, spanish = get_language("en"), get_language("es")
    assert english.surrogates.titles | spanish.surrogates.titles == vocab.TITLES
    assert {"madre", "mother"} <= vocab.KINSHIP
    assert {"lunes", "monday"} <= vocab.WEEKDAYS
    # a heading of either language is found whatever the note's language
    text = "MOTIVO DE CONSULTA\nabc\nMEDICATIONS\ndef\n"
    assert [s.name for s in find_sections(text)] == ["motivo_de_consulta", "medications"]
