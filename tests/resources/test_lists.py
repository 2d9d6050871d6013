"""Every shipped list loads, is documented and holds what it should."""

from __future__ import annotations

import gzip
import socket

import pytest

from deidkit import resources
from deidkit.errors import ResourceError
from deidkit.resources.catalogue import DATA_DIR, PACKAGE_DIR

ALL = resources.names()
PROVENANCE = (PACKAGE_DIR / "PROVENANCE.md").read_text(encoding="utf-8")


def test_catalogue_is_not_empty_and_files_are_all_listed() -> None:
    assert len(ALL) >= 20
    listed = {resources.info(name).file for name in ALL}
    on_disk = {path.name for path in DATA_DIR.iterdir() if not path.name.startswith(".")}
    assert on_disk == listed


@pytest.mark.parametrize("name", ALL)
def test_list_loads_and_matches_its_catalogue_entry(name: str) -> None:
    item = resources.info(name)
    entries = resources.entries(name)
    assert entries, name
    assert len(entries) == item.count
    assert len(set(entries)) == len(entries)
    assert all(entry == entry.strip() and entry for entry in entries)
    assert resources.columns(name) == item.columns
    assert all(len(row) == len(item.columns) for row in resources.rows(name))
    assert resources.lexicon(name) == {entry.casefold() for entry in entries}


@pytest.mark.parametrize("name", ALL)
def test_list_has_provenance_and_license(name: str) -> None:
    item = resources.info(name)
    assert item.source and item.license and item.url and item.notes
    assert item.build.startswith("scripts/resources/")
    assert (PACKAGE_DIR.parents[2] / item.build).is_file() or not (
        PACKAGE_DIR.parents[2] / "scripts"
    ).is_dir()
    assert f"`{name}`" in PROVENANCE
    assert item.lang in {"en", "es"}


@pytest.mark.parametrize(
    ("name", "member"),
    [
        ("first_names_male", "john"),
        ("first_names_female", "mary"),
        ("first_names", "leslie"),
        ("last_names", "smith"),
        ("last_names", "mcdonald"),
        ("us_cities", "boston"),
        ("us_cities", "new york"),
        ("us_cities", "st. louis"),
        ("us_states", "massachusetts"),
        ("us_state_abbreviations", "ma"),
        ("us_state_abbreviations", "mass."),
        ("us_counties", "suffolk county"),
        ("us_counties", "suffolk"),
        ("countries", "france"),
        ("countries", "usa"),
        ("nationalities", "haitian"),
        ("nationalities", "americans"),
        ("hospitals", "massachusetts general hospital"),
        ("street_names", "main"),
        ("street_suffixes", "st"),
        ("street_suffixes", "ave."),
        ("months", "january"),
        ("months", "sept."),
        ("weekdays", "thurs"),
        ("titles", "dr."),
        ("titles", "mrs"),
        ("name_suffixes", "md"),
        ("name_indicators", "daughter"),
        ("name_indicators", "proxy"),
        ("location_indicators", "lives in"),
        ("location_indicators", "transferred from"),
        ("hospital_indicators", "medical center"),
        ("address_units", "apt"),
        ("common_words", "the"),
        ("common_words", "catheter"),
        ("common_words", "will"),
        ("medical_words", "catheter"),
        ("medical_words", "pneumonia"),
        ("medical_words", "hypertension"),
        ("es_first_names_male", "josé"),
        ("es_first_names_male", "jose"),
        ("es_first_names_female", "maría"),
        ("es_first_names", "carmen"),
        ("es_last_names", "garcía"),
        ("es_last_names", "fernández"),
        ("es_municipalities", "madrid"),
        ("es_municipalities", "san sebastián"),
        ("es_municipalities", "donostia"),
        ("es_provinces", "girona"),
        ("es_provinces", "gerona"),
        ("es_provinces", "vizcaya"),
        ("es_autonomous_communities", "cataluña"),
        ("es_autonomous_communities", "euskadi"),
        ("es_countries", "españa"),
        ("es_countries", "marruecos"),
        ("es_nationalities", "española"),
        ("es_nationalities", "alemanes"),
        ("es_nationalities", "marroquíes"),
        ("es_street_types", "calle"),
        ("es_street_types", "c/"),
        ("es_street_types", "avda."),
        ("es_street_types", "paseo"),
        ("es_months", "enero"),
        ("es_weekdays", "miércoles"),
        ("es_titles", "dra."),
        ("es_titles", "dña."),
        ("es_name_indicators", "hija"),
        ("es_location_indicators", "natural de"),
        ("es_hospital_indicators", "centro de salud"),
        ("es_hospitals", "hospital universitario la paz"),
        ("es_street_names", "mayor"),
        ("es_common_words", "paciente"),
        ("es_common_words", "dolores"),
        ("word_frequency_en", "the"),
        ("word_frequency_es", "de"),
    ],
)
def test_known_members(name: str, member: str) -> None:
    assert member in resources.lexicon(name)


def test_lookups_are_casefolded_and_entries_keep_case() -> None:
    assert "BOSTON".casefold() in resources.lexicon("us_cities")
    assert "Boston" in resources.entries("us_cities")
    assert "Boston" not in resources.lexicon("us_cities")
    assert resources.entries("months")[0] == "January"
    assert resources.entries("last_names")[:3] == ("Smith", "Johnson", "Williams")


@pytest.mark.parametrize(
    ("name", "non_member"),
    [
        ("first_names_male", "catheter"),
        ("us_states", "boston"),
        ("months", "monday"),
        ("titles", "daughter"),
        ("common_words", "john"),
        ("common_words", "boston"),
        ("common_words", "smith"),
        ("medical_words", "the"),
        ("es_common_words", "garcía"),
        ("es_common_words", "madrid"),
        ("es_common_words", "josé"),
        ("es_first_names", "paciente"),
    ],
)
def test_known_non_members(name: str, non_member: str) -> None:
    assert non_member not in resources.lexicon(name)


def test_weighted_lists_are_most_frequent_first() -> None:
    for name in ("first_names_male", "first_names_female", "first_names", "last_names",
                 "street_names"):
        weights = [weight for _, weight in resources.weighted(name)]
        assert weights == sorted(weights, reverse=True), name
        assert weights[0] > 0
    assert resources.weighted("first_names_male")[:2] == (("James", 3.318), ("John", 3.271))


def test_attributes_gender_and_state() -> None:
    genders = resources.attribute("first_names", "gender")
    assert genders["mary"][0] == "F"
    assert genders["john"][0] == "M"
    assert set(genders["leslie"]) == {"F", "M"}
    assert "MA" in resources.attribute("us_cities", "state")["boston"]
    assert resources.attribute("us_cities", "state")["boston"][0] == "MA"  # most populous
    assert resources.attribute("us_state_abbreviations", "state")["ma"] == ("Massachusetts",)
    assert resources.attribute("hospitals", "state")["massachusetts general hospital"] == ("MA",)
    assert resources.attribute("months", "number")["sept"] == ("9",)


def test_column_is_aligned_with_rows() -> None:
    names = resources.column("us_states", "name")
    abbreviations = resources.column("us_states", "abbreviation")
    assert dict(zip(names, abbreviations, strict=True))["Massachusetts"] == "MA"


def test_unknown_names_and_columns_are_clear_errors() -> None:
    with pytest.raises(ResourceError, match="unknown resource 'no_such_list'"):
        resources.entries("no_such_list")
    with pytest.raises(ResourceError, match="no column 'weight'"):
        resources.weighted("us_states")


def test_for_language() -> None:
    assert resources.for_language("months", "en") == "months"
    with pytest.raises(ResourceError, match="for language 'xx'"):
        resources.for_language("months", "xx")


def test_data_files_are_compact_gzip_tsv() -> None:
    total = 0
    for name in ALL:
        path = DATA_DIR / resources.info(name).file
        total += path.stat().st_size
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            header = handle.readline().rstrip("\n").split("\t")
            if header[0].startswith("#"):  # frequency tables start with a file header
                header = handle.readline().rstrip("\n").split("\t")
        assert tuple(header) == resources.columns(name)
    assert total < 4_000_000


def test_loading_everything_uses_no_network() -> None:
    resources.clear_cache()
    with pytest.raises(AssertionError):
        socket.create_connection(("example.org", 80))
    for name in ALL:
        assert resources.lexicon(name)
